/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of in-place pair evaluation (mbconnect/pair_eval.h,
 * runtime/eval/pair_eval.c,
 * runtime/connectors/contact_sphere_sphere/contact_sphere_sphere_pairs.c):
 * - ContactSphereSphere through its kernel equals the same call through the
 *   hooks, bit for bit (forces, torques, records, sums), for every impact
 *   model, exponent form, friction, the inactive connector, with and without
 *   PostNewtonStep, with ghost atoms;
 * - physics: Newton's third law and the balance of moments over all atoms,
 *   a head-on Hertz contact against k_c delta^1.5, the virial and the sums
 *   against the typed hook pair by pair;
 * - a hand-written type (as a plugin may be) with masses, a reach, an
 *   initialize hook, 0 data coordinates and a scalar output runs through
 *   the hooks path; a binding of revision 0 (mbconnect 1.0's layout) reads
 *   as one without the new members;
 * - errors name what is wrong, a failing pair is named. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/evaluate.h"
#include "mbconnect/generated/contact_gran_classic.h"
#include "mbconnect/generated/contact_granular.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/wall_eval.h"
#include "mbconnect/pair_kernel.h"
#include "mbconnect/vec.h"

#define SIDE     8 /* atoms on a SIDE^3 jittered lattice */
#define NATOMS   (SIDE * SIDE * SIDE)
#define MAXPAIRS (3 * NATOMS)

/* An engine's state: atoms (array of structs) and the touching pairs of the
 * lattice neighbors, with their records. */
typedef struct scene {
    double x[NATOMS][3], v[NATOMS][3], w[NATOMS][3], r[NATOMS], m[NATOMS];
    double f[NATOMS][3], t[NATOMS][3];
    size_t npairs;
    mbc_pair pairs[MAXPAIRS];
    double rec[MAXPAIRS][4];
    unsigned char contact[MAXPAIRS];
} scene;

/* Spacing 1, radii 0.5 +- 2 %, positions jittered by +- 1 %: about half of
 * the lattice neighbors touch. Velocities up to 1 m/s (some pairs 20 m/s:
 * tensile damping), angular velocities up to 5 rad/s, records as a
 * PostNewtonStep may have left them (the gap's sign sometimes the opposite
 * of the geometry's, |v_t| on both sides of v_reg, impact velocities, plastic
 * overlaps below and above the overlap). Sphere a of a pair is randomly the
 * lower or the higher index. */
static void scene_fill(scene *sc, double v_reg, uint64_t seed)
{
    rt_rng g = {seed};
    for (int i = 0; i < NATOMS; ++i) {
        const int l[3] = {i % SIDE, (i / SIDE) % SIDE, i / (SIDE * SIDE)};
        sc->r[i] = rt_uniform(&g, 0.49, 0.51);
        sc->m[i] = rt_uniform(&g, 0.5, 2.0);
        const double vscale = (i % 7 == 0) ? 20.0 : 1.0;
        for (int c = 0; c < 3; ++c) {
            sc->x[i][c] = l[c] + rt_uniform(&g, -0.01, 0.01);
            sc->v[i][c] = vscale * rt_uniform(&g, -1.0, 1.0);
            sc->w[i][c] = rt_uniform(&g, -5.0, 5.0);
        }
    }
    sc->npairs = 0;
    for (int i = 0; i < NATOMS; ++i) {
        for (int c = 0; c < 3; ++c) {
            const int step = c == 0 ? 1 : c == 1 ? SIDE : SIDE * SIDE;
            const int l = c == 0 ? i % SIDE : c == 1 ? (i / SIDE) % SIDE : i / (SIDE * SIDE);
            if (l + 1 == SIDE)
                continue;
            const int j = i + step;
            const double d[3] = {sc->x[j][0] - sc->x[i][0], sc->x[j][1] - sc->x[i][1],
                                 sc->x[j][2] - sc->x[i][2]};
            const double gap = mbc_norm3(d) - (sc->r[i] + sc->r[j]);
            if (gap >= 0.0)
                continue;
            const size_t k = sc->npairs++;
            const int swap = rt_uniform(&g, 0.0, 1.0) < 0.5;
            sc->pairs[k].atom[0] = swap ? j : i;
            sc->pairs[k].atom[1] = swap ? i : j;
            sc->pairs[k].data = sc->rec[k];
            double *s = sc->rec[k];
            s[0] = (k % 11 == 3) ? -gap : (k % 3 == 0) ? rt_uniform(&g, 0.0, 0.01) : gap;
            s[1] = rt_uniform(&g, 0.0, 2.0 * (v_reg > 0.0 ? v_reg : 1e-3));
            s[2] = (k % 13 == 0) ? 0.0 : rt_uniform(&g, 0.0, 2.0);
            s[3] = rt_uniform(&g, 0.0, 1.5) * -gap;
        }
    }
    memset(sc->f, 0, sizeof sc->f);
    memset(sc->t, 0, sizeof sc->t);
    memset(sc->contact, 7, sizeof sc->contact);
}

static scene *scene_new(void)
{
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    return sc;
}

static mbc_pair_atoms scene_atoms(scene *sc, int owned)
{
    const mbc_pair_atoms a = {.position = (const double(*)[3])sc->x,
                              .velocity = (const double(*)[3])sc->v,
                              .angular_velocity = (const double(*)[3])sc->w,
                              .radius = sc->r,
                              .mass = sc->m,
                              .force = sc->f,
                              .torque = sc->t,
                              .owned = owned};
    return a;
}

/* Parameter sets: every impact model, EAPM variant, exponent form and
 * friction (as tests/batch/test_sphere_batch.c). */
typedef struct config {
    int model;
    double lambda_p, n_exp, n_adh, k_adh, f_adh, e_res, v_min, mu, v_reg;
    int active;
} config;

static const config configs[] = {
    {0, 0.0, 1.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1e-3, 1},  /* Hertz, no friction (the bench) */
    {0, 0.0, 1.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.3, 1e-3, 1},  /* Hertz, friction */
    {0, 0.4, 1.5, 1.5, 1e3, 0.5, 1.0, 0.0, 0.3, 1e-3, 1},  /* EAPM, adhesion */
    {0, 0.3, 1.0, 2.0, 5e3, 0.0, 1.0, 0.0, 0.2, 1e-3, 1},  /* EAPM, linear */
    {0, 0.6, 2.0, 1.0, 2e2, 1.0, 1.0, 0.0, 0.0, 1e-3, 1},  /* EAPM, quadratic, no friction */
    {0, 0.4, 1.3, 1.7, 1e3, 0.5, 1.0, 0.0, 0.3, 1e-3, 1},  /* general exponents (pow) */
    {0, 0.4, 1.5, 1.7, 1e3, 0.5, 1.0, 0.0, 0.3, 1e-3, 1},  /* fast n_exp, general n_adh */
    {1, 0.0, 1.5, 1.0, 0.0, 0.0, 0.6, 0.01, 0.3, 1e-3, 1}, /* Hunt-Crossley */
    {2, 0.0, 1.5, 1.0, 0.0, 0.0, 0.6, 0.0, 0.3, 1e-3, 1},  /* mixed, e > 1/3 */
    {2, 0.0, 1.0, 1.0, 0.0, 0.0, 0.2, 0.05, 0.4, 1e-3, 1}, /* mixed, e <= 1/3 */
    {2, 0.5, 2.0, 1.0, 0.0, 0.0, 0.9, 0.0, 0.0, 1e-3, 1},  /* no friction; lambda_P ignored */
    {1, 0.0, 2.5, 1.0, 0.0, 0.0, 0.8, 0.02, 0.3, 0.0, 1},  /* v_reg = 0; pow exponent */
    {0, 0.0, 1.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.3, 1e-3, 0},  /* inactive */
};

/* A ContactSphereSphere object of config c, initialized. */
static mbc_object *law_of(const config *c)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    assert_non_null(o);
    mbc_contact_sphere_sphere_params *p = o->params;
    p->contactStiffness = 1e5;
    p->contactDamping = 50.0;
    p->impactModel = c->model;
    p->contactPlasticityRatio = c->lambda_p;
    p->contactStiffnessExponent = c->n_exp;
    p->adhesionExponent = c->n_adh;
    p->adhesionCoefficient = c->k_adh;
    p->constantPullOffForce = c->f_adh;
    p->restitutionCoefficient = c->e_res;
    p->minimumImpactVelocity = c->v_min;
    p->dynamicFriction = c->mu;
    p->frictionProportionalZone = c->v_reg;
    p->activeConnector = c->active;
    p->spheresRadii[0] = p->spheresRadii[1] = 0.5;
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    return o;
}

