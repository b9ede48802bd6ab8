/* SPDX-License-Identifier: BSD-3-Clause */
/* What the force callback (step.c) and the vectorized path (batch.c) share:
 * the atoms' arrays of one call, the totals every rank reduces, the virial
 * of a pair. */
#ifndef ML_STEP_ATOMS_H
#define ML_STEP_ATOMS_H

#include "bridge.h"
#include "contacts.h"

/* The totals reduced over ranks each step: the fix vector, the virial, the
 * count of ranks with an error. */
#define ML_TOTAL_VIRIAL (ML_VECTOR_FIXED + ML_SUM_CAPACITY)
#define ML_TOTALS       (ML_TOTAL_VIRIAL + 6 + 1)

/* The atoms' arrays for this call. */
typedef struct step_atoms {
    double **x, **v, **omega, *radius, **torque;
    int *tag, *type;
    int nlocal;
    int advance;    /* 0: LAMMPS calls again at the step of the last call (a run's set-up) */
    long long last; /* the step of the last call (-1: none) */
    ml_contacts contacts;
    double virial[6]; /* this rank's xx, yy, zz, xy, xz, yz of the contact forces (N m) */
} step_atoms;

/* A touching pair of the neighbor list: atom[0] owned, atom[1] owned or a
 * ghost; d = x[atom[1]] - x[atom[0]] (m), rsq = |d|^2, rsum the sum of the
 * radii (m). */
typedef struct step_contact {
    int atom[2], tag[2];
    double d[3], rsq, rsum;
} step_contact;

/* The virial of one pair, d (x_b - x_a) times the force on b, weighted w
 * (1/2 for a pair with a ghost, which the other rank adds too). */
static inline void virial_add(double v[6], const double d[3], const double f[3], double w)
{
    v[0] += w * d[0] * f[0];
    v[1] += w * d[1] * f[1];
    v[2] += w * d[2] * f[2];
    v[3] += w * d[0] * f[1];
    v[4] += w * d[0] * f[2];
    v[5] += w * d[1] * f[2];
}

#endif
