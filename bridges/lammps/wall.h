/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbconnect wall`: a wall of LAMMPS's fix wall/gran with an mbconnect law
 * (docs/lammps.rst, "Walls"):
 *
 *   mbconnect wall ID GROUP granular WORDS... STYLE ARGS [KEYWORD VALUES]
 *   mbconnect wall ID GROUP TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]
 *
 * with the arguments of `fix ID GROUP wall/gran granular ...` unchanged
 * (STYLE: xplane, yplane, zplane lo hi; zcylinder R; keywords wiggle AXIS A
 * PERIOD and shear AXIS V), or a type with a wall binding and its
 * parameters by name. Each wall is its own fix: `fix ID GROUP external
 * pf/callback 1 1` at the place of the line (where fix wall/gran stood, so
 * that the forces add up in LAMMPS's order), and its contact records, one
 * per atom, in `fix ID_mbconnect all property/atom d2_mbconnect_wall_ID W
 * ghost no`: they move with the atoms. At each force evaluation every
 * owned atom of GROUP near the wall is a contact of the law (mbc_wall_eval,
 * mbconnect/wall_eval.h), as FixWallGran::post_force forms it: the nearer
 * side of a plane, the cylinder about the z axis, the wall's position and
 * velocity when it wiggles or shears. f_ID[1] is the number of contacts. */
#ifndef ML_WALL_H
#define ML_WALL_H

#include "ml.h"

typedef struct ml_wall ml_wall;

/* `mbconnect wall ...` (argv: the words after `wall`). Returns 0 or the
 * pending status. */
int ml_wall_command(ml_run *r, int argc, char **argv);

/* The force callback of a wall's fix (r->wall_callback; ctx: the wall). */
void ml_wall_callback(void *ctx, int64_t step, int nlocal, int *ids, double **x, double **f);

/* Atom i was inserted (fix pour, deposit): its record holds no contact. */
void ml_wall_atom_created(ml_wall *w, int i);

/* Whether the wall's fix is still the one it set up (not deleted by
 * `clear` or `unfix`). */
int ml_wall_alive(const ml_wall *w);

/* Removes the wall's fixes (mbconnect off). */
void ml_wall_unfix(ml_wall *w);

void ml_wall_destroy(ml_wall *w);

#endif