/* Runs one call over every pair of sc with `flags`; sums from zero. */
static void run(mbc_object *o, scene *sc, int owned, unsigned flags, mbc_pair_sums *sums)
{
    const mbc_pair_atoms at = scene_atoms(sc, owned);
    const mbc_pair_call call = {&at, sc->pairs, sc->npairs, flags, 1e-5, sc->contact};
    memset(sums, 0, sizeof *sums);
    mbc_error err = {0};
    const mbc_status st = mbc_pair_eval(o, &call, sums, &err);
    if (st != MBC_OK)
        print_error("mbc_pair_eval: %s\n", err.message);
    assert_int_equal(st, MBC_OK);
}

/* a == b for every value (== takes -0 for +0). */
static void assert_same(const double *a, const double *b, size_t n, const char *what)
{
    for (size_t k = 0; k < n; ++k) {
        if (!(a[k] == b[k])) {
            print_error("%s[%zu]: kernel %.17g, hooks %.17g\n", what, k, a[k], b[k]);
            fail();
        }
    }
}

static void compare_paths(const config *c, int owned, unsigned flags, uint64_t seed)
{
    mbc_object *o = law_of(c);
    scene *kernel = scene_new(), *hooks = scene_new();
    scene_fill(kernel, c->v_reg, seed);
    memcpy(hooks, kernel, sizeof *hooks);
    for (size_t k = 0; k < hooks->npairs; ++k)
        hooks->pairs[k].data = hooks->rec[k];
    assert_true(kernel->npairs > NATOMS / 2);
    mbc_pair_sums sk, sh;
    run(o, kernel, owned, flags, &sk);
    run(o, hooks, owned, flags | MBC_PAIR_HOOKS, &sh);
    assert_same(&kernel->f[0][0], &hooks->f[0][0], 3 * NATOMS, "force");
    assert_same(&kernel->t[0][0], &hooks->t[0][0], 3 * NATOMS, "torque");
    assert_same(&kernel->rec[0][0], &hooks->rec[0][0], 4 * kernel->npairs, "record");
    assert_same(&sk.contacts, &sh.contacts, 1, "contacts");
    assert_same(&sk.overlap, &sh.overlap, 1, "overlap");
    assert_same(sk.virial, sh.virial, 6, "virial");
    assert_memory_equal(kernel->contact, hooks->contact, kernel->npairs);
    /* the law did something: forces on owned atoms only */
    double fmax = 0.0;
    for (int i = 0; i < NATOMS; ++i) {
        for (int d = 0; d < 3; ++d) {
            fmax = fmax > fabs(kernel->f[i][d]) ? fmax : fabs(kernel->f[i][d]);
            if (i >= owned)
                assert_true(kernel->f[i][d] == 0.0 && kernel->t[i][d] == 0.0);
        }
    }
    assert_true(c->active ? fmax > 0.0 : fmax == 0.0);
    free(kernel);
    free(hooks);
    mbc_object_destroy(o);
}

/* The kernel path equals the hooks path bit for bit. */
static void test_kernel_equals_hooks(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        compare_paths(&configs[c], NATOMS, MBC_PAIR_POST_NEWTON, 100 + c);
        compare_paths(&configs[c], NATOMS, 0, 200 + c);
        compare_paths(&configs[c], NATOMS - 3 * SIDE * SIDE, MBC_PAIR_POST_NEWTON, 300 + c);
    }
}

/* The energy books summed by the kernel path (its energy loops) equal the
 * hooks' outputs StoredEnergy and DissipatedPower (1e-12 relative: the
 * hooks take mbc_hypot3 for |v_t|), and the forces are still the hooks'
 * bits; the dissipated power is >= 0; the stored energy is not 0 (EAPM's
 * adhesion stores its work, negative: config 4's sum is below 0). */
