/* SPDX-License-Identifier: BSD-3-Clause */
/* 2D segment geometry for ContactFrictionCircleCable2D.
 *
 * Seed: ObjectContactFrictionCircleCable2D, "Connector forces: contact geometry"
 * and "Contact frame and relative motion"; physics-notes.md, section
 * ContactFrictionCircleCable2D, "Normal direction".
 *
 * Internal to the runtime (not installed, not exported): the building
 * blocks of ContactFrictionCircleCable2D only (docs/versioning.rst, "What counts as API").
 */
#ifndef MBC_RUNTIME_GEOMETRY_2D_H
#define MBC_RUNTIME_GEOMETRY_2D_H

#include <math.h>

#include "mbconnect/vec.h"

/* Which of the seed's cases produced the closest point. */
enum mbc_segment_case {
    MBC_SEGMENT_START = 0,     /* rho <= 0: closest point is p_i */
    MBC_SEGMENT_END = 1,       /* rho >= 1: closest point is p_{i+1} */
    MBC_SEGMENT_INTERIOR = 2,  /* 0 < rho < 1: perpendicular projection */
    MBC_SEGMENT_DEGENERATE = 3 /* p_i == p_{i+1}: closest point is p_i, rho = 0 */
};

/* Which normal was used (physics-notes "Normal direction" fallbacks). */
enum mbc_segment_normal_source {
    MBC_NORMAL_FROM_DISTANCE = 0, /* n = (p_p - p_c)/|p_p - p_c| */
    MBC_NORMAL_SEGMENT_LEFT = 1,  /* distance 0: n = [-v_s,y, v_s,x]/|v_s| */
    MBC_NORMAL_FIXED_UP = 2       /* distance 0 and |v_s| = 0: n = [0, 1] */
};

/* Result of mbc_segment_closest_point. Lengths in the caller's unit (m). */
struct mbc_segment_closest {
    double closest[2]; /* p_p, closest point on the segment (global) */
    double rho;        /* relative position of p_p on the segment, clamped to [0, 1] */
    double rho_raw;    /* unclamped rho = (v_s . v_p)/(v_s . v_s); 0 for a degenerate segment */
    double distance;   /* d_g = |p_p - p_c| >= 0 */
    double normal[2];  /* unit n, FROM the circle center p_c TO p_p */
    double tangent[2]; /* unit t = [-n_1, n_0] */
    int segment_case;  /* enum mbc_segment_case */
    int normal_source; /* enum mbc_segment_normal_source */
};

/* Closest point of the segment [p_i, p_{i+1}] to the point p_c (circle center).
 *
 * With v_s = p_{i+1} - p_i, v_p = p_c - p_i, rho = (v_s.v_p)/(v_s.v_s):
 * rho <= 0 -> p_p = p_i; rho >= 1 -> p_p = p_{i+1}; else p_p = p_i + rho v_s.
 * The gap of the seed is g = distance - r (r = circle radius, caller's job).
 * The distance is evaluated as |p_p - p_c| (equal to the seed's
 * sqrt(v_p.v_p - n^2/d) in exact arithmetic, without its cancellation).
 * Normal: FROM p_c TO p_p (physics-notes override of the seed's direction);
 * never NaN: see enum mbc_segment_normal_source for the fallbacks.
 * Returns out->segment_case. */
int mbc_segment_closest_point(const double p_i[2], const double p_ip1[2], const double p_c[2],
                              struct mbc_segment_closest *out);

/* The closest point p_p and rho of mbc_segment_closest_point: its case
 * analysis, inline so that mbc_segment_distance (and callers in hot loops)
 * give the same bits without a call. Returns the segment case; rho_raw and
 * rho through the pointers. */
static inline int mbc_segment_closest_raw(const double p_i[2], const double p_ip1[2],
                                          const double p_c[2], double closest[2], double *rho_raw,
                                          double *rho_out)
{
    const double vs[2] = {p_ip1[0] - p_i[0], p_ip1[1] - p_i[1]};
    const double vp[2] = {p_c[0] - p_i[0], p_c[1] - p_i[1]};

    /* rho is scale invariant: evaluate it on rescaled vectors when the squares
     * would overflow or underflow (rare; the common case needs no rescaling). */
    const double ax = fabs(vs[0]), ay = fabs(vs[1]), bx = fabs(vp[0]), by = fabs(vp[1]);
    double scale = ax > ay ? ax : ay;
    scale = bx > scale ? bx : scale;
    scale = by > scale ? by : scale;
    double num, den;
    if (scale > 1e-100 && scale < 1e100) { /* no rescaling (scale 1 multiplies exactly) */
        num = vs[0] * vp[0] + vs[1] * vp[1];
        den = vs[0] * vs[0] + vs[1] * vs[1];
    } else {
        scale = (scale > 0.0 && isfinite(scale)) ? 1.0 / scale : 1.0;
        num = (scale * vs[0]) * (scale * vp[0]) + (scale * vs[1]) * (scale * vp[1]);
        den = (scale * vs[0]) * (scale * vs[0]) + (scale * vs[1]) * (scale * vs[1]);
    }

    /* A segment whose squared length underflows is treated as a point
     * (|v_s| = 0 implies den = 0); the comparisons below avoid dividing when
     * rho would leave (0, 1). */
    if (den <= 0.0) {
        *rho_raw = 0.0;
        *rho_out = 0.0;
        closest[0] = p_i[0];
        closest[1] = p_i[1];
        return MBC_SEGMENT_DEGENERATE;
    }
    if (num <= 0.0) {
        *rho_raw = num / den;
        *rho_out = 0.0;
        closest[0] = p_i[0];
        closest[1] = p_i[1];
        return MBC_SEGMENT_START;
    }
    if (num >= den) {
        *rho_raw = num / den;
        *rho_out = 1.0;
        closest[0] = p_ip1[0];
        closest[1] = p_ip1[1];
        return MBC_SEGMENT_END;
    }
    const double rho = num / den;
    *rho_raw = rho;
    *rho_out = rho;
    closest[0] = p_i[0] + rho * vs[0];
    closest[1] = p_i[1] + rho * vs[1];
    return MBC_SEGMENT_INTERIOR;
}

/* The second half of mbc_segment_closest_point: distance, normal and
 * tangent from out->closest (set by mbc_segment_closest_raw, with
 * segment_case, rho_raw and rho). Raw + finish = mbc_segment_closest_point. */
void mbc_segment_closest_finish(const double p_i[2], const double p_ip1[2], const double p_c[2],
                                struct mbc_segment_closest *out);

/* Only the distance d_g = |p_p - p_c| of mbc_segment_closest_point, the same
 * value to the last bit, without the normal and tangent (for segments whose
 * gap alone is needed). */
static inline double mbc_segment_distance(const double p_i[2], const double p_ip1[2],
                                          const double p_c[2])
{
    double closest[2], rho_raw, rho;
    (void)mbc_segment_closest_raw(p_i, p_ip1, p_c, closest, &rho_raw, &rho);
    return mbc_hypot2(closest[0] - p_c[0], closest[1] - p_c[1]);
}

/* The inline kernel of the contact normal of a segment:
 * mbc_segment_closest_finish (above) is this kernel; the cable hook's
 * PostNewtonStep calls it directly with the offset and distance it has
 * already computed for the gap (same operations, same bits). */

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

#endif /* MBC_RUNTIME_GEOMETRY_2D_H */
