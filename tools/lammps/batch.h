/* SPDX-License-Identifier: BSD-3-Clause */
/* The vectorized path of ContactSphereSphere laws: the touching pairs of
 * one such law are gathered into arrays during the neighbor loop and
 * evaluated by the library's batch entry points (mbconnect/sphere_batch.h:
 * PostNewtonStep, then forces), which compute what the hooks of the
 * generic path compute (same equations, same order of operations). */
#ifndef ML_BATCH_H
#define ML_BATCH_H

#include <stddef.h>

#include "step.h"

/* Pairs evaluated per batch call: their arrays (39 doubles a pair) stay in
 * the core's cache between gathering, evaluation and scattering. */
#define ML_BATCH_CHUNK 512

typedef struct ml_batch {
    size_t count, capacity;
    int *atom[2];          /* sphere a (the lower ID) and sphere b, atom indices */
    int *slot[2];          /* their record slots, -1 for a ghost */
    const double **stored; /* the pair's record (data coordinates), or NULL: a new pair */
    unsigned char *keep;   /* 1: a known pair at a repeated step (no PostNewtonStep) */
    double *block;         /* the arrays below, each 64-byte aligned */
    double *p[2][3], *v[2][3], *w[2][3], *r[2]; /* sphere a (lower ID) and b */
    double *start[4], *now[4];                  /* data coordinates */
    double *error, *step, *f[3], *t[2][3];
} ml_batch;

/* Room for n pairs (the gathered ones are dropped); 0, or -1 when out of memory. */
int ml_batch_reserve(ml_batch *b, size_t n);
void ml_batch_free(ml_batch *b);

/* Adds a touching pair (atom[0] owned, atom[1] owned or a ghost) with its
 * record slots (-1 for a ghost) and its record (NULL: a new pair); its
 * arrays are filled when the chunk runs. The caller runs the chunk when
 * count reaches capacity. */
void ml_batch_gather(ml_batch *bt, const step_atoms *a, const int atom[2], const int slot[2],
                     const double *stored, int advance);
/* Runs the gathered pairs of law (law->batch): PostNewtonStep (kept data
 * for a known pair at a repeated step), forces, then forces and torques
 * onto the owned atoms (f: the fix's force array), their records, and the
 * totals (contacts, overlap) and virial. Returns 0, or the pending status. */
int ml_batch_run(ml_run *r, struct ml_law *law, step_atoms *a, double **f, double *totals);

#endif
