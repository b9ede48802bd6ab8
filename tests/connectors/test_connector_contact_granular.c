/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/connectors/contact_granular/connector_contact_granular.c (ContactGranular:
 * forces, post_newton_step, outputs, the parameter checks) with values computed here by hand from
 * the equations of specs/ContactGranular.lua (LAMMPS's pair_granular.rst), independently of
 * runtime/connectors/contact_granular/; the comparison with LAMMPS itself is
 * tests/granular/test_granular_lammps.c.
 *
 * The geometry of most tests: sphere a (m0, r = 0.5) at the origin, sphere
 * b (m1, r = 0.5) at x = 0.95: overlap delta = 0.05, n = (x_a - x_b)/|.| =
 * -e_x, R* = 0.25, contact radius a = sqrt(R* delta) = sqrt(0.0125),
 * masses 2 and 6: m* = 1.5. */
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

#include "connectors/contact_granular/contact_granular.h"
#include "mbconnect/generated/contact_granular.h"
#include "mbconnect/vec.h"

#define PI    3.14159265358979323846
#define NDATA MBC_CONTACT_GRANULAR_DATA_COUNT

typedef struct {
    mbc_contact_granular_params p;
    mbc_rigid_marker m[2];
    double data[NDATA], start[NDATA];
    mbc_state s;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    mbc_contact_granular_params_init(&f->p);
    f->p.markerNumbers[0] = 0;
    f->p.markerNumbers[1] = 1;
    f->p.nodeNumber = 0;
    f->p.spheresRadii[0] = f->p.spheresRadii[1] = 0.5;
    f->p.spheresMasses[0] = 2;
    f->p.spheresMasses[1] = 6;
    f->p.timeStep = 1e-3;
    f->p.normalModel = 0; /* hooke */
    f->p.normalStiffness = 1e4;
    f->p.dampingModel = 0; /* velocity */
    f->p.tangentialModel = 0;
    cf_markers_at_rest(f->m, 2);
    f->m[1].position[0] = 0.95;
    cf_rigid_state(&f->s, &f->m[0], &f->m[1], f->data, f->start, NDATA);
}

static void validate(fixture *f)
{
    mbc_error errors[4];
    if (mbc_contact_granular_validate(&f->p, errors, 4) != 0)
        fail_msg("%s", errors[0].message);
}

/* PostNewtonStep from the start-of-step record into the current data. */
static mbc_post_newton pns(fixture *f)
{
    validate(f);
    double next[NDATA];
    mbc_post_newton out = {.data = next};
    mbc_error err = {0};
    if (mbc_contact_granular_post_newton_step(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    memcpy(f->data, next, sizeof next);
    return out;
}

static mbc_forces forces(fixture *f)
{
    mbc_forces out;
    memset(&out, 0xff, sizeof out); /* NaN: every entry must be written */
    out.cable_point_forces = NULL;
    mbc_error err = {0};
    if (mbc_contact_granular_forces(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    return out;
}

static double output1(fixture *f, size_t var)
{
    double v = NAN;
    mbc_error err = {0};
    assert_int_equal(mbc_contact_granular_outputs(&f->p, &f->s, var, &v, 1, &err), MBC_OK);
    return v;
}

/* Forces and torques balance: f_b = -f_a, moments about the origin
 * x_a x f_a + x_b x f_b + tau_a + tau_b = 0. */
static void assert_balance(const fixture *f, const mbc_forces *o)
{
    double m[3] = {0, 0, 0}, c[3], scale = 0;
    for (int k = 0; k < 2; k++) {
        mbc_cross3(f->m[k].position, o->force[k], c);
        for (int i = 0; i < 3; i++) {
            m[i] += c[i] + o->torque[k][i];
            scale = fmax(scale, fabs(o->force[k][i]) + fabs(o->torque[k][i]));
        }
    }
    for (int i = 0; i < 3; i++) {
        ASSERT_NEAR(o->force[1][i], -o->force[0][i], 0);
        ASSERT_NEAR(m[i], 0, 1e-14 * (1 + scale));
    }
}

/* Hooke at rest: F = k_n delta along n = -e_x on a; no torque. */
static void test_hooke_at_rest(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    pns(&f);
    assert_true(f.data[MBC_CONTACT_GRANULAR_DATA_TOUCHING] == 1.0);
    const mbc_forces o = forces(&f);
    ASSERT_NEAR(o.force[0][0], -1e4 * 0.05, 1e-9);
    ASSERT_NEAR(o.force[0][1], 0, 0);
    ASSERT_NEAR(o.force[1][0], 500, 1e-9);
    for (int i = 0; i < 3; i++)
        ASSERT_NEAR(o.torque[0][i], 0, 0);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP), 0.05, 1e-15);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE), 500, 1e-9);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS), sqrt(0.0125), 1e-15);
    assert_balance(&f, &o);
    mbc_contact_granular_params_free(&f.p);
}

