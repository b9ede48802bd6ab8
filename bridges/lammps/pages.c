/* SPDX-License-Identifier: BSD-3-Clause */
/* Huge pages for the contact records (pages.h). */
#define _DEFAULT_SOURCE /* madvise */
#include "pages.h"

#include <stdint.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((uintptr_t)2 << 20) /* x86-64 and arm64 with 4 KiB pages */

void ml_pages_huge(const void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t start = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    const uintptr_t end = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
    if (end <= start)
        return;
    char *at = (char *)p + (start - (uintptr_t)p); /* inside the block: no int-to-pointer cast */
    (void)madvise(at, end - start, MADV_HUGEPAGE);
#if !defined(MADV_COLLAPSE)
#define MADV_COLLAPSE 25 /* Linux 6.1 (<linux/mman.h>); older kernels refuse it: EINVAL */
#endif
    (void)madvise(at, end - start, MADV_COLLAPSE);
#else
    (void)p;
    (void)bytes;
#endif
}
