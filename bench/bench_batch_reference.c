/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-bench-batch-reference FILE TYPE [NAME=V[,V...]]...: the C side of
 * bench/bench_python.py, for any connector type.
 *
 * FILE holds N states of TYPE as bench_python.py writes them (doubles): a
 * header N, R (rigid or position markers), P (cable points, 0: none), C
 * (ANCF cables of an ALE joint, 0: none), D (data coordinates); then, in
 * this order and only when their count is not 0: position, velocity (N R
 * 3 each), rotation (N R 9, row-major), local angular velocity (N R 3);
 * cable points, point velocities (N P 2 each), cable length, ALE
 * coordinate (N each); cable q, q_t (N C 8 each), cable lengths (C), ALE
 * node [q, q_t] (N 2), Lagrange multipliers (N 2); data, start-of-step
 * data (N D each). The NAME=V arguments set TYPE's parameters (after the
 * marker and node numbers 0, 1, ... that the Python module sets).
 *
 * All N states are built before the clock starts, as a C solver holds
 * them; then the type's main evaluation (forces, or the algebraic
 * equations for a type without forces, e.g. JointALEMoving2D) runs over
 * them in two loops: the typed hook (no checks) and the checked dispatch
 * (mbc_object_forces / mbc_object_algebraic_equations). Prints "typed NS",
 * "generic NS" (CPU ns per state, best of 7 runs), "evaluation WHAT",
 * "failed K" and "checksum X" (the sum over the states of the last run
 * of force x on each rigid marker and force y on the first cable point, or
 * of the position-level equations) so that bench_python.py
 * can check that evaluate_many computed the same numbers. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"

#define RUNS 7

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the machine is shared */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *what)
{
    fprintf(stderr, "mbc-bench-batch-reference: %s\n", what);
    exit(2);
}

/* The object with the NAME=V[,V...] settings of argv[0..argc). */
static mbc_object *configured(const char *type, int argc, char **argv)
{
    mbc_error err;
    mbc_object *o = mbc_object_create(type, &err);
    if (!o)
        die(err.message);
    mbc_object_set_default_indices(o);
    for (int i = 0; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        double v[64];
        size_t n = 0;
        if (!eq)
            die("parameters are NAME=V[,V...]");
        *eq = '\0';
        for (char *s = eq + 1, *end; n < 64 && *s; s = *end ? end + 1 : end)
            v[n++] = strtod(s, &end);
        if (mbc_object_set_array(o, argv[i], v, n, &err) != MBC_OK)
            die(err.message);
    }
    if (mbc_object_initialize(o, &err, 1, NULL) != MBC_OK)
        die(err.message);
    return o;
}

/* The states of the file, built once. */
typedef struct states {
    size_t n, rigid, points, cables, data;
    double *raw;
    mbc_state *s;
    mbc_rigid_marker *markers;
    mbc_cable_marker *cable;
    mbc_cable_element *elements;
} states;

/* The next count values of the file's data, advancing *at. */
static const double *take(const double **at, size_t count)
{
    const double *p = *at;
    *at += count;
    return p;
}

static void build_rigid(states *st, const double **at, const mbc_type_info *t)
{
    const size_t n = st->n, r = st->rigid;
    const double *pos = take(at, 3 * n * r), *vel = take(at, 3 * n * r);
    const double *rot = take(at, 9 * n * r), *omega = take(at, 3 * n * r);
    for (size_t k = 0; k < n; k++) {
        size_t j = 0;
        for (int m = 0; m < 2; m++) {
            if (t->marker_kinds[m] != MBC_MARKER_POSITION && t->marker_kinds[m] != MBC_MARKER_RIGID)
                continue;
            mbc_rigid_marker *mk = &st->markers[2 * k + (size_t)m];
            const size_t row = k * r + j++;
            memcpy(mk->position, pos + 3 * row, sizeof mk->position);
            memcpy(mk->velocity, vel + 3 * row, sizeof mk->velocity);
            memcpy(mk->rotation, rot + 9 * row, sizeof mk->rotation);
            memcpy(mk->angular_velocity_local, omega + 3 * row, sizeof mk->angular_velocity_local);
            st->s[k].marker[m] = mk;
        }
    }
}

