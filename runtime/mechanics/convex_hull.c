/* SPDX-License-Identifier: BSD-3-Clause */
/* Convex roll hull (physics-notes.md, ContactConvexRoll). */
#include "convex_hull.h"

#include "mbconnect/vec.h"

#include <float.h>
#include <math.h>

/* p (p-1) ... (p-order+1): factor of x^p under `order` differentiations. */
static double falling_factorial(int p, int order)
{
    double f = 1.0;
    for (int j = 0; j < order; ++j)
        f *= (double)(p - j);
    return f;
}

/* Horner evaluation of the order-th derivative; *abs_sum (if not NULL)
 * receives the same polynomial with |coefficients| at |x| (rounding scale). */
static double eval_derivative(const double *k, int n, int order, double x, double *abs_sum)
{
    double acc = 0.0;
    double acc_abs = 0.0;
    const double ax = fabs(x);
    if (order < 0)
        order = 0;
    for (int i = 0; i < n - order; ++i) {
        const double c = k[i] * falling_factorial(n - 1 - i, order);
        acc = acc * x + c;
        acc_abs = acc_abs * ax + fabs(c);
    }
    if (abs_sum != 0)
        *abs_sum = acc_abs;
    return acc;
}

double mbc_poly_eval(const double *k, int n, double x)
{
    double acc = 0.0;
    for (int i = 0; i < n; ++i)
        acc = acc * x + k[i];
    return acc;
}

double mbc_poly_eval_derivative(const double *k, int n, int order, double x)
{
    return eval_derivative(k, n, order, x, 0);
}

int mbc_poly_derivative(const double *k, int n, double *dk)
{
    if (n <= 1) {
        dk[0] = 0.0;
        return 1;
    }
    for (int i = 0; i < n - 1; ++i)
        dk[i] = (double)(n - 1 - i) * k[i];
    return n - 1;
}

bool mbc_hull_is_convex(const double *k, int n, double L, int n_samples, double *x_violation)
{
    const double half = 0.5 * fabs(L);
    if (n_samples < 2)
        n_samples = 2;
    for (int j = 0; j < n_samples; ++j) {
        const double x =
            (j == n_samples - 1) ? half : -half + 2.0 * half * (double)j / (double)(n_samples - 1);
        double scale;
        const double rpp = eval_derivative(k, n, 2, x, &scale);
        if (rpp > 16.0 * (double)n * DBL_EPSILON * scale) {
            if (x_violation != 0)
                *x_violation = x;
            return false;
        }
    }
    return true;
}

double mbc_hull_bounding_radius(const double *k, int n, double L)
{
    enum { intervals = 1024 };
    const double half = 0.5 * fabs(L);
    const double h = 2.0 * half / intervals;
    double r_max = mbc_poly_eval(k, n, -half);
    double a = -half;
    double ga = eval_derivative(k, n, 1, a, 0);
    for (int j = 1; j <= intervals; ++j) {
        const double b = (j == intervals) ? half : -half + h * (double)j;
        const double gb = eval_derivative(k, n, 1, b, 0);
        const double rb = mbc_poly_eval(k, n, b);
        if (rb > r_max)
            r_max = rb;
        if (ga > 0.0 && gb < 0.0) { /* interior maximum of r in (a, b) */
            double lo = a, hi = b;
            for (int it = 0; it < 200 && hi - lo > 0.0; ++it) {
                const double m = 0.5 * (lo + hi);
                if (m <= lo || m >= hi)
                    break;
                if (eval_derivative(k, n, 1, m, 0) > 0.0)
                    lo = m;
                else
                    hi = m;
            }
            const double rm = fmax(mbc_poly_eval(k, n, lo), mbc_poly_eval(k, n, hi));
            if (rm > r_max)
                r_max = rm;
        }
        a = b;
        ga = gb;
    }
    return r_max;
}

/* Sign convention: g(x) = r'(x) + d_x / rho_d is (1/rho_d) times the
 * derivative of the depth d . p_hull(x) of the deepest hull circle at x. */
static double depth_slope(const double *k, int n, double c, double x)
{
    return eval_derivative(k, n, 1, x, 0) + c;
}

mbc_status mbc_hull_lowest_point(const double *k, int n, double L, const double A[9],
                                 const double p_m1[3], struct mbc_hull_contact *out)
{
    const double down[3] = {0.0, 0.0, -1.0};
    double d[3];
    mbc_mat3_tmul(A, down, d);
    const double rho_d = mbc_hypot2(d[1], d[2]);

    out->warnings = 0;
    out->clamped = 0;
    if (!(rho_d >= 1e-12)) {
        out->x = 0.0;
        for (int c = 0; c < 3; ++c) {
            out->p_local[c] = 0.0;
            out->p_global[c] = 0.0;
        }
        out->warnings = MBC_WARN_AXIS_VERTICAL;
        return MBC_ERR_VALUE;
    }

    const double half = 0.5 * fabs(L);
    const double c = d[0] / rho_d;
    double x = 0.0;
    const double g0 = depth_slope(k, n, c, 0.0);
    if (g0 != 0.0) {
        /* The root nearest 0 lies on the side the depth increases to. */
        const double end = (g0 > 0.0) ? half : -half;
        const double g_end = depth_slope(k, n, c, end);
        if ((g0 > 0.0 && g_end > 0.0) || (g0 < 0.0 && g_end < 0.0)) {
            x = end;
            out->clamped = 1;
        } else if (g_end == 0.0) {
            x = end;
        } else {
            /* Bracket [lo, hi] with g(lo) of the sign of g0, g(hi) of the other. */
            double lo = 0.0, hi = end;
            const double sign_lo = (g0 > 0.0) ? 1.0 : -1.0;
            const double tol = 1e-14 * half;
            int converged = 0;
            /* Newton safeguarded by bisection: bisect when the Newton step
             * leaves the bracket or does not halve the previous step. */
            double dx_old = fabs(hi - lo), dx = dx_old;
            x = 0.5 * (lo + hi);
            double gx = depth_slope(k, n, c, x);
            double dg = eval_derivative(k, n, 2, x, 0);
            for (int it = 0; it < 200; ++it) {
                if (gx == 0.0) {
                    converged = 1;
                    break;
                }
                if (gx * sign_lo > 0.0)
                    lo = x;
                else
                    hi = x;
                if (((x - hi) * dg - gx) * ((x - lo) * dg - gx) >= 0.0 ||
                    fabs(2.0 * gx) > fabs(dx_old * dg)) {
                    dx_old = dx;
                    dx = 0.5 * (hi - lo);
                    x = lo + dx;
                } else {
                    dx_old = dx;
                    dx = gx / dg;
                    x -= dx;
                }
                if (fabs(dx) <= tol) {
                    converged = 1;
                    break;
                }
                gx = depth_slope(k, n, c, x);
                dg = eval_derivative(k, n, 2, x, 0);
            }
            if (!converged)
                out->warnings |= MBC_WARN_HULL_NOT_CONVERGED;
        }
    }

    const double r = mbc_poly_eval(k, n, x);
    out->x = x;
    out->p_local[0] = x;
    out->p_local[1] = r * d[1] / rho_d;
    out->p_local[2] = r * d[2] / rho_d;
    mbc_mat3_mul(A, out->p_local, out->p_global);
    for (int j = 0; j < 3; ++j)
        out->p_global[j] += p_m1[j];
    return MBC_OK;
}
