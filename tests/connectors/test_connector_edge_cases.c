/* Behaviour at boundaries and on side paths that the rest of the suite did not
 * pin down: every test here kills mutants of the runtime C files that survived the
 * mutation campaign of issue #19 (tests/mutation/). Each expected value is
 * independent of the code under test: a hand computation from the seed and
 * physics-notes.md, or a documented contract (the public headers). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/contact_laws.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/friction.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/sticking.h"

/* ContactConvexRoll PostNewtonStep with activeConnector = false: the data are
 * copied, no error, no recommended step and no warning (the warnings field
 * was not checked on this path). */
static void test_convex_roll_inactive_post_newton(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {{0}};
    mbc_contact_convex_roll_params_init(&p);
    static const double cylinder[1] = {0.4};
    p.coefficientsHull = malloc(sizeof cylinder);
    assert_non_null(p.coefficientsHull);
    memcpy(p.coefficientsHull, cylinder, sizeof cylinder);
    p.coefficientsHull_count = 1;
    p.rollLength = 1.0;
    assert_int_equal(mbc_contact_convex_roll_initialise(&p, &err), MBC_OK);
    p.activeConnector = false;
    mbc_rigid_marker m[2];
    memset(m, 0, sizeof m);
    for (int j = 0; j < 2; ++j) {
        m[j].rotation[0] = m[j].rotation[4] = m[j].rotation[8] = 1.0;
    }
    m[1].position[2] = 0.3;
    double data[3] = {0.25, -0.5, 0.125}, nd[3] = {9, 9, 9};
    mbc_state s = {0};
    s.marker[0] = &m[0];
    s.marker[1] = &m[1];
    s.data = data;
    s.data_start = data;
    s.data_count = 3;
    mbc_post_newton pn;
    memset(&pn, 0x7f, sizeof pn);
    pn.data = nd;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
    assert_int_equal(pn.warnings, 0u);
    ASSERT_NEAR(pn.error, 0.0, 0.0);
    assert_true(pn.recommended_step < 0.0);
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(nd[i], data[i], 0.0);
    }
    mbc_contact_convex_roll_params_free(&p);
}

/* Regularised Coulomb law (friction.h): the branch comes from v_branch, the
 * regularised one only while v_branch < v_reg (seed: "if data[1] < v_reg").
 * At v_branch == v_reg the sliding law applies: with v_t = (0.5, 0, 0),
 * mu_d = 0.4, f_n = 10: f_t = -v_t mu_d f_n / |v_t| = (-4, 0, 0); the
 * regularised law would give -0.5 * 0.4 * 10 / 0.001 = -2000. */
static void test_regularised_coulomb_branch_boundary(void **state)
{
    (void)state;
    const double v_t[3] = {0.5, 0.0, 0.0};
    double f[3];
    assert_int_equal(mbc_regularized_coulomb_force(v_t, 0.001, 0.4, 10.0, 0.001, f),
                     MBC_COULOMB_SLIDING);
    ASSERT_NEAR(f[0], -4.0, 1e-14);
    ASSERT_NEAR(f[1], 0.0, 0.0);
    ASSERT_NEAR(f[2], 0.0, 0.0);
    assert_int_equal(mbc_regularized_coulomb_force(v_t, 0.000999, 0.4, 10.0, 0.001, f),
                     MBC_COULOMB_REGULARISED);
    ASSERT_NEAR(f[0], -2000.0, 1e-10);
}

/* The generic layer refuses an algebraic-equation call without Lagrange
 * multipliers, and with non-finite ones, before the hook runs (evaluate.h:
 * inputs are checked once at the API boundary). The index-3 hook itself does
 * not read z, so without that check the call would succeed. */
static void test_evaluate_checks_lagrange(void **state)
{
    (void)state;
    mbc_error err = {{0}};
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(o);
    const double markers[2] = {0, 1}, nodes[2] = {2, 3}, sliding[1] = {1}, offsets[1] = {0};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "nodeNumbers", nodes, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", sliding, 1, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", offsets, 1, &err), MBC_OK);
    mbc_error errs[4];
    size_t nviol = 0;
    assert_int_equal(mbc_object_initialise(o, errs, 4, &nviol), MBC_OK);
    mbc_rigid_marker m0;
    memset(&m0, 0, sizeof m0);
    m0.rotation[0] = m0.rotation[4] = m0.rotation[8] = 1.0;
    m0.position[0] = 0.5;
    mbc_cable_element el = {.q = {0, 0, 1, 0, 1, 0, 1, 0}, .length = 1.0};
    double data[1] = {0};
    mbc_state s = {0};
    s.marker[0] = &m0;
    s.cables = &el;
    s.cable_count = 1;
    s.ale_q = 0.5;
    s.data = data;
    s.data_start = data;
    s.data_count = 1;
    mbc_algebraic a;
    assert_int_equal(mbc_object_algebraic_equations(o, &s, &a, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "JointALEMoving2D: Lagrange multipliers are missing");
    const double z_bad[2] = {0.0, NAN};
    s.lagrange = z_bad;
    assert_int_not_equal(mbc_object_algebraic_equations(o, &s, &a, &err), MBC_OK);
    const double z[2] = {1.0, 2.0};
    s.lagrange = z;
    assert_int_equal(mbc_object_algebraic_equations(o, &s, &a, &err), MBC_OK);
    ASSERT_NEAR(a.position[0], 0.0, 1e-15); /* r(0.5) = (0.5, 0) on the straight element */
    ASSERT_NEAR(a.position[1], 0.0, 1e-15);
    mbc_object_destroy(o);
}