static void test_energy_sums(void **state)
{
    (void)state;
    const size_t outputs[2] = {MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY,
                               MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER};
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        for (unsigned flags = 0; flags <= MBC_PAIR_POST_NEWTON; flags += MBC_PAIR_POST_NEWTON) {
            mbc_object *o = law_of(&configs[c]);
            scene *kernel = scene_new(), *hooks = scene_new();
            scene_fill(kernel, configs[c].v_reg, 400 + c);
            memcpy(hooks, kernel, sizeof *hooks);
            for (size_t k = 0; k < hooks->npairs; ++k)
                hooks->pairs[k].data = hooks->rec[k];
            double ek[2] = {0, 0}, eh[2] = {0, 0};
            const mbc_pair_atoms ak = scene_atoms(kernel, NATOMS), ah = scene_atoms(hooks, NATOMS);
            const mbc_pair_call ck = {&ak,   kernel->pairs, kernel->npairs,
                                      flags, 1e-5,          kernel->contact};
            const mbc_pair_call ch = {&ah,  hooks->pairs,  hooks->npairs, flags | MBC_PAIR_HOOKS,
                                      1e-5, hooks->contact};
            mbc_pair_sums sk = {.outputs = outputs, .output_count = 2, .output_sums = ek};
            mbc_pair_sums sh = {.outputs = outputs, .output_count = 2, .output_sums = eh};
            mbc_error err = {0};
            assert_int_equal(mbc_pair_eval(o, &ck, &sk, &err), MBC_OK);
            assert_int_equal(mbc_pair_eval(o, &ch, &sh, &err), MBC_OK);
            assert_same(&kernel->f[0][0], &hooks->f[0][0], 3 * NATOMS, "force");
            for (int q = 0; q < 2; ++q) {
                if (fabs(ek[q] - eh[q]) > 1e-12 * (1.0 + fabs(eh[q]))) {
                    print_error("config %zu output %d: kernel %.17g, hooks %.17g\n", c, q, ek[q],
                                eh[q]);
                    fail();
                }
            }
            assert_true(eh[1] >= 0.0);
            if (configs[c].active ? eh[0] == 0.0 : eh[0] != 0.0) {
                print_error("config %zu: stored %g\n", c, eh[0]);
                fail();
            }
            free(kernel);
            free(hooks);
            mbc_object_destroy(o);
        }
    }
}

/* ContactGranular (hertz/material, viscoelastic, mindlin, rolling sds,
 * twisting marshall) on the lattice, records from two steps: the kernel's
 * energy sums (runtime/connectors/contact_granular/contact_granular_pairs.c) equal the hooks'
 * outputs StoredEnergy and DissipatedPower summed pair by pair, 1e-12 relative. */
static void test_granular_energy_sums(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactGranular", &err);
    assert_non_null(o);
    const char *names[] = {"timeStep",          "normalModel",         "dampingModel",
                           "normalDamping",     "tangentialModel",     "tangentialStiffness",
                           "tangentialDamping", "frictionCoefficient", "rollingModel",
                           "rollingStiffness",  "rollingDamping",      "rollingFriction",
                           "twistingModel"};
    /* timeStep: the hooks' history step, the call's dt on the kernel path */
    const double values[] = {1e-3, 2, 2, 0.5, 2, -1, 0.5, 0.4, 1, 1e3, 2, 0.1, 2};
    for (size_t k = 0; k < sizeof values / sizeof values[0]; ++k)
        assert_int_equal(mbc_object_set(o, names[k], values[k], &err), MBC_OK);
    const double young[2] = {1e5, 2e5};
    const double radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "youngsModulus", young, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    const size_t outputs[2] = {MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY,
                               MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER};
    scene *sc = scene_new();
    scene_fill(sc, 1e-3, 77);
    static double rec[2][MAXPAIRS][MBC_CONTACT_GRANULAR_DATA_COUNT];
    static mbc_pair pairs[2][MAXPAIRS];
    memset(rec, 0, sizeof rec);
    for (int path = 0; path < 2; ++path) {
        for (size_t k = 0; k < sc->npairs; ++k) {
            pairs[path][k] = sc->pairs[k];
            pairs[path][k].data = rec[path][k];
        }
    }
    double e[2][2] = {{0, 0}, {0, 0}};
    for (int step = 0; step < 3; ++step) {
        for (int path = 0; path < 2; ++path) {
            const unsigned flags =
                (step < 2 ? MBC_PAIR_POST_NEWTON : 0) | (path ? MBC_PAIR_HOOKS : 0);
            const mbc_pair_atoms at = scene_atoms(sc, NATOMS);
            const mbc_pair_call call = {&at, pairs[path], sc->npairs, flags, 1e-3, NULL};
            e[path][0] = e[path][1] = 0.0;
            mbc_pair_sums sums = {.outputs = outputs, .output_count = 2, .output_sums = e[path]};
            assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
        }
        for (int q = 0; q < 2; ++q) {
            if (fabs(e[0][q] - e[1][q]) > 1e-12 * (1.0 + fabs(e[1][q]))) {
                print_error("step %d output %d: kernel %.17g, hooks %.17g\n", step, q, e[0][q],
                            e[1][q]);
                fail();
            }
        }
        assert_true(e[1][0] > 0.0);
    }
    free(sc);
    mbc_object_destroy(o);
}

/* Results of mbc_pair_eval_results added to sc's atoms in pair order, as
 * the header documents (owned atoms only). */
static void apply_results(scene *sc, const mbc_pair_result *res, int owned)
{
    for (size_t k = 0; k < sc->npairs; ++k) {
        const int a = sc->pairs[k].atom[0], b = sc->pairs[k].atom[1];
        for (int c = 0; c < 3; ++c) {
            if (a < owned) {
                sc->f[a][c] -= res[k].force[c];
                sc->t[a][c] += res[k].torque[0][c];
                sc->t[a][c] += res[k].couple[0][c];
                sc->t[a][c] += res[k].couple[1][c];
            }
            if (b < owned) {
                sc->f[b][c] += res[k].force[c];
                sc->t[b][c] += res[k].torque[1][c];
                sc->t[b][c] -= res[k].couple[0][c];
                sc->t[b][c] -= res[k].couple[1][c];
            }
        }
    }
}

/* One law o on two copies of a scene: in place, and with per-pair results
 * (the force and torque arrays NULL) added in pair order; the same bits in
 * forces, torques, records, contact flags and sums, and the per-pair
 * outputs add up to the summed ones. */
