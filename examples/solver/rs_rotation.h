/* SPDX-License-Identifier: BSD-3-Clause */
/* Rotation helpers of the reference solver's 3D rigid body.
 *
 * Parametrization: A = A_ref exp([theta]x), with theta the rotation vector of
 * the increment since the start of the step (reset to 0 when a step is
 * accepted, A_ref then absorbs it), and the body (local) angular velocity
 * omega as velocity coordinates. Kinematics (right Jacobian inverse):
 *   theta' = J_r^{-1}(theta) omega
 *          = omega + 1/2 theta x omega + c(|theta|) theta x (theta x omega),
 *   c(phi) = 1/phi^2 - (1 + cos phi) / (2 phi sin phi)   (-> 1/12 for phi -> 0).
 * A = exp([theta]x) itself is the library's mbc_rotation_exp
 * (mbconnect/rotation.h). Matrices are 3x3 row-major, local -> global. */
#ifndef RS_ROTATION_H
#define RS_ROTATION_H

/* theta' = J_r^{-1}(theta) omega. */
void rs_rotvec_rate(const double theta[3], const double omega[3], double theta_t[3]);

/* C = A B (3x3); C must not alias A or B. */
void rs_mat3_mul(const double A[9], const double B[9], double C[9]);

/* R = rotation about z by phi. */
void rs_rot_z(double phi, double R[9]);

/* R = rotation about x by phi. */
void rs_rot_x(double phi, double R[9]);

#endif
