/* SPDX-License-Identifier: BSD-3-Clause */
/* Inline kernel of the contact normal of a segment (private to the runtime).
 *
 * mbc_segment_closest_finish (runtime/geometry_2d.h) is this kernel; the
 * cable hook's PostNewtonStep calls it directly with the offset and distance
 * it has already computed for the gap (same operations, same bits). */
#ifndef MBC_RUNTIME_GEOMETRY_2D_INLINE_H
#define MBC_RUNTIME_GEOMETRY_2D_INLINE_H

#include <math.h>

#include "geometry_2d.h"

/* Unit normal FROM the circle center p_c TO the closest point p_p, given
 * d = p_p - p_c and dist = mbc_hypot2(d[0], d[1]) (m), with the fallbacks of
 * enum mbc_segment_normal_source for dist == 0 (or not finite): the left
 * normal of the segment [p_i, p_{i+1}], or [0, 1] when it has zero length.
 * Returns the normal source. */
static inline int mbc_segment_normal_inline(const double d[2], double dist, const double p_i[2],
                                            const double p_ip1[2], double normal[2])
{
    if (dist > 0.0 && isfinite(dist)) {
        normal[0] = d[0] / dist;
        normal[1] = d[1] / dist;
        return MBC_NORMAL_FROM_DISTANCE;
    }
    /* |v_s| only for this fallback (rare) */
    const double vs[2] = {p_ip1[0] - p_i[0], p_ip1[1] - p_i[1]};
    const double seg_len = mbc_hypot2(vs[0], vs[1]);
    if (seg_len > 0.0 && isfinite(seg_len)) {
        normal[0] = -vs[1] / seg_len;
        normal[1] = vs[0] / seg_len;
        return MBC_NORMAL_SEGMENT_LEFT;
    }
    normal[0] = 0.0;
    normal[1] = 1.0;
    return MBC_NORMAL_FIXED_UP;
}

#endif /* MBC_RUNTIME_GEOMETRY_2D_INLINE_H */
