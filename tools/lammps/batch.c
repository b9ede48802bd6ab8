/* SPDX-License-Identifier: BSD-3-Clause */
/* Pair arrays of the vectorized path (batch.h). */
#include "batch.h"

#include <stdlib.h>

#define BATCH_ARRAYS 39 /* double arrays per batch */
/* Arrays `capacity` doubles long would all start at the same offset within
 * 4 KiB and compete for the same cache sets; each is padded by 3 lines. */
#define BATCH_PAD 24

/* Points the double arrays into block, `stride` values apart. */
static void carve(ml_batch *b, double *block, size_t stride)
{
    double **slots[BATCH_ARRAYS];
    size_t n = 0;
    for (int s = 0; s < 2; s++) {
        for (int c = 0; c < 3; c++) {
            slots[n++] = &b->p[s][c];
            slots[n++] = &b->v[s][c];
            slots[n++] = &b->w[s][c];
            slots[n++] = &b->t[s][c];
        }
        slots[n++] = &b->r[s];
    }
    for (int d = 0; d < 4; d++) {
        slots[n++] = &b->start[d];
        slots[n++] = &b->now[d];
    }
    for (int c = 0; c < 3; c++)
        slots[n++] = &b->f[c];
    slots[n++] = &b->error;
    slots[n++] = &b->step;
    for (size_t k = 0; k < n; k++)
        *slots[k] = block + k * stride;
}

int ml_batch_reserve(ml_batch *b, size_t n)
{
    if (n <= b->capacity)
        return 0;
    size_t cap = b->capacity ? b->capacity : 64;
    while (cap < n)
        cap *= 2; /* with the pad a multiple of 8 doubles: arrays start on 64-byte lines */
    const size_t stride = cap + BATCH_PAD;
    ml_batch_free(b); /* the pairs of a chunk never outlive it: nothing to keep */
    b->block = aligned_alloc(64, stride * BATCH_ARRAYS * sizeof(double));
    for (int m = 0; m < 2; m++) {
        b->atom[m] = malloc(cap * sizeof *b->atom[m]);
        b->slot[m] = malloc(cap * sizeof *b->slot[m]);
    }
    b->stored = malloc(cap * sizeof *b->stored);
    b->keep = malloc(cap);
    if (!b->block || !b->atom[0] || !b->atom[1] || !b->slot[0] || !b->slot[1] || !b->stored ||
        !b->keep) {
        ml_batch_free(b);
        return -1;
    }
    carve(b, b->block, stride);
    b->capacity = cap;
    return 0;
}

void ml_batch_free(ml_batch *b)
{
    free(b->block);
    for (int m = 0; m < 2; m++) {
        free(b->atom[m]);
        free(b->slot[m]);
    }
    free(b->stored);
    free(b->keep);
    *b = (ml_batch){0};
}
