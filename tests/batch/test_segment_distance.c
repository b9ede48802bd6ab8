/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc_segment_distance (the gap-only path of the cable PostNewtonStep) equals
 * the distance of mbc_segment_closest_point bit for bit: interior, end,
 * start and degenerate segments, tiny and huge scales; and the distance is
 * the analytic one for a simple case. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mechanics/geometry_2d.h"

static void check_same(const double a[2], const double b[2], const double c[2])
{
    struct mbc_segment_closest cp;
    (void)mbc_segment_closest_point(a, b, c, &cp);
    const double d = mbc_segment_distance(a, b, c);
    assert_memory_equal(&d, &cp.distance, sizeof d);
}

static void test_distance_equals_closest_point(void **state)
{
    (void)state;
    rt_rng g = {2024};
    const double scales[] = {1.0, 1e-160, 1e-120, 1e120, 1e160, 3.7};
    for (size_t s = 0; s < sizeof scales / sizeof scales[0]; ++s) {
        for (int k = 0; k < 2000; ++k) {
            double a[2], b[2], c[2];
            for (int i = 0; i < 2; ++i) {
                a[i] = scales[s] * rt_uniform(&g, -1.0, 1.0);
                b[i] = (k % 50 == 0) ? a[i] : scales[s] * rt_uniform(&g, -1.0, 1.0);
                c[i] = (k % 70 == 1) ? a[i] : scales[s] * rt_uniform(&g, -2.0, 2.0);
            }
            check_same(a, b, c);
        }
    }
}

static void test_distance_analytic(void **state)
{
    (void)state;
    const double a[2] = {0.0, 0.0}, b[2] = {2.0, 0.0};
    const double above[2] = {1.0, 0.5}, beyond[2] = {5.0, 4.0}, before[2] = {-3.0, -4.0};
    ASSERT_NEAR(mbc_segment_distance(a, b, above), 0.5, 0.0);
    ASSERT_NEAR(mbc_segment_distance(a, b, beyond), 5.0, 0.0);
    ASSERT_NEAR(mbc_segment_distance(a, b, before), 5.0, 0.0);
    ASSERT_NEAR(mbc_segment_distance(a, a, above), hypot(1.0, 0.5), 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distance_equals_closest_point),
        cmocka_unit_test(test_distance_analytic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
