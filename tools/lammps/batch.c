/* SPDX-License-Identifier: BSD-3-Clause */
/* The vectorized path of ContactSphereSphere laws (batch.h): pair arrays,
 * gathering, the library's batch calls, scattering. */
#include "batch.h"

#include <stdlib.h>

#include "law.h"
#include "mbconnect/sphere_batch.h"

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

void ml_batch_gather(ml_batch *bt, const step_atoms *a, const int atom[2], const int slot[2],
                     const double *stored, int advance)
{
    const size_t k = bt->count++;
    const int lower = a->tag[atom[0]] < a->tag[atom[1]] ? 0 : 1;
    bt->atom[0][k] = atom[lower];
    bt->atom[1][k] = atom[1 - lower];
    bt->slot[0][k] = slot[lower];
    bt->slot[1][k] = slot[1 - lower];
    bt->stored[k] = stored;
    bt->keep[k] = stored && !advance;
}

/* The batch's input arrays, one column at a time (one store stream each). */
static void fill_columns(ml_batch *bt, const ml_law *law, const step_atoms *a)
{
    const size_t n = bt->count;
    for (int m = 0; m < 2; m++) {
        const int *idx = bt->atom[m];
        for (int c = 0; c < 3; c++) {
            double *restrict p = bt->p[m][c], *restrict v = bt->v[m][c], *restrict w = bt->w[m][c];
            for (size_t k = 0; k < n; k++) {
                p[k] = a->x[idx[k]][c];
                v[k] = a->v[idx[k]][c];
                w[k] = a->omega[idx[k]][c];
            }
        }
        double *restrict r = bt->r[m];
        for (size_t k = 0; k < n; k++)
            r[k] = a->radius[idx[k]];
    }
    for (int d = 0; d < 4; d++) {
        double *restrict start = bt->start[d];
        for (size_t k = 0; k < n; k++)
            start[k] = (bt->stored[k] ? bt->stored[k] : law->initial)[d];
    }
}

/* Forces, torques and records of the gathered pairs (force on m1 = f,
 * on m0 = -f; sphere a is m0). */
static void scatter(ml_batch *bt, step_atoms *a, double **f, double *totals)
{
    for (size_t k = 0; k < bt->count; k++) {
        const int both_local = bt->atom[1][k] < a->nlocal && bt->atom[0][k] < a->nlocal;
        for (int m = 0; m < 2; m++) {
            const int atom = bt->atom[m][k];
            if (atom >= a->nlocal)
                continue; /* a ghost: its owner adds its share */
            const double sign = m == 0 ? -1.0 : 1.0;
            for (int c = 0; c < 3; c++) {
                f[atom][c] += sign * bt->f[c][k];
                a->torque[atom][c] += bt->t[m][c][k];
            }
            double *rec = ml_contacts_data(&a->contacts, atom, bt->slot[m][k]);
            for (int d = 0; d < 4; d++)
                rec[d] = bt->now[d][k];
        }
        const double w = both_local ? 1.0 : 0.5;
        totals[ML_VECTOR_CONTACTS] += w;
        totals[ML_VECTOR_OVERLAP] -= w * bt->now[0][k]; /* data[0]: the gap */
        const double d[3] = {bt->p[1][0][k] - bt->p[0][0][k], bt->p[1][1][k] - bt->p[0][1][k],
                             bt->p[1][2][k] - bt->p[0][2][k]};
        const double fb[3] = {bt->f[0][k], bt->f[1][k], bt->f[2][k]};
        virial_add(a->virial, d, fb, w);
    }
}

int ml_batch_run(ml_run *r, ml_law *law, step_atoms *a, double **f, double *totals)
{
    ml_batch *bt = law->batch;
    if (bt->count == 0)
        return 0;
    fill_columns(bt, law, a);
    mbc_sphere_batch in = {.count = bt->count, .radius = {bt->r[0], bt->r[1]}};
    for (int m = 0; m < 2; m++) {
        for (int c = 0; c < 3; c++) {
            in.position[m][c] = bt->p[m][c];
            in.velocity[m][c] = bt->v[m][c];
            in.angular_velocity[m][c] = bt->w[m][c];
        }
    }
    for (int d = 0; d < 4; d++)
        in.data[d] = in.data_start[d] = bt->start[d];
    const mbc_sphere_batch_post_newton pn = {
        {bt->now[0], bt->now[1], bt->now[2], bt->now[3]}, bt->error, bt->step};
    const mbc_sphere_batch_forces fo = {
        {bt->f[0], bt->f[1], bt->f[2]},
        {{bt->t[0][0], bt->t[0][1], bt->t[0][2]}, {bt->t[1][0], bt->t[1][1], bt->t[1][2]}}};
    const mbc_contact_sphere_sphere_params *params = law->object->params;
    mbc_error err = {0};
    mbc_status st = mbc_sphere_batch_post_newton_step(params, &in, &pn, 0, &err);
    if (st == MBC_OK) {
        for (size_t k = 0; k < bt->count; k++) /* a repeated step: the state stays */
            if (bt->keep[k])
                for (int d = 0; d < 4; d++)
                    bt->now[d][k] = bt->start[d][k];
        for (int d = 0; d < 4; d++)
            in.data[d] = bt->now[d];
        st = mbc_sphere_batch_forces_eval(params, &in, &fo, 0, &err);
    }
    if (st != MBC_OK)
        return ml_error(r, ML_EXIT_ERROR, "ERROR on proc %d: mbconnect: %s", r->rank, err.message);
    scatter(bt, a, f, totals);
    bt->count = 0;
    return 0;
}
