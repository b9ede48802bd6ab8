/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/ancf_cable2d.c: shape functions, Cable2DShape points,
 * velocities and the point Jacobian. */
#include "test_util.h"

#include "mbconnect/ancf_cable2d.h"

#include <stdlib.h>

/* Test-side offset point p(x) = r(x) + h N(r'(x)), from the (separately
 * verified) position and slope, at an arbitrary x. */
static void offset_point(const double q[8], double L, double h, double x, double p[2])
{
    double r[2], rp[2];
    mbc_ancf_cable2d_position(q, L, x, r);
    mbc_ancf_cable2d_slope(q, L, x, rp);
    const double len = hypot(rp[0], rp[1]);
    p[0] = r[0] - h * rp[1] / len;
    p[1] = r[1] + h * rp[0] / len;
}

/* Cubic test field f(x) = (x^3 - 2x^2 + 0.5, 0.3x^3 + x) and its derivatives. */
static void cubic(double x, double f[2], double fx[2], double fxx[2])
{
    f[0] = x * x * x - 2 * x * x + 0.5;
    f[1] = 0.3 * x * x * x + x;
    fx[0] = 3 * x * x - 4 * x;
    fx[1] = 0.9 * x * x + 1;
    fxx[0] = 6 * x - 4;
    fxx[1] = 1.8 * x;
}

/* q of an element carrying the cubic field on [0, L]. */
static void cubic_q(double L, double q[8])
{
    double f[2], fx[2], fxx[2];
    cubic(0.0, f, fx, fxx);
    q[0] = f[0], q[1] = f[1], q[2] = fx[0], q[3] = fx[1];
    cubic(L, f, fx, fxx);
    q[4] = f[0], q[5] = f[1], q[6] = fx[0], q[7] = fx[1];
}

/* S1 + S3 = 1 (rigid translation), nodal values and slopes reproduced. */
static void test_shape_function_properties(void **state)
{
    (void)state;
    const double L = 1.7;
    for (int k = 0; k <= 20; ++k) {
        const double x = L * k / 20.0;
        double S[4], dS[4];
        mbc_ancf_cable2d_shape_functions(x, L, S);
        mbc_ancf_cable2d_shape_functions_dx(x, L, dS);
        ASSERT_NEAR(S[0] + S[2], 1.0, 1e-15);
        ASSERT_NEAR(dS[0] + dS[2], 0.0, 1e-14);
        /* a linear field a + b x is reproduced exactly: S2 + S4 + L S3 = x */
        ASSERT_NEAR(S[1] + S[3] + L * S[2], x, 1e-15);
    }
    double S[4], dS[4];
    mbc_ancf_cable2d_shape_functions(0.0, L, S);
    mbc_ancf_cable2d_shape_functions_dx(0.0, L, dS);
    const double S0[4] = {1, 0, 0, 0}, dS0[4] = {0, 1, 0, 0};
    for (int i = 0; i < 4; ++i) {
        ASSERT_NEAR(S[i], S0[i], 1e-15);
        ASSERT_NEAR(dS[i], dS0[i], 1e-15);
    }
    mbc_ancf_cable2d_shape_functions(L, L, S);
    mbc_ancf_cable2d_shape_functions_dx(L, L, dS);
    const double SL[4] = {0, 0, 1, 0}, dSL[4] = {0, 0, 0, 1};
    for (int i = 0; i < 4; ++i) {
        ASSERT_NEAR(S[i], SL[i], 1e-15);
        ASSERT_NEAR(dS[i], dSL[i], 1e-15);
    }
    /* nodes and slopes of arbitrary q */
    const double q[8] = {0.1, -0.2, 0.9, 0.3, 1.8, 0.4, 1.1, -0.5};
    double r[2], rp[2];
    mbc_ancf_cable2d_position(q, L, 0.0, r);
    mbc_ancf_cable2d_slope(q, L, 0.0, rp);
    ASSERT_NEAR(r[0], 0.1, 1e-15);
    ASSERT_NEAR(r[1], -0.2, 1e-15);
    ASSERT_NEAR(rp[0], 0.9, 1e-15);
    ASSERT_NEAR(rp[1], 0.3, 1e-15);
    mbc_ancf_cable2d_position(q, L, L, r);
    mbc_ancf_cable2d_slope(q, L, L, rp);
    ASSERT_NEAR(r[0], 1.8, 1e-15);
    ASSERT_NEAR(r[1], 0.4, 1e-15);
    ASSERT_NEAR(rp[0], 1.1, 1e-15);
    ASSERT_NEAR(rp[1], -0.5, 1e-15);
}

