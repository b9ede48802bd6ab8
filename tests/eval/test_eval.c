/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc eval` end to end: every example case in examples/cases/ against values
 * computed here by hand from physics-notes.md (never from the program's own
 * output), the JSON form (strict parse, 17 significant digits, keys of the
 * contract), and every error path with its exact one-line message and exit
 * status 2.
 *
 * Run from the source tree (ctest sets WORKING_DIRECTORY) with the path of
 * the mbc executable as the only argument. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "json_mini.h"
#include "mbconnect/object.h"
#include "mbconnect/plugin.h"
#include "spec_names.h"
#include "test_hermite.h"

typedef struct run_result {
    int status; /* exit status, or -1 when the program did not exit normally */
    char *out;
    char *err;
} run_result;

static char *slurp(FILE *f)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    rewind(f);
    while (buf) {
        if (n + 1 >= cap) {
            char *p = realloc(buf, cap *= 2);
            if (!p) {
                free(buf);
                return NULL;
            }
            buf = p;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    if (buf)
        buf[n] = '\0';
    return buf;
}

/* Runs mbc with up to two arguments, capturing stdout and stderr. */
static run_result run_mbc(const char *mbc, const char *a1, const char *a2)
{
    run_result r = {-1, NULL, NULL};
    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fileno(out), 1);
        dup2(fileno(err), 2);
        char *argv[4] = {(char *)mbc, (char *)a1, (char *)a2, NULL};
        execv(mbc, argv);
        _exit(127);
    }
    int st = 0;
    assert_true(waitpid(pid, &st, 0) == pid);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    fclose(out);
    fclose(err);
    assert_non_null(r.out);
    assert_non_null(r.err);
    return r;
}

static void free_result(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* Runs `mbc eval CASE`, checks success, a clean stderr, strict JSON with 17
 * significant digits everywhere (markerNumber1: an integer) and the object
 * name; returns the parsed document (caller frees). */
static jm_value *eval_ok(const char *mbc, const char *case_path, const char *object)
{
    run_result r = run_mbc(mbc, "eval", case_path);
    if (r.status != 0 || r.err[0])
        fprintf(stderr, "%s: status %d, stderr: %s\n", case_path, r.status, r.err);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    char msg[256];
    jm_value *doc = jm_parse(r.out, msg, sizeof msg);
    if (!doc)
        fprintf(stderr, "%s: invalid JSON: %s\n", case_path, msg);
    assert_non_null(doc);
    assert_int_equal(doc->type, JM_OBJECT);
    char bad[256];
    if (jm_check_digits(doc, 17, "markerNumber1", bad, sizeof bad))
        fprintf(stderr, "%s: number at %s does not have 17 significant digits\n", case_path, bad);
    assert_int_equal(jm_check_digits(doc, 17, "markerNumber1", bad, sizeof bad), 0);
    const jm_value *o = jm_member(doc, "object");
    assert_non_null(o);
    assert_int_equal(o->type, JM_STRING);
    assert_string_equal(o->text, object);
    /* the same case gives the same bytes */
    run_result again = run_mbc(mbc, "eval", case_path);
    assert_string_equal(again.out, r.out);
    free_result(&again);
    free_result(&r);
    return doc;
}

/* |actual - expected| <= tol (1 + |expected|) */
static void expect_near_at(const jm_value *doc, const char *path, double expected, double tol,
                           int line)
{
    double got = jm_number(doc, path);
    if (!(fabs(got - expected) <= tol * (1.0 + fabs(expected)))) {
        fprintf(stderr, "line %d: %s = %.17g, expected %.17g\n", line, path, got, expected);
        fail();
    }
}
#define expect_near(doc, path, expected) expect_near_at(doc, path, expected, 1e-12, __LINE__)

static void expect_vec_at(const jm_value *doc, const char *path, const double *v, size_t n,
                          int line)
{
    if (jm_count(doc, path) != n) {
        fprintf(stderr, "line %d: %s has %zu values, expected %zu\n", line, path,
                jm_count(doc, path), n);
        fail();
    }
    for (size_t i = 0; i < n; i++) {
        char p[160];
        snprintf(p, sizeof p, "%s[%zu]", path, i);
        expect_near_at(doc, p, v[i], 1e-12, line);
    }
}
#define expect_vec3(doc, path, x, y, z)                                                            \
    do {                                                                                           \
        const double v_[3] = {x, y, z};                                                            \
        expect_vec_at(doc, path, v_, 3, __LINE__);                                                 \
    } while (0)

static void expect_null(const jm_value *doc, const char *path)
{
    const jm_value *v = jm_get(doc, path);
    assert_non_null(v);
    assert_int_equal(v->type, JM_NULL);
}

static void expect_absent(const jm_value *doc, const char *path)
{
    if (jm_get(doc, path))
        fprintf(stderr, "%s should be absent\n", path);
    assert_null(jm_get(doc, path));
}

static void expect_warnings(const jm_value *doc, const char *const *names, size_t n)
{
    const jm_value *w = jm_get(doc, "postNewtonStep.warnings");
    assert_non_null(w);
    assert_int_equal(w->type, JM_ARRAY);
    assert_int_equal(w->count, n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(w->items[i]->type, JM_STRING);
        assert_string_equal(w->items[i]->text, names[i]);
    }
}

/* Newton's third law: forces sum to zero, and so do the moments about the
 * origin (torques plus p x f at each rigid marker). */
static void expect_balance(const jm_value *doc, const double p0[3], const double p1[3])
{
    const double *p[2] = {p0, p1};
    double f[3] = {0, 0, 0}, m[3] = {0, 0, 0}, scale = 1.0;
    for (int k = 0; k < 2; k++) {
        double fk[3], tk[3];
        for (int i = 0; i < 3; i++) {
            char path[96];
            snprintf(path, sizeof path, "forces.markers[%d].force[%d]", k, i);
            fk[i] = jm_number(doc, path);
            snprintf(path, sizeof path, "forces.markers[%d].torque[%d]", k, i);
            tk[i] = jm_number(doc, path);
            scale = fmax(scale, fabs(fk[i]));
        }
        f[0] += fk[0], f[1] += fk[1], f[2] += fk[2];
        m[0] += tk[0] + p[k][1] * fk[2] - p[k][2] * fk[1];
        m[1] += tk[1] + p[k][2] * fk[0] - p[k][0] * fk[2];
        m[2] += tk[2] + p[k][0] * fk[1] - p[k][1] * fk[0];
    }
    for (int i = 0; i < 3; i++) {
        assert_true(fabs(f[i]) <= 1e-12 * scale);
        assert_true(fabs(m[i]) <= 1e-12 * scale);
    }
}

static const char *mbc_path(void **state)
{
    return *state;
}

/* ------------------------------------------------------ ContactSphereSphere */

static void expect_sphere_keys(const jm_value *doc)
{
    expect_absent(doc, "forces.cablePoints");
    expect_absent(doc, "postNewtonStep.markerNumber1");
    expect_absent(doc, "algebraicEquations");
    expect_absent(doc, "jacobian");
    assert_int_equal(jm_count(doc, "outputs"), 9); /* every declared output */
}

static void test_sphere_static(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/sphere_sphere_static.lua", "ContactSphereSphere");
    expect_sphere_keys(doc);
    const double k_c = 1e5, delta = (0.5 + 0.5) - 0.99;
    const double f = k_c * delta; /* linear law: k_c delta^1 */
    expect_vec3(doc, "forces.markers[1].force", f, 0, 0);
    expect_vec3(doc, "forces.markers[0].force", -f, 0, 0);
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 0);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 0);
    const double data[4] = {-delta, 0, 0, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 4, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_null(doc, "postNewtonStep.recommendedStepSize");
    expect_warnings(doc, NULL, 0);
    expect_vec3(doc, "outputs.Director3", 1, 0, 0);
    expect_vec3(doc, "outputs.Displacement", 0.99, 0, 0);
    expect_vec3(doc, "outputs.DisplacementLocal", 0, 0, -delta);
    expect_vec3(doc, "outputs.Velocity", 0, 0, 0);
    expect_vec3(doc, "outputs.Force", f, 0, 0);
    expect_vec3(doc, "outputs.Torque", 0, 0, 0);
    const double p0[3] = {0, 0, 0}, p1[3] = {0.99, 0, 0};
    expect_balance(doc, p0, p1);
    jm_free(doc);
}

static void test_sphere_impact_model2(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/sphere_sphere_impact_model2.lua",
                            "ContactSphereSphere");
    expect_sphere_keys(doc);
    const double k_c = 1e6, n_exp = 1.5, e = 0.8, v_n = -1.0;
    const double delta = 1.0 - 0.998;
    const double impact = 1.0; /* max(minimumImpactVelocity = 0, data[2] = 1) */
    /* e > 1/3: Carvalho-Martins */
    const double lambda = k_c / impact * 1.5 * (e - 1.0) * (11.0 - e) / (1.0 + 9.0 * e);
    const double f_c = k_c * pow(delta, n_exp) + lambda * pow(delta, n_exp) * v_n;
    assert_true(f_c > k_c * pow(delta, n_exp)); /* approaching: damping adds repulsion */
    expect_vec3(doc, "forces.markers[1].force", f_c, 0, 0);
    expect_vec3(doc, "forces.markers[0].force", -f_c, 0, 0);
    expect_vec3(doc, "outputs.Force", f_c, 0, 0);
    expect_vec3(doc, "outputs.Velocity", -1, 0, 0);
    /* contact began in this step (start gap > 0): impact velocity -v_n stored;
     * Newton already used contact (data gap <= 0): no switch, no error */
    const double data[4] = {-delta, 0, -v_n, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 4, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_null(doc, "postNewtonStep.recommendedStepSize");
    jm_free(doc);
}

static void test_sphere_eapm(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/sphere_sphere_eapm.lua", "ContactSphereSphere");
    expect_sphere_keys(doc);
    const double k_c = 1e5, lambda_p = 0.5, f_adh = 1.0, k_adh = 1000.0;
    const double delta = (0.3 + 0.7) - 0.99, delta_p = 0.006;
    const double k2 = k_c / (1.0 - lambda_p);
    const double unload = k2 * (delta - delta_p);
    assert_true(k_c * delta > unload && unload > -k_adh * delta); /* middle branch */
    const double f_c = -f_adh + unload;                           /* 799 N */
    expect_vec3(doc, "forces.markers[1].force", 0, f_c, 0);
    expect_vec3(doc, "forces.markers[0].force", 0, -f_c, 0);
    expect_vec3(doc, "outputs.Director3", 0, 1, 0);
    /* plastic overlap: max(lambda_P^(1/n_exp) delta, start value) */
    const double data[4] = {-delta, 0, 0, fmax(lambda_p * delta, delta_p)};
    expect_vec_at(doc, "postNewtonStep.data", data, 4, __LINE__);
    const double p0[3] = {1, 2, 3}, p1[3] = {1, 2.99, 3};
    expect_balance(doc, p0, p1);
    jm_free(doc);
}

static void test_sphere_contact_switch(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "tests/eval/cases/sphere_sphere_contact_switch.lua",
                            "ContactSphereSphere");
    const double k_c = 1e6, g = 0.998 - 1.0, g_start = 0.001, v_n = -1.0;
    /* Newton reads the active set from data (gap > 0): no force */
    expect_vec3(doc, "forces.markers[1].force", 0, 0, 0);
    expect_vec3(doc, "forces.markers[0].force", 0, 0, 0);
    const double data[4] = {g, 0, -v_n, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 4, __LINE__);
    expect_near(doc, "postNewtonStep.error", fabs(g * k_c));
    expect_near(doc, "postNewtonStep.recommendedStepSize", fabs(g_start / v_n));
    jm_free(doc);
}

/* -------------------------------------------------------- ContactConvexRoll */

static void test_convex_roll_axis_vertical(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "tests/eval/cases/convex_roll_axis_vertical.lua",
                            "ContactConvexRoll");
    /* the model does not apply: no contact, a warning */
    for (int m = 0; m < 2; m++) {
        char path[64];
        snprintf(path, sizeof path, "forces.markers[%d].force", m);
        expect_vec3(doc, path, 0, 0, 0);
        snprintf(path, sizeof path, "forces.markers[%d].torque", m);
        expect_vec3(doc, path, 0, 0, 0);
    }
    const char *const warnings[] = {"axisVertical"};
    expect_warnings(doc, warnings, 1);
    jm_free(doc);
}

static void test_convex_roll_resting(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/convex_roll_cylinder_resting.lua",
                            "ContactConvexRoll");
    expect_absent(doc, "forces.cablePoints");
    const double k_c = 1e5, g = (0.499 - 0.5) - 0.0; /* p_C,z - p_m0,z */
    const double f_n = -k_c * g;                     /* 100 N up, at rest: no damping */
    expect_vec3(doc, "forces.markers[1].force", 0, 0, f_n);
    expect_vec3(doc, "forces.markers[0].force", 0, 0, -f_n);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 0); /* force through the center */
    expect_vec3(doc, "outputs.Position", 0, 0, g);
    expect_vec3(doc, "outputs.Force", 0, 0, f_n);
    expect_vec3(doc, "outputs.Torque", 0, 0, 0);
    const double data[3] = {0, 0, g};
    expect_vec_at(doc, "postNewtonStep.data", data, 3, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_null(doc, "postNewtonStep.recommendedStepSize");
    expect_warnings(doc, NULL, 0);
    const double p0[3] = {0, 0, 0}, p1[3] = {0, 0, 0.499};
    expect_balance(doc, p0, p1);
    jm_free(doc);
}

static void test_convex_roll_rolling_sliding(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/convex_roll_rolling_sliding.lua",
                            "ContactConvexRoll");
    const double k_c = 1e5, d_c = 100, mu_d = 0.3;
    const double pm1[3] = {0, 0, 0.499}, v[3] = {0, 2, -0.01}, w[3] = {-3, 0, 0};
    /* lowest point of r(x) = 0.5 - 0.1 x^2 with the axis horizontal: x = 0 */
    const double pc[3] = {0, 0, pm1[2] - 0.5};
    const double r[3] = {pc[0] - pm1[0], pc[1] - pm1[1], pc[2] - pm1[2]};
    const double vmat[3] = {v[0] + w[1] * r[2] - w[2] * r[1], v[1] + w[2] * r[0] - w[0] * r[2],
                            v[2] + w[0] * r[1] - w[1] * r[0]};
    const double g = pc[2];
    const double f_n = -k_c * g - d_c * vmat[2]; /* 101 N */
    const double vs = hypot(vmat[0], vmat[1]);   /* 0.5 m/s > v_reg */
    const double fs[3] = {-mu_d * f_n * vmat[0] / vs, -mu_d * f_n * vmat[1] / vs, 0};
    const double f[3] = {fs[0], fs[1], f_n};
    const double tq[3] = {r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2],
                          r[0] * f[1] - r[1] * f[0]};
    expect_vec3(doc, "forces.markers[1].force", f[0], f[1], f[2]);
    expect_vec3(doc, "forces.markers[0].force", -f[0], -f[1], -f[2]);
    expect_vec3(doc, "forces.markers[1].torque", tq[0], tq[1], tq[2]);
    assert_true(tq[0] < 0); /* friction spins the roll up towards rolling (omega_x -> -4) */
    expect_vec3(doc, "outputs.Force", f[0], f[1], f[2]);
    expect_vec3(doc, "outputs.Torque", tq[0], tq[1], tq[2]);
    expect_vec3(doc, "outputs.Position", pc[0], pc[1], pc[2]);
    /* data: lateral slip (along the axis x), longitudinal (e_z x e_x = e_y), gap */
    const double data[3] = {vmat[0], vmat[1], g};
    expect_vec_at(doc, "postNewtonStep.data", data, 3, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    const double p0[3] = {0, 0, 0};
    expect_balance(doc, p0, pm1);
    jm_free(doc);
}

/* --------------------------------------------- ContactFrictionCircleCable2D */

static double segment_gap(const double c[2], double r, const double a[2], const double b[2])
{
    double s[2] = {b[0] - a[0], b[1] - a[1]};
    double t = ((c[0] - a[0]) * s[0] + (c[1] - a[1]) * s[1]) / (s[0] * s[0] + s[1] * s[1]);
    t = fmin(1.0, fmax(0.0, t));
    return hypot(a[0] + t * s[0] - c[0], a[1] + t * s[1] - c[1]) - r;
}

/* Straight cable (0,0)-(2,0) in 4 segments, circle r = 0.3 at (0.6, 0.29)
 * moving down at 0.1 m/s; v_cable = cable point velocity (y). */
static void check_circle(const jm_value *doc, double v_cable)
{
    const double k_c = 1e4, d_c = 100, r = 0.3, c[2] = {0.6, 0.29};
    const double rho = (0.6 - 0.5) / 0.5;
    const double g = c[1] - r;                     /* -0.01: 1 cm too low */
    const double n[2] = {0, -1};                   /* center -> closest point */
    const double v_n = (v_cable - (-0.1)) * n[1];  /* (v_p - v_c).n */
    const double f_n = k_c * g + d_c * v_n;        /* LHS sign, < 0 */
    const double fs[2] = {f_n * n[0], f_n * n[1]}; /* f_t = 0 (mu = 0) */
    expect_absent(doc, "postNewtonStep.markerNumber1");
    expect_null(doc, "forces.markers[1]");
    assert_int_equal(jm_count(doc, "forces.cablePoints"), 5);
    const double zero[2] = {0, 0};
    const double p1[2] = {-(1 - rho) * fs[0], -(1 - rho) * fs[1]};
    const double p2[2] = {-rho * fs[0], -rho * fs[1]};
    expect_vec_at(doc, "forces.cablePoints[0]", zero, 2, __LINE__);
    expect_vec_at(doc, "forces.cablePoints[1]", p1, 2, __LINE__);
    expect_vec_at(doc, "forces.cablePoints[2]", p2, 2, __LINE__);
    expect_vec_at(doc, "forces.cablePoints[3]", zero, 2, __LINE__);
    expect_vec_at(doc, "forces.cablePoints[4]", zero, 2, __LINE__);
    expect_vec3(doc, "forces.markers[0].force", fs[0], fs[1], 0); /* = -(sum on the cable) */
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 0);
    assert_true(jm_number(doc, "forces.markers[0].force[1]") > 0); /* pushed back up */
    /* PostNewtonStep gaps of all segments (geometry), no gap changed sign */
    const double pts[5][2] = {{0, 0}, {0.5, 0}, {1, 0}, {1.5, 0}, {2, 0}};
    for (int i = 0; i < 4; i++) {
        char path[64];
        snprintf(path, sizeof path, "postNewtonStep.data[%d]", i);
        expect_near(doc, path, segment_gap(c, r, pts[i], pts[i + 1]));
    }
    assert_int_equal(jm_count(doc, "postNewtonStep.data"), 12);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_null(doc, "postNewtonStep.recommendedStepSize");
    /* outputs per segment, zero where the data gap is open */
    const double coords[8] = {0, 0, 0, g, 0, 0, 0, 0};
    const double coords_t[8] = {0, 0, 0, v_n, 0, 0, 0, 0};
    const double force_local[8] = {0, 0, 0, f_n, 0, 0, 0, 0};
    expect_near(doc, "outputs.Coordinates[3]", coords[3]);
    assert_int_equal(jm_count(doc, "outputs.Coordinates"), 8);
    expect_vec_at(doc, "outputs.Coordinates_t", coords_t, 8, __LINE__);
    expect_vec_at(doc, "outputs.ForceLocal", force_local, 8, __LINE__);
    /* the books: the penalty spring's energy k_c g^2/2, the normal damping's
     * power d_c v_n^2 (mu = 0: no friction power) */
    expect_near(doc, "outputs.StoredEnergy[0]", 0.5 * k_c * g * g);
    expect_near(doc, "outputs.DissipatedPower[0]", d_c * v_n * v_n);
    const double parts[2] = {d_c * v_n * v_n, 0};
    expect_vec_at(doc, "outputs.DissipatedPowerParts", parts, 2, __LINE__);
    /* no step, no bristle (mu_k = 0): no stick or slip flow */
    expect_vec_at(doc, "outputs.EnergyFlows", zero, 2, __LINE__);
    assert_int_equal(jm_count(doc, "outputs"), 7);
}

static void test_circle_cable_points(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/circle_cable_points.lua",
                            "ContactFrictionCircleCable2D");
    check_circle(doc, 0.0);
    expect_near(doc, "outputs.ForceLocal[3]", -110.0); /* the number in the case comment */
    jm_free(doc);
}

static void test_circle_cable_ancf(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/circle_cable_ancf.lua",
                            "ContactFrictionCircleCable2D");
    check_circle(doc, 0.05);
    expect_near(doc, "outputs.ForceLocal[3]", -115.0);
    jm_free(doc);
}

/* The bristle's flows over a step (EnergyFlows [P_stick, P_slip]), by hand in
 * the case files: Delta_0 = 0.003 + 0.2 * 0.01 m, mu_k Delta_0^2/(2 dt). */
static void test_circle_cable_stick_flow(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/circle_cable_stick.lua",
                            "ContactFrictionCircleCable2D");
    const double flows[2] = {12.5, 0}, parts[2] = {1, 0};
    expect_vec_at(doc, "outputs.EnergyFlows", flows, 2, __LINE__);
    expect_vec_at(doc, "outputs.DissipatedPowerParts", parts, 2, __LINE__);
    expect_near(doc, "outputs.DissipatedPower[0]", 1 - 12.5);
    expect_near(doc, "outputs.StoredEnergy[0]", 0.5 + 0.045); /* spring + bristle */
    jm_free(doc);
}

static void test_circle_cable_slip_flow(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/circle_cable_slip.lua",
                            "ContactFrictionCircleCable2D");
    const double flows[2] = {0, 12.5}, parts[2] = {1, 6.6};
    expect_vec_at(doc, "outputs.EnergyFlows", flows, 2, __LINE__);
    expect_vec_at(doc, "outputs.DissipatedPowerParts", parts, 2, __LINE__);
    expect_near(doc, "outputs.DissipatedPower[0]", 1 + 6.6 + 12.5);
    expect_near(doc, "outputs.StoredEnergy[0]", 0.5); /* slipping: no bristle */
    jm_free(doc);
}

/* --------------------------------------------------------- JointALEMoving2D */

static void combine(const double S[4], const double q[8], double r[2])
{
    r[0] = r[1] = 0;
    for (int k = 0; k < 4; k++) {
        r[0] += S[k] * q[2 * k];
        r[1] += S[k] * q[2 * k + 1];
    }
}

static void expect_matrix(const jm_value *doc, const char *path, const double *m, size_t rows,
                          size_t cols)
{
    assert_int_equal(jm_count(doc, path), rows);
    for (size_t i = 0; i < rows; i++) {
        char p[128];
        snprintf(p, sizeof p, "%s[%zu]", path, i);
        expect_vec_at(doc, p, m + i * cols, cols, __LINE__);
    }
}

static void expect_ale_keys(const jm_value *doc)
{
    expect_absent(doc, "forces"); /* no force hook: joint forces are outputs.Force */
    const jm_value *mn = jm_get(doc, "postNewtonStep.markerNumber1");
    assert_non_null(mn);
    assert_int_equal(mn->type, JM_NUMBER);
    assert_null(strpbrk(mn->text, ".eE")); /* an integer */
    assert_int_equal(jm_count(doc, "outputs"), 6);
    assert_int_equal(jm_count(doc, "jacobian"), 4);
    const double d_m0[6] = {-1, 0, 0, 0, -1, 0};
    expect_matrix(doc, "jacobian.marker0Position", d_m0, 2, 3);
}

static void test_ale_curved(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/ale_joint_curved.lua", "JointALEMoving2D");
    expect_ale_keys(doc);
    const double q[8] = {0, 0, 1, 0, 1, 1, 0, 1}, q_t[8] = {0, 0, 0, 0, 0.1, 0, 0, 0};
    const double L = 1.5, s = 0.6, s_t = 0.2;
    double S[4], dS[4], ddS[4], r[2], dr[2], ddr[2], v[2], dv[2];
    rt_hermite(s, L, S, dS, ddS);
    combine(S, q, r);
    combine(dS, q, dr);
    combine(ddS, q, ddr);
    combine(S, q_t, v);
    combine(dS, q_t, dv);
    /* the case put the point on the cable with the matching velocity */
    expect_vec3(doc, "outputs.Position", r[0], r[1], 0);
    expect_vec3(doc, "outputs.Velocity", v[0] + s_t * dr[0], v[1] + s_t * dr[1], 0);
    const double zero2[2] = {0, 0};
    expect_vec_at(doc, "algebraicEquations.position", zero2, 2, __LINE__);
    expect_vec_at(doc, "algebraicEquations.velocity", zero2, 2, __LINE__);
    double d_cable[16], dv_cable[16];
    memset(d_cable, 0, sizeof d_cable);
    memset(dv_cable, 0, sizeof dv_cable);
    for (int k = 0; k < 4; k++)
        for (int c = 0; c < 2; c++) {
            d_cable[c * 8 + 2 * k + c] = S[k];
            dv_cable[c * 8 + 2 * k + c] = s_t * dS[k];
        }
    expect_matrix(doc, "jacobian.cable", d_cable, 2, 8);
    const double d_ale[2] = {dr[0], dr[1]};
    expect_matrix(doc, "jacobian.ale", d_ale, 2, 1);
    const double zero4[4] = {0, 0, 0, 0};
    expect_matrix(doc, "jacobian.lagrange", zero4, 2, 2);
    expect_matrix(doc, "jacobianVelocity.cableVelocities", d_cable, 2, 8);
    expect_matrix(doc, "jacobianVelocity.cableCoordinates", dv_cable, 2, 8);
    const double dv_ale[2] = {dv[0] + s_t * ddr[0], dv[1] + s_t * ddr[1]};
    expect_matrix(doc, "jacobianVelocity.ale", dv_ale, 2, 1);
    expect_matrix(doc, "jacobianVelocity.aleVelocity", d_ale, 2, 1);
    const double d_m0[6] = {-1, 0, 0, 0, -1, 0}, zero6[6] = {0};
    expect_matrix(doc, "jacobianVelocity.marker0Velocity", d_m0, 2, 3);
    expect_matrix(doc, "jacobianVelocity.marker0Position", zero6, 2, 3);
    expect_matrix(doc, "jacobianVelocity.lagrange", zero4, 2, 2);
    expect_vec3(doc, "outputs.Force", 3, -4, 0); /* = lagrangeMultipliers */
    const double sc[1] = {s}, coords[2] = {0, s}, coords_t[1] = {s_t}, data[1] = {0};
    expect_vec_at(doc, "outputs.SlidingCoordinate", sc, 1, __LINE__);
    expect_vec_at(doc, "outputs.Coordinates", coords, 2, __LINE__);
    expect_vec_at(doc, "outputs.Coordinates_t", coords_t, 1, __LINE__);
    expect_vec_at(doc, "postNewtonStep.data", data, 1, __LINE__); /* 0 <= s_el <= L */
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_near(doc, "postNewtonStep.markerNumber1", 7.0);
    expect_warnings(doc, NULL, 0);
    jm_free(doc);
}

static void test_ale_index_crossing(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/ale_joint_index_crossing.lua", "JointALEMoving2D");
    expect_ale_keys(doc);
    const double L = 1.0, s_el = 1.05; /* q_ALE + 0 - offset[0] */
    const double data[1] = {1};        /* s_el > L: next element */
    expect_vec_at(doc, "postNewtonStep.data", data, 1, __LINE__);
    expect_near(doc, "postNewtonStep.error", s_el - L);
    expect_near(doc, "postNewtonStep.markerNumber1", 11.0);
    expect_null(doc, "postNewtonStep.recommendedStepSize");
    expect_warnings(doc, NULL, 0);
    const double zero2[2] = {0, 0};
    expect_vec_at(doc, "algebraicEquations.position", zero2, 2, __LINE__);
    expect_vec_at(doc, "algebraicEquations.velocity", zero2, 2, __LINE__);
    /* straight element: r'(s) = (1, 0) everywhere */
    const double d_ale[2] = {1, 0};
    expect_matrix(doc, "jacobian.ale", d_ale, 2, 1);
    const double coords[2] = {0, 1.05};
    expect_vec_at(doc, "outputs.Coordinates", coords, 2, __LINE__);
    jm_free(doc);
}

static void test_ale_index_clamped(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/ale_joint_index_clamped.lua", "JointALEMoving2D");
    expect_ale_keys(doc);
    const double k = 1e6, z[2] = {0, -1000}, p[2] = {2.1, 0.001};
    const double s_el = 2.1 - 1.0;         /* q_ALE - offset[1] */
    const double r[2] = {1.0 + s_el, 0.0}; /* element 1 is the line (1,0)-(2,0) */
    const double res[2] = {r[0] - p[0] - z[0] / k, r[1] - p[1] - z[1] / k};
    expect_vec_at(doc, "algebraicEquations.position", res, 2, __LINE__);
    const double d_lagrange[4] = {-1 / k, 0, 0, -1 / k};
    expect_matrix(doc, "jacobian.lagrange", d_lagrange, 2, 2);
    const double data[1] = {1}; /* index 2 clamped to sn - 1 = 1 */
    expect_vec_at(doc, "postNewtonStep.data", data, 1, __LINE__);
    expect_near(doc, "postNewtonStep.error", s_el - 1.0);
    expect_near(doc, "postNewtonStep.markerNumber1", 11.0);
    const char *const warnings[] = {"aleIndexClamped"};
    expect_warnings(doc, warnings, 1);
    expect_vec3(doc, "outputs.Force", z[0], z[1], 0);
    jm_free(doc);
}

/* examples/cases/ale_joint_penalty.lua: penalty on, curved element, the point
 * off the cable and moving. The expected values are computed here from the
 * case's numbers with the test's own Hermite functions: both levels are
 * r(s_el) - p_m0 - z/k, and both Jacobians are the position-level ones. */
static void test_ale_penalty(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/ale_joint_penalty.lua", "JointALEMoving2D");
    expect_ale_keys(doc);
    const double q[8] = {0, 0, 1, 1, 1, 0, 1, -1};
    const double L = 1.0, s = 0.5, k = 100.0, p[2] = {0.4, 0.3}, z[2] = {20, -10};
    double S[4], dS[4], ddS[4], r[2], dr[2];
    rt_hermite(s, L, S, dS, ddS);
    combine(S, q, r);
    combine(dS, q, dr);
    const double res[2] = {r[0] - p[0] - z[0] / k, r[1] - p[1] - z[1] / k};
    /* the hand values of the case comment */
    assert_true(fabs(res[0] + 0.1) < 1e-15 && fabs(res[1] - 0.05) < 1e-15);
    expect_vec_at(doc, "algebraicEquations.position", res, 2, __LINE__);
    expect_vec_at(doc, "algebraicEquations.velocity", res, 2, __LINE__);
    double d_cable[16];
    memset(d_cable, 0, sizeof d_cable);
    for (int j = 0; j < 4; j++)
        for (int c = 0; c < 2; c++)
            d_cable[c * 8 + 2 * j + c] = S[j];
    const double d_m0[6] = {-1, 0, 0, 0, -1, 0}, zero6[6] = {0};
    const double d_ale[2] = {dr[0], dr[1]}, zero2[2] = {0, 0}, zero16[16] = {0};
    const double d_lagrange[4] = {-1 / k, 0, 0, -1 / k};
    expect_matrix(doc, "jacobian.cable", d_cable, 2, 8);
    expect_matrix(doc, "jacobian.ale", d_ale, 2, 1);
    expect_matrix(doc, "jacobian.lagrange", d_lagrange, 2, 2);
    expect_matrix(doc, "jacobianVelocity.marker0Position", d_m0, 2, 3);
    expect_matrix(doc, "jacobianVelocity.marker0Velocity", zero6, 2, 3);
    expect_matrix(doc, "jacobianVelocity.cableCoordinates", d_cable, 2, 8);
    expect_matrix(doc, "jacobianVelocity.cableVelocities", zero16, 2, 8);
    expect_matrix(doc, "jacobianVelocity.ale", d_ale, 2, 1);
    expect_matrix(doc, "jacobianVelocity.aleVelocity", zero2, 2, 1);
    expect_matrix(doc, "jacobianVelocity.lagrange", d_lagrange, 2, 2);
    const double data[1] = {0}; /* 0 <= s_el <= L */
    expect_vec_at(doc, "postNewtonStep.data", data, 1, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_near(doc, "postNewtonStep.markerNumber1", 4.0);
    expect_vec3(doc, "outputs.Force", z[0], z[1], 0);
    jm_free(doc);
}

/* ------------------------------------------------------------------ errors */

typedef struct error_case {
    const char *file;
    const char *message; /* the whole stderr without the newline */
} error_case;

#define ERR_DIR "tests/eval/errors/"

static const error_case error_cases[] = {
    /* message NULL: built from specs/ by unknown_object_message */
    {ERR_DIR "unknown_object.lua", NULL},
    {ERR_DIR "unknown_parameter.lua",
     ERR_DIR "unknown_parameter.lua:parameters.contactStifness: unknown parameter "
             "(ContactSphereSphere has no parameter 'contactStifness'; did you mean "
             "'contactStiffness'?)"},
    {ERR_DIR "unknown_parameter_far.lua",
     ERR_DIR "unknown_parameter_far.lua:parameters.springConstant: unknown parameter "
             "(ContactSphereSphere has no parameter 'springConstant'; see 'mbc describe "
             "ContactSphereSphere')"},
    {ERR_DIR "bad_value.lua", ERR_DIR "bad_value.lua:parameters.contactStiffness: must be >= 0 "
                                      "(UReal), given -1 (ContactSphereSphere.contactStiffness)"},
    {ERR_DIR "wrong_array_length.lua", ERR_DIR
     "wrong_array_length.lua:parameters.spheresRadii: must have 2 values (Vector2D), given 3 "
     "(ContactSphereSphere.spheresRadii)"},
    {ERR_DIR "string_for_number.lua",
     ERR_DIR "string_for_number.lua:parameters.impactModel: must be a number (UInt), given '2' "
             "(ContactSphereSphere.impactModel)"},
    {ERR_DIR "bad_visualization.lua",
     ERR_DIR "bad_visualization.lua:parameters.visualization: unknown key 'colour' (did you "
             "mean 'color'? allowed: show, color)"},
    {ERR_DIR "validation.lua", ERR_DIR
     "validation.lua:parameters.slidingMarkerOffsets: must be non-decreasing, given [1] = 0 "
     "after [0] = 1 (JointALEMoving2D.slidingMarkerOffsets)"},
    {ERR_DIR "missing_marker_field.lua",
     ERR_DIR "missing_marker_field.lua:markers[1].position: missing (a list of 3 numbers)"},
    {ERR_DIR "bad_rotation.lua",
     ERR_DIR "bad_rotation.lua:markers[1].rotation: must be a rotation matrix, row-major local -> "
             "global (given max |A^T A - I| = 3, det A = 2)"},
    {ERR_DIR "non_finite_input.lua",
     ERR_DIR "non_finite_input.lua:markers[2].position[2]: must be finite (given inf)"},
    {ERR_DIR "segments_mismatch.lua",
     ERR_DIR "segments_mismatch.lua:markers[2].segments: must equal numberOfContactSegments = 4 "
             "(given 8)"},
    {ERR_DIR "points_length.lua",
     ERR_DIR "points_length.lua:markers[2].points: must have 2 * (numberOfContactSegments + 1) = "
             "10 numbers (given 6)"},
    {ERR_DIR "ale_offset.lua", ERR_DIR "ale_offset.lua:markers[2].cable.verticalOffset: must be 0 "
                                       "for an ALE cable (one with 'ale') (given 0.01)"},
    {ERR_DIR "cables_count.lua",
     ERR_DIR "cables_count.lua:cables: must have one element per entry of slidingMarkerNumbers "
             "(2) (given 1)"},
    {ERR_DIR "ale_index.lua", ERR_DIR "ale_index.lua:data[1]: must be the current sliding index, "
                                      "a whole number in [0, 1] (given 2)"},
    {ERR_DIR "data_length.lua", ERR_DIR "data_length.lua:data: must have 4 numbers, the data "
                                        "coordinates of ContactSphereSphere (given 3)"},
    {ERR_DIR "unknown_top_key.lua",
     ERR_DIR "unknown_top_key.lua:return: unknown key 'dataStartOfstep' (did you mean "
             "'dataStartOfStep'? allowed: object, parameters, markers, data, dataStartOfStep, dt)"},
    {ERR_DIR "syntax_error.lua", ERR_DIR "syntax_error.lua:3: '}' expected near '0.5'"},
    {ERR_DIR "sandbox_escape.lua",
     ERR_DIR "sandbox_escape.lua:1: 'os' is not available in a case file: case files are data "
             "(no io, os, require, dofile, load or debug)"},
    {ERR_DIR "spec_constructor.lua",
     ERR_DIR "spec_constructor.lua:2: 'param' is a spec constructor, not available in a case file "
             "(case files are plain tables)"},
    {ERR_DIR "endless_loop.lua",
     ERR_DIR "endless_loop.lua:1: instruction limit of 20000000 exceeded (endless loop?)"},
    {ERR_DIR "out_of_memory.lua",
     ERR_DIR "out_of_memory.lua: not enough memory (a case file may use at most 64 MiB)"},
    {ERR_DIR "non_table_return.lua",
     ERR_DIR "non_table_return.lua:return: the case must return a table {object = ..., "
             "parameters = ..., markers = ...} (given 'ContactSphereSphere')"},
    {ERR_DIR "non_finite_result.lua",
     ERR_DIR "non_finite_result.lua:algebraicEquations.position[0]: result is not finite (given "
             "nan)"},
    {ERR_DIR "does_not_exist.lua",
     ERR_DIR "does_not_exist.lua: cannot open (No such file or directory)"},
};

/* The unknown-type message lists every built-in type: one per spec. */
static void unknown_object_message(char *buf, size_t size)
{
    spec_names names;
    char list[2048], path[1024];
    spec_names_load(&names);
    spec_names_join(&names, list, sizeof list);
    mbc_plugin_search_path(path, sizeof path);
    snprintf(buf, size,
             ERR_DIR "unknown_object.lua:object: unknown connector type (given "
                     "'ContactSphereCube'; known: %s); a plugin's type needs mbc --plugin or "
                     "load_plugin first (plugin search path: %s)",
             list, path);
}

static void test_error_messages(void **state)
{
    int failures = 0;
    char unknown[4096];
    unknown_object_message(unknown, sizeof unknown);
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        const error_case *e = &error_cases[i];
        const char *message = e->message ? e->message : unknown;
        run_result r = run_mbc(mbc_path(state), "eval", e->file);
        size_t n = strlen(message);
        if (n > 511 && strlen(r.err) == 512) /* the library cuts messages at 511 bytes */
            n = 511;
        bool ok = r.status == 2 && r.out[0] == '\0' && strncmp(r.err, message, n) == 0 &&
                  r.err[n] == '\n' && r.err[n + 1] == '\0';
        if (!ok) {
            fprintf(stderr, "%s: status %d, stdout %zu bytes\n  stderr:   %s  expected: %s\n",
                    e->file, r.status, strlen(r.out), r.err, message);
            failures++;
        }
        free_result(&r);
    }
    assert_int_equal(failures, 0);
}

/* Every example case, whatever its type (a type added from a spec brings
 * one): it evaluates, and the document has exactly the parts the type
 * offers according to the registry (forces, postNewtonStep, every declared
 * output by name, algebraic equations); on two rigid markers the forces
 * are equal and opposite. Values are checked by the tests above and by each
 * type's own hook test. */
static void test_every_example_case(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    DIR *d = opendir("examples/cases");
    assert_non_null(d);
    struct dirent *e;
    size_t seen = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "examples/cases/%s", e->d_name);
        run_result r = run_mbc(mbc_path(state), "eval", path);
        if (r.status != 0)
            fprintf(stderr, "%s: status %d, stderr: %s\n", path, r.status, r.err);
        assert_int_equal(r.status, 0);
        char msg[256];
        jm_value *doc = jm_parse(r.out, msg, sizeof msg);
        assert_non_null(doc);
        const jm_value *o = jm_member(doc, "object");
        assert_non_null(o);
        const mbc_type_info *t = mbc_registry_lookup(&builtin_types, o->text);
        if (!t)
            fprintf(stderr, "%s: object %s is not a built-in type\n", path, o->text);
        assert_non_null(t);
        assert_int_equal(jm_get(doc, "forces") != NULL, t->forces != NULL);
        assert_int_equal(jm_get(doc, "postNewtonStep") != NULL, t->post_newton_step != NULL);
        assert_int_equal(jm_get(doc, "algebraicEquations") != NULL, t->algebraic_equations != NULL);
        if (t->output) {
            assert_int_equal(jm_count(doc, "outputs"), t->output_count);
            for (size_t i = 0; i < t->output_count; i++) {
                char key[160];
                snprintf(key, sizeof key, "outputs.%s", t->outputs[i].name);
                if (!jm_get(doc, key))
                    fprintf(stderr, "%s: no %s\n", path, key);
                assert_non_null(jm_get(doc, key));
            }
        }
        bool rigid = t->forces && t->marker_kinds[0] <= MBC_MARKER_RIGID &&
                     t->marker_kinds[1] <= MBC_MARKER_RIGID;
        for (int i = 0; rigid && i < 3; i++) {
            char a[64], b[64];
            snprintf(a, sizeof a, "forces.markers[0].force[%d]", i);
            snprintf(b, sizeof b, "forces.markers[1].force[%d]", i);
            double f0 = jm_number(doc, a), f1 = jm_number(doc, b);
            assert_true(fabs(f0 + f1) <= 1e-12 * (1.0 + fabs(f0)));
        }
        jm_free(doc);
        free_result(&r);
        seen++;
    }
    closedir(d);
    assert_true(seen >= 10);
}

static void test_usage_and_other_commands(void **state)
{
    run_result r = run_mbc(mbc_path(state), "eval", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "mbc eval: needs a case file"));
    free_result(&r);
    r = run_mbc(mbc_path(state), "list", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "JointALEMoving2D"));
    free_result(&r);
    r = run_mbc(mbc_path(state), "describe", "ContactSphereSphere");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "contactStiffness"));
    free_result(&r);
}

/* The test's own checker must reject what it is meant to reject. */
static void test_json_checker(void **state)
{
    (void)state;
    char err[128];
    static const char *const bad[] = {"{\"a\": 1,}", "{\"a\": nan}", "[1 2]",        "{\"a\": 01}",
                                      "{\"a\": 1.}", "{} x",         "{\"a\": inf}", "[-]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jm_value *v = jm_parse(bad[i], err, sizeof err);
        if (v)
            fprintf(stderr, "accepted: %s\n", bad[i]);
        assert_null(v);
    }
    assert_int_equal(jm_significant_digits("1.0000000000000000"), 17);
    assert_int_equal(jm_significant_digits("-0.0010000000000000000"), 17);
    assert_int_equal(jm_significant_digits("0.0000000000000000"), 17);
    assert_int_equal(jm_significant_digits("1.5"), 2);
    assert_int_equal(jm_significant_digits("9.9999999999999995e-07"), 17);
    jm_value *v = jm_parse("{\"a\": [1.0000000000000000, 2.5], \"n\": 3}", err, sizeof err);
    assert_non_null(v);
    char bad_path[64];
    assert_int_equal(jm_check_digits(v, 17, "n", bad_path, sizeof bad_path), 1);
    assert_string_equal(bad_path, "a[1]");
    jm_free(v);
}

/* ---------------------------------------------------------- ContactGranular */

/* examples/cases/granular_sliding.lua: hooke k_n = 1e4, overlap 0.05, b
 * slides along +y at 1 m/s: F_n = 500 N on a along -x (n from b to a), the
 * friction min(mu F_n, eta_t v) = min(0.1 * 500, 100 * 1) = 50 N drags a
 * along +y at r - delta/2 = 0.475 m: torque 23.75 N m about +z on both. */
static void test_granular_sliding(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/granular_sliding.lua", "ContactGranular");
    expect_vec3(doc, "forces.markers[0].force", -500, 50, 0);
    expect_vec3(doc, "forces.markers[1].force", 500, -50, 0);
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 0.475 * 50);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 0.475 * 50);
    const double data[9] = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 9, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_vec3(doc, "outputs.Normal", -1, 0, 0);
    expect_near(doc, "outputs.Overlap[0]", 0.05);
    expect_near(doc, "outputs.ContactRadius[0]", sqrt(0.25 * 0.05));
    expect_near(doc, "outputs.NormalForce[0]", 500);
    expect_vec3(doc, "outputs.TangentialForce", 0, 50, 0);
    expect_near(doc, "outputs.TwistingTorque[0]", 0);
    const double p0[3] = {0, 0, 0}, p1[3] = {0.95, 0, 0};
    expect_balance(doc, p0, p1);
    jm_free(doc);
}

/* examples/cases/gran_classic_sliding.lua: hooke/history, overlap 0.05,
 * b slides along +y at 1 m/s with a shear history xi = (0, -1e-3, 0):
 * F_n = 500 N on a along -x, F_t = -(k_t xi + m* gamma_t v_tr) = 25 N along
 * +y acting at the radii: 12.5 N m about +z on both (the moments miss
 * -delta n x F_t = 1.25 N m, LAMMPS's lever arms); PostNewtonStep adds one
 * step: xi = (0, -2e-3, 0). */
static void test_gran_classic_sliding(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/gran_classic_sliding.lua", "ContactGranClassic");
    expect_vec3(doc, "forces.markers[0].force", -500, 25, 0);
    expect_vec3(doc, "forces.markers[1].force", 500, -25, 0);
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 12.5);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 12.5);
    const double data[4] = {1, 0, -2e-3, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 4, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_vec3(doc, "outputs.Normal", -1, 0, 0);
    expect_near(doc, "outputs.Overlap[0]", 0.05);
    expect_near(doc, "outputs.NormalForce[0]", 500);
    expect_vec3(doc, "outputs.TangentialForce", 0, 25, 0);
    jm_free(doc);
}

/* ---------------------------------------------------------- ContactLiggghts */

/* examples/cases/liggghts_hertz_sticking.lua: LIGGGHTS's hertz, overlap
 * 0.05 between r = 0.5 spheres (R* = 0.25), masses 2 and 6 (m* = 1.5),
 * Y = 1e5, nu = 0.3, e = 0.5; b slides along +y at 1 m/s and the spring is
 * unloaded: F_n = 4/3 Y* sqrt(R* delta) delta along -x on a; in the step
 * (dt = 1e-4) the spring takes 1e-4 m and sticks: the friction k_t 1e-4 +
 * gamma_t v_t along +y, at the lever arm 0.475 about +z on both (formed
 * here from the type page's equations). */
#define PI_LG 3.14159265358979323846

static void test_liggghts_sticking(void **state)
{
    jm_value *doc =
        eval_ok(mbc_path(state), "examples/cases/liggghts_hertz_sticking.lua", "ContactLiggghts");
    const double y_eff = 1 / (2 * (1 - 0.3 * 0.3) / 1e5);
    const double g_eff = 1 / (2 * 2 * (2 - 0.3) * (1 + 0.3) / 1e5);
    const double root = sqrt(0.25 * 0.05),
                 beta = log(0.5) / sqrt(log(0.5) * log(0.5) + PI_LG * PI_LG);
    const double f_n = 4.0 / 3.0 * y_eff * root * 0.05;
    const double k_t = 8 * g_eff * root;
    const double f_t = k_t * 1e-4 - 2 * sqrt(5.0 / 6.0) * beta * sqrt(k_t * 1.5);
    expect_vec3(doc, "forces.markers[0].force", -f_n, f_t, 0);
    expect_vec3(doc, "forces.markers[1].force", f_n, -f_t, 0);
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 0.475 * f_t);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 0.475 * f_t);
    /* the step: the displacement grows by v_tr dt = -1 m/s 1e-4 s along y */
    const double data[7] = {1, 0, -1e-4, 0, 0, 0, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 7, __LINE__);
    expect_near(doc, "postNewtonStep.error", 0.0);
    expect_vec3(doc, "outputs.Normal", -1, 0, 0);
    expect_near(doc, "outputs.Overlap[0]", 0.05);
    expect_near(doc, "outputs.NormalForce[0]", f_n);
    expect_vec3(doc, "outputs.TangentialForce", 0, f_t, 0);
    expect_vec3(doc, "outputs.RollingTorque", 0, 0, 0);
    const double p0[3] = {0, 0, 0}, p1[3] = {0.95, 0, 0};
    expect_balance(doc, p0, p1);
    jm_free(doc);
}

/* examples/cases/granular_sliding_lammps2021.lua: the same spheres with
 * lammps2021 and lammps2021TangentialHistory: LAMMPS 2021's history branch
 * with k_t = 0, whose history of length 0 gives no friction once eta_t v =
 * 100 N exceeds mu F_n = 50 N; the normal force as before. */
static void test_granular_sliding_lammps2021(void **state)
{
    jm_value *doc = eval_ok(mbc_path(state), "examples/cases/granular_sliding_lammps2021.lua",
                            "ContactGranular");
    expect_vec3(doc, "forces.markers[0].force", -500, 0, 0);
    expect_vec3(doc, "forces.markers[1].force", 500, 0, 0);
    expect_vec3(doc, "forces.markers[0].torque", 0, 0, 0);
    expect_vec3(doc, "forces.markers[1].torque", 0, 0, 0);
    const double data[9] = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    expect_vec_at(doc, "postNewtonStep.data", data, 9, __LINE__);
    expect_near(doc, "outputs.NormalForce[0]", 500);
    expect_vec3(doc, "outputs.TangentialForce", 0, 0, 0);
    jm_free(doc);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH-TO-mbc (run from the source tree)\n", argv[0]);
        return 2;
    }
    void *mbc = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_checker),
        cmocka_unit_test_prestate(test_sphere_static, mbc),
        cmocka_unit_test_prestate(test_granular_sliding, mbc),
        cmocka_unit_test_prestate(test_gran_classic_sliding, mbc),
        cmocka_unit_test_prestate(test_liggghts_sticking, mbc),
        cmocka_unit_test_prestate(test_granular_sliding_lammps2021, mbc),
        cmocka_unit_test_prestate(test_sphere_impact_model2, mbc),
        cmocka_unit_test_prestate(test_sphere_eapm, mbc),
        cmocka_unit_test_prestate(test_sphere_contact_switch, mbc),
        cmocka_unit_test_prestate(test_convex_roll_resting, mbc),
        cmocka_unit_test_prestate(test_convex_roll_axis_vertical, mbc),
        cmocka_unit_test_prestate(test_convex_roll_rolling_sliding, mbc),
        cmocka_unit_test_prestate(test_circle_cable_points, mbc),
        cmocka_unit_test_prestate(test_circle_cable_ancf, mbc),
        cmocka_unit_test_prestate(test_circle_cable_stick_flow, mbc),
        cmocka_unit_test_prestate(test_circle_cable_slip_flow, mbc),
        cmocka_unit_test_prestate(test_ale_curved, mbc),
        cmocka_unit_test_prestate(test_ale_index_crossing, mbc),
        cmocka_unit_test_prestate(test_ale_index_clamped, mbc),
        cmocka_unit_test_prestate(test_ale_penalty, mbc),
        cmocka_unit_test_prestate(test_error_messages, mbc),
        cmocka_unit_test_prestate(test_every_example_case, mbc),
        cmocka_unit_test_prestate(test_usage_and_other_commands, mbc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
