/* SPDX-License-Identifier: BSD-3-Clause */
/* The stage A instances of one normal kernel
 * (runtime/connectors/contact_granular/granular_kernels.h): included once by each
 * runtime/granular_kernels_<normal>.c, which defines MBC_GRANULAR_KERNEL_NORMAL (the model
 * constant) and MBC_GRANULAR_KERNEL_TABLE (the table's name) first. One file per normal kernel, so
 * that a parallel build compiles them side by side. */
#include "granular_kernels.h"
#include "mbconnect/pair_kernel.h"

#if !defined(MBC_GRANULAR_KERNEL_NORMAL) || !defined(MBC_GRANULAR_KERNEL_TABLE)
#error "define MBC_GRANULAR_KERNEL_NORMAL and MBC_GRANULAR_KERNEL_TABLE first"
#endif

/* The processor clones of the loops (mbconnect/pair_kernel.h), but for a
 * normal kernel whose loops stay scalar (jkr: a cube root per contact). */
#if defined(MBC_GRANULAR_KERNEL_SCALAR)
#define GK_CLONES
#else
#define GK_CLONES MBC_PAIR_CLONES
#endif

/* An instance's name holds the table's (the normal kernel): clang emits the
 * resolver of a static function with processor clones as a global symbol
 * (NAME.resolver), so the same name in two of these files would not link. */
#define GK_PASTE(table, D, T)   table##_a_##D##_##T
#define GK_NAME_OF(table, D, T) GK_PASTE(table, D, T)
#define GK_NAME(D, T)           GK_NAME_OF(MBC_GRANULAR_KERNEL_TABLE, D, T)

/* One instance: damping family D, tangential family T, over a block's
 * contacts. */
#define GK_STAGE_A(D, T)                                                                           \
    static GK_CLONES void GK_NAME(D, T)(const mbc_granular_law *law, mbc_granular_block *b)        \
    {                                                                                              \
        const size_t n = b->count;                                                                 \
        MBC_GRANULAR_SIMD for (size_t j = 0; j < n; j++)                                           \
            mbc_granular_block_a_out(b, j,                                                         \
                                     mbc_granular_stage_a(law, MBC_GRANULAR_KERNEL_NORMAL, D, T,   \
                                                          mbc_granular_block_a_in(b, j)));         \
    }
GK_STAGE_A(0, 0)
GK_STAGE_A(0, 1)
GK_STAGE_A(0, 2)
GK_STAGE_A(1, 0)
GK_STAGE_A(1, 1)
GK_STAGE_A(1, 2)

const mbc_granular_stage_a_fn
    MBC_GRANULAR_KERNEL_TABLE[MBC_GRANULAR_DAMPING_FAMILIES][MBC_GRANULAR_TANGENTIAL_FAMILIES] = {
        {GK_NAME(0, 0), GK_NAME(0, 1), GK_NAME(0, 2)},
        {GK_NAME(1, 0), GK_NAME(1, 1), GK_NAME(1, 2)}};
