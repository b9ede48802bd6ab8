/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/mechanics/geometry_2d.c: closest point of a segment to a point. */
#include "test_util.h"

#include "mechanics/geometry_2d.h"

static const double P0[2] = {0.0, 0.0};
static const double P1[2] = {4.0, 0.0};

/* Interior case: projection inside the segment. */
static void test_interior(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double c[2] = {1.0, 3.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c, &s), MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(s.rho, 0.25, 1e-15);
    ASSERT_NEAR(s.rho_raw, 0.25, 1e-15);
    ASSERT_NEAR(s.closest[0], 1.0, 1e-15);
    ASSERT_NEAR(s.closest[1], 0.0, 1e-15);
    ASSERT_NEAR(s.distance, 3.0, 1e-15);
    /* normal from the center (above) down to the segment */
    ASSERT_NEAR(s.normal[0], 0.0, 1e-15);
    ASSERT_NEAR(s.normal[1], -1.0, 1e-15);
    ASSERT_NEAR(s.tangent[0], 1.0, 1e-15);
    ASSERT_NEAR(s.tangent[1], 0.0, 1e-15);
    assert_int_equal(s.normal_source, MBC_NORMAL_FROM_DISTANCE);
}

/* The seed's distance formula sqrt(v_p.v_p - n^2/d) on a tilted segment. */
static void test_interior_seed_formula(void **state)
{
    (void)state;
    const double a[2] = {-1.0, 2.0}, b[2] = {3.0, 5.0}, c[2] = {2.0, 1.0};
    const double vs[2] = {4.0, 3.0}, vp[2] = {3.0, -1.0};
    const double n = vs[0] * vp[0] + vs[1] * vp[1]; /* 9 */
    const double d = 25.0;
    struct mbc_segment_closest s;
    assert_int_equal(mbc_segment_closest_point(a, b, c, &s), MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(s.rho, n / d, 1e-15);
    ASSERT_NEAR(s.distance, sqrt(vp[0] * vp[0] + vp[1] * vp[1] - n * n / d), 1e-14);
    /* n points from c to the closest point and is perpendicular to the segment */
    ASSERT_NEAR(s.normal[0] * vs[0] + s.normal[1] * vs[1], 0.0, 1e-15);
    ASSERT_NEAR(s.closest[0], c[0] + s.distance * s.normal[0], 1e-14);
    ASSERT_NEAR(s.closest[1], c[1] + s.distance * s.normal[1], 1e-14);
}

/* rho <= 0: closest point is p_i. */
static void test_start_case(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double c[2] = {-2.0, 1.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c, &s), MBC_SEGMENT_START);
    ASSERT_NEAR(s.rho_raw, -0.5, 1e-15);
    ASSERT_NEAR(s.rho, 0.0, 0.0);
    ASSERT_NEAR(s.closest[0], 0.0, 0.0);
    ASSERT_NEAR(s.distance, sqrt(5.0), 1e-15);
    ASSERT_NEAR(s.normal[0], 2.0 / sqrt(5.0), 1e-15);
    ASSERT_NEAR(s.normal[1], -1.0 / sqrt(5.0), 1e-15);
}

/* rho >= 1: closest point is p_{i+1}. */
static void test_end_case(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double c[2] = {6.0, -2.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c, &s), MBC_SEGMENT_END);
    ASSERT_NEAR(s.rho_raw, 1.5, 1e-15);
    ASSERT_NEAR(s.rho, 1.0, 0.0);
    ASSERT_NEAR(s.closest[0], 4.0, 0.0);
    ASSERT_NEAR(s.distance, sqrt(8.0), 1e-15);
    ASSERT_NEAR(s.normal[0], -1.0 / sqrt(2.0), 1e-15);
    ASSERT_NEAR(s.normal[1], 1.0 / sqrt(2.0), 1e-15);
}

/* Projections exactly onto both endpoints (rho = 0 and rho = 1 exactly). */
static void test_exact_endpoints(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double c0[2] = {0.0, 5.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c0, &s), MBC_SEGMENT_START);
    ASSERT_NEAR(s.rho, 0.0, 0.0);
    ASSERT_NEAR(s.distance, 5.0, 0.0);
    ASSERT_NEAR(s.normal[1], -1.0, 0.0);
    const double c1[2] = {4.0, 5.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c1, &s), MBC_SEGMENT_END);
    ASSERT_NEAR(s.rho, 1.0, 0.0);
    ASSERT_NEAR(s.distance, 5.0, 0.0);
    /* center exactly on an end point: left segment normal */
    assert_int_equal(mbc_segment_closest_point(P0, P1, P1, &s), MBC_SEGMENT_END);
    ASSERT_NEAR(s.distance, 0.0, 0.0);
    assert_int_equal(s.normal_source, MBC_NORMAL_SEGMENT_LEFT);
    ASSERT_NEAR(s.normal[0], 0.0, 0.0);
    ASSERT_NEAR(s.normal[1], 1.0, 0.0);
}

