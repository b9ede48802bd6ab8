/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/connectors/contact_convex_roll/connector_contact_convex_roll.c (hooks
 * initialize, forces, post_newton_step, outputs and the check mbc_convex_roll_check_hull of
 * ContactConvexRoll).
 *
 * Expected values are computed here by hand from the seed and physics-notes.md
 * ("ContactConvexRoll"), independently of the code under test. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "connector_fixtures.h"

#include "mbconnect/generated/contact_convex_roll.h"

#define PI 3.14159265358979323846

/* ---- small helpers (test-only) ---- */

static void mat_vec(const double A[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; ++i)
        y[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
}

static void mat_tvec(const double A[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; ++i)
        y[i] = A[i] * x[0] + A[3 + i] * x[1] + A[6 + i] * x[2];
}

/* A fixture: params, ground m0 and roll m1, current and start-of-step data. */
typedef struct {
    mbc_contact_convex_roll_params p;
    mbc_rigid_marker m[2];
    double data[3];
    double start[3];
    mbc_state s;
} fixture;

static void set_hull(fixture *f, const double *k, size_t n, double L)
{
    free(f->p.coefficientsHull);
    f->p.coefficientsHull = malloc(n * sizeof(double));
    assert_non_null(f->p.coefficientsHull);
    memcpy(f->p.coefficientsHull, k, n * sizeof(double));
    f->p.coefficientsHull_count = n;
    f->p.rollLength = L;
    mbc_error err;
    assert_int_equal(mbc_convex_roll_check_hull(&f->p, &err), MBC_OK);
    assert_int_equal(mbc_contact_convex_roll_initialize(&f->p, &err), MBC_OK);
}

static const double CYLINDER[1] = {0.4};
static const double BARREL[3] = {-0.2, 0.0, 0.4}; /* r = 0.4 - 0.2 x^2 */

static void fixture_init(fixture *f, const double *k, size_t n, double L)
{
    memset(f, 0, sizeof *f);
    mbc_contact_convex_roll_params_init(&f->p);
    f->p.markerNumbers[0] = 0;
    f->p.markerNumbers[1] = 1;
    f->p.nodeNumber = 0;
    f->p.contactStiffness = 1e5;
    set_hull(f, k, n, L);
    for (int j = 0; j < 2; ++j)
        rt_rot_z(0.0, f->m[j].rotation);
    cf_rigid_state(&f->s, &f->m[0], &f->m[1], f->data, f->start, 3);
    mbc_contact_convex_roll_initial_data(&f->p, f->data);
    mbc_contact_convex_roll_initial_data(&f->p, f->start);
}

static void fixture_free(fixture *f)
{
    mbc_contact_convex_roll_params_free(&f->p);
}

static mbc_forces eval_forces(fixture *f)
{
    mbc_forces out;
    mbc_error err = {0};
    memset(&out, 0xff, sizeof out); /* NaN pattern: every entry must be written */
    assert_int_equal(mbc_contact_convex_roll_forces(&f->p, &f->s, &out, &err), MBC_OK);
    return out;
}

static mbc_post_newton eval_pns(fixture *f, double nd[3])
{
    mbc_post_newton out;
    mbc_error err = {0};
    memset(&out, 0, sizeof out);
    out.data = nd;
    assert_int_equal(mbc_contact_convex_roll_post_newton_step(&f->p, &f->s, &out, &err), MBC_OK);
    assert_int_equal(out.marker_number1, -1);
    return out;
}

static void output3(fixture *f, size_t var, double out[3])
{
    mbc_error err = {0};
    assert_int_equal(mbc_contact_convex_roll_outputs(&f->p, &f->s, var, out, 3, &err), MBC_OK);
}

/* Checks F_0 = -F_1 and the torques for force F on the roll applied at p_C. */
static void check_forces(const fixture *f, const mbc_forces *F, const double f1[3],
                         const double p_c[3], double tol)
{
    double r1[3], r0[3], t1[3], t0[3];
    for (int i = 0; i < 3; ++i) {
        r1[i] = p_c[i] - f->m[1].position[i];
        r0[i] = p_c[i] - f->m[0].position[i];
    }
    cf_cross(r1, f1, t1);
    cf_cross(r0, f1, t0);
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(F->force[1][i], f1[i], tol);
        ASSERT_NEAR(F->force[0][i], -f1[i], tol);
        ASSERT_NEAR(F->torque[1][i], t1[i], tol);
        ASSERT_NEAR(F->torque[0][i], -t0[i], tol);
    }
}

/* ---- tests ---- */

