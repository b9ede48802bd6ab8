#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Fuzzing step (issue 8): configures and builds the `fuzz` preset (clang,
# libFuzzer, ASan + UBSan) and runs each fuzz target for FUZZ_SECONDS
# (default 30), two targets at a time, on a copy of its committed corpus (tests/fuzz/corpus/<target>
# and the seed directories of tests/fuzz/seed_dirs.txt, copied to a
# temporary directory so the checkout is not modified), with its
# dictionary tests/fuzz/dict/<target>.dict when there is one (every key and
# name of the spec, case and scene formats; test_fuzz_dicts keeps them
# complete; for cases and scenes the build's copy with the registered types'
# names, build-fuzz/tests/fuzz/<target>.dict). fuzz_scene loads `mbc simulate` scene files.
# Fails on any crash, sanitizer report, leak, timeout (-timeout=10), memory
# blow-up (-rss_limit_mb=2048) or NaN/Inf result (fuzz_eval aborts); the
# reproducer is printed as base64 and a hexdump. Prints the executions per
# target from libFuzzer's final statistics.
#
# Run from anywhere inside a checkout:  .ci/steps/fuzz.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
FUZZ_SECONDS="${FUZZ_SECONDS:-30}"
TARGETS=(fuzz_spec fuzz_case fuzz_eval fuzz_scene)

.ci/install-missing.sh clang libclang-rt-14-dev

cmake --preset fuzz
cmake --build --preset fuzz --target "${TARGETS[@]}" fuzz_dicts

work="$(mktemp -d /tmp/mbc-fuzz.XXXXXX)"
trap 'rm -rf "$work"' EXIT

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# One target: its run, then its lines of the summary ($work/$t.summary) and,
# if it failed, its report ($work/$t.failed).
fuzz_one() {
  local t="$1"
  cp -r "tests/fuzz/corpus/$t" "$work/corpus-$t"
  # and the seeds tests/fuzz/seed_dirs.txt names for this target
  while read -r target dir; do
    [ "$target" = "$t" ] || continue
    for f in "$dir"/*.lua; do cp "$f" "$work/corpus-$t/seed-${dir//\//-}-$(basename "$f")"; done
  done < <(grep -v '^#' tests/fuzz/seed_dirs.txt)
  mkdir -p "$work/artifacts-$t"
  local log="$work/$t.log" status=0 dict=()
  # the case and scene dictionaries as built (with the registry's names)
  if [ -f "build-fuzz/tests/fuzz/$t.dict" ]; then
    dict=(-dict="build-fuzz/tests/fuzz/$t.dict")
  elif [ -f "tests/fuzz/dict/$t.dict" ]; then
    dict=(-dict="tests/fuzz/dict/$t.dict")
  fi
  TMPDIR="$work" "build-fuzz/bin/$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts-$t/" "${dict[@]}" \
    "$work/corpus-$t" >"$log" 2>&1 || status=$?
  local execs rate artifacts
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)"
  echo "$t: ${execs:-?} executions in ${FUZZ_SECONDS} s (${rate:-?}/s), exit status $status" >"$work/$t.summary"
  artifacts=("$work/artifacts-$t"/*)
  if ((status != 0)) || ((${#artifacts[@]} > 0)) ||
    grep -qE '(ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|fuzz invariant violated)' "$log"; then
    {
      echo "FAILED: $t (exit status $status); the end of its log:"
      tail -n 60 "$log"
      for a in "${artifacts[@]}"; do
        [ -e "$a" ] || continue
        echo "--- reproducer $(basename "$a") ($(wc -c <"$a") bytes), base64:"
        base64 "$a"
        echo "--- hexdump:"
        od -A x -t x1z -v "$a" | head -n 64
        echo "--- replay: build-fuzz/bin/$t FILE (write the base64 above to FILE with base64 -d)"
      done
    } >"$work/$t.failed"
  fi
}

# Two targets at a time (each fuzzer is one process on one core; CI has two).
shopt -s nullglob
for ((k = 0; k < ${#TARGETS[@]}; k += 2)); do
  for t in "${TARGETS[@]:k:2}"; do
    echo "== $t: ${FUZZ_SECONDS} s"
    fuzz_one "$t" &
  done
  wait
done

failed=()
summary=()
for t in "${TARGETS[@]}"; do
  summary+=("$(cat "$work/$t.summary")")
  if [ -f "$work/$t.failed" ]; then
    failed+=("$t")
    cat "$work/$t.failed"
  else
    tail -n 3 "$work/$t.log" | grep -E '^(Done|stat::)' || true
  fi
done

echo
echo "== fuzzing summary"
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzzing FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzzing passed: no crash, sanitizer report, leak, timeout or NaN/Inf"
