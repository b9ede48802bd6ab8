/* SPDX-License-Identifier: BSD-3-Clause */
/* The lookup of the granular law's instances (runtime/granular_kernels.h)
 * and the stage B instances (rolling x twisting). */
#include "granular_kernels.h"

#include <assert.h>

/* One stage B instance: rolling model R, twisting model W. */
#define GK_STAGE_B(R, W)                                                                           \
    static void gk_stage_b_##R##_##W(const mbc_granular_law *law, size_t count,                    \
                                     const mbc_granular_contact *c, double *const *rec,            \
                                     bool update, mbc_granular_result *res)                        \
    {                                                                                              \
        for (size_t i = 0; i < count; i++)                                                         \
            if (res[i].touching)                                                                   \
                mbc_granular_stage_b(law, R, W, &c[i], rec[i], update, &res[i]);                   \
    }
GK_STAGE_B(0, 1)
GK_STAGE_B(0, 2)
GK_STAGE_B(1, 0)
GK_STAGE_B(1, 1)
GK_STAGE_B(1, 2)

static const mbc_granular_stage_b_fn stage_b[MBC_GRANULAR_ROLLING_COUNT]
                                            [MBC_GRANULAR_TWISTING_COUNT] = {
                                                {NULL, gk_stage_b_0_1, gk_stage_b_0_2},
                                                {gk_stage_b_1_0, gk_stage_b_1_1, gk_stage_b_1_2},
};

mbc_granular_kernels mbc_granular_kernels_for(const mbc_granular_law *law)
{
    assert(law->normal >= 0 && law->normal < MBC_GRANULAR_NORMAL_COUNT);
    assert(law->damping >= 0 && law->damping < MBC_GRANULAR_DAMPING_COUNT);
    assert(law->tangential >= 0 && law->tangential < MBC_GRANULAR_TANGENTIAL_COUNT);
    assert(law->rolling >= 0 && law->rolling < MBC_GRANULAR_ROLLING_COUNT);
    assert(law->twisting >= 0 && law->twisting < MBC_GRANULAR_TWISTING_COUNT);
    const mbc_granular_stage_a_fn(*a)[MBC_GRANULAR_TANGENTIAL_COUNT];
    switch (law->normal) {
    case MBC_GRANULAR_HOOKE:
        a = mbc_granular_kernels_hooke;
        break;
    case MBC_GRANULAR_DMT:
        a = mbc_granular_kernels_dmt;
        break;
    case MBC_GRANULAR_JKR:
        a = mbc_granular_kernels_jkr;
        break;
    default: /* hertz, hertz/material (k_n = 4/3 E*) */
        a = mbc_granular_kernels_hertz;
        break;
    }
    return (mbc_granular_kernels){a[law->damping][law->tangential],
                                  stage_b[law->rolling][law->twisting]};
}