static void compare_results(mbc_object *o, scene *in_place, int owned, unsigned flags,
                            const size_t *outputs, size_t output_count, int data)
{
    scene *sr = scene_new();
    memcpy(sr, in_place, sizeof *sr);
    for (size_t k = 0; k < sr->npairs; ++k)
        sr->pairs[k].data =
            (double *)in_place->pairs[k].data - (double *)in_place->rec + (double *)sr->rec;
    double s0[4] = {0}, s1[4] = {0};
    mbc_pair_sums a = {.outputs = outputs, .output_count = output_count, .output_sums = s0};
    mbc_pair_sums b = {.outputs = outputs, .output_count = output_count, .output_sums = s1};
    const mbc_pair_atoms at = scene_atoms(in_place, owned);
    mbc_pair_atoms ar = scene_atoms(sr, owned);
    ar.force = NULL;
    ar.torque = NULL;
    const mbc_pair_call ca = {&at,  in_place->pairs,  in_place->npairs, flags,
                              1e-5, in_place->contact};
    const mbc_pair_call cb = {&ar, sr->pairs, sr->npairs, flags, 1e-5, sr->contact};
    mbc_pair_result *res = calloc(MAXPAIRS, sizeof *res);
    double *per = calloc(MAXPAIRS * 4, sizeof *per);
    assert_non_null(res);
    assert_non_null(per);
    mbc_error err = {0};
    assert_int_equal(mbc_pair_eval(o, &ca, &a, &err), MBC_OK);
    assert_int_equal(mbc_pair_eval_results(o, &cb, res, per, &b, &err), MBC_OK);
    apply_results(sr, res, owned);
    assert_same(&in_place->f[0][0], &sr->f[0][0], 3 * NATOMS, "force");
    assert_same(&in_place->t[0][0], &sr->t[0][0], 3 * NATOMS, "torque");
    assert_same(&in_place->rec[0][0], &sr->rec[0][0], (size_t)data * in_place->npairs, "record");
    assert_memory_equal(in_place->contact, sr->contact, in_place->npairs);
    assert_same(&a.contacts, &b.contacts, 1, "contacts");
    assert_same(a.virial, b.virial, 6, "virial");
    assert_same(s0, s1, output_count, "output sums");
    for (size_t q = 0; q < output_count; ++q) {
        double t = 0.0, scale = 0.0;
        for (size_t k = 0; k < sr->npairs; ++k) {
            const double w = mbc_pair_weight(&ar, &sr->pairs[k]);
            t += w * per[k * output_count + q];
            scale += fabs(per[k * output_count + q]);
        }
        assert_true(fabs(t - s1[q]) <= 1e-12 * (1.0 + scale));
    }
    free(res);
    free(per);
    free(sr);
}

/* mbc_pair_eval_results gives the in-place path's bits when its results
 * are added in pair order: ContactSphereSphere through its kernel and
 * through the hooks, every configuration, with and without PostNewtonStep,
 * with ghost atoms, with the energy books per pair; ContactGranular with
 * rolling and twisting torques (the couples). */
static void test_results_equal_in_place(void **state)
{
    (void)state;
    const size_t books[2] = {MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY,
                             MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER};
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        mbc_object *o = law_of(&configs[c]);
        for (int hooks = 0; hooks < 2; ++hooks) {
            const unsigned via = hooks ? MBC_PAIR_HOOKS : 0u;
            scene *sc = scene_new();
            scene_fill(sc, configs[c].v_reg, 500 + c);
            compare_results(o, sc, NATOMS, MBC_PAIR_POST_NEWTON | via, NULL, 0, 4);
            compare_results(o, sc, NATOMS - 3 * SIDE * SIDE, via, books, 2, 4);
            free(sc);
        }
        mbc_object_destroy(o);
    }
    mbc_error err = {0};
    mbc_object *g = mbc_object_create("ContactGranular", &err);
    assert_non_null(g);
    const char *names[] = {"normalModel",         "normalStiffness",     "normalDamping",
                           "tangentialModel",     "tangentialStiffness", "tangentialDamping",
                           "frictionCoefficient", "rollingModel",        "rollingStiffness",
                           "rollingDamping",      "rollingFriction",     "twistingModel"};
    const double values[] = {1, 2e5, 0.5, 1, 1e4, 0.5, 0.4, 1, 1e3, 2, 0.1, 2};
    for (size_t k = 0; k < sizeof values / sizeof values[0]; ++k)
        assert_int_equal(mbc_object_set(g, names[k], values[k], &err), MBC_OK);
    const double radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(g, "spheresRadii", radii, 2, &err), MBC_OK);
    mbc_object_set_default_indices(g);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(g, &err, 1, &violations), MBC_OK);
    const size_t gbooks[2] = {MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY,
                              MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE};
    static double rec[MAXPAIRS][MBC_CONTACT_GRANULAR_DATA_COUNT];
    for (int hooks = 0; hooks < 2; ++hooks) {
        scene *sc = scene_new();
        scene_fill(sc, 1e-3, 600 + hooks);
        memset(rec, 0, sizeof rec);
        for (size_t k = 0; k < sc->npairs; ++k)
            sc->pairs[k].data = rec[k];
        /* two steps in place first: histories to carry */
        mbc_pair_sums sums = {0};
        const mbc_pair_atoms at = scene_atoms(sc, NATOMS);
        const mbc_pair_call call = {&at, sc->pairs, sc->npairs, MBC_PAIR_POST_NEWTON, 1e-3, NULL};
        assert_int_equal(mbc_pair_eval(g, &call, &sums, &err), MBC_OK);
        assert_int_equal(mbc_pair_eval(g, &call, &sums, &err), MBC_OK);
        memset(sc->f, 0, sizeof sc->f);
        memset(sc->t, 0, sizeof sc->t);
        /* the scene's records are its rec[][4]: point them at the granular records */
        scene *copy = scene_new();
        memcpy(copy, sc, sizeof *copy);
        static double rec2[MAXPAIRS][MBC_CONTACT_GRANULAR_DATA_COUNT];
        memcpy(rec2, rec, sizeof rec);
        for (size_t k = 0; k < copy->npairs; ++k)
            copy->pairs[k].data = rec2[k];
        mbc_pair_result *res = calloc(MAXPAIRS, sizeof *res);
        double *per = calloc(MAXPAIRS * 2, sizeof *per);
        double s0[2] = {0}, s1[2] = {0};
        mbc_pair_sums a = {.outputs = gbooks, .output_count = 2, .output_sums = s0};
        mbc_pair_sums b = {.outputs = gbooks, .output_count = 2, .output_sums = s1};
        const unsigned flags = MBC_PAIR_POST_NEWTON | (hooks ? MBC_PAIR_HOOKS : 0u);
        mbc_pair_atoms ar = scene_atoms(copy, NATOMS - 2 * SIDE * SIDE);
        const mbc_pair_atoms aa = scene_atoms(sc, NATOMS - 2 * SIDE * SIDE);
        const mbc_pair_call cg = {&aa, sc->pairs, sc->npairs, flags, 1e-3, sc->contact};
        ar.force = NULL;
        ar.torque = NULL;
        const mbc_pair_call cb = {&ar, copy->pairs, copy->npairs, flags, 1e-3, copy->contact};
        assert_int_equal(mbc_pair_eval(g, &cg, &a, &err), MBC_OK);
        assert_int_equal(mbc_pair_eval_results(g, &cb, res, per, &b, &err), MBC_OK);
        apply_results(copy, res, NATOMS - 2 * SIDE * SIDE);
        assert_same(&sc->f[0][0], &copy->f[0][0], 3 * NATOMS, "granular force");
        assert_same(&sc->t[0][0], &copy->t[0][0], 3 * NATOMS, "granular torque");
        assert_same(&rec[0][0], &rec2[0][0], MBC_CONTACT_GRANULAR_DATA_COUNT * sc->npairs,
                    "granular record");
        assert_same(s0, s1, 2, "granular output sums");
        double twist = 0.0;
        for (size_t k = 0; k < copy->npairs; ++k)
            twist += fabs(res[k].couple[0][0]) + fabs(res[k].couple[1][1]);
        assert_true(hooks || twist > 0.0); /* the kernel has the couples to add */
        free(res);
        free(per);
        free(copy);
        free(sc);
    }
    mbc_object_destroy(g);
}

