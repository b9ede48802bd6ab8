/* SPDX-License-Identifier: BSD-3-Clause */
/* A small worker pool for mbcgen: runs one function over the indices 0..n-1
 * on a few threads. Which thread runs which index depends on timing, so a
 * caller writes each index's results (a spec, its diagnostics) into its own
 * slot and merges the slots in index order after the join: the output is
 * then the same for every thread count. */
#ifndef MBCGEN_PARALLEL_H
#define MBCGEN_PARALLEL_H

#include <stddef.h>

/* Upper bound of parallel_default_jobs and of --jobs: more threads than this
 * only add Lua states (one per worker) without more cores to run them. */
#define PARALLEL_MAX_JOBS 64

/* Runs fn(ctx, i, worker) for every i in [0, n). worker (0 <= worker < jobs)
 * names the thread, for per-worker state such as a sandbox; worker 0 is the
 * calling thread. jobs <= 1, n <= 1 or a failed pthread_create run the
 * indices on fewer threads (with jobs <= 1: in order on the caller), never
 * skip one. */
void parallel_for(size_t n, unsigned jobs, void (*fn)(void *ctx, size_t i, unsigned worker),
                  void *ctx);

/* Workers for n items: min(online CPUs, n, PARALLEL_MAX_JOBS), at least 1. */
unsigned parallel_default_jobs(size_t n);

#endif
