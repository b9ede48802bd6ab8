/* SPDX-License-Identifier: BSD-3-Clause */
/* The contacts ContactGranular's law is evaluated on (granular_law.h has
 * the conventions): two spheres, a sphere and a wall, and a pair's record
 * seen from the other sphere. */
#ifndef MBC_RUNTIME_GRANULAR_CONTACT_H
#define MBC_RUNTIME_GRANULAR_CONTACT_H

#include <math.h>

#include "granular_law.h"

/* One sphere as the pair front end reads it (pointers into the engine's
 * arrays or a marker): center, velocity and global angular velocity,
 * radius, mass (+inf: an atom that does not move, LAMMPS's frozen atom). */
typedef struct mbc_granular_sphere {
    const double *x, *v, *omega;
    double radius;
    double mass;
} mbc_granular_sphere;

/* One sphere by value: center, velocity, global angular velocity, radius,
 * mass. */
typedef struct mbc_granular_ball {
    mbc_granular_v3 x, v, w;
    double r, m;
} mbc_granular_ball;

/* The contact of two spheres, as pair_granular.cpp forms it (by value: an
 * engine forms a block's contacts in a vectorized loop). */
MBC_GRANULAR_INLINE mbc_granular_contact mbc_granular_pair_contact_of(const mbc_granular_ball a,
                                                                      const mbc_granular_ball b)
{
    mbc_granular_contact c;
    for (int i = 0; i < 3; i++)
        c.del[i] = a.x.v[i] - b.x.v[i];
    c.rsq = c.del[0] * c.del[0] + c.del[1] * c.del[1] + c.del[2] * c.del[2];
    c.radsum = a.r + b.r;
    c.reff = mbc_granular_reff(a.r, b.r);
    c.meff = mbc_granular_meff(a.m, b.m);
    for (int i = 0; i < 3; i++) {
        c.vr[i] = a.v.v[i] - b.v.v[i];
        c.wr[i] = a.r * a.w.v[i] + b.r * b.w.v[i];
        c.relrot[i] = a.w.v[i] - b.w.v[i];
    }
    c.r_a = a.r;
    c.r_b = b.r;
    c.shift = 0.5;
    return c;
}

/* The same from two spheres given by pointers. */
MBC_GRANULAR_INLINE void mbc_granular_pair_contact(const mbc_granular_sphere *sa,
                                                   const mbc_granular_sphere *sb,
                                                   mbc_granular_contact *c)
{
    const mbc_granular_sphere *s[2] = {sa, sb};
    mbc_granular_ball ball[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3; i++) {
            ball[k].x.v[i] = s[k]->x[i];
            ball[k].v.v[i] = s[k]->v[i];
            ball[k].w.v[i] = s[k]->omega[i];
        }
        ball[k].r = s[k]->radius;
        ball[k].m = s[k]->mass;
    }
    *c = mbc_granular_pair_contact_of(ball[0], ball[1]);
}

/* The contact of a sphere with a wall, as fix_wall_gran.cpp forms it: the
 * same law with sphere b of infinite mass, radius r_wall (+inf: a flat
 * wall; a cylinder: LAMMPS's rwall) and angular velocity 0, moving with the
 * wall's velocity, the friction torque at r_a from the center (as LAMMPS
 * applies it) and none on the wall. del: x_a minus the closest point of the
 * wall. */
MBC_GRANULAR_INLINE void mbc_granular_wall_contact(const mbc_granular_sphere *sa,
                                                   const double del[3], const double vwall[3],
                                                   double r_wall, mbc_granular_contact *c)
{
    for (int i = 0; i < 3; i++)
        c->del[i] = del[i];
    c->rsq = del[0] * del[0] + del[1] * del[1] + del[2] * del[2];
    c->radsum = sa->radius;
    c->reff = mbc_granular_reff(sa->radius, r_wall);
    c->meff = mbc_granular_meff(sa->mass, INFINITY);
    for (int i = 0; i < 3; i++) {
        c->vr[i] = sa->v[i] - vwall[i];
        c->wr[i] = sa->radius * sa->omega[i];
        c->relrot[i] = sa->omega[i];
    }
    c->r_a = sa->radius;
    c->r_b = r_wall;
    c->shift = 0.0;
}

/* The record of a pair seen from the other sphere (the engine evaluates
 * (b, a) where it kept (a, b)): the tangential history is odd under the
 * exchange (v_t,rel changes sign), the rolling and twisting histories are
 * even (v_roll = R* (w_a - w_b) x n and Omega_t = (w_a - w_b) . n keep
 * theirs), the flag and the contact radius are scalars. LAMMPS negates all
 * but the contact radius: docs/physics-departures.rst. */
MBC_GRANULAR_INLINE void mbc_granular_record_exchange(double *rec)
{
    for (int i = 0; i < 3; i++)
        rec[MBC_GRANULAR_XI_T + i] = -rec[MBC_GRANULAR_XI_T + i];
}

#endif /* MBC_RUNTIME_GRANULAR_CONTACT_H */
