/* SPDX-License-Identifier: BSD-3-Clause */
/* Behavior at boundaries and on side paths that the rest of the suite did not
 * pin down: every test here kills mutants of the runtime C files that survived the
 * mutation campaign of issue #19 (tests/mutation/). Each expected value is
 * independent of the code under test: a hand computation from the seed and
 * physics-notes.md, or a documented contract (the public headers). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "connector_fixtures.h"

#include "mechanics/ale.h"
#include "mbconnect/contact_laws.h"
#include "mechanics/convex_hull.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/ancf_cable2d.h"
#include "mechanics/geometry_2d.h"
#include "mbconnect/friction.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mechanics/sticking.h"

/* ContactConvexRoll PostNewtonStep with activeConnector = false: the data are
 * copied, no error, no recommended step and no warning (the warnings field
 * was not checked on this path). */
static void test_convex_roll_inactive_post_newton(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {0};
    static const double cylinder[1] = {0.4};
    cf_roll_params_init(&p, cylinder, 1);
    assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
    p.activeConnector = false;
    mbc_rigid_marker m[2];
    cf_markers_at_rest(m, 2);
    m[1].position[2] = 0.3;
    double data[3] = {0.25, -0.5, 0.125}, nd[3] = {9, 9, 9};
    mbc_state s;
    cf_rigid_state(&s, &m[0], &m[1], data, data, 3);
    mbc_post_newton pn;
    memset(&pn, 0x7f, sizeof pn);
    pn.data = nd;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
    assert_int_equal(pn.warnings, 0u);
    ASSERT_NEAR(pn.error, 0.0, 0.0);
    assert_true(pn.recommended_step < 0.0);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(nd[i], data[i], 0.0);
    mbc_contact_convex_roll_params_free(&p);
}

/* Regularized Coulomb law (friction.h): the branch comes from v_branch, the
 * regularized one only while v_branch < v_reg (seed: "if data[1] < v_reg").
 * At v_branch == v_reg the sliding law applies: with v_t = (0.5, 0, 0),
 * mu_d = 0.4, f_n = 10: f_t = -v_t mu_d f_n / |v_t| = (-4, 0, 0); the
 * regularized law would give -0.5 * 0.4 * 10 / 0.001 = -2000. */
static void test_regularized_coulomb_branch_boundary(void **state)
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
                     MBC_COULOMB_REGULARIZED);
    ASSERT_NEAR(f[0], -2000.0, 1e-10);
}

/* The generic layer refuses an algebraic-equation call without Lagrange
 * multipliers, and with non-finite ones, before the hook runs (evaluate.h:
 * inputs are checked once at the API boundary). The index-3 hook itself does
 * not read z, so without that check the call would succeed. */
static void test_evaluate_checks_lagrange(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(o);
    const double markers[2] = {0, 1}, nodes[2] = {2, 3}, sliding[1] = {1}, offsets[1] = {0};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "nodeNumbers", nodes, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", sliding, 1, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", offsets, 1, &err), MBC_OK);
    mbc_error errs[4];
    size_t nviol = 0;
    assert_int_equal(mbc_object_initialize(o, errs, 4, &nviol), MBC_OK);
    mbc_rigid_marker m0;
    cf_markers_at_rest(&m0, 1);
    m0.position[0] = 0.5;
    mbc_cable_element el = {.q = {0, 0, 1, 0, 1, 0, 1, 0}, .length = 1.0};
    double data[1] = {0};
    mbc_state s;
    cf_ale_state(&s, &m0, &el, 0.5, 0.0, NULL, data);
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
    /* a non-finite cable coordinate, cable velocity, length or ALE velocity
     * is refused too, each on its own */
    double *const inputs[4] = {&el.q[3], &el.q_t[5], &el.length, &s.ale_q_t};
    for (int i = 0; i < 4; ++i) {
        const double keep = *inputs[i];
        *inputs[i] = NAN;
        assert_int_not_equal(mbc_object_algebraic_equations(o, &s, &a, &err), MBC_OK);
        *inputs[i] = keep;
        assert_int_equal(mbc_object_algebraic_equations(o, &s, &a, &err), MBC_OK);
    }
    mbc_object_destroy(o);
}

/* Sticking-position normalization (notes: x - floor(x/(2 pi r) + 1/2) 2 pi r,
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
        const double y = mbc_sticking_normalize(x, r);
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
    mbc_error err = {0};
    static const double cone[2] = {-0.1, 0.4};
    cf_roll_params_init(&p, cone, 2);
    assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
    ASSERT_NEAR(p.rBoundingSphere, 0.45, 1e-15);
    /* mirrored: maximum at the right end */
    p.coefficientsHull[0] = 0.1;
    assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
    ASSERT_NEAR(p.rBoundingSphere, 0.45, 1e-15);
    mbc_contact_convex_roll_params_free(&p);
}

