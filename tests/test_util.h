/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the tests: tolerance asserts, a small PRNG,
 * rotation matrices. Test-only; not part of the library. */
#ifndef MBC_TEST_UTIL_H
#define MBC_TEST_UTIL_H

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_sampling.h"

#define RT_PI 3.14159265358979323846

/* Fails the test unless |a - b| <= tol (NaN always fails). */
#define ASSERT_NEAR(a, b, tol)                                                                     \
    do {                                                                                           \
        const double a_ = (a), b_ = (b), t_ = (tol);                                               \
        if (!(fabs(a_ - b_) <= t_)) {                                                              \
            print_error("%s:%d: %s = %.17g, %s = %.17g, |diff| = %.3g > tol %.3g\n", __FILE__,     \
                        __LINE__, #a, a_, #b, b_, fabs(a_ - b_), t_);                              \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

/* Fails unless x is finite. */
#define ASSERT_FINITE(x)                                                                           \
    do {                                                                                           \
        const double x_ = (x);                                                                     \
        if (!isfinite(x_)) {                                                                       \
            print_error("%s:%d: %s = %g is not finite\n", __FILE__, __LINE__, #x, x_);             \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

#endif /* MBC_TEST_UTIL_H */
