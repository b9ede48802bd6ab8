/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/contact_laws.c: linear law, EAPM, restitution models. */
#include "test_util.h"

#include "mbconnect/contact_laws.h"

static const struct mbc_eapm_params EAPM = {
    .k_c = 1e4, .n_exp = 1.5, .lambda_p = 0.5, .f_adh = 1.0, .k_adh = 2e3, .n_adh = 1.0};

static double eapm(const struct mbc_eapm_params *p, double delta, double delta_p, int *branch)
{
    double f = NAN;
    assert_int_equal(mbc_eapm_force(p, delta, delta_p, &f, branch), MBC_OK);
    return f;
}

static void test_linear_and_power(void **state)
{
    (void)state;
    ASSERT_NEAR(mbc_linear_spring_damper(1e5, 10.0, -0.01, -0.2), -1002.0, 1e-12);
    ASSERT_NEAR(mbc_contact_power(0.7, 1.0), 0.7, 0.0);
    ASSERT_NEAR(mbc_contact_power(0.04, 1.5), 0.008, 1e-18);
    ASSERT_NEAR(mbc_contact_power(-0.04, 1.5), -0.008, 1e-18);
    ASSERT_NEAR(mbc_contact_power(3.0, 2.0), 9.0, 0.0);
    ASSERT_NEAR(mbc_contact_power(2.0, 2.5), pow(2.0, 2.5), 1e-15);
    ASSERT_NEAR(mbc_contact_power(0.0, 1.5), 0.0, 0.0);
}

/* The three EAPM branches with hand-computed values (k2 = 2e4). */
static void test_eapm_branches(void **state)
{
    (void)state;
    int b = -1;
    /* loading: no plastic overlap yet: k2 delta^1.5 >= k_c delta^1.5 */
    ASSERT_NEAR(eapm(&EAPM, 0.01, 0.0, &b), -1.0 + 1e4 * 0.001, 1e-12);
    assert_int_equal(b, MBC_EAPM_LOADING);
    /* unloading: -1 + 2e4 (0.01^1.5 - 0.008^1.5) */
    ASSERT_NEAR(eapm(&EAPM, 0.01, 0.008, &b), 4.689164944001346, 1e-12);
    assert_int_equal(b, MBC_EAPM_UNLOADING);
    /* adhesion: 2e4 (0.002^1.5 - 0.008^1.5) = -12.52 < -k_adh delta = -4 */
    ASSERT_NEAR(eapm(&EAPM, 0.002, 0.008, &b), -1.0 - 2e3 * 0.002, 1e-12);
    assert_int_equal(b, MBC_EAPM_ADHESION);
    /* adhesion uses n_adh, not n_exp */
    struct mbc_eapm_params p = EAPM;
    p.n_adh = 2.0;
    ASSERT_NEAR(eapm(&p, 0.002, 0.008, &b), -1.0 - 2e3 * 0.002 * 0.002, 1e-12);
    assert_int_equal(b, MBC_EAPM_ADHESION);
    /* lambda_p = 0: plain k_c delta^n, adhesion off */
    p = EAPM;
    p.lambda_p = 0.0;
    ASSERT_NEAR(eapm(&p, 0.04, 0.03, &b), 1e4 * 0.008, 1e-12);
    assert_int_equal(b, MBC_EAPM_ELASTIC);
}

/* Find the overlap where the branch changes between lo and hi (bisection) and
 * check that the force is continuous there. */
static void check_switch(double delta_p, double lo, double hi, int b_lo, int b_hi)
{
    int b;
    eapm(&EAPM, lo, delta_p, &b);
    assert_int_equal(b, b_lo);
    eapm(&EAPM, hi, delta_p, &b);
    assert_int_equal(b, b_hi);
    for (int it = 0; it < 200 && nextafter(lo, hi) != hi; ++it) {
        const double m = 0.5 * (lo + hi);
        eapm(&EAPM, m, delta_p, &b);
        if (b == b_lo)
            lo = m;
        else
            hi = m;
    }
    ASSERT_NEAR(eapm(&EAPM, lo, delta_p, NULL), eapm(&EAPM, hi, delta_p, NULL), 1e-10);
}

static void test_eapm_continuity(void **state)
{
    (void)state;
    const double dp = 0.008;
    /* adhesion -> unloading -> loading as delta grows at fixed delta_p */
    check_switch(dp, 0.002, 0.01, MBC_EAPM_ADHESION, MBC_EAPM_UNLOADING);
    check_switch(dp, 0.01, 0.1, MBC_EAPM_UNLOADING, MBC_EAPM_LOADING);
    /* on virgin loading delta_p = lambda^(1/n) delta lies on the switch */
    const double d = 0.013;
    const double dpl = mbc_eapm_plastic_overlap(EAPM.lambda_p, EAPM.n_exp, d, 0.0);
    const double k2 = EAPM.k_c / (1 - EAPM.lambda_p);
    ASSERT_NEAR(k2 * (pow(d, 1.5) - pow(dpl, 1.5)), EAPM.k_c * pow(d, 1.5), 1e-12);
}