/* The normal models: hertz k_n a delta; hertz/material with 4/3 E*; dmt
 * minus 4 pi gamma R*; velocity damping -eta v_n (approach: repulsive). */
static void test_normal_models(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    const double a = sqrt(0.25 * 0.05);
    f.p.normalModel = 1; /* hertz */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -1e4 * a * 0.05, 1e-10);

    f.p.normalModel = 2; /* hertz/material: E 1e5 and 3e5, nu 0.2 and 0.4 */
    f.p.youngsModulus[0] = 1e5;
    f.p.youngsModulus[1] = 3e5;
    f.p.poissonsRatio[0] = 0.2;
    f.p.poissonsRatio[1] = 0.4;
    pns(&f);
    const double estar = 1 / ((1 - 0.04) / 1e5 + (1 - 0.16) / 3e5);
    ASSERT_NEAR(forces(&f).force[0][0], -4.0 / 3.0 * estar * a * 0.05, 1e-9);

    f.p.normalModel = 3; /* dmt, gamma 2: the cohesion 4 pi gamma R* pulls */
    f.p.surfaceEnergy = 2;
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -(4.0 / 3.0 * estar * a * 0.05 - 4 * PI * 2 * 0.25), 1e-9);

    f.p.normalModel = 0; /* hooke, velocity damping: b approaches at 2 m/s */
    f.p.normalDamping = 30;
    f.m[1].velocity[0] = -2;
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -(1e4 * 0.05 + 30 * 2), 1e-9);
    f.p.dampingModel = 1; /* mass_velocity: eta m* */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -(1e4 * 0.05 + 30 * 1.5 * 2), 1e-9);
    f.p.dampingModel = 2; /* viscoelastic: eta a m* */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -(1e4 * 0.05 + 30 * a * 1.5 * 2), 1e-9);
    f.p.dampingModel = 3; /* tsuji, e = 0.5: alpha sqrt(m* k_n) (hooke) */
    f.p.normalDamping = 0.5;
    pns(&f);
    const double alpha = 1.2728 - 4.2783 * 0.5 + 11.087 * 0.25 - 22.348 * 0.125 + 27.467 * 0.0625 -
                         18.022 * 0.03125 + 4.8218 * 0.015625;
    ASSERT_NEAR(forces(&f).force[0][0], -(1e4 * 0.05 + alpha * sqrt(1.5 * 1e4) * 2), 1e-9);
    /* limit_damping: separating fast, the damping would pull: F_n = 0 */
    f.p.dampingModel = 0;
    f.p.normalDamping = 30;
    f.m[1].velocity[0] = 20;
    f.p.limitDamping = true;
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], 0, 0);
    f.p.limitDamping = false;
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], -(500 - 600), 1e-9);
    mbc_contact_granular_params_free(&f.p);
}

/* jkr: the contact radius solves delta = a^2/R - 2 sqrt(pi gamma a/E), the
 * force is k_n a^3/R - 2 pi a^2 sqrt(4 gamma E/(pi a)), E = 3/4 k_n; a
 * contact that touched holds beyond touching until the pull-off overlap
 * delta_c; a fresh pair at that distance does not touch. */
static void test_jkr(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.normalModel = 4;
    f.p.youngsModulus[0] = f.p.youngsModulus[1] = 1e4;
    f.p.poissonsRatio[0] = f.p.poissonsRatio[1] = 0.3;
    f.p.surfaceEnergy = 5;
    const double k_n = 4.0 / 3.0 * 1e4 / (2 * (1 - 0.09)), E = 0.75 * k_n, R = 0.25;
    for (int touched = 0; touched <= 1; touched++) {
        for (double delta = 0.05; delta > -0.02; delta -= 0.01) {
            f.m[1].position[0] = 1.0 - delta;
            memset(f.start, 0, sizeof f.start);
            f.start[MBC_CONTACT_GRANULAR_DATA_TOUCHING] = touched;
            pns(&f);
            const double a = output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS);
            const double ac = cbrt(9 * PI * 5 * R * R / (4 * E));
            const double delta_c = ac * ac / R - 2 * sqrt(PI * 5 * ac / E);
            const bool holds = delta > 0 || (touched && delta > delta_c);
            assert_int_equal(f.data[MBC_CONTACT_GRANULAR_DATA_TOUCHING] != 0, holds);
            if (!holds) {
                ASSERT_NEAR(forces(&f).force[0][0], 0, 0);
                continue;
            }
            ASSERT_NEAR(a * a / R - 2 * sqrt(PI * 5 * a / E), delta, 1e-12);
            const double F = k_n * a * a * a / R - 2 * PI * a * a * sqrt(4 * 5 * E / (PI * a));
            ASSERT_NEAR(forces(&f).force[0][0], -F, 1e-10 * (1 + fabs(F)));
        }
    }
    mbc_contact_granular_params_free(&f.p);
}

