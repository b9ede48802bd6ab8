/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/sticking.c: normalization, sign rule, sticking position. */
#include "test_util.h"

#include "mechanics/sticking.h"

static void test_normalize(void **state)
{
    (void)state;
    const double r = 0.5; /* period pi, interval [-pi/2, pi/2) */
    ASSERT_NEAR(mbc_sticking_normalize(0.3, r), 0.3, 0.0);
    ASSERT_NEAR(mbc_sticking_normalize(2.0, r), 2.0 - RT_PI, 1e-15);
    ASSERT_NEAR(mbc_sticking_normalize(-2.0, r), -2.0 + RT_PI, 1e-15);
    ASSERT_NEAR(mbc_sticking_normalize(RT_PI / 2, r), -RT_PI / 2, 1e-15); /* +pi r -> -pi r */
    ASSERT_NEAR(mbc_sticking_normalize(-RT_PI / 2, r), -RT_PI / 2, 1e-15);
    ASSERT_NEAR(mbc_sticking_normalize(2.0, -r), 2.0 - RT_PI, 1e-15); /* |r| */
    rt_rng g = {5};
    for (int k = 0; k < 10000; ++k) {
        const double x = rt_uniform(&g, -1000.0, 1000.0);
        const double y = mbc_sticking_normalize(x, r);
        assert_true(y >= -RT_PI * r - 1e-12 && y <= RT_PI * r + 1e-12);
        const double turns = (x - y) / (2 * RT_PI * r);
        ASSERT_NEAR(turns, round(turns), 1e-9);
    }
    /* r == 0: unchanged; huge x: finite and in range */
    ASSERT_NEAR(mbc_sticking_normalize(3.7, 0.0), 3.7, 0.0);
    const double y = mbc_sticking_normalize(1e300, 1.0);
    assert_true(y >= -RT_PI && y < RT_PI);
}

/* Differences across +-pi r take the short way round. */
static void test_difference(void **state)
{
    (void)state;
    const double r = 0.5, edge = RT_PI * r;
    ASSERT_NEAR(mbc_sticking_difference(edge - 0.01, -edge + 0.01, r), -0.02, 1e-14);
    ASSERT_NEAR(mbc_sticking_difference(-edge + 0.01, edge - 0.01, r), 0.02, 1e-14);
    ASSERT_NEAR(mbc_sticking_difference(0.2, 0.1, r), 0.1, 1e-15);
}

/* Sign rule: s = -1 if t.(p_{i+1} - p_i) > 0 else +1; value of x_curStick. */
static void test_sign_rule_and_value(void **state)
{
    (void)state;
    const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const double n[2] = {0.0, -1.0}; /* circle above the cable; t = [1, 0] */
    const double a[2] = {0.0, 0.0}, b[2] = {1.0, 0.0};
    const double r = 0.5, rho = 0.3, lseg = 0.2;
    double s = 0.0;
    double x = mbc_sticking_position(n, I, r, rho, lseg, 0.0, a, b, &s);
    ASSERT_NEAR(s, -1.0, 0.0);
    /* alpha = atan2(-1, 0) = -pi/2; x = -pi/2 r - (0.3 * 0.2) */
    ASSERT_NEAR(x, -RT_PI / 4 - 0.06, 1e-15);
    x = mbc_sticking_position(n, I, r, rho, lseg, 0.0, b, a, &s); /* reversed segment */
    ASSERT_NEAR(s, 1.0, 0.0);
    ASSERT_NEAR(x, -RT_PI / 4 + 0.06, 1e-15);
    /* perpendicular segment: t.(seg) = 0 -> +1 */
    const double c[2] = {0.0, 1.0};
    mbc_sticking_position(n, I, r, rho, lseg, 0.0, a, c, &s);
    ASSERT_NEAR(s, 1.0, 0.0);
    /* ALE offset o = -ALE coordinate */
    x = mbc_sticking_position(n, I, r, rho, lseg, 0.01, a, b, NULL);
    ASSERT_NEAR(x, -RT_PI / 4 - (0.06 - 0.01), 1e-15);
    /* circle rotated by beta: alpha = -pi/2 - beta */
    double A[9];
    rt_rot_z(0.4, A);
    x = mbc_sticking_position(n, A, r, rho, lseg, 0.0, a, b, NULL);
    ASSERT_NEAR(x, (-RT_PI / 2 - 0.4) * r - 0.06, 1e-15);
    /* a value beyond -pi r is wrapped */
    rt_rot_z(1.5, A);
    x = mbc_sticking_position(n, A, r, rho, lseg, 0.0, a, b, NULL);
    ASSERT_NEAR(x, (-RT_PI / 2 - 1.5) * r - 0.06 + 2 * RT_PI * r, 1e-14);
}

/* Pure rolling of the circle along a straight cable keeps x_curStick constant
 * (seed: x_s + x_c = const). */
static void test_rolling_invariance(void **state)
{
    (void)state;
    const double r = 0.5, lseg = 1.0;
    const double a[2] = {0.0, 0.0}, b[2] = {1.0, 0.0};
    const double n[2] = {0.0, -1.0};
    double x0 = 0.0;
    for (int k = 0; k <= 10; ++k) {
        const double shift = 0.08 * k; /* center moves right by shift */
        double A[9];
        rt_rot_z(-shift / r, A); /* rolling clockwise */
        const double x = mbc_sticking_position(n, A, r, 0.1 + shift, lseg, 0.0, a, b, NULL);
        if (k == 0)
            x0 = x;
        ASSERT_NEAR(x, x0, 1e-14);
    }
}

/* r == 0: no NaN, only the segment part remains. */
static void test_zero_radius(void **state)
{
    (void)state;
    const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const double n[2] = {0.0, -1.0}, a[2] = {0.0, 0.0}, b[2] = {1.0, 0.0};
    const double x = mbc_sticking_position(n, I, 0.0, 0.5, 4.0, 0.0, a, b, NULL);
    ASSERT_NEAR(x, -2.0, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalize),           cmocka_unit_test(test_difference),
        cmocka_unit_test(test_sign_rule_and_value), cmocka_unit_test(test_rolling_invariance),
        cmocka_unit_test(test_zero_radius),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
