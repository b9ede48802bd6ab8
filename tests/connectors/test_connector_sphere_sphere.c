/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/connectors/contact_sphere_sphere/connector_contact_sphere_sphere.c (hooks
 * forces, post_newton_step, outputs of ContactSphereSphere).
 *
 * Expected values are computed here by hand from the seed equations and
 * physics-notes.md ("ContactSphereSphere"), independently of the code under test. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_sampling.h"
#include "test_util.h"

#include "connector_fixtures.h"

#include "connectors/contact_sphere_sphere/contact_sphere_sphere.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

#define PI 3.14159265358979323846

/* A fixture: params, two markers, current and start-of-step data. */
typedef struct {
    mbc_contact_sphere_sphere_params p;
    mbc_rigid_marker m[2];
    double data[4];
    double start[4];
    mbc_state s;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    mbc_contact_sphere_sphere_params_init(&f->p);
    f->p.markerNumbers[0] = 0;
    f->p.markerNumbers[1] = 1;
    f->p.nodeNumber = 0;
    f->p.spheresRadii[0] = 0.5;
    f->p.spheresRadii[1] = 0.3;
    f->p.contactStiffness = 1e4;
    cf_markers_at_rest(f->m, 2);
    cf_rigid_state(&f->s, &f->m[0], &f->m[1], f->data, f->start, 4);
    mbc_contact_sphere_sphere_initial_data(&f->p, f->data);
    mbc_contact_sphere_sphere_initial_data(&f->p, f->start);
}

static void fixture_free(fixture *f)
{
    mbc_contact_sphere_sphere_params_free(&f->p);
}

/* Place m1 along unit direction n from m0 at center distance dist. */
static void place(fixture *f, const double p0[3], const double n[3], double dist)
{
    for (int i = 0; i < 3; ++i) {
        f->m[0].position[i] = p0[i];
        f->m[1].position[i] = p0[i] + dist * n[i];
    }
}

static mbc_forces eval_forces(fixture *f)
{
    mbc_forces out;
    mbc_error err = {0};
    memset(&out, 0xff, sizeof out); /* NaN pattern: every entry must be written */
    assert_int_equal(mbc_contact_sphere_sphere_forces(&f->p, &f->s, &out, &err), MBC_OK);
    return out;
}

static mbc_post_newton eval_pns(fixture *f, double new_data[4])
{
    mbc_post_newton out;
    mbc_error err = {0};
    memset(&out, 0, sizeof out);
    out.data = new_data;
    assert_int_equal(mbc_contact_sphere_sphere_post_newton_step(&f->p, &f->s, &out, &err), MBC_OK);
    assert_int_equal(out.marker_number1, -1);
    return out;
}

/* Force along the normal on m1 and the check that the force is purely normal. */
static double normal_force(fixture *f, const double n[3])
{
    const mbc_forces F = eval_forces(f);
    const double fn = F.force[1][0] * n[0] + F.force[1][1] * n[1] + F.force[1][2] * n[2];
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(F.force[1][i], fn * n[i], 1e-12 * (1.0 + fabs(fn)));
        ASSERT_NEAR(F.force[0][i], -F.force[1][i], 0.0);
    }
    return fn;
}

/* ---- tests ---- */

/* Newton's third law on >= 1000 random states (all models, friction on,
 * random rotations and angular velocities): sum of forces = 0 and sum of
 * torques + p_marker x f about the origin = 0 (1e-12 relative). */
