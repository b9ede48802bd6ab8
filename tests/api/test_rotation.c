/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc_rotation_exp (include/mbconnect/rotation.h) against checks that do not
 * use the Rodrigues formula: orthogonality and det 1, the axis is fixed, the
 * trace 1 + 2 cos(phi), the plain rotations about a coordinate axis, the
 * inverse, known 90-degree rotations, and the time derivative by central
 * differences against the right Jacobian (small angles, where the series
 * branch runs, and across the switch to the closed form at phi = 1e-4).
 * Linked to the shared library: mbc_rotation_exp is exported API. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mbconnect/rotation.h"

static const double pi = 3.14159265358979323846;

/* Rotation vectors of many sizes and directions, the series branch
 * (phi < 1e-4), both sides of the switch, and beyond pi. */
static const double samples[][3] = {
    {0.0, 0.0, 0.0},     {1e-9, -2e-9, 3e-9}, {3e-6, 1e-6, -2e-6}, {5e-5, -5e-5, 5e-5},
    {0.0, 0.0, 0.99e-4}, {0.0, 0.0, 1.01e-4}, {0.3, -0.2, 0.1},    {1.0, 2.0, -0.5},
    {-2.5, 0.4, 1.3},    {0.0, 3.14159, 0.0}, {4.0, -1.0, 2.0},    {-7.0, 3.0, 0.5},
};
#define SAMPLE_COUNT (sizeof samples / sizeof samples[0])

static double norm3(const double v[3])
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static void mul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}

static double det3(const double A[9])
{
    return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
           A[2] * (A[3] * A[7] - A[4] * A[6]);
}

static void assert_matrix_near(const double A[9], const double B[9], double tol)
{
    for (int i = 0; i < 9; i++)
        assert_true(fabs(A[i] - B[i]) <= tol);
}

static void test_orthogonal_with_determinant_one(void **state)
{
    (void)state;
    for (size_t k = 0; k < SAMPLE_COUNT; k++) {
        double A[9], At[9], AAt[9];
        mbc_rotation_exp(samples[k], A);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                At[3 * i + j] = A[3 * j + i];
        mul(A, At, AAt);
        const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        assert_matrix_near(AAt, I, 2e-15); /* 9 eps: rounding of the products */
        assert_true(fabs(det3(A) - 1.0) <= 2e-15);
    }
}

/* The axis stays where it is: A theta = theta; the angle is the length:
 * trace A = 1 + 2 cos(phi). */
static void test_axis_fixed_and_angle_from_trace(void **state)
{
    (void)state;
    for (size_t k = 0; k < SAMPLE_COUNT; k++) {
        const double *t = samples[k];
        double A[9];
        mbc_rotation_exp(t, A);
        for (int i = 0; i < 3; i++) {
            const double At = A[3 * i] * t[0] + A[3 * i + 1] * t[1] + A[3 * i + 2] * t[2];
            assert_true(fabs(At - t[i]) <= 4e-16 * (1.0 + norm3(t)));
        }
        assert_true(fabs(A[0] + A[4] + A[8] - (1.0 + 2.0 * cos(norm3(t)))) <= 8e-16);
    }
}

/* About a coordinate axis the rotation is the plain cos/sin matrix, in the
 * series branch as well as in the closed form. */
static void test_coordinate_axis_rotations(void **state)
{
    (void)state;
    const double angles[] = {-3.0, -1e-3, -2e-5, 1e-12, 7e-5, 1e-4, 0.5, 2.0, 6.0};
    for (size_t k = 0; k < sizeof angles / sizeof angles[0]; k++) {
        const double a = angles[k], c = cos(a), s = sin(a);
        const double tz[3] = {0.0, 0.0, a}, tx[3] = {a, 0.0, 0.0};
        const double Rz[9] = {c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0};
        const double Rx[9] = {1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c};
        double A[9];
        mbc_rotation_exp(tz, A);
        assert_matrix_near(A, Rz, 4e-16);
        mbc_rotation_exp(tx, A);
        assert_matrix_near(A, Rx, 4e-16);
    }
}

