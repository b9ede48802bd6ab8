/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-bench: nanoseconds per call of the connector runtime hooks.
 *
 *   mbc-bench [--min-time=SECONDS] [--only=SUBSTRING] [--reps=N]
 *
 * A reported benchmark, not a test. Every row times one hook called through
 * its typed entry point (mbc_<type>_forces, _post_newton_step,
 * _algebraic_equations: the raw cost), plus one row through the generic
 * mbc_object_forces dispatch (the cost of its input checks) and two batches of
 * independent sphere pairs, 10^3 (cache-resident) and 10^6 (from memory), with
 * random geometry and varied branches: one pass over an array of states.
 *
 * Method: CLOCK_MONOTONIC; per row a warm-up/calibration phase finds a
 * repetition count for which one run lasts >= --min-time (default 0.1 s), then
 * 5 runs are timed and the median ns per call is reported ("min" is the
 * fastest run, spread = (max - min) / median). A row therefore takes >= 5 x
 * min-time. "per unit" divides by the segment count for the cable rows; the
 * goal applies to that value. Run on an idle machine (other load only ever
 * adds time: compare median with min). Every
 * result is accumulated into a volatile sink, and every hook status is
 * checked after each run (an error aborts: no row ever times an error path).
 * The hooks live in libmbconnect (a separate translation unit, no LTO), so
 * each call is a real call.
 *
 * --only=SUBSTRING runs the rows whose name contains SUBSTRING; --reps=N skips
 * calibration and runs N repetitions once per row (for callgrind / perf). */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/connector.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/generated/joint_ale_moving2d.h"
#include "mbconnect/object.h"
#include "mbconnect/evaluate_many.h"
#include "mbconnect/sphere_batch.h"
#include "mbconnect/threads.h"

#include "test_sampling.h"

#define RUNS         5
#define BATCH_LARGE  1000000u
#define BATCH_SMALL  1000u
#define MAX_SEGMENTS 64
#define BENCH_PI     3.14159265358979323846

/* Everything the timed loops compute ends up here. */
static volatile double bench_sink;

static double min_time_s = 0.1;
static const char *only_filter = NULL;
static size_t fixed_reps = 0;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what, const mbc_error *err)
{
    fprintf(stderr, "mbc-bench: %s%s%s\n", what, err ? ": " : "", err ? err->message : "");
    exit(1);
}

static void check(mbc_status st, const char *what, const mbc_error *err)
{
    if (st != MBC_OK)
        die(what, err);
}

/* ---- sampling (tests/test_sampling.h: splitmix64 and rotations) ---- */
static rt_rng bench_rng = {0x1234567887654321ull};

static double urand(double a, double b)
{
    return rt_uniform(&bench_rng, a, b);
}

/* ---- timing ---- */

/* Runs the measured operation `reps` times; returns the number of failed
 * hook calls (must be 0). */
typedef size_t (*bench_fn)(void *ctx, size_t reps);

typedef struct bench_result {
    double ns;     /* median ns per call */
    double min_ns; /* fastest of the RUNS runs */
    double spread; /* (max - min) / median over the RUNS runs */
} bench_result;

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double time_run(bench_fn fn, void *ctx, size_t reps, const char *name)
{
    const double t0 = now_s();
    const size_t failed = fn(ctx, reps);
    const double t = now_s() - t0;
    if (failed != 0) {
        fprintf(stderr, "mbc-bench: %s: %zu hook calls failed\n", name, failed);
        exit(1);
    }
    return t;
}

/* Defines `static size_t NAME(void *ctx, size_t reps)` (a bench_fn): reps
 * calls of CALL on the fixture `FIXTURE *x = ctx`, counting the calls that do
 * not return MBC_OK and adding SUM (read after each call) into bench_sink so
 * that no call is optimized away. A macro, not a function taking a function
 * pointer, so each timed loop keeps its direct call to the typed hook. */
#define BENCH_HOOK_LOOP(NAME, FIXTURE, CALL, SUM)                                                  \
    static size_t NAME(void *ctx, size_t reps)                                                     \
    {                                                                                              \
        FIXTURE *x = ctx;                                                                          \
        size_t failed = 0;                                                                         \
        double sum = 0.0;                                                                          \
        for (size_t r = 0; r < reps; ++r) {                                                        \
            failed += (CALL) != MBC_OK;                                                            \
            sum += (SUM);                                                                          \
        }                                                                                          \
        bench_sink += sum;                                                                         \
        return failed;                                                                             \
    }

/* calls_per_rep: hook calls in one repetition (1, or the batch size). */
static bench_result measure(const char *name, bench_fn fn, void *ctx, double calls_per_rep)
{
    bench_result r = {0.0, 0.0, 0.0};
    if (fixed_reps > 0) {
        r.ns = 1e9 * time_run(fn, ctx, fixed_reps, name) / ((double)fixed_reps * calls_per_rep);
        r.min_ns = r.ns;
        return r;
    }
    /* warm-up and calibration: grow reps until one run takes >= min_time / 4 */
    size_t reps = 1;
    double t = time_run(fn, ctx, reps, name);
    while (t < 0.25 * min_time_s) {
        reps = (t > 1e-4) ? (size_t)((double)reps * 0.3 * min_time_s / t) + 1 : reps * 8;
        t = time_run(fn, ctx, reps, name);
    }
    reps = (size_t)((double)reps * 1.1 * min_time_s / t) + 1;
    (void)time_run(fn, ctx, reps, name); /* last warm-up at full length */
    double ns[RUNS];
    for (int k = 0; k < RUNS; ++k)
        ns[k] = 1e9 * time_run(fn, ctx, reps, name) / ((double)reps * calls_per_rep);
    qsort(ns, RUNS, sizeof ns[0], cmp_double);
    r.ns = ns[RUNS / 2];
    r.min_ns = ns[0];
    r.spread = (ns[RUNS - 1] - ns[0]) / r.ns;
    return r;
}

/* ---- table ---- */

static int selected(const char *name)
{
    return only_filter == NULL || strstr(name, only_filter) != NULL;
}

static void print_header(void)
{
    printf("%-68s %10s %8s  %-20s %-18s %-12s %6s\n", "benchmark", "ns/call", "min", "per unit",
           "goal", "vs goal", "spread");
    for (int i = 0; i < 149; ++i)
        putchar('-');
    putchar('\n');
}

/* units: divisor for the per-unit column (segments), unit its name; goal_ns
 * <= 0: no goal. The goal applies to the per-unit value. */