/* The same for ContactGranClassic's kernel (each model, through the kernel
 * and the hooks): two history steps in place first, then one step in place
 * and one with results from the same records; the same bits, the overlap
 * and normal force per pair adding up to their sums. */
static void test_results_equal_in_place_classic(void **state)
{
    (void)state;
    const size_t outs[2] = {MBC_CONTACT_GRAN_CLASSIC_OUTPUT_OVERLAP,
                            MBC_CONTACT_GRAN_CLASSIC_OUTPUT_NORMAL_FORCE};
    for (int model = 0; model < 3; ++model) {
        mbc_error err = {0};
        mbc_object *o = mbc_object_create("ContactGranClassic", &err);
        assert_non_null(o);
        const char *names[] = {"model",         "normalStiffness",   "tangentialStiffness",
                               "normalDamping", "tangentialDamping", "frictionCoefficient",
                               "timeStep"};
        const double values[] = {model, model == 2 ? 2e7 : 2e5, 6e4, 50, 25, 0.4, 1e-3};
        for (size_t k = 0; k < sizeof values / sizeof values[0]; ++k)
            assert_int_equal(mbc_object_set(o, names[k], values[k], &err), MBC_OK);
        const double radii[2] = {0.5, 0.5};
        assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
        mbc_object_set_default_indices(o);
        size_t violations = 0;
        assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
        for (int hooks = 0; hooks < 2; ++hooks) {
            const unsigned via = hooks ? MBC_PAIR_HOOKS : 0u;
            scene *sc = scene_new();
            scene_fill(sc, 1e-3, 700 + 2 * model + hooks);
            mbc_pair_sums sums = {0};
            const mbc_pair_atoms at = scene_atoms(sc, NATOMS);
            const mbc_pair_call call = {&at,  sc->pairs, sc->npairs, MBC_PAIR_POST_NEWTON | via,
                                        1e-3, NULL};
            assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
            assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
            memset(sc->f, 0, sizeof sc->f);
            memset(sc->t, 0, sizeof sc->t);
            compare_results(o, sc, NATOMS - 3 * SIDE * SIDE, MBC_PAIR_POST_NEWTON | via, outs, 2,
                            MBC_CONTACT_GRAN_CLASSIC_DATA_COUNT);
            free(sc);
        }
        mbc_object_destroy(o);
    }
}

/* Over all atoms (all owned): sum of forces 0 and sum of torques plus
 * x_i x f_i 0 (the contact point is common to both spheres), to round-off. */
static void test_momentum_balance(void **state)
{
    (void)state;
    mbc_object *o = law_of(&configs[1]); /* Hertz with friction */
    scene *sc = scene_new();
    scene_fill(sc, 1e-3, 7);
    mbc_pair_sums sums;
    run(o, sc, NATOMS, MBC_PAIR_POST_NEWTON, &sums);
    double fsum[3] = {0, 0, 0}, msum[3] = {0, 0, 0}, fmag = 0.0, mmag = 0.0;
    for (int i = 0; i < NATOMS; ++i) {
        double xf[3];
        mbc_cross3(sc->x[i], sc->f[i], xf);
        for (int c = 0; c < 3; ++c) {
            fsum[c] += sc->f[i][c];
            msum[c] += sc->t[i][c] + xf[c];
            fmag += fabs(sc->f[i][c]);
            mmag += fabs(sc->t[i][c]) + fabs(xf[c]);
        }
    }
    assert_true(fmag > 1.0 && mmag > 1.0);
    for (int c = 0; c < 3; ++c) {
        ASSERT_NEAR(fsum[c], 0.0, 1e-13 * fmag);
        ASSERT_NEAR(msum[c], 0.0, 1e-13 * mmag);
    }
    free(sc);
    mbc_object_destroy(o);
}

/* Two spheres head-on, elastic Hertz without damping: the force on b is
 * k_c delta^1.5 along +x, on a its negative; no torque; the record's gap is
 * -delta; without PostNewtonStep the record stays. */
static void test_head_on_hertz(void **state)
{
    (void)state;
    const config c = {0, 0.0, 1.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1e-3, 1};
    mbc_object *o = law_of(&c);
    mbc_contact_sphere_sphere_params *p = o->params;
    p->contactDamping = 0.0;
    double x[2][3] = {{0, 0, 0}, {0.98, 0, 0}}, v[2][3] = {{0}}, w[2][3] = {{0}};
    double r[2] = {0.5, 0.5}, f[2][3] = {{0}}, t[2][3] = {{0}}, rec[4] = {0.1, 0, 0, 0};
    mbc_pair pair = {{0, 1}, rec};
    const mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])v, (const double(*)[3])w, r, NULL, f, t, 2};
    mbc_pair_call call = {&at, &pair, 1, MBC_PAIR_POST_NEWTON, 1e-5, NULL};
    mbc_pair_sums sums = {0};
    mbc_error err = {0};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    const double delta = 0.02, expect = 1e5 * delta * sqrt(delta);
    ASSERT_NEAR(f[1][0], expect, 1e-12 * expect);
    ASSERT_NEAR(f[0][0], -expect, 1e-12 * expect);
    ASSERT_NEAR(rec[0], -delta, 1e-15);
    for (int s = 0; s < 2; ++s)
        for (int d = 0; d < 3; ++d)
            ASSERT_NEAR(t[s][d], 0.0, 1e-300);
    ASSERT_NEAR(sums.contacts, 1.0, 0.0);
    ASSERT_NEAR(sums.overlap, delta, 1e-15);
    ASSERT_NEAR(sums.virial[0], 0.98 * expect, 1e-12 * expect);
    /* forces of the stored data only: record unchanged, same force again */
    rec[0] = 0.5; /* open by the stored active set: no force */
    call.flags = 0;
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    ASSERT_NEAR(rec[0], 0.5, 0.0);
    ASSERT_NEAR(f[1][0], expect, 1e-12 * expect);
    mbc_object_destroy(o);
}

/* Sums and virial against the typed hook pair by pair, with ghost atoms
 * (weight 1/2). */
