/* SPDX-License-Identifier: BSD-3-Clause */
/* ALE sliding (seed JointALEMoving2D; physics-notes.md, JointALEMoving2D). */
#include "ale.h"

#include "mbconnect/ancf_cable2d.h"

#include <math.h>

double mbc_ale_element_coordinate(double q_ale, double s_off, const double *offsets, int index)
{
    return q_ale + s_off - offsets[index];
}

int mbc_ale_update_index(double s_el, double L, int index, int sn, double *error, unsigned *warning)
{
    double err = 0.0;
    unsigned warn = 0;
    int next = index;
    if (s_el < 0.0) {
        next = index - 1;
        err = fabs(s_el);
    } else if (s_el > L) {
        next = index + 1;
        err = fabs(s_el - L);
    }
    if (sn < 1) {
        next = 0;
        warn |= MBC_WARN_ALE_NO_ELEMENTS;
    } else if (next < 0) {
        next = 0;
        warn |= MBC_WARN_ALE_CLAMPED_LOW;
    } else if (next > sn - 1) {
        next = sn - 1;
        warn |= MBC_WARN_ALE_CLAMPED_HIGH;
    }
    if (error != 0)
        *error = err;
    if (warning != 0)
        *warning = warn;
    return next;
}

void mbc_ale_position_residual(const double q[8], double L, double s_el, const double p_m0[2],
                               double dp[2])
{
    double r[2];
    mbc_ancf_cable2d_position(q, L, s_el, r);
    dp[0] = r[0] - p_m0[0];
    dp[1] = r[1] - p_m0[1];
}

void mbc_ale_velocity_residual(const double q[8], const double q_t[8], double L, double s_el,
                               double q_ale_t, const double v_m0[2], double dv[2])
{
    double v[2], rp[2];
    mbc_ancf_cable2d_velocity(q_t, L, s_el, v);
    mbc_ancf_cable2d_slope(q, L, s_el, rp);
    dv[0] = v[0] + q_ale_t * rp[0] - v_m0[0];
    dv[1] = v[1] + q_ale_t * rp[1] - v_m0[1];
}

/* out[2x8] = factor * (N (x) I2), row-major. */
static void kron_i2(const double N[4], double factor, double out[16])
{
    for (int k = 0; k < 4; ++k) {
        out[2 * k] = factor * N[k];
        out[2 * k + 1] = 0.0;
        out[8 + 2 * k] = 0.0;
        out[8 + 2 * k + 1] = factor * N[k];
    }
}

void mbc_ale_position_jacobian(const double q[8], double L, double s_el, double d_dq[16],
                               double d_dale[2])
{
    if (d_dq != 0) {
        double S[4];
        mbc_ancf_cable2d_shape_functions(s_el, L, S);
        kron_i2(S, 1.0, d_dq);
    }
    if (d_dale != 0)
        mbc_ancf_cable2d_slope(q, L, s_el, d_dale);
}

void mbc_ale_velocity_jacobian(const double q[8], const double q_t[8], double L, double s_el,
                               double q_ale_t, double d_dq_t[16], double d_dale_t[2],
                               double d_dq[16], double d_dale[2])
{
    if (d_dq_t != 0) {
        double S[4];
        mbc_ancf_cable2d_shape_functions(s_el, L, S);
        kron_i2(S, 1.0, d_dq_t);
    }
    if (d_dale_t != 0)
        mbc_ancf_cable2d_slope(q, L, s_el, d_dale_t);
    if (d_dq != 0) {
        double dS[4];
        mbc_ancf_cable2d_shape_functions_dx(s_el, L, dS);
        kron_i2(dS, q_ale_t, d_dq);
    }
    if (d_dale != 0) {
        double a[2], b[2];
        mbc_ancf_cable2d_slope(q_t, L, s_el, a);
        mbc_ancf_cable2d_slope_dx(q, L, s_el, b);
        d_dale[0] = a[0] + q_ale_t * b[0];
        d_dale[1] = a[1] + q_ale_t * b[1];
    }
}

/* r = sum_j N_j q_j for the 2D coordinate k (q = [r0, r0', r1, r1'], each 2D). */
static double combine(const double N[4], const double q[8], int k)
{
    return N[0] * q[k] + N[1] * q[2 + k] + N[2] * q[4 + k] + N[3] * q[6 + k];
}

void mbc_ale_equations(const double q[8], const double q_t[8], double L, double s_el, double s_t,
                       const double p_m0[2], const double v_m0[2], struct mbc_ale_equations *out)
{
    double S[4], dS[4], ddS[4];
    mbc_ancf_cable2d_shape_functions(s_el, L, S);
    mbc_ancf_cable2d_shape_functions_dx(s_el, L, dS);
    mbc_ancf_cable2d_shape_functions_dx2(s_el, L, ddS);
    for (int k = 0; k < 2; ++k) {
        const double r = combine(S, q, k), rp = combine(dS, q, k), rpp = combine(ddS, q, k);
        out->position[k] = r - p_m0[k];
        out->velocity[k] = combine(S, q_t, k) + s_t * rp - v_m0[k];
        out->d_ds[k] = rp;
        out->dv_dst[k] = rp;
        out->dv_ds[k] = combine(dS, q_t, k) + s_t * rpp;
    }
    kron_i2(S, 1.0, out->d_dq);
    kron_i2(dS, s_t, out->dv_dq);
}
