/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's rolling resistance: LIGGGHTS 3.8's cdt, epsd, epsd2 and
 * epsd3 (rolling_model_cdt.h, rolling_model_epsd*.h; liggghts_law.h has the
 * conventions). Each returns the torque M_r, which acts as -M_r on i and
 * +M_r on j.
 *
 * The relative rotation rate w_r is omega_i - omega_j; on a wall LIGGGHTS
 * 3.8 takes the rotation term of the sliding velocity, c_i omega_i / r,
 * where its documentation (and the corrected form) takes omega_i. Unless
 * torsionTorque, the part of w_r along en is removed.
 *
 * cdt (constant directional torque): |M_r| = mu_r k_n delta R* along w_r;
 * 3.8 normalizes by |w_r| before it removes the part along en, so that a
 * spin about en shortens the torque; the documentation normalizes the
 * tangential part.
 * epsd (Ai et al. 2011, model C): the spring M_k += k_r w_r dt,
 * k_r = 2.25 k_n mu_r^2 R*^2, limited to mu_r R* |F_n|; below the limit
 * the dashpot 2 eta_r sqrt(I_r k_r) w_r is added, I_r the rolling inertia
 * (I + m r^2 of each sphere, in series; a wall: the sphere's);
 * epsd2: k_r = k_t R*^2 (Iwashita and Oda), no dashpot;
 * epsd3: k_r = k_r0 k_n mu_r^2 R*^2. */
#ifndef MBC_RUNTIME_LIGGGHTS_ROLLING_H
#define MBC_RUNTIME_LIGGGHTS_ROLLING_H

#include <math.h>

#include "liggghts_motion.h"

/* The relative rotation rate w_r of the rolling models. */
LG_INLINE void lg_rolling_rate(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                               const lg_motion *m, double wr[3])
{
    for (int k = 0; k < 3; k++)
        wr[k] = !c->wall ? c->omega_i[k] - c->omega_j[k] : L->liggghts38 ? m->wr[k] : c->omega_i[k];
}

LG_INLINE void lg_cdt(const mbc_liggghts_law *L, const mbc_liggghts_contact *c, const lg_motion *m,
                      double kn, double torque[3])
{
    double wr[3];
    lg_rolling_rate(L, c, m, wr);
    torque[0] = torque[1] = torque[2] = 0.0;
    if (!L->liggghts38) {
        if (!L->torsion_torque)
            lg_tangential_part(wr, c->en, wr);
        const double mag = lg_norm(wr);
        if (!(mag > 0.))
            return;
        const double scale = L->roll_mu * kn * m->deltan * m->reff / mag;
        for (int k = 0; k < 3; k++)
            torque[k] = wr[k] * scale;
        return;
    }
    const double mag = lg_norm(wr);
    if (!(mag > 0.))
        return;
    if (c->wall) {
        const double fn = m->deltan * kn;
        for (int k = 0; k < 3; k++)
            torque[k] = L->roll_mu * fn * wr[k] / mag * m->reff;
    } else {
        const double scale = L->roll_mu * kn * m->deltan * m->reff / mag;
        for (int k = 0; k < 3; k++)
            torque[k] = wr[k] * scale;
    }
    if (!L->torsion_torque)
        lg_tangential_part(torque, c->en, torque);
}

/* The rolling inertia I_r: (I + m r^2) in series for two spheres, the
 * sphere's for a wall; I + m r^2 = inertia_factor m r^2. */
LG_INLINE double lg_rolling_inertia(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                                    const lg_motion *m)
{
    if (c->wall)
        return L->inertia_factor * c->mass_i * m->reff * m->reff;
    const double ii = c->mass_i * c->radius_i * c->radius_i;
    const double ij = c->mass_j * c->radius_j * c->radius_j;
    return L->inertia_factor * ii * ij / (ii + ij);
}

/* epsd, epsd2, epsd3; spring: the contact's spring torque, advanced and
 * written when `update`. fn: the normal force of the limit. */
LG_INLINE void lg_epsd(const mbc_liggghts_law *L, const mbc_liggghts_contact *c, const lg_motion *m,
                       double kn, double kt, double fn, const int rolling, double *spring,
                       double torque[3])
{
    const double reff = m->reff, rmu = L->roll_mu;
    double wr[3];
    lg_rolling_rate(L, c, m, wr);
    if (!L->torsion_torque)
        lg_tangential_part(wr, c->en, wr);
    double kr;
    if (rolling == MBC_LIGGGHTS_EPSD)
        kr = 2.25 * kn * rmu * rmu * reff * reff;
    else if (rolling == MBC_LIGGGHTS_EPSD2)
        kr = kt * reff * reff;
    else
        kr = L->roll_stiffness * kn * rmu * rmu * reff * reff;
    const double step = L->dt * kr;
    for (int k = 0; k < 3; k++)
        torque[k] = spring[k] + wr[k] * step;
    const double mag = lg_norm(torque);
    const double limit = fabs(fn) * reff * rmu;
    const int slides = mag > limit;
    if (slides) {
        const double factor = limit / mag;
        for (int k = 0; k < 3; k++)
            torque[k] *= factor;
    }
    if (L->update)
        for (int k = 0; k < 3; k++)
            spring[k] = torque[k];
    if (slides || rolling == MBC_LIGGGHTS_EPSD2)
        return;
    const double r_coef = L->roll_damping * 2 * sqrt(lg_rolling_inertia(L, c, m) * kr);
    for (int k = 0; k < 3; k++)
        torque[k] += r_coef * wr[k];
}

#endif
