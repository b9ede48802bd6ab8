/* SPDX-License-Identifier: BSD-3-Clause */
/* 2D segment geometry (seed ContactFrictionCircleCable2D, contact geometry). */
#include "mbconnect/geometry_2d.h"

#include <math.h>

#include "mbconnect/vec.h"

int mbc_segment_closest_point(const double p_i[2], const double p_ip1[2], const double p_c[2],
                              struct mbc_segment_closest *out)
{
    const double vs[2] = {p_ip1[0] - p_i[0], p_ip1[1] - p_i[1]};
    const double vp[2] = {p_c[0] - p_i[0], p_c[1] - p_i[1]};
    const double seg_len = mbc_hypot2(vs[0], vs[1]);

    /* rho is scale invariant: evaluate it on rescaled vectors when the squares
     * would overflow or underflow (rare; the common case needs no rescaling). */
    const double ax = fabs(vs[0]), ay = fabs(vs[1]), bx = fabs(vp[0]), by = fabs(vp[1]);
    double scale = ax > ay ? ax : ay;
    scale = bx > scale ? bx : scale;
    scale = by > scale ? by : scale;
    if (!(scale > 1e-100 && scale < 1e100)) {
        scale = (scale > 0.0 && isfinite(scale)) ? 1.0 / scale : 1.0;
    } else {
        scale = 1.0;
    }
    const double num = (scale * vs[0]) * (scale * vp[0]) + (scale * vs[1]) * (scale * vp[1]);
    const double den = (scale * vs[0]) * (scale * vs[0]) + (scale * vs[1]) * (scale * vs[1]);

    /* A segment whose squared length underflows is treated as a point; the
     * comparisons below avoid dividing when rho would leave (0, 1). */
    if (den <= 0.0 || seg_len == 0.0) {
        out->segment_case = MBC_SEGMENT_DEGENERATE;
        out->rho_raw = 0.0;
        out->rho = 0.0;
        out->closest[0] = p_i[0];
        out->closest[1] = p_i[1];
    } else if (num <= 0.0) {
        out->segment_case = MBC_SEGMENT_START;
        out->rho_raw = num / den;
        out->rho = 0.0;
        out->closest[0] = p_i[0];
        out->closest[1] = p_i[1];
    } else if (num >= den) {
        out->segment_case = MBC_SEGMENT_END;
        out->rho_raw = num / den;
        out->rho = 1.0;
        out->closest[0] = p_ip1[0];
        out->closest[1] = p_ip1[1];
    } else {
        const double rho = num / den;
        out->segment_case = MBC_SEGMENT_INTERIOR;
        out->rho_raw = rho;
        out->rho = rho;
        out->closest[0] = p_i[0] + rho * vs[0];
        out->closest[1] = p_i[1] + rho * vs[1];
    }

    const double d[2] = {out->closest[0] - p_c[0], out->closest[1] - p_c[1]};
    const double dist = mbc_hypot2(d[0], d[1]);
    out->distance = dist;
    if (dist > 0.0 && isfinite(dist)) {
        out->normal[0] = d[0] / dist;
        out->normal[1] = d[1] / dist;
        out->normal_source = MBC_NORMAL_FROM_DISTANCE;
    } else if (seg_len > 0.0 && isfinite(seg_len)) {
        out->normal[0] = -vs[1] / seg_len;
        out->normal[1] = vs[0] / seg_len;
        out->normal_source = MBC_NORMAL_SEGMENT_LEFT;
    } else {
        out->normal[0] = 0.0;
        out->normal[1] = 1.0;
        out->normal_source = MBC_NORMAL_FIXED_UP;
    }
    out->tangent[0] = -out->normal[1];
    out->tangent[1] = out->normal[0];
    return out->segment_case;
}