/* Hermite interpolation reproduces any cubic exactly, with derivatives. */
static void test_cubic_reproduction(void **state)
{
    (void)state;
    const double L = 1.7;
    double q[8];
    cubic_q(L, q);
    for (int k = 0; k <= 17; ++k) {
        const double x = L * k / 17.0;
        double f[2], fx[2], fxx[2], r[2], rp[2], rpp[2];
        cubic(x, f, fx, fxx);
        mbc_ancf_cable2d_position(q, L, x, r);
        mbc_ancf_cable2d_slope(q, L, x, rp);
        mbc_ancf_cable2d_slope_dx(q, L, x, rpp);
        for (int c = 0; c < 2; ++c) {
            ASSERT_NEAR(r[c], f[c], 1e-13);
            ASSERT_NEAR(rp[c], fx[c], 1e-13);
            ASSERT_NEAR(rpp[c], fxx[c], 1e-12);
        }
    }
}

/* dS/dx and d2S/dx2 against central differences. */
static void test_shape_derivatives_fd(void **state)
{
    (void)state;
    const double L = 0.8, h = 1e-6;
    for (int k = 0; k <= 10; ++k) {
        const double x = L * k / 10.0;
        double Sp[4], Sm[4], dS[4], dSp[4], dSm[4], ddS[4];
        mbc_ancf_cable2d_shape_functions(x + h, L, Sp);
        mbc_ancf_cable2d_shape_functions(x - h, L, Sm);
        mbc_ancf_cable2d_shape_functions_dx(x, L, dS);
        mbc_ancf_cable2d_shape_functions_dx(x + h, L, dSp);
        mbc_ancf_cable2d_shape_functions_dx(x - h, L, dSm);
        mbc_ancf_cable2d_shape_functions_dx2(x, L, ddS);
        for (int i = 0; i < 4; ++i) {
            ASSERT_NEAR(dS[i], (Sp[i] - Sm[i]) / (2 * h), 1e-8);
            ASSERT_NEAR(ddS[i], (dSp[i] - dSm[i]) / (2 * h), 1e-7);
        }
    }
}

/* Straight undeformed cable: equally spaced points on the line; offset h
 * shifts every point by exactly h along the left normal. Large n. */
static void test_straight_cable(void **state)
{
    (void)state;
    const double L = 2.5, e[2] = {cos(0.7), sin(0.7)};
    const double p0[2] = {0.3, -1.2};
    const double q[8] = {p0[0], p0[1], e[0], e[1], p0[0] + L * e[0], p0[1] + L * e[1], e[0], e[1]};
    const int ns[3] = {1, 256, 1000};
    for (int t = 0; t < 3; ++t) {
        const int n = ns[t];
        double *pts = malloc(sizeof(double) * 2 * (size_t)(n + 1));
        double *off = malloc(sizeof(double) * 2 * (size_t)(n + 1));
        assert_non_null(pts);
        assert_non_null(off);
        assert_int_equal(mbc_ancf_cable2d_shape_points(q, L, 0.0, n, pts, NULL), MBC_OK);
        assert_int_equal(mbc_ancf_cable2d_shape_points(q, L, 0.05, n, off, NULL), MBC_OK);
        for (int i = 0; i <= n; ++i) {
            const double s = L * i / n;
            ASSERT_NEAR(pts[2 * i], p0[0] + s * e[0], 1e-14);
            ASSERT_NEAR(pts[2 * i + 1], p0[1] + s * e[1], 1e-14);
            ASSERT_NEAR(off[2 * i] - pts[2 * i], -0.05 * e[1], 1e-15);
            ASSERT_NEAR(off[2 * i + 1] - pts[2 * i + 1], 0.05 * e[0], 1e-15);
        }
        free(pts);
        free(off);
    }
}

static void rotate2(const double R[4], const double *in, double *out, int count)
{
    for (int i = 0; i < count; ++i) {
        out[2 * i] = R[0] * in[2 * i] + R[1] * in[2 * i + 1];
        out[2 * i + 1] = R[2] * in[2 * i] + R[3] * in[2 * i + 1];
    }
}

