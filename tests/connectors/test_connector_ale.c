/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the JointALEMoving2D hooks (algebraic_equations, post_newton_step,
 * outputs). Positions on the cable are computed here with a test-side copy of
 * the ANCF Cable2D shape functions (physics-notes), and every Jacobian is
 * compared with central finite differences of the hook's own residuals. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "test_hermite.h"
#include "test_util.h"

#include "connector_fixtures.h"

#include "mbconnect/evaluate.h"
#include "mbconnect/evaluate_many.h"
#include "mbconnect/generated/joint_ale_moving2d.h"

/* Jacobian entry vs finite difference: relative error < 1e-6 (w.r.t. max(|J|, 1)). */
#define ASSERT_JAC(j, fd)                                                                          \
    do {                                                                                           \
        const double j_ = (j), fd_ = (fd);                                                         \
        const double s_ = fabs(j_) > 1.0 ? fabs(j_) : 1.0;                                         \
        if (!(fabs(j_ - fd_) / s_ < 1e-6)) {                                                       \
            print_error("%s:%d: %s = %.17g vs finite difference %.17g\n", __FILE__, __LINE__, #j,  \
                        j_, fd_);                                                                  \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

/* ---- test-side ANCF Cable2D (physics-notes "ANCF Cable2D shape functions") ---- */
static void interp(const double N[4], const double q[8], double out[2])
{
    out[0] = N[0] * q[0] + N[1] * q[2] + N[2] * q[4] + N[3] * q[6];
    out[1] = N[0] * q[1] + N[1] * q[3] + N[2] * q[5] + N[3] * q[7];
}

/* ---- fixture: 3 curved cable elements, sliding markers 10, 11, 12 ---- */
#define SN 3
typedef struct {
    mbc_joint_ale_moving2d_params p;
    mbc_rigid_marker m0;
    mbc_cable_element el[SN];
    double data[1];
    double data_start[1];
    double z[2];
    mbc_state s;
    mbc_algebraic a;
    double new_data[1];
    mbc_post_newton pn;
    mbc_error err;
} fixture;

static const double lengths[SN] = {1.0, 1.2, 0.8};
static const double offsets[SN] = {0.0, 1.0, 2.2};
static const mbc_index sliding[SN] = {10, 11, 12};
#define S_OFF 0.15

static void fixture_init(fixture *x, rt_rng *g)
{
    memset(x, 0, sizeof *x);
    mbc_joint_ale_moving2d_params_init(&x->p);
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&x->p, sliding, SN, &x->err),
                     MBC_OK);
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerOffsets(&x->p, offsets, SN, &x->err),
                     MBC_OK);
    x->p.slidingOffset = S_OFF;
    /* curved elements (slopes deviate from the chord), random velocities */
    for (int e = 0; e < SN; ++e) {
        const double L = lengths[e];
        const double x0 = offsets[e];
        const double q[8] = {x0,
                             0.1 * e,
                             0.9 + rt_uniform(g, -0.2, 0.2),
                             0.5 + rt_uniform(g, -0.2, 0.2),
                             x0 + L,
                             0.1 * e + rt_uniform(g, -0.3, 0.3),
                             1.1 + rt_uniform(g, -0.2, 0.2),
                             -0.6 + rt_uniform(g, -0.2, 0.2)};
        memcpy(x->el[e].q, q, sizeof q);
        for (int k = 0; k < 8; ++k)
            x->el[e].q_t[k] = rt_uniform(g, -1, 1);
        x->el[e].length = L;
    }
    for (int k = 0; k < 3; ++k) {
        x->m0.position[k] = rt_uniform(g, -1, 1);
        x->m0.velocity[k] = rt_uniform(g, -1, 1);
    }
    const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memcpy(x->m0.rotation, I, sizeof I);
    x->z[0] = rt_uniform(g, -10, 10);
    x->z[1] = rt_uniform(g, -10, 10);
    x->data[0] = 1.0;
    x->data_start[0] = 1.0;
    x->s.marker[0] = &x->m0;
    x->s.cables = x->el;
    x->s.cable_count = SN;
    x->s.ale_q = 0.37 + offsets[1] - S_OFF;
    x->s.ale_q_t = rt_uniform(g, -2, 2);
    x->s.lagrange = x->z;
    x->s.data = x->data;
    x->s.data_start = x->data_start;
    x->s.data_count = 1;
    x->pn.data = x->new_data;
}