static void build_cable(states *st, const double **at)
{
    const size_t n = st->n, p = st->points;
    const double *points = take(at, 2 * n * p), *velocities = take(at, 2 * n * p);
    const double *length = take(at, n), *ale = take(at, n);
    for (size_t k = 0; k < n; k++) {
        mbc_cable_marker *c = &st->cable[k];
        c->points = points + 2 * p * k;
        c->point_velocities = velocities + 2 * p * k;
        c->segment_count = p - 1;
        c->length = length[k];
        c->ale_coordinate = ale[k];
        st->s[k].cable = c;
    }
}

static void build_ale(states *st, const double **at)
{
    const size_t n = st->n, c = st->cables;
    const double *q = take(at, 8 * n * c), *q_t = take(at, 8 * n * c);
    const double *lengths = take(at, c), *ale = take(at, 2 * n), *z = take(at, 2 * n);
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < c; i++) {
            mbc_cable_element *e = &st->elements[k * c + i];
            memcpy(e->q, q + 8 * (k * c + i), sizeof e->q);
            memcpy(e->q_t, q_t + 8 * (k * c + i), sizeof e->q_t);
            e->length = lengths[i];
        }
        st->s[k].cables = &st->elements[k * c];
        st->s[k].cable_count = c;
        st->s[k].ale_q = ale[2 * k];
        st->s[k].ale_q_t = ale[2 * k + 1];
        st->s[k].lagrange = z + 2 * k;
    }
}

static void load(states *st, const char *path, const mbc_type_info *t)
{
    FILE *f = fopen(path, "rb");
    double h[5];
    if (!f || fread(h, sizeof h[0], 5, f) != 5 || !(h[0] >= 1 && h[0] <= 1e8))
        die("cannot read the states file");
    st->n = (size_t)h[0];
    st->rigid = (size_t)h[1];
    st->points = (size_t)h[2];
    st->cables = (size_t)h[3];
    st->data = (size_t)h[4];
    const size_t n = st->n, r = st->rigid, p = st->points, c = st->cables, d = st->data;
    size_t total = n * (18 * r + (p ? 4 * p + 2 : 0) + (c ? 16 * c + 4 : 0) + 2 * d) + c;
    st->raw = malloc(total * sizeof *st->raw);
    st->s = calloc(n, sizeof *st->s);
    st->markers = calloc(2 * n, sizeof *st->markers);
    st->cable = calloc(n, sizeof *st->cable);
    st->elements = calloc(n * (c ? c : 1), sizeof *st->elements);
    if (!st->raw || !st->s || !st->markers || !st->cable || !st->elements ||
        fread(st->raw, sizeof *st->raw, total, f) != total)
        die("the states file is short, or out of memory");
    fclose(f);
    const double *at = st->raw;
    if (r)
        build_rigid(st, &at, t);
    if (p)
        build_cable(st, &at);
    if (c)
        build_ale(st, &at);
    const double *data = take(&at, n * d), *start = take(&at, n * d);
    for (size_t k = 0; k < n; k++) {
        st->s[k].data = data + d * k;
        st->s[k].data_start = start + d * k;
        st->s[k].data_count = d;
    }
}

/* The loops: typed hook or checked dispatch, writing every state's result
 * into one output (it stays in the cache) or into out[k] (kept for all N,
 * as mbc_object_forces_many and a solver's batch do, and as evaluate_many
 * returns them). */
enum { TYPED, GENERIC, KEPT, LOOPS };
static const char *const loop_names[LOOPS] = {"typed", "generic", "kept"};

/* The outputs of all N states (used by KEPT; one of them by the others). */
typedef struct outputs {
    mbc_forces *forces;
    double *point_forces;
    mbc_algebraic *algebraic;
} outputs;

