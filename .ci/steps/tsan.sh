#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ThreadSanitizer (issue 15): builds the threaded tests with -fsanitize=thread
# (preset tsan, build-tsan/) and runs the tests labeled "threads": the
# sphere batch and the many-state entry points on OpenMP threads (MBC_THREADS=2)
# and one connector object evaluated from several POSIX threads at once
# (tests/batch/test_reentrancy.c), and mbcgen --jobs 4 on the bad-spec corpus
# and 100 specs (tests/generator/test_generator_jobs.c: a race report on
# mbcgen's stderr fails the comparison). Any data race fails the step
# (halt_on_error=1); .ci/tsan.supp explains the two suppressions.
#
# Run from anywhere inside a checkout:  .ci/steps/tsan.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cmake --workflow --preset tsan