static void test_sums_against_hook(void **state)
{
    (void)state;
    mbc_object *o = law_of(&configs[1]);
    scene *sc = scene_new();
    scene_fill(sc, 1e-3, 11);
    static double saved[MAXPAIRS][4];
    memcpy(saved, sc->rec, sizeof saved);
    const int owned = NATOMS / 2;
    mbc_pair_sums sums;
    run(o, sc, owned, MBC_PAIR_POST_NEWTON, &sums);
    double contacts = 0.0, overlap = 0.0, virial[6] = {0};
    mbc_contact_sphere_sphere_params p = *(mbc_contact_sphere_sphere_params *)o->params;
    for (size_t k = 0; k < sc->npairs; ++k) {
        const int a = sc->pairs[k].atom[0], b = sc->pairs[k].atom[1];
        const double w = (a < owned && b < owned) ? 1.0 : 0.5;
        mbc_rigid_marker m[2] = {{.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}},
                                 {.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}}};
        for (int c = 0; c < 3; ++c) {
            m[0].position[c] = sc->x[a][c];
            m[1].position[c] = sc->x[b][c];
            m[0].velocity[c] = sc->v[a][c];
            m[1].velocity[c] = sc->v[b][c];
            m[0].angular_velocity_local[c] = sc->w[a][c];
            m[1].angular_velocity_local[c] = sc->w[b][c];
        }
        p.spheresRadii[0] = sc->r[a];
        p.spheresRadii[1] = sc->r[b];
        double now[4];
        mbc_state s = {
            .marker = {&m[0], &m[1]}, .data = saved[k], .data_start = saved[k], .data_count = 4};
        mbc_post_newton pn = {.data = now};
        mbc_error err = {0};
        assert_int_equal(mbc_contact_sphere_sphere_post_newton_step(&p, &s, &pn, &err), MBC_OK);
        s.data = now;
        mbc_forces fo = {0};
        assert_int_equal(mbc_contact_sphere_sphere_forces(&p, &s, &fo, &err), MBC_OK);
        const double d[3] = {sc->x[b][0] - sc->x[a][0], sc->x[b][1] - sc->x[a][1],
                             sc->x[b][2] - sc->x[a][2]};
        contacts += w;
        overlap += w * (sc->r[a] + sc->r[b] - mbc_norm3(d));
        const int ij[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
        for (int c = 0; c < 6; ++c)
            virial[c] += w * d[ij[c][0]] * fo.force[1][ij[c][1]];
        assert_int_equal(sc->contact[k], 1);
    }
    ASSERT_NEAR(sums.contacts, contacts, 0.0);
    ASSERT_NEAR(sums.overlap, overlap, 1e-12 * overlap);
    for (int c = 0; c < 6; ++c)
        ASSERT_NEAR(sums.virial[c], virial[c], 1e-12 * (fabs(virial[0]) + fabs(virial[1])));
    free(sc);
    mbc_object_destroy(o);
}

/* ---- a hand-written type, as a plugin may be: masses, reach, 0 data ---- */

typedef struct mass_params {
    double radii[2], masses[2];
    double k;     /* N/(m kg): F = k m_eff (-gap), gap < reach */
    double reach; /* m */
    double m_eff; /* derived by initialize */
} mass_params;

static mbc_status mass_initialize(void *params, mbc_error *err)
{
    mass_params *p = params;
    (void)err;
    p->m_eff = 1.0 / (1.0 / p->masses[0] + 1.0 / p->masses[1]);
    return MBC_OK;
}

/* Force on m1 k m_eff (-gap) n while gap < reach (an adhesive pull-back
 * beyond touching), on m0 its negative; no torques. */
static void mass_force(const mass_params *p, const mbc_state *s, double f[3])
{
    double d[3];
    for (int c = 0; c < 3; ++c)
        d[c] = s->marker[1]->position[c] - s->marker[0]->position[c];
    const double dist = mbc_norm3(d), gap = dist - (p->radii[0] + p->radii[1]);
    for (int c = 0; c < 3; ++c)
        f[c] = gap < p->reach ? p->k * p->m_eff * -gap * d[c] / dist : 0.0;
}

static mbc_status mass_forces(const void *params, const mbc_state *s, mbc_forces *out,
                              mbc_error *err)
{
    (void)err;
    double f[3];
    mass_force(params, s, f);
    for (int c = 0; c < 3; ++c) {
        out->force[1][c] = f[c];
        out->force[0][c] = -f[c];
        out->torque[0][c] = out->torque[1][c] = 0.0;
    }
    return MBC_OK;
}

/* Output 0, "Energy": k m_eff gap^2 / 2. */
static mbc_status mass_output(const void *params, const mbc_state *s, size_t output, double *out,
                              size_t size, mbc_error *err)
{
    (void)output;
    (void)size;
    (void)err;
    const mass_params *p = params;
    double f[3];
    mass_force(p, s, f);
    const double fn = mbc_norm3(f);
    out[0] = 0.5 * fn * fn / (p->k * p->m_eff);
    return MBC_OK;
}

static double mass_reach(const void *params, double r_a, double r_b)
{
    (void)r_a;
    (void)r_b;
    return ((const mass_params *)params)->reach;
}

static const double mass_default_two[] = {1.0, 1.0};
static const double mass_default_k[] = {100.0};
static const double mass_default_reach[] = {0.05};
static const mbc_param_info mass_param_table[] = {
    {.name = "radii",
     .type = "Vector2D",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_FIXED,
     .size = 2,
     .offset = offsetof(mass_params, radii),
     .default_values = mass_default_two,
     .default_count = 2},
    {.name = "masses",
     .type = "Vector2D",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_FIXED,
     .size = 2,
     .offset = offsetof(mass_params, masses),
     .default_values = mass_default_two,
     .default_count = 2},
    {.name = "k",
     .type = "Real",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_SCALAR,
     .size = 1,
     .offset = offsetof(mass_params, k),
     .default_values = mass_default_k,
     .default_count = 1},
    {.name = "reach",
     .type = "Real",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_SCALAR,
     .size = 1,
     .offset = offsetof(mass_params, reach),
     .default_values = mass_default_reach,
     .default_count = 1},
    {.name = "mEff",
     .type = "Real",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_SCALAR,
     .size = 1,
     .offset = offsetof(mass_params, m_eff),
     .role = MBC_ROLE_DERIVED,
     .default_values = mass_default_k,
     .default_count = 1},
};
static const mbc_output_info mass_outputs[] = {{"Energy", NULL, "elastic energy", 1, -1}};

/* The same law as a kernel (mbconnect/pair_kernel.h): masses, one scalar
 * output, no data coordinates, a contact that ends at gap >= reach. */
typedef struct mass_law {
    double k, reach;
} mass_law;