static void print_row(const char *name, bench_result r, double units, const char *unit,
                      double goal_ns)
{
    char per[64], goal[64], vs[64];
    const double per_unit = r.ns / units;
    snprintf(per, sizeof per, "%.1f ns/%s", per_unit, unit);
    if (goal_ns > 0.0) {
        snprintf(goal, sizeof goal, "< %.0f ns/%s", goal_ns, unit);
        snprintf(vs, sizeof vs, "%s %.2fx", per_unit < goal_ns ? "ok  " : "MISS",
                 per_unit / goal_ns);
    } else {
        snprintf(goal, sizeof goal, "-");
        snprintf(vs, sizeof vs, "-");
    }
    printf("%-68s %10.1f %8.1f  %-20s %-18s %-12s %5.1f%%\n", name, r.ns, r.min_ns, per, goal, vs,
           100.0 * r.spread);
    fflush(stdout);
}

/* ================= ContactSphereSphere ================= */

typedef struct sphere_fixture {
    mbc_contact_sphere_sphere_params p;
    mbc_rigid_marker m[2];
    double data[4], data_start[4], new_data[4];
    mbc_state s;
    mbc_forces f;
    mbc_post_newton pn;
    mbc_error err;
    mbc_object *obj; /* same parameters, for the generic dispatch */
} sphere_fixture;

/* k_c = 1e5 N/m^1.5 (Hertz exponent 1.5), d_c = 20, mu_d = 0.3, v_reg = 1e-3;
 * model 0: EAPM with lambda_P = 0.4, adhesion k_adh = 1e3, n_adh = 1.5,
 * f_adh = 0.5; model 2: e_res = 0.6 (Carvalho-Martins branch), v_min = 0.01. */
static void sphere_params(mbc_contact_sphere_sphere_params *p, int model)
{
    mbc_contact_sphere_sphere_params_init(p);
    p->markerNumbers[0] = 0;
    p->markerNumbers[1] = 1;
    p->nodeNumber = 0;
    p->spheresRadii[0] = 0.5;
    p->spheresRadii[1] = 0.4;
    p->contactStiffness = 1e5;
    p->contactDamping = 20.0;
    p->contactStiffnessExponent = 1.5;
    p->dynamicFriction = 0.3;
    p->frictionProportionalZone = 1e-3;
    p->impactModel = model;
    if (model == 0) {
        p->contactPlasticityRatio = 0.4;
        p->adhesionCoefficient = 1e3;
        p->adhesionExponent = 1.5;
        p->constantPullOffForce = 0.5;
    } else {
        p->restitutionCoefficient = 0.6;
        p->minimumImpactVelocity = 0.01;
    }
    mbc_error e;
    if (mbc_contact_sphere_sphere_validate(p, &e, 1) != 0)
        die("sphere parameters invalid", &e);
}

static void object_set(mbc_object *o, const char *name, const double *v, size_t n)
{
    mbc_error e;
    check(mbc_object_set_array(o, name, v, n, &e), name, &e);
}

static mbc_object *sphere_object(const mbc_contact_sphere_sphere_params *p)
{
    mbc_error e;
    mbc_object *o = mbc_object_create("ContactSphereSphere", &e);
    if (o == NULL)
        die("mbc_object_create(ContactSphereSphere)", &e);
    const double markers[2] = {0, 1}, node = 0, model = p->impactModel;
    object_set(o, "markerNumbers", markers, 2);
    object_set(o, "nodeNumber", &node, 1);
    object_set(o, "spheresRadii", p->spheresRadii, 2);
    object_set(o, "contactStiffness", &p->contactStiffness, 1);
    object_set(o, "contactDamping", &p->contactDamping, 1);
    object_set(o, "contactStiffnessExponent", &p->contactStiffnessExponent, 1);
    object_set(o, "dynamicFriction", &p->dynamicFriction, 1);
    object_set(o, "frictionProportionalZone", &p->frictionProportionalZone, 1);
    object_set(o, "impactModel", &model, 1);
    object_set(o, "contactPlasticityRatio", &p->contactPlasticityRatio, 1);
    object_set(o, "adhesionCoefficient", &p->adhesionCoefficient, 1);
    object_set(o, "adhesionExponent", &p->adhesionExponent, 1);
    object_set(o, "constantPullOffForce", &p->constantPullOffForce, 1);
    object_set(o, "restitutionCoefficient", &p->restitutionCoefficient, 1);
    object_set(o, "minimumImpactVelocity", &p->minimumImpactVelocity, 1);
    size_t violations = 0;
    check(mbc_object_initialize(o, &e, 1, &violations), "mbc_object_initialize(sphere)", &e);
    return o;
}

/* Two spheres overlapping by 10 mm, both moving and spinning (sliding
 * friction branch); the data come from two PostNewtonSteps (contact begins in
 * the first, so the impact velocity is set), i.e. a converged step. */
static void sphere_setup(sphere_fixture *x, int model)
{
    memset(x, 0, sizeof *x);
    sphere_params(&x->p, model);
    const double dir[3] = {0.6, 0.5, 0.3};
    const double len = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    const double dist = 0.5 + 0.4 - 0.01;
    const double v0[3] = {0.1, 0.0, -0.05}, v1[3] = {-0.2, 0.3, 0.1};
    const double w0[3] = {1.0, 2.0, 3.0}, w1[3] = {-2.0, 0.5, 1.0};
    for (int i = 0; i < 3; ++i) {
        x->m[0].position[i] = 0.1 * (double)i;
        x->m[1].position[i] = x->m[0].position[i] + dist * dir[i] / len;
        x->m[0].velocity[i] = v0[i];
        x->m[1].velocity[i] = v1[i];
        x->m[0].angular_velocity_local[i] = w0[i];
        x->m[1].angular_velocity_local[i] = w1[i];
    }
    rt_random_rotation(&bench_rng, x->m[0].rotation);
    rt_random_rotation(&bench_rng, x->m[1].rotation);
    x->s.marker[0] = &x->m[0];
    x->s.marker[1] = &x->m[1];
    x->s.data = x->data;
    x->s.data_start = x->data_start;
    x->s.data_count = 4;
    x->pn.data = x->new_data;
    mbc_contact_sphere_sphere_initial_data(&x->p, x->data);
    x->data[0] = 0.1; /* open at the start of the step */
    memcpy(x->data_start, x->data, sizeof x->data);
    for (int it = 0; it < 2; ++it) {
        check(mbc_contact_sphere_sphere_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
              "sphere PostNewtonStep (setup)", &x->err);
        memcpy(x->data, x->new_data, sizeof x->data);
        memcpy(x->data_start, x->new_data, sizeof x->data);
    }
    if (!(x->data[0] <= 0.0 && x->data[1] >= x->p.frictionProportionalZone))
        die("sphere setup: expected contact with sliding friction", NULL);
    check(mbc_contact_sphere_sphere_forces(&x->p, &x->s, &x->f, &x->err), "sphere forces (setup)",
          &x->err);
    if (x->f.force[1][0] == 0.0 && x->f.force[1][1] == 0.0)
        die("sphere setup: zero contact force", NULL);
    x->obj = sphere_object(&x->p);
}

