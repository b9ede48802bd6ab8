/* SPDX-License-Identifier: BSD-3-Clause */
/* Randomized property test over every runtime function: for 10^5 random
 * finite states (fixed seed, own PRNG) no output is NaN or Inf, and a few
 * invariants hold. Inputs respect each function's documented preconditions
 * and use physically meaningful magnitudes (lengths 1e-3..1e3 m or 0,
 * coordinates up to 1e6, including exact zeros and tiny values). */
#include "test_util.h"

#include "mechanics/ale.h"
#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/contact_laws.h"
#include "mechanics/convex_hull.h"
#include "mbconnect/friction.h"
#include "mechanics/geometry_2d.h"
#include "mechanics/sticking.h"
#include "mbconnect/vec.h"

#define STATES 100000

/* Mixed-scale value: exact 0, tiny, ordinary or large, either sign. */
static double value(rt_rng *g)
{
    const double u = rt_unit(g);
    const double sgn = rt_unit(g) < 0.5 ? -1.0 : 1.0;
    if (u < 0.1)
        return 0.0;
    if (u < 0.2)
        return sgn * rt_uniform(g, 0.0, 1e-12);
    if (u < 0.9)
        return rt_uniform(g, -10.0, 10.0);
    return sgn * rt_uniform(g, 1e3, 1e6);
}

/* Non-negative mixed-scale value. */
static double nonneg(rt_rng *g)
{
    return fabs(value(g));
}

/* Length in [1e-3, 1e3] or exactly 0. */
static double length(rt_rng *g)
{
    return rt_unit(g) < 0.05 ? 0.0 : exp(rt_uniform(g, log(1e-3), log(1e3)));
}

static void all_finite(const double *x, int n, int state_index, const char *what)
{
    for (int i = 0; i < n; ++i) {
        if (!isfinite(x[i])) {
            print_error("state %d: %s[%d] = %g\n", state_index, what, i, x[i]);
            fail();
        }
    }
}

static void geometry(rt_rng *g, int s)
{
    double a[2] = {value(g), value(g)}, b[2], c[2];
    const double u = rt_unit(g);
    if (u < 0.1) /* degenerate segment */
        b[0] = a[0], b[1] = a[1];
    else
        b[0] = value(g), b[1] = value(g);
    if (u > 0.9) { /* center on the segment or an end */
        const double t = rt_unit(g) < 0.5 ? 0.5 : 1.0;
        c[0] = a[0] + t * (b[0] - a[0]), c[1] = a[1] + t * (b[1] - a[1]);
    } else {
        c[0] = value(g), c[1] = value(g);
    }
    struct mbc_segment_closest r;
    mbc_segment_closest_point(a, b, c, &r);
    const double out[9] = {r.closest[0], r.closest[1], r.rho,        r.rho_raw,   r.distance,
                           r.normal[0],  r.normal[1],  r.tangent[0], r.tangent[1]};
    all_finite(out, 9, s, "segment");
    assert_true(r.rho >= 0.0 && r.rho <= 1.0);
    ASSERT_NEAR(hypot(r.normal[0], r.normal[1]), 1.0, 1e-14);
}

static void cable(rt_rng *g, int s)
{
    double q[8], q_t[8];
    for (int i = 0; i < 8; ++i) {
        q[i] = value(g);
        q_t[i] = value(g);
    }
    const double L = length(g);
    const double x = L * rt_unit(g);
    const double h = rt_unit(g) < 0.5 ? 0.0 : rt_uniform(g, -0.1, 0.1);
    const double s_t = rt_unit(g) < 0.5 ? 0.0 : value(g);
    const int n = 1 + (int)(rt_unit(g) * 8);
    double S[4], dS[4], ddS[4], r[2], rp[2], rpp[2], v[2];
    mbc_ancf_cable2d_shape_functions(x, L, S);
    mbc_ancf_cable2d_shape_functions_dx(x, L, dS);
    mbc_ancf_cable2d_shape_functions_dx2(x, L, ddS);
    mbc_ancf_cable2d_position(q, L, x, r);
    mbc_ancf_cable2d_slope(q, L, x, rp);
    mbc_ancf_cable2d_slope_dx(q, L, x, rpp);
    mbc_ancf_cable2d_velocity(q_t, L, x, v);
    all_finite(S, 4, s, "S");
    all_finite(dS, 4, s, "dS");
    all_finite(ddS, 4, s, "ddS");
    all_finite(r, 2, s, "r");
    all_finite(rp, 2, s, "r'");
    all_finite(rpp, 2, s, "r''");
    all_finite(v, 2, s, "v");
    double pts[18], vel[18], J[18 * 8];
    assert_true(mbc_ancf_cable2d_shape_points(q, L, h, n, pts, NULL) == MBC_OK);
    assert_true(mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, h, s_t, n, vel, NULL) == MBC_OK);
    assert_true(mbc_ancf_cable2d_shape_point_jacobian(q, L, h, n, J, NULL) == MBC_OK);
    all_finite(pts, 2 * (n + 1), s, "points");
    all_finite(vel, 2 * (n + 1), s, "velocities");
    all_finite(J, 16 * (n + 1), s, "jacobian");
}