/* Cylinder and barrel lying level (spun about their axis and yawed): the
 * contact point is straight below the center at distance R, the force on the
 * roll is k_c * penetration along +z, on the ground the opposite. */
static void test_level_rest(void **state)
{
    (void)state;
    for (int h = 0; h < 2; ++h) {
        for (int j = 0; j < 6; ++j) {
            fixture f;
            if (h == 0)
                fixture_init(&f, CYLINDER, 1, 1.0);
            else
                fixture_init(&f, BARREL, 3, 1.0);
            double Rz[9], Rx[9];
            rt_rot_z(0.7 * j, Rz);
            rt_rot_x(1.1 * j - 0.4, Rx);
            rt_mat_mul(Rz, Rx, f.m[1].rotation);
            const double z0 = -0.25, pen = 0.001 * (j + 1);
            const double pm1[3] = {1.0, 2.0, z0 + 0.4 - pen};
            const double pm0[3] = {5.0, -3.0, z0};
            memcpy(f.m[1].position, pm1, sizeof pm1);
            memcpy(f.m[0].position, pm0, sizeof pm0);
            f.data[2] = -pen;
            const double p_c[3] = {1.0, 2.0, z0 - pen};
            const double f1[3] = {0.0, 0.0, 1e5 * pen};
            const mbc_forces F = eval_forces(&f);
            check_forces(&f, &F, f1, p_c, 1e-9);
            double out[3];
            output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION, out);
            for (int i = 0; i < 3; ++i)
                ASSERT_NEAR(out[i], p_c[i], 1e-14);
            /* data gap > 0: no contact, although the geometry penetrates */
            f.data[2] = 1e-9;
            const mbc_forces F0 = eval_forces(&f);
            const double zero[3] = {0, 0, 0};
            check_forces(&f, &F0, zero, p_c, 0.0);
            fixture_free(&f);
        }
    }
}

/* Tilted barrel r = R - a x^2, A = Rz(psi) Ry(theta): d = (sin t, 0, -cos t)
 * in body coordinates, the lowest point solves r'(x) = -tan(theta), i.e.
 * x* = tan(theta) / (2a), local point [x*, 0, -r(x*)]; beyond the end it is
 * clamped to x = L/2. Force = -k_c g along +z with g = p_C,z - p_m0,z. */
static void test_tilted_barrel_point(void **state)
{
    (void)state;
    const double thetas[4] = {0.05, -0.12, 0.3, -0.3};
    for (int j = 0; j < 4; ++j) {
        fixture f;
        fixture_init(&f, BARREL, 3, 1.0);
        const double th = thetas[j], psi = 0.4 + j;
        double Rz[9], Ry[9];
        rt_rot_z(psi, Rz);
        rt_rot_y(th, Ry);
        rt_mat_mul(Rz, Ry, f.m[1].rotation);
        double x = tan(th) / (2.0 * 0.2);
        if (x > 0.5)
            x = 0.5;
        else if (x < -0.5)
            x = -0.5;
        const double pl[3] = {x, 0.0, -(0.4 - 0.2 * x * x)};
        double p_c[3];
        mat_vec(f.m[1].rotation, pl, p_c);
        const double pm1[3] = {0.3, -0.2, 0.5};
        for (int i = 0; i < 3; ++i) {
            f.m[1].position[i] = pm1[i];
            p_c[i] += pm1[i];
        }
        f.m[0].position[2] = p_c[2] + 0.004; /* penetration 4 mm */
        f.data[2] = -0.004;
        const double f1[3] = {0.0, 0.0, 1e5 * 0.004};
        const mbc_forces F = eval_forces(&f);
        check_forces(&f, &F, f1, p_c, 1e-8);
        double out[3];
        output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION, out);
        for (int i = 0; i < 3; ++i)
            ASSERT_NEAR(out[i], p_c[i], 1e-13);
        double nd[3];
        eval_pns(&f, nd);
        ASSERT_NEAR(nd[2], -0.004, 1e-13);
        fixture_free(&f);
    }
}

/* Rolling without slip: v_m1 = -omega x (p_C - p_m1) gives zero material
 * velocity at p_C, hence no friction (only the normal force) and zero slip
 * data; the trail velocity output A (omega_local x p_local) = omega x r_C. */
