/* SPDX-License-Identifier: BSD-3-Clause */
/* Fork/join edges of OpenMP parallel regions for ThreadSanitizer (private
 * to the runtime; the tsan preset builds with -fsanitize=thread).
 *
 * libgomp is not instrumented: it wakes its pooled threads and joins them at
 * the end of a region through futexes TSan cannot see, so TSan would report
 * the region's reads of data written before it, or the caller's later
 * writes, as races. The annotations state exactly those two edges (release
 * before the region, acquire at the start of each worker; release at the end
 * of each worker, acquire after the region); a race between the workers
 * themselves is still reported. Without TSan they expand to nothing. */
#ifndef MBC_RUNTIME_TSAN_ANNOTATE_H
#define MBC_RUNTIME_TSAN_ANNOTATE_H

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MBC_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define MBC_TSAN 1
#endif

#if defined(MBC_TSAN)
#include <sanitizer/tsan_interface.h>
#define MBC_TSAN_RELEASE(addr) __tsan_release((void *)(addr))
#define MBC_TSAN_ACQUIRE(addr) __tsan_acquire((void *)(addr))
#else
#define MBC_TSAN_RELEASE(addr) ((void)(addr))
#define MBC_TSAN_ACQUIRE(addr) ((void)(addr))
#endif

#endif
