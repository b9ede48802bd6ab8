/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's twisting models sds and marshall (granular_law.h has
 * the conventions). */
#ifndef MBC_RUNTIME_GRANULAR_TWISTING_H
#define MBC_RUNTIME_GRANULAR_TWISTING_H

#include "granular_law.h"

/* Twisting: the torque M_t = -k_tw xi_tw - gamma_tw Omega_t along n,
 * Omega_t = (w_a - w_b) . n, at most mu_tw F_n0, and the new history;
 * marshall takes k_tw = k a^2/2, gamma_tw = damp_t a^2/2, mu_tw = 2/3 a mu_t
 * (Marshall 2009, eqs. 32-33) from the tangential stiffness k in effect;
 * slip: the spring energy the limit takes in a step that slides (J; as the
 * tangential one's, granular_tangential.h). */
typedef struct mbc_granular_twisting_torque {
    double m, h, slip;
} mbc_granular_twisting_torque;

MBC_GRANULAR_INLINE mbc_granular_twisting_torque mbc_granular_twisting(
    const mbc_granular_law *law, const int twisting, mbc_granular_v3 n, mbc_granular_v3 relrot,
    double a, double k_t, double damp_t, double fncrit, double h, const int update)
{
    const double magtwist = mbc_granular_dot(relrot, n);
    double k, damp, mu;
    if (twisting == MBC_GRANULAR_TWIST_MARSHALL) {
        k = 0.5 * k_t * a * a;
        damp = 0.5 * damp_t * a * a;
        mu = 2.0 / 3.0 * a * law->mu_t;
    } else {
        k = law->k_twist;
        damp = law->gamma_twist;
        mu = law->mu_twist;
    }
    const double stepped = h + magtwist * law->dt;
    h = update ? stepped : h;
    const double m = -k * h - damp * magtwist;
    const double sign = (double)((magtwist > 0) - (magtwist < 0));
    const double mtcrit = mu * fncrit;
    const int clamped = fabs(m) > mtcrit;
    mbc_granular_twisting_torque t;
    t.h = clamped ? 1.0 / k * (mtcrit * sign - damp * magtwist) : h;
    t.m = clamped ? -mtcrit * sign : m;
    t.slip = (update && clamped) ? 0.5 * k * (h * h - t.h * t.h) : 0.0;
    return t;
}

#endif /* MBC_RUNTIME_GRANULAR_TWISTING_H */