static void sphere_teardown(sphere_fixture *x)
{
    mbc_object_destroy(x->obj);
    mbc_contact_sphere_sphere_params_free(&x->p);
}

BENCH_HOOK_LOOP(run_sphere_forces, sphere_fixture,
                mbc_contact_sphere_sphere_forces(&x->p, &x->s, &x->f, &x->err),
                x->f.force[1][0] + x->f.torque[0][2])

BENCH_HOOK_LOOP(run_sphere_forces_generic, sphere_fixture,
                mbc_object_forces(x->obj, &x->s, &x->f, &x->err),
                x->f.force[1][0] + x->f.torque[0][2])

/* The cost of the generic dispatch over the typed call, measured in pairs:
 * ROUNDS times, a block of the typed calls and a block of mbc_object_forces
 * on the same state back to back; the median difference per call is the
 * overhead (the machine's load drifts slowly, so it cancels in a pair). */
static void dispatch_overhead(sphere_fixture *x)
{
    const char *name = "ContactSphereSphere forces: dispatch overhead, mbc_object_forces - typed";
    if (!selected(name))
        return;
    enum { ROUNDS = 41, BLOCK = 20000 };
    double diff[ROUNDS], typed[ROUNDS], generic[ROUNDS];
    for (int k = 0; k < ROUNDS; k++) {
        const size_t reps = fixed_reps ? fixed_reps : BLOCK;
        typed[k] = 1e9 * time_run(run_sphere_forces, x, reps, name) / (double)reps;
        generic[k] = 1e9 * time_run(run_sphere_forces_generic, x, reps, name) / (double)reps;
        diff[k] = generic[k] - typed[k];
    }
    qsort(diff, ROUNDS, sizeof diff[0], cmp_double);
    qsort(typed, ROUNDS, sizeof typed[0], cmp_double);
    qsort(generic, ROUNDS, sizeof generic[0], cmp_double);
    char per[64], vs[64];
    snprintf(per, sizeof per, "%.1f ns/pair", diff[ROUNDS / 2]);
    snprintf(vs, sizeof vs, "%s %.2fx", diff[ROUNDS / 2] <= 5.0 ? "ok  " : "MISS",
             diff[ROUNDS / 2] / 5.0);
    printf("%-68s %10.1f %8.1f  %-20s %-18s %-12s %6s\n", name, diff[ROUNDS / 2], diff[0], per,
           "<= 5 ns/pair", vs, "");
    printf("  -> median of %d pairs: typed %.1f ns, mbc_object_forces %.1f ns\n", ROUNDS,
           typed[ROUNDS / 2], generic[ROUNDS / 2]);
    fflush(stdout);
}

BENCH_HOOK_LOOP(run_sphere_pns, sphere_fixture,
                mbc_contact_sphere_sphere_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
                x->pn.data[0] + x->pn.data[1] + x->pn.error)

/* n independent pairs: random center distance in r_0 + r_1 +- 50 mm (about
 * half in contact), random rotations, velocities and angular velocities;
 * data[0] = the true gap, data[1] random in [0, 2 v_reg] (both friction
 * branches), data[2] random impact velocity. One params struct for all. */
typedef struct sphere_batch {
    const mbc_contact_sphere_sphere_params *p;
    size_t n;
    size_t in_contact;
    mbc_rigid_marker *markers; /* 2 n */
    double *data;              /* 4 n */
    mbc_state *states;         /* n */
} sphere_batch;

static void sphere_batch_setup(sphere_batch *b, const mbc_contact_sphere_sphere_params *p, size_t n)
{
    memset(b, 0, sizeof *b);
    b->p = p;
    b->n = n;
    b->markers = calloc(2 * n, sizeof *b->markers);
    b->data = calloc(4 * n, sizeof *b->data);
    b->states = calloc(n, sizeof *b->states);
    if (b->markers == NULL || b->data == NULL || b->states == NULL)
        die("out of memory for the sphere batch", NULL);
    const double rsum = p->spheresRadii[0] + p->spheresRadii[1];
    for (size_t k = 0; k < n; ++k) {
        mbc_rigid_marker *m = &b->markers[2 * k];
        double dir[3], len;
        do {
            len = 0.0;
            for (int i = 0; i < 3; ++i) {
                dir[i] = urand(-1.0, 1.0);
                len += dir[i] * dir[i];
            }
        } while (len < 1e-3 || len > 1.0);
        len = sqrt(len);
        const double dist = rsum + urand(-0.05, 0.05);
        for (int i = 0; i < 3; ++i) {
            m[0].position[i] = urand(-100.0, 100.0);
            m[1].position[i] = m[0].position[i] + dist * dir[i] / len;
            for (int j = 0; j < 2; ++j) {
                m[j].velocity[i] = urand(-1.0, 1.0);
                m[j].angular_velocity_local[i] = urand(-5.0, 5.0);
            }
        }
        rt_random_rotation(&bench_rng, m[0].rotation);
        rt_random_rotation(&bench_rng, m[1].rotation);
        double *d = &b->data[4 * k];
        d[0] = dist - rsum;
        d[1] = urand(0.0, 2.0 * p->frictionProportionalZone);
        d[2] = urand(0.0, 1.0);
        d[3] = 0.0;
        b->in_contact += d[0] <= 0.0;
        mbc_state *s = &b->states[k];
        s->marker[0] = &m[0];
        s->marker[1] = &m[1];
        s->data = d;
        s->data_start = d;
        s->data_count = 4;
    }
}

static void sphere_batch_teardown(sphere_batch *b)
{
    free(b->markers);
    free(b->data);
    free(b->states);
}

static size_t run_sphere_batch(void *ctx, size_t reps)
{
    const sphere_batch *b = ctx;
    size_t failed = 0;
    double sum = 0.0;
    mbc_forces f;
    mbc_error err;
    memset(&f, 0, sizeof f);
    for (size_t r = 0; r < reps; ++r) {
        for (size_t k = 0; k < b->n; ++k) {
            failed += mbc_contact_sphere_sphere_forces(b->p, &b->states[k], &f, &err) != MBC_OK;
            sum += f.force[1][0] + f.torque[1][1];
        }
    }
    bench_sink += sum;
    return failed;
}

