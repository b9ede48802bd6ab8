/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/convex_hull.c: polynomial, derivatives, concavity check,
 * bounding radius, lowest-point search. */
#include "test_util.h"

#include "mechanics/convex_hull.h"
#include "mbconnect/vec.h"

/* Lowest global z of the hull surface by brute-force sampling. */
static double brute_force_min_z(const double *k, int n, double L, const double A[9], double z0)
{
    double zmin = INFINITY;
    for (int i = 0; i <= 2000; ++i) {
        const double x = -0.5 * L + L * i / 2000.0;
        const double r = mbc_poly_eval(k, n, x);
        for (int j = 0; j < 3600; ++j) {
            const double phi = 2 * RT_PI * j / 3600.0;
            const double p[3] = {x, r * cos(phi), r * sin(phi)};
            zmin = fmin(zmin, A[6] * p[0] + A[7] * p[1] + A[8] * p[2] + z0);
        }
    }
    return zmin;
}

static void test_poly_eval_and_derivatives(void **state)
{
    (void)state;
    const double k[4] = {2.0, -3.0, 0.0, 5.0}; /* 2x^3 - 3x^2 + 5 */
    ASSERT_NEAR(mbc_poly_eval(k, 4, 1.5), 5.0, 1e-15);
    ASSERT_NEAR(mbc_poly_eval(k, 4, -2.0), -23.0, 1e-15);
    ASSERT_NEAR(mbc_poly_eval(k, 0, 3.0), 0.0, 0.0);
    double dk[3], ddk[2];
    assert_int_equal(mbc_poly_derivative(k, 4, dk), 3);
    ASSERT_NEAR(dk[0], 6.0, 0.0);
    ASSERT_NEAR(dk[1], -6.0, 0.0);
    ASSERT_NEAR(dk[2], 0.0, 0.0);
    assert_int_equal(mbc_poly_derivative(dk, 3, ddk), 2);
    ASSERT_NEAR(ddk[0], 12.0, 0.0);
    ASSERT_NEAR(ddk[1], -6.0, 0.0);
    const double c[1] = {0.7};
    double dc[1] = {1.0};
    assert_int_equal(mbc_poly_derivative(c, 1, dc), 1);
    ASSERT_NEAR(dc[0], 0.0, 0.0);
    /* derivative coefficients and direct derivative evaluation vs central differences */
    const double h = 1e-6;
    for (int i = -10; i <= 10; ++i) {
        const double x = 0.13 * i;
        const double fd1 = (mbc_poly_eval(k, 4, x + h) - mbc_poly_eval(k, 4, x - h)) / (2 * h);
        const double fd2 = (mbc_poly_eval(dk, 3, x + h) - mbc_poly_eval(dk, 3, x - h)) / (2 * h);
        ASSERT_NEAR(mbc_poly_eval(dk, 3, x), fd1, 1e-7);
        ASSERT_NEAR(mbc_poly_eval(ddk, 2, x), fd2, 1e-7);
        ASSERT_NEAR(mbc_poly_eval_derivative(k, 4, 1, x), mbc_poly_eval(dk, 3, x), 1e-13);
        ASSERT_NEAR(mbc_poly_eval_derivative(k, 4, 2, x), mbc_poly_eval(ddk, 2, x), 1e-13);
        ASSERT_NEAR(mbc_poly_eval_derivative(k, 4, 3, x), 12.0, 0.0);
        ASSERT_NEAR(mbc_poly_eval_derivative(k, 4, 4, x), 0.0, 0.0);
        ASSERT_NEAR(mbc_poly_eval_derivative(k, 4, 0, x), mbc_poly_eval(k, 4, x), 0.0);
    }
}

static void test_concavity_check(void **state)
{
    (void)state;
    const double barrel[3] = {-0.2, 0.0, 0.5};
    const double cylinder[1] = {0.5};
    const double cone[2] = {0.1, 0.5};
    const double quartic[5] = {-1.0, 0.0, 0.0, 0.0, 0.5}; /* r'' = -12 x^2, 0 at x = 0 */
    const double bowl[3] = {1.0, 0.0, 0.5};               /* r'' = 2 > 0 */
    const double cubic[4] = {1.0, 0.0, 0.0, 0.5};         /* r'' = 6x > 0 for x > 0 */
    assert_int_equal(mbc_hull_is_convex(barrel, 3, 2.0, 1001, NULL), 1);
    assert_int_equal(mbc_hull_is_convex(cylinder, 1, 2.0, 1001, NULL), 1);
    assert_int_equal(mbc_hull_is_convex(cone, 2, 2.0, 1001, NULL), 1);
    assert_int_equal(mbc_hull_is_convex(quartic, 5, 2.0, 1001, NULL), 1);
    double xv = NAN;
    assert_int_equal(mbc_hull_is_convex(bowl, 3, 2.0, 1001, &xv), 0);
    ASSERT_NEAR(xv, -1.0, 0.0);
    assert_int_equal(mbc_hull_is_convex(cubic, 4, 2.0, 1001, &xv), 0);
    assert_true(xv > 0.0 && xv <= 0.002 + 1e-15);
    /* convex on a short interval, not on a longer one: r = 0.5 - x^2 + x^4/4,
     * r'' = -2 + 3 x^2 > 0 for |x| > sqrt(2/3) */
    const double w[5] = {0.25, 0.0, -1.0, 0.0, 0.5};
    assert_int_equal(mbc_hull_is_convex(w, 5, 1.6, 1001, NULL), 1);
    assert_int_equal(mbc_hull_is_convex(w, 5, 1.7, 1001, NULL), 0);
}

