/* SPDX-License-Identifier: BSD-3-Clause */
/* The vectorized path of ContactSphereSphere laws (batch.h): columns, the
 * library's batch calls, scattering. */
#include "batch.h"

#include <stdlib.h>

#include "law.h"
#include "mbconnect/sphere_batch.h"
#include "mbconnect/threads.h"

int ml_batch_init(ml_batch *b)
{
    *b = (ml_batch){0};
    /* a multiple of 64 bytes (ML_BATCH_STRIDE is one of 8 doubles): columns start on lines */
    b->col = aligned_alloc(64, (size_t)ML_COLUMNS * ML_BATCH_STRIDE * sizeof(double));
    b->idx = malloc((size_t)ML_INDICES * ML_BATCH_CHUNK * sizeof *b->idx);
    if (!b->col || !b->idx) {
        ml_batch_free(b);
        return -1;
    }
    b->threads = mbc_threads_resolve(0);
    double *zero = ML_COLUMN(b, ML_COL_ZERO);
    for (size_t k = 0; k < ML_BATCH_CHUNK; k++)
        zero[k] = 0.0;
    return 0;
}

void ml_batch_free(ml_batch *b)
{
    free(b->col);
    free(b->idx);
    *b = (ml_batch){0};
}

/* The batch's columns as the library's input and output structures. */
static void columns(ml_batch *bt, mbc_sphere_batch *in, mbc_sphere_batch_post_newton *pn,
                    mbc_sphere_batch_forces *fo)
{
    *in = (mbc_sphere_batch){.count = bt->count,
                             .radius = {ML_COLUMN(bt, ML_COL_R), ML_COLUMN(bt, ML_COL_R + 1)}};
    for (int m = 0; m < 2; m++) {
        for (int c = 0; c < 3; c++) {
            in->position[m][c] = ML_COLUMN(bt, m == 0 ? ML_COL_ZERO : ML_COL_D + c);
            in->velocity[m][c] = ML_COLUMN(bt, ML_COL_V + 3 * m + c);
            in->angular_velocity[m][c] = ML_COLUMN(bt, ML_COL_W + 3 * m + c);
            fo->torque[m][c] = ML_COLUMN(bt, ML_COL_T + 3 * m + c);
        }
    }
    for (int d = 0; d < 4; d++) {
        in->data[d] = in->data_start[d] = ML_COLUMN(bt, ML_COL_START + d);
        pn->data[d] = ML_COLUMN(bt, ML_COL_NOW + d);
    }
    for (int c = 0; c < 3; c++)
        fo->force[c] = ML_COLUMN(bt, ML_COL_F + c);
    pn->error = ML_COLUMN(bt, ML_COL_ERROR);
    pn->recommended_step = ML_COLUMN(bt, ML_COL_STEP);
}

/* Force and torque onto an owned atom (sign: -1 for sphere a, which gets
 * -f), and the pair's new data into its record when it keeps it (slot >= 0). */
static inline void scatter_one(step_atoms *a, double **f, int atom, int slot, const double *col,
                               int m)
{
    double *fa = f[atom], *ta = a->torque[atom];
    for (int c = 0; c < 3; c++) {
        const double fc = col[(ML_COL_F + c) * ML_BATCH_STRIDE];
        fa[c] = m == 0 ? fa[c] - fc : fa[c] + fc;
        ta[c] += col[(ML_COL_T + 3 * m + c) * ML_BATCH_STRIDE];
    }
    if (slot < 0)
        return;
    double *rec = ml_contacts_data(&a->contacts, atom, slot);
    for (int d = 0; d < 4; d++)
        rec[d] = col[(ML_COL_NOW + d) * ML_BATCH_STRIDE];
}

/* Forces, torques and records of the gathered pairs (force on m1 = f,
 * on m0 = -f; sphere a is m0), the totals and the virial; a ghost gets
 * nothing: its owner adds its share. */
static void scatter(const ml_batch *bt, step_atoms *a, double **f, double *totals)
{
    double contacts = totals[ML_VECTOR_CONTACTS], overlap = totals[ML_VECTOR_OVERLAP];
    double virial[6];
    for (int c = 0; c < 6; c++)
        virial[c] = a->virial[c];
    for (size_t k = 0; k < bt->count; k++) {
        const double *col = bt->col + k;
        const int *n = bt->idx + k;
        const int ia = n[ML_IDX_ATOM * ML_BATCH_CHUNK], ib = n[(ML_IDX_ATOM + 1) * ML_BATCH_CHUNK];
        const int owned[2] = {ia < a->nlocal, ib < a->nlocal};
        if (owned[0])
            scatter_one(a, f, ia, n[ML_IDX_SLOT * ML_BATCH_CHUNK], col, 0);
        if (owned[1])
            scatter_one(a, f, ib, n[(ML_IDX_SLOT + 1) * ML_BATCH_CHUNK], col, 1);
        const double w = owned[0] && owned[1] ? 1.0 : 0.5;
        contacts += w;
        overlap -= w * col[ML_COL_NOW * ML_BATCH_STRIDE]; /* data[0]: the gap */
        double d[3], fb[3];
        for (int c = 0; c < 3; c++) {
            d[c] = col[(ML_COL_D + c) * ML_BATCH_STRIDE];
            fb[c] = col[(ML_COL_F + c) * ML_BATCH_STRIDE];
        }
        virial_add(virial, d, fb, w);
    }
    totals[ML_VECTOR_CONTACTS] = contacts;
    totals[ML_VECTOR_OVERLAP] = overlap;
    for (int c = 0; c < 6; c++)
        a->virial[c] = virial[c];
}

int ml_batch_run(ml_run *r, ml_law *law, step_atoms *a, double **f, double *totals)
{
    ml_batch *bt = law->batch;
    if (bt->count == 0)
        return 0;
    mbc_sphere_batch in;
    mbc_sphere_batch_post_newton pn;
    mbc_sphere_batch_forces fo;
    columns(bt, &in, &pn, &fo);
    const mbc_contact_sphere_sphere_params *params = law->object->params;
    mbc_error err = {0};
    mbc_status st = MBC_OK;
    if (a->advance) {
        st = mbc_sphere_batch_step(params, &in, &pn, &fo, bt->threads, &err);
    } else { /* a repeated step: the known pairs keep their state */
        st = mbc_sphere_batch_post_newton_step(params, &in, &pn, bt->threads, &err);
        for (size_t k = 0; st == MBC_OK && k < bt->count; k++)
            if (bt->idx[ML_IDX_KEEP * ML_BATCH_CHUNK + k])
                for (int d = 0; d < 4; d++)
                    pn.data[d][k] = in.data_start[d][k];
        for (int d = 0; d < 4; d++)
            in.data[d] = pn.data[d];
        if (st == MBC_OK)
            st = mbc_sphere_batch_forces_eval(params, &in, &fo, bt->threads, &err);
    }
    if (st != MBC_OK)
        return ml_error_atoms(r, "mbconnect: %s", err.message);
    scatter(bt, a, f, totals);
    bt->count = 0;
    return 0;
}
