/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the granular tests: a ContactGranular object from the words of
 * a pair_coeff line (bridges/lammps/granular_words.h), set by name as
 * mbc-lammps sets a law. */
#ifndef MBC_TEST_GRANULAR_FIXTURES_H
#define MBC_TEST_GRANULAR_FIXTURES_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "granular_words.h"
#include "mbconnect/mbconnect.h"

/* Splits `line` (blanks) into at most 64 words in buf; returns argc. */
static inline int gf_split(const char *line, char *buf, size_t size, char **argv)
{
    snprintf(buf, size, "%s", line);
    int argc = 0;
    for (char *t = strtok(buf, " "); t && argc < 64; t = strtok(NULL, " "))
        argv[argc++] = t;
    return argc;
}

/* ContactGranular's switch of LAMMPS 2021's numbers and what an engine
 * tells it (the parameters lammps2021, lammps2021TangentialHistory,
 * lammps2021WallInits). */
typedef struct gf_lammps2021 {
    bool on, tangential_history;
    int wall_inits;
} gf_lammps2021;

/* A ContactGranular object with the law's parameters, the radii, masses
 * and time step given, and with `as` the switch (NULL: the defaults); NULL
 * (and a message on stderr) when a parameter is refused or validation
 * fails. */
static inline mbc_object *gf_object_as(const ml_granular_law *law, const double radii[2],
                                       const double masses[2], double dt, const gf_lammps2021 *as)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create(ML_GRANULAR_TYPE, &err);
    if (!o) {
        fprintf(stderr, "%s\n", err.message);
        return NULL;
    }
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_granular_params(law, p);
    mbc_status st = MBC_OK;
    for (int i = 0; st == MBC_OK && i < n; i++)
        st = p[i].count == 1 ? mbc_object_set(o, p[i].name, p[i].value[0], &err)
                             : mbc_object_set_array(o, p[i].name, p[i].value, 2, &err);
    if (st == MBC_OK)
        st = mbc_object_set_array(o, "spheresRadii", radii, 2, &err);
    if (st == MBC_OK)
        st = mbc_object_set_array(o, "spheresMasses", masses, 2, &err);
    if (st == MBC_OK)
        st = mbc_object_set(o, "timeStep", dt, &err);
    if (st == MBC_OK && as)
        st = mbc_object_set(o, "lammps2021", as->on, &err);
    if (st == MBC_OK && as)
        st = mbc_object_set(o, "lammps2021TangentialHistory", as->tangential_history, &err);
    if (st == MBC_OK && as && as->wall_inits > 0)
        st = mbc_object_set(o, "lammps2021WallInits", as->wall_inits, &err);
    mbc_object_set_default_indices(o);
    mbc_error errors[8];
    size_t violations = 0;
    if (st == MBC_OK)
        st = mbc_object_initialize(o, errors, 8, &violations);
    if (st != MBC_OK || violations) {
        fprintf(stderr, "%s\n", violations ? errors[0].message : err.message);
        mbc_object_destroy(o);
        return NULL;
    }
    return o;
}

/* The same with the defaults of the switch. */
static inline mbc_object *gf_object(const ml_granular_law *law, const double radii[2],
                                    const double masses[2], double dt)
{
    return gf_object_as(law, radii, masses, dt, NULL);
}

#endif