/* mbc_param_set_indices on a fixed-size index parameter stores the values in
 * order (object.h: checked setters). */
static void test_param_set_indices_fixed_size(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {0};
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
    const double ns[6] = {1.0, 1.5, 2.0, 2.5, 0.7, 4.0};
    for (int i = 0; i < 6; ++i) {
        ASSERT_NEAR(mbc_contact_power(1.0, ns[i]), 1.0, 1e-15);
        ASSERT_NEAR(mbc_contact_power(-1.0, ns[i]), -1.0, 1e-15);
        ASSERT_NEAR(mbc_contact_power(0.0, ns[i]), 0.0, 0.0);
        ASSERT_NEAR(mbc_contact_power(4.0, ns[i]), pow(4.0, ns[i]), 1e-13);
        ASSERT_NEAR(mbc_contact_power(-4.0, ns[i]), -pow(4.0, ns[i]), 1e-13);
    }
}

/* ALE velocity residual S q_t + q_ALE_t r' - v_m0 with both components of
 * v_m0 non-zero. Straight element along x (r' = (1, 0)), q_t = (0, 1) at both
 * nodes: S q_t = (0, 1); q_ALE_t = 0.3, v_m0 = (0.5, 0.25):
 * dv = (0.3 - 0.5, 1 - 0.25) = (-0.2, 0.75). */
static void test_ale_velocity_residual_both_components(void **state)
{
    (void)state;
    const double q[8] = {0, 0, 1, 0, 2, 0, 1, 0}, q_t[8] = {0, 1, 0, 0, 0, 1, 0, 0};
    const double v[2] = {0.5, 0.25};
    double dv[2];
    mbc_ale_velocity_residual(q, q_t, 2.0, 0.75, 0.3, v, dv);
    ASSERT_NEAR(dv[0], -0.2, 1e-15);
    ASSERT_NEAR(dv[1], 0.75, 1e-15);
}

/* ale.h: "Either output may be NULL" / "any output may be NULL". Each output
 * alone, with the others NULL, has its documented value on a straight element
 * along x (L = 2, s_el = 0.5): r' = (1, 0); the x row of S (x) I2 has
 * S1 + S3 = 1 on the position columns 0 and 4, so S1' + S3' = 0; with
 * q_t = 0, S' q_t = 0. */
static void test_ale_jacobians_null_outputs(void **state)
{
    (void)state;
    const double q[8] = {0, 0, 1, 0, 2, 0, 1, 0}, q_t[8] = {0};
    double J[16], a[2];
    mbc_ale_position_jacobian(q, 2.0, 0.5, NULL, a);
    ASSERT_NEAR(a[0], 1.0, 1e-15);
    ASSERT_NEAR(a[1], 0.0, 1e-15);
    mbc_ale_position_jacobian(q, 2.0, 0.5, J, NULL);
    /* row x: S1 + S3 = 1 on the position columns 0 and 4 */
    ASSERT_NEAR(J[0] + J[4], 1.0, 1e-15);
    mbc_ale_velocity_jacobian(q, q_t, 2.0, 0.5, 0.0, NULL, NULL, NULL, a);
    ASSERT_NEAR(a[0], 0.0, 1e-15); /* S' q_t + 0 r'' = 0 */
    mbc_ale_velocity_jacobian(q, q_t, 2.0, 0.5, 0.0, NULL, a, NULL, NULL);
    ASSERT_NEAR(a[0], 1.0, 1e-15); /* r' */
    mbc_ale_velocity_jacobian(q, q_t, 2.0, 0.5, 0.0, J, NULL, NULL, NULL);
    ASSERT_NEAR(J[0] + J[4], 1.0, 1e-15);
    mbc_ale_velocity_jacobian(q, q_t, 2.0, 0.5, 2.0, NULL, NULL, J, NULL);
    ASSERT_NEAR(J[0] + J[4], 0.0, 1e-15); /* 2 (S1' + S3') = 0 */
}

/* No root of r'(x) = -d_x/rho_d in [-L/2, L/2]: the lowest point is clamped to
 * the end where the hull is lowest. Cone r(x) = 0.4 - 0.1 x, L = 1, axis
 * horizontal (A = I, d = (0, 0, -1), so r' = 0 is wanted but r' = -0.1):
 * the lowest point is the thick end x = -0.5, r = 0.45, p_local =
 * (-0.5, 0, -0.45). Mirrored cone: x = +0.5. */