static void test_rolling_without_slip(void **state)
{
    (void)state;
    for (int j = 0; j < 5; ++j) {
        fixture f;
        fixture_init(&f, CYLINDER, 1, 0.8);
        f.p.dynamicFriction = 0.5;
        f.p.staticFrictionOffset = 0.1;
        f.p.viscousFriction = 0.2;
        const double psi = 0.9 * j - 1.0, phi = 0.3 * j, w = 3.0 + j;
        double Rz[9], Rx[9];
        rt_rot_z(psi, Rz);
        rt_rot_x(phi, Rx);
        rt_mat_mul(Rz, Rx, f.m[1].rotation);
        f.m[1].angular_velocity_local[0] = w; /* spin about the roll axis */
        const double pen = 0.002;
        f.m[1].position[2] = 0.4 - pen;
        /* omega = w (cos psi, sin psi, 0), r_C = (0, 0, -0.4):
         * omega x r_C = 0.4 w (-sin psi, cos psi, 0) */
        const double wxr[3] = {-0.4 * w * sin(psi), 0.4 * w * cos(psi), 0.0};
        for (int i = 0; i < 3; ++i)
            f.m[1].velocity[i] = -wxr[i];
        f.data[2] = -pen;
        const mbc_forces F = eval_forces(&f);
        const double f1[3] = {0.0, 0.0, 1e5 * pen};
        const double p_c[3] = {0.0, 0.0, -pen};
        check_forces(&f, &F, f1, p_c, 1e-9);
        double nd[3], out[3];
        eval_pns(&f, nd);
        ASSERT_NEAR(nd[0], 0.0, 1e-13);
        ASSERT_NEAR(nd[1], 0.0, 1e-13);
        output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_VELOCITY, out);
        for (int i = 0; i < 3; ++i)
            ASSERT_NEAR(out[i], wxr[i], 1e-13);
        fixture_free(&f);
    }
}

/* Pure sliding (no rotation): friction = -mu(|v|) |f_N| v/|v| with the
 * Stribeck mu (hand-computed), on the sliding and on the regularized branch;
 * torque on the roll (p_C - p_m1) x F; slip data in lateral/longitudinal axes. */
static void test_pure_sliding(void **state)
{
    (void)state;
    const double speeds[2] = {0.3, 0.0005};
    for (int j = 0; j < 2; ++j) {
        fixture f;
        fixture_init(&f, CYLINDER, 1, 1.0);
        f.p.dynamicFriction = 0.4;
        f.p.staticFrictionOffset = 0.2;
        f.p.exponentialDecayStatic = 0.1;
        f.p.viscousFriction = 0.05;
        f.p.frictionProportionalZone = 1e-3;
        const double psi = 0.6;
        rt_rot_z(psi, f.m[1].rotation);
        const double v = speeds[j], dir = 2.0;
        f.m[1].velocity[0] = v * cos(dir);
        f.m[1].velocity[1] = v * sin(dir);
        f.m[1].position[2] = 0.4 - 0.003;
        f.data[2] = -0.003;
        const double fN = 1e5 * 0.003;
        double mu;
        if (v <= 1e-3)
            mu = (0.4 + 0.2) * v / 1e-3;
        else
            mu = 0.4 + 0.2 * exp(-(v - 1e-3) / 0.1) + 0.05 * (v - 1e-3);
        const double f1[3] = {-mu * fN * cos(dir), -mu * fN * sin(dir), fN};
        const double p_c[3] = {0.0, 0.0, -0.003};
        const mbc_forces F = eval_forces(&f);
        check_forces(&f, &F, f1, p_c, 1e-9);
        /* by hand: (0,0,-R) x (fx,fy,fz) = (R fy, -R fx, 0) */
        ASSERT_NEAR(F.torque[1][0], 0.4 * f1[1], 1e-9);
        ASSERT_NEAR(F.torque[1][1], -0.4 * f1[0], 1e-9);
        ASSERT_NEAR(F.torque[1][2], 0.0, 1e-12);
        /* opposite to the slip */
        assert_true(F.force[1][0] * f.m[1].velocity[0] + F.force[1][1] * f.m[1].velocity[1] < 0);
        double nd[3];
        eval_pns(&f, nd);
        ASSERT_NEAR(nd[0], v * cos(dir - psi), 1e-15);
        ASSERT_NEAR(nd[1], v * sin(dir - psi), 1e-15);
        fixture_free(&f);
    }
}

/* Damping uses the velocity of the roll's material point at p_C relative to
 * the ground: f_N = -k_c g - d_c (v_m1,z + (omega x r_C)_z - v_m0,z). */
