/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's law as two stages over one contact, each specialized
 * by its model choices (granular_law.h has the conventions): stage A, the
 * contact test, the normal force with damping and the tangential force;
 * stage B, the rolling and twisting torques. */
#ifndef MBC_RUNTIME_GRANULAR_STAGES_H
#define MBC_RUNTIME_GRANULAR_STAGES_H

#include "granular_damping.h"
#include "granular_law.h"
#include "granular_normal.h"
#include "granular_rolling.h"
#include "granular_tangential.h"
#include "granular_twisting.h"

/* Stage A's view of one contact (mbc_granular_contact's fields) and the
 * record values it reads, by value. */
typedef struct mbc_granular_a_in {
    mbc_granular_v3 del, vr, wr;
    double rsq, radsum, reff, meff, r_a, r_b, shift;
    double touch, a_prev; /* the record: the contact flag, the contact radius */
    mbc_granular_v3 h;    /* the record: the tangential history */
} mbc_granular_a_in;

/* Stage A's results: the force on a, the friction torques, what stage B
 * and the outputs read, and the record values it writes. */
typedef struct mbc_granular_a_out {
    mbc_granular_v3 force, torque_a, torque_b, n, f_t, h;
    double delta, a, f_n, fncrit, k_t, damp_t, touch, a_prev;
    int touching;
} mbc_granular_a_out;

/* Stage A of the law, specialized by the normal model and the damping and
 * tangential families (`damping`: MBC_GRANULAR_DAMPING_*, `tangential`:
 * MBC_GRANULAR_T_*; the model within them selected): the contact test against the record's flag,
 * then, in touch, the normal force with damping, the tangential force (history update when
 * `update`: one time step law->dt; the sliding rescale), the force on a and
 * the friction torques -(r - shift delta) n x f_t. Out of touch the record
 * is cleared (the history forgotten) and the result is zero. Every branch
 * on the contact's values is a select: the value taken is computed with
 * pair_granular.cpp's operations, so the results are its bits. */
MBC_GRANULAR_INLINE mbc_granular_a_out mbc_granular_stage_a(const mbc_granular_law *law,
                                                            const int normal, const int damping,
                                                            const int tangential,
                                                            const mbc_granular_a_in in)
{
    int touching;
    if (normal == MBC_GRANULAR_JKR && law->jkr_wall_2021 != 0.0) {
        /* LAMMPS 2021's fix wall/gran (a scalar instance: a plain branch) */
        const double rad = in.radsum + mbc_granular_jkr_pulloff_wall_2021(law, in.r_a);
        touching = !(in.rsq > rad * rad) && (in.touch != 0.0 || !(in.rsq > in.radsum * in.radsum));
    } else if (normal == MBC_GRANULAR_JKR) {
        /* a jkr contact that touched holds until the pull-off distance */
        const double dist = in.radsum - mbc_granular_jkr_pulloff(law, in.reff);
        touching = in.touch != 0.0 ? in.rsq < dist * dist : in.rsq < in.radsum * in.radsum;
    } else {
        touching = in.rsq < in.radsum * in.radsum;
    }
    const int step = mbc_granular_lane(in.rsq, law->step);
    const double r = sqrt(in.rsq);
    const double rinv = 1.0 / r;
    mbc_granular_v3 n;
    for (int i = 0; i < 3; i++)
        n.v[i] = in.del.v[i] * rinv;
    const double vnnr = in.vr.v[0] * n.v[0] + in.vr.v[1] * n.v[1] + in.vr.v[2] * n.v[2];
    const double delta = in.radsum - r;
    const mbc_granular_normal_force nf = mbc_granular_normal(law, normal, delta, in.reff);
    const double damp_n = mbc_granular_damping(law, damping, in.meff, nf.a, nf.knfac, in.rsq);
    const double fdamp = -damp_n * vnnr;
    double fntot = nf.fne + fdamp;
    fntot = (fntot < law->limit_floor) ? law->limit_floor : fntot;

    /* relative tangential velocity at the contact point: v_t - (r_a w_a + r_b w_b) x n */
    mbc_granular_v3 vtr;
    const double vt0 = in.vr.v[0] - n.v[0] * vnnr, vt1 = in.vr.v[1] - n.v[1] * vnnr,
                 vt2 = in.vr.v[2] - n.v[2] * vnnr;
    vtr.v[0] = vt0 - (n.v[2] * in.wr.v[1] - n.v[1] * in.wr.v[2]);
    vtr.v[1] = vt1 - (n.v[0] * in.wr.v[2] - n.v[2] * in.wr.v[0]);
    vtr.v[2] = vt2 - (n.v[1] * in.wr.v[0] - n.v[0] * in.wr.v[1]);
    const double vrel = sqrt(mbc_granular_dot(vtr, vtr));

    /* F_n0: |F_n|; the cohesive models |F_ne + 2 F_pulloff| (Marshall 2009, eq. 43;
     * dmt's gamma there: granular_law.h, cohesion_crit) */
    double fncrit;
    if (normal == MBC_GRANULAR_JKR) {
        fncrit = fabs(nf.fne + 2 * (3 * MBC_GRANULAR_PI * law->cohesion * in.reff));
    } else if (normal == MBC_GRANULAR_DMT) {
        const double coh = law->cohesion_crit + law->cohesion_crit_rsq * in.rsq;
        fncrit = fabs(nf.fne + 2 * (4 * MBC_GRANULAR_PI * coh * in.reff));
    } else {
        fncrit = fabs(fntot);
    }
    const double fscrit = law->mu_t * fncrit;
    const double damp_t = law->x_gamma_t * damp_n;
    const mbc_granular_tangential_force tf = mbc_granular_tangential(
        law, tangential, n, vtr, vrel, nf.a, fscrit, damp_t, in.h, in.a_prev, step, in.rsq);

    mbc_granular_a_out o;
    const double dist_a = in.r_a - in.shift * delta, dist_b = in.r_b - in.shift * delta;
    const double tor[3] = {n.v[1] * tf.fs.v[2] - n.v[2] * tf.fs.v[1],
                           n.v[2] * tf.fs.v[0] - n.v[0] * tf.fs.v[2],
                           n.v[0] * tf.fs.v[1] - n.v[1] * tf.fs.v[0]};
    for (int i = 0; i < 3; i++) {
        o.force.v[i] = touching ? n.v[i] * fntot + tf.fs.v[i] : 0.0;
        o.torque_a.v[i] = touching ? 0.0 - dist_a * tor[i] : 0.0;
        o.torque_b.v[i] = touching ? 0.0 - dist_b * tor[i] : 0.0;
        o.n.v[i] = touching ? n.v[i] : 0.0;
        o.f_t.v[i] = touching ? tf.fs.v[i] : 0.0;
        o.h.v[i] = touching ? tf.h.v[i] : 0.0;
    }
    o.delta = touching ? delta : 0.0;
    o.a = touching ? nf.a : 0.0;
    o.f_n = touching ? fntot : 0.0;
    o.fncrit = touching ? fncrit : 0.0;
    o.k_t = touching ? tf.k : 0.0;
    o.damp_t = touching ? damp_t : 0.0;
    o.touch = touching ? 1.0 : 0.0;
    o.a_prev = touching ? tf.a_prev : 0.0;
    o.touching = touching;
    return o;
}