static void test_equilibrium_random(void **state)
{
    (void)state;
    rt_rng g = {20240611u};
    int contacts = 0;
    for (int it = 0; it < 2000; ++it) {
        fixture f;
        fixture_init(&f);
        f.p.spheresRadii[0] = rt_uniform(&g, 0.1, 2.0);
        f.p.spheresRadii[1] = rt_uniform(&g, 0.1, 2.0);
        f.p.contactStiffness = rt_uniform(&g, 1e2, 1e6);
        f.p.contactDamping = rt_uniform(&g, 0.0, 1e2);
        f.p.contactStiffnessExponent = (it % 3 == 0) ? 1.0 : (it % 3 == 1 ? 1.5 : 1.3);
        f.p.impactModel = it % 3;
        f.p.restitutionCoefficient = rt_uniform(&g, 0.05, 1.0);
        f.p.minimumImpactVelocity = rt_uniform(&g, 0.0, 0.1);
        f.p.contactPlasticityRatio = (it % 2) ? rt_uniform(&g, 0.0, 0.9) : 0.0;
        f.p.adhesionCoefficient = rt_uniform(&g, 0.0, 1e3);
        f.p.adhesionExponent = rt_uniform(&g, 0.5, 2.0);
        f.p.constantPullOffForce = rt_uniform(&g, 0.0, 1.0);
        f.p.dynamicFriction = rt_uniform(&g, 0.0, 1.0);
        f.p.frictionProportionalZone = rt_uniform(&g, 1e-4, 1e-1);
        double n[3] = {rt_uniform(&g, -1, 1), rt_uniform(&g, -1, 1), rt_uniform(&g, -1, 1)};
        const double nn = cf_norm(n);
        for (int i = 0; i < 3; ++i)
            n[i] /= nn;
        const double p0[3] = {rt_uniform(&g, -10, 10), rt_uniform(&g, -10, 10),
                              rt_uniform(&g, -10, 10)};
        const double rsum = f.p.spheresRadii[0] + f.p.spheresRadii[1];
        place(&f, p0, n, rsum * rt_uniform(&g, 0.9, 1.02));
        for (int j = 0; j < 2; ++j) {
            rt_random_rotation(&g, f.m[j].rotation);
            for (int i = 0; i < 3; ++i) {
                f.m[j].velocity[i] = rt_uniform(&g, -2, 2);
                f.m[j].angular_velocity_local[i] = rt_uniform(&g, -20, 20);
            }
        }
        f.data[0] = (it % 7 == 0) ? 0.01 : -0.001;
        f.data[1] = rt_uniform(&g, 0.0, 2.0 * f.p.frictionProportionalZone);
        f.data[2] = rt_uniform(&g, 0.0, 3.0);
        f.data[3] = rt_uniform(&g, 0.0, 0.05);
        const mbc_forces F = eval_forces(&f);
        contacts += cf_assert_balanced(f.m, &F);
        fixture_free(&f);
    }
    assert_true(contacts > 1500);
}

/* impactModel 0, lambda_P = 0: f_1,n = k_c delta^n_exp for n_exp = 1 and 1.5
 * (no damping, no friction), repulsive along n on m1; zero when data[0] > 0. */
static void test_normal_force_exponents(void **state)
{
    (void)state;
    const double nexp[2] = {1.0, 1.5};
    const double n[3] = {0.6, 0.0, 0.8};
    const double p0[3] = {1.0, -2.0, 3.0};
    for (int e = 0; e < 2; ++e) {
        for (int j = 1; j <= 5; ++j) {
            fixture f;
            fixture_init(&f);
            f.p.contactStiffnessExponent = nexp[e];
            const double delta = 0.002 * j;
            place(&f, p0, n, 0.8 - delta);
            f.data[0] = -delta;
            const double expect = 1e4 * pow(delta, nexp[e]);
            ASSERT_NEAR(normal_force(&f, n), expect, 1e-9 * expect);
            f.data[0] = 1e-6; /* active set says open: no force */
            ASSERT_NEAR(normal_force(&f, n), 0.0, 0.0);
            fixture_free(&f);
        }
    }
}

/* Linear damping f_d = -d_c v_n is added in every model. */
static void test_damping(void **state)
{
    (void)state;
    for (int model = 0; model < 3; ++model) {
        fixture f;
        fixture_init(&f);
        f.p.impactModel = model;
        f.p.contactDamping = 50.0;
        const double n[3] = {0.0, 1.0, 0.0}, p0[3] = {0, 0, 0};
        place(&f, p0, n, 0.79);
        f.m[1].velocity[1] = -0.3; /* v_n = -0.3: approaching */
        f.data[0] = -0.01;
        /* model 1/2 with restitution 1: lambda = 0 -> only spring + damper */
        ASSERT_NEAR(normal_force(&f, n), 1e4 * 0.01 + 50.0 * 0.3, 1e-9);
        fixture_free(&f);
    }
}

/* Hunt-Crossley (model 1): f_c = k_c delta^n + lambda delta^n v_n,
 * lambda = k_c / v_imp * 3/2 (e - 1), v_imp = max(v_min, data[2]); v_imp = 0
 * skips the lambda term. */
