/* SPDX-License-Identifier: BSD-3-Clause */
/* The stage A instances of one normal kernel (runtime/granular_kernels.h):
 * included once by each runtime/granular_kernels_<normal>.c, which defines
 * MBC_GRANULAR_KERNEL_NORMAL (the model constant) and
 * MBC_GRANULAR_KERNEL_TABLE (the table's name) first. One file per normal
 * kernel, so that a parallel build compiles them side by side. */
#include "granular_kernels.h"

#if !defined(MBC_GRANULAR_KERNEL_NORMAL) || !defined(MBC_GRANULAR_KERNEL_TABLE)
#error "define MBC_GRANULAR_KERNEL_NORMAL and MBC_GRANULAR_KERNEL_TABLE first"
#endif

/* One instance: damping D, tangential model T. */
#define GK_STAGE_A(D, T)                                                                           \
    static size_t gk_stage_a_##D##_##T(const mbc_granular_law *law, size_t count,                  \
                                       const mbc_granular_contact *c, double *const *rec,          \
                                       bool update, mbc_granular_result *res)                      \
    {                                                                                              \
        size_t touching = 0;                                                                       \
        for (size_t i = 0; i < count; i++)                                                         \
            touching += mbc_granular_stage_a(law, MBC_GRANULAR_KERNEL_NORMAL, D, T, &c[i], rec[i], \
                                             update, &res[i]);                                     \
        return touching;                                                                           \
    }
#define GK_STAGE_A_ALL_T(D)                                                                        \
    GK_STAGE_A(D, 0)                                                                               \
    GK_STAGE_A(D, 1) GK_STAGE_A(D, 2) GK_STAGE_A(D, 3) GK_STAGE_A(D, 4) GK_STAGE_A(D, 5)
GK_STAGE_A_ALL_T(0)
GK_STAGE_A_ALL_T(1)
GK_STAGE_A_ALL_T(2)
GK_STAGE_A_ALL_T(3)

#define GK_ROW(D)                                                                                  \
    {                                                                                              \
        gk_stage_a_##D##_0, gk_stage_a_##D##_1, gk_stage_a_##D##_2, gk_stage_a_##D##_3,            \
            gk_stage_a_##D##_4, gk_stage_a_##D##_5                                                 \
    }
const mbc_granular_stage_a_fn
    MBC_GRANULAR_KERNEL_TABLE[MBC_GRANULAR_DAMPING_COUNT][MBC_GRANULAR_TANGENTIAL_COUNT] = {
        GK_ROW(0), GK_ROW(1), GK_ROW(2), GK_ROW(3)};