static void outputs_init(outputs *out, const states *st)
{
    const size_t n = st->n, p = st->points;
    out->forces = calloc(n, sizeof *out->forces);
    out->point_forces = calloc(n * 2 * (p ? p : 1), sizeof *out->point_forces);
    out->algebraic = calloc(n, sizeof *out->algebraic);
    if (!out->forces || !out->point_forces || !out->algebraic)
        die("out of memory");
    for (size_t k = 0; k < n; k++) {
        out->forces[k].cable_point_forces = p ? out->point_forces + 2 * p * k : NULL;
        out->forces[k].cable_point_count = p;
    }
}

/* force x of each rigid or position marker and the first cable point's y. */
static double force_sum(const mbc_type_info *t, const mbc_forces *f)
{
    double sum = f->cable_point_forces ? f->cable_point_forces[1] : 0.0;
    for (int m = 0; m < 2; m++)
        if (t->marker_kinds[m] == MBC_MARKER_POSITION || t->marker_kinds[m] == MBC_MARKER_RIGID)
            sum += f->force[m][0];
    return sum;
}

/* One timed pass over every state; returns CPU ns per state. */
static double pass(const mbc_object *o, const states *st, int loop, const outputs *out,
                   double *checksum, size_t *failed)
{
    const mbc_type_info *t = o->type;
    const size_t step = loop == KEPT ? 1 : 0;
    mbc_error err;
    size_t bad = 0;
    double t0 = now();
    if (t->forces) {
        for (size_t k = 0; k < st->n; k++)
            bad += (loop == TYPED
                        ? t->forces(o->params, &st->s[k], &out->forces[0], &err)
                        : mbc_object_forces(o, &st->s[k], &out->forces[step * k], &err)) != MBC_OK;
    } else {
        for (size_t k = 0; k < st->n; k++)
            bad += (loop == TYPED
                        ? t->algebraic_equations(o->params, &st->s[k], &out->algebraic[0], &err)
                        : mbc_object_algebraic_equations(o, &st->s[k], &out->algebraic[step * k],
                                                         &err)) != MBC_OK;
    }
    double ns = 1e9 * (now() - t0) / (double)st->n;
    if (loop == KEPT) { /* outside the clock */
        double sum = 0.0;
        for (size_t k = 0; k < st->n; k++)
            sum += t->forces ? force_sum(t, &out->forces[k])
                             : out->algebraic[k].position[0] + out->algebraic[k].position[1];
        *checksum = sum;
    }
    *failed += bad;
    return ns;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: mbc-bench-batch-reference FILE TYPE [NAME=V[,V...]]... (FILE written by "
              "bench/bench_python.py)\n",
              stderr);
        return 2;
    }
    mbc_object *o = configured(argv[2], argc - 3, argv + 3);
    states st;
    memset(&st, 0, sizeof st);
    load(&st, argv[1], o->type);
    if (!o->type->forces && !o->type->algebraic_equations)
        die("the type has neither forces nor algebraic equations");
    outputs out;
    outputs_init(&out, &st);
    double ns[LOOPS][RUNS], checksum = 0.0;
    size_t failed = 0;
    for (int run = 0; run < RUNS; run++)
        /* each loop first in turn, so that none gains from caches another warmed */
        for (int i = 0; i < LOOPS; i++) {
            int loop = (i + run) % LOOPS;
            ns[loop][run] = pass(o, &st, loop, &out, &checksum, &failed);
        }
    for (int loop = 0; loop < LOOPS; loop++) {
        qsort(ns[loop], RUNS, sizeof(double), by_value);
        printf("%s %.2f\n", loop_names[loop], ns[loop][0]);
    }
    printf("evaluation %s\nfailed %zu\nchecksum %.17g\n", o->type->forces ? "forces" : "algebraic",
           failed, checksum);
    mbc_object_destroy(o);
    free(out.forces);
    free(out.point_forces);
    free(out.algebraic);
    free(st.raw);
    free(st.s);
    free(st.markers);
    free(st.cable);
    free(st.elements);
    return failed ? 1 : 0;
}
