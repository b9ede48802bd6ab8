/* SPDX-License-Identifier: BSD-3-Clause */
/* 2D segment geometry (seed ContactFrictionCircleCable2D, contact geometry). */
#include "mbconnect/geometry_2d.h"

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
    if (dist > 0.0 && isfinite(dist)) {
        out->normal[0] = d[0] / dist;
        out->normal[1] = d[1] / dist;
        out->normal_source = MBC_NORMAL_FROM_DISTANCE;
    } else {
        /* |v_s| only for this fallback (rare) */
        const double vs[2] = {p_ip1[0] - p_i[0], p_ip1[1] - p_i[1]};
        const double seg_len = mbc_hypot2(vs[0], vs[1]);
        if (seg_len > 0.0 && isfinite(seg_len)) {
            out->normal[0] = -vs[1] / seg_len;
            out->normal[1] = vs[0] / seg_len;
            out->normal_source = MBC_NORMAL_SEGMENT_LEFT;
        } else {
            out->normal[0] = 0.0;
            out->normal[1] = 1.0;
            out->normal_source = MBC_NORMAL_FIXED_UP;
        }
    }
    out->tangent[0] = -out->normal[1];
    out->tangent[1] = out->normal[0];
}