static void sticking(rt_rng *g, int s)
{
    double A[9];
    rt_random_rotation(g, A);
    const double ang = rt_uniform(g, -4.0, 4.0);
    const double n[2] = {cos(ang), sin(ang)};
    const double a[2] = {value(g), value(g)}, b[2] = {value(g), value(g)};
    const double r = rt_unit(g) < 0.1 ? 0.0 : length(g);
    double out[4];
    out[0] = mbc_sticking_position(n, A, r, rt_unit(g), length(g), value(g), a, b, &out[1]);
    out[2] = mbc_sticking_normalize(value(g), r);
    out[3] = mbc_sticking_difference(value(g), value(g), r);
    all_finite(out, 4, s, "sticking");
    if (r > 0.0)
        assert_true(fabs(out[2]) <= RT_PI * r * (1 + 1e-12));
}

static void friction(rt_rng *g, int s)
{
    const struct mbc_stribeck_params p = {.mu_d = rt_uniform(g, 0, 1),
                                          .mu_s_off = rt_uniform(g, 0, 1),
                                          .mu_v = rt_uniform(g, 0, 1),
                                          .v_exp = rt_unit(g) < 0.1 ? 0.0 : length(g),
                                          .v_reg = rt_unit(g) < 0.2 ? 0.0 : length(g)};
    double out[12];
    const double v = value(g);
    out[0] = mbc_stribeck(v, &p, &out[1]);
    ASSERT_NEAR(mbc_stribeck(-v, &p, NULL), -out[0], 0.0);
    const double vt[3] = {value(g), value(g), value(g)};
    const double v_reg = rt_unit(g) < 0.2 ? 0.0 : length(g);
    mbc_regularized_coulomb_force(vt, nonneg(g), rt_uniform(g, 0, 1), value(g), v_reg, &out[2]);
    const int st = mbc_coulomb_stick_slip(value(g), value(g), value(g), rt_uniform(g, 0, 1),
                                          nonneg(g), nonneg(g), &out[5], &out[6]);
    assert_true(st == MBC_STICK || st == MBC_SLIP_POSITIVE || st == MBC_SLIP_NEGATIVE);
    out[7] =
        mbc_slip_last_sticking_position(value(g), st, rt_uniform(g, 0, 1), value(g), nonneg(g));
    const int states[4] = {-2, -1, 0, 1};
    out[8] = mbc_friction_tangent_force_newton(states[rt_next(g) % 4], value(g), value(g), value(g),
                                               rt_uniform(g, 0, 1), nonneg(g), nonneg(g));
    out[9] = out[10] = out[11] = 0.0;
    all_finite(out, 12, s, "friction");
}

static void contact(rt_rng *g, int s)
{
    const double ns[4] = {1.0, 1.5, 2.0, 0.0};
    const double n_pick = ns[rt_next(g) % 4];
    const struct mbc_eapm_params p = {.k_c = nonneg(g),
                                      .n_exp = n_pick > 0.0 ? n_pick : rt_uniform(g, 0.5, 3.0),
                                      .lambda_p = rt_unit(g) < 0.2 ? 0.0 : rt_uniform(g, 0.0, 0.99),
                                      .f_adh = nonneg(g),
                                      .k_adh = nonneg(g),
                                      .n_adh = rt_uniform(g, 0.5, 3.0)};
    double out[8];
    const double delta = rt_unit(g) < 0.8 ? rt_uniform(g, 0, 0.1) : value(g) * 1e-3;
    int b;
    assert_int_equal(mbc_eapm_force(&p, delta, rt_uniform(g, 0, 0.1), &out[0], &b), MBC_OK);
    out[1] = mbc_eapm_plastic_overlap(p.lambda_p, p.n_exp, delta, rt_uniform(g, 0, 0.1));
    out[2] = mbc_linear_spring_damper(nonneg(g), nonneg(g), value(g), value(g));
    out[3] = mbc_contact_power(value(g), p.n_exp);
    out[4] = mbc_impact_velocity(nonneg(g), value(g));
    const double e = rt_unit(g) < 0.5 ? rt_uniform(g, 1e-3, 1.0) : exp(rt_uniform(g, -7, 0));
    const double vi = rt_unit(g) < 0.1 ? 0.0 : length(g);
    assert_int_equal(mbc_restitution_lambda((int)(rt_next(g) % 3), nonneg(g), e, vi, &out[5]),
                     MBC_OK);
    out[6] = mbc_restitution_force(nonneg(g), p.n_exp, out[5], delta, value(g));
    out[7] = 0.0;
    all_finite(out, 8, s, "contact");
}

