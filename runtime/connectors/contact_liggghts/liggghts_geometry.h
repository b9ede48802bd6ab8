/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's contacts formed from the centers, as LIGGGHTS 3.8's
 * pair loop forms them (pair_gran_base.h), for the paths where mbconnect
 * finds the geometry itself: the type's hooks and its in-place pair and
 * wall loops. An engine that forms its own (LIGGGHTS) fills
 * mbc_liggghts_contact directly (mbconnect/liggghts_contact.h). */
#ifndef MBC_RUNTIME_LIGGGHTS_GEOMETRY_H
#define MBC_RUNTIME_LIGGGHTS_GEOMETRY_H

#include <math.h>

#include "liggghts_motion.h"

/* Sphere i at x_i and sphere j at x_j: delta = x_i - x_j, r = sqrt(delta .
 * delta), en = delta (1/r), m* = m_i m_j / (m_i + m_j). Returns whether
 * they touch (|delta|^2 < (r_i + r_j)^2, LIGGGHTS's test); coincident
 * centers do not count as touching (the normal is undefined). */
LG_INLINE int lg_pair_contact(const double *x_i, const double *x_j, const double *v_i,
                              const double *v_j, const double *omega_i, const double *omega_j,
                              double r_i, double r_j, double m_i, double m_j,
                              mbc_liggghts_contact *c)
{
    for (int k = 0; k < 3; k++)
        c->delta[k] = x_i[k] - x_j[k];
    const double rsq =
        c->delta[0] * c->delta[0] + c->delta[1] * c->delta[1] + c->delta[2] * c->delta[2];
    const double radsum = r_i + r_j;
    c->r = sqrt(rsq);
    c->rinv = 1.0 / c->r;
    for (int k = 0; k < 3; k++)
        c->en[k] = c->delta[k] * c->rinv;
    c->v_i = v_i;
    c->v_j = v_j;
    c->omega_i = omega_i;
    c->omega_j = omega_j;
    c->radius_i = r_i;
    c->radius_j = r_j;
    c->mass_i = m_i;
    c->mass_j = m_j;
    c->meff = m_i * m_j / (m_i + m_j);
    c->wall_overlap = 0.0;
    c->area_ratio = 1.0;
    c->wall = 0;
    return rsq < radsum * radsum && rsq > 0.0;
}

/* Sphere i against a wall: del = x_i minus the wall's point nearest to it,
 * v_wall the wall's velocity there; the overlap r_i - |del|, r = r_i -
 * overlap, en = del (1/r), m* = m_i (the wall's curvature does not enter:
 * LIGGGHTS takes R* = r_i for every wall). Returns whether it touches
 * (overlap > 0, |del| > 0). */
LG_INLINE int lg_wall_contact(const double *del, const double *v_i, const double *v_wall,
                              const double *omega_i, const double *omega_wall, double r_i,
                              double m_i, mbc_liggghts_contact *c)
{
    const double dist = sqrt(del[0] * del[0] + del[1] * del[1] + del[2] * del[2]);
    c->wall_overlap = r_i - dist;
    c->r = r_i - c->wall_overlap;
    c->rinv = 1.0 / c->r;
    for (int k = 0; k < 3; k++) {
        c->delta[k] = del[k];
        c->en[k] = del[k] * c->rinv;
    }
    c->v_i = v_i;
    c->v_j = v_wall;
    c->omega_i = omega_i;
    c->omega_j = omega_wall;
    c->radius_i = r_i;
    c->radius_j = 0.0;
    c->mass_i = m_i;
    c->mass_j = 0.0;
    c->meff = m_i;
    c->area_ratio = 1.0;
    c->wall = 1;
    return c->wall_overlap > 0.0 && dist > 0.0;
}

#endif