static void fixture_done(fixture *x)
{
    mbc_joint_ale_moving2d_params_free(&x->p);
}

static void eval(fixture *x, mbc_algebraic *a)
{
    assert_int_equal(mbc_joint_ale_moving2d_algebraic_equations(&x->p, &x->s, a, &x->err), MBC_OK);
}

/* Places the mass point (marker 0) on the cable at the current s_el and gives
 * it the consistent velocity S q_t + q_ALE_t r'. */
static void place_on_cable(fixture *x)
{
    const int idx = (int)x->data[0];
    const double s_el = x->s.ale_q + S_OFF - offsets[idx];
    double S[4], dS[4], r[2], v[2], rp[2];
    rt_hermite(s_el, lengths[idx], S, dS, NULL);
    interp(S, x->el[idx].q, r);
    interp(S, x->el[idx].q_t, v);
    interp(dS, x->el[idx].q, rp);
    x->m0.position[0] = r[0];
    x->m0.position[1] = r[1];
    x->m0.velocity[0] = v[0] + x->s.ale_q_t * rp[0];
    x->m0.velocity[1] = v[1] + x->s.ale_q_t * rp[1];
}

static void test_residuals_zero_on_cable(void **state)
{
    (void)state;
    rt_rng g = {1};
    fixture x;
    fixture_init(&x, &g);
    for (int idx = 0; idx < SN; ++idx) {
        x.data[0] = idx;
        x.s.ale_q = 0.37 * lengths[idx] + offsets[idx] - S_OFF;
        place_on_cable(&x);
        eval(&x, &x.a);
        ASSERT_NEAR(x.a.position[0], 0.0, 1e-14);
        ASSERT_NEAR(x.a.position[1], 0.0, 1e-14);
        ASSERT_NEAR(x.a.velocity[0], 0.0, 1e-14);
        ASSERT_NEAR(x.a.velocity[1], 0.0, 1e-14);
        /* displaced mass point: Delta p = r - p_m0 */
        x.m0.position[0] += 0.01;
        x.m0.position[1] -= 0.02;
        x.m0.velocity[0] += 0.3;
        eval(&x, &x.a);
        ASSERT_NEAR(x.a.position[0], -0.01, 1e-14);
        ASSERT_NEAR(x.a.position[1], 0.02, 1e-14);
        ASSERT_NEAR(x.a.velocity[0], -0.3, 1e-14);
        ASSERT_NEAR(x.a.velocity[1], 0.0, 1e-14);
        /* the z coordinate of marker 0 plays no role */
        x.m0.position[2] = 5.0;
        eval(&x, &x.a);
        ASSERT_NEAR(x.a.position[0], -0.01, 1e-14);
    }
    fixture_done(&x);
}

/* Central differences of both residuals w.r.t. one scalar input. */
static void fd(fixture *x, double *v, double h, double dpos[2], double dvel[2])
{
    mbc_algebraic ap, am;
    const double v0 = *v;
    *v = v0 + h;
    eval(x, &ap);
    *v = v0 - h;
    eval(x, &am);
    *v = v0;
    for (int k = 0; k < 2; ++k) {
        dpos[k] = (ap.position[k] - am.position[k]) / (2 * h);
        dvel[k] = (ap.velocity[k] - am.velocity[k]) / (2 * h);
    }
}