/* Friction: b slides along +y at 1 m/s over a at rest (v_t,rel = -e_y for
 * a). linear_nohistory: -min(mu F_n, eta_t |v|) v/|v|, on a along +y; the
 * torque -(r - delta/2) n x f_t on both. linear_history after one and two
 * steps: xi = v dt, F_t = -k_t xi - eta_t v; at the Coulomb limit the force
 * is mu F_n and the history the spring length that gives it. A spin of a
 * that makes the contact point roll: no sliding velocity, no friction. */
static void test_tangential(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.normalDamping = 100; /* velocity: eta_n = 100; eta_t = 1 * eta_n */
    f.p.tangentialDamping = 1;
    f.p.frictionCoefficient = 0.4; /* mu F_n = 200 */
    f.m[1].velocity[1] = 1;
    pns(&f);
    mbc_forces o = forces(&f);
    ASSERT_NEAR(o.force[0][1], 100, 1e-12); /* eta_t |v| = 100 < 200 */
    ASSERT_NEAR(o.torque[0][2], 0.475 * 100, 1e-12);
    ASSERT_NEAR(o.torque[1][2], 0.475 * 100, 1e-12);
    assert_balance(&f, &o);
    f.p.frictionCoefficient = 0.1; /* mu F_n = 50 */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][1], 50, 1e-12);

    f.p.tangentialModel = 1; /* linear_history, k_t = 1000 */
    f.p.tangentialStiffness = 1000;
    f.p.frictionCoefficient = 0.4;
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_Y], -1e-3, 1e-18);
    ASSERT_NEAR(forces(&f).force[0][1], 1 + 100, 1e-12);
    memcpy(f.start, f.data, sizeof f.start); /* the next step */
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_Y], -2e-3, 1e-18);
    ASSERT_NEAR(forces(&f).force[0][1], 2 + 100, 1e-12);
    f.p.frictionCoefficient = 0.1; /* slides: xi = -(50 e_y - 100 e_y)/k_t */
    memset(f.start, 0, sizeof f.start);
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_Y], 0.05, 1e-15);
    ASSERT_NEAR(forces(&f).force[0][1], 50, 1e-12);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE), 500, 1e-9);

    f.p.tangentialModel = 0; /* a spins at 2 rad/s about z: its contact point moves as b */
    f.m[0].angular_velocity_local[2] = 2;
    memset(f.start, 0, sizeof f.start);
    pns(&f);
    o = forces(&f);
    ASSERT_NEAR(o.force[0][1], 0, 1e-12 * 100);
    mbc_contact_granular_params_free(&f.p);
}

/* mindlin_rescale: unloading (a below the stored radius) scales the
 * history by a/a_prev before the force -k_t a xi. */
static void test_mindlin_rescale(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    const double a = sqrt(0.0125);
    f.p.tangentialModel = 3;
    f.p.tangentialStiffness = 1000;
    f.p.frictionCoefficient = 1;
    f.data[MBC_CONTACT_GRANULAR_DATA_TOUCHING] = 1;
    f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_Y] = -1e-3;
    f.data[MBC_CONTACT_GRANULAR_DATA_CONTACT_RADIUS_PREVIOUS] = 2 * a;
    validate(&f);
    ASSERT_NEAR(forces(&f).force[0][1], 1000 * a * 0.5e-3, 1e-15);
    f.data[MBC_CONTACT_GRANULAR_DATA_CONTACT_RADIUS_PREVIOUS] = 0.5 * a; /* loading: kept */
    ASSERT_NEAR(forces(&f).force[0][1], 1000 * a * 1e-3, 1e-15);
    f.p.tangentialModel = 2; /* mindlin: never rescaled */
    f.data[MBC_CONTACT_GRANULAR_DATA_CONTACT_RADIUS_PREVIOUS] = 2 * a;
    ASSERT_NEAR(forces(&f).force[0][1], 1000 * a * 1e-3, 1e-15);
    mbc_contact_granular_params_free(&f.p);
}