static void test_hunt_crossley(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.impactModel = 1;
    f.p.contactStiffnessExponent = 1.5;
    f.p.restitutionCoefficient = 0.8;
    f.p.minimumImpactVelocity = 0.5;
    const double n[3] = {1, 0, 0}, p0[3] = {0, 0, 0};
    const double delta = 0.01, vn = -1.2;
    place(&f, p0, n, 0.8 - delta);
    f.m[1].velocity[0] = vn;
    f.data[0] = -delta;
    const double d15 = delta * sqrt(delta);

    f.data[2] = 2.0; /* stored impact velocity dominates */
    double lambda = 1e4 / 2.0 * 1.5 * (0.8 - 1.0);
    ASSERT_NEAR(normal_force(&f, n), 1e4 * d15 + lambda * d15 * vn, 1e-10);

    f.data[2] = 0.1; /* minimum impact velocity dominates */
    lambda = 1e4 / 0.5 * 1.5 * (0.8 - 1.0);
    ASSERT_NEAR(normal_force(&f, n), 1e4 * d15 + lambda * d15 * vn, 1e-10);

    f.data[2] = 0.0;
    f.p.minimumImpactVelocity = 0.0; /* v_imp = 0: lambda term skipped */
    ASSERT_NEAR(normal_force(&f, n), 1e4 * d15, 1e-10);
    fixture_free(&f);
}

/* Mixed model (2): e > 1/3 Carvalho-Martins, e <= 1/3 Gonthier
 * lambda = k_c/v (e^2 - 1)/e (the seed's e_rep is e_res, notes). */
static void test_mixed_model(void **state)
{
    (void)state;
    const double es[3] = {0.9, 0.5, 0.2};
    for (int i = 0; i < 3; ++i) {
        fixture f;
        fixture_init(&f);
        f.p.impactModel = 2;
        f.p.restitutionCoefficient = es[i];
        const double n[3] = {0, 0, -1}, p0[3] = {0, 0, 5};
        const double delta = 0.004, vn = -0.7, v_imp = 1.5, e = es[i];
        place(&f, p0, n, 0.8 - delta);
        f.m[0].velocity[2] = vn; /* m0 moves down towards m1 (below it) */
        /* v_n = (v_m1 - v_m0) . n = (0 - (-0.7)) * (-1) = -0.7 */
        f.data[0] = -delta;
        f.data[2] = v_imp;
        const double lambda = (e > 1.0 / 3.0)
                                  ? 1e4 / v_imp * 1.5 * (e - 1.0) * (11.0 - e) / (1.0 + 9.0 * e)
                                  : 1e4 / v_imp * (e * e - 1.0) / e;
        ASSERT_NEAR(normal_force(&f, n), 1e4 * delta + lambda * delta * vn, 1e-10);
        fixture_free(&f);
    }
}

/* EAPM over successive PostNewtonSteps: loading -> unloading -> adhesion ->
 * separation, with data[3] = max(lambda_P^(1/n) delta, previous) and reset to 0
 * after separation; adhesion term uses n_adh (= 2 here, not n_exp). */
static void test_eapm_cycle(void **state)
{
    (void)state;
    const double nexps[2] = {1.0, 1.5};
    for (int e = 0; e < 2; ++e) {
        const double ne = nexps[e];
        fixture f;
        fixture_init(&f);
        f.p.contactStiffness = 1e3;
        f.p.contactStiffnessExponent = ne;
        f.p.contactPlasticityRatio = 0.5;
        f.p.adhesionCoefficient = 200.0;
        f.p.adhesionExponent = 2.0;
        f.p.constantPullOffForce = 0.1;
        const double k2 = 1e3 / (1.0 - 0.5);
        const double fac = pow(0.5, 1.0 / ne); /* lambda_P^(1/n_exp) */
        const double n[3] = {0, 1, 0}, p0[3] = {0, 0, 0};
        double nd[4];

        /* step 1: approach, contact begins */
        const double deltas[4] = {0.01, 0.007, 0.004, -0.001};
        double dp = 0.0;
        for (int k = 0; k < 4; ++k) {
            const double delta = deltas[k];
            place(&f, p0, n, 0.8 - delta);
            /* Newton iteration state: the active set from the previous PNS */
            const mbc_post_newton r = eval_pns(&f, nd);
            ASSERT_NEAR(nd[0], -delta, 1e-15);
            if (delta > 0) {
                dp = fmax(fac * delta, dp);
                ASSERT_NEAR(nd[3], dp, 1e-15);
            } else {
                ASSERT_NEAR(nd[3], 0.0, 0.0); /* reset after separation */
            }
            (void)r;
            /* accept the step: current = start = new data */
            memcpy(f.data, nd, sizeof nd);
            memcpy(f.start, nd, sizeof nd);
            const double fn = normal_force(&f, n);
            const double dn = pow(delta, ne);
            if (k == 0) { /* loading: k2 (delta^n - delta_p^n) >= k_c delta^n (dp = 0 before) */
                /* the force uses the updated plastic overlap dp = fac*delta:
                   k2 (delta^n - 0.5 delta^n) = k_c delta^n -> still loading (equality) */
                ASSERT_NEAR(fn, -0.1 + 1e3 * dn, 1e-9);
            } else if (k == 1) { /* unloading */
                const double un = k2 * (dn - pow(dp, ne));
                assert_true(un < 1e3 * dn && un > -200.0 * delta * delta);
                ASSERT_NEAR(fn, -0.1 + un, 1e-9);
            } else if (k == 2) { /* adhesion */
                const double un = k2 * (dn - pow(dp, ne));
                assert_true(un < -200.0 * delta * delta);
                ASSERT_NEAR(fn, -0.1 - 200.0 * delta * delta, 1e-12);
            } else { /* separated: no force */
                ASSERT_NEAR(fn, 0.0, 0.0);
            }
        }
        fixture_free(&f);
    }
}

