/* SPDX-License-Identifier: BSD-3-Clause */
/* Friction laws used by the connectors.
 *
 * - Stribeck function (physics-notes.md, ContactConvexRoll, "Stribeck").
 * - Regularized Coulomb law of ContactSphereSphere (seed, tangential force f_1,t).
 * - Coulomb cap with stick/slip decision of ContactFrictionCircleCable2D (seed,
 *   "PostNewtonStep" and "Computation of connector forces in Newton";
 *   physics-notes.md, "PostNewtonStep details").
 */
#ifndef MBCONNECT_FRICTION_H
#define MBCONNECT_FRICTION_H

#include <math.h>

#include "mbconnect/export.h"

/* Parameters of the Stribeck function; all friction coefficients dimensionless. */
struct mbc_stribeck_params {
    double mu_d;     /* dynamic friction coefficient */
    double mu_s_off; /* static friction offset (static = mu_d + mu_s_off) */
    double mu_v;     /* viscous coefficient, s/m */
    double v_exp;    /* decay velocity of the static offset, m/s (> 0) */
    double v_reg;    /* regularization velocity, m/s (>= 0) */
};

/* Stribeck friction coefficient mu(v) (dimensionless), v in m/s:
 *   |v| <= v_reg and v_reg != 0:  (mu_d + mu_s_off) v / v_reg
 *   otherwise: sign(v) (mu_d + mu_s_off exp(-(|v| - v_reg)/v_exp) + mu_v (|v| - v_reg))
 * Odd in v and continuous at |v| = v_reg; mu(0) = 0 (sign(0) = 0).
 * v_exp <= 0 is taken as the limit v_exp -> 0+ (offset term 0 outside v_reg).
 * If dmu_dv is not NULL it receives d mu / dv (s/m); at the kink |v| = v_reg
 * the one-sided derivative of the regularized branch is returned. */
MBC_API double mbc_stribeck(double v, const struct mbc_stribeck_params *p, double *dmu_dv);

/* Branch of the regularized Coulomb law. */
#define MBC_COULOMB_REGULARIZED 0 /* v_branch < v_reg: linear in v_t */
#define MBC_COULOMB_SLIDING     1 /* v_branch >= v_reg: magnitude mu_d f_n */

/* Regularized Coulomb force of ContactSphereSphere on marker 1 (N):
 *   f_t = -v_t * mu_d f_n / v_reg   if v_branch < v_reg
 *   f_t = -v_t * mu_d f_n / |v_t|   otherwise (0 if |v_t| == 0).
 * v_t: tangential relative velocity at the contact point (3D, m/s);
 * v_branch: the velocity deciding the branch (m/s; the connector passes
 * data[1] in force evaluation, |v_t| in PostNewtonStep); f_n: the seed's
 * normal force f_1,n (N, as signed by the caller). Should mu_d f_n / v_reg
 * overflow (subnormal v_reg), the sliding form is used instead. Returns the branch. */
MBC_API int mbc_regularized_coulomb_force(const double v_t[3], double v_branch, double mu_d,
                                          double f_n, double v_reg, double f_t[3]);

/* Stick/slip states of ContactFrictionCircleCable2D (data x_isSlipStick). */
#define MBC_STICK_UNDEFINED (-2)
#define MBC_STICK           0
#define MBC_SLIP_POSITIVE   1
#define MBC_SLIP_NEGATIVE   (-1)

/* Coulomb cap with stick/slip decision (PostNewtonStep law), forces in the
 * seed's LHS sign (N per segment):
 *   f_t,lin = mu_v v_t + mu_k Delta x_stick,
 *   stick if |f_t,lin| <= mu |f_n|:  f_t = f_t,lin, state 0,
 *   slip otherwise:  f_t = mu |f_n| s, state s = Sign(f_t,lin).
 * The slip direction is the sign of the trial force (the seed's stated
 * alternative to Sign(Delta x_stick), physics-notes 2026-11-25: the return
 * mapping; with Sign(Delta x_stick) a slipping segment keeps a stale
 * direction whenever mu |f_n| / mu_k > |v_t h|). A slip state is never 0.
 * v_t: tangential velocity (m/s); delta_stick: normalized Delta x_stick (m);
 * mu_v in N s/m, mu_k in N/m, mu dimensionless, f_n in N.
 * f_t and f_t_lin (either may be NULL) receive the capped and trial force.
 * Returns MBC_STICK, MBC_SLIP_POSITIVE or MBC_SLIP_NEGATIVE. */
MBC_API int mbc_coulomb_stick_slip(double v_t, double delta_stick, double f_n, double mu,
                                   double mu_v, double mu_k, double *f_t, double *f_t_lin);

/* x_lastStick after a slip decision (seed PostNewtonStep, slipping case):
 *   x_lastStick = x_curStick - s mu |f_n| / mu_k   (s = slip state, +-1, the
 *   sign of f_t,lin from mbc_coulomb_stick_slip),
 * so the tangential spring is pre-tensioned to the Coulomb limit.
 * mu_k == 0: x_curStick is returned (no spring to pre-tension). Not normalized. */
MBC_API double mbc_slip_last_sticking_position(double x_cur_stick, int slip_state, double mu,
                                               double f_n, double mu_k);

/* Tangential force in force evaluation ("Newton", no switching), seed's sign:
 *   |state| == 1:  f_t = mu |f_n| state,
 *   otherwise:     f_t = mu_v v_t + mu_k Delta x_stick, with Delta x_stick
 *                  taken as 0 when mu_k == 0 or state == MBC_STICK_UNDEFINED. */
MBC_API double mbc_friction_tangent_force_newton(int state, double v_t, double delta_stick,
                                                 double f_n, double mu, double mu_v, double mu_k);

/* The inline forms of mbc_coulomb_stick_slip and
 * mbc_slip_last_sticking_position (above, with the equations): the exported
 * functions are these kernels, and a loop over many segments (the cable
 * hook's) calls them directly. Same operations in the same order, so the
 * results are the same bits either way. */

/* mbc_coulomb_stick_slip. */
static inline int mbc_coulomb_stick_slip_inline(double v_t, double delta_stick, double f_n,
                                                double mu, double mu_v, double mu_k, double *f_t,
                                                double *f_t_lin)
{
    const double lin = mu_v * v_t + mu_k * delta_stick;
    const double cap = mu * fabs(f_n);
    if (f_t_lin != 0)
        *f_t_lin = lin;
    if (fabs(lin) <= cap) {
        if (f_t != 0)
            *f_t = lin;
        return MBC_STICK;
    }
    /* slip in the direction of the trial force (|lin| > cap >= 0: lin != 0) */
    const int state = (lin > 0.0) ? MBC_SLIP_POSITIVE : MBC_SLIP_NEGATIVE;
    if (f_t != 0)
        *f_t = cap * (double)state;
    return state;
}

/* mbc_slip_last_sticking_position. */
static inline double mbc_slip_last_sticking_position_inline(double x_cur_stick, int slip_state,
                                                            double mu, double f_n, double mu_k)
{
    if (mu_k == 0.0)
        return x_cur_stick;
    const double s = (slip_state > 0) ? 1.0 : (slip_state < 0 ? -1.0 : 0.0);
    return x_cur_stick - s * mu * fabs(f_n) / mu_k;
}

#endif /* MBCONNECT_FRICTION_H */