static void test_damping_contact_point(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, BARREL, 3, 1.0);
    f.p.contactDamping = 300.0;
    const double th = 0.1;
    rt_rot_y(th, f.m[1].rotation);
    const double x = tan(th) / 0.4;
    const double pl[3] = {x, 0.0, -(0.4 - 0.2 * x * x)};
    double rc[3];
    mat_vec(f.m[1].rotation, pl, rc);
    assert_true(fabs(rc[0]) > 0.01);
    const double omega[3] = {0.0, 2.0, 0.0};
    mat_tvec(f.m[1].rotation, omega, f.m[1].angular_velocity_local);
    f.m[1].velocity[2] = 0.05;
    f.m[0].velocity[2] = 0.02;
    f.m[0].position[2] = rc[2] + 0.001;
    f.data[2] = -0.001;
    double wxr[3];
    cf_cross(omega, rc, wxr);
    const double vz = 0.05 + wxr[2] - 0.02;
    const double fN = 1e5 * 0.001 - 300.0 * vz;
    const mbc_forces F = eval_forces(&f);
    ASSERT_NEAR(F.force[1][2], fN, 1e-9);
    ASSERT_NEAR(F.force[1][0], 0.0, 0.0);
    ASSERT_NEAR(F.force[1][1], 0.0, 0.0);
    /* the center velocity alone would give a different force */
    assert_true(fabs(fN - (1e5 * 0.001 - 300.0 * (0.05 - 0.02))) > 1.0);
    fixture_free(&f);
}

/* The worked state of docs/physics-departures.rst ("ContactConvexRoll: damping
 * with the material contact-point velocity"), the roll of the reference
 * suite's ConvexContactTest: hull r = 0.0165 - 3.6 x^2, L = 0.1, k_c = 1e3,
 * d_c = 1, roll axis = local x tilted by A = Ry(pi/16), center at rest,
 * omega = (0, 10, 0) rad/s (normal to the axis), gap -7.781e-5 m.
 * Lowest point (independent): r'(x) = -7.2 x = -tan(pi/16), x = 0.027627,
 * local [x, 0, -r(x)], r_C = A p_local = (0.024413, 0, -0.018878).
 * v_mat,z = (omega x r_C)_z = -omega_y r_C,x = -0.24413 m/s, so
 * f_z = -k_c g - d_c v_mat,z = 0.07781 + 0.24413 = 0.32194 N; the reference
 * code's -k_c g - d_c v_m1,z gives 0.07781 N. */
static void test_damping_worked_state(void **state)
{
    (void)state;
    const double hull[3] = {-3.6, 0.0, 0.0165};
    fixture f;
    fixture_init(&f, hull, 3, 0.1);
    f.p.contactStiffness = 1e3;
    f.p.contactDamping = 1.0;
    const double th = PI / 16.0;
    rt_rot_y(th, f.m[1].rotation);
    const double x = tan(th) / 7.2;
    const double pl[3] = {x, 0.0, -(0.0165 - 3.6 * x * x)};
    double rc[3];
    mat_vec(f.m[1].rotation, pl, rc);
    ASSERT_NEAR(rc[0], 0.024413, 5e-7);
    ASSERT_NEAR(rc[2], -0.018878, 5e-7);
    const double omega[3] = {0.0, 10.0, 0.0};
    mat_tvec(f.m[1].rotation, omega, f.m[1].angular_velocity_local);
    const double gap = -7.781e-5;
    f.m[1].position[2] = -rc[2] + gap; /* ground plane z = 0 */
    f.data[2] = gap;
    double nd[3];
    (void)eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], gap, 1e-15);
    const mbc_forces F = eval_forces(&f);
    ASSERT_NEAR(F.force[1][2], 0.32194, 5e-6);
    const double reference_formula = -1e3 * gap - 1.0 * f.m[1].velocity[2];
    ASSERT_NEAR(reference_formula, 0.07781, 5e-6);
    /* the same state spinning about its own axis: both formulas agree */
    const double axis[3] = {10.0 * cos(th), 0.0, -10.0 * sin(th)};
    mat_tvec(f.m[1].rotation, axis, f.m[1].angular_velocity_local);
    const mbc_forces G = eval_forces(&f);
    ASSERT_NEAR(G.force[1][2], reference_formula, 1e-12);
    fixture_free(&f);
}

/* Rotation matrix exp(t [w]x) (Rodrigues), w in rad/s, t in s. */
static void rot_exp(const double w[3], double t, double R[9])
{
    const double a = t * sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    const double K[9] = {0, -w[2] * t, w[1] * t, w[2] * t, 0, -w[0] * t, -w[1] * t, w[0] * t, 0};
    double K2[9];
    rt_mat_mul(K, K, K2);
    const double s = a > 0 ? sin(a) / a : 1.0, c = a > 0 ? (1 - cos(a)) / (a * a) : 0.5;
    for (int i = 0; i < 9; ++i)
        R[i] = (i % 4 == 0 ? 1.0 : 0.0) + s * K[i] + c * K2[i];
}