/* Rolling sds: w_a = 2 e_z, v_roll = R* (w_a - w_b) x n = -0.5 e_y; one
 * step: xi = v_roll dt, F_roll = -k xi - gamma v_roll = 1.5 e_y, torque
 * R* n x F_roll = -0.375 e_z on a (against its spin), +0.375 e_z on b.
 * Twisting sds: w_a = 3 e_x, Omega_t = (w_a - w_b) . n = -3, xi = -3 dt,
 * M = -k xi - gamma Omega_t = 1.8, torque M n = -1.8 e_x on a. */
static void test_rolling_twisting(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.rollingModel = 1;
    f.p.rollingStiffness = 1000;
    f.p.rollingDamping = 2;
    f.p.rollingFriction = 0.3;
    f.m[0].angular_velocity_local[2] = 2;
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_ROLLING_HISTORY_Y], -0.5e-3, 1e-18);
    mbc_forces o = forces(&f);
    ASSERT_NEAR(o.torque[0][2], -0.375, 1e-13);
    ASSERT_NEAR(o.torque[1][2], 0.375, 1e-13);
    assert_balance(&f, &o);

    f.p.rollingModel = 0;
    f.p.twistingModel = 1;
    f.p.twistingStiffness = 100;
    f.p.twistingDamping = 0.5;
    f.p.twistingFriction = 0.01; /* limit 5 N m */
    f.m[0].angular_velocity_local[2] = 0;
    f.m[0].angular_velocity_local[0] = 3;
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TWISTING_HISTORY], -3e-3, 1e-18);
    o = forces(&f);
    ASSERT_NEAR(o.torque[0][0], -1.8, 1e-13);
    ASSERT_NEAR(o.torque[1][0], 1.8, 1e-13);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_TWISTING_TORQUE), 1.8, 1e-13);
    f.p.twistingFriction = 0.001; /* limit 0.5: M = 0.5 sgn(...), xi at the limit */
    pns(&f);
    ASSERT_NEAR(forces(&f).torque[0][0], -0.5, 1e-13);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TWISTING_HISTORY], (0.5 * -1 - 0.5 * -3) / 100,
                1e-15);
    mbc_contact_granular_params_free(&f.p);
}

/* Out of contact, or inactive: no force, the record cleared (or kept). */
static void test_no_contact(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.m[1].position[0] = 1.01;
    f.start[MBC_CONTACT_GRANULAR_DATA_TOUCHING] = 1;
    f.start[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_X] = 0.1;
    const mbc_post_newton pn = pns(&f);
    for (int i = 0; i < NDATA; i++)
        ASSERT_NEAR(f.data[i], 0, 0);
    assert_true(pn.error == 0);
    mbc_forces o = forces(&f);
    for (int i = 0; i < 3; i++)
        ASSERT_NEAR(o.force[0][i] + o.torque[0][i] + o.torque[1][i], 0, 0);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP), -0.01, 1e-15);
    /* touching again: PostNewtonStep's error is |F_n| (the data said open) */
    f.m[1].position[0] = 0.95;
    memset(f.start, 0, sizeof f.start);
    ASSERT_NEAR(pns(&f).error, 500, 1e-9);
    f.p.activeConnector = false;
    f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_X] = 7;
    pns(&f);
    ASSERT_NEAR(f.data[MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_X], 7, 0);
    ASSERT_NEAR(forces(&f).force[0][0], 0, 0);
    mbc_contact_granular_params_free(&f.p);
}

/* Rotating the whole state and the history vectors rotates the forces,
 * torques and the new history (the invariant harness cannot rotate the
 * history: the spec declares frame_invariance not holding for it). */
