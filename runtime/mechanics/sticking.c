/* SPDX-License-Identifier: BSD-3-Clause */
/* Sticking position (seed ContactFrictionCircleCable2D, "curstick"). The
 * kernels are inline in sticking_inline.h (also used by the cable hook). */
#include "sticking.h"

double mbc_sticking_normalize(double x, double r)
{
    return mbc_sticking_normalize_period(x, mbc_sticking_period(r));
}

double mbc_sticking_difference(double x_cur, double x_last, double r)
{
    return mbc_sticking_normalize(x_cur - x_last, r);
}

double mbc_sticking_position(const double normal[2], const double A[9], double r, double rho,
                             double segment_length, double ale_coordinate, const double p_i[2],
                             const double p_ip1[2], double *sign_out)
{
    return mbc_sticking_position_period(normal, A, r, rho, segment_length, ale_coordinate, p_i,
                                        p_ip1, mbc_sticking_period(r), sign_out);
}
