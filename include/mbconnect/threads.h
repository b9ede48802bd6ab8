/* SPDX-License-Identifier: BSD-3-Clause */
/* Thread count of the batch entry points (sphere_batch.h, evaluate_many.h).
 *
 * Threads are off by default: a batch call runs on the calling thread unless
 * it asks for more, either with its `threads` argument or, when that is 0,
 * through the environment variable MBC_THREADS (a positive integer). Results
 * never depend on the thread count: every item of a batch is computed by the
 * same code, independently of the others. */
#ifndef MBCONNECT_THREADS_H
#define MBCONNECT_THREADS_H

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The thread count a batch call uses: requested when > 0; for 0 the value of
 * MBC_THREADS (1 when unset, not a positive integer, or above 1024); always 1
 * when the library was built without OpenMP. */
MBC_API int mbc_threads_resolve(int requested);

/* 1 when the library was built with OpenMP (threads available), else 0. */
MBC_API int mbc_threads_available(void);

#ifdef __cplusplus
}
#endif

#endif