/* ================= ContactConvexRoll ================= */

typedef struct roll_fixture {
    mbc_contact_convex_roll_params p;
    mbc_rigid_marker m[2];
    double data[3], new_data[3];
    mbc_state s;
    mbc_forces f;
    mbc_post_newton pn;
    mbc_error err;
} roll_fixture;

/* Barrel r(x) = 0.1 - 2 x^2 - 20 x^4 on L = 0.2 (r = 0.078 at the ends),
 * axis yawed 0.3 rad and tilted 0.15 rad out of the ground plane (interior
 * lowest point, found by Newton), pressed 1 mm into the ground, sliding
 * (|v_s| >> v_reg: Stribeck with the exponential decay). */
static void roll_setup(roll_fixture *x)
{
    memset(x, 0, sizeof *x);
    mbc_contact_convex_roll_params_init(&x->p);
    const double hull[5] = {-20.0, 0.0, -2.0, 0.0, 0.1};
    const mbc_index markers[2] = {0, 1};
    check(mbc_contact_convex_roll_set_coefficientsHull(&x->p, hull, 5, &x->err), "hull", &x->err);
    check(mbc_contact_convex_roll_set_markerNumbers(&x->p, markers, &x->err), "markers", &x->err);
    check(mbc_contact_convex_roll_set_nodeNumber(&x->p, 0, &x->err), "node", &x->err);
    x->p.rollLength = 0.2;
    x->p.contactStiffness = 1e5;
    x->p.contactDamping = 100.0;
    x->p.dynamicFriction = 0.5;
    x->p.staticFrictionOffset = 0.1;
    x->p.viscousFriction = 0.01;
    x->p.exponentialDecayStatic = 0.01;
    x->p.frictionProportionalZone = 1e-3;
    if (mbc_contact_convex_roll_validate(&x->p, &x->err, 1) != 0)
        die("convex roll parameters invalid", &x->err);
    check(mbc_contact_convex_roll_initialize(&x->p, &x->err), "convex roll initialize", &x->err);

    rt_rot_z(0.0, x->m[0].rotation);
    double Rz[9], Ry[9];
    rt_rot_z(0.3, Rz);
    rt_rot_y(0.15, Ry);
    rt_mat_mul(Rz, Ry, x->m[1].rotation);
    x->m[1].position[2] = 0.2;
    const double v1[3] = {1.0, 0.3, -0.01}, w1[3] = {0.5, 2.0, -5.0};
    memcpy(x->m[1].velocity, v1, sizeof v1);
    memcpy(x->m[1].angular_velocity_local, w1, sizeof w1);
    x->s.marker[0] = &x->m[0];
    x->s.marker[1] = &x->m[1];
    x->s.data = x->data;
    x->s.data_start = x->data;
    x->s.data_count = 3;
    x->pn.data = x->new_data;
    mbc_contact_convex_roll_initial_data(&x->p, x->data);
    check(mbc_contact_convex_roll_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
          "convex roll PostNewtonStep (setup)", &x->err);
    x->m[1].position[2] -= x->new_data[2] + 1e-3; /* 1 mm penetration */
    for (int it = 0; it < 2; ++it) {
        check(mbc_contact_convex_roll_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
              "convex roll PostNewtonStep (setup)", &x->err);
        memcpy(x->data, x->new_data, sizeof x->data);
    }
    if (!(x->data[2] < 0.0) || x->pn.warnings != 0)
        die("convex roll setup: expected contact without warnings", NULL);
    check(mbc_contact_convex_roll_forces(&x->p, &x->s, &x->f, &x->err), "convex roll forces",
          &x->err);
    if (!(x->f.force[1][2] > 0.0) || x->f.force[1][0] == 0.0)
        die("convex roll setup: expected normal and friction force", NULL);
}

BENCH_HOOK_LOOP(run_roll_forces, roll_fixture,
                mbc_contact_convex_roll_forces(&x->p, &x->s, &x->f, &x->err),
                x->f.force[1][0] + x->f.torque[1][2])

BENCH_HOOK_LOOP(run_roll_pns, roll_fixture,
                mbc_contact_convex_roll_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
                x->pn.data[0] + x->pn.data[2] + x->pn.error)

/* ================= ContactFrictionCircleCable2D ================= */

typedef struct cable_fixture {
    mbc_contact_friction_circle_cable2d_params p;
    size_t n;
    size_t in_contact;
    mbc_rigid_marker circle;
    double pts[2 * (MAX_SEGMENTS + 1)], vel[2 * (MAX_SEGMENTS + 1)];
    mbc_cable_marker cable;
    double data[3 * MAX_SEGMENTS], data_start[3 * MAX_SEGMENTS], new_data[3 * MAX_SEGMENTS];
    double F[2 * (MAX_SEGMENTS + 1)];
    mbc_state s;
    mbc_forces f;
    mbc_post_newton pn;
    mbc_error err;
    mbc_object *obj; /* same parameters, for the generic dispatch */
} cable_fixture;

/* One ANCF Cable2D element, L = 2, curved upwards (apex y = 0.2 at x = 1),
 * Cable2DShape points from the element; circle r = 0.3 pressing 20 mm into the
 * apex, rotating and drifting; k_c = 1e5, d_c = 50, mu = 0.3, mu_v = 10,
 * mu_k = 1e3. Data from three PostNewtonSteps (stick/slip states defined). */
