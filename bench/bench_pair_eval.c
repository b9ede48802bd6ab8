/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-bench-pairs: ns per pair of in-place pair evaluation (mbc_pair_eval,
 * mbconnect/pair_eval.h) on a particle engine's arrays, against the same
 * pairs through the columns of the batch API (gathered, mbc_sphere_batch_step,
 * scattered: what mbc-lammps did before) and through the hooks (the path of
 * a law written as hooks only; the last column is its cost against the
 * kernel's, as a ratio in the same run).
 *
 *   mbc-bench-pairs [--runs=N]
 *
 * A reported benchmark, not a test. The engine: spheres of d = 1 on a simple
 * cubic lattice of spacing 0.99 (every sphere touches its 6 neighbors, as in
 * bench/lammps/bench.in), each pair along +x, +y, +z once, atom arrays as
 * LAMMPS keeps them (double[][3]), a contact record of 4 data coordinates per
 * pair in rows of 8 records per atom; ContactSphereSphere, Hertz with
 * velocity damping, no friction. Pairs go 128 at a time, as mbc-lammps hands
 * them over. Sizes: 16^3 spheres (11,520 pairs: the caches hold them) and
 * 32 x 64 x 64 (385,024 pairs: from memory). Per row the fastest of N runs
 * of all pairs (CPU time of the process), default 15. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/sphere_batch.h"

#define CHUNK   128 /* pairs per call */
#define RECORDS 8   /* record slots per atom */

typedef struct engine {
    int n, pairs;
    double (*x)[3], (*v)[3], (*w)[3], *r, (*f)[3], (*t)[3], *rec;
    mbc_pair *pair;
} engine;

static void *alloc(size_t bytes)
{
    void *p = calloc(1, bytes);
    if (!p) {
        fprintf(stderr, "mbc-bench-pairs: out of memory\n");
        exit(71);
    }
    return p;
}

static void engine_make(engine *e, int nx, int ny, int nz)
{
    e->n = nx * ny * nz;
    e->x = alloc(sizeof *e->x * (size_t)e->n);
    e->v = alloc(sizeof *e->v * (size_t)e->n);
    e->w = alloc(sizeof *e->w * (size_t)e->n);
    e->f = alloc(sizeof *e->f * (size_t)e->n);
    e->t = alloc(sizeof *e->t * (size_t)e->n);
    e->r = alloc(sizeof *e->r * (size_t)e->n);
    e->rec = alloc(sizeof *e->rec * (size_t)e->n * RECORDS * 4);
    e->pair = alloc(sizeof *e->pair * (size_t)e->n * 3);
    unsigned s = 12345u;
    const int dim[3] = {nx, ny, nz}, step[3] = {1, nx, nx * ny};
    e->pairs = 0;
    for (int i = 0; i < e->n; i++) {
        const int l[3] = {i % nx, (i / nx) % ny, i / (nx * ny)};
        for (int c = 0; c < 3; c++) {
            s = s * 1103515245u + 12345u;
            e->x[i][c] = 0.99 * l[c];
            e->v[i][c] = 1e-3 * ((double)(s >> 8) / 16777216.0 - 0.5);
            e->w[i][c] = 1e-2 * ((double)(s & 255u) / 256.0 - 0.5);
        }
        e->r[i] = 0.5;
        for (int c = 0; c < 3; c++) {
            if (l[c] + 1 < dim[c]) {
                mbc_pair *p = &e->pair[e->pairs++];
                p->atom[0] = i;
                p->atom[1] = i + step[c];
                p->data = e->rec + ((size_t)i * RECORDS + (size_t)c) * 4;
                p->data[0] = 0.1;
            }
        }
    }
}

static void engine_free(engine *e)
{
    free(e->x);
    free(e->v);
    free(e->w);
    free(e->f);
    free(e->t);
    free(e->r);
    free(e->rec);
    free(e->pair);
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* All pairs once through mbc_pair_eval (flags: MBC_PAIR_HOOKS or not). */
static void run_inplace(mbc_object *o, engine *e, unsigned flags)
{
    const mbc_pair_atoms at = {(const double(*)[3])e->x,
                               (const double(*)[3])e->v,
                               (const double(*)[3])e->w,
                               e->r,
                               NULL,
                               e->f,
                               e->t,
                               e->n};
    unsigned char contact[CHUNK];
    mbc_pair_sums sums = {0};
    mbc_error err = {0};
    for (int k = 0; k < e->pairs; k += CHUNK) {
        const size_t n = (size_t)(e->pairs - k < CHUNK ? e->pairs - k : CHUNK);
        const mbc_pair_call call = {&at,  e->pair + k, n, MBC_PAIR_POST_NEWTON | flags,
                                    1e-5, contact};
        if (mbc_pair_eval(o, &call, &sums, &err) != MBC_OK) {
            fprintf(stderr, "mbc-bench-pairs: %s\n", err.message);
            exit(1);
        }
    }
}

/* Columns of one chunk for the batch API: m0 at the origin (0-2), d (3-5),
 * velocities (6-11), angular velocities (12-17), radii (18-19), start data
 * (20-23), new data (24-27), force (28-30), torques (31-36), error (37),
 * recommended step (38). */
enum {
    COL_D = 3,
    COL_V = 6,
    COL_W = 12,
    COL_R = 18,
    COL_S = 20,
    COL_N = 24,
    COL_F = 28,
    COL_T = 31,
    COL_E = 37,
    COL_H = 38,
    COLS = 39
};
typedef struct columns {
    double c[COLS][CHUNK];
} columns;

/* The batch API's views of the columns. */
static void column_views(columns *col, int n, mbc_sphere_batch *in,
                         mbc_sphere_batch_post_newton *pn, mbc_sphere_batch_forces *fo)
{
    *in = (mbc_sphere_batch){.count = (size_t)n, .radius = {col->c[COL_R], col->c[COL_R + 1]}};
    *pn = (mbc_sphere_batch_post_newton){.error = col->c[COL_E], .recommended_step = col->c[COL_H]};
    for (int m = 0; m < 2; m++) {
        for (int c = 0; c < 3; c++) {
            in->position[m][c] = col->c[m == 0 ? c : COL_D + c];
            in->velocity[m][c] = col->c[COL_V + 3 * m + c];
            in->angular_velocity[m][c] = col->c[COL_W + 3 * m + c];
            fo->torque[m][c] = col->c[COL_T + 3 * m + c];
        }
    }
    for (int d = 0; d < 4; d++) {
        in->data[d] = in->data_start[d] = col->c[COL_S + d];
        pn->data[d] = col->c[COL_N + d];
    }
    for (int c = 0; c < 3; c++)
        fo->force[c] = col->c[COL_F + c];
}

/* Pair k of the engine into column k (gathered as mbc-lammps did). */
static void gather(const engine *e, const mbc_pair *q, columns *col, int k)
{
    const int a = q->atom[0], b = q->atom[1];
    for (int c = 0; c < 3; c++) {
        col->c[COL_D + c][k] = e->x[b][c] - e->x[a][c];
        col->c[COL_V + c][k] = e->v[a][c];
        col->c[COL_V + 3 + c][k] = e->v[b][c];
        col->c[COL_W + c][k] = e->w[a][c];
        col->c[COL_W + 3 + c][k] = e->w[b][c];
    }
    col->c[COL_R][k] = e->r[a];
    col->c[COL_R + 1][k] = e->r[b];
    for (int d = 0; d < 4; d++)
        col->c[COL_S + d][k] = q->data[d];
}

/* Column k's results back into the engine. */
static void scatter(engine *e, const mbc_pair *q, const columns *col, int k)
{
    const int a = q->atom[0], b = q->atom[1];
    for (int c = 0; c < 3; c++) {
        const double fc = col->c[COL_F + c][k];
        e->f[a][c] -= fc;
        e->f[b][c] += fc;
        e->t[a][c] += col->c[COL_T + c][k];
        e->t[b][c] += col->c[COL_T + 3 + c][k];
    }
    for (int d = 0; d < 4; d++)
        q->data[d] = col->c[COL_N + d][k];
}

/* All pairs once the old way: gathered into columns, mbc_sphere_batch_step,
 * forces, torques and records scattered back. */
static void run_columns(const mbc_contact_sphere_sphere_params *p, engine *e, columns *col)
{
    mbc_error err = {0};
    for (int k0 = 0; k0 < e->pairs; k0 += CHUNK) {
        const int n = e->pairs - k0 < CHUNK ? e->pairs - k0 : CHUNK;
        for (int k = 0; k < n; k++)
            gather(e, &e->pair[k0 + k], col, k);
        mbc_sphere_batch in;
        mbc_sphere_batch_post_newton pn;
        mbc_sphere_batch_forces fo;
        column_views(col, n, &in, &pn, &fo);
        if (mbc_sphere_batch_step(p, &in, &pn, &fo, 1, &err) != MBC_OK) {
            fprintf(stderr, "mbc-bench-pairs: %s\n", err.message);
            exit(1);
        }
        for (int k = 0; k < n; k++)
            scatter(e, &e->pair[k0 + k], col, k);
    }
}

typedef enum { PATH_KERNEL, PATH_COLUMNS, PATH_HOOKS } path;

/* The fastest of `runs` passes over all pairs of e by path p, ns per pair. */
static double time_path(mbc_object *o, engine *e, path p, int runs)
{
    static columns col; /* zero: m0 at the origin */
    double best = 1e30;
    for (int k = 0; k < runs; k++) {
        const double t0 = cpu_seconds();
        if (p == PATH_COLUMNS)
            run_columns(o->params, e, &col);
        else
            run_inplace(o, e, p == PATH_HOOKS ? MBC_PAIR_HOOKS : 0u);
        const double dt = cpu_seconds() - t0;
        best = dt < best ? dt : best;
    }
    return 1e9 * best / e->pairs;
}

static mbc_object *law(void)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    if (!o) {
        fprintf(stderr, "mbc-bench-pairs: %s\n", err.message);
        exit(1);
    }
    mbc_contact_sphere_sphere_params *p = o->params;
    p->contactStiffness = 1e6;
    p->contactStiffnessExponent = 1.5;
    p->contactDamping = 100.0;
    p->spheresRadii[0] = p->spheresRadii[1] = 0.5;
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    if (mbc_object_initialize(o, &err, 1, &violations) != MBC_OK) {
        fprintf(stderr, "mbc-bench-pairs: %s\n", err.message);
        exit(1);
    }
    return o;
}

int main(int argc, char **argv)
{
    int runs = 15;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--runs=", 7) == 0 && atoi(argv[i] + 7) > 0) {
            runs = atoi(argv[i] + 7);
        } else {
            fprintf(stderr, "usage: mbc-bench-pairs [--runs=N]\n");
            return 2;
        }
    }
    mbc_object *o = law();
    const int sizes[2][3] = {{16, 16, 16}, {32, 64, 64}};
    printf("ContactSphereSphere (Hertz, velocity damping), pairs %d at a time; ns per pair, "
           "fastest of %d (CPU time)\n",
           CHUNK, runs);
    /* hooks / in place: what a law written as hooks only (mbc-lammps's path
     * for a plugin without a kernel: PostNewtonStep, forces and each summed
     * output through the checked dispatch, per pair) costs against the same
     * law's in-place kernel, in the same run */
    printf("%9s %8s %12s %12s %12s %16s\n", "spheres", "pairs", "in place", "columns", "hooks",
           "hooks/in place");
    for (int s = 0; s < 2; s++) {
        engine e;
        engine_make(&e, sizes[s][0], sizes[s][1], sizes[s][2]);
        const double kernel = time_path(o, &e, PATH_KERNEL, runs);
        const double columns = time_path(o, &e, PATH_COLUMNS, runs);
        const double hooks = time_path(o, &e, PATH_HOOKS, runs > 3 ? 3 : runs);
        printf("%9d %8d %12.2f %12.2f %12.2f %16.2f\n", e.n, e.pairs, kernel, columns, hooks,
               hooks / kernel);
        engine_free(&e);
    }
    mbc_object_destroy(o);
    return 0;
}