/* v_mat,z, the damping velocity, is d/dt of the penetration: along a rigid
 * motion p_m1(t) = p0 + v t, A(t) = exp(t [omega]x) A0 with omega normal to
 * the roll axis (and random), the gap g(t) PostNewtonStep computes has the
 * central difference (g(h) - g(-h)) / (2h) = v_mat,z - v_m0,z, which force
 * evaluation returns as -f_z with k_c = 0, d_c = 1. */
static void test_damping_velocity_is_gap_rate(void **state)
{
    (void)state;
    rt_rng g = {2611};
    const double hull[3] = {-3.6, 0.0, 0.0165};
    for (int it = 0; it < 200; ++it) {
        fixture f;
        fixture_init(&f, hull, 3, 0.1);
        f.p.contactStiffness = 0.0;
        f.p.contactDamping = 1.0;
        double A0[9], omega[3], v[3], p0[3];
        rt_rot_y(rt_uniform(&g, -0.4, 0.4), A0);
        if (it == 0) {
            rt_rot_y(PI / 16.0, A0);
            omega[0] = omega[2] = 0.0, omega[1] = 10.0; /* the worked state's omega */
            v[0] = v[1] = v[2] = 0.0;
        } else {
            double Rz[9], A1[9];
            rt_rot_z(rt_uniform(&g, -PI, PI), Rz);
            rt_mat_mul(Rz, A0, A1);
            memcpy(A0, A1, sizeof A1);
            rt_random_vec(&g, 10.0, omega);
            rt_random_vec(&g, 1.0, v);
        }
        rt_random_vec(&g, 0.2, p0);
        f.m[0].velocity[2] = (it == 0) ? 0.0 : rt_uniform(&g, -0.5, 0.5);
        f.data[2] = -1e-3; /* in contact by the data */
        double gp[2];
        const double h = 1e-6;
        for (int k = 0; k < 2; ++k) {
            const double t = (k == 0) ? h : -h;
            double A[9];
            rot_exp(omega, t, A);
            rt_mat_mul(A, A0, f.m[1].rotation);
            for (int i = 0; i < 3; ++i)
                f.m[1].position[i] = p0[i] + v[i] * t;
            f.m[0].position[2] = f.m[0].velocity[2] * t;
            double nd[3];
            (void)eval_pns(&f, nd);
            gp[k] = nd[2];
        }
        memcpy(f.m[1].rotation, A0, sizeof A0);
        memcpy(f.m[1].position, p0, sizeof p0);
        f.m[0].position[2] = 0.0;
        memcpy(f.m[1].velocity, v, sizeof v);
        mat_tvec(A0, omega, f.m[1].angular_velocity_local);
        const mbc_forces F = eval_forces(&f);
        const double rate = (gp[0] - gp[1]) / (2 * h);
        ASSERT_NEAR(-F.force[1][2], rate, 1e-7 * (1.0 + fabs(rate)));
        if (it == 0)
            ASSERT_NEAR(rate, -0.24413, 5e-6); /* not the center's 0 */
        fixture_free(&f);
    }
}

/* A pulling normal force (damping while separating, f_N < 0) still gives
 * friction of magnitude mu |f_N| opposite to the slip. */
static void test_friction_with_negative_normal_force(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, CYLINDER, 1, 1.0);
    f.p.dynamicFriction = 0.5;
    f.p.contactDamping = 1000.0;
    f.m[1].position[2] = 0.4 - 0.001;
    f.m[1].velocity[2] = 1.0; /* separating */
    f.m[1].velocity[0] = 0.3; /* sliding along +x */
    f.data[2] = -0.001;
    const double fN = 1e5 * 0.001 - 1000.0 * 1.0; /* -900 N */
    const mbc_forces F = eval_forces(&f);
    ASSERT_NEAR(F.force[1][2], fN, 1e-9);
    ASSERT_NEAR(F.force[1][0], -0.5 * fabs(fN), 1e-9);
    ASSERT_NEAR(F.force[1][1], 0.0, 0.0);
    fixture_free(&f);
}

/* PostNewtonStep: error |g k_c| on a contact switch (against the current data
 * gap), recommended step |g / v_gap|; no switch: error 0, no step. */
