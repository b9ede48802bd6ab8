/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's tangential models (granular_law.h has the
 * conventions): linear_nohistory, linear_history and the four mindlin
 * models, with the history's frame update and the Coulomb limit. */
#ifndef MBC_RUNTIME_GRANULAR_TANGENTIAL_H
#define MBC_RUNTIME_GRANULAR_TANGENTIAL_H

#include "granular_law.h"

/* The tangential force f_t for the relative tangential velocity vtr at the
 * contact point, with the Coulomb limit fscrit, and the new history h (and
 * the contact radius of the rescale models): history models update h when
 * `update` (a step; a force evaluation without a step leaves it) and
 * rescale it when the contact slides. k: the tangential stiffness in effect
 * (k_t, or k_t a for the mindlin models), which twisting marshall reads.
 * slip: the spring energy the Coulomb limit takes in a step that slides,
 * E(h stepped) - E(h held) at k (J; 0 without a step or sliding), which
 * the energy books read (granular_energy.h) and the kernels leave unread. */
typedef struct mbc_granular_tangential_force {
    mbc_granular_v3 fs, h;
    double a_prev, k, slip;
} mbc_granular_tangential_force;

MBC_GRANULAR_INLINE mbc_granular_tangential_force
mbc_granular_tangential(const mbc_granular_law *law, const int family, mbc_granular_v3 n,
                        mbc_granular_v3 vtr, double vrel, double a, double fscrit, double damp_t,
                        mbc_granular_v3 h, double a_prev, int update, double lane)
{
    mbc_granular_tangential_force t;
    t.a_prev = a_prev;
    t.slip = 0.0;
    if (family == MBC_GRANULAR_T_NONE) {
        /* -min(mu F_n0, damp_t |vtr|) vtr/|vtr| */
        const double fsmag = damp_t * vrel;
        const double ft = (vrel != 0.0) ? mbc_granular_min(fscrit, fsmag) / vrel : 0.0;
        for (int i = 0; i < 3; i++)
            t.fs.v[i] = -ft * vtr.v[i];
        t.h = h;
        t.k = 0.0; /* no tangential spring (LAMMPS sets k_t = 0) */
        return t;
    }
    const int force_history = family == MBC_GRANULAR_T_FORCE;
    const int rescale = mbc_granular_lane(lane, law->rescale);
    const int linear = mbc_granular_lane(lane, law->linear_history);
    const double k = linear ? law->k_t : law->k_t * a;
    /* unloading: a rescale model's history shrinks with the contact radius */
    const double factor = a / a_prev;
    mbc_granular_v3 shrunk;
    for (int i = 0; i < 3; i++)
        shrunk.v[i] = h.v[i] * factor;
    h = mbc_granular_pick(rescale && a < a_prev, shrunk, h);
    /* the step: the frame update, then the increment (Thornton et al. 2013,
     * eq. 18, for the elastic force: -k a vtr dt) */
    const double rsht = mbc_granular_dot(h, n);
    const int frame = force_history ? fabs(rsht) > MBC_GRANULAR_EPSILON * fscrit
                                    : fabs(rsht) * k > MBC_GRANULAR_EPSILON * fscrit;
    const mbc_granular_v3 framed = mbc_granular_pick(frame, mbc_granular_projected(h, n, rsht), h);
    mbc_granular_v3 stepped;
    for (int i = 0; i < 3; i++)
        stepped.v[i] =
            force_history ? framed.v[i] - k * vtr.v[i] * law->dt : framed.v[i] + vtr.v[i] * law->dt;
    h = mbc_granular_pick(update, stepped, h);
    t.a_prev = (rescale && update) ? a : a_prev;
    for (int i = 0; i < 3; i++)
        t.fs.v[i] = force_history ? h.v[i] - damp_t * vtr.v[i] : -k * h.v[i] - damp_t * vtr.v[i];
    const double mag = sqrt(mbc_granular_dot(t.fs, t.fs));
    const mbc_granular_slid s =
        mbc_granular_slide(h, t.fs, mag, fscrit, damp_t, vtr, k, force_history);
    const int slides = mag > fscrit;
    t.h = mbc_granular_pick(slides, s.h, h);
    t.fs = mbc_granular_pick(slides, s.fs, t.fs);
    t.k = k;
    const double held2 = mbc_granular_dot(t.h, t.h), h2 = mbc_granular_dot(h, h);
    const double lost =
        force_history ? (k > 0.0 ? 0.5 * (h2 - held2) / k : 0.0) : 0.5 * k * (h2 - held2);
    t.slip = (update && slides) ? lost : 0.0;
    return t;
}

#endif /* MBC_RUNTIME_GRANULAR_TANGENTIAL_H */