/* Friction: branch from data[1] (not from the actual |v_t|):
 * regularized f_t = -v_t mu f_n / v_reg, sliding f_t = -v_t mu f_n / |v_t|;
 * v_t includes omega x (contact-point arms); torques as in the seed. */
static void test_friction_and_torques(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.dynamicFriction = 0.4;
    f.p.frictionProportionalZone = 0.01;
    const double n[3] = {1, 0, 0}, p0[3] = {0.5, 0.5, 0.5};
    const double delta = 0.01;
    place(&f, p0, n, 0.8 - delta);
    f.m[1].velocity[1] = 0.3;               /* v_m1 */
    f.m[0].angular_velocity_local[2] = 2.0; /* omega_m0 = 2 e_z, A = I */
    f.m[1].angular_velocity_local[1] = 5.0; /* omega_m1 = 5 e_y */
    f.data[0] = -delta;
    /* hand: a0 = n (0.5 - 0.005) = 0.495 e_x, omega0 x a0 = 2 e_z x 0.495 e_x = 0.99 e_y
     *       a1 = -n (0.3 - 0.005) = -0.295 e_x, omega1 x a1 = 5 e_y x -0.295 e_x = 1.475 e_z
     *       v_t = (0, 0.3, 1.475) - (0, 0.99, 0) = (0, -0.69, 1.475) */
    const double vt[3] = {0.0, -0.69, 1.475};
    const double vrel = cf_norm(vt);
    const double fn = 1e4 * delta;

    f.data[1] = 0.0; /* regularized branch, although |v_t| >> v_reg */
    mbc_forces F = eval_forces(&f);
    double f1[3];
    for (int i = 0; i < 3; ++i)
        f1[i] = fn * n[i] - vt[i] * 0.4 * fn / 0.01;
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(F.force[1][i], f1[i], 1e-9 * cf_norm(f1));
        ASSERT_NEAR(F.force[0][i], -f1[i], 1e-9 * cf_norm(f1));
    }
    /* torques: tau_m1 = -n (r1 - delta/2) x f_m1, tau_m0 = n (r0 - delta/2) x (-f_m1) */
    double nxf[3];
    cf_cross(n, f1, nxf);
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(F.torque[1][i], -(0.3 - 0.005) * nxf[i], 1e-9 * cf_norm(f1));
        ASSERT_NEAR(F.torque[0][i], -(0.5 - 0.005) * nxf[i], 1e-9 * cf_norm(f1));
    }

    f.data[1] = 0.02; /* sliding branch */
    F = eval_forces(&f);
    for (int i = 0; i < 3; ++i)
        f1[i] = fn * n[i] - vt[i] * 0.4 * fn / vrel;
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(F.force[1][i], f1[i], 1e-9 * cf_norm(f1));
    /* sliding friction magnitude is mu f_n */
    const double ft[3] = {F.force[1][0] - fn, F.force[1][1], F.force[1][2]};
    ASSERT_NEAR(cf_norm(ft), 0.4 * fn, 1e-9);
    cf_cross(n, f1, nxf);
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(F.torque[1][i], -(0.3 - 0.005) * nxf[i], 1e-9 * cf_norm(f1));
        ASSERT_NEAR(F.torque[0][i], -(0.5 - 0.005) * nxf[i], 1e-9 * cf_norm(f1));
    }

    /* PostNewtonStep stores |v_t| in data[1] */
    double nd[4];
    eval_pns(&f, nd);
    ASSERT_NEAR(nd[1], vrel, 1e-14);
    fixture_free(&f);
}

/* data[2] = -v_n only at the step where contact begins (start gap > 0, new
 * gap <= 0); otherwise the start-of-step value is kept. */
