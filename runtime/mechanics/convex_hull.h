/* SPDX-License-Identifier: BSD-3-Clause */
/* Convex roll hull of ContactConvexRoll.
 *
 * physics-notes.md, ContactConvexRoll: hull radius r(x) = sum_i k_i x^(n_p-1-i)
 * (highest power first, n_p = number of coefficients) on x in [-L/2, L/2]
 * along the roll's local x axis; x and r in m.
 *
 * Internal to the runtime (not installed, not exported): the building
 * blocks of ContactConvexRoll only (docs/versioning.rst, "What counts as API").
 */
#ifndef MBC_RUNTIME_CONVEX_HULL_H
#define MBC_RUNTIME_CONVEX_HULL_H

#include <stdbool.h>

#include "mbconnect/connector.h"

/* Value of the polynomial k[0] x^(n-1) + ... + k[n-1] at x (Horner);
 * n == 0 gives 0. */
double mbc_poly_eval(const double *k, int n, double x);

/* Value of the order-th derivative (order >= 0) of the same polynomial at x,
 * without forming the derivative coefficients (Horner on the scaled
 * coefficients k_i p!/(p-order)!, p = n-1-i). order >= n gives 0. */
double mbc_poly_eval_derivative(const double *k, int n, int order, double x);

/* Coefficients of the derivative polynomial, highest power first:
 * dk[i] = (n-1-i) k[i] for i = 0..n-2. Writes max(n-1, 1) values (a constant
 * or empty polynomial has the derivative [0]) and returns that count.
 * dk may not alias k. Applied twice this gives coefficientsHullDDerivative. */
int mbc_poly_derivative(const double *k, int n, double *dk);

/* Concavity check of the hull: the hull is convex (as a body of revolution)
 * iff r''(x) <= 0 on [-L/2, L/2]. r'' is sampled at n_samples >= 2 equally
 * spaced points including both ends (a dense grid, e.g. 1001); a sample is
 * positive when it exceeds the rounding bound 16 n eps sum_i |term_i| of its
 * evaluation, so r'' == 0 (cylinder, cone) is accepted. Returns true if convex,
 * false if not (then *x_violation, if not NULL, receives the first offending x).
 * n_samples < 2 is taken as 2. */
bool mbc_hull_is_convex(const double *k, int n, double L, int n_samples, double *x_violation);

/* Bounding radius rBoundingSphere = max of r(x) over [-L/2, L/2] (m): the
 * maximum over both ends and the interior maxima of r, located by sampling
 * r' on 1024 sub-intervals and bisecting each sign change + -> - to full
 * precision. Exact for convex hulls (one maximum); for general polynomials a
 * pair of critical points closer than L/1024 may be missed. */
double mbc_hull_bounding_radius(const double *k, int n, double L);

/* Warnings of mbc_hull_lowest_point (connector.h): MBC_WARN_AXIS_VERTICAL
 * (rho_d < 1e-12: model does not apply), MBC_WARN_HULL_NOT_CONVERGED (root
 * not within 1e-14 L/2 after 200 steps). */

/* Result of mbc_hull_lowest_point. */
struct mbc_hull_contact {
    double x;           /* axial coordinate of the lowest hull point, m */
    double p_local[3];  /* [x, r d_y/rho_d, r d_z/rho_d], body frame, m */
    double p_global[3]; /* p_C = A p_local + p_m1, m */
    int clamped;        /* 1 if no interior root: x is an interval end */
    unsigned warnings;  /* MBC_WARN_AXIS_VERTICAL | MBC_WARN_HULL_NOT_CONVERGED */
};

/* Lowest point of the hull relative to the ground plane (normal e_z):
 * d = A^T (-e_z) (downward direction in body coordinates), rho_d =
 * sqrt(d_y^2 + d_z^2); the lowest point maximizes d . p over the hull and
 * solves r'(x) = -d_x / rho_d, found by Newton on r' safeguarded by bisection
 * in a sign-change bracket starting at x = 0 (the root nearest x = 0; a flat
 * stretch r' == -d_x/rho_d gives x = 0); no root in [-L/2, L/2] clamps to the
 * end where the hull is lowest. The root is converged to 1e-14 relative to
 * L/2, else MBC_WARN_HULL_NOT_CONVERGED is set. Assumes a convex hull.
 * A: roll marker rotation, row-major, local -> global; p_m1: roll center.
 * Returns MBC_OK, or MBC_ERR_VALUE with MBC_WARN_AXIS_VERTICAL (and all
 * outputs zero, no NaN) when rho_d < 1e-12. */
mbc_status mbc_hull_lowest_point(const double *k, int n, double L, const double A[9],
                                 const double p_m1[3], struct mbc_hull_contact *out);

#endif /* MBC_RUNTIME_CONVEX_HULL_H */
