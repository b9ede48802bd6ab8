/* SPDX-License-Identifier: BSD-3-Clause */
/* Small 2D/3D vector helpers for the mbconnect runtime.
 *
 * All functions are pure and inline. 3x3 matrices are row-major `double A[9]`
 * and map local to global coordinates: x_global = A x_local.
 */
#ifndef MBCONNECT_VEC_H
#define MBCONNECT_VEC_H

#include <float.h>
#include <math.h>

/* a . b for 2D vectors. */
static inline double mbc_dot2(const double a[2], const double b[2])
{
    return a[0] * b[0] + a[1] * b[1];
}

/* a . b for 3D vectors. */
static inline double mbc_dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Scalar 2D cross product a_x b_y - a_y b_x (z of the 3D cross product). */
static inline double mbc_cross2(const double a[2], const double b[2])
{
    return a[0] * b[1] - a[1] * b[0];
}

/* out = a x b; out may alias neither a nor b. */
static inline void mbc_cross3(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* sqrt(x^2 + y^2) without spurious overflow/underflow: the plain formula
 * while the sum of squares is a normal number, hypot() outside that range
 * (hypot is several times slower and sits on every contact's hot path). */
static inline double mbc_hypot2(double x, double y)
{
    const double s = x * x + y * y;
    if (s >= DBL_MIN && s <= DBL_MAX)
        return sqrt(s);
    return hypot(x, y);
}

/* sqrt(x^2 + y^2 + z^2), overflow/underflow safe as mbc_hypot2. */
static inline double mbc_hypot3(double x, double y, double z)
{
    const double s = x * x + y * y + z * z;
    if (s >= DBL_MIN && s <= DBL_MAX)
        return sqrt(s);
    return hypot(hypot(x, y), z);
}

/* Euclidean length of a 2D vector (overflow/underflow safe). */
static inline double mbc_norm2(const double a[2])
{
    return mbc_hypot2(a[0], a[1]);
}

/* Euclidean length of a 3D vector (overflow/underflow safe). */
static inline double mbc_norm3(const double a[3])
{
    return mbc_hypot3(a[0], a[1], a[2]);
}

/* out = A x (local -> global); out must not alias x. */
static inline void mbc_mat3_mul(const double A[9], const double x[3], double out[3])
{
    out[0] = A[0] * x[0] + A[1] * x[1] + A[2] * x[2];
    out[1] = A[3] * x[0] + A[4] * x[1] + A[5] * x[2];
    out[2] = A[6] * x[0] + A[7] * x[1] + A[8] * x[2];
}

/* out = A^T x (global -> local for a rotation matrix); out must not alias x. */
static inline void mbc_mat3_tmul(const double A[9], const double x[3], double out[3])
{
    out[0] = A[0] * x[0] + A[3] * x[1] + A[6] * x[2];
    out[1] = A[1] * x[0] + A[4] * x[1] + A[7] * x[2];
    out[2] = A[2] * x[0] + A[5] * x[1] + A[8] * x[2];
}

#endif /* MBCONNECT_VEC_H */