static void test_impact_velocity_stored(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    const double n[3] = {0, 0, 1}, p0[3] = {0, 0, 0};
    double nd[4];
    /* open step: nothing stored */
    place(&f, p0, n, 0.81);
    f.m[1].velocity[2] = -1.0;
    f.start[2] = 0.0;
    eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], 0.0, 0.0);
    /* contact begins: start gap 0.1 > 0, new gap -0.002 */
    place(&f, p0, n, 0.798);
    f.m[1].velocity[2] = -1.25;
    eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], 1.25, 1e-15);
    memcpy(f.start, nd, sizeof nd);
    memcpy(f.data, nd, sizeof nd);
    /* contact continues, different v_n: value kept */
    place(&f, p0, n, 0.795);
    f.m[1].velocity[2] = -0.5;
    eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], 1.25, 0.0);
    memcpy(f.start, nd, sizeof nd);
    memcpy(f.data, nd, sizeof nd);
    /* separation: start-of-step value kept, plastic overlap reset */
    place(&f, p0, n, 0.81);
    f.m[1].velocity[2] = 0.9;
    eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], 1.25, 0.0);
    ASSERT_NEAR(nd[3], 0.0, 0.0);
    fixture_free(&f);
}

/* Coincident centers: n = [1, 0, 0], finite forces and outputs. */
static void test_coincident_centers(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.dynamicFriction = 0.3;
    f.p.contactDamping = 10.0;
    f.m[1].velocity[1] = 0.2;
    f.m[0].angular_velocity_local[2] = 1.0;
    f.data[0] = -0.8;
    const mbc_forces F = eval_forces(&f);
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 3; ++i)
            assert_true(isfinite(F.force[j][i]) && isfinite(F.torque[j][i]));
    ASSERT_NEAR(F.force[1][0], 1e4 * 0.8, 1e-9);
    double out[3];
    mbc_error err;
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DIRECTOR3, out, 3, &err),
                     MBC_OK);
    ASSERT_NEAR(out[0], 1.0, 0.0);
    ASSERT_NEAR(out[1], 0.0, 0.0);
    ASSERT_NEAR(out[2], 0.0, 0.0);
    double nd[4];
    const mbc_post_newton r = eval_pns(&f, nd);
    for (int i = 0; i < 4; ++i)
        assert_true(isfinite(nd[i]));
    assert_true(isfinite(r.error));
    fixture_free(&f);
}

/* activeConnector = false: zero forces/torques; PostNewtonStep copies data, error 0. */
static void test_inactive(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.activeConnector = false;
    f.p.dynamicFriction = 0.3;
    const double n[3] = {0, 1, 0}, p0[3] = {0, 0, 0};
    place(&f, p0, n, 0.7);
    f.m[1].velocity[0] = 1.0;
    f.data[0] = 0.05; /* disagrees with the geometry on purpose */
    f.data[1] = 0.3;
    f.data[2] = 0.7;
    f.data[3] = 0.01;
    const mbc_forces F = eval_forces(&f);
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            ASSERT_NEAR(F.force[j][i], 0.0, 0.0);
            ASSERT_NEAR(F.torque[j][i], 0.0, 0.0);
        }
    }
    f.data[0] = -0.1;
    const mbc_forces F2 = eval_forces(&f);
    ASSERT_NEAR(cf_norm(F2.force[1]), 0.0, 0.0);
    double nd[4];
    const mbc_post_newton r = eval_pns(&f, nd);
    for (int i = 0; i < 4; ++i)
        ASSERT_NEAR(nd[i], f.data[i], 0.0);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    assert_true(r.recommended_step < 0.0);
    double out[3];
    mbc_error err;
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE, out, 3, &err),
                     MBC_OK);
    ASSERT_NEAR(cf_norm(out), 0.0, 0.0);
    fixture_free(&f);
}

/* PostNewtonStep error on a contact switch |g k_c|, recommended step
 * |g_start / v_n| when the step started open; friction switch term
 * mu |f_n| / v_reg * | |v_t| - v_reg |; no switch: error 0, no step. */
