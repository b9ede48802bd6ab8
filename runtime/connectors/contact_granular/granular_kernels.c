/* SPDX-License-Identifier: BSD-3-Clause */
/* The lookup of the granular law's instances
 * (runtime/connectors/contact_granular/granular_kernels.h), the stage B instances (rolling x
 * twisting) and one contact through them. */
#include "granular_kernels.h"

#include <assert.h>

#include "mbconnect/pair_kernel.h"

/* Stage B's inputs of contact j of a block. */
MBC_GRANULAR_INLINE mbc_granular_b_in gk_b_in(const mbc_granular_block *b, size_t j)
{
    mbc_granular_b_in in;
    for (int i = 0; i < 3; i++) {
        in.n.v[i] = b->n[i][j];
        in.relrot.v[i] = b->relrot[i][j];
        in.h_roll.v[i] = b->rec[MBC_GRANULAR_XI_ROLL + i][j];
    }
    in.reff = b->reff[j];
    in.fncrit = b->fncrit[j];
    in.a = b->a[j];
    in.k_t = b->k_t[j];
    in.damp_t = b->damp_t[j];
    in.h_twist = b->rec[MBC_GRANULAR_XI_TWIST][j];
    in.touching = b->touching[j];
    return in;
}

MBC_GRANULAR_INLINE void gk_b_out(mbc_granular_block *b, size_t j, const mbc_granular_b_out o)
{
    for (int i = 0; i < 3; i++) {
        b->twist[i][j] = o.twist.v[i];
        b->roll[i][j] = o.roll.v[i];
        b->f_roll[i][j] = o.f_roll.v[i];
        b->rec[MBC_GRANULAR_XI_ROLL + i][j] = o.h_roll.v[i];
    }
    b->m_twist[j] = o.m_twist;
    b->rec[MBC_GRANULAR_XI_TWIST][j] = o.h_twist;
}

/* One stage B instance: rolling model R, twisting model W. */
#define GK_STAGE_B(R, W)                                                                           \
    static MBC_PAIR_CLONES void gk_stage_b_##R##_##W(const mbc_granular_law *law,                  \
                                                     mbc_granular_block *b)                        \
    {                                                                                              \
        const size_t n = b->count;                                                                 \
        MBC_GRANULAR_SIMD for (size_t j = 0; j < n; j++)                                           \
            gk_b_out(b, j, mbc_granular_stage_b(law, R, W, gk_b_in(b, j)));                        \
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
    const mbc_granular_stage_a_fn(*a)[MBC_GRANULAR_TANGENTIAL_FAMILIES];
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
    const int damping = law->damping == MBC_GRANULAR_TSUJI ? MBC_GRANULAR_DAMPING_TSUJI
                                                           : MBC_GRANULAR_DAMPING_LINEAR;
    const int t = law->tangential;
    const int tangential =
        t == MBC_GRANULAR_LINEAR_NOHISTORY ? MBC_GRANULAR_T_NONE
        : (t == MBC_GRANULAR_MINDLIN_FORCE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE)
            ? MBC_GRANULAR_T_FORCE
            : MBC_GRANULAR_T_DISPLACEMENT;
    return (mbc_granular_kernels){a[damping][tangential], stage_b[law->rolling][law->twisting]};
}

bool mbc_granular_evaluate(const mbc_granular_law *law, mbc_granular_kernels k,
                           const mbc_granular_contact *c, double *rec, bool update,
                           mbc_granular_result *res)
{
    mbc_granular_law stepped = *law;
    stepped.step = update ? 1.0 : 0.0;
    mbc_granular_block b;
    b.count = 1;
    mbc_granular_block_put(&b, 0, c, rec);
    k.stage_a(&stepped, &b);
    if (k.stage_b)
        k.stage_b(&stepped, &b);
    for (int q = 0; q < MBC_GRANULAR_RECORD; q++)
        rec[q] = b.rec[q][0];
    res->touching = b.touching[0] != 0;
    for (int i = 0; i < 3; i++) {
        res->force[i] = b.force[i][0];
        res->torque_a[i] = b.torque_a[i][0];
        res->torque_b[i] = b.torque_b[i][0];
        res->twist[i] = b.twist[i][0];
        res->roll[i] = b.roll[i][0];
        res->n[i] = b.n[i][0];
        res->f_t[i] = b.f_t[i][0];
        res->f_roll[i] = b.f_roll[i][0];
    }
    res->delta = b.delta[0];
    res->a = b.a[0];
    res->f_n = b.f_n[0];
    res->fncrit = b.fncrit[0];
    res->k_t = b.k_t[0];
    res->damp_t = b.damp_t[0];
    res->m_twist = b.m_twist[0];
    return res->touching;
}