/* Sticking-position normalisation (notes: x - floor(x/(2 pi r) + 1/2) 2 pi r,
 * into [-pi r, pi r)) for |x| so large that x / (2 pi r) >= 2^52, where the
 * runtime takes its exact fmod path: the result must still lie in
 * [-pi r, pi r) and differ from x by a whole number of periods. */
static void test_stick_normalize_huge_values(void **state)
{
    (void)state;
    const double r = 1.0, period = 2.0 * RT_PI * r;
    int upper_half = 0;
    for (int k = 0; k < 64; ++k) {
        const double x = (k % 2 ? -1.0 : 1.0) * (1e17 + 1e4 * k);
        const double y = mbc_stick_normalize(x, r);
        assert_true(y >= -0.5 * period && y < 0.5 * period);
        /* x - y is a multiple of the period: fmod(x - y, period) is 0 up to
         * rounding of the huge x (ulp(1e17) = 16) */
        const double m = fmod(fmod(x, period) - y, period);
        assert_true(fabs(m) < 1e-9 || fabs(fabs(m) - period) < 1e-9);
        upper_half += (fmod(fabs(x), period) > 0.1);
    }
    assert_true(upper_half > 10); /* the values cover the range that matters */
}

/* rBoundingSphere = max of r on [-L/2, L/2] (notes), here at the LEFT end:
 * r(x) = 0.4 - 0.1 x (a cone, r'' = 0), L = 1: max r(-0.5) = 0.45. */
static void test_bounding_radius_at_left_end(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {{0}};
    mbc_contact_convex_roll_params_init(&p);
    static const double cone[2] = {-0.1, 0.4};
    p.coefficientsHull = malloc(sizeof cone);
    assert_non_null(p.coefficientsHull);
    memcpy(p.coefficientsHull, cone, sizeof cone);
    p.coefficientsHull_count = 2;
    p.rollLength = 1.0;
    assert_int_equal(mbc_contact_convex_roll_initialise(&p, &err), MBC_OK);
    ASSERT_NEAR(p.rBoundingSphere, 0.45, 1e-15);
    /* mirrored: maximum at the right end */
    p.coefficientsHull[0] = 0.1;
    assert_int_equal(mbc_contact_convex_roll_initialise(&p, &err), MBC_OK);
    ASSERT_NEAR(p.rBoundingSphere, 0.45, 1e-15);
    mbc_contact_convex_roll_params_free(&p);
}

/* mbc_param_set_indices on a fixed-size index parameter stores the values in
 * order (object.h: checked setters). */
static void test_param_set_indices_fixed_size(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {{0}};
    mbc_contact_convex_roll_params_init(&p);
    const mbc_param_info *info =
        mbc_type_find_param(&mbc_contact_convex_roll_type, "markerNumbers");
    assert_non_null(info);
    const mbc_index idx[2] = {3, 7};
    assert_int_equal(mbc_param_set_indices(&mbc_contact_convex_roll_type, info, &p, idx, 2, &err),
                     MBC_OK);
    assert_int_equal(p.markerNumbers[0], 3);
    assert_int_equal(p.markerNumbers[1], 7);
    mbc_contact_convex_roll_params_free(&p);
}

/* Signed power sign(x) |x|^n of the contact laws at x = 1 and x = -1
 * (1^n = 1 for every n) and at 0. */
static void test_contact_power_unit_values(void **state)
{
    (void)state;
    const double ns[5] = {1.0, 1.5, 2.0, 2.5, 0.7};
    for (int i = 0; i < 5; ++i) {
        ASSERT_NEAR(mbc_contact_power(1.0, ns[i]), 1.0, 1e-15);
        ASSERT_NEAR(mbc_contact_power(-1.0, ns[i]), -1.0, 1e-15);
        ASSERT_NEAR(mbc_contact_power(0.0, ns[i]), 0.0, 0.0);
        ASSERT_NEAR(mbc_contact_power(4.0, ns[i]), pow(4.0, ns[i]), 1e-13);
        ASSERT_NEAR(mbc_contact_power(-4.0, ns[i]), -pow(4.0, ns[i]), 1e-13);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convex_roll_inactive_post_newton),
        cmocka_unit_test(test_regularised_coulomb_branch_boundary),
        cmocka_unit_test(test_evaluate_checks_lagrange),
        cmocka_unit_test(test_stick_normalize_huge_values),
        cmocka_unit_test(test_bounding_radius_at_left_end),
        cmocka_unit_test(test_param_set_indices_fixed_size),
        cmocka_unit_test(test_contact_power_unit_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