static void test_pns_error_and_step(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    const double n[3] = {0, 0, 1}, p0[3] = {0, 0, 0};
    double nd[4];
    /* open -> closed, start of step open (gap 0.02) */
    place(&f, p0, n, 0.797);
    f.m[1].velocity[2] = -2.0;
    f.data[0] = 0.02;
    f.start[0] = 0.02;
    mbc_post_newton r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.003 * 1e4, 1e-9);
    ASSERT_NEAR(r.recommended_step, 0.02 / 2.0, 1e-15);
    /* same geometry, Newton already used the closed state: no switch */
    f.data[0] = -0.003;
    r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    assert_true(r.recommended_step < 0.0);
    /* closed -> open in a step that started closed: error, no step size */
    place(&f, p0, n, 0.801);
    f.start[0] = -0.001;
    f.data[0] = -0.001;
    r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.001 * 1e4, 1e-9);
    assert_true(r.recommended_step < 0.0);

    /* friction switch: v_t = 0.5 crosses v_reg = 0.01 (data[1] = 0) */
    f.p.dynamicFriction = 0.3;
    f.p.frictionProportionalZone = 0.01;
    place(&f, p0, n, 0.79);
    f.m[1].velocity[2] = 0.0;
    f.m[1].velocity[0] = 0.5;
    f.start[0] = -0.01;
    f.data[0] = -0.01;
    f.data[1] = 0.0;
    r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.3 * (1e4 * 0.01) / 0.01 * (0.5 - 0.01), 1e-8);
    f.data[1] = 0.2; /* both above v_reg: no friction switch */
    r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    fixture_free(&f);
}

/* Every declared output with size 3 and its documented value; size and name errors. */
static void test_outputs(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.dynamicFriction = 0.2;
    const double n[3] = {0.0, 0.6, 0.8}, p0[3] = {1.0, 2.0, 3.0};
    place(&f, p0, n, 0.79);
    f.m[0].velocity[0] = 0.1;
    f.m[1].velocity[0] = 0.4;
    f.m[1].velocity[2] = -0.2;
    f.m[1].angular_velocity_local[0] = 3.0;
    f.data[0] = -0.01;
    f.data[1] = 1.0;
    const mbc_forces F = eval_forces(&f);
    mbc_error err;
    double out[3];
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DIRECTOR3, out, 3, &err),
                     MBC_OK);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], n[i], 1e-15);
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT, out, 3, &err),
                     MBC_OK);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], 0.79 * n[i], 1e-15);
    assert_int_equal(
        mbc_contact_sphere_sphere_outputs(
            &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT_LOCAL, out, 3, &err),
        MBC_OK);
    ASSERT_NEAR(out[0], 0.0, 0.0);
    ASSERT_NEAR(out[1], 0.0, 0.0);
    ASSERT_NEAR(out[2], -0.01, 1e-15);
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_VELOCITY, out, 3, &err),
                     MBC_OK);
    ASSERT_NEAR(out[0], 0.3, 1e-15);
    ASSERT_NEAR(out[1], 0.0, 0.0);
    ASSERT_NEAR(out[2], -0.2, 0.0);
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE, out, 3, &err),
                     MBC_OK);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], F.force[1][i], 0.0);
    assert_true(cf_norm(out) > 0.0);
    assert_int_equal(mbc_contact_sphere_sphere_outputs(
                         &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_TORQUE, out, 3, &err),
                     MBC_OK);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], F.torque[0][i], 0.0);
    assert_true(cf_norm(out) > 0.0);
    /* the documented ratio: tau_m1 = tau_m0 (r1 + g/2)/(r0 + g/2) */
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(F.torque[1][i], out[i] * (0.3 - 0.005) / (0.5 - 0.005), 1e-12);
    /* a wrong size or output number is refused by mbc_object_output
     * (tests/api/test_evaluate.c); the typed hook asserts them */
    fixture_free(&f);
}