static inline mbc_pair_out mass_kernel(const mass_law *L, const mbc_pair_in in, const double *start,
                                       double *now, const int post_newton, const int plain)
{
    (void)start;
    (void)now;
    (void)post_newton;
    (void)plain;
    const double m_eff = 1.0 / (1.0 / in.m[0] + 1.0 / in.m[1]);
    const int contact = in.gap < L->reach;
    const double fn = contact ? L->k * m_eff * -in.gap : 0.0;
    mbc_pair_out o = {{fn * in.n[0], fn * in.n[1], fn * in.n[2]},
                      {{0, 0, 0}, {0, 0, 0}},
                      {0.5 * L->k * m_eff * in.gap * in.gap * contact},
                      contact,
                      0,
                      0};
    return o;
}
MBC_PAIR_KERNEL_LOOP(mass_loop, mass_law, mass_kernel, 1, 1, 1, 0)

static mbc_status mass_evaluate(const void *params, const mbc_pair_call *call, mbc_pair_sums *sums,
                                mbc_error *err)
{
    const mass_params *p = params;
    const mass_law L = {p->k, p->reach};
    mbc_status st = mbc_pair_kernel_outputs(err, "TestMassSpring", sums, 1);
    if (st != MBC_OK)
        return st;
    const size_t bad = mass_loop(&L, call, sums);
    return bad < call->count ? mbc_pair_kernel_fail(err, "TestMassSpring", call, sums, bad, "?")
                             : MBC_OK;
}
static const mbc_pair_binding mass_binding = {.kind = MBC_PAIR_BINDING_SPHERES,
                                              .center_markers = {1, 0},
                                              .revision = MBC_PAIR_BINDING_REVISION,
                                              .radii_param = 0,
                                              .masses_param = 2,
                                              .reach = mass_reach};
static const mbc_pair_binding mass_kernel_binding = {.kind = MBC_PAIR_BINDING_SPHERES,
                                                     .center_markers = {1, 0},
                                                     .revision = MBC_PAIR_BINDING_REVISION,
                                                     .radii_param = 0,
                                                     .masses_param = 2,
                                                     .evaluate = mass_evaluate,
                                                     .reach = mass_reach};
static const mbc_type_info mass_type = {
    .type_name = "TestMassSpring",
    .class_name = "ObjectTestMassSpring",
    .description = "test",
    .marker_types = {"Position", "Position"},
    .marker_kinds = {MBC_MARKER_POSITION, MBC_MARKER_POSITION},
    .params_size = sizeof(mass_params),
    .params = mass_param_table,
    .param_count = sizeof mass_param_table / sizeof mass_param_table[0],
    .outputs = mass_outputs,
    .output_count = 1,
    .data_per = -1,
    .initialize = mass_initialize,
    .forces = mass_forces,
    .output = mass_output,
    .pair_binding = &mass_binding,
};

/* Three atoms on x: 0-1 overlap 0.1, 1-2 apart by 0.02 (within reach),
 * 0-2 beyond it; atom 2 a ghost. Through the hooks (binding without a
 * kernel: masses and radii reach the parameters before initialize, m_eff;
 * sphere a sits at marker 1, centers {1, 0}) or through the kernel (the
 * template with masses, one output, no data): contact lasts until gap >=
 * reach, the Energy output is summed with its weight, no record needed. */
static void hand_written_pairs(const mbc_pair_binding *binding, int kernel)
{
    mbc_type_info t = mass_type;
    t.pair_binding = binding;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create_type(&t, &err);
    assert_non_null(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    assert_int_equal(mbc_pair_eval_has_kernel(&t), kernel);
    assert_true(mbc_pair_eval_binding_ok(&t, &err));
    ASSERT_NEAR(mbc_pair_eval_reach(o, 1.0, 2.0), 0.05, 0.0);
    double x[3][3] = {{0, 0, 0}, {0.9, 0, 0}, {1.92, 0, 0}}, v[3][3] = {{0}}, w[3][3] = {{0}};
    double r[3] = {0.5, 0.5, 0.5}, m[3] = {1.0, 3.0, 1.0}, f[3][3] = {{0}}, t3[3][3] = {{0}};
    mbc_pair pairs[3] = {{{0, 1}, NULL}, {{1, 2}, NULL}, {{0, 2}, NULL}};
    unsigned char contact[3] = {9, 9, 9};
    const mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])v, (const double(*)[3])w, r, m, f, t3, 2};
    const size_t energy = 0;
    double energy_sum = 0.0;
    mbc_pair_sums sums = {.outputs = &energy, .output_count = 1, .output_sums = &energy_sum};
    const mbc_pair_call call = {&at, pairs, 3, MBC_PAIR_POST_NEWTON, 1e-3, contact};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    const double m01 = 1.0 / (1.0 / 1.0 + 1.0 / 3.0), m12 = 1.0 / (1.0 / 3.0 + 1.0);
    const double f01 = 100.0 * m01 * 0.1, f12 = 100.0 * m12 * -0.02;
    ASSERT_NEAR(f[0][0], -f01, 1e-13);
    ASSERT_NEAR(f[1][0], f01 - f12, 1e-13);
    ASSERT_NEAR(f[2][0], 0.0, 0.0); /* a ghost gets nothing */
    assert_int_equal(contact[0], 1);
    assert_int_equal(contact[1], 1);
    assert_int_equal(contact[2], 0);
    ASSERT_NEAR(sums.contacts, 1.5, 0.0);
    ASSERT_NEAR(sums.overlap, 0.1 - 0.5 * 0.02, 1e-15);
    const double e = 0.5 * 100.0 * m01 * 0.01 + 0.5 * 0.5 * 100.0 * m12 * 0.02 * 0.02;
    ASSERT_NEAR(energy_sum, e, 1e-14);
    /* no masses: the binding needs them */
    const mbc_pair_atoms no_mass = {
        (const double(*)[3])x, (const double(*)[3])v, (const double(*)[3])w, r, NULL, f, t3, 2};
    const mbc_pair_call call2 = {&no_mass, pairs, 3, MBC_PAIR_POST_NEWTON, 1e-3, contact};
    assert_int_equal(mbc_pair_eval(o, &call2, &sums, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "mass"));
    mbc_object_destroy(o);
}

static void test_hand_written_type(void **state)
{
    (void)state;
    hand_written_pairs(&mass_binding, 0);
    hand_written_pairs(&mass_kernel_binding, 1);
}

/* mbconnect 1.0's binding (plugin ABI 2): no revision member, the padding
 * after center_markers zero by static initialization. */
typedef struct binding_v0 {
    mbc_pair_binding_kind kind;
    int center_markers[2];
    size_t radii_param;
} binding_v0;
static const binding_v0 old_binding = {MBC_PAIR_BINDING_SPHERES, {0, 1}, 0};

