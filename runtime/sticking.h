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

#endif /* MBC_RUNTIME_STICKING_H */
