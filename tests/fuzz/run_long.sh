#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A long fuzzing run outside CI (docs/contributing.rst, "Fuzzing"): runs one
# fuzz target of the `fuzz` preset (build it first: cmake --preset fuzz &&
# cmake --build --preset fuzz --target TARGET) for SECONDS of fuzzing, at
# the lowest priority, on a growing copy of its corpus (and the seeds of
# tests/fuzz/seed_dirs.txt) in WORKDIR, with its
# dictionary. After a crash it saves the reproducer and goes on (libFuzzer
# stops at the first one) until the time is used up; at the end it prints
# the executions (summed over the restarts), the new corpus units and every
# reproducer (WORKDIR/artifacts/). An input counts as a hang after
# FUZZ_TIMEOUT seconds (default 60, not CI's 10: at the lowest priority on a
# shared machine the wall clock measures the machine's load as much as the
# input; replay a timeout alone to see whether it is one).
#
#   tests/fuzz/run_long.sh fuzz_spec 1800 /tmp/mbc-fuzz-long
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target="${1:?usage: run_long.sh TARGET SECONDS WORKDIR}"
seconds="${2:?usage: run_long.sh TARGET SECONDS WORKDIR}"
work="${3:?usage: run_long.sh TARGET SECONDS WORKDIR}/$target"
exe="build-fuzz/bin/$target"
[ -x "$exe" ] || { echo "run_long.sh: $exe not built (cmake --build --preset fuzz --target $target)" >&2; exit 2; }

mkdir -p "$work/corpus" "$work/artifacts" "$work/tmp"
cp -n "tests/fuzz/corpus/$target"/* "$work/corpus/" 2>/dev/null || true
while read -r t dir; do
  [ "$t" = "$target" ] || continue
  for f in "$dir"/*.lua; do cp -n "$f" "$work/corpus/seed-${dir//\//-}-$(basename "$f")"; done
done < <(grep -v '^#' tests/fuzz/seed_dirs.txt)
dict=()
[ -f "tests/fuzz/dict/$target.dict" ] && dict=(-dict="tests/fuzz/dict/$target.dict")
seeds="$(ls "$work/corpus" | wc -l)"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
start="$(date +%s)"
execs=0
runs=0
while :; do
  left=$((seconds - ($(date +%s) - start)))
  ((left > 0)) || break
  runs=$((runs + 1))
  log="$work/run$runs.log"
  status=0
  TMPDIR="$work/tmp" nice -n 19 "$exe" -max_total_time="$left" -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "${dict[@]}" "$work/corpus" \
    >"$log" 2>&1 || status=$?
  n="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
  if [ -z "$n" ]; then # a crash: the last status line has the count
    n="$(grep -oE '^#[0-9]+' "$log" | tail -n1 | tr -d '#')"
  fi
  execs=$((execs + ${n:-0}))
  echo "$target run $runs: exit status $status, ${n:-0} executions"
  ((status == 0)) && break
  grep -E 'ERROR: |runtime error:|fuzz invariant violated' "$log" | head -n 3 || true
done
elapsed=$(($(date +%s) - start))
echo "$target: $execs executions in $elapsed s over $runs run(s); corpus $seeds -> $(ls "$work/corpus" | wc -l) units"
ls -l "$work/artifacts"