static void check_jacobians(fixture *x)
{
    const double h = 1e-6;
    mbc_algebraic a;
    eval(x, &a);
    const int idx = (int)x->data[0];
    double dp[2], dv[2];
    const int active = x->p.activeConnector;
    /* marker 0 position (x, y, z) and velocity */
    for (int c = 0; c < 3; ++c) {
        fd(x, &x->m0.position[c], h, dp, dv);
        for (int r = 0; r < 2; ++r) {
            ASSERT_JAC(a.d_marker0[3 * r + c], dp[r]);
            ASSERT_JAC(a.dv_marker0[3 * r + c], dv[r]);
        }
        fd(x, &x->m0.velocity[c], h, dp, dv);
        for (int r = 0; r < 2; ++r) {
            ASSERT_JAC(a.dv_marker0_t[3 * r + c], dv[r]);
            ASSERT_JAC(0.0, dp[r]);
        }
    }
    /* cable coordinates of the current element and their velocities */
    for (int c = 0; c < 8; ++c) {
        fd(x, &x->el[idx].q[c], h, dp, dv);
        for (int r = 0; r < 2; ++r) {
            ASSERT_JAC(a.d_cable[8 * r + c], dp[r]);
            ASSERT_JAC(a.dv_cable[8 * r + c], dv[r]);
        }
        fd(x, &x->el[idx].q_t[c], h, dp, dv);
        for (int r = 0; r < 2; ++r) {
            ASSERT_JAC(a.dv_cable_t[8 * r + c], dv[r]);
            ASSERT_JAC(0.0, dp[r]);
        }
    }
    /* other elements do not enter */
    const int other = (idx + 1) % SN;
    fd(x, &x->el[other].q[4], h, dp, dv);
    ASSERT_JAC(0.0, dp[0]);
    ASSERT_JAC(0.0, dv[1]);
    /* ALE coordinate and velocity */
    fd(x, &x->s.ale_q, h, dp, dv);
    for (int r = 0; r < 2; ++r) {
        ASSERT_JAC(a.d_ale[r], dp[r]);
        ASSERT_JAC(a.dv_ale[r], dv[r]);
    }
    fd(x, &x->s.ale_q_t, h, dp, dv);
    for (int r = 0; r < 2; ++r) {
        ASSERT_JAC(a.dv_ale_t[r], dv[r]);
        ASSERT_JAC(0.0, dp[r]);
    }
    /* Lagrange multipliers */
    for (int c = 0; c < 2; ++c) {
        fd(x, &x->z[c], h, dp, dv);
        for (int r = 0; r < 2; ++r) {
            ASSERT_JAC(a.d_lagrange[2 * r + c], dp[r]);
            ASSERT_JAC(a.dv_lagrange[2 * r + c], dv[r]);
        }
    }
    /* the structure of each form, independent of the finite differences */
    if (!active) {
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 2; ++c)
                ASSERT_NEAR(a.dv_lagrange[2 * r + c], r == c ? 1.0 : 0.0, 0.0);
    } else if (x->p.usePenaltyFormulation) {
        for (int r = 0; r < 2; ++r) {
            for (int c = 0; c < 3; ++c) {
                ASSERT_NEAR(a.dv_marker0[3 * r + c], r == c ? -1.0 : 0.0, 0.0);
                ASSERT_NEAR(a.dv_marker0_t[3 * r + c], 0.0, 0.0);
            }
            for (int c = 0; c < 2; ++c) {
                ASSERT_NEAR(a.dv_lagrange[2 * r + c], r == c ? -1.0 / x->p.penaltyStiffness : 0.0,
                            0.0);
            }
        }
    } else {
        for (int r = 0; r < 2; ++r) {
            for (int c = 0; c < 3; ++c) {
                ASSERT_NEAR(a.dv_marker0_t[3 * r + c], r == c ? -1.0 : 0.0, 0.0);
                ASSERT_NEAR(a.dv_marker0[3 * r + c], 0.0, 0.0);
            }
        }
    }
}

static double max_abs(const double *v, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; ++i)
        m = fmax(m, fabs(v[i]));
    return m;
}

static void test_jacobians_finite_differences(void **state)
{
    (void)state;
    rt_rng g = {42};
    for (int it = 0; it < 60; ++it) {
        fixture x;
        fixture_init(&x, &g);
        const int idx = it % SN;
        x.data[0] = idx;
        x.s.ale_q = rt_uniform(&g, -0.1, 1.1) * lengths[idx] + offsets[idx] - S_OFF;
        x.p.usePenaltyFormulation = (it % 2) == 1;
        x.p.penaltyStiffness = 1e3;
        check_jacobians(&x);
        /* the checks are not vacuous */
        eval(&x, &x.a);
        assert_true(max_abs(x.a.dv_cable, 16) > 0.0);
        assert_true(max_abs(x.a.dv_ale, 2) > 0.0);
        assert_true(max_abs(x.a.d_ale, 2) > 0.1);
        if (x.p.usePenaltyFormulation) {
            /* the velocity level is the position level, bit for bit */
            ASSERT_NEAR(x.a.velocity[0], x.a.position[0], 0.0);
            ASSERT_NEAR(x.a.velocity[1], x.a.position[1], 0.0);
            assert_true(max_abs(x.a.dv_lagrange, 4) > 0.0);
        } else {
            assert_true(max_abs(x.a.dv_cable_t, 16) > 0.1);
            assert_true(max_abs(x.a.dv_ale_t, 2) > 0.1);
        }
        fixture_done(&x);
    }
}