static void test_frame_invariance(void **state)
{
    (void)state;
    rt_rng rng = {42};
    for (int trial = 0; trial < 200; trial++) {
        fixture f, g;
        fixture_init(&f);
        f.p.normalModel = 2;
        f.p.youngsModulus[0] = 1e5;
        f.p.youngsModulus[1] = 2e5;
        f.p.dampingModel = trial % 4;
        f.p.normalDamping = 0.5;
        f.p.tangentialModel = 2 + trial % 4;
        f.p.tangentialStiffness = -1;
        f.p.tangentialDamping = 0.5;
        f.p.frictionCoefficient = trial % 2 ? 0.05 : 0.5;
        f.p.rollingModel = 1;
        f.p.rollingStiffness = 1e3;
        f.p.rollingDamping = 1;
        f.p.rollingFriction = 0.1;
        f.p.twistingModel = 2;
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++) {
                f.m[k].velocity[i] = rt_uniform(&rng, -1, 1);
                f.m[k].angular_velocity_local[i] = rt_uniform(&rng, -3, 3);
            }
        for (int step = 0; step < 3; step++) {
            pns(&f);
            memcpy(f.start, f.data, sizeof f.start);
        }
        double R[9];
        rt_random_rotation(&rng, R);
        g = f;
        mbc_contact_granular_params_init(&g.p);
        memcpy(&g.p, &f.p, sizeof g.p);
        g.p.name = NULL;
        cf_rigid_state(&g.s, &g.m[0], &g.m[1], g.data, g.start, NDATA);
        for (int k = 0; k < 2; k++) {
            mbc_mat3_mul(R, f.m[k].position, g.m[k].position);
            mbc_mat3_mul(R, f.m[k].velocity, g.m[k].velocity);
            mbc_mat3_mul(R, f.m[k].angular_velocity_local, g.m[k].angular_velocity_local);
        }
        for (int b = 1; b <= 4; b += 3) {
            mbc_mat3_mul(R, &f.data[b], &g.data[b]);
            mbc_mat3_mul(R, &f.start[b], &g.start[b]);
        }
        const mbc_forces fo = forces(&f), go = forces(&g);
        pns(&f);
        pns(&g);
        double scale = 1e-300;
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++)
                scale = fmax(scale, fabs(fo.force[k][i]) + fabs(fo.torque[k][i]));
        for (int k = 0; k < 2; k++) {
            double rf[3], rt[3];
            mbc_mat3_mul(R, fo.force[k], rf);
            mbc_mat3_mul(R, fo.torque[k], rt);
            for (int i = 0; i < 3; i++) {
                ASSERT_NEAR(go.force[k][i], rf[i], 1e-10 * scale);
                ASSERT_NEAR(go.torque[k][i], rt[i], 1e-10 * scale);
            }
        }
        double rh[3];
        mbc_mat3_mul(R, &f.data[1], rh);
        for (int i = 0; i < 3; i++)
            ASSERT_NEAR(g.data[1 + i], rh[i],
                        1e-10 * (1e-12 + fabs(f.data[1]) + fabs(f.data[2]) + fabs(f.data[3])));
        ASSERT_NEAR(g.data[7], f.data[7], 1e-10 * (1e-12 + fabs(f.data[7])));
        mbc_contact_granular_params_free(&f.p);
    }
}

/* The checks: one line each, naming the parameter, the rule, the value. */
static void test_checks(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    mbc_error e[4];
    f.p.normalModel = 4;
    f.p.limitDamping = true;
    f.p.tangentialModel = 1;
    f.p.tangentialStiffness = -1;
    f.p.twistingModel = 1;
    assert_int_equal(mbc_contact_granular_validate(&f.p, e, 4), 4);
    assert_string_equal(e[0].message, "ContactGranular.youngsModulus: must be > 0 for both spheres "
                                      "with normalModel 4 (jkr), given [0, 0]");
    assert_string_equal(e[1].message,
                        "ContactGranular.limitDamping: must be False with normalModel "
                        "4 (jkr): a cohesive model's normal force is attractive by "
                        "design, given True");
    assert_string_equal(e[2].message,
                        "ContactGranular.tangentialStiffness: -1 (from the materials) "
                        "needs a mindlin model (tangentialModel 2 to 5), given "
                        "tangentialModel 1");
    assert_string_equal(
        e[3].message,
        "ContactGranular.twistingStiffness: must be > 0 with twistingModel 1 (sds), given 0");
    mbc_contact_granular_params_free(&f.p);
}

/* ------------------------------------------------------------ energy books */

static void output4(fixture *f, size_t var, double v[4])
{
    mbc_error err = {0};
    for (int i = 0; i < 4; i++)
        v[i] = NAN;
    assert_int_equal(mbc_contact_granular_outputs(&f->p, &f->s, var, v, 4, &err), MBC_OK);
}

static void output3(fixture *f, size_t var, double v[3])
{
    mbc_error err = {0};
    for (int i = 0; i < 3; i++)
        v[i] = NAN;
    assert_int_equal(mbc_contact_granular_outputs(&f->p, &f->s, var, v, 3, &err), MBC_OK);
}

