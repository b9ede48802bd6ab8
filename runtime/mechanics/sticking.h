/* SPDX-License-Identifier: BSD-3-Clause */
/* Sticking position of ContactFrictionCircleCable2D.
 *
 * Seed: ObjectContactFrictionCircleCable2D, equations "lastcurstick" and
 * "curstick"; physics-notes.md, ContactFrictionCircleCable2D, "Sticking position".
 * All positions are arc lengths in m; r is the circle radius in m.
 *
 * Internal to the runtime (not installed, not exported): the building
 * blocks of ContactFrictionCircleCable2D only (docs/versioning.rst, "What counts as API").
 */
#ifndef MBC_RUNTIME_STICKING_H
#define MBC_RUNTIME_STICKING_H

#include <math.h>

#include "mbconnect/vec.h"

/* Normalize an arc length (or a difference of two) into the circle's period:
 *   x - floor(x / (2 pi r) + 1/2) * 2 pi r,  result in [-pi r, pi r).
 * The period is 2 pi |r|. Fallbacks (never NaN for finite x):
 *  - r == 0 (point contact, no circumference): x is returned unchanged;
 *  - |x / (2 pi r)| >= 2^52 or the quotient overflows: the same value is
 *    computed with fmod (the seed formula would lose all digits there). */
double mbc_sticking_normalize(double x, double r);

/* Normalized difference Delta x_stick = normalize(x_cur - x_last, r). */
double mbc_sticking_difference(double x_cur, double x_last, double r);

/* Current sticking position x_curStick of one contact segment:
 *   alpha = atan2(n_loc,y, n_loc,x) with n_loc = A^T [n_0, n_1, 0]  (rad),
 *   x_c = alpha r,
 *   x_s = rho * segment_length + o_ALE,  o_ALE = -ale_coordinate,
 *   s = -1 if t.(p_{i+1} - p_i) > 0 else +1,  t = [-n_1, n_0],
 *   x*_curStick = x_c + s x_s, returned normalized by mbc_sticking_normalize.
 * normal: unit contact normal n (global, from circle center to the segment,
 * see geometry_2d.h); A: circle marker rotation, row-major 3x3, local->global;
 * rho in [0, 1]; segment_length = L / n_cs (m); ale_coordinate: the cable's
 * total ALE coordinate (m, 0 for a non-ALE cable); p_i, p_ip1: segment points.
 * If sign_out is not NULL it receives s. */
double mbc_sticking_position(const double normal[2], const double A[9], double r, double rho,
                             double segment_length, double ale_coordinate, const double p_i[2],
                             const double p_ip1[2], double *sign_out);

/* The inline kernels of the functions above: sticking.c's functions are
 * these kernels, and hooks with a per-segment loop
 * (ContactFrictionCircleCable2D) call them directly with the per-call
 * quantity 2 pi |r| computed once. Same operations in the same order, so the
 * results are the same bits either way. Arc lengths in m, r the circle
 * radius in m. */

#define MBC_TWO_PI 6.283185307179586476925286766559

/* floor(y) for |y| < 2^63, exactly (floor is exact, so the same bits): the
 * truncation through int64 is two conversions and a compare, where gcc
 * expands floor() for baseline x86-64 (no SSE4.1 roundsd) into ~40
 * instructions. y is never -0 here (y = q + 1/2, see below), and floor of a
 * y in (-1, 0) is -1, of a y in [0, 1) +0, as the conversion gives. */
static inline double mbc_floor_small(double y)
{
    const double t = (double)(long long)y; /* y rounded toward zero */
    return (t > y) ? t - 1.0 : t;
}

/* The period 2 pi |r| (m) of mbc_sticking_normalize. */
static inline double mbc_sticking_period(double r)
{
    return MBC_TWO_PI * fabs(r);
}

/* mbc_sticking_normalize(x, r) with period = mbc_sticking_period(r):
 * x - floor(x / period + 1/2) period, in [-period/2, period/2). */
static inline double mbc_sticking_normalize_period(double x, double period)
{
    if (!(period > 0.0) || !isfinite(period))
        return x;
    if (fabs(x) < 0.25 * period)
        return x; /* |q| < 1/4: floor(q + 1/2) = 0 below, x - 0 period = x (no division) */
    const double q = x / period;
    if (isfinite(q) && fabs(q) < 4503599627370496.0 /* 2^52 */)
        return x - mbc_floor_small(q + 0.5) * period;
    /* fmod is exact; shift into [-period/2, period/2) like the formula above. */
    double y = fmod(x, period);
    if (y >= 0.5 * period)
        y -= period;
    else if (y < -0.5 * period)
        y += period;
    return y;
}

/* mbc_sticking_position with period = mbc_sticking_period(r) (see
 * runtime/mechanics/sticking.h for the equation and the arguments). */
static inline double mbc_sticking_position_period(const double normal[2], const double A[9],
                                                  double r, double rho, double segment_length,
                                                  double ale_coordinate, const double p_i[2],
                                                  const double p_ip1[2], double period,
                                                  double *sign_out)
{
    const double n3[3] = {normal[0], normal[1], 0.0};
    double n_loc[3];
    mbc_mat3_tmul(A, n3, n_loc);
    const double alpha = atan2(n_loc[1], n_loc[0]); /* atan2(0, 0) = 0 */
    const double x_c = alpha * r;

    const double o_ale = -ale_coordinate;
    const double x_s = rho * segment_length + o_ale;

    const double t[2] = {-normal[1], normal[0]};
    const double seg[2] = {p_ip1[0] - p_i[0], p_ip1[1] - p_i[1]};
    const double s = (mbc_dot2(t, seg) > 0.0) ? -1.0 : 1.0;
    if (sign_out != 0)
        *sign_out = s;
    return mbc_sticking_normalize_period(x_c + s * x_s, period);
}

#endif /* MBC_RUNTIME_STICKING_H */