/* rho, closest point and distance are continuous across both case switches. */
static void test_continuity(void **state)
{
    (void)state;
    const double step = 1e-4;
    struct mbc_segment_closest prev, cur;
    double c[2] = {-1.0, 0.7};
    mbc_segment_closest_point(P0, P1, c, &prev);
    for (int k = 1; k <= 60000; ++k) {
        c[0] = -1.0 + step * k;
        mbc_segment_closest_point(P0, P1, c, &cur);
        /* rho changes by at most step/|v_s|, the distance by at most step */
        ASSERT_NEAR(cur.rho, prev.rho, step / 4.0 + 1e-14);
        ASSERT_NEAR(cur.distance, prev.distance, step + 1e-14);
        ASSERT_NEAR(cur.closest[0], prev.closest[0], step + 1e-14);
        prev = cur;
    }
    /* limits at the switches */
    const double eps = 1e-13;
    const double cl[2] = {-eps, 1.0}, cr[2] = {eps, 1.0};
    struct mbc_segment_closest a, b;
    mbc_segment_closest_point(P0, P1, cl, &a);
    mbc_segment_closest_point(P0, P1, cr, &b);
    assert_int_equal(a.segment_case, MBC_SEGMENT_START);
    assert_int_equal(b.segment_case, MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(a.rho, b.rho, 1e-13);
    ASSERT_NEAR(a.distance, b.distance, 1e-12);
    ASSERT_NEAR(a.normal[0], b.normal[0], 1e-12);
    const double el[2] = {4.0 - eps, 1.0}, er[2] = {4.0 + eps, 1.0};
    mbc_segment_closest_point(P0, P1, el, &a);
    mbc_segment_closest_point(P0, P1, er, &b);
    assert_int_equal(a.segment_case, MBC_SEGMENT_INTERIOR);
    assert_int_equal(b.segment_case, MBC_SEGMENT_END);
    ASSERT_NEAR(a.rho, b.rho, 1e-13);
    ASSERT_NEAR(a.distance, b.distance, 1e-12);
}

/* Zero-length segment: distance to the point, rho = 0; both coincident: n = [0, 1]. */
static void test_degenerate_segment(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double p[2] = {1.0, 1.0}, c[2] = {4.0, 5.0};
    assert_int_equal(mbc_segment_closest_point(p, p, c, &s), MBC_SEGMENT_DEGENERATE);
    ASSERT_NEAR(s.distance, 5.0, 1e-15);
    ASSERT_NEAR(s.rho, 0.0, 0.0);
    ASSERT_NEAR(s.normal[0], -0.6, 1e-15);
    ASSERT_NEAR(s.normal[1], -0.8, 1e-15);
    assert_int_equal(mbc_segment_closest_point(p, p, p, &s), MBC_SEGMENT_DEGENERATE);
    assert_int_equal(s.normal_source, MBC_NORMAL_FIXED_UP);
    ASSERT_NEAR(s.distance, 0.0, 0.0);
    ASSERT_NEAR(s.normal[0], 0.0, 0.0);
    ASSERT_NEAR(s.normal[1], 1.0, 0.0);
    ASSERT_NEAR(s.tangent[0], -1.0, 0.0);
    ASSERT_NEAR(s.tangent[1], 0.0, 0.0);
}

/* Center exactly on the segment: n is the segment's left normal. */
static void test_point_on_segment(void **state)
{
    (void)state;
    struct mbc_segment_closest s;
    const double c[2] = {2.0, 0.0};
    assert_int_equal(mbc_segment_closest_point(P0, P1, c, &s), MBC_SEGMENT_INTERIOR);
    ASSERT_NEAR(s.rho, 0.5, 0.0);
    ASSERT_NEAR(s.distance, 0.0, 0.0);
    assert_int_equal(s.normal_source, MBC_NORMAL_SEGMENT_LEFT);
    ASSERT_NEAR(s.normal[0], 0.0, 0.0);
    ASSERT_NEAR(s.normal[1], 1.0, 0.0);
    ASSERT_NEAR(s.tangent[0], -1.0, 0.0);
    /* tilted segment, running in -x -y direction: left normal [-v_y, v_x]/|v| */
    const double a[2] = {3.0, 3.0}, b[2] = {1.0, 1.0}, m[2] = {2.0, 2.0};
    mbc_segment_closest_point(a, b, m, &s);
    ASSERT_NEAR(s.distance, 0.0, 0.0);
    ASSERT_NEAR(s.normal[0], 1.0 / sqrt(2.0), 1e-15);
    ASSERT_NEAR(s.normal[1], -1.0 / sqrt(2.0), 1e-15);
}

/* Against a brute-force minimum over 20001 samples of the segment. */
static void test_brute_force(void **state)
{
    (void)state;
    rt_rng g = {12345};
    for (int trial = 0; trial < 200; ++trial) {
        const double a[2] = {rt_uniform(&g, -2, 2), rt_uniform(&g, -2, 2)};
        const double b[2] = {rt_uniform(&g, -2, 2), rt_uniform(&g, -2, 2)};
        const double c[2] = {rt_uniform(&g, -3, 3), rt_uniform(&g, -3, 3)};
        double best = INFINITY;
        for (int k = 0; k <= 20000; ++k) {
            const double t = k / 20000.0;
            const double px = a[0] + t * (b[0] - a[0]), py = a[1] + t * (b[1] - a[1]);
            best = fmin(best, hypot(px - c[0], py - c[1]));
        }
        struct mbc_segment_closest s;
        mbc_segment_closest_point(a, b, c, &s);
        const double len = hypot(b[0] - a[0], b[1] - a[1]);
        assert_true(s.distance <= best + 1e-14);
        assert_true(s.distance >= best - len / 20000.0);
        ASSERT_NEAR(hypot(s.normal[0], s.normal[1]), 1.0, 1e-15);
        ASSERT_NEAR(s.normal[0] * s.tangent[0] + s.normal[1] * s.tangent[1], 0.0, 1e-15);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interior),           cmocka_unit_test(test_interior_seed_formula),
        cmocka_unit_test(test_start_case),         cmocka_unit_test(test_end_case),
        cmocka_unit_test(test_exact_endpoints),    cmocka_unit_test(test_continuity),
        cmocka_unit_test(test_degenerate_segment), cmocka_unit_test(test_point_on_segment),
        cmocka_unit_test(test_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