static void test_penalty_and_inactive(void **state)
{
    (void)state;
    rt_rng g = {7};
    fixture x;
    fixture_init(&x, &g);
    mbc_algebraic a3;
    eval(&x, &a3);
    ASSERT_NEAR(max_abs(a3.d_lagrange, 4), 0.0, 0.0); /* index 3: no z */
    ASSERT_NEAR(a3.d_marker0[0], -1.0, 0.0);
    ASSERT_NEAR(a3.d_marker0[4], -1.0, 0.0);
    ASSERT_NEAR(a3.d_marker0[2] + a3.d_marker0[5] + a3.d_marker0[1] + a3.d_marker0[3], 0.0, 0.0);

    x.p.usePenaltyFormulation = true;
    x.p.penaltyStiffness = 250.0;
    eval(&x, &x.a);
    ASSERT_NEAR(x.a.position[0], a3.position[0] - x.z[0] / 250.0, 1e-15);
    ASSERT_NEAR(x.a.position[1], a3.position[1] - x.z[1] / 250.0, 1e-15);
    /* issue #18: the velocity level is the penalty equation too */
    ASSERT_NEAR(x.a.velocity[0], a3.position[0] - x.z[0] / 250.0, 1e-15);
    ASSERT_NEAR(x.a.velocity[1], a3.position[1] - x.z[1] / 250.0, 1e-15);
    ASSERT_NEAR(x.a.d_lagrange[0], -1.0 / 250.0, 0.0);
    ASSERT_NEAR(x.a.d_lagrange[1], 0.0, 0.0);
    ASSERT_NEAR(x.a.d_lagrange[2], 0.0, 0.0);
    ASSERT_NEAR(x.a.d_lagrange[3], -1.0 / 250.0, 0.0);
    /* penaltyStiffness > 0 with usePenaltyFormulation is a parameter rule
     * (positive_when), refused by validate() before any evaluation */
    x.p.penaltyStiffness = 0.0;
    mbc_error verr[8];
    const size_t nv = mbc_joint_ale_moving2d_validate(&x.p, verr, 8);
    int found = 0;
    for (size_t k = 0; k < nv && k < 8; ++k) { /* (the fixture leaves the indices unset) */
        found |= strcmp(verr[k].message, "JointALEMoving2D.penaltyStiffness: must be > 0 when "
                                         "usePenaltyFormulation is True, given 0") == 0;
    }
    assert_true(found);

    /* inactive: z = 0 equations, d/dz = I, nothing else */
    x.p.usePenaltyFormulation = false;
    x.p.activeConnector = false;
    eval(&x, &x.a);
    ASSERT_NEAR(x.a.position[0], x.z[0], 0.0);
    ASSERT_NEAR(x.a.position[1], x.z[1], 0.0);
    ASSERT_NEAR(x.a.velocity[0], x.z[0], 0.0);
    ASSERT_NEAR(x.a.velocity[1], x.z[1], 0.0);
    ASSERT_NEAR(x.a.d_lagrange[0], 1.0, 0.0);
    ASSERT_NEAR(x.a.d_lagrange[3], 1.0, 0.0);
    ASSERT_NEAR(x.a.d_lagrange[1] + x.a.d_lagrange[2], 0.0, 0.0);
    ASSERT_NEAR(max_abs(x.a.d_marker0, 6) + max_abs(x.a.d_cable, 16) + max_abs(x.a.d_ale, 2) +
                    max_abs(x.a.dv_cable, 16) + max_abs(x.a.dv_ale, 2) + max_abs(x.a.dv_ale_t, 2),
                0.0, 0.0);
    check_jacobians(&x);
    fixture_done(&x);
}

