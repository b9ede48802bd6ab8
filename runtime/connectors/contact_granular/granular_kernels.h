/* SPDX-License-Identifier: BSD-3-Clause */
/* The granular law (granular_stages.h) instantiated for every
 * combination of models, and the lookup that picks the instances of a law
 * once per call.
 *
 * Two stages evaluate a contact: stage A (normal model x damping family x
 * tangential family: 4 x 2 x 3 = 24 instances; hertz/material runs hertz's
 * kernel; the damping and tangential models within a family are constants
 * of the call that the kernel selects on) gives the force and the friction
 * torques, stage B (rolling x twisting: 5 instances) the rolling and
 * twisting torques. Each instance is
 * a loop over a block of up to MBC_GRANULAR_BLOCK contacts held column by
 * column (mbc_granular_block), with the model choices compile-time
 * constants: no branch on a model inside, every branch on a contact's
 * values a select, so that the loop is vectorized (`omp simd`; AVX-512,
 * AVX2 and baseline clones chosen by the loader; jkr's contact radius, a
 * cube root, keeps its instances scalar). Every lane computes with
 * pair_granular.cpp's operations: the results are LAMMPS's bits in any
 * clone. The ContactGranular hooks evaluate one contact through a block
 * (mbc_granular_evaluate); an engine fills a block from its arrays and runs
 * each stage once per block (runtime/connectors/contact_granular/contact_granular_pairs.c). Code
 * size and build time: docs/physics-granular.rst ("Kernels").
 *
 * Internal to the runtime (not installed, not exported). */
#ifndef MBC_RUNTIME_GRANULAR_KERNELS_H
#define MBC_RUNTIME_GRANULAR_KERNELS_H

#include <stdbool.h>
#include <stddef.h>

#include "granular_contact.h"
#include "granular_stages.h"

/* Contacts per block: a block's columns (about 15 KiB) stay in L1. */
#define MBC_GRANULAR_BLOCK 32

/* A block of contacts, column by column: the contacts (mbc_granular_contact's
 * fields), their records (in: the start of the step; out: the new record),
 * and the results (mbc_granular_result's fields; the torques in parts). */
typedef struct mbc_granular_block {
    size_t count;
    double del[3][MBC_GRANULAR_BLOCK], vr[3][MBC_GRANULAR_BLOCK], wr[3][MBC_GRANULAR_BLOCK];
    double relrot[3][MBC_GRANULAR_BLOCK];
    double rsq[MBC_GRANULAR_BLOCK], radsum[MBC_GRANULAR_BLOCK], reff[MBC_GRANULAR_BLOCK];
    double meff[MBC_GRANULAR_BLOCK], r_a[MBC_GRANULAR_BLOCK], r_b[MBC_GRANULAR_BLOCK];
    double shift[MBC_GRANULAR_BLOCK];
    double rec[MBC_GRANULAR_RECORD][MBC_GRANULAR_BLOCK];
    double force[3][MBC_GRANULAR_BLOCK], torque_a[3][MBC_GRANULAR_BLOCK];
    double torque_b[3][MBC_GRANULAR_BLOCK], twist[3][MBC_GRANULAR_BLOCK];
    double roll[3][MBC_GRANULAR_BLOCK], n[3][MBC_GRANULAR_BLOCK], f_t[3][MBC_GRANULAR_BLOCK];
    double f_roll[3][MBC_GRANULAR_BLOCK];
    double delta[MBC_GRANULAR_BLOCK], a[MBC_GRANULAR_BLOCK], f_n[MBC_GRANULAR_BLOCK];
    double fncrit[MBC_GRANULAR_BLOCK], k_t[MBC_GRANULAR_BLOCK], damp_t[MBC_GRANULAR_BLOCK];
    double m_twist[MBC_GRANULAR_BLOCK];
    int touching[MBC_GRANULAR_BLOCK];
    /* an engine's energy books when it sums them
     * (runtime/connectors/contact_granular/granular_energy.h): stored energy and dissipated power
     * of each contact */
    double e_stored[MBC_GRANULAR_BLOCK], e_power[MBC_GRANULAR_BLOCK];
    /* an engine's: the weight of each contact in its sums (0 out of touch),
     * and of a contact that has just ended in the dissipated power's sum
     * (jkr's pull-off loss; else 0) */
    double w[MBC_GRANULAR_BLOCK], w_ended[MBC_GRANULAR_BLOCK];
    /* an engine's: each contact's record as the engine keeps it (the start
     * of the step while the block runs), which the energy books read */
    const double *start[MBC_GRANULAR_BLOCK];
} mbc_granular_block;

/* Stage A over a block's contacts (law->step 1.0: one history step): the
 * results and the new records; out of touch the result is zero and the
 * record cleared. */
typedef void (*mbc_granular_stage_a_fn)(const mbc_granular_law *law, mbc_granular_block *b);

/* Stage B over the contacts of stage A: the twisting and rolling torques
 * and their history. */
typedef void (*mbc_granular_stage_b_fn)(const mbc_granular_law *law, mbc_granular_block *b);

/* The instances of one law: stage_b is NULL without rolling and twisting. */
typedef struct mbc_granular_kernels {
    mbc_granular_stage_a_fn stage_a;
    mbc_granular_stage_b_fn stage_b;
} mbc_granular_kernels;