static void test_eapm_plastic_overlap(void **state)
{
    (void)state;
    ASSERT_NEAR(mbc_eapm_plastic_overlap(0.5, 1.5, 0.01, 0.0), 0.006299605249474366, 1e-17);
    ASSERT_NEAR(mbc_eapm_plastic_overlap(0.5, 1.5, 0.01, 0.007), 0.007, 0.0);
    ASSERT_NEAR(mbc_eapm_plastic_overlap(0.5, 1.0, 0.01, 0.0), 0.005, 1e-18);
    ASSERT_NEAR(mbc_eapm_plastic_overlap(0.5, 2.0, 0.01, 0.0), 0.007071067811865476, 1e-17);
    ASSERT_NEAR(mbc_eapm_plastic_overlap(0.0, 1.5, 0.01, 0.002), 0.002, 0.0);
}

static void test_eapm_invalid(void **state)
{
    (void)state;
    struct mbc_eapm_params p = EAPM;
    double f = 1.0;
    p.lambda_p = 1.0;
    assert_int_equal(mbc_eapm_force(&p, 0.01, 0.0, &f, NULL), MBC_ERR_VALUE);
    ASSERT_NEAR(f, 0.0, 0.0);
    p.lambda_p = -0.1;
    assert_int_equal(mbc_eapm_force(&p, 0.01, 0.0, &f, NULL), MBC_ERR_VALUE);
    p = EAPM;
    p.n_exp = 0.0;
    assert_int_equal(mbc_eapm_force(&p, 0.01, 0.0, &f, NULL), MBC_ERR_VALUE);
}

static double lambda_of(int model, double e, double v)
{
    double l = NAN;
    assert_int_equal(mbc_restitution_lambda(model, 1e5, e, v, &l), MBC_OK);
    return l;
}

static void test_restitution_values(void **state)
{
    (void)state;
    ASSERT_NEAR(lambda_of(MBC_IMPACT_HUNT_CROSSLEY, 0.8, 2.0), -15000.0, 1e-9);
    ASSERT_NEAR(lambda_of(MBC_IMPACT_MIXED, 0.8, 2.0), -18658.536585365855, 1e-9);
    ASSERT_NEAR(lambda_of(MBC_IMPACT_MIXED, 0.2, 2.0), -240000.0, 1e-8);
    ASSERT_NEAR(lambda_of(MBC_IMPACT_EAPM, 0.2, 2.0), 0.0, 0.0);
    /* zero at e = 1 */
    ASSERT_NEAR(lambda_of(MBC_IMPACT_HUNT_CROSSLEY, 1.0, 2.0), 0.0, 0.0);
    ASSERT_NEAR(lambda_of(MBC_IMPACT_MIXED, 1.0, 2.0), 0.0, 0.0);
    /* impact velocity 0: term skipped */
    ASSERT_NEAR(lambda_of(MBC_IMPACT_MIXED, 0.5, 0.0), 0.0, 0.0);
    /* impact velocity rule */
    ASSERT_NEAR(mbc_impact_velocity(0.1, 0.05), 0.1, 0.0);
    ASSERT_NEAR(mbc_impact_velocity(0.1, 2.0), 2.0, 0.0);
    ASSERT_NEAR(mbc_impact_velocity(0.0, 0.0), 0.0, 0.0);
    /* f_c = k_c delta^n + lambda delta^n v_n */
    ASSERT_NEAR(mbc_restitution_force(1e5, 1.5, -15000.0, 0.04, -1.0), 1e5 * 0.008 + 15000 * 0.008,
                1e-9);
    ASSERT_NEAR(mbc_restitution_force(1e5, 1.0, -15000.0, 0.04, 0.5), 4000.0 - 300.0, 1e-9);
}

/* Mixed law continuous at e = 1/3 (both -8/3 k_c/v). */
static void test_restitution_continuity(void **state)
{
    (void)state;
    const double third = 1.0 / 3.0;
    const double a = lambda_of(MBC_IMPACT_MIXED, third, 1.0);
    const double b = lambda_of(MBC_IMPACT_MIXED, nextafter(third, 1.0), 1.0);
    ASSERT_NEAR(a, -8.0 / 3.0 * 1e5, 1e-9);
    ASSERT_NEAR(b, a, 1e-12 * fabs(a));
    const double c = lambda_of(MBC_IMPACT_MIXED, third + 1e-9, 1.0);
    const double d = lambda_of(MBC_IMPACT_MIXED, third - 1e-9, 1.0);
    ASSERT_NEAR(c, d, 2.5e-3); /* |dlambda/de| ~ k_c (1 + 1/e^2) = 1e6 over 2e-9 */
}

static void test_restitution_invalid(void **state)
{
    (void)state;
    double l = 1.0;
    assert_int_equal(mbc_restitution_lambda(MBC_IMPACT_MIXED, 1e5, 0.0, 1.0, &l), MBC_ERR_VALUE);
    ASSERT_NEAR(l, 0.0, 0.0);
    assert_int_equal(mbc_restitution_lambda(MBC_IMPACT_HUNT_CROSSLEY, 1e5, -0.5, 1.0, &l),
                     MBC_ERR_VALUE);
    assert_int_equal(mbc_restitution_lambda(MBC_IMPACT_EAPM, 1e5, 0.0, 1.0, &l), MBC_ERR_VALUE);
    assert_int_equal(mbc_restitution_lambda(7, 1e5, 0.5, 1.0, &l), MBC_ERR_VALUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_linear_and_power),       cmocka_unit_test(test_eapm_branches),
        cmocka_unit_test(test_eapm_continuity),        cmocka_unit_test(test_eapm_plastic_overlap),
        cmocka_unit_test(test_eapm_invalid),           cmocka_unit_test(test_restitution_values),
        cmocka_unit_test(test_restitution_continuity), cmocka_unit_test(test_restitution_invalid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
