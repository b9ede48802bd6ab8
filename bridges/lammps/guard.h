/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks of a DEM run that the force callback makes on every contact that
 * starts, a touching pair without a record (a new contact, or one whose
 * history was not kept; docs/lammps.rst, "Overlaps"):
 *
 * - coincident centers are an error: the contact normal is undefined, and
 *   a law would push the atoms apart along an arbitrary direction;
 * - an overlap deeper than ML_DEEP_OVERLAP of the smaller radius is warned
 *   of once per set-up (from the first `mbconnect pair` until `mbconnect
 *   off`), naming the deepest such pair of that force evaluation, its step
 *   and its overlap: atoms placed overlapping, or a time step far too long
 *   for the impacts. Such a contact starts as a violent impact, and the
 *   energy jumps. A contact that deepens during its impact is the law's
 *   matter and is not checked. */
#ifndef ML_GUARD_H
#define ML_GUARD_H

#include "ml.h"

/* The overlap at the start of a contact, as a fraction of the smaller
 * radius, beyond which it is warned of. */
#define ML_DEEP_OVERLAP 0.25

typedef struct ml_guard {
    int watch;      /* 1 while the warning has not been given */
    double count;   /* contacts that started beyond the limit in this call (1/2 each with a
                     * ghost partner, whose owner counts it too) */
    double ratio;   /* the deepest of them: overlap / smaller radius (0: none) */
    double overlap; /* its overlap and smaller radius (LAMMPS's length unit) */
    double radius;
    int tag[2]; /* its atoms */
} ml_guard;

/* The pending error for the pair of atoms `tag` with coincident centers. */
int ml_guard_coincident(ml_run *r, const int tag[2]);
/* A contact that started beyond the limit. */
void ml_guard_deep(ml_guard *g, const int tag[2], double rsq, double rsum, double rmin,
                   double weight);

/* A contact that starts between atoms `tag`, rsq the squared distance of
 * their centers: 0, or the pending status when the centers coincide. */
static inline int ml_guard_touching(ml_run *r, const int tag[2], double rsq)
{
    return rsq == 0.0 ? ml_guard_coincident(r, tag) : 0;
}

/* The overlap of a contact that starts (radii ri, rj, their sum rsum;
 * weight 1, or 1/2 with a ghost partner). */
static inline void ml_guard_onset(ml_guard *g, const int tag[2], double rsq, double rsum, double ri,
                                  double rj, double weight)
{
    if (g->watch) {
        const double rmin = ri < rj ? ri : rj, limit = rsum - ML_DEEP_OVERLAP * rmin;
        if (rsq < limit * limit)
            ml_guard_deep(g, tag, rsq, rsum, rmin, weight);
    }
}

/* On every rank, after a force evaluation in which `count` contacts (over
 * all ranks, > 0) started beyond the limit: rank 0 warns of the deepest of
 * all ranks. Collective. */
void ml_guard_report(const ml_run *r, const ml_guard *g, long long step, double count);

#endif
