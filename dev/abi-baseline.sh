#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Refreshes the compatibility baseline in abi/ from the current tree:
#   abi/libmbconnect.abi   abidw of build/lib/libmbconnect.so (public types only)
#   abi/specs-baseline/    a copy of specs/*.lua (types.lua and the built-in types)
#   abi/baseline.txt       version, SONAME, commit and status of the baseline
#
#   dev/abi-baseline.sh [--provisional]      (or: cmake --build build --target abi-baseline)
#
# Run it from a clean default build (cmake --preset default && cmake --build build),
# then commit abi/ in the SAME commit as the change it accepts. After an
# incompatible change, bump the major version in CMakeLists.txt first (the
# SONAME follows); .ci/steps/abi.sh and .ci/steps/compat.sh refuse a refreshed
# baseline over a break without that bump, unless the previous baseline was
# provisional (docs/versioning.rst). --provisional marks the new baseline so
# (only for the pre-1.0 baseline that the open-extension change replaces).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

status=stable
case "${1:-}" in
  "") ;;
  --provisional) status=provisional ;;
  *) echo "usage: dev/abi-baseline.sh [--provisional]" >&2; exit 2 ;;
esac
build="${MBC_BUILD_DIR:-build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  echo "abi-baseline: $build/ is not configured; run 'cmake --preset default' first" >&2
  exit 2
fi
cmake --build "$build" --target mbconnect_shared >/dev/null
lib="$build/lib/libmbconnect.so"
version="$(sed -n 's/^project(mbconnect VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
soname="$(objdump -p "$lib" | awk '/SONAME/ {print $2}')"
case "$soname" in
  "libmbconnect.so.${version%%.*}") ;;
  *) echo "abi-baseline: SONAME '$soname' of $lib does not match version $version; rebuild" >&2; exit 1 ;;
esac
commit="$(git rev-parse HEAD 2>/dev/null || echo unknown)"

mkdir -p abi
new="$(mktemp)"
trap 'rm -f "$new"' EXIT
# Locations stay in (abidiff needs them to tell public from private types);
# paths are made relative to the checkout.
abidw --no-corpus-path --no-comp-dir-path --drop-private-types \
  --headers-dir include/mbconnect --headers-dir generated/include/mbconnect/generated \
  --headers-dir "$build/include/mbconnect" "$lib" |
  sed "s|path='$PWD/|path='|g" >"$new" # paths relative to the checkout
if [ -f abi/libmbconnect.abi ]; then
  echo "== changes from the previous baseline (abidiff; empty: none)"
  abidiff abi/libmbconnect.abi "$new" || true
fi
mv "$new" abi/libmbconnect.abi
trap - EXIT

rm -rf abi/specs-baseline
mkdir -p abi/specs-baseline
cp specs/*.lua abi/specs-baseline/

cat >abi/baseline.txt <<TXT
# The compatibility baseline: written by dev/abi-baseline.sh, checked by
# .ci/steps/abi.sh and .ci/steps/compat.sh (docs/versioning.rst).
version=$version
soname=$soname
commit=$commit
status=$status
TXT
echo "abi-baseline: abi/ refreshed (version $version, $soname, $status, from commit $commit)"
echo "commit abi/ together with the change it accepts"
