/* SPDX-License-Identifier: BSD-3-Clause */
/* 2D segment geometry (seed ContactFrictionCircleCable2D, contact geometry). */
#include "geometry_2d.h"

#include <math.h>

#include "mbconnect/vec.h"

int mbc_segment_closest_point(const double p_i[2], const double p_ip1[2], const double p_c[2],
                              struct mbc_segment_closest *out)
{
    out->segment_case =
        mbc_segment_closest_raw(p_i, p_ip1, p_c, out->closest, &out->rho_raw, &out->rho);
    mbc_segment_closest_finish(p_i, p_ip1, p_c, out);
    return out->segment_case;
}

void mbc_segment_closest_finish(const double p_i[2], const double p_ip1[2], const double p_c[2],
                                struct mbc_segment_closest *out)
{
    const double d[2] = {out->closest[0] - p_c[0], out->closest[1] - p_c[1]};
    const double dist = mbc_hypot2(d[0], d[1]);
    out->distance = dist;
    out->normal_source = mbc_segment_normal_inline(d, dist, p_i, p_ip1, out->normal);
    out->tangent[0] = -out->normal[1];
    out->tangent[1] = out->normal[0];
}