/* Stage B's view of a contact after stage A, and its record values. */
typedef struct mbc_granular_b_in {
    mbc_granular_v3 n, relrot, h_roll;
    double reff, fncrit, a, k_t, damp_t, h_twist;
    int touching;
} mbc_granular_b_in;

typedef struct mbc_granular_b_out {
    mbc_granular_v3 twist, roll, f_roll, h_roll;
    double m_twist, h_twist;
} mbc_granular_b_out;

/* Stage B of the law, specialized by the rolling and twisting models, for a
 * contact after stage A: the twisting torque M_t n and the rolling torque
 * R* n x f_r on a (their negatives on b), with their history; out of touch
 * zero, and the record's values as they are (stage A cleared them). */
MBC_GRANULAR_INLINE mbc_granular_b_out mbc_granular_stage_b(const mbc_granular_law *law,
                                                            const int rolling, const int twisting,
                                                            const mbc_granular_b_in in)
{
    const int on = in.touching;
    const int step = mbc_granular_lane(in.reff, law->step);
    mbc_granular_b_out o;
    for (int i = 0; i < 3; i++)
        o.twist.v[i] = o.roll.v[i] = o.f_roll.v[i] = 0.0;
    o.h_roll = in.h_roll;
    o.m_twist = 0.0;
    o.h_twist = in.h_twist;
    if (rolling == MBC_GRANULAR_ROLL_SDS) {
        const mbc_granular_rolling_force rf =
            mbc_granular_rolling(law, in.n, in.relrot, in.reff, in.fncrit, in.h_roll, step);
        const mbc_granular_v3 fr = rf.fr;
        const double rr[3] = {in.reff * (in.n.v[1] * fr.v[2] - in.n.v[2] * fr.v[1]),
                              in.reff * (in.n.v[2] * fr.v[0] - in.n.v[0] * fr.v[2]),
                              in.reff * (in.n.v[0] * fr.v[1] - in.n.v[1] * fr.v[0])};
        for (int i = 0; i < 3; i++) {
            o.roll.v[i] = on ? rr[i] : 0.0;
            o.f_roll.v[i] = on ? fr.v[i] : 0.0;
            o.h_roll.v[i] = on ? rf.h.v[i] : in.h_roll.v[i];
        }
    }
    if (twisting != MBC_GRANULAR_TWIST_NONE) {
        const mbc_granular_twisting_torque tt = mbc_granular_twisting(
            law, twisting, in.n, in.relrot, in.a, in.k_t, in.damp_t, in.fncrit, in.h_twist, step);
        for (int i = 0; i < 3; i++)
            o.twist.v[i] = on ? tt.m * in.n.v[i] : 0.0;
        o.m_twist = on ? tt.m : 0.0;
        o.h_twist = on ? tt.h : in.h_twist;
    }
    return o;
}

/* The whole torques on a and b: the friction torque, then the twisting,
 * then the rolling one added (LAMMPS's order). */
MBC_GRANULAR_INLINE void mbc_granular_total_torques(const mbc_granular_result *r, double ta[3],
                                                    double tb[3])
{
    for (int i = 0; i < 3; i++) {
        ta[i] = r->torque_a[i] + r->twist[i] + r->roll[i];
        tb[i] = r->torque_b[i] - r->twist[i] - r->roll[i];
    }
}

#endif /* MBC_RUNTIME_GRANULAR_STAGES_H */