static void cable_setup(cable_fixture *x, size_t n)
{
    memset(x, 0, sizeof *x);
    x->n = n;
    mbc_contact_friction_circle_cable2d_params_init(&x->p);
    x->p.markerNumbers[0] = 0;
    x->p.markerNumbers[1] = 1;
    x->p.nodeNumber = 0;
    x->p.numberOfContactSegments = (int)n;
    x->p.contactStiffness = 1e5;
    x->p.contactDamping = 50.0;
    x->p.frictionVelocityPenalty = 10.0;
    x->p.frictionStiffness = 1e3;
    x->p.frictionCoefficient = 0.3;
    x->p.circleRadius = 0.3;
    if (mbc_contact_friction_circle_cable2d_validate(&x->p, &x->err, 1) != 0)
        die("cable parameters invalid", &x->err);
    const double L = 2.0;
    const double q[8] = {0.0, 0.0, 1.0, 0.4, 2.0, 0.0, 1.0, -0.4};
    const double q_t[8] = {0.0, 0.0, 0.0, 0.01, 0.0, 0.0, 0.0, -0.01};
    if (mbc_ancf_cable2d_shape_points(q, L, 0.0, (int)n, x->pts, NULL) != MBC_OK ||
        mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.0, 0.0, (int)n, x->vel, NULL) !=
            MBC_OK)
        die("cable points", NULL);
    x->cable.segment_count = n;
    x->cable.points = x->pts;
    x->cable.point_velocities = x->vel;
    x->cable.length = L;
    rt_rot_z(0.2, x->circle.rotation);
    x->circle.position[0] = 1.03;
    x->circle.position[1] = 0.2 + 0.3 - 0.02;
    x->circle.velocity[0] = 0.001;
    x->circle.velocity[1] = -0.002;
    x->circle.angular_velocity_local[2] = 0.01;
    x->s.marker[0] = &x->circle;
    x->s.cable = &x->cable;
    x->s.data = x->data;
    x->s.data_start = x->data_start;
    x->s.data_count = 3 * n;
    x->f.cable_point_forces = x->F;
    x->f.cable_point_count = n + 1;
    x->pn.data = x->new_data;
    mbc_contact_friction_circle_cable2d_initial_data(&x->p, x->data);
    memcpy(x->data_start, x->data, 3 * n * sizeof x->data[0]);
    for (int it = 0; it < 3; ++it) {
        check(mbc_contact_friction_circle_cable2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
              "cable PostNewtonStep (setup)", &x->err);
        memcpy(x->data, x->new_data, 3 * n * sizeof x->data[0]);
        memcpy(x->data_start, x->new_data, 3 * n * sizeof x->data[0]);
    }
    for (size_t i = 0; i < n; ++i)
        x->in_contact += x->data[i] <= 0.0;
    if (x->in_contact == 0 || x->in_contact == n)
        die("cable setup: expected a few segments in contact", NULL);
    check(mbc_contact_friction_circle_cable2d_forces(&x->p, &x->s, &x->f, &x->err), "cable forces",
          &x->err);
    if (x->f.force[0][1] == 0.0)
        die("cable setup: expected a contact force", NULL);
    mbc_error e = {0};
    x->obj = mbc_object_create("ContactFrictionCircleCable2D", &e);
    if (x->obj == NULL)
        die("mbc_object_create(ContactFrictionCircleCable2D)", &e);
    const double markers[2] = {0, 1}, node = 0, count = (double)n;
    object_set(x->obj, "markerNumbers", markers, 2);
    object_set(x->obj, "nodeNumber", &node, 1);
    object_set(x->obj, "numberOfContactSegments", &count, 1);
    object_set(x->obj, "contactStiffness", &x->p.contactStiffness, 1);
    object_set(x->obj, "contactDamping", &x->p.contactDamping, 1);
    object_set(x->obj, "frictionVelocityPenalty", &x->p.frictionVelocityPenalty, 1);
    object_set(x->obj, "frictionStiffness", &x->p.frictionStiffness, 1);
    object_set(x->obj, "frictionCoefficient", &x->p.frictionCoefficient, 1);
    object_set(x->obj, "circleRadius", &x->p.circleRadius, 1);
    check(mbc_object_initialize(x->obj, &e, 1, NULL), "cable object initialize", &e);
    check(mbc_object_forces(x->obj, &x->s, &x->f, &e), "cable mbc_object_forces", &e);
}

BENCH_HOOK_LOOP(run_cable_forces, cable_fixture,
                mbc_contact_friction_circle_cable2d_forces(&x->p, &x->s, &x->f, &x->err),
                x->f.force[0][1] + x->f.torque[0][2])

BENCH_HOOK_LOOP(run_cable_forces_generic, cable_fixture,
                mbc_object_forces(x->obj, &x->s, &x->f, &x->err),
                x->f.force[0][1] + x->f.torque[0][2])

BENCH_HOOK_LOOP(run_cable_pns, cable_fixture,
                mbc_contact_friction_circle_cable2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
                x->pn.data[0] + x->pn.error)

/* ================= JointALEMoving2D ================= */

#define ALE_ELEMENTS 4

typedef struct ale_fixture {
    mbc_joint_ale_moving2d_params p;
    mbc_rigid_marker m0;
    mbc_cable_element el[ALE_ELEMENTS];
    double lagrange[2];
    double data[1], new_data[1];
    mbc_state s;
    mbc_algebraic a;
    mbc_post_newton pn;
    mbc_error err;
    mbc_object *obj; /* same parameters, for the generic dispatch */
} ale_fixture;

/* Four curved elements of length 0.5 (offsets 0, 0.5, 1, 1.5), sliding index
 * 1, q_ALE = 0.7 and s_off = 0.05 (s_el = 0.25, mid-element: no index
 * change), q_ALE_t = 0.3; index-3 formulation (no penalty). */
