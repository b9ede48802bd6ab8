/* SPDX-License-Identifier: BSD-3-Clause */
/* ANCF Cable2D element (physics-notes.md, "ANCF Cable2D shape functions"). */
#include "mbconnect/ancf_cable2d.h"

#include <math.h>

#include "mbconnect/vec.h"
#include <stddef.h>

void mbc_ancf_cable2d_shape_functions(double x, double L, double S[4])
{
    if (L == 0.0) {
        S[0] = 1.0;
        S[1] = 0.0;
        S[2] = 0.0;
        S[3] = 0.0;
        return;
    }
    const double xi = x / L;
    const double xi2 = xi * xi;
    const double xi3 = xi2 * xi;
    S[0] = 1.0 - 3.0 * xi2 + 2.0 * xi3;
    S[1] = L * (xi - 2.0 * xi2 + xi3);
    S[2] = 3.0 * xi2 - 2.0 * xi3;
    S[3] = L * (-xi2 + xi3);
}

void mbc_ancf_cable2d_shape_functions_dx(double x, double L, double dS[4])
{
    if (L == 0.0) {
        dS[0] = 0.0;
        dS[1] = 1.0;
        dS[2] = 0.0;
        dS[3] = 0.0;
        return;
    }
    const double xi = x / L;
    const double xi2 = xi * xi;
    dS[0] = (-6.0 * xi + 6.0 * xi2) / L;
    dS[1] = 1.0 - 4.0 * xi + 3.0 * xi2;
    dS[2] = (6.0 * xi - 6.0 * xi2) / L;
    dS[3] = -2.0 * xi + 3.0 * xi2;
}

void mbc_ancf_cable2d_shape_functions_dx2(double x, double L, double ddS[4])
{
    if (L == 0.0) {
        ddS[0] = 0.0;
        ddS[1] = 0.0;
        ddS[2] = 0.0;
        ddS[3] = 0.0;
        return;
    }
    const double xi = x / L;
    ddS[0] = (-6.0 + 12.0 * xi) / (L * L);
    ddS[1] = (-4.0 + 6.0 * xi) / L;
    ddS[2] = (6.0 - 12.0 * xi) / (L * L);
    ddS[3] = (-2.0 + 6.0 * xi) / L;
}

/* out = (S (x) I2) q for a 4-vector of shape-function values S. */
static void interpolate(const double S[4], const double q[8], double out[2])
{
    out[0] = S[0] * q[0] + S[1] * q[2] + S[2] * q[4] + S[3] * q[6];
    out[1] = S[0] * q[1] + S[1] * q[3] + S[2] * q[5] + S[3] * q[7];
}

void mbc_ancf_cable2d_position(const double q[8], double L, double x, double r[2])
{
    double S[4];
    mbc_ancf_cable2d_shape_functions(x, L, S);
    interpolate(S, q, r);
}

void mbc_ancf_cable2d_slope(const double q[8], double L, double x, double r_x[2])
{
    double dS[4];
    mbc_ancf_cable2d_shape_functions_dx(x, L, dS);
    interpolate(dS, q, r_x);
}

void mbc_ancf_cable2d_slope_dx(const double q[8], double L, double x, double r_xx[2])
{
    double ddS[4];
    mbc_ancf_cable2d_shape_functions_dx2(x, L, ddS);
    interpolate(ddS, q, r_xx);
}

void mbc_ancf_cable2d_velocity(const double q_t[8], double L, double x, double v[2])
{
    mbc_ancf_cable2d_position(q_t, L, x, v);
}

/* Axial coordinate of marker point i of n: x_i = i L / n, exactly L at i = n. */
static double point_coordinate(int i, int n, double L)
{
    return (i == n) ? L : (double)i * L / (double)n;
}

mbc_status mbc_ancf_cable2d_shape_points(const double q[8], double L, double h, int n,
                                         double *points, unsigned *warnings)
{
    if (n < 1 || q == NULL || points == NULL)
        return MBC_ERR_VALUE;
    unsigned warn = 0;
    for (int i = 0; i <= n; ++i) {
        const double x = point_coordinate(i, n, L);
        double r[2];
        mbc_ancf_cable2d_position(q, L, x, r);
        if (h != 0.0) {
            double rp[2];
            mbc_ancf_cable2d_slope(q, L, x, rp);
            const double len = mbc_hypot2(rp[0], rp[1]);
            if (len > 0.0) {
                r[0] += h * (-rp[1] / len);
                r[1] += h * (rp[0] / len);
            } else {
                warn |= MBC_WARN_CABLE_ZERO_SLOPE;
            }
        }
        points[2 * i] = r[0];
        points[2 * i + 1] = r[1];
    }
    if (warnings)
        *warnings = warn;
    return MBC_OK;
}

