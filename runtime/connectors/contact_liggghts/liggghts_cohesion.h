/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's cohesion: LIGGGHTS 3.8's sjkr and sjkr2
 * (cohesion_model_sjkr.h, cohesion_model_sjkr2.h; liggghts_law.h has the
 * conventions). While the spheres touch, F_coh = -k_c A along en
 * (attractive), with A the area of the overlap circle:
 *   sjkr  pair: pi a^2 of the lens of two spheres,
 *         a^2 = -(r - r_i - r_j)(r + r_i - r_j)(r - r_i + r_j)(r + r_i + r_j) / (4 r^2),
 *         wall: pi (r_i^2 - r^2);
 *   sjkr2: 2 pi delta (2 R*), the documented form; for a wall R* = r_i,
 *         4 pi r_i (r_i - r), where LIGGGHTS 3.8 takes half of it,
 *         2 pi r_i (r_i - r) (liggghts38).
 * A wall's area carries the contact's area_ratio (1 for a sphere), and the
 * force again, as LIGGGHTS applies it. */
#ifndef MBC_RUNTIME_LIGGGHTS_COHESION_H
#define MBC_RUNTIME_LIGGGHTS_COHESION_H

#include "liggghts_motion.h"

LG_INLINE double lg_cohesion_force(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                                   const int cohesion)
{
    const double r = c->r, ri = c->radius_i, rj = c->radius_j;
    double area;
    if (cohesion == MBC_LIGGGHTS_SJKR)
        area = c->wall
                   ? (ri * ri - r * r) * LG_PI * c->area_ratio
                   : -LG_PI / 4 * ((r - ri - rj) * (r + ri - rj) * (r - ri + rj) * (r + ri + rj)) /
                         (r * r);
    else if (!c->wall)
        area = LG_PI * 2. * (2. * ri * rj / (ri + rj)) * (ri + rj - r);
    else
        area = L->liggghts38 ? LG_PI * 2. * ri * (ri - r) * c->area_ratio
                             : LG_PI * 2. * (2. * ri) * (ri - r) * c->area_ratio;
    return -L->cohesion_density * area;
}

#endif