static void test_bounding_radius(void **state)
{
    (void)state;
    const double barrel[3] = {-0.2, 0.0, 0.5};
    ASSERT_NEAR(mbc_hull_bounding_radius(barrel, 3, 2.0), 0.5, 1e-15);
    const double shifted[3] = {-1.0, 0.3, 1.0}; /* max at x = 0.15: 1.0225, r(0) = 1 */
    ASSERT_NEAR(mbc_hull_bounding_radius(shifted, 3, 2.0), 1.0225, 1e-15);
    const double cone[2] = {0.1, 0.5};
    ASSERT_NEAR(mbc_hull_bounding_radius(cone, 2, 2.0), 0.6, 1e-15);
    const double bowl[3] = {1.0, 0.0, 0.5};
    ASSERT_NEAR(mbc_hull_bounding_radius(bowl, 3, 2.0), 1.5, 1e-15);
}

/* A cylinder tilted by a small angle touches at its lower end. */
static void test_tilted_cylinder(void **state)
{
    (void)state;
    const double cyl[1] = {0.5}, L = 2.0, th = 0.05, c = cos(th), s = sin(th);
    const double p_m1[3] = {0.3, -0.2, 1.0};
    double A[9];
    rt_rot_y(th, A); /* local +x end goes down */
    struct mbc_hull_contact hc;
    assert_int_equal(mbc_hull_lowest_point(cyl, 1, L, A, p_m1, &hc), MBC_OK);
    assert_int_equal(hc.warnings, 0);
    assert_int_equal(hc.clamped, 1);
    ASSERT_NEAR(hc.x, 1.0, 0.0);
    ASSERT_NEAR(hc.p_local[1], 0.0, 1e-16);
    ASSERT_NEAR(hc.p_local[2], -0.5, 1e-15);
    ASSERT_NEAR(hc.p_global[0], 0.3 + c - 0.5 * s, 1e-15);
    ASSERT_NEAR(hc.p_global[1], -0.2, 1e-15);
    ASSERT_NEAR(hc.p_global[2], 1.0 - s - 0.5 * c, 1e-15);
    const double zmin = brute_force_min_z(cyl, 1, L, A, p_m1[2]);
    assert_true(hc.p_global[2] <= zmin + 1e-15);
    /* tilted the other way: the -x end */
    rt_rot_y(-th, A);
    assert_int_equal(mbc_hull_lowest_point(cyl, 1, L, A, p_m1, &hc), MBC_OK);
    ASSERT_NEAR(hc.x, -1.0, 0.0);
    /* level cylinder: the whole line touches, root nearest 0 */
    rt_rot_y(0.0, A);
    assert_int_equal(mbc_hull_lowest_point(cyl, 1, L, A, p_m1, &hc), MBC_OK);
    ASSERT_NEAR(hc.x, 0.0, 0.0);
    assert_int_equal(hc.clamped, 0);
    ASSERT_NEAR(hc.p_global[2], 0.5, 1e-15);
}

