/* SPDX-License-Identifier: BSD-3-Clause */
/* Normal contact laws: linear, EAPM, Hunt-Crossley, Gonthier/Carvalho-Martins. */
#include "mbconnect/contact_laws.h"

#include <math.h>

double mbc_linear_spring_damper(double k, double d, double g, double v)
{
    return k * g + d * v;
}

double mbc_contact_power(double x, double n)
{
    if (x == 0.0)
        return 0.0;
    const double ax = fabs(x);
    double m;
    if (n == 1.0)
        return x;
    else if (n == 1.5)
        m = ax * sqrt(ax);
    else if (n == 2.0)
        m = ax * ax;
    else
        m = pow(ax, n);
    return (x > 0.0) ? m : -m;
}

mbc_status mbc_eapm_force(const struct mbc_eapm_params *p, double delta, double delta_p,
                          double *f_c, int *branch)
{
    if (!(p->lambda_p >= 0.0 && p->lambda_p < 1.0) || !(p->n_exp > 0.0)) {
        *f_c = 0.0;
        if (branch != 0)
            *branch = MBC_EAPM_ELASTIC;
        return MBC_ERR_VALUE;
    }
    const double dn = mbc_contact_power(delta, p->n_exp);
    const double loading = p->k_c * dn;
    int b;
    double f;
    if (p->lambda_p == 0.0) {
        b = MBC_EAPM_ELASTIC;
        f = loading;
    } else {
        const double k2 = p->k_c / (1.0 - p->lambda_p);
        const double unloading = k2 * (dn - mbc_contact_power(delta_p, p->n_exp));
        const double adhesion = -p->k_adh * mbc_contact_power(delta, p->n_adh);
        if (unloading >= loading) {
            b = MBC_EAPM_LOADING;
            f = -p->f_adh + loading;
        } else if (unloading > adhesion) {
            b = MBC_EAPM_UNLOADING;
            f = -p->f_adh + unloading;
        } else {
            b = MBC_EAPM_ADHESION;
            f = -p->f_adh + adhesion;
        }
    }
    *f_c = f;
    if (branch != 0)
        *branch = b;
    return MBC_OK;
}

double mbc_eapm_plastic_overlap(double lambda_p, double n_exp, double delta,
                                double delta_p_previous)
{
    /* The model needs lambda_p in [0, 1) (K2 = k_c / (1 - lambda_p)); outside
     * it lambda_p^(1/n_exp) overflows for small n_exp (fuzz_eval found inf
     * for impact models 1 and 2, which do not validate lambda_p). */
    if (!(lambda_p > 0.0) || !(lambda_p < 1.0) || !(n_exp > 0.0))
        return delta_p_previous;
    double factor; /* lambda_p^(1/n_exp) */
    if (n_exp == 1.0)
        factor = lambda_p;
    else if (n_exp == 1.5)
        factor = cbrt(lambda_p * lambda_p);
    else
        factor = pow(lambda_p, 1.0 / n_exp);
    const double candidate = factor * delta;
    return (candidate > delta_p_previous) ? candidate : delta_p_previous;
}

double mbc_impact_velocity(double minimum_impact_velocity, double stored_impact_velocity)
{
    return (stored_impact_velocity > minimum_impact_velocity) ? stored_impact_velocity
                                                              : minimum_impact_velocity;
}

mbc_status mbc_restitution_lambda(int model, double k_c, double e, double impact_velocity,
                                  double *lambda)
{
    *lambda = 0.0;
    if (!(e > 0.0))
        return MBC_ERR_VALUE;
    if (model != MBC_IMPACT_EAPM && model != MBC_IMPACT_HUNT_CROSSLEY && model != MBC_IMPACT_MIXED)
        return MBC_ERR_VALUE;
    if (model == MBC_IMPACT_EAPM || impact_velocity == 0.0)
        return MBC_OK;
    double shape; /* lambda * v / k_c */
    if (model == MBC_IMPACT_HUNT_CROSSLEY)
        shape = 1.5 * (e - 1.0);
    else if (e > 1.0 / 3.0)
        shape = 1.5 * (e - 1.0) * (11.0 - e) / (1.0 + 9.0 * e);
    else
        shape = (e * e - 1.0) / e;
    *lambda = k_c / impact_velocity * shape;
    return MBC_OK;
}

double mbc_restitution_force(double k_c, double n_exp, double lambda, double delta, double v_n)
{
    const double dn = mbc_contact_power(delta, n_exp);
    return k_c * dn + lambda * dn * v_n;
}