/* The instances for law's model choices, which must be in range (the
 * type's one_of rules); resolve once per law, not per contact. */
mbc_granular_kernels mbc_granular_kernels_for(const mbc_granular_law *law);

/* Contact j of a block: c and the record rec. */
static inline void mbc_granular_block_put(mbc_granular_block *b, size_t j,
                                          const mbc_granular_contact *c, const double *rec)
{
    for (int i = 0; i < 3; i++) {
        b->del[i][j] = c->del[i];
        b->vr[i][j] = c->vr[i];
        b->wr[i][j] = c->wr[i];
        b->relrot[i][j] = c->relrot[i];
    }
    b->rsq[j] = c->rsq;
    b->radsum[j] = c->radsum;
    b->reff[j] = c->reff;
    b->meff[j] = c->meff;
    b->r_a[j] = c->r_a;
    b->r_b[j] = c->r_b;
    b->shift[j] = c->shift;
    for (int q = 0; q < MBC_GRANULAR_RECORD; q++)
        b->rec[q][j] = rec[q];
}

/* One contact through the law's instances (a block of one): the result and
 * the new record in rec; returns whether in touch. The ContactGranular
 * hooks and the tests evaluate a contact this way. */
bool mbc_granular_evaluate(const mbc_granular_law *law, mbc_granular_kernels k,
                           const mbc_granular_contact *c, double *rec, bool update,
                           mbc_granular_result *res);

/* Stage A instances of one normal kernel, [damping family][tangential
 * family] (runtime/granular_kernels_<normal>.c). */
#define MBC_GRANULAR_STAGE_A_TABLE(NAME)                                                           \
    const mbc_granular_stage_a_fn NAME[MBC_GRANULAR_DAMPING_FAMILIES]                              \
                                      [MBC_GRANULAR_TANGENTIAL_FAMILIES]
extern MBC_GRANULAR_STAGE_A_TABLE(mbc_granular_kernels_hooke);
extern MBC_GRANULAR_STAGE_A_TABLE(mbc_granular_kernels_hertz);
extern MBC_GRANULAR_STAGE_A_TABLE(mbc_granular_kernels_dmt);
extern MBC_GRANULAR_STAGE_A_TABLE(mbc_granular_kernels_jkr);

/* The loops of the instances: `omp simd` and the processor clones as the
 * in-place pair loops have them (mbconnect/pair_kernel.h). */
#if defined(_OPENMP) || defined(MBC_PAIR_OPENMP_SIMD)
#define MBC_GRANULAR_SIMD _Pragma("omp simd")
#else
#define MBC_GRANULAR_SIMD
#endif

/* Stage A's inputs of contact j of a block. */
MBC_GRANULAR_INLINE mbc_granular_a_in mbc_granular_block_a_in(const mbc_granular_block *b, size_t j)
{
    mbc_granular_a_in in;
    for (int i = 0; i < 3; i++) {
        in.del.v[i] = b->del[i][j];
        in.vr.v[i] = b->vr[i][j];
        in.wr.v[i] = b->wr[i][j];
        in.h.v[i] = b->rec[MBC_GRANULAR_XI_T + i][j];
    }
    in.rsq = b->rsq[j];
    in.radsum = b->radsum[j];
    in.reff = b->reff[j];
    in.meff = b->meff[j];
    in.r_a = b->r_a[j];
    in.r_b = b->r_b[j];
    in.shift = b->shift[j];
    in.touch = b->rec[MBC_GRANULAR_TOUCH][j];
    in.a_prev = b->rec[MBC_GRANULAR_A_PREV][j];
    return in;
}

/* Stage A's results of contact j into the block; out of touch the rolling
 * and twisting history is cleared too. */
MBC_GRANULAR_INLINE void mbc_granular_block_a_out(mbc_granular_block *b, size_t j,
                                                  const mbc_granular_a_out o)
{
    for (int i = 0; i < 3; i++) {
        b->force[i][j] = o.force.v[i];
        b->torque_a[i][j] = o.torque_a.v[i];
        b->torque_b[i][j] = o.torque_b.v[i];
        b->n[i][j] = o.n.v[i];
        b->f_t[i][j] = o.f_t.v[i];
        b->twist[i][j] = b->roll[i][j] = b->f_roll[i][j] = 0.0;
        b->rec[MBC_GRANULAR_XI_T + i][j] = o.h.v[i];
        const double roll = b->rec[MBC_GRANULAR_XI_ROLL + i][j];
        b->rec[MBC_GRANULAR_XI_ROLL + i][j] = o.touching ? roll : 0.0;
    }
    const double twist = b->rec[MBC_GRANULAR_XI_TWIST][j];
    b->rec[MBC_GRANULAR_XI_TWIST][j] = o.touching ? twist : 0.0;
    b->rec[MBC_GRANULAR_TOUCH][j] = o.touch;
    b->rec[MBC_GRANULAR_A_PREV][j] = o.a_prev;
    b->delta[j] = o.delta;
    b->a[j] = o.a;
    b->f_n[j] = o.f_n;
    b->fncrit[j] = o.fncrit;
    b->k_t[j] = o.k_t;
    b->damp_t[j] = o.damp_t;
    b->m_twist[j] = 0.0;
    b->touching[j] = o.touching;
}

#endif /* MBC_RUNTIME_GRANULAR_KERNELS_H */
