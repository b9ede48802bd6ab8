#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# One layout for every C and C++ file (docs/contributing.rst, "Layout"):
# .clang-format at the root, clang-format 14 (Debian's clang-format).
# One-statement bodies are written without braces (RemoveBracesLLVM).
#
#   dev/format.sh --check   print the files whose layout differs; exit 1 if any
#   dev/format.sh --fix     rewrite them in place, then check
#
# Files: the .c, .h and .cpp files git tracks, except generated/ (mbcgen's
# output, byte for byte); the generator's templates (*.c.in) are not C until
# filled in. A file not yet added is not read: a scaffolded type (mbcgen
# --new-type) gets its layout from --fix before it is committed.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

mode="${1:---check}"
case "$mode" in --check | --fix) ;; *)
  echo "usage: dev/format.sh [--check | --fix]" >&2
  exit 2
  ;;
esac
command -v clang-format >/dev/null || {
  echo "format: clang-format not installed (apt-get install -y clang-format)" >&2
  exit 2
}

files() {
  git ls-files -z -- '*.c' '*.h' '*.cpp' ':!generated'
}

if [ "$mode" = --fix ]; then
  files | xargs -0 -r clang-format -i
fi
# All files in a few clang-format processes (one per file took a minute of
# CI); only when one differs, each file again to name it.
if files | xargs -0 -r -n 64 -P 2 clang-format --dry-run -Werror >/dev/null 2>&1; then
  echo "format: ok"
  exit 0
fi
bad=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue
  if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "$f"
    bad=1
  fi
done < <(files)
if [ "$bad" -ne 0 ]; then
  echo "format: the files above differ from .clang-format (dev/format.sh --fix)" >&2
  exit 1
fi
echo "format: ok"