static void test_revision_zero_binding(void **state)
{
    (void)state;
    assert_int_equal(offsetof(binding_v0, radii_param), offsetof(mbc_pair_binding, radii_param));
    const mbc_pair_binding *b = (const mbc_pair_binding *)(const void *)&old_binding;
    assert_int_equal(b->revision, 0);
    assert_int_equal(mbc_pair_binding_masses(b), 0);
    assert_null(mbc_pair_binding_evaluate(b));
    assert_null(mbc_pair_binding_reach(b));
    /* the type above with the old binding: the hooks, no masses, reach 0 */
    mbc_type_info t = mass_type;
    t.pair_binding = b;
    mbc_error err = {0};
    assert_true(mbc_pair_eval_binding_ok(&t, &err));
    mbc_object *o = mbc_object_create_type(&t, &err);
    assert_non_null(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    ASSERT_NEAR(mbc_pair_eval_reach(o, 1.0, 1.0), 0.0, 0.0);
    double x[2][3] = {{0, 0, 0}, {0.9, 0, 0}}, zero[2][3] = {{0}}, f[2][3] = {{0}},
           t3[2][3] = {{0}};
    double r[2] = {0.5, 0.5};
    mbc_pair pair = {{0, 1}, NULL};
    const mbc_pair_atoms at = {(const double(*)[3])x,
                               (const double(*)[3])zero,
                               (const double(*)[3])zero,
                               r,
                               NULL,
                               f,
                               t3,
                               2};
    const mbc_pair_call call = {&at, &pair, 1, MBC_PAIR_POST_NEWTON, 0.0, NULL};
    mbc_pair_sums sums = {0};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    /* masses stay the defaults [1, 1]: m_eff 1/2; force on b (+x) */
    ASSERT_NEAR(f[1][0], 100.0 * 0.5 * 0.1, 1e-13);
    mbc_object_destroy(o);
}

/* Errors: one line naming what is wrong; a failing pair is named. */
static void test_errors(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *joint = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(joint);
    mbc_pair_sums sums = {0};
    mbc_pair_call call = {0};
    assert_int_equal(mbc_pair_eval(joint, &call, &sums, &err), MBC_ERR_STATE);
    mbc_object_destroy(joint);

    mbc_object *o = law_of(&configs[0]);
    assert_int_equal(mbc_pair_eval(o, NULL, &sums, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "needs a call"));
    double x[2][3] = {{0, 0, 0}, {0.9, 0, 0}}, z[2][3] = {{0}}, f[2][3] = {{0}}, t[2][3] = {{0}};
    double r[2] = {0.5, 0.5}, rec[4] = {0.1, 0, 0, 0};
    mbc_pair pair = {{0, 1}, rec};
    mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])z, (const double(*)[3])z, r, NULL, f, NULL, 2};
    call = (mbc_pair_call){&at, &pair, 1, MBC_PAIR_POST_NEWTON, 0.0, NULL};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "torque"));
    at.torque = t;
    /* Force (size 3) is no scalar output */
    const size_t force = MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE;
    double out = 0.0;
    sums = (mbc_pair_sums){.outputs = &force, .output_count = 1, .output_sums = &out};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_ERR_VALUE);
    assert_non_null(strstr(err.message, "not a scalar output"));
    /* a non-finite force names the pair, through the kernel and the hooks */
    sums = (mbc_pair_sums){0};
    mbc_pair pairs[2] = {{{0, 1}, rec}, {{0, 1}, rec}};
    static const double huge[2][3] = {{0, 0, 0}, {1e308, 0, 0}};
    at.velocity = huge;
    call.pairs = pairs;
    call.count = 2;
    rec[0] = -1.0;
    call.flags = 0;
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "not finite"));
    assert_int_equal(sums.failed, 0);
    sums = (mbc_pair_sums){0};
    call.flags = MBC_PAIR_HOOKS;
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "not finite"));
    assert_int_equal(sums.failed, 0);
    mbc_object_destroy(o);
}

/* mbc_wall_eval's boundary: one line per mistake, as mbc_pair_eval's
 * (runtime/eval/pair_eval_check.h): a type without a wall binding, no call,
 * missing arrays, an output that is not a scalar; a correct call then
 * evaluates (a sphere 0.1 into a plane: a force along +z on it). */
static void test_wall_errors(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_pair_sums sums = {0};
    mbc_wall_call call = {0};
    mbc_object *css = law_of(&configs[0]);
    assert_int_equal(mbc_wall_eval(css, &call, &sums, &err), MBC_ERR_STATE);
    assert_non_null(strstr(err.message, "declares no wall binding"));
    mbc_object_destroy(css);

    mbc_object *o = mbc_object_create("ContactGranular", &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_set(o, "normalModel", 0, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "normalStiffness", 1e3, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "normalDamping", 0, &err), MBC_OK);
    const double radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    assert_int_equal(mbc_wall_eval(o, NULL, &sums, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactGranular: wall evaluation needs a call and its sums");
    double x[1][3] = {{0, 0, 0.4}}, z[1][3] = {{0}}, f[1][3] = {{0}}, t[1][3] = {{0}};
    double r[1] = {0.5}, m[1] = {1.0};
    double rec[MBC_CONTACT_GRANULAR_DATA_COUNT] = {0};
    mbc_wall_contact wc = {.atom = 0, .data = rec, .del = {0, 0, 0.4}, .radius = INFINITY};
    mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])z, (const double(*)[3])z, r, m, f, NULL, 1};
    call = (mbc_wall_call){&at, &wc, 1, MBC_PAIR_POST_NEWTON, 1e-3, NULL};
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactGranular: wall evaluation needs the contacts and the atoms' "
                        "position, velocity, angular velocity, radius, force and torque arrays");
    at.torque = t;
    const size_t force = MBC_CONTACT_GRANULAR_OUTPUT_FORCE; /* size 3: no sum */
    double out = 0.0;
    sums = (mbc_pair_sums){.outputs = &force, .output_count = 1, .output_sums = &out};
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "ContactGranular: output 0 is not a scalar output (wall sums "
                                     "add one value per contact)");
    const size_t normal = MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE;
    sums = (mbc_pair_sums){.outputs = &normal, .output_count = 1, .output_sums = &out};
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_OK);
    /* hooke: k_n delta = 1e3 * 0.1 on the sphere, away from the wall */
    ASSERT_NEAR(f[0][2], 100.0, 1e-10);
    ASSERT_NEAR(out, 100.0, 1e-10);
    ASSERT_NEAR(sums.contacts, 1.0, 0.0);
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernel_equals_hooks),
        cmocka_unit_test(test_energy_sums),
        cmocka_unit_test(test_granular_energy_sums),
        cmocka_unit_test(test_results_equal_in_place),
        cmocka_unit_test(test_results_equal_in_place_classic),
        cmocka_unit_test(test_momentum_balance),
        cmocka_unit_test(test_head_on_hertz),
        cmocka_unit_test(test_sums_against_hook),
        cmocka_unit_test(test_hand_written_type),
        cmocka_unit_test(test_revision_zero_binding),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_wall_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
