/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/ale.c: element coordinate, index update, residuals and
 * their Jacobians. */
#include "test_util.h"

#include "mechanics/ale.h"
#include "mbconnect/ancf_cable2d.h"

static void test_element_coordinate(void **state)
{
    (void)state;
    const double offsets[3] = {0.0, 1.0, 2.5};
    ASSERT_NEAR(mbc_ale_element_coordinate(1.7, 0.1, offsets, 1), 0.8, 1e-15);
    ASSERT_NEAR(mbc_ale_element_coordinate(1.7, 0.1, offsets, 0), 1.8, 1e-15);
    ASSERT_NEAR(mbc_ale_element_coordinate(1.7, 0.1, offsets, 2), -0.7, 1e-15);
}

static void test_update_index(void **state)
{
    (void)state;
    double err = -1.0;
    unsigned warn = ~0u;
    /* move down */
    assert_int_equal(mbc_ale_update_index(-0.1, 1.0, 2, 3, &err, &warn), 1);
    ASSERT_NEAR(err, 0.1, 0.0);
    assert_int_equal(warn, 0);
    /* move up */
    assert_int_equal(mbc_ale_update_index(1.3, 1.0, 0, 3, &err, &warn), 1);
    ASSERT_NEAR(err, 0.3, 1e-15);
    assert_int_equal(warn, 0);
    /* inside, including both ends exactly: unchanged, no error */
    const double inside[3] = {0.0, 0.5, 1.0};
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(mbc_ale_update_index(inside[i], 1.0, 1, 3, &err, &warn), 1);
        ASSERT_NEAR(err, 0.0, 0.0);
        assert_int_equal(warn, 0);
    }
    /* clamped at the low end */
    assert_int_equal(mbc_ale_update_index(-0.2, 1.0, 0, 3, &err, &warn), 0);
    assert_int_equal(warn, MBC_WARN_ALE_CLAMPED_LOW);
    ASSERT_NEAR(err, 0.2, 0.0);
    /* clamped at the high end: sn - 1, not sn */
    assert_int_equal(mbc_ale_update_index(1.5, 1.0, 2, 3, &err, &warn), 2);
    assert_int_equal(warn, MBC_WARN_ALE_CLAMPED_HIGH);
    ASSERT_NEAR(err, 0.5, 0.0);
    /* no elements */
    assert_int_equal(mbc_ale_update_index(0.5, 1.0, 0, 0, &err, &warn), 0);
    assert_int_equal(warn, MBC_WARN_ALE_NO_ELEMENTS);
    /* NULL outputs accepted */
    assert_int_equal(mbc_ale_update_index(-1.0, 1.0, 1, 3, NULL, NULL), 0);
}

static int clamp3(double v)
{
    return v < 0.0 ? 0 : (v > 2.0 ? 2 : (int)v);
}

/* A sliding coordinate sweeping over three unit elements in steps shorter than
 * an element: after each update the index is the element containing q_ALE
 * (an exact element end keeps the current element), clamped at both ends. */
static void test_sweep(void **state)
{
    (void)state;
    const double offsets[3] = {0.0, 1.0, 2.0};
    int index = 0;
    for (int k = 0; k <= 600; ++k) {
        const double q_ale = -0.5 + 4.0 * k / 600.0; /* -0.5 .. 3.5 */
        unsigned warn;
        double err;
        const double s_el = mbc_ale_element_coordinate(q_ale, 0.0, offsets, index);
        index = mbc_ale_update_index(s_el, 1.0, index, 3, &err, &warn);
        assert_int_equal(index, clamp3(ceil(q_ale) - 1.0));
        assert_int_equal(warn, q_ale < 0.0   ? MBC_WARN_ALE_CLAMPED_LOW
                               : q_ale > 3.0 ? MBC_WARN_ALE_CLAMPED_HIGH
                                             : 0);
    }
    for (int k = 600; k >= 0; --k) { /* and back down */
        const double q_ale = -0.5 + 4.0 * k / 600.0;
        const double s_el = mbc_ale_element_coordinate(q_ale, 0.0, offsets, index);
        index = mbc_ale_update_index(s_el, 1.0, index, 3, NULL, NULL);
        assert_int_equal(index, clamp3(floor(q_ale)));
    }
}

static const double Q[8] = {0.1, -0.2, 0.9, 0.3, 1.2, 0.1, 1.1, -0.5};
static const double QT[8] = {0.3, 0.2, -0.1, 0.4, -0.2, 0.5, 0.3, 0.1};

