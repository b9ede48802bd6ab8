/* SPDX-License-Identifier: BSD-3-Clause */
/* Sticking position (seed ContactFrictionCircleCable2D, "curstick"). */
#include "mbconnect/sticking.h"

#include "mbconnect/vec.h"

#include <math.h>

#define MBC_TWO_PI 6.283185307179586476925286766559

double mbc_sticking_normalize(double x, double r)
{
    const double period = MBC_TWO_PI * fabs(r);
    if (!(period > 0.0) || !isfinite(period)) {
        return x;
    }
    if (fabs(x) < 0.25 * period) {
        return x; /* |q| < 1/4: floor(q + 1/2) = 0 below, x - 0 period = x (no division) */
    }
    const double q = x / period;
    if (isfinite(q) && fabs(q) < 4503599627370496.0 /* 2^52 */) {
        return x - floor(q + 0.5) * period;
    }
    /* fmod is exact; shift into [-period/2, period/2) like the formula above. */
    double y = fmod(x, period);
    if (y >= 0.5 * period) {
        y -= period;
    } else if (y < -0.5 * period) {
        y += period;
    }
    return y;
}

double mbc_sticking_difference(double x_cur, double x_last, double r)
{
    return mbc_sticking_normalize(x_cur - x_last, r);
}

double mbc_sticking_position(const double normal[2], const double A[9], double r, double rho,
                             double segment_length, double ale_coordinate, const double p_i[2],
                             const double p_ip1[2], double *sign_out)
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
    if (sign_out != 0) {
        *sign_out = s;
    }
    return mbc_sticking_normalize(x_c + s * x_s, r);
}