/* Rotating all node vectors of q (and q_t) rotates points and velocities. */
static void test_rigid_rotation(void **state)
{
    (void)state;
    const double L = 1.3, h = 0.04, s_t = 0.7;
    const int n = 7;
    const double q[8] = {0.1, -0.2, 0.9, 0.3, 1.2, 0.1, 1.1, -0.5};
    const double q_t[8] = {0.3, 0.2, -0.1, 0.4, -0.2, 0.5, 0.3, 0.1};
    const double a = 1.1, R[4] = {cos(a), -sin(a), sin(a), cos(a)};
    double qr[8], qr_t[8];
    rotate2(R, q, qr, 4);
    rotate2(R, q_t, qr_t, 4);
    double p[16], pr[16], pe[16], v[16], vr[16], ve[16];
    mbc_ancf_cable2d_shape_points(q, L, h, n, p, NULL);
    mbc_ancf_cable2d_shape_points(qr, L, h, n, pr, NULL);
    mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, h, s_t, n, v, NULL);
    mbc_ancf_cable2d_shape_point_velocities(qr, qr_t, L, h, s_t, n, vr, NULL);
    rotate2(R, p, pe, n + 1);
    rotate2(R, v, ve, n + 1);
    for (int i = 0; i < 2 * (n + 1); ++i) {
        ASSERT_NEAR(pr[i], pe[i], 1e-14);
        ASSERT_NEAR(vr[i], ve[i], 1e-14);
    }
}

/* Point velocities = d/dt p(q + t q_t, x_i + t s_t), by central differences
 * in time, for h = 0 and h != 0, with and without the ALE velocity. */
static void test_velocity_fd_in_time(void **state)
{
    (void)state;
    const double L = 1.3;
    const int n = 6;
    const double q[8] = {0.1, -0.2, 0.9, 0.3, 1.2, 0.1, 1.1, -0.5};
    const double q_t[8] = {0.3, 0.2, -0.1, 0.4, -0.2, 0.5, 0.3, 0.1};
    const double hs[2] = {0.0, 0.07}, sts[2] = {0.0, -0.6};
    const double dt = 1e-6;
    for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
            const double h = hs[a], s_t = sts[b];
            double v[14];
            assert_int_equal(mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, h, s_t, n, v, NULL),
                             MBC_OK);
            double qp[8], qm[8];
            for (int j = 0; j < 8; ++j) {
                qp[j] = q[j] + dt * q_t[j];
                qm[j] = q[j] - dt * q_t[j];
            }
            for (int i = 0; i <= n; ++i) {
                const double x = L * i / n;
                double pp[2], pm[2];
                offset_point(qp, L, h, x + dt * s_t, pp);
                offset_point(qm, L, h, x - dt * s_t, pm);
                ASSERT_NEAR(v[2 * i], (pp[0] - pm[0]) / (2 * dt), 1e-8);
                ASSERT_NEAR(v[2 * i + 1], (pp[1] - pm[1]) / (2 * dt), 1e-8);
            }
        }
    }
    /* the notes' offset term alone: v(h) - v(0) = -h omega/|r'| r' (s_t = 0) */
    double v0[14], vh[14];
    mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.0, 0.0, n, v0, NULL);
    mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.07, 0.0, n, vh, NULL);
    for (int i = 0; i <= n; ++i) {
        const double x = L * i / n;
        double rp[2], rp_t[2];
        mbc_ancf_cable2d_slope(q, L, x, rp);
        mbc_ancf_cable2d_slope(q_t, L, x, rp_t);
        const double l2 = rp[0] * rp[0] + rp[1] * rp[1];
        const double omega = (rp[0] * rp_t[1] - rp[1] * rp_t[0]) / l2;
        ASSERT_NEAR(vh[2 * i] - v0[2 * i], -0.07 * omega / sqrt(l2) * rp[0], 1e-14);
        ASSERT_NEAR(vh[2 * i + 1] - v0[2 * i + 1], -0.07 * omega / sqrt(l2) * rp[1], 1e-14);
    }
    /* the notes' convective term: v(s_t) - v(0) = s_t r'(x_i) (h = 0) */
    double vs[14];
    mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.0, 0.25, n, vs, NULL);
    for (int i = 0; i <= n; ++i) {
        double rp[2];
        mbc_ancf_cable2d_slope(q, L, L * i / n, rp);
        ASSERT_NEAR(vs[2 * i] - v0[2 * i], 0.25 * rp[0], 1e-15);
        ASSERT_NEAR(vs[2 * i + 1] - v0[2 * i + 1], 0.25 * rp[1], 1e-15);
    }
}

