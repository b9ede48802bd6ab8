#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The documentation site (issue 14). Run from the repository root after the
# default build exists in build/ (README line 1 installs python3-sphinx,
# libjs-mathjax and gnuplot-nox and builds the site into build/docs/html):
#   .ci/steps/docs.sh
# 1. installs the browser check's packages when missing (chromium,
#    chromium-driver, python3-selenium);
# 2. rebuilds the site and runs the docs tests: the Sphinx build with -W -n,
#    the site pages against the committed seed pages, and every page in
#    headless Chromium (label browser; must run, not skip, here).
set -euo pipefail

if [ ! -f build/CMakeCache.txt ]; then
  echo "docs.sh: build/ is not configured; run 'cmake --workflow --preset default' first" >&2
  exit 1
fi

.ci/install-missing.sh chromium chromium-driver python3-selenium

cmake --build build --target docs
# A skipped browser test would hide a broken site in CI: fail on "skipped" too.
out="$(ctest --test-dir build -L docs --output-on-failure 2>&1)" || { echo "$out"; exit 1; }
echo "$out"
if grep -q "Not Run\|Skipped" <<<"$out"; then
  echo "docs.sh: a docs test was skipped; CI must run the browser check" >&2
  exit 1
fi
echo "docs.sh: site built with 0 Sphinx warnings, browser check passed; screenshots in build/docs/screenshots"