static void test_pns_switch(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, CYLINDER, 1, 1.0);
    f.m[1].position[2] = 0.4 - 0.002;
    f.m[1].velocity[2] = -0.5;
    f.data[2] = 0.1;
    double nd[3];
    mbc_post_newton r = eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], -0.002, 1e-15);
    ASSERT_NEAR(r.error, 1e5 * 0.002, 1e-9);
    ASSERT_NEAR(r.recommended_step, 0.002 / 0.5, 1e-15);
    assert_int_equal(r.warnings, 0);
    f.data[2] = -0.001; /* Newton already in contact: no switch */
    r = eval_pns(&f, nd);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    assert_true(r.recommended_step < 0.0);
    f.m[1].position[2] = 0.4 + 0.003; /* lifted off while data says contact */
    f.m[1].velocity[2] = 0.2;
    r = eval_pns(&f, nd);
    ASSERT_NEAR(nd[2], 0.003, 1e-15);
    ASSERT_NEAR(r.error, 1e5 * 0.003, 1e-9);
    ASSERT_NEAR(r.recommended_step, 0.003 / 0.2, 1e-14);
    fixture_free(&f);
}

/* Check hook: convex hulls (cylinder, barrel, cone, a cubic convex on the
 * interval) accepted; r'' > 0 on [-L/2, L/2] rejected with MBC_ERR_VALUE and
 * the documented message. Initialize: derivatives and rBoundingSphere. */
static void test_check_and_initialize(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, CYLINDER, 1, 1.0);
    mbc_error err;
    /* cone r = 0.1 x + 0.3 on L = 2: r' = [0.1], r'' = [0], max r = r(1) = 0.4 */
    const double cone[2] = {0.1, 0.3};
    set_hull(&f, cone, 2, 2.0);
    assert_int_equal(f.p.coefficientsHullDerivative_count, 1);
    ASSERT_NEAR(f.p.coefficientsHullDerivative[0], 0.1, 0.0);
    assert_int_equal(f.p.coefficientsHullDDerivative_count, 1);
    ASSERT_NEAR(f.p.coefficientsHullDDerivative[0], 0.0, 0.0);
    ASSERT_NEAR(f.p.rBoundingSphere, 0.4, 1e-15);
    /* barrel: r' = -0.4 x, r'' = -0.4, max r = 0.4 */
    set_hull(&f, BARREL, 3, 1.0);
    assert_int_equal(f.p.coefficientsHullDerivative_count, 2);
    ASSERT_NEAR(f.p.coefficientsHullDerivative[0], -0.4, 0.0);
    ASSERT_NEAR(f.p.coefficientsHullDerivative[1], 0.0, 0.0);
    assert_int_equal(f.p.coefficientsHullDDerivative_count, 1);
    ASSERT_NEAR(f.p.coefficientsHullDDerivative[0], -0.4, 0.0);
    ASSERT_NEAR(f.p.rBoundingSphere, 0.4, 1e-15);
    /* initialize twice: previous arrays freed (leak check under ASan) */
    assert_int_equal(mbc_contact_convex_roll_initialize(&f.p, &err), MBC_OK);
    /* cubic r = 0.05 x^3 - 0.1 x^2 + 0.4: r'' = 0.3 x - 0.2 <= 0 on [-0.5, 0.5] */
    const double cubic[4] = {0.05, -0.1, 0.0, 0.4};
    set_hull(&f, cubic, 4, 1.0);
    ASSERT_NEAR(f.p.coefficientsHullDDerivative[0], 0.3, 1e-16);
    ASSERT_NEAR(f.p.coefficientsHullDDerivative[1], -0.2, 1e-16);
    ASSERT_NEAR(f.p.rBoundingSphere, 0.4, 1e-15);
    /* ... but not on [-1, 1]: r''(1) = 0.1 > 0 */
    f.p.rollLength = 2.0;
    assert_int_equal(mbc_convex_roll_check_hull(&f.p, &err), MBC_ERR_VALUE);
    /* r = x^2 + 0.5: r'' = 2 everywhere */
    const double concave[3] = {1.0, 0.0, 0.5};
    memcpy(f.p.coefficientsHull, concave, sizeof concave); /* 4 slots allocated */
    f.p.coefficientsHull_count = 3;
    f.p.rollLength = 1.0;
    assert_int_equal(mbc_convex_roll_check_hull(&f.p, &err), MBC_ERR_VALUE);
    assert_non_null(strstr(err.message, "ContactConvexRoll.coefficientsHull: hull must be convex "
                                        "(r'' <= 0 on [-L/2, L/2]), r''("));
    assert_non_null(strstr(err.message, ") = 2"));
    /* a radius must be > 0: the barrel r = 0.4 - 0.2 x^2 reaches 0 at x = +-sqrt(2)
     * (checked at the ends, where a concave r is smallest) */
    memcpy(f.p.coefficientsHull, BARREL, sizeof BARREL);
    f.p.rollLength = 2.0 * sqrt(2.0) + 0.2; /* r(+-1.514) < 0 */
    assert_int_equal(mbc_convex_roll_check_hull(&f.p, &err), MBC_ERR_VALUE);
    assert_non_null(strstr(err.message, "ContactConvexRoll.coefficientsHull: hull radius must be "
                                        "> 0 on [-L/2, L/2], r(-1.51421) = -0.05856"));
    f.p.rollLength = 2.0 * sqrt(2.0) - 0.2;
    assert_int_equal(mbc_convex_roll_check_hull(&f.p, &err), MBC_OK);
    const double minus[1] = {-0.4}; /* a "cylinder" of radius -0.4 */
    memcpy(f.p.coefficientsHull, minus, sizeof minus);
    f.p.coefficientsHull_count = 1;
    assert_int_equal(mbc_convex_roll_check_hull(&f.p, &err), MBC_ERR_VALUE);
    assert_non_null(strstr(err.message, "hull radius must be > 0 on [-L/2, L/2], r("));
    fixture_free(&f);
}

