/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts in place on a particle engine's arrays: the pairs of
 * mbc_pair_eval (mbconnect/pair_eval.h, spec key `kernel = true`) and the
 * walls of mbc_wall_eval (mbconnect/wall_eval.h, spec key wall_binding).
 *
 * Each call makes the law once (mbc_liggghts_law_of, the call's dt as the
 * history step) and runs the kernel of its model combination on every
 * contact, formed from the positions as LIGGGHTS forms it
 * (liggghts_geometry.h), with the contact's record in place: the forces and
 * torques are added to the atoms in the order of the pairs. Sphere a is
 * LIGGGHTS's atom i; the record holds the displacement and the rolling
 * spring torque as seen from a (an engine keeps each pair's record in one
 * orientation, as mbc-lammps does). */
#include "mbconnect/generated/contact_liggghts.h"

#include <string.h>

#include "liggghts_geometry.h"
#include "liggghts_law.h"
#include "mbconnect/liggghts_contact.h"
#include "mbconnect/pair_kernel.h"

#define LP_TYPE "ContactLiggghts"

/* The value of scalar output `output` of a contact (lp_check_outputs: one of
 * Overlap, NormalForce, CohesionForce). */
static double lp_output(size_t output, const mbc_liggghts_result *r)
{
    switch (output) {
    case MBC_CONTACT_LIGGGHTS_OUTPUT_OVERLAP:
        return r->deltan;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE:
        return r->fn;
    default: /* CohesionForce */
        return r->f_coh;
    }
}

static mbc_status lp_check_outputs(const mbc_pair_sums *sums, mbc_error *err)
{
    for (size_t q = 0; q < sums->output_count; q++) {
        const size_t k = sums->outputs[q];
        if (k != MBC_CONTACT_LIGGGHTS_OUTPUT_OVERLAP &&
            k != MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE &&
            k != MBC_CONTACT_LIGGGHTS_OUTPUT_COHESION_FORCE)
            return mbc_fail(err, MBC_ERR_VALUE, LP_TYPE ": output %zu is not a scalar output", k);
    }
    return MBC_OK;
}

/* The call's law: the parameters' with the call's step; the history
 * advances in a PostNewtonStep that is not a run's set-up. writes: the
 * records get the contact flag (a PostNewtonStep or a set-up). */
static void lp_law(const mbc_contact_liggghts_params *p, unsigned flags, double dt,
                   mbc_liggghts_law *law, int *writes)
{
    mbc_liggghts_law_of(p, law);
    const int setup = (flags & MBC_PAIR_SETUP) != 0;
    law->dt = dt;
    law->update = (flags & MBC_PAIR_POST_NEWTON) && !setup;
    *writes = (flags & MBC_PAIR_POST_NEWTON) || setup;
}

static int lp_finite(const mbc_liggghts_result *r)
{
    double s = 0.0;
    for (int k = 0; k < 3; k++)
        s += r->force_i[k] + r->torque_i[k] + r->torque_j[k];
    return s - s == 0.0;
}

/* The sums of a contact in contact with weight w: count, overlap, outputs. */
static void lp_sum(mbc_pair_sums *sums, const mbc_liggghts_result *r, double w)
{
    sums->contacts += w;
    sums->overlap += w * r->deltan;
    for (size_t q = 0; q < sums->output_count; q++)
        sums->output_sums[q] += w * lp_output(sums->outputs[q], r);
}

mbc_status mbc_contact_liggghts_pair_evaluate(const mbc_contact_liggghts_params *p,
                                              const mbc_pair_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    mbc_liggghts_law law;
    int writes = 0;
    const mbc_status st = lp_check_outputs(sums, err);
    if (st != MBC_OK)
        return st;
    lp_law(p, call->flags, call->dt, &law, &writes);
    const mbc_pair_atoms *at = call->atoms;
    for (size_t k = 0; k < call->count; k++) {
        const int a = call->pairs[k].atom[0], b = call->pairs[k].atom[1];
        double *rec = call->pairs[k].data;
        mbc_liggghts_contact c;
        const int touching =
            lg_pair_contact(at->position[a], at->position[b], at->velocity[a], at->velocity[b],
                            at->angular_velocity[a], at->angular_velocity[b], at->radius[a],
                            at->radius[b], at->mass[a], at->mass[b], &c);
        if (call->contact)
            call->contact[k] = (unsigned char)touching;
        if (!touching)
            continue;
        const double w = (a < at->owned && b < at->owned) ? 1.0 : 0.5;
        if (!p->activeConnector) { /* no forces, record kept */
            sums->contacts += w;
            sums->overlap += w * (at->radius[a] + at->radius[b] - c.r);
            continue;
        }
        mbc_liggghts_result r;
        mbc_liggghts_evaluate(&law, &c, rec, &r);
        if (!lp_finite(&r))
            return mbc_pair_kernel_fail(err, LP_TYPE, call, sums, k, "contact force not finite");
        if (writes)
            rec[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] = 1.0;
        for (int i = 0; i < 3; i++) {
            if (a < at->owned) {
                at->force[a][i] += r.force_i[i];
                at->torque[a][i] += r.torque_i[i];
            }
            if (b < at->owned) {
                at->force[b][i] += r.force_j[i];
                at->torque[b][i] += r.torque_j[i];
            }
        }
        const double d[3] = {-c.delta[0], -c.delta[1], -c.delta[2]};
        mbc_pair_virial_add(sums->virial, d, r.force_j, w);
        lp_sum(sums, &r, w);
    }
    return MBC_OK;
}

mbc_status mbc_contact_liggghts_wall_evaluate(const mbc_contact_liggghts_params *p,
                                              const mbc_wall_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    mbc_liggghts_law law;
    int writes = 0;
    const mbc_status st = lp_check_outputs(sums, err);
    if (st != MBC_OK)
        return st;
    lp_law(p, call->flags, call->dt, &law, &writes);
    static const double still[3] = {0.0, 0.0, 0.0};
    const mbc_pair_atoms *at = call->atoms;
    for (size_t k = 0; k < call->count; k++) {
        const mbc_wall_contact *w = &call->walls[k];
        const int i = w->atom;
        mbc_liggghts_contact c;
        const int touching =
            lg_wall_contact(w->del, at->velocity[i], w->velocity, at->angular_velocity[i], still,
                            at->radius[i], at->mass[i], &c);
        const int contact = touching && p->activeConnector;
        if (call->contact)
            call->contact[k] = (unsigned char)contact;
        if (!contact)
            continue;
        mbc_liggghts_result r;
        mbc_liggghts_evaluate(&law, &c, w->data, &r);
        if (!lp_finite(&r)) {
            sums->failed = k;
            return mbc_fail(err, MBC_ERR_INPUT, LP_TYPE ": wall contact force not finite");
        }
        if (writes)
            w->data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] = 1.0;
        if (i < at->owned)
            for (int q = 0; q < 3; q++) {
                at->force[i][q] += r.force_i[q];
                at->torque[i][q] += r.torque_i[q];
            }
        lp_sum(sums, &r, 1.0);
    }
    return MBC_OK;
}
