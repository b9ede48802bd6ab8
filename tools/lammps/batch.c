/* SPDX-License-Identifier: BSD-3-Clause */
/* Pair arrays of the vectorized path (batch.h). */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

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
    const size_t stride = cap + BATCH_PAD, old_stride = b->capacity + BATCH_PAD;
    double *block = aligned_alloc(64, stride * BATCH_ARRAYS * sizeof(double));
    int *atom = malloc(2 * cap * sizeof *atom), *slot = malloc(2 * cap * sizeof *slot);
    unsigned char *keep = malloc(cap);
    if (!block || !atom || !slot || !keep) {
        free(block);
        free(atom);
        free(slot);
        free(keep);
        return -1;
    }
    ml_batch old = *b;
    carve(b, block, stride);
    if (old.block) { /* the gathered pairs survive the move */
        for (size_t a = 0; a < BATCH_ARRAYS; a++)
            memcpy(block + a * stride, old.block + a * old_stride, b->count * sizeof(double));
        memcpy(atom, old.atom, 2 * b->count * sizeof *atom);
        memcpy(slot, old.slot, 2 * b->count * sizeof *slot);
        memcpy(keep, old.keep, b->count);
    }
    free(old.block);
    free(old.atom);
    free(old.slot);
    free(old.keep);
    b->block = block;
    b->atom = atom;
    b->slot = slot;
    b->keep = keep;
    b->capacity = cap;
    return 0;
}

void ml_batch_free(ml_batch *b)
{
    free(b->block);
    free(b->atom);
    free(b->slot);
    free(b->keep);
    *b = (ml_batch){0};
}
