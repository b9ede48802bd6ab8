#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Spec compatibility check (issue 17; policy in docs/versioning.rst). Run from
# the repository root after the default build exists in build/:
#   .ci/steps/compat.sh
# There are no release tags yet: the reference is the spec baseline
# abi/specs-baseline/, written by dev/abi-baseline.sh together with the ABI
# baseline (abi/baseline.txt records its version and commit).
# 1. build/bin/mbcgen --compat abi/specs-baseline specs: a breaking change of
#    a built-in type fails unless the major version in CMakeLists.txt is
#    greater than the baseline's; additions pass and are reported.
# 2. If this commit refreshed abi/specs-baseline/ (it differs from the parent
#    commit's, MBC_ABI_PREVIOUS_REF, default HEAD^): a breaking difference
#    needs the major bump in abi/baseline.txt, unless the previous baseline
#    was provisional.
# Exit status: 0 ok, 1 policy violation, 2 the check could not run.
set -euo pipefail

mbcgen="${MBC_BUILD_DIR:-build}/bin/mbcgen"
[ -x "$mbcgen" ] || { echo "compat.sh: $mbcgen missing (build with the default preset)" >&2; exit 2; }
[ -f abi/baseline.txt ] || { echo "compat.sh: abi/baseline.txt missing (dev/abi-baseline.sh)" >&2; exit 2; }
field() { sed -n "s/^$1=//p" "$2"; }
major() { echo "${1%%.*}"; }
base_version="$(field version abi/baseline.txt)"
version="$(sed -n 's/^project(mbconnect VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"

# runs mbcgen --compat OLD NEW; sets compat_rc
run_compat() {
  set +e
  "$mbcgen" --compat "$1" "$2"
  compat_rc=$?
  set -e
  if [ "$compat_rc" -ge 2 ]; then
    echo "compat.sh: mbcgen --compat $1 $2 could not compare (status $compat_rc)" >&2
    exit 2
  fi
}

echo "specs/ against abi/specs-baseline/ (version $base_version)"
run_compat abi/specs-baseline specs
if [ "$compat_rc" = 1 ]; then
  if [ "$(major "$version")" -gt "$(major "$base_version")" ]; then
    echo "ok: breaking spec changes with a major bump ($base_version -> $version); refresh the baseline (dev/abi-baseline.sh) in this commit"
  else
    cat >&2 <<MSG
FAIL: breaking spec changes (above) against the baseline of $base_version without a major version bump.
If intended: bump the major version in CMakeLists.txt project(VERSION), rebuild,
run dev/abi-baseline.sh and commit abi/ in the same commit.
MSG
    exit 1
  fi
else
  echo "ok: no breaking spec change"
fi

prev="${MBC_ABI_PREVIOUS_REF:-HEAD^}"
if ! git rev-parse --verify -q "$prev:abi/specs-baseline" >/dev/null 2>&1; then
  echo "ok: no previous spec baseline at $prev; refresh audit skipped"
  exit 0
fi
if [ -z "$(git diff "$prev" -- abi/specs-baseline abi/baseline.txt)" ]; then
  echo "ok: spec baseline unchanged since $prev"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/prev"
git archive "$prev" abi/specs-baseline abi/baseline.txt | tar -x -C "$tmp/prev"
echo "the spec baseline was refreshed since $prev: previous baseline against the new one"
run_compat "$tmp/prev/abi/specs-baseline" abi/specs-baseline
if [ "$compat_rc" = 1 ]; then
  prev_version="$(field version "$tmp/prev/abi/baseline.txt")"
  if [ "$(field status "$tmp/prev/abi/baseline.txt")" = provisional ]; then
    echo "ok: breaking refresh over the provisional baseline of $prev_version (allowed once; docs/versioning.rst)"
  elif [ "$(major "$base_version")" -gt "$(major "$prev_version")" ]; then
    echo "ok: breaking refresh with a major bump ($prev_version -> $base_version)"
  else
    echo "FAIL: the spec baseline was refreshed over breaking changes without a major bump ($prev_version -> $base_version)" >&2
    exit 1
  fi
else
  echo "ok: the refreshed spec baseline is compatible with the previous one"
fi