static void test_hull_lowest_point_clamped_end(void **state)
{
    (void)state;
    const double A[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, p[3] = {1, 2, 3};
    for (int side = -1; side <= 1; side += 2) {
        const double k[2] = {0.1 * side, 0.4};
        struct mbc_hull_contact h;
        assert_int_equal(mbc_hull_lowest_point(k, 2, 1.0, A, p, &h), MBC_OK);
        assert_int_equal(h.clamped, 1);
        ASSERT_NEAR(h.x, 0.5 * side, 1e-15);
        ASSERT_NEAR(h.p_local[0], 0.5 * side, 1e-15);
        ASSERT_NEAR(h.p_local[1], 0.0, 1e-15);
        ASSERT_NEAR(h.p_local[2], -0.45, 1e-15);
        ASSERT_NEAR(h.p_global[0], 1.0 + 0.5 * side, 1e-15);
        ASSERT_NEAR(h.p_global[2], 3.0 - 0.45, 1e-15);
    }
    /* The root exactly at an end: r(x) = -0.1 x^2 + 0.1 x + 0.375,
     * r'(x) = -0.2 x + 0.1 = 0 at x = 0.5 (exact in binary), r(0.5) = 0.4;
     * r'(0) = 0.1 > 0, so the search goes to +L/2 and finds the root there
     * (not clamped). */
    const double k[3] = {-0.1, 0.1, 0.375};
    struct mbc_hull_contact h;
    assert_int_equal(mbc_hull_lowest_point(k, 3, 1.0, A, p, &h), MBC_OK);
    assert_int_equal(h.clamped, 0);
    ASSERT_NEAR(h.x, 0.5, 0.0);
    ASSERT_NEAR(h.p_local[2], -0.4, 1e-15);
}

/* ContactConvexRoll PostNewtonStep at a gap of exactly 0 (notes: contact is
 * g <= 0): cylinder r = 0.4 with its axis along x, center 0.4 above the ground,
 * so p_C,z - p_m0,z = 0.4 - 0.4 = 0; moving down at 1 m/s; the Newton
 * iteration used an open contact (x_2 = 0.1). That is a contact switch:
 * error |g k_c| = 0 and recommended step |g / v_gap| = 0. */
static void test_convex_roll_switch_at_zero_gap(void **state)
{
    (void)state;
    mbc_contact_convex_roll_params p;
    mbc_error err = {0};
    static const double cylinder[1] = {0.4};
    cf_roll_params_init(&p, cylinder, 1);
    p.contactStiffness = 1e5;
    assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
    mbc_rigid_marker m[2];
    cf_markers_at_rest(m, 2);
    m[1].position[2] = 0.4;
    m[1].velocity[2] = -1.0;
    double data[3] = {0.0, 0.0, 0.1}, nd[3];
    mbc_state s;
    cf_rigid_state(&s, &m[0], &m[1], data, data, 3);
    mbc_post_newton pn = {0};
    pn.data = nd;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
    ASSERT_NEAR(nd[2], 0.0, 0.0);
    ASSERT_NEAR(pn.error, 0.0, 0.0);
    ASSERT_NEAR(pn.recommended_step, 0.0, 0.0);
    /* 1 mm open: no switch, no recommendation */
    m[1].position[2] = 0.401;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
    assert_true(pn.recommended_step < 0.0);
    /* 1 mm pressed: switch, error k_c |g| = 100 N, step |g / v| = 1 ms */
    m[1].position[2] = 0.399;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
    ASSERT_NEAR(pn.error, 100.0, 1e-9);
    ASSERT_NEAR(pn.recommended_step, 1e-3, 1e-15);
    mbc_contact_convex_roll_params_free(&p);
}

/* Closest point on a segment whose squared length overflows: p_i = (0, 0),
 * p_i+1 = (1e200, 0), p_c = (1, 1). rho = 1e-200, the closest point is
 * (1, 0), distance 1, n = (0, -1) from p_c to the point. The runtime rescales
 * by the largest component (here the segment's x extent). */
static void test_closest_point_huge_segment(void **state)
{
    (void)state;
    const double a[2] = {0.0, 0.0}, b[2] = {1e200, 0.0}, c[2] = {1.0, 1.0};
    struct mbc_segment_closest cp;
    assert_int_equal(mbc_segment_closest_point(a, b, c, &cp), MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(cp.rho * 1e200, 1.0, 1e-14);
    ASSERT_NEAR(cp.closest[0], 1.0, 1e-14);
    ASSERT_NEAR(cp.closest[1], 0.0, 0.0);
    ASSERT_NEAR(cp.distance, 1.0, 1e-14);
    ASSERT_NEAR(cp.normal[0], 0.0, 1e-14);
    ASSERT_NEAR(cp.normal[1], -1.0, 1e-14);
    /* the same along y */
    const double by[2] = {0.0, 1e200};
    assert_int_equal(mbc_segment_closest_point(a, by, c, &cp), MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(cp.closest[1], 1.0, 1e-14);
    ASSERT_NEAR(cp.distance, 1.0, 1e-14);
}

/* Degenerate element length L = 0 (ancf_cable2d.h fallback): S = [1, 0, 0, 0]
 * and S' = [0, 1, 0, 0], every entry written. */
static void test_shape_functions_zero_length(void **state)
{
    (void)state;
    double S[4] = {7, 7, 7, 7}, dS[4] = {7, 7, 7, 7};
    mbc_ancf_cable2d_shape_functions(0.3, 0.0, S);
    mbc_ancf_cable2d_shape_functions_dx(0.3, 0.0, dS);
    const double S_want[4] = {1, 0, 0, 0}, dS_want[4] = {0, 1, 0, 0};
    for (int k = 0; k < 4; ++k) {
        ASSERT_NEAR(S[k], S_want[k], 0.0);
        ASSERT_NEAR(dS[k], dS_want[k], 0.0);
    }
}

/* mbc_object_initialize when validation passes but the type's initialize
 * hook fails (object.h): the hook's status is returned, *violations is 1 and
 * the hook's message is in errors[0]; the object stays uninitialized. A copy
 * of the ContactSphereSphere type with a failing hook stands in for a type
 * whose derived parameters cannot be computed. */
static mbc_status failing_initialize(void *params, mbc_error *err)
{
    (void)params;
    snprintf(err->message, sizeof err->message, "%s", "derived parameters: no");
    return MBC_ERR_VALUE;
}

static void test_object_initialize_hook_failure(void **state)
{
    (void)state;
    mbc_type_info t = mbc_contact_sphere_sphere_type;
    t.initialize = failing_initialize;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create_type(&t, &err);
    assert_non_null(o);
    const double markers[2] = {0, 1}, radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    mbc_error errs[2] = {0};
    size_t nviol = 99;
    assert_int_equal(mbc_object_initialize(o, errs, 2, &nviol), MBC_ERR_VALUE);
    assert_int_equal(nviol, 1);
    assert_string_equal(errs[0].message, "derived parameters: no");
    assert_false(o->initialized);
    /* the same object with the real type's behavior (no hook) initializes */
    mbc_object_destroy(o);
    o = mbc_object_create("ContactSphereSphere", &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    nviol = 99;
    assert_int_equal(mbc_object_initialize(o, errs, 2, &nviol), MBC_OK);
    assert_int_equal(nviol, 0);
    assert_true(o->initialized);
    mbc_object_destroy(o);
}

/* mbc_output_size looks only at the type's output_count entries: a copy of
 * the ContactSphereSphere type whose table is cut to its first entry knows
 * only that output, even though the next entry of the memory it points to
 * describes another one. */
static void test_output_size_table_bound(void **state)
{
    (void)state;
    const mbc_type_info *real = &mbc_contact_sphere_sphere_type;
    assert_true(real->output_count >= 2);
    mbc_output_info table[2] = {real->outputs[0], real->outputs[1]};
    mbc_type_info t = *real;
    t.outputs = table;
    t.output_count = 1;
    mbc_contact_sphere_sphere_params p;
    mbc_contact_sphere_sphere_params_init(&p);
    assert_int_equal(mbc_output_size(&t, &p, 0), table[0].factor);
    assert_int_equal(mbc_output_size(&t, &p, 1), 0);
    assert_int_equal(mbc_output_size(real, &p, 1), table[1].factor);
    mbc_contact_sphere_sphere_params_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convex_roll_inactive_post_newton),
        cmocka_unit_test(test_regularized_coulomb_branch_boundary),
        cmocka_unit_test(test_evaluate_checks_lagrange),
        cmocka_unit_test(test_stick_normalize_huge_values),
        cmocka_unit_test(test_bounding_radius_at_left_end),
        cmocka_unit_test(test_param_set_indices_fixed_size),
        cmocka_unit_test(test_contact_power_unit_values),
        cmocka_unit_test(test_ale_velocity_residual_both_components),
        cmocka_unit_test(test_ale_jacobians_null_outputs),
        cmocka_unit_test(test_hull_lowest_point_clamped_end),
        cmocka_unit_test(test_convex_roll_switch_at_zero_gap),
        cmocka_unit_test(test_closest_point_huge_segment),
        cmocka_unit_test(test_shape_functions_zero_length),
        cmocka_unit_test(test_object_initialize_hook_failure),
        cmocka_unit_test(test_output_size_table_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