/* A quarter turn about z takes x to y; about x it takes y to z. */
static void test_known_quarter_turns(void **state)
{
    (void)state;
    const double tz[3] = {0.0, 0.0, pi / 2}, tx[3] = {pi / 2, 0.0, 0.0};
    const double Az[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
    const double Ax[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0};
    double A[9];
    mbc_rotation_exp(tz, A);
    assert_matrix_near(A, Az, 2e-16);
    mbc_rotation_exp(tx, A);
    assert_matrix_near(A, Ax, 2e-16);
    /* a third of a turn about (1,1,1) permutes the axes: x -> y -> z -> x */
    const double c = 2.0 * pi / 3.0 / sqrt(3.0);
    const double t3[3] = {c, c, c};
    const double Ap[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};
    mbc_rotation_exp(t3, A);
    assert_matrix_near(A, Ap, 4e-16);
}

/* exp(-[theta]x) is the inverse; a full turn is the identity. */
static void test_inverse_and_full_turn(void **state)
{
    (void)state;
    const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    for (size_t k = 0; k < SAMPLE_COUNT; k++) {
        const double *t = samples[k];
        const double m[3] = {-t[0], -t[1], -t[2]};
        double A[9], B[9], AB[9];
        mbc_rotation_exp(t, A);
        mbc_rotation_exp(m, B);
        mul(A, B, AB);
        assert_matrix_near(AB, I, 2e-15);
    }
    const double n[3] = {2.0 / 3.0, -1.0 / 3.0, 2.0 / 3.0}; /* unit */
    const double full[3] = {2 * pi * n[0], 2 * pi * n[1], 2 * pi * n[2]};
    double A[9];
    mbc_rotation_exp(full, A);
    assert_matrix_near(A, I, 3e-15);
}

/* dA/dt of A(theta(t)) = A [J_r(theta) theta']x, with the right Jacobian
 *   J_r = I - (1 - cos phi)/phi^2 K + (phi - sin phi)/phi^3 K^2,  K = [theta]x
 * (for phi -> 0: I - K/2 + K^2/6), against central differences. */
static void right_jacobian(const double t[3], double J[9])
{
    const double phi = norm3(t);
    double b, c;
    if (phi < 1e-3) {
        b = 0.5 - phi * phi / 24.0;
        c = 1.0 / 6.0 - phi * phi / 120.0;
    } else {
        b = (1.0 - cos(phi)) / (phi * phi);
        c = (phi - sin(phi)) / (phi * phi * phi);
    }
    const double x = t[0], y = t[1], z = t[2];
    const double K[9] = {0.0, -z, y, z, 0.0, -x, -y, x, 0.0};
    double K2[9];
    mul(K, K, K2);
    for (int i = 0; i < 9; i++)
        J[i] = ((i % 4) == 0 ? 1.0 : 0.0) - b * K[i] + c * K2[i];
}

static void check_derivative(const double t[3], const double rate[3], double h, double tol)
{
    double tp[3], tm[3], Ap[9], Am[9], A[9], J[9], w[3], W[9], AW[9];
    for (int i = 0; i < 3; i++) {
        tp[i] = t[i] + h * rate[i];
        tm[i] = t[i] - h * rate[i];
    }
    mbc_rotation_exp(tp, Ap);
    mbc_rotation_exp(tm, Am);
    mbc_rotation_exp(t, A);
    right_jacobian(t, J);
    for (int i = 0; i < 3; i++)
        w[i] = J[3 * i] * rate[0] + J[3 * i + 1] * rate[1] + J[3 * i + 2] * rate[2];
    const double Wm[9] = {0.0, -w[2], w[1], w[2], 0.0, -w[0], -w[1], w[0], 0.0};
    for (int i = 0; i < 9; i++)
        W[i] = Wm[i];
    mul(A, W, AW);
    for (int i = 0; i < 9; i++)
        assert_true(fabs((Ap[i] - Am[i]) / (2.0 * h) - AW[i]) <= tol);
}

static void test_time_derivative_small_angles(void **state)
{
    (void)state;
    const double rate[3] = {0.7, -1.1, 0.4};
    const double small[][3] = {{0.0, 0.0, 0.0}, {2e-6, -1e-6, 3e-6}, {3e-5, 4e-5, -2e-5}};
    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++)
        check_derivative(small[k], rate, 1e-7, 1e-8);
    /* across the series/closed-form switch at |theta| = 1e-4 (steps of 3e-6
     * on either side): no jump in value or slope */
    const double edge[3] = {0.0, 6e-5, 8e-5}; /* |edge| = 1e-4 */
    check_derivative(edge, rate, 3e-6, 1e-8);
    /* and a general angle, where the closed form runs */
    const double big[3] = {0.9, -0.4, 1.7};
    check_derivative(big, rate, 1e-6, 1e-8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_orthogonal_with_determinant_one),
        cmocka_unit_test(test_axis_fixed_and_angle_from_trace),
        cmocka_unit_test(test_coordinate_axis_rotations),
        cmocka_unit_test(test_known_quarter_turns),
        cmocka_unit_test(test_inverse_and_full_turn),
        cmocka_unit_test(test_time_derivative_small_angles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
