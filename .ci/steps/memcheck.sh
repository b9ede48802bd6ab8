#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Memory checking (issue 8): the whole ctest suite (the full preset's, build/) under
# valgrind memcheck (--leak-check=full, --error-exitcode=1), following the
# mbcgen / mbc executables the tests spawn (--trace-children=yes; cmp,
# diff, cmake, ctest and the system tools nm, readelf and man's pipeline are
# skipped). ctest -T memcheck does not fail
# on defects by itself, so this script fails when ctest reports a failed
# test, when any MemoryChecker log holds a valgrind error or leak, or when
# ctest's defect summary is not empty.
#
# Run from anywhere inside a checkout:  .ci/steps/memcheck.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root="$PWD"

.ci/install-missing.sh valgrind

# Valgrind runs a test 20 to 50 times slower: every TIMEOUT times 15 (a
# test's default 120 s becomes 30 min) for this run, and back afterwards,
# with ctest's record of the test times as it was (test_ctest_policy reads
# it: valgrind's times are not the tests')
costs=build/Testing/Temporary/CTestCostData.txt
saved="$(mktemp)"
if [ -f "$costs" ]; then cp "$costs" "$saved"; else rm -f "$saved"; fi
restore() {
  cmake --preset default -DMBC_TEST_TIMEOUT_SCALE=1 >/dev/null
  if [ -f "$saved" ]; then mv "$saved" "$costs"; else rm -f "$costs"; fi
}
trap restore EXIT
cmake --preset default -DMBC_TEST_TIMEOUT_SCALE=15 >/dev/null
cmake --build --preset default

rm -rf build/Testing/Temporary/MemoryChecker.*
opts="--error-exitcode=1 --leak-check=full --show-leak-kinds=definite,possible"
opts+=" --errors-for-leak-kinds=definite,possible --track-origins=yes --num-callers=30"
# system tools the tests start (nm, readelf, man's troff pipeline) are not ours
opts+=" --trace-children=yes --trace-children-skip=*/cmp,*/diff,*/cmake,*/ctest,*nm,*/readelf"
opts+=",*/man,*/troff,*/grotty,*/groff,*/nroff,*/preconv,*/tbl,*/eqn,*/help2man"
# mbc-lammps (test_install_tree runs the installed one): Open MPI keeps memory
# until exit; .ci/steps/lammps.sh runs it under valgrind with Open MPI's
# suppressions
opts+=",*/mbc-lammps"
opts+=" --suppressions=$root/tests/fuzz/valgrind.supp --gen-suppressions=all"

status=0
# ctest -T ignores the preset's binary directory: run it inside build/.
# -LE docs: the site tests run Python and Chromium, not project binaries.
# -LE pytest: the mbc simulate scenes driven by pytest (CPython under
# valgrind with --trace-children; the C parts have their own cmocka tests).
# -LE python: CPython's allocator reports under valgrind are not ours, and
# they would take far too long; python/tests/test_leaks.py checks the
# module's references and memory.
# -LE lammps: those tests start MPI jobs (mpirun, orted) whose Open MPI
# reports are not ours; .ci/steps/lammps.sh runs mbc-lammps itself under
# valgrind, on one rank with Open MPI's suppressions.
# -LE liggghts: the same for mbc-liggghts (tests/liggghts), whose runs are
# LIGGGHTS's own, minutes long even natively; the sanitize preset runs them
# with the bridge and the law under ASan, UBSan and LeakSanitizer.
# -LE benchmark: the DEM verification benchmarks (tests/benchmark) are
# CPython scripts that start mbc simulate hundreds of times (a minute
# natively); the laws and mbc simulate they run have their own cmocka and
# scene tests, and the sanitize preset runs the benchmarks.
# -LE inject: the fault-injection tests preload their own allocator, which
# valgrind's replaces; they check leaks themselves (a count of live blocks)
# and run under LeakSanitizer in the sanitize preset.
# -LE release: the policy checks run system tools (clang-format, abidiff,
# nm, the spelling and layer scripts), not the project's code.
# -LE build: the tests that run the build (cmake --build: the compiler and
# linker under valgrind, not the project's code).
# -LE slow: the slow tests (the hostile inputs, the differential runs) run
# natively in the full preset; valgrind (20 to 50 times slower) checks the
# quick ones, which reach the same code (CI's budget is 40 minutes).
(cd build && ctest -T memcheck -LE 'docs|python|pytest|lammps|liggghts|inject|benchmark|release|build|slow' --output-on-failure -j2 \
  --overwrite MemoryCheckCommand="$(command -v valgrind)" \
  --overwrite MemoryCheckCommandOptions="$opts" \
  --overwrite MemoryCheckSuppressionFile="$root/tests/fuzz/valgrind.supp") ||
  status=$?

shopt -s nullglob
logs=(build/Testing/Temporary/MemoryChecker.*.log)
bad=()
for log in "${logs[@]}"; do
  # "ERROR SUMMARY: N errors" with N > 0, or a definite/possible leak
  if grep -qE 'ERROR SUMMARY: [1-9]|(definitely|possibly) lost: [1-9]' "$log"; then
    bad+=("$log")
  fi
done
for log in "${bad[@]}"; do
  echo "== $log"
  grep -E -B2 -A25 '(Invalid|uninitialized|Mismatched|definitely lost|possibly lost|ERROR SUMMARY: [1-9])' \
    "$log" | head -n 120
done
defects="$(sed -n 's/.*Defects: *\([0-9]*\).*/\1/p' build/Testing/*/DynamicAnalysis.xml 2>/dev/null | head -n1)"

echo
echo "memcheck: ${#logs[@]} test logs, ${#bad[@]} with valgrind errors or leaks, ctest status $status"
if ((status != 0 || ${#bad[@]} > 0)); then
  echo "memcheck FAILED"
  exit 1
fi
echo "memcheck passed: zero valgrind errors, zero definite/possible leaks${defects:+ (ctest defects: $defects)}"
