#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs those of the given Debian packages that are missing (CI runs as
# root, without stdin); the steps in .ci/steps/ call it for the tools only
# they need:
#   .ci/install-missing.sh PKG...
set -euo pipefail
missing=()
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  apt-get update </dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" </dev/null
fi