/* d(points)/dq against central differences, h = 0 and h != 0. */
static void test_point_jacobian_fd(void **state)
{
    (void)state;
    const double L = 1.3, dq = 1e-6;
    const int n = 5, rows = 2 * (n + 1);
    const double q[8] = {0.1, -0.2, 0.9, 0.3, 1.2, 0.1, 1.1, -0.5};
    const double hs[3] = {0.0, 0.07, -0.3};
    for (int a = 0; a < 3; ++a) {
        double J[12 * 8];
        assert_int_equal(mbc_ancf_cable2d_shape_point_jacobian(q, L, hs[a], n, J, NULL), MBC_OK);
        for (int j = 0; j < 8; ++j) {
            double qp[8], qm[8], pp[12], pm[12];
            for (int m = 0; m < 8; ++m)
                qp[m] = qm[m] = q[m];
            qp[j] += dq;
            qm[j] -= dq;
            mbc_ancf_cable2d_shape_points(qp, L, hs[a], n, pp, NULL);
            mbc_ancf_cable2d_shape_points(qm, L, hs[a], n, pm, NULL);
            for (int r = 0; r < rows; ++r)
                ASSERT_NEAR(J[r * 8 + j], (pp[r] - pm[r]) / (2 * dq), 1e-8);
        }
    }
}

/* Zero slope with an offset: warning flag, no NaN; invalid n rejected;
 * L == 0 gives the documented limit. */
static void test_degenerate_inputs(void **state)
{
    (void)state;
    const double q[8] = {0, 0, 0, 0, 1, 0, 1, 0}; /* r'(0) = 0 */
    double p[6], v[6], J[48];
    const double q_t[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    unsigned w[3] = {0, 0, 0};
    assert_int_equal(mbc_ancf_cable2d_shape_points(q, 1.0, 0.1, 2, p, &w[0]), MBC_OK);
    assert_int_equal(mbc_ancf_cable2d_shape_point_velocities(q, q_t, 1.0, 0.1, 0.0, 2, v, &w[1]),
                     MBC_OK);
    assert_int_equal(mbc_ancf_cable2d_shape_point_jacobian(q, 1.0, 0.1, 2, J, &w[2]), MBC_OK);
    for (int i = 0; i < 3; ++i)
        assert_int_equal(w[i], MBC_WARN_CABLE_ZERO_SLOPE);
    for (int i = 0; i < 6; ++i) {
        ASSERT_FINITE(p[i]);
        ASSERT_FINITE(v[i]);
    }
    for (int i = 0; i < 48; ++i)
        ASSERT_FINITE(J[i]);
    ASSERT_NEAR(p[0], 0.0, 0.0); /* no offset applied at the zero-slope point */
    assert_int_equal(mbc_ancf_cable2d_shape_points(q, 1.0, 0.0, 0, p, NULL), MBC_ERR_VALUE);
    assert_int_equal(mbc_ancf_cable2d_shape_point_jacobian(q, 1.0, 0.0, -3, J, NULL),
                     MBC_ERR_VALUE);
    double S[4], dS[4], ddS[4];
    mbc_ancf_cable2d_shape_functions(0.3, 0.0, S);
    mbc_ancf_cable2d_shape_functions_dx(0.3, 0.0, dS);
    mbc_ancf_cable2d_shape_functions_dx2(0.3, 0.0, ddS);
    ASSERT_NEAR(S[0], 1.0, 0.0);
    ASSERT_NEAR(dS[1], 1.0, 0.0);
    ASSERT_NEAR(ddS[0], 0.0, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_function_properties),
        cmocka_unit_test(test_cubic_reproduction),
        cmocka_unit_test(test_shape_derivatives_fd),
        cmocka_unit_test(test_straight_cable),
        cmocka_unit_test(test_rigid_rotation),
        cmocka_unit_test(test_velocity_fd_in_time),
        cmocka_unit_test(test_point_jacobian_fd),
        cmocka_unit_test(test_degenerate_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
