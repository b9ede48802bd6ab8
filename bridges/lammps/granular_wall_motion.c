/* SPDX-License-Identifier: BSD-3-Clause */
/* fix wall/gran's wall at a step and at an atom (granular_wall_motion.h),
 * with the operations of fix_wall_gran.cpp's post_force (29 Sep 2021), read
 * for facts. */
#include "granular_wall_motion.h"

#include <math.h>

ml_granular_wall_now ml_granular_wall_at(const ml_granular_wall *wall, double omega,
                                         long long steps, double dt)
{
    ml_granular_wall_now now = {wall->lo, wall->hi, {0.0, 0.0, 0.0}};
    if (wall->wiggle) {
        const double arg = omega * (double)steps * dt;
        if (wall->style == wall->axis) {
            now.lo = wall->lo + wall->amplitude - wall->amplitude * cos(arg);
            now.hi = wall->hi + wall->amplitude - wall->amplitude * cos(arg);
        }
        now.v[wall->axis] = wall->amplitude * omega * sin(arg);
    } else if (wall->shear) {
        now.v[wall->axis] = wall->vshear;
    }
    return now;
}

/* A cylinder that shears along x or y turns about z: its surface velocity
 * at an atom at (x, y), rho = |(x, y)| from the axis, is vshear (y, -x, 0)/rho
 * (the documented form, departure "zcylinder walls that shear"); LAMMPS 2021
 * adds it to the step's wall velocity, which the atoms after this one
 * inherit. */
static void cylinder_shear(const ml_granular_wall *wall, ml_granular_wall_now *now, bool lammps2021,
                           const double x[3], double delxy, double velocity[3])
{
    const double u = wall->vshear * x[1] / delxy, w = -wall->vshear * x[0] / delxy;
    if (lammps2021) {
        now->v[0] += u;
        now->v[1] += w;
        now->v[2] = 0.0;
        for (int k = 0; k < 3; k++)
            velocity[k] = now->v[k];
    } else {
        velocity[0] = u;
        velocity[1] = w;
        velocity[2] = 0.0;
    }
}

int ml_granular_wall_atom(const ml_granular_wall *wall, ml_granular_wall_now *now, bool lammps2021,
                          const double x[3], double radius, double del[3], double velocity[3],
                          double *r_wall)
{
    for (int k = 0; k < 3; k++) {
        del[k] = 0.0;
        velocity[k] = now->v[k];
    }
    *r_wall = INFINITY;
    if (wall->style != ML_GRANULAR_ZCYLINDER) {
        const double del1 = x[wall->style] - now->lo, del2 = now->hi - x[wall->style];
        del[wall->style] = del1 < del2 ? del1 : -del2;
        return 1;
    }
    const double delxy = sqrt(x[0] * x[0] + x[1] * x[1]);
    const double delr = wall->cylinder_radius - delxy;
    if (delr > radius)
        return 0;
    del[0] = -delr / delxy * x[0];
    del[1] = -delr / delxy * x[1];
    *r_wall =
        delxy < wall->cylinder_radius ? -2 * wall->cylinder_radius : 2 * wall->cylinder_radius;
    if (wall->shear && wall->axis != 2)
        cylinder_shear(wall, now, lammps2021, x, delxy, velocity);
    return 1;
}
