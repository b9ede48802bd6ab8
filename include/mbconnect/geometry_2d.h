/* SPDX-License-Identifier: BSD-3-Clause */
/* 2D segment geometry for ContactFrictionCircleCable2D.
 *
 * Seed: ObjectContactFrictionCircleCable2D, "Connector forces: contact geometry"
 * and "Contact frame and relative motion"; physics-notes.md, section
 * ContactFrictionCircleCable2D, "Normal direction".
 */
#ifndef MBCONNECT_GEOMETRY_2D_H
#define MBCONNECT_GEOMETRY_2D_H

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
    double normal[2];  /* unit n, FROM the circle centre p_c TO p_p */
    double tangent[2]; /* unit t = [-n_1, n_0] */
    int segment_case;  /* enum mbc_segment_case */
    int normal_source; /* enum mbc_segment_normal_source */
};

/* Closest point of the segment [p_i, p_{i+1}] to the point p_c (circle centre).
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

#endif /* MBCONNECT_GEOMETRY_2D_H */