/* Barrel r = R - a x^2 tilted by th: r'(x) = -tan(th) at x = tan(th)/(2a). */
static void test_tilted_barrel(void **state)
{
    (void)state;
    const double R = 0.5, a = 0.2, L = 2.0, th = 0.1;
    const double k[3] = {-a, 0.0, R};
    const double p_m1[3] = {0.0, 0.0, 0.4};
    const double x_exact = tan(th) / (2 * a);
    const double r_exact = R - a * x_exact * x_exact;
    const double rolls[3] = {0.0, 0.8, -2.5};
    for (int j = 0; j < 3; ++j) {
        /* an extra spin about the roll axis must not change the contact */
        double Ry[9], Rx[9], A[9];
        rt_rot_y(th, Ry);
        rt_rot_x(rolls[j], Rx);
        rt_mat_mul(Ry, Rx, A);
        struct mbc_hull_contact hc;
        assert_int_equal(mbc_hull_lowest_point(k, 3, L, A, p_m1, &hc), MBC_OK);
        assert_int_equal(hc.warnings, 0);
        assert_int_equal(hc.clamped, 0);
        ASSERT_NEAR(hc.x, x_exact, 1e-14);
        ASSERT_NEAR(hypot(hc.p_local[1], hc.p_local[2]), r_exact, 1e-15);
        ASSERT_NEAR(hc.p_global[2], 0.4 - sin(th) * x_exact - cos(th) * r_exact, 1e-15);
        ASSERT_NEAR(hc.p_global[1], 0.0, 1e-15);
        if (j == 1) {
            const double zmin = brute_force_min_z(k, 3, L, A, p_m1[2]);
            assert_true(hc.p_global[2] <= zmin + 1e-15);
            assert_true(hc.p_global[2] >= zmin - 1e-5);
        }
    }
}

/* Higher-degree convex hull under a general rotation: the optimality
 * condition r'(x) = -d_x/rho_d holds to 1e-14 and no sampled point is lower. */
static void test_general_rotation(void **state)
{
    (void)state;
    const double k[5] = {-0.125, 0.0, -0.25, 0.05, 1.0}; /* 1 + 0.05x - x^2/4 - x^4/8 */
    const double L = 1.6;
    assert_int_equal(mbc_hull_is_convex(k, 5, L, 1001, NULL), 1);
    rt_rng g = {99};
    for (int t = 0; t < 20; ++t) {
        double A[9];
        rt_random_rotation(&g, A);
        const double p_m1[3] = {0.1, 0.2, 0.3};
        struct mbc_hull_contact hc;
        assert_int_equal(mbc_hull_lowest_point(k, 5, L, A, p_m1, &hc), MBC_OK);
        assert_int_equal(hc.warnings & MBC_WARN_HULL_NOT_CONVERGED, 0);
        const double d[3] = {-A[6], -A[7], -A[8]};
        const double rho = hypot(d[1], d[2]);
        if (!hc.clamped)
            ASSERT_NEAR(mbc_poly_eval_derivative(k, 5, 1, hc.x), -d[0] / rho, 1e-14);
        if (t < 3) {
            const double zmin = brute_force_min_z(k, 5, L, A, p_m1[2]);
            assert_true(hc.p_global[2] <= zmin + 1e-14);
            assert_true(hc.p_global[2] >= zmin - 1e-4);
        }
        /* global point = A p_local + p_m1 */
        double pg[3];
        mbc_mat3_mul(A, hc.p_local, pg);
        for (int c = 0; c < 3; ++c)
            ASSERT_NEAR(hc.p_global[c], pg[c] + p_m1[c], 1e-15);
    }
}

/* Vertical roll axis: no contact, warning, no NaN. */
static void test_vertical_axis(void **state)
{
    (void)state;
    const double k[3] = {-0.2, 0.0, 0.5};
    const double p_m1[3] = {1, 2, 3};
    const double angles[2] = {RT_PI / 2, -RT_PI / 2};
    for (int j = 0; j < 2; ++j) {
        double A[9];
        rt_rot_y(angles[j], A);
        struct mbc_hull_contact hc;
        assert_int_equal(mbc_hull_lowest_point(k, 3, 2.0, A, p_m1, &hc), MBC_ERR_VALUE);
        assert_int_equal(hc.warnings, MBC_WARN_AXIS_VERTICAL);
        ASSERT_NEAR(hc.x, 0.0, 0.0);
        for (int c = 0; c < 3; ++c) {
            ASSERT_NEAR(hc.p_local[c], 0.0, 0.0);
            ASSERT_NEAR(hc.p_global[c], 0.0, 0.0);
        }
    }
    /* just above the threshold still works */
    double A[9];
    rt_rot_y(RT_PI / 2 - 1e-9, A);
    struct mbc_hull_contact hc;
    assert_int_equal(mbc_hull_lowest_point(k, 3, 2.0, A, p_m1, &hc), MBC_OK);
    ASSERT_FINITE(hc.p_global[2]);
    ASSERT_NEAR(hc.x, 1.0, 0.0); /* r'(x) = -tan(th) has no root in [-1, 1] */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_poly_eval_and_derivatives),
        cmocka_unit_test(test_concavity_check),
        cmocka_unit_test(test_bounding_radius),
        cmocka_unit_test(test_tilted_cylinder),
        cmocka_unit_test(test_tilted_barrel),
        cmocka_unit_test(test_general_rotation),
        cmocka_unit_test(test_vertical_axis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
