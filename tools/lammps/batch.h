/* SPDX-License-Identifier: BSD-3-Clause */
/* The vectorized path of ContactSphereSphere laws: the touching pairs of
 * one such law are gathered into columns during the neighbor loop and
 * evaluated by the library's batch entry points (mbconnect/sphere_batch.h:
 * PostNewtonStep, then forces, in one pass: mbc_sphere_batch_step), which compute what the hooks of
 * the generic path compute (same equations, same order of operations). */
#ifndef ML_BATCH_H
#define ML_BATCH_H

#include <stddef.h>

#include "step_atoms.h"

/* Pairs evaluated per batch call: their columns stay in the core's cache
 * between gathering, evaluation and scattering. */
#define ML_BATCH_CHUNK 256
/* Doubles from one column to the next: a compile-time constant, so that a
 * pair's values are stored at fixed offsets from one pointer; the pad (3
 * cache lines) keeps the columns off the same cache sets. */
#define ML_BATCH_STRIDE (ML_BATCH_CHUNK + 24)

/* The double columns of a batch, sphere a (m0, the lower ID) then b (m1). */
enum {
    /* The library's marker positions are m0 at the origin (a column of
     * zeros) and m1 at d = x_b - x_a: it reads them only as p_m1 - p_m0,
     * which is then d to the bit (d - 0 = d), and the gathering saves three
     * columns. */
    ML_COL_ZERO = 0,
    ML_COL_D = 1,      /* center distance vector x_b - x_a: + component */
    ML_COL_V = 4,      /* velocity: + 3 m + component */
    ML_COL_W = 10,     /* angular velocity (global) */
    ML_COL_R = 16,     /* radius: + m */
    ML_COL_START = 18, /* stored data coordinates x_0..x_3: + d */
    ML_COL_NOW = 22,   /* new data coordinates */
    ML_COL_F = 26,     /* force on m1: + component */
    ML_COL_T = 29,     /* torque: + 3 m + component */
    ML_COL_ERROR = 35,
    ML_COL_STEP = 36,
    ML_COLUMNS = 37
};
/* The int columns: atom indices and record slots (-1: no record kept) of a and b,
 * and at a repeated step whether the pair is known (keeps its state). */
enum { ML_IDX_ATOM = 0, ML_IDX_SLOT = 2, ML_IDX_KEEP = 4, ML_INDICES = 5 };

typedef struct ml_batch {
    size_t count;
    int threads; /* of the library's calls: MBC_THREADS, read once (mbc_threads_resolve) */
    double *col; /* ML_COLUMNS columns, ML_BATCH_STRIDE apart, 64-byte aligned */
    int *idx;    /* ML_INDICES columns, ML_BATCH_CHUNK apart */
} ml_batch;

/* Column q of the batch. */
#define ML_COLUMN(bt, q) ((bt)->col + (size_t)(q)*ML_BATCH_STRIDE)

/* Allocates the columns (ML_BATCH_CHUNK pairs); 0, or -1 when out of memory. */
int ml_batch_init(ml_batch *b);
void ml_batch_free(ml_batch *b);

/* Adds the touching pair c with the record slots of its atoms (-1: the
 * atom keeps no record of the pair) and the pair's record (NULL: a new pair, which starts from
 * `initial`), and fills its columns while the atoms' rows are in cache. The
 * caller runs the chunk when count reaches ML_BATCH_CHUNK. */
static inline void ml_batch_add(ml_batch *bt, const step_atoms *a, const step_contact *c,
                                const int slot[2], const double *stored, const double *initial)
{
    const size_t k = bt->count++;
    const int lower = c->tag[1] < c->tag[0]; /* sphere a: the lower ID */
    const int ia = c->atom[lower], ib = c->atom[1 - lower];
    int *n = bt->idx + k;
    n[ML_IDX_ATOM * ML_BATCH_CHUNK] = ia;
    n[(ML_IDX_ATOM + 1) * ML_BATCH_CHUNK] = ib;
    n[ML_IDX_SLOT * ML_BATCH_CHUNK] = slot[lower];
    n[(ML_IDX_SLOT + 1) * ML_BATCH_CHUNK] = slot[1 - lower];
    if (!a->advance)
        n[ML_IDX_KEEP * ML_BATCH_CHUNK] = stored != NULL;
    double *col = bt->col + k;
    /* x_b - x_a: d, or -d when a is atom[1] (fl(x - y) = -fl(y - x)) */
    for (int i = 0; i < 3; i++)
        col[(ML_COL_D + i) * ML_BATCH_STRIDE] = lower ? -c->d[i] : c->d[i];
    const double *v[2] = {a->v[ia], a->v[ib]}, *w[2] = {a->omega[ia], a->omega[ib]};
    for (int m = 0; m < 2; m++) {
        for (int i = 0; i < 3; i++) {
            col[(ML_COL_V + 3 * m + i) * ML_BATCH_STRIDE] = v[m][i];
            col[(ML_COL_W + 3 * m + i) * ML_BATCH_STRIDE] = w[m][i];
        }
    }
    col[ML_COL_R * ML_BATCH_STRIDE] = a->radius[ia];
    col[(ML_COL_R + 1) * ML_BATCH_STRIDE] = a->radius[ib];
    const double *s = stored ? stored : initial;
    for (int d = 0; d < 4; d++)
        col[(ML_COL_START + d) * ML_BATCH_STRIDE] = s[d];
}

/* Runs the gathered pairs of law (law->batch): PostNewtonStep (kept data
 * for a known pair at a repeated step), forces, then forces and torques
 * onto the owned atoms (f: the fix's force array), their records, and the
 * totals (contacts, overlap) and virial. Returns 0, or the pending status. */
int ml_batch_run(ml_run *r, struct ml_law *law, step_atoms *a, double **f, double *totals);

#endif
