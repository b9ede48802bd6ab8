/* SPDX-License-Identifier: BSD-3-Clause */
/* ANCF Cable2D element: shape functions, positions, slopes, velocities and the
 * points of a Cable2DShape marker.
 *
 * physics-notes.md, "ANCF Cable2D shape functions". Element coordinates
 * q = [r0x, r0y, r0'x, r0'y, r1x, r1y, r1'x, r1'y] (node positions in m, node
 * slopes dimensionless), reference length L > 0 in m, axial coordinate x in m
 * (normally x in [0, L]; values outside are evaluated by the same cubic).
 * xi = x / L and
 *   S1 = 1 - 3 xi^2 + 2 xi^3,  S2 = L (xi - 2 xi^2 + xi^3),
 *   S3 = 3 xi^2 - 2 xi^3,      S4 = L (-xi^2 + xi^3),
 *   r(x) = S1 r0 + S2 r0' + S3 r1 + S4 r1'.
 * The shape-function vector S = [S1, S2, S3, S4] multiplies the node vectors;
 * the full 2x8 matrix is S (x) I2, i.e. r_c = sum_k S[k] q[2k + c].
 *
 * Degenerate element L == 0: the functions return the limit at xi = 0,
 * S = [1, 0, 0, 0], dS/dx = [0, 1, 0, 0], d2S/dx2 = [0, 0, 0, 0] (no NaN).
 */
#ifndef MBCONNECT_ANCF_CABLE2D_H
#define MBCONNECT_ANCF_CABLE2D_H

#include "mbconnect/connector.h"
#include "mbconnect/export.h"

/* The Cable2DShape marker functions below return MBC_OK, or MBC_ERR_VALUE for
 * invalid arguments (n < 1 or a NULL buffer: nothing written). When
 * `warnings` is not NULL it receives MBC_WARN_CABLE_ZERO_SLOPE if |r'(x_i)|
 * == 0 at some point while h != 0: the offset direction is undefined; that
 * point is returned without the offset (and without its velocity and
 * Jacobian terms), else 0. */

/* Shape functions S[4] at x (dimension: S1, S3 in 1; S2, S4 in m). */
MBC_API void mbc_ancf_cable2d_shape_functions(double x, double L, double S[4]);

/* First x-derivatives dS/dx [4] at x (dS1, dS3 in 1/m; dS2, dS4 in 1). */
MBC_API void mbc_ancf_cable2d_shape_functions_dx(double x, double L, double dS[4]);

/* Second x-derivatives d2S/dx2 [4] at x (d2S1, d2S3 in 1/m^2; d2S2, d2S4 in 1/m). */
MBC_API void mbc_ancf_cable2d_shape_functions_dx2(double x, double L, double ddS[4]);

/* Position r(x) = (S (x) I2) q, in m. */
MBC_API void mbc_ancf_cable2d_position(const double q[8], double L, double x, double r[2]);

/* Slope r'(x) = (S' (x) I2) q, dimensionless. */
MBC_API void mbc_ancf_cable2d_slope(const double q[8], double L, double x, double r_x[2]);

/* Second derivative r''(x) = (S'' (x) I2) q, in 1/m. */
MBC_API void mbc_ancf_cable2d_slope_dx(const double q[8], double L, double x, double r_xx[2]);

/* Velocity of the element point at fixed x: v = (S (x) I2) q_t, in m/s.
 * (Same as mbc_ancf_cable2d_position applied to q_t.) */
MBC_API void mbc_ancf_cable2d_velocity(const double q_t[8], double L, double x, double v[2]);

/* Points of a Cable2DShape marker with n >= 1 segments: x_i = i L / n,
 * i = 0..n, p_i = r(x_i) + h [-r'_y, r'_x] / |r'|   (h = verticalOffset, m;
 * positive h moves to the left of the cable's running direction).
 * points: 2(n+1) doubles, layout [p0x, p0y, p1x, p1y, ...].
 * Status and warnings: see above. */
MBC_API mbc_status mbc_ancf_cable2d_shape_points(const double q[8], double L, double h, int n,
                                                 double *points, unsigned *warnings);

/* Velocities of the points of mbc_ancf_cable2d_shape_points, in m/s:
 *   v_i = S(x_i) q_t + s_t r'(x_i) - h omega / |r'| r'(x_i),
 *   omega = (r'_x r'_t,y - r'_y r'_t,x) / |r'|^2   (rad/s),
 *   r'_t = S'(x_i) q_t + s_t r''(x_i),
 * where s_t is the ALE velocity (m/s; 0 for a non-ALE cable). This is the exact
 * total derivative d/dt p(q + t q_t, x_i + t s_t) at t = 0, i.e. the notes'
 * convective term s_t r'(x_i) plus, for h != 0, the notes' offset term -
 * evaluated with the total slope rate (for s_t = 0 exactly the notes' formula;
 * the notes forbid h != 0 together with ALE, the formula stays exact anyway).
 * velocities: 2(n+1) doubles, same layout as points. */
MBC_API mbc_status mbc_ancf_cable2d_shape_point_velocities(const double q[8], const double q_t[8],
                                                           double L, double h, double s_t, int n,
                                                           double *velocities, unsigned *warnings);

/* Point Jacobian J = d(points)/dq of mbc_ancf_cable2d_shape_points, including the
 * verticalOffset term h dN/dr' S'(x_i) with N(r') = [-r'_y, r'_x]/|r'| and
 * dN/dr' = (P - N e^T)/|r'|, P = [[0,-1],[1,0]], e = r'/|r'|.
 * jac: 2(n+1) x 8 doubles, row-major: row 2i+c (c = 0 for x, 1 for y) holds
 * d p_i,c / d q_j in column j. Physical point forces f (2(n+1)) map to
 * generalized element forces as J^T f. Dimensionless for position columns,
 * m for slope columns. */
MBC_API mbc_status mbc_ancf_cable2d_shape_point_jacobian(const double q[8], double L, double h,
                                                         int n, double *jac, unsigned *warnings);

#endif /* MBCONNECT_ANCF_CABLE2D_H */
