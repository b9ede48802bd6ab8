/* SPDX-License-Identifier: BSD-3-Clause */
/* Rotations of 3D rigid bodies for solvers (docs/solver-integration.rst,
 * "3D rigid bodies"): a body stored as A = A_ref exp([theta]x), with theta
 * the rotation vector of the increment since the start of the step.
 * Matrices are 3x3 row-major, local -> global; angles in rad. */
#ifndef MBCONNECT_ROTATION_H
#define MBCONNECT_ROTATION_H

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rotation matrix of the rotation vector theta (Rodrigues formula):
 *   A = exp([theta]x) = I + a K + b K^2,   K = [theta]x,  phi = |theta|,
 *   a = sin(phi)/phi,  b = (1 - cos(phi))/phi^2;
 * for phi < 1e-4 the Taylor series a = 1 - phi^2/6 + phi^4/120,
 * b = 1/2 - phi^2/24 + phi^4/720 (exact to rounding there, no 0/0).
 * A rotates by phi about the axis theta/phi (right-hand rule); theta = 0
 * gives the identity. Reentrant, no allocation. */
MBC_API void mbc_rotation_exp(const double theta[3], double A[9]);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_ROTATION_H */
