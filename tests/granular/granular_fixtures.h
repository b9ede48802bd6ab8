/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the granular tests: a ContactGranular object from the words of
 * a pair_coeff line (bridges/lammps/granular_words.h), and a
 * ContactGranClassic one from the words of a classic style
 * (classic_words.h), set by name as mbc-lammps sets a law. */
#ifndef MBC_TEST_GRANULAR_FIXTURES_H
#define MBC_TEST_GRANULAR_FIXTURES_H

#include <stdio.h>
#include <string.h>

#include "classic_words.h"
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

/* An object of `type` with the n parameters p, the radii, masses and time
 * step given; NULL (and a message on stderr) when a parameter is refused or
 * validation fails. */
static inline mbc_object *gf_object_of(const char *type, const ml_granular_param *p, int n,
                                       const double radii[2], const double masses[2], double dt)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create(type, &err);
    if (!o) {
        fprintf(stderr, "%s\n", err.message);
        return NULL;
    }
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

/* A ContactGranular object with the law's parameters (gf_object_of). */
static inline mbc_object *gf_object(const ml_granular_law *law, const double radii[2],
                                    const double masses[2], double dt)
{
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_granular_params(law, p);
    return gf_object_of(ML_GRANULAR_TYPE, p, n, radii, masses, dt);
}

/* A ContactGranClassic object with the law's parameters (gf_object_of),
 * lammps2021 as given. */
static inline mbc_object *gf_classic_object(const ml_classic_law *law, bool lammps2021,
                                            const double radii[2], const double masses[2],
                                            double dt)
{
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    int n = ml_classic_params(law, p);
    p[n++] = (ml_granular_param){"lammps2021", {lammps2021 ? 1.0 : 0.0, 0.0}, 1};
    return gf_object_of(ML_CLASSIC_TYPE, p, n, radii, masses, dt);
}

#endif