/* mbc_contact_sphere_sphere_check_model refuses p, naming param. */
static void expect_model_refused(const mbc_contact_sphere_sphere_params *p, const char *param,
                                 const char *message)
{
    mbc_error err;
    assert_int_equal(mbc_contact_sphere_sphere_check_model(p, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, message);
    assert_string_equal(err.param_name, param);
}

/* The typed hooks trust the state (mbconnect/state_check.h: the dispatch
 * checks it; tests/api/test_evaluate.c shows a missing marker or a wrong data
 * count refused there). The model parameters are checked by the setters and
 * validate() (spec rules one_of and range); a struct written directly after
 * validation is still refused by the hook, named by
 * mbc_contact_sphere_sphere_check_model with the setters' messages. */
static void test_bad_inputs(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    mbc_error err;
    mbc_forces F;
    f.p.impactModel = 3;
    f.data[0] = -0.1;
    assert_int_equal(mbc_contact_sphere_sphere_forces(&f.p, &f.s, &F, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 3");
    expect_model_refused(&f.p, "impactModel",
                         "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 3");
    f.p.impactModel = 0;
    f.p.contactPlasticityRatio = 1.0;
    expect_model_refused(
        &f.p, "contactPlasticityRatio",
        "ContactSphereSphere.contactPlasticityRatio: must be in [0, 1) (UReal), given 1");
    f.p.contactPlasticityRatio = 0.5;
    assert_int_equal(mbc_contact_sphere_sphere_check_model(&f.p, &err), MBC_OK);
    f.p.impactModel = 2;
    f.p.restitutionCoefficient = 0.0;
    expect_model_refused(
        &f.p, "restitutionCoefficient",
        "ContactSphereSphere.restitutionCoefficient: must be in (0, 1] (PReal), given 0");
    f.p.restitutionCoefficient = 1.5; /* more energy out than in */
    expect_model_refused(
        &f.p, "restitutionCoefficient",
        "ContactSphereSphere.restitutionCoefficient: must be in (0, 1] (PReal), given 1.5");
    f.p.restitutionCoefficient = 0.5;
    f.p.contactStiffnessExponent = -1.0;
    expect_model_refused(
        &f.p, "contactStiffnessExponent",
        "ContactSphereSphere.contactStiffnessExponent: must be > 0 (PReal), given -1");
    fixture_free(&f);
}

/* StoredEnergy, output or dissipated power of the EAPM with adhesion at
 * x_3 = delta_p. */
static double eapm_output(fixture *f, size_t var, size_t part, double delta, double x3)
{
    const double n[3] = {0, 1, 0}, p0[3] = {0, 0, 0};
    double out[3] = {0.0, 0.0, 0.0};
    mbc_error err = {0};
    place(f, p0, n, 0.8 - delta);
    f->data[0] = -delta;
    f->data[3] = x3;
    assert_int_equal(mbc_contact_sphere_sphere_outputs(&f->p, &f->s, var, out, 3, &err), MBC_OK);
    return out[part];
}

/* The EAPM's books with adhesion (k_adh = 1e5 N/m^2, n_adh = 2, n_exp = 1.5,
 * lambda_P = 0.5, f_adh = 0.1 N): at a fixed plastic overlap x_3 = 0.01 m,
 * central differences of StoredEnergy give the elastic force on the
 * adhesion branch (delta below delta_a = 0.0039 m) and the unloading
 * branch; StoredEnergy goes to 0 at separation; and on first loading the
 * plastic work (DissipatedPowerParts' third part) is -dE/dx_3 dx_3/dt, by
 * central differences in x_3 (dx_3/dt = lambda_P^(1/n) d delta/dt). */
static void test_energy_books_eapm_adhesion(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.contactStiffness = 1e3;
    f.p.contactStiffnessExponent = 1.5;
    f.p.contactPlasticityRatio = 0.5;
    f.p.adhesionCoefficient = 1e5;
    f.p.adhesionExponent = 2.0;
    f.p.constantPullOffForce = 0.1;
    const size_t stored = MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY;
    const double x3 = 0.01, k2 = 2e3, h = 1e-8;
    const double deltas[7] = {0.001, 0.002, 0.003, 0.005, 0.007, 0.009, 0.012};
    int on_adhesion = 0;
    for (int k = 0; k < 7; ++k) {
        const double d = deltas[k];
        const double unloading = k2 * (pow(d, 1.5) - pow(x3, 1.5)), adhesion = -1e5 * d * d;
        on_adhesion += adhesion > unloading;
        const double fel = -0.1 + fmax(unloading, adhesion);
        const double de =
            (eapm_output(&f, stored, 0, d + h, x3) - eapm_output(&f, stored, 0, d - h, x3)) /
            (2 * h);
        ASSERT_NEAR(de, fel, 1e-6 * fabs(fel) + 1e-7);
    }
    assert_int_equal(on_adhesion, 3);
    ASSERT_NEAR(eapm_output(&f, stored, 0, 1e-12, x3), 0.0, 1e-12);

    /* first loading at delta = 0.012: x_3 = 0.5^(2/3) delta, d delta/dt = 1 m/s */
    f.m[1].velocity[1] = -1.0;
    const double fac = pow(0.5, 1.0 / 1.5), d = 0.012, x = fac * d, e = 1e-9;
    const double pp =
        eapm_output(&f, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER_PARTS, 2, d, x);
    const double dedx =
        (eapm_output(&f, stored, 0, d, x + e) - eapm_output(&f, stored, 0, d, x - e)) / (2 * e);
    assert_true(pp > 0.0);
    ASSERT_NEAR(pp, -dedx * fac, 1e-6 * pp);
    fixture_free(&f);
}

/* The energy books: E_n = k_c delta^(n+1)/(n+1) (central differences give
 * the elastic force), the Hunt-Crossley and damping power
 * -(f_1,n - k_c delta^n) v_n = (d_c - lambda delta^n) v_n^2 >= 0, and the
 * friction power against the work rate of the forces hook on random
 * states: sum F . v + T . w = -dE_n/dt - P_n - P_t with dE_n/dt =
 * -k_c delta^n v_n (no spring in the tangential law). */
static void test_energy_books(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    mbc_error err = {0};
    const double n[3] = {1, 0, 0}, p0[3] = {0, 0, 0};
    f.p.impactModel = 1;
    f.p.contactStiffnessExponent = 1.5;
    f.p.restitutionCoefficient = 0.8;
    f.p.contactDamping = 30;
    f.p.dynamicFriction = 0.3;
    f.p.frictionProportionalZone = 0.05;
    f.data[0] = -0.01;
    f.data[2] = 2.0;
    double e[2], p[3];
    for (double delta = 0.005; delta < 0.03; delta += 0.005) {
        const double h = 1e-7;
        place(&f, p0, n, 0.8 - delta - h);
        assert_int_equal(
            mbc_contact_sphere_sphere_outputs(
                &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY, e, 1, &err),
            MBC_OK);
        place(&f, p0, n, 0.8 - delta + h);
        assert_int_equal(
            mbc_contact_sphere_sphere_outputs(
                &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY, e + 1, 1, &err),
            MBC_OK);
        const double fel = 1e4 * delta * sqrt(delta);
        ASSERT_NEAR((e[0] - e[1]) / (2 * h), fel, 1e-6 * fel);
    }
    place(&f, p0, n, 0.79);
    f.m[1].velocity[0] = -1.2; /* v_n = -1.2 */
    assert_int_equal(
        mbc_contact_sphere_sphere_outputs(
            &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER_PARTS, p, 3, &err),
        MBC_OK);
    const double lambda = 1e4 / 2.0 * 1.5 * (0.8 - 1.0), d15 = 0.01 * sqrt(0.01);
    ASSERT_NEAR(p[0], (30 - lambda * d15) * 1.44, 1e-10);
    ASSERT_NEAR(p[1], 0, 0);

    rt_rng g = {7};
    double worst = 0;
    for (int k = 0; k < 300; k++) {
        f.p.impactModel = (unsigned)(k % 3);
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++) {
                f.m[m].velocity[i] = rt_uniform(&g, -1, 1);
                f.m[m].angular_velocity_local[i] = rt_uniform(&g, -3, 3);
            }
        const double delta = rt_uniform(&g, 0.001, 0.03);
        place(&f, p0, n, 0.8 - delta);
        f.data[0] = -delta;
        f.data[1] = rt_uniform(&g, 0, 0.1); /* either friction branch */
        const mbc_forces F = eval_forces(&f);
        double w = 0, sc = 0;
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++) {
                w += F.force[m][i] * f.m[m].velocity[i] +
                     F.torque[m][i] * f.m[m].angular_velocity_local[i];
                sc += fabs(F.force[m][i]) + fabs(F.torque[m][i]);
            }
        assert_int_equal(
            mbc_contact_sphere_sphere_outputs(
                &f.p, &f.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER_PARTS, p, 3, &err),
            MBC_OK);
        const double vn = f.m[1].velocity[0] - f.m[0].velocity[0];
        const double dedt = -1e4 * delta * sqrt(delta) * vn;
        worst = fmax(worst, fabs(w - (-dedt - p[0] - p[1])) / (1 + sc));
        assert_true(p[0] >= -1e-12 * sc && p[1] >= 0);
    }
    print_message("work rate = -dE_n/dt - P_n - P_t to %.2e (relative)\n", worst);
    assert_true(worst < 1e-12);
    fixture_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equilibrium_random),
        cmocka_unit_test(test_normal_force_exponents),
        cmocka_unit_test(test_damping),
        cmocka_unit_test(test_hunt_crossley),
        cmocka_unit_test(test_mixed_model),
        cmocka_unit_test(test_eapm_cycle),
        cmocka_unit_test(test_friction_and_torques),
        cmocka_unit_test(test_impact_velocity_stored),
        cmocka_unit_test(test_coincident_centers),
        cmocka_unit_test(test_inactive),
        cmocka_unit_test(test_pns_error_and_step),
        cmocka_unit_test(test_outputs),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_energy_books),
        cmocka_unit_test(test_energy_books_eapm_adhesion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