static void ale_setup(ale_fixture *x)
{
    memset(x, 0, sizeof *x);
    mbc_joint_ale_moving2d_params_init(&x->p);
    const mbc_index sliding[ALE_ELEMENTS] = {10, 11, 12, 13};
    const double offsets[ALE_ELEMENTS] = {0.0, 0.5, 1.0, 1.5};
    const mbc_index markers[2] = {0, 1}, nodes[2] = {0, 1};
    check(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&x->p, sliding, ALE_ELEMENTS, &x->err),
          "sliding markers", &x->err);
    check(mbc_joint_ale_moving2d_set_slidingMarkerOffsets(&x->p, offsets, ALE_ELEMENTS, &x->err),
          "sliding offsets", &x->err);
    check(mbc_joint_ale_moving2d_set_markerNumbers(&x->p, markers, &x->err), "markers", &x->err);
    check(mbc_joint_ale_moving2d_set_nodeNumbers(&x->p, nodes, &x->err), "nodes", &x->err);
    check(mbc_joint_ale_moving2d_set_slidingOffset(&x->p, 0.05, &x->err), "offset", &x->err);
    if (mbc_joint_ale_moving2d_validate(&x->p, &x->err, 1) != 0)
        die("ALE parameters invalid", &x->err);
    for (int k = 0; k < ALE_ELEMENTS; ++k) {
        const double x0 = 0.5 * k, x1 = 0.5 * (k + 1);
        const double q[8] = {x0, 0.01 * k, 1.0, 0.02, x1, 0.01 * (k + 1), 1.0, -0.02};
        const double q_t[8] = {0.1, 0.0, 0.0, 0.01, 0.1, 0.0, 0.0, -0.01};
        memcpy(x->el[k].q, q, sizeof q);
        memcpy(x->el[k].q_t, q_t, sizeof q_t);
        x->el[k].length = 0.5;
    }
    x->m0.position[0] = 0.75;
    x->m0.position[1] = 0.016;
    x->m0.velocity[0] = 0.35;
    rt_rot_z(0.0, x->m0.rotation);
    x->lagrange[0] = 1.5;
    x->lagrange[1] = -20.0;
    x->data[0] = 1.0;
    x->s.marker[0] = &x->m0;
    x->s.cables = x->el;
    x->s.cable_count = ALE_ELEMENTS;
    x->s.ale_q = 0.7;
    x->s.ale_q_t = 0.3;
    x->s.lagrange = x->lagrange;
    x->s.data = x->data;
    x->s.data_start = x->data;
    x->s.data_count = 1;
    x->pn.data = x->new_data;
    check(mbc_joint_ale_moving2d_algebraic_equations(&x->p, &x->s, &x->a, &x->err),
          "ALE algebraic equations", &x->err);
    check(mbc_joint_ale_moving2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
          "ALE PostNewtonStep", &x->err);
    if (x->new_data[0] != 1.0 || x->pn.warnings != 0)
        die("ALE setup: expected no index change", NULL);
    mbc_error e = {0};
    x->obj = mbc_object_create("JointALEMoving2D", &e);
    if (x->obj == NULL)
        die("mbc_object_create(JointALEMoving2D)", &e);
    const double sliding_d[ALE_ELEMENTS] = {10, 11, 12, 13}, pair[2] = {0, 1}, s_off = 0.05;
    object_set(x->obj, "slidingMarkerNumbers", sliding_d, ALE_ELEMENTS);
    object_set(x->obj, "slidingMarkerOffsets", offsets, ALE_ELEMENTS);
    object_set(x->obj, "markerNumbers", pair, 2);
    object_set(x->obj, "nodeNumbers", pair, 2);
    object_set(x->obj, "slidingOffset", &s_off, 1);
    check(mbc_object_initialize(x->obj, &e, 1, NULL), "ALE object initialize", &e);
    check(mbc_object_algebraic_equations(x->obj, &x->s, &x->a, &e), "ALE generic", &e);
}

BENCH_HOOK_LOOP(run_ale_algebraic, ale_fixture,
                mbc_joint_ale_moving2d_algebraic_equations(&x->p, &x->s, &x->a, &x->err),
                x->a.position[0] + x->a.velocity[1] + x->a.d_ale[0] + x->a.dv_ale[1])

BENCH_HOOK_LOOP(run_ale_algebraic_generic, ale_fixture,
                mbc_object_algebraic_equations(x->obj, &x->s, &x->a, &x->err),
                x->a.position[0] + x->a.velocity[1] + x->a.d_ale[0] + x->a.dv_ale[1])

BENCH_HOOK_LOOP(run_ale_pns, ale_fixture,
                mbc_joint_ale_moving2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
                x->pn.data[0] + x->pn.error + (double)x->pn.marker_number1)

static void row(const char *name, bench_fn fn, void *ctx, double calls_per_rep, double units,
                const char *unit, double goal_ns);

/* ---- the batch API (mbconnect/sphere_batch.h): the same pairs as arrays ---- */

/* Doubles moved per pair by mbc_sphere_batch_forces_eval with shared radii:
 * read 18 (positions, velocities, angular velocities of both markers) + 4
 * (data), write 9 (force on m1, torques on m0 and m1). */
#define SOA_READ_DOUBLES  22
#define SOA_WRITE_DOUBLES 9

typedef struct soa_batch {
    const mbc_contact_sphere_sphere_params *p;
    size_t n;
    double *mem;
    mbc_sphere_batch in;
    mbc_sphere_batch_forces out;
    mbc_sphere_batch_post_newton pns;
    int threads;
    mbc_object *obj; /* for mbc_object_forces_many */
    mbc_error err;
    const mbc_state *states;
    mbc_forces *forces;
} soa_batch;

static void soa_setup(soa_batch *a, const sphere_batch *b)
{
    memset(a, 0, sizeof *a);
    a->p = b->p;
    a->n = b->n;
    const size_t arrays = 18 + 4 + 4 + 9 + 4 + 2;
    a->mem = malloc(arrays * b->n * sizeof *a->mem);
    if (a->mem == NULL)
        die("out of memory for the SoA batch", NULL);
    double *next = a->mem;
#define SOA_TAKE() (next += b->n, next - b->n)
    double *pos[2][3], *vel[2][3], *om[2][3], *x[4];
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            a->in.position[j][i] = pos[j][i] = SOA_TAKE();
            a->in.velocity[j][i] = vel[j][i] = SOA_TAKE();
            a->in.angular_velocity[j][i] = om[j][i] = SOA_TAKE();
        }
    }
    for (int i = 0; i < 4; ++i) {
        a->in.data[i] = x[i] = SOA_TAKE();
        a->in.data_start[i] = x[i];
    }
    for (int i = 0; i < 3; ++i) {
        a->out.force[i] = SOA_TAKE();
        a->out.torque[0][i] = SOA_TAKE();
        a->out.torque[1][i] = SOA_TAKE();
    }
    for (int i = 0; i < 4; ++i)
        a->pns.data[i] = SOA_TAKE();
    a->pns.error = SOA_TAKE();
    a->pns.recommended_step = SOA_TAKE();
#undef SOA_TAKE
    a->in.count = b->n;
    for (size_t k = 0; k < b->n; ++k) {
        for (int j = 0; j < 2; ++j) {
            const mbc_rigid_marker *m = &b->markers[2 * k + j];
            const double *R = m->rotation, *w = m->angular_velocity_local;
            for (int i = 0; i < 3; ++i) {
                pos[j][i][k] = m->position[i];
                vel[j][i][k] = m->velocity[i];
                om[j][i][k] = R[3 * i] * w[0] + R[3 * i + 1] * w[1] + R[3 * i + 2] * w[2];
            }
        }
        for (int i = 0; i < 4; ++i)
            x[i][k] = b->data[4 * k + i];
    }
    a->states = b->states;
    a->obj = sphere_object(b->p);
    a->forces = calloc(b->n, sizeof *a->forces);
    if (a->forces == NULL)
        die("out of memory for the forces", NULL);
}

static void soa_teardown(soa_batch *a)
{
    mbc_object_destroy(a->obj);
    free(a->forces);
    free(a->mem);
}

