/* SPDX-License-Identifier: BSD-3-Clause */
/* Deterministic sampling shared by the tests (through test_util.h) and the
 * benchmarks (bench/): a small PRNG and rotation matrices. No cmocka here,
 * so that bench/ includes it instead of copying it. Not part of the library. */
#ifndef MBC_TEST_SAMPLING_H
#define MBC_TEST_SAMPLING_H

#include <math.h>
#include <stdint.h>

/* splitmix64: tiny deterministic PRNG (fixed seeds make the tests repeatable). */
typedef struct {
    uint64_t state;
} rt_rng;

static inline uint64_t rt_next(rt_rng *g)
{
    uint64_t z = (g->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static inline double rt_unit(rt_rng *g)
{
    return (double)(rt_next(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* Uniform in [a, b). */
static inline double rt_uniform(rt_rng *g, double a, double b)
{
    return a + (b - a) * rt_unit(g);
}

/* Rotation about z by angle a (row-major, local -> global). */
/* Each component uniform in [-a, a]. */
static inline void rt_random_vec(rt_rng *g, double a, double v[3])
{
    for (int i = 0; i < 3; ++i)
        v[i] = rt_uniform(g, -a, a);
}

static inline void rt_rot_z(double a, double R[9])
{
    const double c = cos(a), s = sin(a);
    const double M[9] = {c, -s, 0, s, c, 0, 0, 0, 1};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}

/* Rotation about y by angle a. */
static inline void rt_rot_y(double a, double R[9])
{
    const double c = cos(a), s = sin(a);
    const double M[9] = {c, 0, s, 0, 1, 0, -s, 0, c};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}

/* Rotation about x by angle a. */
static inline void rt_rot_x(double a, double R[9])
{
    const double c = cos(a), s = sin(a);
    const double M[9] = {1, 0, 0, 0, c, -s, 0, s, c};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}

/* C = A B for row-major 3x3. */
static inline void rt_mat_mul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}

/* Random rotation from a normalized random quaternion. */
static inline void rt_random_rotation(rt_rng *g, double R[9])
{
    double q[4], n = 0.0;
    do {
        n = 0.0;
        for (int i = 0; i < 4; ++i) {
            q[i] = rt_uniform(g, -1.0, 1.0);
            n += q[i] * q[i];
        }
    } while (n < 1e-6 || n > 1.0);
    n = sqrt(n);
    const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    const double M[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                         2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                         2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}

#endif /* MBC_TEST_SAMPLING_H */