/* Vertical roll axis: the model does not apply -> zero forces, no NaN,
 * PostNewtonStep warns (MBC_WARN_AXIS_VERTICAL) and keeps the data. */
static void test_vertical_axis(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, BARREL, 3, 1.0);
    f.p.dynamicFriction = 0.5;
    f.p.contactDamping = 10.0;
    rt_rot_y(PI / 2, f.m[1].rotation); /* roll axis along -z */
    f.m[1].velocity[0] = 1.0;
    f.m[1].angular_velocity_local[0] = 4.0;
    f.data[2] = -0.1;
    const mbc_forces F = eval_forces(&f);
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            ASSERT_NEAR(F.force[j][i], 0.0, 0.0);
            ASSERT_NEAR(F.torque[j][i], 0.0, 0.0);
        }
    }
    double nd[3];
    const mbc_post_newton r = eval_pns(&f, nd);
    assert_true(r.warnings & MBC_WARN_AXIS_VERTICAL);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(nd[i], f.data[i], 0.0);
    const size_t vars[4] = {
        MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION, MBC_CONTACT_CONVEX_ROLL_OUTPUT_VELOCITY,
        MBC_CONTACT_CONVEX_ROLL_OUTPUT_FORCE, MBC_CONTACT_CONVEX_ROLL_OUTPUT_TORQUE};
    for (int v = 0; v < 4; ++v) {
        double out[3];
        output3(&f, vars[v], out);
        for (int i = 0; i < 3; ++i)
            assert_true(isfinite(out[i]));
    }
    fixture_free(&f);
}

/* Newton's third law on >= 1000 random states: sum of forces = 0 and sum of
 * torques + p_marker x f about the origin = 0 (1e-12 relative). */
