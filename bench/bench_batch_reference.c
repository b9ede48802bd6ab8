/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-bench-batch-reference FILE: the C side of bench/bench_python.py.
 *
 * Reads N ContactSphereSphere states written by bench_python.py (FILE: one
 * double N, then per state 40 doubles: positions 2x3, velocities 2x3,
 * rotations 2x9 row-major, local angular velocities 2x3, data 4) and times
 * force evaluation of all N in C loops, the way a C solver would:
 *   typed:   the type's force hook over prebuilt mbc_state structs (as the
 *            batch row of mbc-bench);
 *   generic: mbc_object_forces (input checks in every call) over the same;
 * Prints "typed NS" and "generic NS" (CPU ns per state, best of 7 runs) and a
 * checksum of the forces, so bench_python.py can compare evaluate_many with
 * the same states and parameters. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"

#define PER_STATE 40
#define RUNS      7

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

/* The parameters of bench_python.py (PARAMETERS there). */
static mbc_object *sphere(void)
{
    mbc_error err;
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    const double radii[2] = {0.5, 0.4}, markers[2] = {0, 1};
    if (!o || mbc_object_set_array(o, "spheresRadii", radii, 2, &err) != MBC_OK ||
        mbc_object_set_array(o, "markerNumbers", markers, 2, &err) != MBC_OK ||
        mbc_object_set(o, "nodeNumber", 0, &err) != MBC_OK ||
        mbc_object_set(o, "contactStiffness", 1e5, &err) != MBC_OK ||
        mbc_object_set(o, "contactDamping", 20, &err) != MBC_OK ||
        mbc_object_set(o, "contactStiffnessExponent", 1.5, &err) != MBC_OK ||
        mbc_object_set(o, "dynamicFriction", 0.3, &err) != MBC_OK ||
        mbc_object_set(o, "impactModel", 2, &err) != MBC_OK ||
        mbc_object_set(o, "restitutionCoefficient", 0.6, &err) != MBC_OK ||
        mbc_object_set(o, "minimumImpactVelocity", 0.01, &err) != MBC_OK ||
        mbc_object_initialize(o, &err, 1, NULL) != MBC_OK) {
        fprintf(stderr, "mbc-bench-batch-reference: %s\n", err.message);
        exit(1);
    }
    return o;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: mbc-bench-batch-reference FILE (written by bench/bench_python.py)\n", stderr);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    double header = 0.0;
    if (!f || fread(&header, sizeof header, 1, f) != 1 || header < 1 || header > 1e8) {
        fprintf(stderr, "mbc-bench-batch-reference: cannot read %s\n", argv[1]);
        return 2;
    }
    size_t n = (size_t)header;
    double *raw = malloc(n * PER_STATE * sizeof *raw);
    mbc_rigid_marker *m = calloc(2 * n, sizeof *m);
    mbc_state *s = calloc(n, sizeof *s);
    if (!raw || !m || !s || fread(raw, sizeof *raw, n * PER_STATE, f) != n * PER_STATE) {
        fprintf(stderr, "mbc-bench-batch-reference: %s is short or out of memory\n", argv[1]);
        return 2;
    }
    fclose(f);
    for (size_t k = 0; k < n; k++) {
        const double *r = raw + PER_STATE * k;
        for (int j = 0; j < 2; j++) {
            memcpy(m[2 * k + j].position, r + 3 * j, 3 * sizeof(double));
            memcpy(m[2 * k + j].velocity, r + 6 + 3 * j, 3 * sizeof(double));
            memcpy(m[2 * k + j].rotation, r + 12 + 9 * j, 9 * sizeof(double));
            memcpy(m[2 * k + j].angular_velocity_local, r + 30 + 3 * j, 3 * sizeof(double));
        }
        s[k].marker[0] = &m[2 * k];
        s[k].marker[1] = &m[2 * k + 1];
        s[k].data = s[k].data_start = r + 36;
        s[k].data_count = 4;
    }
    mbc_object *o = sphere();
    const mbc_type_info *t = o->type;
    double typed[RUNS], generic[RUNS], checksum = 0.0;
    mbc_forces out;
    mbc_error err;
    memset(&out, 0, sizeof out);
    size_t failed = 0;
    for (int run = 0; run < RUNS; run++) {
        /* both loops in turn first, so neither gains from caches the other warmed */
        for (int pass = 0; pass < 2; pass++) {
            const int generic_pass = (pass + run) % 2;
            double t0 = now();
            for (size_t k = 0; k < n; k++) {
                failed += (generic_pass ? mbc_object_forces(o, &s[k], &out, &err)
                                        : t->forces(o->params, &s[k], &out, &err)) != MBC_OK;
                checksum += out.force[1][0];
            }
            double ns = 1e9 * (now() - t0) / (double)n;
            if (generic_pass)
                generic[run] = ns;
            else
                typed[run] = ns;
        }
    }
    qsort(typed, RUNS, sizeof(double), by_value);
    qsort(generic, RUNS, sizeof(double), by_value);
    printf("typed %.2f\ngeneric %.2f\nfailed %zu\nchecksum %.17g\n", typed[0], generic[0], failed,
           checksum);
    mbc_object_destroy(o);
    free(raw);
    free(m);
    free(s);
    return failed ? 1 : 0;
}