/* One arch element by hand: L = 1, r0 = (0, 0), r0' = (1, 1), r1 = (1, 0),
 * r1' = (1, -1); at s_el = 0.5 (xi = 1/2) the shape functions are
 * S = [1/2, 1/8, 1/2, -1/8], S' = [-3/2, -1/4, 3/2, -1/4], so
 * r = (1/8 + 1/2 - 1/8, 1/8 + 1/8) = (0.5, 0.25) and r' = (1, 0).
 * p_m0 = (0.4, 0.3, 7), z = (20, -10), k = 100:
 *   Delta p = (0.1, -0.05), z / k = (0.2, -0.1), penalty residual (-0.1, 0.05)
 *   at both levels. Index 2 (penalty off) with q_t = node 1 moving (0, 1),
 *   q_ALE_t = 2, v_m0 = (5, -3): S q_t + q_ALE_t r' - v_m0 = (0, 0.5) + (2, 0)
 *   - (5, -3) = (-3, 3.5). */
static void test_penalty_hand_computed(void **state)
{
    (void)state;
    mbc_joint_ale_moving2d_params p;
    mbc_error err = {0};
    mbc_joint_ale_moving2d_params_init(&p);
    const mbc_index nums[1] = {4};
    const double offs[1] = {0.0};
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&p, nums, 1, &err), MBC_OK);
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerOffsets(&p, offs, 1, &err), MBC_OK);
    mbc_cable_element el = {
        .q = {0, 0, 1, 1, 1, 0, 1, -1}, .q_t = {0, 0, 0, 0, 0, 1, 0, 0}, .length = 1.0};
    mbc_rigid_marker m0 = {.position = {0.4, 0.3, 7.0},
                           .velocity = {5.0, -3.0, 1.0},
                           .rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}};
    const double z[2] = {20.0, -10.0}, data[1] = {0.0};
    mbc_state s;
    cf_ale_state(&s, &m0, &el, 0.5, 2.0, z, data);
    mbc_algebraic a;

    /* index 3 / index 2 */
    assert_int_equal(mbc_joint_ale_moving2d_algebraic_equations(&p, &s, &a, &err), MBC_OK);
    ASSERT_NEAR(a.position[0], 0.1, 1e-15);
    ASSERT_NEAR(a.position[1], -0.05, 1e-15);
    ASSERT_NEAR(a.velocity[0], -3.0, 1e-15);
    ASSERT_NEAR(a.velocity[1], 3.5, 1e-15);

    /* penalty */
    p.usePenaltyFormulation = true;
    p.penaltyStiffness = 100.0;
    assert_int_equal(mbc_joint_ale_moving2d_algebraic_equations(&p, &s, &a, &err), MBC_OK);
    const double res[2] = {-0.1, 0.05};
    const double S[4] = {0.5, 0.125, 0.5, -0.125};
    for (int r = 0; r < 2; ++r) {
        ASSERT_NEAR(a.position[r], res[r], 1e-15);
        ASSERT_NEAR(a.velocity[r], res[r], 1e-15);
        ASSERT_NEAR(a.d_ale[r], r == 0 ? 1.0 : 0.0, 1e-15);
        ASSERT_NEAR(a.dv_ale[r], r == 0 ? 1.0 : 0.0, 1e-15);
        ASSERT_NEAR(a.dv_ale_t[r], 0.0, 0.0);
        for (int c = 0; c < 3; ++c) {
            const double want = (r == c) ? -1.0 : 0.0;
            ASSERT_NEAR(a.d_marker0[3 * r + c], want, 0.0);
            ASSERT_NEAR(a.dv_marker0[3 * r + c], want, 0.0);
            ASSERT_NEAR(a.dv_marker0_t[3 * r + c], 0.0, 0.0);
        }
        for (int j = 0; j < 4; ++j) {
            for (int c = 0; c < 2; ++c) {
                const double want = (r == c) ? S[j] : 0.0;
                ASSERT_NEAR(a.d_cable[8 * r + 2 * j + c], want, 1e-15);
                ASSERT_NEAR(a.dv_cable[8 * r + 2 * j + c], want, 1e-15);
                ASSERT_NEAR(a.dv_cable_t[8 * r + 2 * j + c], 0.0, 0.0);
            }
        }
        for (int c = 0; c < 2; ++c) {
            const double want = (r == c) ? -0.01 : 0.0;
            ASSERT_NEAR(a.d_lagrange[2 * r + c], want, 1e-17);
            ASSERT_NEAR(a.dv_lagrange[2 * r + c], want, 1e-17);
        }
    }
    mbc_joint_ale_moving2d_params_free(&p);
}

static void pns(fixture *x, int idx, double s_el)
{
    x->data[0] = idx;
    x->s.ale_q = s_el + offsets[idx] - S_OFF;
    assert_int_equal(mbc_joint_ale_moving2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
                     MBC_OK);
    assert_true(x->pn.recommended_step < 0.0);
}