static double stored_normal(fixture *f)
{
    double e[4];
    output4(f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    return e[0];
}

/* The stored normal energy of every normal model is the integral of the
 * elastic normal force over the overlap: central differences of E_n at
 * overlaps 0.01 ... 0.05 match the force at rest (dE_n/d delta = F_ne,
 * F_ne > 0 repulsive); hand values of hooke, hertz and dmt. */
static void test_energy_normal_fd(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.youngsModulus[0] = 1e5;
    f.p.youngsModulus[1] = 3e5;
    f.p.surfaceEnergy = 2;
    for (unsigned model = 0; model <= 4; model++) {
        f.p.normalModel = model;
        double worst = 0;
        for (double delta = 0.01; delta < 0.051; delta += 0.01) {
            const double h = 1e-6;
            f.data[MBC_CONTACT_GRANULAR_DATA_TOUCHING] = 1;
            validate(&f);
            f.m[1].position[0] = 1.0 - delta;
            const double fne = output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE);
            f.m[1].position[0] = 1.0 - (delta + h);
            const double ep = stored_normal(&f);
            f.m[1].position[0] = 1.0 - (delta - h);
            const double em = stored_normal(&f);
            const double d = (ep - em) / (2 * h);
            worst = fmax(worst, fabs(d - fne) / fabs(fne));
        }
        print_message("normal model %u: |dE/d delta - F_ne| / |F_ne| <= %.2e\n", model, worst);
        assert_true(worst < 1e-7);
    }
    /* hooke's hand value, and hertz's 2/5 k_n a delta^2 */
    f.m[1].position[0] = 0.95;
    f.p.normalModel = 0;
    ASSERT_NEAR(stored_normal(&f), 0.5 * 1e4 * 0.05 * 0.05, 1e-12);
    f.p.normalModel = 1;
    ASSERT_NEAR(stored_normal(&f), 0.4 * 1e4 * sqrt(0.0125) * 0.05 * 0.05, 1e-12);
    f.p.normalModel = 3; /* dmt: minus the surface-energy term 4 pi gamma R* delta */
    const double estar = 1 / ((1 - 0.09) / 1e5 + (1 - 0.09) / 3e5);
    ASSERT_NEAR(stored_normal(&f),
                0.4 * 4.0 / 3.0 * estar * sqrt(0.0125) * 0.05 * 0.05 - 4 * PI * 2 * 0.25 * 0.05,
                1e-10);
    mbc_contact_granular_params_free(&f.p);
}

/* Normal damping power: -(F_n - F_ne) v_n = eta_n v_n^2 for every damping
 * model (F_n from the output, F_ne the same state at rest), >= 0; with
 * limit_damping the force is 0 and the power F_ne v_n. */
static void test_energy_normal_damping(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.normalModel = 1;
    for (unsigned model = 0; model <= 3; model++) {
        f.p.dampingModel = model;
        f.p.normalDamping = model == 3 ? 0.5 : 30;
        for (double vb = -2; vb <= 2.01; vb += 1) {
            f.m[1].velocity[0] = 0;
            pns(&f);
            const double fne = output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE);
            f.m[1].velocity[0] = vb; /* v_n = (v_a - v_b) . n = vb */
            const double fn = output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE);
            double p[4];
            output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
            ASSERT_NEAR(p[0], -(fn - fne) * vb, 1e-12 * (1 + fabs(fn) * 2));
            assert_true(p[0] >= 0);
            ASSERT_NEAR(p[1] + p[2] + p[3], 0, 0);
        }
    }
    f.p.normalModel = 0;
    f.p.dampingModel = 0;
    f.p.normalDamping = 30;
    f.p.limitDamping = true;
    f.m[1].velocity[0] = 20; /* separating: -eta v_n = -600 < -500 */
    pns(&f);
    double p[4];
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(p[0], 500 * 20, 1e-9);
    mbc_contact_granular_params_free(&f.p);
}

/* Springs: the tangential, rolling and twisting energies and powers of the
 * states of test_tangential and test_rolling_twisting, by hand. */