static void hull(rt_rng *g, int s)
{
    /* convex hull R + b x - a x^2 - c x^4 with a, c >= 0 */
    const double k[5] = {-rt_uniform(g, 0, 1), 0.0, -rt_uniform(g, 0, 1), rt_uniform(g, -0.5, 0.5),
                         rt_uniform(g, 0.1, 2.0)};
    const int n = 1 + (int)(rt_next(g) % 5); /* also lower-degree tails of k */
    const double *kk = k + (5 - n);
    const double L = length(g) * 1e-2;
    const double x = rt_uniform(g, -L, L);
    double A[9];
    if (rt_unit(g) < 0.05)
        rt_rot_y(RT_PI / 2, A); /* vertical axis */
    else
        rt_random_rotation(g, A);
    const double p_m1[3] = {value(g), value(g), value(g)};
    double out[12], dk[5];
    out[0] = mbc_poly_eval(kk, n, x);
    out[1] = mbc_poly_eval_derivative(kk, n, 1, x);
    out[2] = mbc_poly_eval_derivative(kk, n, 2, x);
    const int nd = mbc_poly_derivative(kk, n, dk);
    all_finite(dk, nd, s, "dk");
    assert_int_equal(mbc_hull_is_convex(kk, n, L, 11, NULL), 1);
    out[3] = (s % 10 == 0) ? mbc_hull_bounding_radius(kk, n, L) : 0.0;
    struct mbc_hull_contact hc;
    const mbc_status st = mbc_hull_lowest_point(kk, n, L, A, p_m1, &hc);
    assert_int_equal(st, (hc.warnings & MBC_WARN_AXIS_VERTICAL) ? MBC_ERR_VALUE : MBC_OK);
    assert_int_equal(hc.warnings & MBC_WARN_HULL_NOT_CONVERGED, 0);
    out[4] = hc.x;
    for (int c = 0; c < 3; ++c) {
        out[5 + c] = hc.p_local[c];
        out[8 + c] = hc.p_global[c];
    }
    out[11] = 0.0;
    all_finite(out, 12, s, "hull");
    assert_true(fabs(hc.x) <= 0.5 * L);
}

static void ale(rt_rng *g, int s)
{
    double q[8], q_t[8];
    for (int i = 0; i < 8; ++i) {
        q[i] = value(g);
        q_t[i] = value(g);
    }
    const double offsets[4] = {0.0, 1.0, 2.0, 3.0};
    const int sn = (int)(rt_next(g) % 5); /* 0..4, 0 = invalid */
    const int index = sn > 0 ? (int)(rt_next(g) % (unsigned)sn) : 0;
    const double L = length(g);
    const double s_el = mbc_ale_element_coordinate(value(g), value(g), offsets, sn > 0 ? index : 0);
    double err;
    unsigned warn;
    const int next = mbc_ale_update_index(s_el, L, index, sn, &err, &warn);
    assert_true(next >= 0 && (sn == 0 || next < sn));
    const double se = L * rt_unit(g);
    const double p[2] = {value(g), value(g)};
    double out[2 + 2 + 2 + 16 + 2 + 16 + 2 + 16 + 2 + 1];
    double *o = out;
    mbc_ale_position_residual(q, L, se, p, o);
    mbc_ale_velocity_residual(q, q_t, L, se, value(g), p, o + 2);
    mbc_ale_position_jacobian(q, L, se, o + 4, o + 20);
    mbc_ale_velocity_jacobian(q, q_t, L, se, value(g), o + 22, o + 38, o + 40, o + 56);
    o[58] = s_el;
    o[59] = err;
    all_finite(out, 60, s, "ale");
}

static void test_property(void **state)
{
    (void)state;
    rt_rng g = {0x5EEDull};
    for (int s = 0; s < STATES; ++s) {
        geometry(&g, s);
        cable(&g, s);
        sticking(&g, s);
        friction(&g, s);
        contact(&g, s);
        hull(&g, s);
        ale(&g, s);
    }
}

/* vec.h helpers on hand-computed values. */
static void test_vec_helpers(void **state)
{
    (void)state;
    const double a[3] = {1, 2, 3}, b[3] = {-2, 0.5, 4};
    double c[3], y[3], z[3];
    mbc_cross3(a, b, c);
    ASSERT_NEAR(c[0], 6.5, 0.0);
    ASSERT_NEAR(c[1], -10.0, 0.0);
    ASSERT_NEAR(c[2], 4.5, 0.0);
    ASSERT_NEAR(mbc_dot3(a, b), 11.0, 0.0);
    ASSERT_NEAR(mbc_dot2(a, b), -1.0, 0.0);
    ASSERT_NEAR(mbc_cross2(a, b), 4.5, 0.0);
    ASSERT_NEAR(mbc_norm2(a), sqrt(5.0), 1e-15);
    ASSERT_NEAR(mbc_norm3(a), sqrt(14.0), 1e-15);
    const double A[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
    mbc_mat3_mul(A, a, y);
    mbc_mat3_tmul(A, a, z);
    ASSERT_NEAR(y[0], 14.0, 0.0);
    ASSERT_NEAR(y[1], 32.0, 0.0);
    ASSERT_NEAR(y[2], 53.0, 0.0);
    ASSERT_NEAR(z[0], 30.0, 0.0);
    ASSERT_NEAR(z[1], 36.0, 0.0);
    ASSERT_NEAR(z[2], 45.0, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_vec_helpers),
                                       cmocka_unit_test(test_property)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
