/* SPDX-License-Identifier: BSD-3-Clause */
/* A pair law: one `mbconnect pair I J TYPE [NAME VALUE]...` line, an object
 * of a connector type that declares a sphere pair binding, with its
 * parameters set through the library's setters and validated. */
#ifndef ML_LAW_H
#define ML_LAW_H

#include <stddef.h>

#include "ml.h"

#define ML_DATA_MAX 32 /* data coordinates per contact, at most */

typedef struct ml_law {
    const char *what; /* the command, for messages ("mbconnect pair"; a literal) */
    mbc_object *object;
    const mbc_pair_binding *binding;
    double *radii;       /* the two elements of the binding's radii parameter, in object->params */
    int masses;          /* the binding has masses: LAMMPS's rmass */
    size_t data_count;   /* data coordinates per contact */
    double *initial;     /* their initial values (data_count) */
    size_t output_count; /* scalar outputs summed into the fix vector */
    size_t *outputs;     /* their indices in the type's outputs */
    double *output_sums; /* their sums in a force call (batch.c) */
    int energy;          /* index into outputs of the output "Energy", or -1 */
    unsigned flags;      /* MBC_PAIR_HOOKS with MBC_LAMMPS_GENERIC=1 */
    struct ml_batch *batch; /* the pairs gathered for the next library call (batch.h) */
} ml_law;

/* Creates the law of TYPE (a type in r->registry) with argv = NAME VALUE
 * pairs; what names the command in messages ("mbconnect pair", a literal). A value is a number,
 * true/false/yes/no/on/off for a Bool, a comma-separated list for an array, text for a String. The
 * radii parameter of the binding and the solver's index parameters (markers, nodes) cannot be
 * given. Then validates and evaluates the law once on two touching unit spheres, so that a
 * parameter the setters accept but the hooks reject is reported here. NULL with a pending error
 * (the library's message for a parameter) on failure.
 *
 * Every law runs through mbc_pair_eval (batch.h): a type with a kernel
 * (ContactSphereSphere) through its kernel unless the environment sets
 * MBC_LAMMPS_GENERIC=1 (then through the hooks, pair by pair, as any other
 * type: the tests compare both). */
ml_law *ml_law_create(ml_run *r, const char *what, const char *type_name, int argc,
                      char *const *argv);
void ml_law_destroy(ml_law *law);

#endif