static void test_residuals(void **state)
{
    (void)state;
    /* straight cable along x: r(s) = [s, 0], r' = [1, 0] */
    const double q[8] = {0, 0, 1, 0, 2, 0, 1, 0};
    const double q_t[8] = {0, 1, 0, 0, 0, 1, 0, 0}; /* translating in y at 1 m/s */
    const double p[2] = {0.7, 0.1}, v[2] = {0.5, 0.0};
    double dp[2], dv[2];
    mbc_ale_position_residual(q, 2.0, 0.75, p, dp);
    ASSERT_NEAR(dp[0], 0.05, 1e-15);
    ASSERT_NEAR(dp[1], -0.1, 1e-15);
    mbc_ale_velocity_residual(q, q_t, 2.0, 0.75, 0.3, v, dv);
    ASSERT_NEAR(dv[0], 0.3 - 0.5, 1e-15);
    ASSERT_NEAR(dv[1], 1.0, 1e-15);
}

/* Every Jacobian against central differences. */
static void test_jacobians_fd(void **state)
{
    (void)state;
    const double L = 1.3, s = 0.47, a_t = 0.8, h = 1e-6;
    const double p0[2] = {0.2, 0.3}, v0[2] = {-0.1, 0.4};
    double Jq[16], Jale[2], Jqt[16], Jalet[2], Jvq[16], Jvale[2];
    mbc_ale_position_jacobian(Q, L, s, Jq, Jale);
    mbc_ale_velocity_jacobian(Q, QT, L, s, a_t, Jqt, Jalet, Jvq, Jvale);
    for (int j = 0; j < 8; ++j) {
        double qp[8], qm[8], qtp[8], qtm[8];
        for (int m = 0; m < 8; ++m) {
            qp[m] = qm[m] = Q[m];
            qtp[m] = qtm[m] = QT[m];
        }
        qp[j] += h, qm[j] -= h, qtp[j] += h, qtm[j] -= h;
        double a[2], b[2];
        mbc_ale_position_residual(qp, L, s, p0, a);
        mbc_ale_position_residual(qm, L, s, p0, b);
        for (int r = 0; r < 2; ++r)
            ASSERT_NEAR(Jq[8 * r + j], (a[r] - b[r]) / (2 * h), 1e-8);
        mbc_ale_velocity_residual(qp, QT, L, s, a_t, v0, a);
        mbc_ale_velocity_residual(qm, QT, L, s, a_t, v0, b);
        for (int r = 0; r < 2; ++r)
            ASSERT_NEAR(Jvq[8 * r + j], (a[r] - b[r]) / (2 * h), 1e-8);
        mbc_ale_velocity_residual(Q, qtp, L, s, a_t, v0, a);
        mbc_ale_velocity_residual(Q, qtm, L, s, a_t, v0, b);
        for (int r = 0; r < 2; ++r)
            ASSERT_NEAR(Jqt[8 * r + j], (a[r] - b[r]) / (2 * h), 1e-8);
    }
    double a[2], b[2];
    /* q_ALE enters through s_el with d s_el / d q_ALE = 1 */
    mbc_ale_position_residual(Q, L, s + h, p0, a);
    mbc_ale_position_residual(Q, L, s - h, p0, b);
    for (int r = 0; r < 2; ++r)
        ASSERT_NEAR(Jale[r], (a[r] - b[r]) / (2 * h), 1e-8);
    mbc_ale_velocity_residual(Q, QT, L, s + h, a_t, v0, a);
    mbc_ale_velocity_residual(Q, QT, L, s - h, a_t, v0, b);
    for (int r = 0; r < 2; ++r)
        ASSERT_NEAR(Jvale[r], (a[r] - b[r]) / (2 * h), 1e-8);
    mbc_ale_velocity_residual(Q, QT, L, s, a_t + h, v0, a);
    mbc_ale_velocity_residual(Q, QT, L, s, a_t - h, v0, b);
    for (int r = 0; r < 2; ++r)
        ASSERT_NEAR(Jalet[r], (a[r] - b[r]) / (2 * h), 1e-8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_element_coordinate),
        cmocka_unit_test(test_update_index),
        cmocka_unit_test(test_sweep),
        cmocka_unit_test(test_residuals),
        cmocka_unit_test(test_jacobians_fd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
