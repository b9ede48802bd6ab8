/* SPDX-License-Identifier: BSD-3-Clause */
/* What the force callback (step.c) and the library calls of its chunks of
 * pairs (batch.c) share: the atoms' arrays of one call and the totals every
 * rank reduces. */
#ifndef ML_STEP_ATOMS_H
#define ML_STEP_ATOMS_H

#include "bridge.h"
#include "contacts.h"
#include "guard.h"
#include "mbconnect/pair_eval.h"

/* The totals reduced over ranks each step: the fix vector, the virial, the
 * contacts that started without their history (at the bridge's first
 * evaluation), the contacts that started deeper than ML_DEEP_OVERLAP
 * (guard.h), the count of atoms larger than their type's radius of the
 * cutoffs, the count of ranks with an error. */
#define ML_TOTAL_VIRIAL (ML_VECTOR_FIXED + ML_SUM_CAPACITY)
#define ML_TOTAL_FRESH  (ML_TOTAL_VIRIAL + 6)
#define ML_TOTAL_DEEP   (ML_TOTAL_FRESH + 1)
#define ML_TOTAL_LARGE  (ML_TOTAL_DEEP + 1)
#define ML_TOTALS       (ML_TOTAL_LARGE + 1 + 1)

/* The atoms' arrays for this call. */
typedef struct step_atoms {
    double **x, **v, **omega, *radius, *rmass, **torque;
    int *tag, *type;
    int nlocal;
    int advance;     /* 0: LAMMPS calls again at the step of the last call (a run's set-up) */
    int setup;       /* LAMMPS's set-up force computation of a run (MBC_PAIR_SETUP) */
    int newton;      /* newton on for pairs: ghost atoms get forces, reverse-communicated */
    int large;       /* owned atoms larger than their type's radius of the cutoffs */
    int large_tag;   /* the first one's ID */
    int last_law;    /* the law of the last pair gathered (-1: none) */
    int ahead_lines; /* record lines prefetched per atom read ahead */
    long long last;  /* the step of the last call (-1: none) */
    double dt;       /* the time step (s) */
    int first;       /* the bridge's first evaluation: new contacts are counted in fresh */
    double fresh;    /* contacts of laws with data that started without a record (1/2 each
                      * with a ghost partner and newton off) */
    ml_guard guard;  /* the checks of the touching pairs */
    ml_contacts contacts;
    mbc_pair_atoms atoms; /* the same arrays as the library reads them */
    double virial[6];     /* this rank's xx, yy, zz, xy, xz, yz of the contact forces (N m) */
} step_atoms;

/* A touching pair of the neighbor list: atom[0] owned, atom[1] owned or a
 * ghost; d = x[atom[1]] - x[atom[0]] (m), rsq = |d|^2, rsum the sum of the
 * radii (m). */
typedef struct step_contact {
    int atom[2], tag[2];
    double rsq, rsum;
} step_contact;

#endif