BENCH_HOOK_LOOP(run_soa_forces, soa_batch,
                mbc_sphere_batch_forces_eval(x->p, &x->in, &x->out, x->threads, &x->err),
                x->out.force[0][r % x->n])

BENCH_HOOK_LOOP(run_soa_pns, soa_batch,
                mbc_sphere_batch_post_newton_step(x->p, &x->in, &x->pns, x->threads, &x->err),
                x->pns.data[0][r % x->n])

BENCH_HOOK_LOOP(run_forces_many, soa_batch,
                mbc_object_forces_many(x->obj, x->states, x->forces, x->n, x->threads, &x->err),
                x->forces[r % x->n].force[1][0])

/* ---- STREAM-like triad a = b + s c: the machine's streaming bandwidth ---- */

#define TRIAD_N (1u << 23) /* 3 x 64 MiB, far beyond the caches */

typedef struct triad {
    double *a, *b, *c;
    int threads;
} triad;

static size_t run_triad(void *ctx, size_t reps)
{
    triad *t = ctx;
    double *restrict a = t->a;
    const double *restrict b = t->b, *restrict c = t->c;
    for (size_t r = 0; r < reps; ++r) {
        const double s = 3.0 + (double)(r & 1u);
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) num_threads(t->threads)
#endif
        for (size_t i = 0; i < TRIAD_N; ++i)
            a[i] = b[i] + s * c[i];
    }
    bench_sink += a[reps % TRIAD_N];
    return 0;
}

/* GB/s of the triad (STREAM counts 24 bytes per element: 2 reads, 1 write). */
static double triad_bandwidth(int threads)
{
    triad t = {malloc(TRIAD_N * sizeof(double)), malloc(TRIAD_N * sizeof(double)),
               malloc(TRIAD_N * sizeof(double)), threads};
    if (!t.a || !t.b || !t.c)
        die("out of memory for the triad", NULL);
    for (size_t i = 0; i < TRIAD_N; ++i) {
        t.a[i] = 0.0;
        t.b[i] = 1.0 + (double)(i & 7u);
        t.c[i] = 0.5;
    }
    char name[96];
    snprintf(name, sizeof name, "STREAM-like triad a = b + s c, %u doubles, %d thread%s", TRIAD_N,
             threads, threads > 1 ? "s" : "");
    const bench_result r = measure(name, run_triad, &t, (double)TRIAD_N);
    const double gbs = 24.0 / r.ns; /* bytes per element / ns per element */
    printf("%-68s %10.2f %8.2f  %-20s %-18s %-12s %5.1f%%\n", name, r.ns, r.min_ns, "ns/element",
           "-", "-", 100.0 * r.spread);
    printf("%-68s %19s  %.1f GB/s (median; best run %.1f GB/s)\n", "  -> bandwidth", "", gbs,
           24.0 / r.min_ns);
    free(t.a);
    free(t.b);
    free(t.c);
    return gbs;
}

/* The batch API rows: 10^3 and 10^6 pairs, 1 and 2 threads, forces and
 * PostNewtonStep, plus mbc_object_forces_many; for 10^6 pairs the bytes per
 * pair and the achieved vs the bandwidth-limited throughput. */
static void batch_api_rows(const mbc_contact_sphere_sphere_params *p)
{
    /* any row of this group selected? (names as printed below) */
    const char *group[] = {"ContactSphereSphere batch API forces, 1000000 pairs, 1 thread",
                           "ContactSphereSphere batch API forces, 1000000 pairs, 2 threads",
                           "ContactSphereSphere batch API forces, 1000 pairs, 1 thread",
                           "ContactSphereSphere batch API forces, 1000 pairs, 2 threads",
                           "ContactSphereSphere batch API PostNewtonStep, 1000000 pairs, 1 thread",
                           "ContactSphereSphere batch API PostNewtonStep, 1000000 pairs, 2 threads",
                           "ContactSphereSphere batch API PostNewtonStep, 1000 pairs, 1 thread",
                           "ContactSphereSphere batch API PostNewtonStep, 1000 pairs, 2 threads",
                           "ContactSphereSphere mbc_object_forces_many, 1000000 states, 1 thread",
                           "ContactSphereSphere mbc_object_forces_many, 1000000 states, 2 threads",
                           "ContactSphereSphere mbc_object_forces_many, 1000 states, 1 thread",
                           "ContactSphereSphere mbc_object_forces_many, 1000 states, 2 threads",
                           "STREAM-like triad"};
    int want = 0;
    for (size_t i = 0; i < sizeof group / sizeof group[0]; ++i)
        want |= selected(group[i]);
    if (!want)
        return;
    double gbs[3] = {0.0, 0.0, 0.0};
    if (selected(group[0]) || selected(group[12]))
        gbs[1] = triad_bandwidth(1);
    if (mbc_threads_available() && (selected(group[1]) || selected(group[12])))
        gbs[2] = triad_bandwidth(2);
    const size_t sizes[2] = {BATCH_SMALL, BATCH_LARGE};
    for (int b = 0; b < 2; ++b) {
        sphere_batch aos;
        sphere_batch_setup(&aos, p, sizes[b]);
        soa_batch a;
        soa_setup(&a, &aos);
        double ns1 = 0.0;
        for (int t = 1; t <= 2; ++t) {
            if (t > 1 && !mbc_threads_available())
                break;
            a.threads = t;
            char name[128];
            snprintf(name, sizeof name,
                     "ContactSphereSphere batch API forces, %zu pairs, %d thread%s", a.n, t,
                     t > 1 ? "s" : "");
            if (selected(name)) {
                const bench_result r = measure(name, run_soa_forces, &a, (double)a.n);
                print_row(name, r, 1, "pair", 10);
                if (t == 1) {
                    ns1 = r.ns;
                } else if (ns1 > 0.0) {
                    printf("%-68s %19s  %.2fx over 1 thread (goal >= 1.8x)\n", "  -> speed-up", "",
                           ns1 / r.ns);
                }
                if (a.n == BATCH_LARGE && gbs[t] > 0.0) {
                    const double bytes = 8.0 * (SOA_READ_DOUBLES + SOA_WRITE_DOUBLES);
                    const double limit_ns = bytes / gbs[t];
                    printf("%-68s %19s  %.0f B/pair moved; bandwidth limit %.2f ns/pair at %.1f "
                           "GB/s; achieved/possible = %.2f (%.2fx the limit)\n",
                           "  -> memory", "", bytes, limit_ns, gbs[t], limit_ns / r.ns,
                           r.ns / limit_ns);
                }
            }
            snprintf(name, sizeof name,
                     "ContactSphereSphere batch API PostNewtonStep, %zu pairs, %d thread%s", a.n, t,
                     t > 1 ? "s" : "");
            row(name, run_soa_pns, &a, (double)a.n, 1, "pair", 0);
            snprintf(name, sizeof name,
                     "ContactSphereSphere mbc_object_forces_many, %zu states, %d thread%s", a.n, t,
                     t > 1 ? "s" : "");
            row(name, run_forces_many, &a, (double)a.n, 1, "pair", 0);
        }
        soa_teardown(&a);
        sphere_batch_teardown(&aos);
    }
}