static void test_post_newton_index_update(void **state)
{
    (void)state;
    rt_rng g = {3};
    fixture x;
    fixture_init(&x, &g);
    /* inside element 1 (L = 1.2): unchanged */
    pns(&x, 1, 0.5);
    ASSERT_NEAR(x.new_data[0], 1.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    assert_int_equal(x.pn.warnings, 0);
    assert_int_equal(x.pn.marker_number1, 11);
    pns(&x, 1, 1.2 - 1e-9); /* s_el just below L: still element 1 */
    ASSERT_NEAR(x.new_data[0], 1.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    /* s_el < 0 -> previous element, error |s_el| */
    pns(&x, 1, -0.03);
    ASSERT_NEAR(x.new_data[0], 0.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.03, 1e-14);
    assert_int_equal(x.pn.warnings, 0);
    assert_int_equal(x.pn.marker_number1, 10);
    /* s_el > L -> next element, error |s_el - L| */
    pns(&x, 1, 1.24);
    ASSERT_NEAR(x.new_data[0], 2.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.04, 1e-14);
    assert_int_equal(x.pn.warnings, 0);
    assert_int_equal(x.pn.marker_number1, 12);
    /* the new index gives a consistent s_el in the next element */
    x.data[0] = x.new_data[0];
    const double s_el_next = x.s.ale_q + S_OFF - offsets[2];
    ASSERT_NEAR(s_el_next, 0.04, 1e-14);
    /* clamped at the low end (index 0) */
    pns(&x, 0, -0.02);
    ASSERT_NEAR(x.new_data[0], 0.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.02, 1e-14);
    assert_true((x.pn.warnings & MBC_WARN_ALE_INDEX_CLAMPED) != 0);
    assert_int_equal(x.pn.marker_number1, 10);
    /* clamped at the high end (index sn - 1, not sn) */
    pns(&x, 2, 0.85);
    ASSERT_NEAR(x.new_data[0], 2.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.05, 1e-14);
    assert_true((x.pn.warnings & MBC_WARN_ALE_INDEX_CLAMPED) != 0);
    assert_int_equal(x.pn.marker_number1, 12);
    /* inactive: data unchanged, no error, current marker reported */
    x.p.activeConnector = false;
    pns(&x, 1, -0.5);
    ASSERT_NEAR(x.new_data[0], 1.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    assert_int_equal(x.pn.warnings, 0);
    assert_int_equal(x.pn.marker_number1, 11);
    fixture_done(&x);
}

static void test_outputs(void **state)
{
    (void)state;
    rt_rng g = {9};
    fixture x;
    fixture_init(&x, &g);
    double o[3];
    assert_int_equal(mbc_joint_ale_moving2d_outputs(
                         &x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_POSITION, o, 3, &x.err),
                     MBC_OK);
    for (int k = 0; k < 3; ++k)
        ASSERT_NEAR(o[k], x.m0.position[k], 0.0);
    assert_int_equal(mbc_joint_ale_moving2d_outputs(
                         &x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_VELOCITY, o, 3, &x.err),
                     MBC_OK);
    for (int k = 0; k < 3; ++k)
        ASSERT_NEAR(o[k], x.m0.velocity[k], 0.0);
    assert_int_equal(
        mbc_joint_ale_moving2d_outputs(&x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_SLIDING_COORDINATE,
                                       o, 1, &x.err),
        MBC_OK);
    ASSERT_NEAR(o[0], x.s.ale_q + S_OFF, 0.0);
    assert_int_equal(mbc_joint_ale_moving2d_outputs(
                         &x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES, o, 2, &x.err),
                     MBC_OK);
    ASSERT_NEAR(o[0], 1.0, 0.0);
    ASSERT_NEAR(o[1], x.s.ale_q, 0.0);
    assert_int_equal(mbc_joint_ale_moving2d_outputs(
                         &x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES_T, o, 1, &x.err),
                     MBC_OK);
    ASSERT_NEAR(o[0], x.s.ale_q_t, 0.0);
    assert_int_equal(mbc_joint_ale_moving2d_outputs(&x.p, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_FORCE,
                                                    o, 3, &x.err),
                     MBC_OK);
    ASSERT_NEAR(o[0], x.z[0], 0.0);
    ASSERT_NEAR(o[1], x.z[1], 0.0);
    ASSERT_NEAR(o[2], 0.0, 0.0);
    /* a wrong output number or size is refused by mbc_object_output
     * (test_invalid_state); the typed hook asserts them */
    fixture_done(&x);
}

/* An object of the fixture's parameters, initialized, for the generic API. */
static mbc_object *fixture_object(void)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(o);
    const double nums[SN] = {10, 11, 12}, pair[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", nums, SN, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", offsets, SN, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", pair, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "nodeNumbers", pair, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "slidingOffset", S_OFF, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    return o;
}

/* Everything the hooks used to check again (issue 26) is refused once, at the
 * boundary, with one line naming the value: the sliding index (a whole number
 * in [0, sn - 1], spec index_into), one cable element per sliding marker,
 * element lengths > 0, the output number and size. The hooks only assert. */
static void test_invalid_state(void **state)
{
    (void)state;
    rt_rng g = {11};
    fixture x;
    fixture_init(&x, &g);
    mbc_object *o = fixture_object();
    mbc_error err = {0};
    assert_int_equal(mbc_object_algebraic_equations(o, &x.s, &x.a, &err), MBC_OK);
    const double bad[4] = {-1.0, 3.0, 0.5, 1e300};
    const char *const got[4] = {"-1", "3", "0.5", "1e+300"};
    for (int k = 0; k < 4; ++k) {
        char msg[256];
        x.data[0] = bad[k];
        snprintf(msg, sizeof msg,
                 "JointALEMoving2D: data slidingMarkerIndex[0] must be a whole number in [0, 2] "
                 "(an index into slidingMarkerNumbers), given %s",
                 got[k]);
        assert_int_equal(mbc_object_algebraic_equations(o, &x.s, &x.a, &err), MBC_ERR_INPUT);
        assert_string_equal(err.message, msg);
        assert_int_equal(mbc_object_post_newton_step(o, &x.s, &x.pn, &err), MBC_ERR_INPUT);
        assert_string_equal(err.message, msg);
        double out[3];
        assert_int_equal(
            mbc_object_output(o, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_FORCE, out, 3, &err),
            MBC_ERR_INPUT);
        assert_string_equal(err.message, msg);
    }
    x.data[0] = 1.0;
    x.s.cable_count = 2;
    assert_int_equal(mbc_object_algebraic_equations(o, &x.s, &x.a, &err), MBC_ERR_SIZE);
    assert_string_equal(err.message, "JointALEMoving2D: marker m1 has 2 cable elements, "
                                     "slidingMarkerNumbers has 3 entries (one element per entry)");
    x.s.cable_count = SN;
    x.el[2].length = 0.0;
    assert_int_equal(mbc_object_post_newton_step(o, &x.s, &x.pn, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "JointALEMoving2D: cables[2].length must be > 0, given 0");
    x.el[2].length = lengths[2];
    /* outputs: number and size */
    double out[3];
    assert_int_equal(mbc_object_output(o, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_COUNT, out, 3, &err),
                     MBC_ERR_NAME);
    assert_int_equal(mbc_object_output(o, &x.s, MBC_JOINT_ALE_MOVING2D_OUTPUT_FORCE, out, 2, &err),
                     MBC_ERR_SIZE);
    assert_string_equal(err.message, "JointALEMoving2D.Force: output has 3 values, buffer holds 2");
    /* and a batch names the state */
    mbc_state states[2] = {x.s, x.s};
    double d2 = 7.0;
    states[1].data = &d2;
    mbc_post_newton pn[2] = {{.data = x.new_data}, {.data = x.new_data}};
    assert_int_equal(mbc_object_post_newton_step_many(o, states, pn, 2, 1, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "JointALEMoving2D: state 1: data slidingMarkerIndex[0] must be a whole "
                        "number in [0, 2] (an index into slidingMarkerNumbers), given 7");
    mbc_object_destroy(o);
    fixture_done(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_residuals_zero_on_cable),
        cmocka_unit_test(test_jacobians_finite_differences),
        cmocka_unit_test(test_penalty_and_inactive),
        cmocka_unit_test(test_penalty_hand_computed),
        cmocka_unit_test(test_post_newton_index_update),
        cmocka_unit_test(test_outputs),
        cmocka_unit_test(test_invalid_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
