/* SPDX-License-Identifier: BSD-3-Clause */
/* Friction laws (Stribeck, regularized Coulomb, Coulomb cap with stick/slip). */
#include "mbconnect/friction.h"

#include <math.h>

#include "mbconnect/vec.h"

double mbc_stribeck(double v, const struct mbc_stribeck_params *p, double *dmu_dv)
{
    const double av = fabs(v);
    const double mu_static = p->mu_d + p->mu_s_off;
    if (av <= p->v_reg && p->v_reg != 0.0) {
        if (dmu_dv != 0)
            *dmu_dv = mu_static / p->v_reg;
        return mu_static * v / p->v_reg;
    }
    if (v == 0.0) { /* only reached with v_reg == 0: sign(0) = 0 */
        if (dmu_dv != 0)
            *dmu_dv = 0.0;
        return 0.0;
    }
    const double s = (v > 0.0) ? 1.0 : -1.0;
    const double excess = av - p->v_reg;
    double decay = 0.0;
    double ddecay = 0.0; /* d decay / d|v| */
    if (p->v_exp > 0.0) {
        decay = exp(-excess / p->v_exp);
        ddecay = -decay / p->v_exp;
    }
    if (dmu_dv != 0) {
        /* d/dv [s g(|v|)] = g'(|v|) since s^2 = 1 */
        *dmu_dv = p->mu_s_off * ddecay + p->mu_v;
    }
    return s * (p->mu_d + p->mu_s_off * decay + p->mu_v * excess);
}

int mbc_regularized_coulomb_force(const double v_t[3], double v_branch, double mu_d, double f_n,
                                  double v_reg, double f_t[3])
{
    double factor;
    int branch;
    if (v_branch < v_reg) {
        factor = mu_d * f_n / v_reg; /* v_reg > v_branch >= 0 here */
        branch = MBC_COULOMB_REGULARIZED;
    } else {
        const double vrel = mbc_hypot3(v_t[0], v_t[1], v_t[2]);
        factor = (vrel > 0.0) ? mu_d * f_n / vrel : 0.0;
        branch = MBC_COULOMB_SLIDING;
    }
    if (!isfinite(factor)) {
        /* tiny v_reg or |v_t|: keep the direction, cap at the sliding magnitude */
        const double vrel = mbc_hypot3(v_t[0], v_t[1], v_t[2]);
        factor = (vrel > 0.0) ? mu_d * f_n / vrel : 0.0;
    }
    for (int k = 0; k < 3; ++k)
        f_t[k] = -v_t[k] * factor;
    return branch;
}

int mbc_coulomb_stick_slip(double v_t, double delta_stick, double f_n, double mu, double mu_v,
                           double mu_k, double *f_t, double *f_t_lin)
{
    return mbc_coulomb_stick_slip_inline(v_t, delta_stick, f_n, mu, mu_v, mu_k, f_t, f_t_lin);
}

double mbc_slip_last_sticking_position(double x_cur_stick, int slip_state, double mu, double f_n,
                                       double mu_k)
{
    return mbc_slip_last_sticking_position_inline(x_cur_stick, slip_state, mu, f_n, mu_k);
}

double mbc_friction_tangent_force_newton(int state, double v_t, double delta_stick, double f_n,
                                         double mu, double mu_v, double mu_k)
{
    if (state == MBC_SLIP_POSITIVE || state == MBC_SLIP_NEGATIVE)
        return mu * fabs(f_n) * (double)state;
    const double d = (mu_k == 0.0 || state == MBC_STICK_UNDEFINED) ? 0.0 : delta_stick;
    return mu_v * v_t + mu_k * d;
}