static void test_energy_springs(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    double e[4], p[4];
    f.p.normalDamping = 100;
    f.p.tangentialDamping = 1;
    f.p.tangentialModel = 1;
    f.p.tangentialStiffness = 1000;
    f.p.frictionCoefficient = 0.4;
    f.m[1].velocity[1] = 1;
    pns(&f); /* sticks: xi = -1e-3 e_y */
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(e[1], 0.5 * 1000 * 1e-6, 1e-15);
    /* P_t = eta_t |v|^2 plus what the step's spring force (k |v| dt, held
     * over the step) does beyond the energy it stores: k |v|^2 dt - k |v|^2
     * dt/2 (the spring term of the step from xi = 0, k (0 + v dt/2) . v) */
    ASSERT_NEAR(p[1], 100 + 0.5 * 1000 * f.p.timeStep, 1e-10);
    f.p.frictionCoefficient = 0.1; /* slides: F_t = 50 e_y, v = -e_y, xi = 0.05 */
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(e[1], 0.5 * 1000 * 0.05 * 0.05, 1e-12);
    /* the step from xi = 0 stepped to |xi| = |v| dt and was held at 0.05
     * (the damping alone exceeds the limit): -F_t . v - k (0 + v dt/2) . v
     * = 50 - 0.5, and the slip flow k (|v dt|^2 - 0.05^2)/2 / dt */
    const double dt = f.p.timeStep;
    ASSERT_NEAR(p[1], 50 - 0.5 * 1000 * dt, 1e-10);
    double flows[3];
    output3(&f, MBC_CONTACT_GRANULAR_OUTPUT_ENERGY_FLOWS, flows);
    ASSERT_NEAR(flows[1], 0.5 * 1000 * (dt * dt - 0.05 * 0.05) / dt, 1e-9);
    ASSERT_NEAR(flows[0], 0, 0); /* linear_history: no stiffness power */
    /* the books close on the step: the stored energy plus the dissipated
     * energy is the work of F_t, -F_t . v dt */
    ASSERT_NEAR(e[1] + (p[1] + flows[1] - flows[0]) * dt, 50 * dt, 1e-12);
    f.p.tangentialModel = 4; /* mindlin/force: xi = -k_t a v dt, E = |xi|^2/(2 k_t a) */
    f.p.frictionCoefficient = 0.4;
    pns(&f);
    const double ka = 1000 * sqrt(0.0125);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    ASSERT_NEAR(e[1], 0.5 * ka * 1e-6, 1e-15);

    /* the friction torque's lever: a spins at 1 rad/s about z, v_t,rel =
     * -0.5 e_y, F_t = 50 e_y; the friction points move at -0.525 e_y */
    f.p.tangentialModel = 0;
    f.m[0].angular_velocity_local[2] = 1;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(p[1], 50 * 0.525, 1e-10);
    f.m[0].angular_velocity_local[2] = 0;
    f.m[1].velocity[1] = 0;

    /* each spring's step below starts from xi = 0: its spring term is
     * k (0 + v dt/2) . v, k |v|^2 dt/2 less than the power of its end-of-step
     * force k |v| dt */
    f.p.rollingModel = 1; /* rolling sds, sticks: xi = -0.5e-3 e_y, |v_roll| = 0.5 */
    f.p.rollingStiffness = 1000;
    f.p.rollingDamping = 2;
    f.p.rollingFriction = 0.3;
    f.m[0].angular_velocity_local[2] = 2;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(e[2], 0.5 * 1000 * 0.25e-6, 1e-15);
    ASSERT_NEAR(p[2], 2 * 0.25 + 0.5 * 1000 * 0.25 * dt, 1e-12); /* gamma |v|^2 + k |v|^2 dt/2 */
    /* limit 0.5 N: slides, -F_r . v_roll = 0.5 * 0.5, less the spring term */
    f.p.rollingFriction = 0.001;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(p[2], 0.25 - 0.5 * 1000 * 0.25 * dt, 1e-12);

    f.p.rollingModel = 0; /* twisting sds: Omega_t = -3, xi = -3e-3 */
    f.p.twistingModel = 1;
    f.p.twistingStiffness = 100;
    f.p.twistingDamping = 0.5;
    f.p.twistingFriction = 0.01;
    f.m[0].angular_velocity_local[2] = 0;
    f.m[0].angular_velocity_local[0] = 3;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(e[3], 0.5 * 100 * 9e-6, 1e-15);
    ASSERT_NEAR(p[3], 0.5 * 9 + 0.5 * 100 * 9 * dt, 1e-12);
    /* slides: M = 0.5, -M Omega_t = 1.5, less the spring term */
    f.p.twistingFriction = 0.001;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
    ASSERT_NEAR(p[3], 1.5 - 0.5 * 100 * 9 * dt, 1e-12);
    f.p.twistingModel = 2; /* marshall: k a^2/2 with the tangential k_t */
    f.p.tangentialModel = 1;
    f.p.frictionCoefficient = 1;
    pns(&f);
    output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS, e);
    ASSERT_NEAR(e[3], 0.5 * (0.5 * 1000 * 0.0125) * 9e-6, 1e-15);
    mbc_contact_granular_params_free(&f.p);
}