static void test_equilibrium_random(void **state)
{
    (void)state;
    rt_rng g = {77u};
    int contacts = 0;
    for (int it = 0; it < 1500; ++it) {
        fixture f;
        /* positive hull: a (L/2)^2 <= 0.6 R and |c3| (L/2)^3 <= a (L/2)^2 / 3 */
        const double R = rt_uniform(&g, 0.1, 1.0), L = rt_uniform(&g, 0.2, 2.0);
        const double a = rt_uniform(&g, 0.0, 0.6 * R / (0.25 * L * L)),
                     c3 = rt_uniform(&g, -0.5, 0.5);
        /* r = c3 x^3 - a x^2 + R, convex while 6 c3 x - 2 a <= 0 on the interval */
        const double k[4] = {(fabs(c3) * 3.0 * L <= 2.0 * a) ? c3 : 0.0, -a, 0.0, R};
        fixture_init(&f, k, 4, L);
        f.p.contactStiffness = rt_uniform(&g, 1e3, 1e7);
        f.p.contactDamping = rt_uniform(&g, 0.0, 1e3);
        f.p.dynamicFriction = rt_uniform(&g, 0.0, 1.0);
        f.p.staticFrictionOffset = rt_uniform(&g, 0.0, 0.5);
        f.p.viscousFriction = rt_uniform(&g, 0.0, 0.5);
        f.p.exponentialDecayStatic = rt_uniform(&g, 1e-3, 1.0);
        f.p.frictionProportionalZone = rt_uniform(&g, 1e-4, 0.1);
        double q[4], n;
        do {
            n = 0.0;
            for (int i = 0; i < 4; ++i) {
                q[i] = rt_uniform(&g, -1.0, 1.0);
                n += q[i] * q[i];
            }
        } while (n < 1e-6 || n > 1.0);
        n = sqrt(n);
        const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
        const double M[9] = {
            1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
            2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
        memcpy(f.m[1].rotation, M, sizeof M);
        for (int i = 0; i < 3; ++i) {
            f.m[1].position[i] = rt_uniform(&g, -5.0, 5.0);
            f.m[0].position[i] = rt_uniform(&g, -5.0, 5.0);
            f.m[1].velocity[i] = rt_uniform(&g, -2.0, 2.0);
            f.m[0].velocity[i] = rt_uniform(&g, -0.5, 0.5);
            f.m[1].angular_velocity_local[i] = rt_uniform(&g, -10.0, 10.0);
        }
        f.m[0].position[2] = f.m[1].position[2] - rt_uniform(&g, 0.0, R + L);
        f.data[2] = (it % 5 == 0) ? 0.01 : -0.01;
        const mbc_forces F = eval_forces(&f);
        contacts += cf_assert_balanced(f.m, &F);
        fixture_free(&f);
    }
    assert_true(contacts > 1000);
}

/* Every declared output with size 3 and its documented value; errors for a
 * wrong size and an output the type does not declare; inactive connector. */
static void test_outputs_and_inactive(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, BARREL, 3, 1.0);
    f.p.dynamicFriction = 0.3;
    double Rz[9], Ry[9];
    rt_rot_z(0.3, Rz);
    rt_rot_y(0.08, Ry);
    rt_mat_mul(Rz, Ry, f.m[1].rotation);
    f.m[1].velocity[0] = 0.7;
    f.m[1].angular_velocity_local[0] = 1.5;
    f.m[1].angular_velocity_local[2] = -0.5;
    const double x = tan(0.08) / 0.4;
    const double pl[3] = {x, 0.0, -(0.4 - 0.2 * x * x)};
    double p_c[3], wl_pl[3], v_c[3];
    mat_vec(f.m[1].rotation, pl, p_c);
    cf_cross(f.m[1].angular_velocity_local, pl, wl_pl);
    mat_vec(f.m[1].rotation, wl_pl, v_c);
    f.m[0].position[2] = p_c[2] + 0.002;
    f.data[2] = -0.002;
    const mbc_forces F = eval_forces(&f);
    double out[3];
    output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION, out);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], p_c[i], 1e-14);
    output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_VELOCITY, out);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], v_c[i], 1e-13);
    output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_FORCE, out);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], F.force[1][i], 0.0);
    assert_true(cf_norm(out) > 0.0 && fabs(out[0]) > 0.0);
    output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_TORQUE, out);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(out[i], F.torque[1][i], 0.0);
    assert_true(cf_norm(out) > 0.0);
    /* a wrong size or output number: refused by mbc_object_output
     * (tests/api/test_evaluate.c); the typed hook asserts them */

    /* inactive: zero forces/torques, PostNewtonStep copies data with error 0 */
    f.p.activeConnector = false;
    const mbc_forces F0 = eval_forces(&f);
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            ASSERT_NEAR(F0.force[j][i], 0.0, 0.0);
            ASSERT_NEAR(F0.torque[j][i], 0.0, 0.0);
        }
    }
    f.data[0] = 0.25;
    f.data[1] = -0.5;
    f.data[2] = 0.3; /* disagrees with the geometry on purpose */
    double nd[3];
    const mbc_post_newton r = eval_pns(&f, nd);
    for (int i = 0; i < 3; ++i)
        ASSERT_NEAR(nd[i], f.data[i], 0.0);
    ASSERT_NEAR(r.error, 0.0, 0.0);
    assert_true(r.recommended_step < 0.0);
    output3(&f, MBC_CONTACT_CONVEX_ROLL_OUTPUT_FORCE, out);
    ASSERT_NEAR(cf_norm(out), 0.0, 0.0);
    fixture_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_rest),
        cmocka_unit_test(test_tilted_barrel_point),
        cmocka_unit_test(test_rolling_without_slip),
        cmocka_unit_test(test_pure_sliding),
        cmocka_unit_test(test_damping_contact_point),
        cmocka_unit_test(test_damping_worked_state),
        cmocka_unit_test(test_damping_velocity_is_gap_rate),
        cmocka_unit_test(test_friction_with_negative_normal_force),
        cmocka_unit_test(test_pns_switch),
        cmocka_unit_test(test_check_and_initialize),
        cmocka_unit_test(test_vertical_axis),
        cmocka_unit_test(test_equilibrium_random),
        cmocka_unit_test(test_outputs_and_inactive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
