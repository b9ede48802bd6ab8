/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place evaluation of a pair law between spheres and a wall, on a
 * particle engine's own arrays (LAMMPS's fix wall/gran, a DEM code's
 * walls): the wall takes the place of sphere b of the law's pair binding,
 * as a sphere of infinite mass whose radius is the wall's radius of
 * curvature (+inf: a plane), moving with the wall's velocity and not
 * rotating. This is how LAMMPS's fix wall/gran evaluates pair_style
 * granular's law against a wall, and the same law as for two spheres.
 *
 * A type takes walls when its spec declares a `wall_binding`
 * (docs/spec-language.rst, "Wall binding") next to its pair binding; it then
 * defines mbc_<type>_wall_evaluate, its in-place wall kernel (a wall has no
 * marker at infinity that the hooks could read, so there is no hooks path
 * for walls). mbc_pair_binding_wall_shapes says which walls it takes.
 *
 * Conventions, as mbc_pair_eval's (mbconnect/pair_eval.h): the arrays of
 * mbc_pair_atoms; forces and torques ADDED to the sphere (an atom below
 * `owned`; a wall contact of a ghost is the owner's); a record per contact
 * (the start-of-step data in, the new data out; the engine writes the
 * type's initial data into a new one), the flags MBC_PAIR_POST_NEWTON and
 * MBC_PAIR_SETUP, `dt`, `contact` (0: the engine forgets the record). An
 * engine offers a contact without a record while the sphere touches the
 * wall (|del| < r_a) and one with a record while |del| < r_a +
 * mbc_pair_eval_reach(o, r_a, wall radius). Sums: contacts, overlap
 * (r_a - |del|) and the scalar outputs, each with weight 1; a wall is an
 * external body and adds no virial (as fix wall/gran). */
#ifndef MBCONNECT_WALL_EVAL_H
#define MBCONNECT_WALL_EVAL_H

#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/object.h"
#include "mbconnect/pair_eval.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One sphere against the wall. */
typedef struct mbc_wall_contact {
    int atom;     /* the sphere, an atom of mbc_pair_atoms */
    double *data; /* the contact's record (start of step in, new out); NULL without data */
    /* the sphere's center minus the wall's point closest to it (m): from the
     * wall to the sphere, |del| its distance */
    double del[3];
    double velocity[3]; /* the wall's velocity at that point (m/s) */
    /* the wall's radius of curvature (m) as the law's sphere b: +inf for a
     * plane; for a cylinder LAMMPS's rwall (2 R outside, -2 R inside) */
    double radius;
    /* |del| as the engine found it (m), taken as given; 0: computed from
     * del. LAMMPS's regions find it in their own frame and rotate del back
     * to the box's (fix wall/gran/region's rsq = r*r), so the two differ in
     * the last bits */
    double distance;
} mbc_wall_contact;

/* One call: count wall contacts of one law. */
typedef struct mbc_wall_call {
    const mbc_pair_atoms *atoms;
    const mbc_wall_contact *walls;
    size_t count;
    unsigned flags;         /* MBC_PAIR_POST_NEWTON, MBC_PAIR_SETUP */
    double dt;              /* time step since the records' data (s) */
    unsigned char *contact; /* count entries or NULL; out: 1 in contact, 0 forget the record */
} mbc_wall_call;

/* Evaluates call->count wall contacts of the law o (an initialized object of
 * a type with a wall binding), adding forces, torques and sums. Errors, one
 * line each: a type without a wall binding, NULL arrays (mass only when the
 * binding has masses), an output that the type's wall kernel does not give,
 * a contact whose law fails (sums->failed names it). */
MBC_API mbc_status mbc_wall_eval(mbc_object *o, const mbc_wall_call *call, mbc_pair_sums *sums,
                                 mbc_error *err);

/* The wall shapes t takes (MBC_WALL_PLANE, MBC_WALL_CYLINDER), 0 when its
 * spec declares no wall binding. */
MBC_API unsigned mbc_wall_eval_shapes(const mbc_type_info *t);

#ifdef __cplusplus
}
#endif

#endif
