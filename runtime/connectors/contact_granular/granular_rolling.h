/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's rolling model sds (granular_law.h has the
 * conventions). */
#ifndef MBC_RUNTIME_GRANULAR_ROLLING_H
#define MBC_RUNTIME_GRANULAR_ROLLING_H

#include "granular_law.h"

/* Rolling sds: the pseudo-force f_r = -k_roll xi_roll - gamma_roll v_roll,
 * v_roll = R* (w_a - w_b) x n (Wang et al. 2015), at most mu_roll F_n0,
 * and the new history; slip: the spring energy the limit takes in a step
 * that slides (J; as the tangential one's, granular_tangential.h). */
typedef struct mbc_granular_rolling_force {
    mbc_granular_v3 fr, h;
    double slip;
} mbc_granular_rolling_force;

MBC_GRANULAR_INLINE mbc_granular_rolling_force
mbc_granular_rolling(const mbc_granular_law *law, mbc_granular_v3 n, mbc_granular_v3 relrot,
                     double reff, double fncrit, mbc_granular_v3 h, const int update)
{
    mbc_granular_v3 vrl;
    vrl.v[0] = reff * (relrot.v[1] * n.v[2] - relrot.v[2] * n.v[1]);
    vrl.v[1] = reff * (relrot.v[2] * n.v[0] - relrot.v[0] * n.v[2]);
    vrl.v[2] = reff * (relrot.v[0] * n.v[1] - relrot.v[1] * n.v[0]);
    const double k = law->k_roll;
    const double damp = law->gamma_roll;
    const double frcrit = law->mu_roll * fncrit;
    const double rolldotn = mbc_granular_dot(h, n);
    const int frame = fabs(rolldotn) * k > MBC_GRANULAR_EPSILON * frcrit;
    const mbc_granular_v3 framed =
        mbc_granular_pick(frame, mbc_granular_projected(h, n, rolldotn), h);
    mbc_granular_v3 stepped;
    for (int i = 0; i < 3; i++)
        stepped.v[i] = framed.v[i] + vrl.v[i] * law->dt;
    h = mbc_granular_pick(update, stepped, h);
    mbc_granular_rolling_force r;
    for (int i = 0; i < 3; i++)
        r.fr.v[i] = -k * h.v[i] - damp * vrl.v[i];
    const double mag = sqrt(mbc_granular_dot(r.fr, r.fr));
    /* the same rescale as the tangential displacement's */
    const mbc_granular_slid s = mbc_granular_slide(h, r.fr, mag, frcrit, damp, vrl, k, 0);
    const int slides = mag > frcrit;
    r.h = mbc_granular_pick(slides, s.h, h);
    r.fr = mbc_granular_pick(slides, s.fs, r.fr);
    const double lost = 0.5 * k * (mbc_granular_dot(h, h) - mbc_granular_dot(r.h, r.h));
    r.slip = (update && slides) ? lost : 0.0;
    return r;
}

#endif /* MBC_RUNTIME_GRANULAR_ROLLING_H */
