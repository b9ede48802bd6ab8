/* SPDX-License-Identifier: BSD-3-Clause */
/* A pair law: an object of a connector type that declares a sphere pair
 * binding, with its parameters set through the library's setters and
 * validated (the law of a type pair of pair_style mbconnect or granular/mbc,
 * or of a wall of fix wall/mbconnect or wall/gran/mbc). */
#ifndef ML_LAW_H
#define ML_LAW_H

#include <stddef.h>

#include "mbconnect/object.h"
#include "mbconnect/registry.h"

#define ML_DATA_MAX 32 /* data coordinates per contact, at most */

typedef struct ml_law {
    mbc_object *object;
    const mbc_pair_binding *binding;
    double *radii;       /* the two elements of the binding's radii parameter, in object->params */
    int masses;          /* the binding has masses: LAMMPS's rmass */
    size_t data_count;   /* data coordinates per contact */
    double *initial;     /* their initial values (data_count) */
    int initial_zero;    /* every initial value is 0 (a new record of LAMMPS's is zeroed) */
    size_t output_count; /* scalar outputs summed (fix mbconnect's vector, pe) */
    size_t *outputs;     /* their indices in the type's outputs */
    int energy;          /* index into outputs of the output "Energy", or -1 */
    int books;           /* indices into outputs of StoredEnergy and DissipatedPower, or -1 */
    int book_outputs[2];
    unsigned flags; /* MBC_PAIR_HOOKS with MBC_LAMMPS_GENERIC=1 */
    /* ContactGranular: evaluated with sphere a the list's atom i and its
     * record in that orientation, as pair_style granular (other types: the
     * lower atom ID first, a record that reads the same from either atom) */
    int granular;
    /* the law takes LAMMPS 2021's forms where 2021 departs from its
     * documentation (ContactGranular, ContactGranClassic: the words of an
     * /mbc style or `mbconnect pair` by default, or their parameter
     * lammps2021): a pair style then transfers ContactGranular's history as
     * 2021 does (docs/physics-departures.rst), and a sheared cylinder wall
     * takes the atoms in 2021's order (granular_wall_motion.h) */
    int lammps2021;
} ml_law;

/* Creates the law of TYPE (a type in reg) with argv = NAME VALUE pairs;
 * `what` names the command in messages ("pair_coeff", a literal). A value is
 * a number, true/false/yes/no/on/off for a Bool, a comma-separated list for
 * an array, text for a String. The radii parameter of the binding and the
 * solver's index parameters (markers, nodes) cannot be given. Then
 * validates and evaluates the law once on two touching unit spheres, so
 * that a parameter the setters accept but the hooks reject is reported
 * here. books: the energy books (StoredEnergy, DissipatedPower) are summed
 * too. The law's scalar outputs are summed.
 *
 * Every law runs through mbc_pair_eval: a type with a kernel through its
 * kernel unless the environment sets MBC_LAMMPS_GENERIC=1 (then through the
 * hooks, as any other type: the tests compare both). */
mbc_status ml_law_create(const mbc_registry *reg, const char *what, const char *type_name, int argc,
                         char *const *argv, int books, ml_law **out, mbc_error *err);
void ml_law_destroy(ml_law *law);

/* Sets the law's parameter `name` (a run's setting the engine gives:
 * ContactGranular's lammps2021TangentialHistory, lammps2021WallInits) and
 * initializes it again; nothing when the type has no such parameter or
 * it holds the value already. */
mbc_status ml_law_set(ml_law *law, const char *what, const char *name, double value,
                      mbc_error *err);

#endif