/* The powers against the forces: without springs (linear_nohistory, no
 * rolling, no twisting) the forces and torques of the forces hook do the
 * work rate W = sum F . v + T . w = F_ne v_n - sum P on random states, for
 * every normal and damping model (the elastic part -dE_n/dt = F_ne v_n);
 * every power >= 0 while the spheres do not spin. */
static void test_energy_work_rate(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.youngsModulus[0] = f.p.youngsModulus[1] = 1e5;
    f.p.surfaceEnergy = 1;
    f.p.tangentialDamping = 0.7;
    f.p.frictionCoefficient = 0.3;
    rt_rng g = {12345};
    double worst = 0;
    for (int k = 0; k < 400; k++) {
        f.p.normalModel = (unsigned)(k % 5);
        f.p.dampingModel = (unsigned)((k / 5) % 4);
        f.p.normalDamping = f.p.dampingModel == 3 ? 0.6 : 20;
        const bool spin = k % 2;
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++) {
                f.m[m].velocity[i] = 2 * rt_uniform(&g, 0, 1) - 1;
                f.m[m].angular_velocity_local[i] = spin ? 4 * rt_uniform(&g, 0, 1) - 2 : 0;
            }
        f.m[1].position[0] = 0.93 + 0.06 * rt_uniform(&g, 0, 1);
        f.m[1].position[1] = 0.1 * rt_uniform(&g, 0, 1);
        memset(f.start, 0, sizeof f.start);
        pns(&f);
        const mbc_forces o = forces(&f);
        double w = 0, wsc = 0;
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++) {
                w += o.force[m][i] * f.m[m].velocity[i] +
                     o.torque[m][i] * f.m[m].angular_velocity_local[i];
                wsc += fabs(o.force[m][i]) + fabs(o.torque[m][i]);
            }
        double p[4], n[3];
        output4(&f, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS, p);
        mbc_error err = {0};
        assert_int_equal(mbc_contact_granular_outputs(
                             &f.p, &f.s, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL, n, 3, &err),
                         MBC_OK);
        double vn = 0;
        for (int i = 0; i < 3; i++)
            vn += (f.m[0].velocity[i] - f.m[1].velocity[i]) * n[i];
        /* F_ne: the same state at rest */
        double vsave[2][3], wsave[2][3];
        memcpy(vsave[0], f.m[0].velocity, sizeof vsave[0]);
        memcpy(vsave[1], f.m[1].velocity, sizeof vsave[1]);
        memcpy(wsave[0], f.m[0].angular_velocity_local, sizeof wsave[0]);
        memcpy(wsave[1], f.m[1].angular_velocity_local, sizeof wsave[1]);
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++)
                f.m[m].velocity[i] = f.m[m].angular_velocity_local[i] = 0;
        const double fne = output1(&f, MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE);
        memcpy(f.m[0].velocity, vsave[0], sizeof vsave[0]);
        memcpy(f.m[1].velocity, vsave[1], sizeof vsave[1]);
        memcpy(f.m[0].angular_velocity_local, wsave[0], sizeof wsave[0]);
        memcpy(f.m[1].angular_velocity_local, wsave[1], sizeof wsave[1]);
        const double ptot = p[0] + p[1] + p[2] + p[3];
        worst = fmax(worst, fabs(w - (fne * vn - ptot)) / (1 + wsc));
        assert_true(p[0] >= 0);
        if (!spin)
            assert_true(p[1] >= 0);
    }
    print_message("work rate = F_ne v_n - sum P to %.2e (relative)\n", worst);
    assert_true(worst < 1e-12);
    mbc_contact_granular_params_free(&f.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hooke_at_rest),
        cmocka_unit_test(test_normal_models),
        cmocka_unit_test(test_jkr),
        cmocka_unit_test(test_tangential),
        cmocka_unit_test(test_mindlin_rescale),
        cmocka_unit_test(test_rolling_twisting),
        cmocka_unit_test(test_no_contact),
        cmocka_unit_test(test_frame_invariance),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_energy_normal_fd),
        cmocka_unit_test(test_energy_normal_damping),
        cmocka_unit_test(test_energy_springs),
        cmocka_unit_test(test_energy_work_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
