#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ABI check (issue 17; policy in docs/versioning.rst). Run from the repository
# root after the default build exists in build/:
#   .ci/steps/abi.sh
# 1. abidiff of build/lib/libmbconnect.so against the baseline abi/libmbconnect.abi:
#    an incompatible change fails (with abidiff's report); compatible changes
#    (additions) pass and are reported; the SONAME must be the baseline's.
# 2. If this commit refreshed the baseline (abi/ differs from the parent
#    commit's, MBC_ABI_PREVIOUS_REF, default HEAD^): an incompatible
#    difference between the two baselines needs a new major version and SONAME
#    in abi/baseline.txt, unless the previous baseline was provisional.
# Exit status: 0 ok, 1 policy violation, 2 the check could not run.
set -euo pipefail

build="${MBC_BUILD_DIR:-build}"
lib="$build/lib/libmbconnect.so"
for f in "$lib" abi/libmbconnect.abi abi/baseline.txt; do
  [ -e "$f" ] || { echo "abi.sh: $f missing (build with the default preset; baseline: dev/abi-baseline.sh)" >&2; exit 2; }
done
field() { sed -n "s/^$1=//p" "$2"; }
base_version="$(field version abi/baseline.txt)"
base_soname="$(field soname abi/baseline.txt)"
version="$(sed -n 's/^project(mbconnect VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
soname="$(objdump -p "$lib" | awk '/SONAME/ {print $2}')"
echo "library: $lib, version $version, $soname"
echo "baseline: abi/libmbconnect.abi, version $base_version, $base_soname ($(field status abi/baseline.txt))"

# abidiff's status: bit 1 error, 2 usage, 4 an ABI change, 8 an incompatible
# change. Bit 4 alone covers both additions and changed interfaces (a public
# struct's layout, a parameter type): only additions are compatible here, so
# the report's Removed/Changed counts decide. A reviewed, compatible change
# can be accepted with a libabigail suppression in abi/suppressions.abignore.
suppr=()
if [ -f abi/suppressions.abignore ]; then suppr=(--suppressions abi/suppressions.abignore); fi
# compare OLD NEW REPORT: sets verdict to equal, compatible or incompatible
compare() {
  set +e
  abidiff "${suppr[@]}" "$1" "$2" >"$3" 2>&1
  local rc=$?
  set -e
  cat "$3"
  if ((rc & 3)); then
    echo "abi.sh: abidiff could not compare $1 and $2 (status $rc)" >&2
    exit 2
  fi
  local broken
  broken="$(grep -E '^(Functions|Variables|Function symbols|Variable symbols) changes summary' "$3" |
    grep -oE '[0-9]+ (Removed|Changed)' | awk '{s += $1} END {print s + 0}' || true)"
  broken="${broken:-0}"
  if ((rc & 8)) || { ((rc & 4)) && [ "$broken" -gt 0 ]; }; then
    verdict=incompatible
  elif ((rc & 4)); then
    verdict=compatible
  else
    verdict=equal
  fi
}

compare abi/libmbconnect.abi "$lib" "$build/abidiff.txt"
if [ "$verdict" = incompatible ]; then
  cat >&2 <<MSG
FAIL: incompatible ABI change against the baseline (version $base_version, $base_soname); abidiff's report is above.
If the break is intended: in ONE commit bump the major version in CMakeLists.txt
project(VERSION) (the SONAME follows), rebuild, run dev/abi-baseline.sh and commit abi/.
MSG
  exit 1
fi
if [ "$verdict" = compatible ]; then
  echo "ok: compatible ABI changes (additions), reported above; no refresh needed"
else
  echo "ok: the ABI equals the baseline"
fi
if [ "$soname" != "$base_soname" ]; then
  echo "FAIL: SONAME $soname, but abi/ is the baseline of $base_soname: run dev/abi-baseline.sh and commit abi/" >&2
  exit 1
fi

# 2. a refreshed baseline
prev="${MBC_ABI_PREVIOUS_REF:-HEAD^}"
if ! git rev-parse --verify -q "$prev:abi/libmbconnect.abi" >/dev/null 2>&1; then
  echo "ok: no previous baseline at $prev (first baseline, or no git history); refresh audit skipped"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
git show "$prev:abi/libmbconnect.abi" >"$tmp/prev.abi"
git show "$prev:abi/baseline.txt" >"$tmp/prev.txt"
if cmp -s "$tmp/prev.abi" abi/libmbconnect.abi; then
  echo "ok: baseline unchanged since $prev"
  exit 0
fi
echo "the baseline was refreshed since $prev: abidiff of the two baselines"
compare "$tmp/prev.abi" abi/libmbconnect.abi "$tmp/baselines.txt"
if [ "$verdict" = incompatible ]; then
  prev_version="$(field version "$tmp/prev.txt")"
  prev_soname="$(field soname "$tmp/prev.txt")"
  if [ "$(field status "$tmp/prev.txt")" = provisional ]; then
    echo "ok: incompatible refresh over the provisional baseline of $prev_version (allowed once; docs/versioning.rst)"
  elif [ "${base_version%%.*}" -gt "${prev_version%%.*}" ] && [ "$base_soname" != "$prev_soname" ]; then
    echo "ok: incompatible refresh with a major bump ($prev_version -> $base_version, $prev_soname -> $base_soname)"
  else
    echo "FAIL: the baseline was refreshed over an incompatible change without a major version and SONAME bump ($prev_version, $prev_soname -> $base_version, $base_soname)" >&2
    exit 1
  fi
else
  echo "ok: the refreshed baseline is compatible with the previous one"
fi
