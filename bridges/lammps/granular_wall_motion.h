/* SPDX-License-Identifier: BSD-3-Clause */
/* fix wall/gran's wall at a step and at an atom, as LAMMPS's
 * FixWallGran::post_force (fix_wall_gran.cpp, 29 Sep 2021) forms them: the
 * planes' bounds and the wall's velocity (wiggle, shear), then for each atom
 * the vector from the wall's closest point to the center, the wall's
 * velocity there and its radius of curvature. Plain C, no LAMMPS or MPI (as
 * granular_words.h, whose ml_granular_wall it reads), so that the engines'
 * walls (`mbconnect wall`, the wall fix of `-sf mbc`) and the tests form a
 * wall contact one way.
 *
 * One departure of LAMMPS 2021 lives here and not in the law, because it is
 * the wall's velocity, an input of the law: a zcylinder that shears along x
 * or y. 2021 adds each atom's surface velocity to a wall velocity set once
 * per step, so that an atom's wall velocity is vshear along the axis plus
 * the sum over the atoms before it in the rank's loop
 * (docs/physics-departures.rst, "zcylinder walls that shear"). With
 * `lammps2021` (ContactGranular.lammps2021 of the wall's law) the functions
 * below reproduce that, given the atoms in LAMMPS's order of the local
 * atoms; without it each atom gets the cylinder's surface velocity
 * vshear (y, -x, 0)/rho, as the documentation says. */
#ifndef ML_GRANULAR_WALL_MOTION_H
#define ML_GRANULAR_WALL_MOTION_H

#include <stdbool.h>

#include "granular_words.h"

/* The wall at one step: the planes' bounds (wiggle moves them along their
 * axis) and the wall's velocity. For a sheared cylinder with lammps2021 the
 * velocity accumulates over the atoms of the step (ml_granular_wall_atom). */
typedef struct ml_granular_wall_now {
    double lo, hi; /* planes: the bounds (-inf, +inf: no wall on that side) */
    double v[3];   /* the wall's velocity */
} ml_granular_wall_now;

/* The wall `steps` time steps of length dt after its creation (LAMMPS's
 * update->ntimestep - time_origin); omega = 2 pi / period for a wiggle. */
ml_granular_wall_now ml_granular_wall_at(const ml_granular_wall *wall, double omega,
                                         long long steps, double dt);

/* Atom at x of the given radius against the wall of this step: del (x
 * minus the wall's closest point), the wall's velocity there and its radius
 * of curvature (+inf: a plane; a cylinder: -2R from inside, 2R from
 * outside). Returns 0, and leaves the outputs unset, for an atom farther
 * from a cylinder than its radius (LAMMPS skips it before anything else);
 * 1 otherwise (the caller applies the contact test). Call it for the atoms
 * in LAMMPS's order of the local atoms: with lammps2021 a sheared cylinder
 * accumulates each atom's surface velocity in now->v. */
int ml_granular_wall_atom(const ml_granular_wall *wall, ml_granular_wall_now *now, bool lammps2021,
                          const double x[3], double radius, double del[3], double velocity[3],
                          double *r_wall);

#endif
