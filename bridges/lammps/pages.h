/* SPDX-License-Identifier: BSD-3-Clause */
/* Huge pages for memory the force callback walks through at every step: the
 * contact records' first array (per-atom rows of 8 x width doubles,
 * contacts.h, of which the first few are used). With 4 KiB pages nearly every atom's record costs a
 * TLB miss at 10^5 atoms; 2 MiB pages remove most of them (measured at 128k spheres: the bridge 30
 * -> 23 ms per step, docs/lammps.rst "Speed"). */
#ifndef ML_PAGES_H
#define ML_PAGES_H

#include <stddef.h>

/* Asks the kernel to back the 2 MiB-aligned part of [p, p + bytes) with
 * huge pages: those it maps from now on (MADV_HUGEPAGE) and, on Linux 6.1
 * or later, those mapped already (MADV_COLLAPSE, synchronous). A hint:
 * without transparent huge pages, on another system or an older kernel,
 * nothing changes. The memory's contents never change. */
void ml_pages_huge(const void *p, size_t bytes);

#endif
