/* SPDX-License-Identifier: BSD-3-Clause */
/* Rotation vector -> rotation matrix (include/mbconnect/rotation.h; the
 * parametrization is docs/solver-integration.rst, "3D rigid bodies"). */
#include "mbconnect/rotation.h"

#include "mbconnect/vec.h"

#include <math.h>

void mbc_rotation_exp(const double theta[3], double A[9])
{
    const double phi = mbc_norm3(theta);
    double a, b; /* sin(phi)/phi, (1 - cos(phi))/phi^2 */
    if (phi < 1e-4) {
        const double p2 = phi * phi;
        a = 1.0 - p2 / 6.0 + p2 * p2 / 120.0;
        b = 0.5 - p2 / 24.0 + p2 * p2 / 720.0;
    } else {
        a = sin(phi) / phi;
        b = (1.0 - cos(phi)) / (phi * phi);
    }
    const double x = theta[0], y = theta[1], z = theta[2];
    /* K = [theta]x, K^2 = theta theta^T - phi^2 I */
    const double K[9] = {0.0, -z, y, z, 0.0, -x, -y, x, 0.0};
    const double K2[9] = {-(y * y + z * z), x * y, x * z, x * y,
                          -(x * x + z * z), y * z, x * z, y * z,
                          -(x * x + y * y)};
    for (int i = 0; i < 9; ++i)
        A[i] = ((i % 4) == 0 ? 1.0 : 0.0) + a * K[i] + b * K2[i];
}
