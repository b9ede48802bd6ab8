/* SPDX-License-Identifier: BSD-3-Clause */
/* Rotation helpers (rs_rotation.h). */
#include "rs_rotation.h"

#include "mbconnect/vec.h"

#include <math.h>

void rs_rotvec_rate(const double theta[3], const double omega[3], double theta_t[3])
{
    const double phi = mbc_norm3(theta);
    double c;
    if (phi < 1e-4)
        c = 1.0 / 12.0 + phi * phi / 720.0;
    else
        c = 1.0 / (phi * phi) - (1.0 + cos(phi)) / (2.0 * phi * sin(phi));
    double tw[3], ttw[3];
    mbc_cross3(theta, omega, tw);
    mbc_cross3(theta, tw, ttw);
    for (int i = 0; i < 3; ++i)
        theta_t[i] = omega[i] + 0.5 * tw[i] + c * ttw[i];
}

void rs_mat3_mul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}

void rs_rot_z(double phi, double R[9])
{
    const double c = cos(phi), s = sin(phi);
    const double M[9] = {c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}

void rs_rot_x(double phi, double R[9])
{
    const double c = cos(phi), s = sin(phi);
    const double M[9] = {1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c};
    for (int i = 0; i < 9; ++i)
        R[i] = M[i];
}