mbc_status mbc_ancf_cable2d_shape_point_velocities(const double q[8], const double q_t[8], double L,
                                                   double h, double s_t, int n, double *velocities,
                                                   unsigned *warnings)
{
    if (n < 1 || q == NULL || q_t == NULL || velocities == NULL)
        return MBC_ERR_VALUE;
    unsigned warn = 0;
    for (int i = 0; i <= n; ++i) {
        const double x = point_coordinate(i, n, L);
        double v[2], rp[2];
        mbc_ancf_cable2d_velocity(q_t, L, x, v);
        mbc_ancf_cable2d_slope(q, L, x, rp);
        v[0] += s_t * rp[0];
        v[1] += s_t * rp[1];
        if (h != 0.0) {
            const double len = mbc_hypot2(rp[0], rp[1]);
            if (len > 0.0) {
                double rp_t[2], rpp[2];
                mbc_ancf_cable2d_slope(q_t, L, x, rp_t);
                mbc_ancf_cable2d_slope_dx(q, L, x, rpp);
                rp_t[0] += s_t * rpp[0];
                rp_t[1] += s_t * rpp[1];
                const double e[2] = {rp[0] / len, rp[1] / len};
                /* omega = (r'_x r'_t,y - r'_y r'_t,x)/|r'|^2, the rotation rate of
                 * e = r'/|r'|; dN/dt = -omega e (written without |r'|^2). */
                const double omega = (e[0] * rp_t[1] - e[1] * rp_t[0]) / len;
                v[0] -= h * omega * e[0];
                v[1] -= h * omega * e[1];
            } else {
                warn |= MBC_WARN_CABLE_ZERO_SLOPE;
            }
        }
        velocities[2 * i] = v[0];
        velocities[2 * i + 1] = v[1];
    }
    if (warnings)
        *warnings = warn;
    return MBC_OK;
}

mbc_status mbc_ancf_cable2d_shape_point_jacobian(const double q[8], double L, double h, int n,
                                                 double *jac, unsigned *warnings)
{
    if (n < 1 || q == NULL || jac == NULL)
        return MBC_ERR_VALUE;
    unsigned warn = 0;
    for (int i = 0; i <= n; ++i) {
        const double x = point_coordinate(i, n, L);
        double S[4];
        mbc_ancf_cable2d_shape_functions(x, L, S);
        double *row_x = jac + (size_t)(2 * i) * 8;
        double *row_y = row_x + 8;
        for (int k = 0; k < 4; ++k) {
            row_x[2 * k] = S[k];
            row_x[2 * k + 1] = 0.0;
            row_y[2 * k] = 0.0;
            row_y[2 * k + 1] = S[k];
        }
        if (h == 0.0)
            continue;
        double dS[4], rp[2];
        mbc_ancf_cable2d_shape_functions_dx(x, L, dS);
        interpolate(dS, q, rp);
        const double len = mbc_hypot2(rp[0], rp[1]);
        if (!(len > 0.0)) {
            warn |= MBC_WARN_CABLE_ZERO_SLOPE;
            continue;
        }
        const double e[2] = {rp[0] / len, rp[1] / len};
        const double N[2] = {-e[1], e[0]};
        /* D = dN/dr' = (P - N e^T)/|r'|, P = [[0,-1],[1,0]]. */
        const double D00 = (0.0 - N[0] * e[0]) / len;
        const double D01 = (-1.0 - N[0] * e[1]) / len;
        const double D10 = (1.0 - N[1] * e[0]) / len;
        const double D11 = (0.0 - N[1] * e[1]) / len;
        for (int k = 0; k < 4; ++k) {
            row_x[2 * k] += h * D00 * dS[k];
            row_x[2 * k + 1] += h * D01 * dS[k];
            row_y[2 * k] += h * D10 * dS[k];
            row_y[2 * k + 1] += h * D11 * dS[k];
        }
    }
    if (warnings)
        *warnings = warn;
    return MBC_OK;
}