/* ================= main ================= */

static void row(const char *name, bench_fn fn, void *ctx, double calls_per_rep, double units,
                const char *unit, double goal_ns)
{
    if (!selected(name))
        return;
    print_row(name, measure(name, fn, ctx, calls_per_rep), units, unit, goal_ns);
}

static void usage(void)
{
    fprintf(stderr, "usage: mbc-bench [--min-time=SECONDS] [--only=SUBSTRING] [--reps=N]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (strncmp(argv[i], "--min-time=", 11) == 0) {
            min_time_s = atof(argv[i] + 11);
            if (!(min_time_s > 0.0))
                usage();
        } else if (strncmp(argv[i], "--only=", 7) == 0) {
            only_filter = argv[i] + 7;
        } else if (strncmp(argv[i], "--reps=", 7) == 0) {
            const long v = atol(argv[i] + 7);
            if (v < 1)
                usage();
            fixed_reps = (size_t)v;
        } else {
            usage();
        }
    }
    printf("mbc-bench: median of %d runs, each >= %.3g s after warm-up; CLOCK_MONOTONIC; "
           "one thread unless a row says otherwise\n",
           RUNS, min_time_s);
#if defined(__VERSION__)
    printf("compiler: %s\n", __VERSION__);
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_ADDRESS__) &&                  \
    !defined(__SANITIZE_THREAD__)
    /* the clone of the sphere batch loops the loader picks (runtime/eval/sphere_batch.c) */
    printf("sphere batch loops: %s\n",
           __builtin_cpu_supports("avx512f") ? "AVX-512F (8 doubles per vector)"
           : __builtin_cpu_supports("avx2")  ? "AVX2 (4 doubles per vector)"
                                             : "baseline (scalar)");
#endif
    printf("\n");
    print_header();

    static sphere_fixture sphere0, sphere2;
    sphere_setup(&sphere0, 0);
    sphere_setup(&sphere2, 2);
    row("ContactSphereSphere forces, model 0 EAPM, friction", run_sphere_forces, &sphere0, 1, 1,
        "pair", 50);
    row("ContactSphereSphere forces, model 2, friction", run_sphere_forces, &sphere2, 1, 1, "pair",
        50);
    row("ContactSphereSphere forces, model 2, mbc_object_forces", run_sphere_forces_generic,
        &sphere2, 1, 1, "pair", 50);
    dispatch_overhead(&sphere2);
    row("ContactSphereSphere PostNewtonStep, model 0", run_sphere_pns, &sphere0, 1, 1, "pair", 0);
    row("ContactSphereSphere PostNewtonStep, model 2", run_sphere_pns, &sphere2, 1, 1, "pair", 0);

    const size_t batch_sizes[2] = {BATCH_SMALL, BATCH_LARGE};
    for (int b = 0; b < 2; ++b) {
        char name[128];
        snprintf(name, sizeof name, "ContactSphereSphere forces, batch of %zu pairs",
                 batch_sizes[b]);
        if (!selected(name))
            continue;
        sphere_batch batch;
        sphere_batch_setup(&batch, &sphere2.p, batch_sizes[b]);
        const bench_result r = measure(name, run_sphere_batch, &batch, (double)batch.n);
        char label[160];
        snprintf(label, sizeof label, "%s (%.0f%% in contact)", name,
                 100.0 * (double)batch.in_contact / (double)batch.n);
        print_row(label, r, 1, "pair", 50);
        printf("%-68s %19s  %.1f M pairs/s (%.3g evaluations/s)\n", "  -> throughput", "",
               1e3 / r.ns, 1e9 / r.ns);
        sphere_batch_teardown(&batch);
    }
    batch_api_rows(&sphere2.p);
    sphere_teardown(&sphere0);
    sphere_teardown(&sphere2);

    static roll_fixture roll;
    roll_setup(&roll);
    row("ContactConvexRoll forces, barrel, tilted, sliding", run_roll_forces, &roll, 1, 1, "eval",
        200);
    row("ContactConvexRoll PostNewtonStep", run_roll_pns, &roll, 1, 1, "eval", 200);
    mbc_contact_convex_roll_params_free(&roll.p);

    static cable_fixture cable;
    const size_t segments[2] = {8, 64};
    for (int k = 0; k < 2; ++k) {
        cable_setup(&cable, segments[k]);
        char name[128];
        snprintf(name, sizeof name, "ContactFrictionCircleCable2D n=%zu forces (%zu in contact)",
                 cable.n, cable.in_contact);
        row(name, run_cable_forces, &cable, 1, (double)cable.n, "segment", 20);
        snprintf(name, sizeof name, "ContactFrictionCircleCable2D n=%zu forces, mbc_object_forces",
                 cable.n);
        row(name, run_cable_forces_generic, &cable, 1, (double)cable.n, "segment", 0);
        snprintf(name, sizeof name,
                 "ContactFrictionCircleCable2D n=%zu PostNewtonStep (%zu in contact)", cable.n,
                 cable.in_contact);
        row(name, run_cable_pns, &cable, 1, (double)cable.n, "segment", 20);
        mbc_contact_friction_circle_cable2d_params_free(&cable.p);
        mbc_object_destroy(cable.obj);
    }

    static ale_fixture ale;
    ale_setup(&ale);
    row("JointALEMoving2D algebraic equations (residual + Jacobian)", run_ale_algebraic, &ale, 1, 1,
        "eval", 60);
    row("JointALEMoving2D algebraic equations, mbc_object_algebraic_equations",
        run_ale_algebraic_generic, &ale, 1, 1, "eval", 0);
    row("JointALEMoving2D PostNewtonStep", run_ale_pns, &ale, 1, 1, "eval", 0);
    mbc_joint_ale_moving2d_params_free(&ale.p);
    mbc_object_destroy(ale.obj);

    printf("\n(sink %g)\n", (double)bench_sink);
    return 0;
}
