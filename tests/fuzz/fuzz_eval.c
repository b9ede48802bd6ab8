/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz target: every connector type evaluated through the registry and the
 * generic dispatch (include/mbconnect/evaluate.h) with parameter values the
 * setters accept and arbitrary finite marker states: forces,
 * PostNewtonStep, every output variable, algebraic equations (Jacobians).
 *
 * Input bytes (missing bytes read as 0):
 *   [0]  type: registry entry (byte % count)
 *   [1]  mode: bit 0 "wild" (reals are any finite double, see below);
 *        bit 1 keep the object's initial data instead of fuzzed data;
 *        bit 2 cable marker segment count fuzzed (else the type's)
 *   then per input parameter (declaration order), then per visualization
 *   parameter: one flag byte (bit 0: set it), an element count for
 *   variable-size parameters, and the elements; then the marker state.
 *
 * Reals come in two regimes. "Physical" (default): 0 or +-m * 10^e with
 * m in [1, 10) and e in [-6, 3], plus a few exact values; rotations are
 * proper rotation matrices (from a quaternion), and parameters named
 * "...Exponent" (contact-law exponents) lie in [1, 3]. Here the oracle holds:
 * an evaluation that returns MBC_OK writes only finite numbers; a NaN or
 * Inf aborts. "Wild": reals are any finite double (1e300 and all), rotation
 * matrices any 9 finite numbers; products of such numbers overflow
 * legitimately, so only ASan/UBSan and the status contract are checked
 * (no crash, no undefined behavior, a message on every failure). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"

#ifndef FUZZ_EVAL_ENTRY
#define FUZZ_EVAL_ENTRY LLVMFuzzerTestOneInput
#endif

#define MAX_VECTOR   8  /* elements of a variable-size parameter */
#define MAX_SEGMENTS 64 /* cable marker segments */
#define MAX_CABLES   8  /* ALE cable elements */

typedef struct reader {
    const uint8_t *p;
    size_t n;
    int wild;
} reader;

static unsigned byte(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static uint64_t u64(reader *r)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x = x << 8 | byte(r);
    return x;
}

static double real(reader *r)
{
    unsigned sel = byte(r);
    if (r->wild && (sel & 3) == 3) {
        uint64_t bits = u64(r);
        double x;
        memcpy(&x, &bits, sizeof x);
        return isfinite(x) ? x : 0.0;
    }
    static const double exact[] = {0.0,  1.0, -1.0, 0.5,  -0.5, 2.0,  0.1,  -0.1,
                                   1e-3, 1e3, -2.0, 0.25, 3.0,  1e-6, 10.0, -10.0};
    if ((sel & 1) == 0)
        return exact[(sel >> 1) & 15];
    unsigned m = byte(r) << 8;
    m |= byte(r);
    int e = (int)(sel >> 2 & 15) % 10 - 6; /* [-6, 3] */
    double x = (1.0 + 9.0 * (double)m / 65536.0) * pow(10.0, e);
    return (sel & 2) ? -x : x;
}

static void reals(reader *r, double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = real(r);
}

/* A rotation matrix (row-major) from a fuzzed quaternion; wild: any numbers. */
static void rotation(reader *r, double *a)
{
    if (r->wild) {
        reals(r, a, 9);
        return;
    }
    double q[4];
    for (int i = 0; i < 4; i++)
        q[i] = (double)((int)byte(r) - 128);
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (n == 0.0) {
        q[0] = 1.0;
        n = 1.0;
    }
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    const double m[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                         2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                         2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    memcpy(a, m, sizeof m);
}

static int is_exponent(const char *name)
{
    size_t n = strlen(name), k = strlen("Exponent");
    return n >= k && strcmp(name + n - k, "Exponent") == 0;
}

static void set_param(reader *r, mbc_object *o, const mbc_param_info *p, const char *name)
{
    if (p->role != MBC_ROLE_INPUT || !(byte(r) & 1))
        return;
    mbc_error err;
    if (p->kind == MBC_VALUE_STRING) {
        char s[9];
        size_t n = byte(r) % sizeof s;
        for (size_t i = 0; i < n; i++)
            s[i] = (char)(byte(r) % 95 + 32);
        s[n] = '\0';
        (void)mbc_object_set_string(o, name, s, &err);
        return;
    }
    size_t n = p->shape == MBC_VECTOR ? byte(r) % (MAX_VECTOR + 1) : p->size;
    if (n > 64)
        return;
    double v[64] = {0};
    for (size_t i = 0; i < n; i++) {
        switch (p->kind) {
        case MBC_VALUE_BOOL:
            v[i] = byte(r) & 1;
            break;
        case MBC_VALUE_INT:
        case MBC_VALUE_INDEX:
            v[i] = (double)((int)(byte(r) % 20) - 2);
            break;
        default:
            /* physical regime: exponents of contact laws in [1, 3] (k delta^1000
             * overflows legitimately for delta > 2) */
            v[i] = !r->wild && is_exponent(name) ? 1.0 + 2.0 * byte(r) / 255.0 : real(r);
        }
    }
    mbc_status st = mbc_object_set_array(o, name, v, n, &err);
    if (getenv("MBC_FUZZ_VERBOSE")) {
        fprintf(stderr, "set %s =", name);
        for (size_t i = 0; i < n; i++)
            fprintf(stderr, " %.17g", v[i]);
        fprintf(stderr, ": %s\n", st == MBC_OK ? "ok" : err.message);
    }
}

static void check(const reader *r, const mbc_object *o, const char *what, const double *v, size_t n)
{
    if (r->wild)
        return;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            FUZZ_FAIL("%s: %s[%zu] = %g for finite inputs", o->type->type_name, what, i, v[i]);
}

static void check_status(const mbc_object *o, const char *what, mbc_status st, const mbc_error *err)
{
    if (getenv("MBC_FUZZ_VERBOSE"))
        fprintf(stderr, "%s %s: status %d %s\n", o->type->type_name, what, (int)st,
                st == MBC_OK ? "" : err->message);
    if (st != MBC_OK && err->message[0] == '\0')
        FUZZ_FAIL("%s: %s failed (status %d) without a message", o->type->type_name, what, (int)st);
}

int FUZZ_EVAL_ENTRY(const uint8_t *data, size_t size);

int FUZZ_EVAL_ENTRY(const uint8_t *data, size_t size)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    reader r = {data, size, 0};
    size_t count = mbc_registry_size(&builtin_types);
    if (count == 0)
        FUZZ_FAIL("empty registry");
    const mbc_type_info *t = mbc_registry_entry(&builtin_types, byte(&r) % count);
    unsigned mode = byte(&r);
    r.wild = mode & 1;
    mbc_error err;
    mbc_object *o = mbc_object_create(t->type_name, &err);
    if (!o)
        FUZZ_FAIL("cannot create %s: %s", t->type_name, err.message);
    for (size_t i = 0; i < t->param_count; i++)
        set_param(&r, o, &t->params[i], t->params[i].name);
    for (size_t i = 0; i < t->vparam_count; i++) {
        char name[96];
        snprintf(name, sizeof name, "visualization.%s", t->vparams[i].name);
        set_param(&r, o, &t->vparams[i], name);
    }
    mbc_error errors[4];
    size_t violations = 0;
    if (mbc_object_initialize(o, errors, 4, &violations) != MBC_OK) {
        if (getenv("MBC_FUZZ_VERBOSE"))
            fprintf(stderr, "%s: not initialized: %s\n", t->type_name,
                    violations ? errors[0].message : "initialize hook failed");
        mbc_object_destroy(o);
        return 0;
    }

    /* the state */
    mbc_rigid_marker rigid[2];
    for (int m = 0; m < 2; m++) {
        reals(&r, rigid[m].position, 3);
        reals(&r, rigid[m].velocity, 3);
        rotation(&r, rigid[m].rotation);
        reals(&r, rigid[m].angular_velocity_local, 3);
    }
    size_t segments = 0;
    const mbc_param_info *ncs = mbc_type_find_param(t, "numberOfContactSegments");
    double v = 0;
    size_t got = 0;
    if (ncs && mbc_param_get_values(t, ncs, o->params, &v, 1, &got, &err) == MBC_OK && got == 1)
        segments = (size_t)v;
    if ((mode & 4) || segments == 0 || segments > MAX_SEGMENTS)
        segments = byte(&r) % MAX_SEGMENTS + 1;
    double points[2 * (MAX_SEGMENTS + 1)], point_velocities[2 * (MAX_SEGMENTS + 1)];
    reals(&r, points, 2 * (segments + 1));
    reals(&r, point_velocities, 2 * (segments + 1));
    double cable_length = real(&r);
    double cable_ale = real(&r);
    mbc_cable_marker cable = {segments, points, point_velocities, cable_length, cable_ale};

    size_t cable_count = 0;
    const mbc_param_info *smn = mbc_type_find_param(t, "slidingMarkerNumbers");
    if (smn)
        cable_count = mbc_param_count(smn, o->params);
    if (cable_count == 0 || cable_count > MAX_CABLES)
        cable_count = byte(&r) % MAX_CABLES + 1;
    mbc_cable_element cables[MAX_CABLES];
    for (size_t k = 0; k < cable_count; k++) {
        reals(&r, cables[k].q, 8);
        reals(&r, cables[k].q_t, 8);
        cables[k].length = real(&r);
    }
    double lagrange[2];
    double ale_q = real(&r);
    double ale_q_t = real(&r);
    reals(&r, lagrange, 2);

    size_t data_count = mbc_data_count(t, o->params);
    double *state_data = calloc(data_count ? 3 * data_count : 1, sizeof(double));
    if (!state_data)
        FUZZ_FAIL("out of memory");
    double *data_now = state_data, *data_start = state_data + data_count,
           *data_new = state_data + 2 * data_count;
    if (mode & 2) {
        mbc_initial_data(t, o->params, data_now);
        memcpy(data_start, data_now, data_count * sizeof(double));
    } else {
        for (size_t i = 0; i < data_count; i++) {
            /* data often holds small whole numbers (indices, stick/slip states) */
            unsigned sel = byte(&r);
            data_now[i] = sel & 1 ? (double)((int)(sel >> 1) % 8 - 3) : real(&r);
            data_start[i] = byte(&r) & 1 ? data_now[i] : real(&r);
        }
    }

    mbc_state s = {{&rigid[0], &rigid[1]},
                   &cable,
                   cables,
                   cable_count,
                   ale_q,
                   ale_q_t,
                   lagrange,
                   data_now,
                   data_start,
                   data_count,
                   0.0, /* no step: mbc eval's fuzzed states stand alone */
                   MBC_PHASE_NONE};

    if (t->forces) {
        double cable_forces[2 * (MAX_SEGMENTS + 1)];
        mbc_forces f;
        memset(&f, 0, sizeof f);
        f.cable_point_forces = cable_forces;
        f.cable_point_count = segments + 1;
        err.message[0] = '\0';
        mbc_status st = mbc_object_forces(o, &s, &f, &err);
        check_status(o, "forces", st, &err);
        if (st == MBC_OK) {
            check(&r, o, "forces.force", &f.force[0][0], 6);
            check(&r, o, "forces.torque", &f.torque[0][0], 6);
            if (strstr(t->marker_types[1], "Cable2DShape"))
                check(&r, o, "forces.cable_point_forces", cable_forces, 2 * (segments + 1));
        }
    }
    if (t->post_newton_step) {
        mbc_post_newton pn;
        memset(&pn, 0, sizeof pn);
        pn.data = data_new;
        err.message[0] = '\0';
        mbc_status st = mbc_object_post_newton_step(o, &s, &pn, &err);
        check_status(o, "PostNewtonStep", st, &err);
        if (st == MBC_OK) {
            check(&r, o, "postNewtonStep.data", data_new, data_count);
            check(&r, o, "postNewtonStep.error", &pn.error, 1);
            check(&r, o, "postNewtonStep.recommended_step", &pn.recommended_step, 1);
        }
    }
    if (t->output) {
        for (size_t i = 0; i < t->output_count; i++) {
            size_t n = mbc_output_size(t, o->params, i);
            double *out = calloc(n ? n : 1, sizeof *out);
            if (!out)
                FUZZ_FAIL("out of memory");
            err.message[0] = '\0';
            mbc_status st = mbc_object_output(o, &s, i, out, n, &err);
            check_status(o, t->outputs[i].name, st, &err);
            if (st == MBC_OK)
                check(&r, o, t->outputs[i].name, out, n);
            free(out);
        }
    }
    if (t->algebraic_equations) {
        mbc_algebraic a;
        memset(&a, 0, sizeof a);
        err.message[0] = '\0';
        mbc_status st = mbc_object_algebraic_equations(o, &s, &a, &err);
        check_status(o, "algebraic equations", st, &err);
        if (st == MBC_OK)
            check(&r, o, "algebraic equations and Jacobians", (const double *)&a,
                  sizeof a / sizeof(double));
    }
    free(state_data);
    mbc_object_destroy(o);
    return 0;
}
