/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the ContactFrictionCircleCable2D hooks (forces, post_newton_step,
 * outputs). Expected values are computed here independently of the code under
 * test: hand-derived numbers for a circle on a straight cable, and a test-side
 * closest-point / normalization / sticking-position implementation for the
 * random checks.
 *
 * Moment balance: the circle's torque is r f_t per contacting segment (the
 * seed's tau_m0, physics-notes 2026-11-25), while the cable receives the
 * force at distance d = r + g (SN) or at the points, d_l and d_r (PWN). The
 * forces balance exactly; the moments balance up to the couple
 * sum (r - d_eff) f_t = -sum g f_t (SN), -sum ((1-rho) g_l + rho g_r) f_t
 * (PWN), which test_random_equilibrium checks exactly.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/evaluate_many.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"

#define PI     3.14159265358979323846
#define MAXSEG 300

/* ---- small deterministic PRNG (splitmix64) ---- */
/* ---- fixture: circle (marker 0) + Cable2DShape marker with n segments ---- */
typedef struct {
    mbc_contact_friction_circle_cable2d_params p;
    mbc_rigid_marker circle;
    double pts[2 * (MAXSEG + 1)];
    double vel[2 * (MAXSEG + 1)];
    mbc_cable_marker cable;
    double data[3 * MAXSEG];
    double data_start[3 * MAXSEG];
    mbc_state s;
    double F[2 * (MAXSEG + 1)];
    mbc_forces f;
    double new_data[3 * MAXSEG];
    mbc_post_newton pn;
    mbc_error err;
    size_t n;
} fixture;

static void rot_z(double a, double R[9])
{
    const double c = cos(a), s = sin(a);
    const double M[9] = {c, -s, 0, s, c, 0, 0, 0, 1};
    memcpy(R, M, sizeof M);
}

/* Straight horizontal cable y = 0 from x = 0 to x = n * seg (points i * seg),
 * circle r = 0.5 at (cx, cy), A = I, everything at rest, no friction,
 * k_c = 1000, d_c = 0, data = initial data. */
static void fixture_init(fixture *x, size_t n, double cx, double cy)
{
    memset(x, 0, sizeof *x);
    x->n = n;
    mbc_contact_friction_circle_cable2d_params_init(&x->p);
    x->p.numberOfContactSegments = (int)n;
    x->p.contactStiffness = 1000.0;
    x->p.circleRadius = 0.5;
    rot_z(0.0, x->circle.rotation);
    x->circle.position[0] = cx;
    x->circle.position[1] = cy;
    for (size_t i = 0; i <= n; ++i) {
        x->pts[2 * i] = (double)i;
        x->pts[2 * i + 1] = 0.0;
    }
    x->cable.segment_count = n;
    x->cable.points = x->pts;
    x->cable.point_velocities = x->vel;
    x->cable.length = (double)n;
    x->cable.ale_coordinate = 0.0;
    mbc_contact_friction_circle_cable2d_initial_data(&x->p, x->data);
    memcpy(x->data_start, x->data, sizeof x->data);
    x->s.marker[0] = &x->circle;
    x->s.cable = &x->cable;
    x->s.data = x->data;
    x->s.data_start = x->data_start;
    x->s.data_count = 3 * n;
    x->f.cable_point_forces = x->F;
    x->f.cable_point_count = n + 1;
    x->pn.data = x->new_data;
}

/* Releases whatever params_init allocated (e.g. the name). */
static void fixture_done(fixture *x)
{
    mbc_contact_friction_circle_cable2d_params_free(&x->p);
}

static void run_forces(fixture *x)
{
    assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&x->p, &x->s, &x->f, &x->err),
                     MBC_OK);
}

static void run_pns(fixture *x)
{
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_post_newton_step(&x->p, &x->s, &x->pn, &x->err),
        MBC_OK);
    assert_true(x->pn.recommended_step < 0.0);
    assert_int_equal(x->pn.marker_number1, -1);
}

static void run_output(fixture *x, size_t v, double *out)
{
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_outputs(&x->p, &x->s, v, out, 2 * x->n, &x->err),
        MBC_OK);
}

/* Test-side sticking position normalization (seed "curstick"). */
static double norm_stick(double x, double r)
{
    return x - floor(x / (2 * PI * r) + 0.5) * 2 * PI * r;
}

/* ---- independent geometry ---- */
struct closest {
    double rho, d, n[2];
};
static struct closest closest_point(const double *a, const double *b, const double c[2])
{
    struct closest o;
    const double vs[2] = {b[0] - a[0], b[1] - a[1]};
    const double vp[2] = {c[0] - a[0], c[1] - a[1]};
    const double dd = vs[0] * vs[0] + vs[1] * vs[1];
    double rho = dd > 0 ? (vs[0] * vp[0] + vs[1] * vp[1]) / dd : 0.0;
    rho = rho < 0 ? 0 : (rho > 1 ? 1 : rho);
    const double pp[2] = {a[0] + rho * vs[0], a[1] + rho * vs[1]};
    o.rho = rho;
    o.d = hypot(pp[0] - c[0], pp[1] - c[1]);
    o.n[0] = (pp[0] - c[0]) / o.d;
    o.n[1] = (pp[1] - c[1]) / o.d;
    return o;
}

/* =================== forces: analytic normal forces =================== */

/* Circle r = 0.5 at (1.3, 0.45) on a 4-segment cable (points at x = 0..4):
 * only segment 1 penetrates, g = -0.05, rho = 0.3, n = (0, -1).
 * f_n = k_c g = -50; physical force on p1 = -(1-rho) f_n n = (0, -35),
 * on p2 = (0, -15); circle (0, +50); no torque. */
static void test_sn_pressed_straight_cable(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45);
    x.data[1] = -0.05; /* active set: segment 1 only */
    run_forces(&x);
    const double expect[10] = {0, 0, 0, -35, 0, -15, 0, 0, 0, 0};
    for (int k = 0; k < 10; ++k)
        ASSERT_NEAR(x.F[k], expect[k], 1e-12);
    ASSERT_NEAR(x.f.force[0][0], 0.0, 1e-12);
    ASSERT_NEAR(x.f.force[0][1], 50.0, 1e-12);
    ASSERT_NEAR(x.f.force[0][2], 0.0, 0.0);
    ASSERT_NEAR(x.f.torque[0][2], 0.0, 1e-12); /* normal forces act through the center */
    for (int k = 0; k < 3; ++k) {
        ASSERT_NEAR(x.f.force[1][k], 0.0, 0.0);
        ASSERT_NEAR(x.f.torque[1][k], 0.0, 0.0);
    }

    /* damping: cable points 1, 2 move up with 0.2 m/s towards the circle:
     * v_n = (v_p - v_m0).n = -0.2, f_n = -50 + d_c (-0.2). */
    x.p.contactDamping = 100.0;
    x.vel[3] = 0.2;
    x.vel[5] = 0.2;
    run_forces(&x);
    ASSERT_NEAR(x.F[3], -0.7 * 70.0, 1e-12);
    ASSERT_NEAR(x.F[5], -0.3 * 70.0, 1e-12);
    ASSERT_NEAR(x.f.force[0][1], 70.0, 1e-12);
    fixture_done(&x);
}

/* Same circle at (1.9, 0.45): segment 1 (rho = 0.9, g = -0.05) and segment 2
 * (closest point = its start p2, rho = 0, d = sqrt(0.01 + 0.2025)). */
static void test_sn_two_segments_and_active_set_from_data(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.9, 0.45);
    const double d2 = sqrt(0.01 + 0.2025), g2 = d2 - 0.5;
    const double n2[2] = {0.1 / d2, -0.45 / d2};
    x.data[1] = -1.0;
    x.data[2] = -1.0;
    run_forces(&x);
    /* seg 1: f_s = -50 (0,-1) = (0, 50): p1 gets -(0.1)(0,50), p2 -(0.9)(0,50)
     * seg 2: f_s = 1000 g2 n2, rho = 0: p2 gets -f_s */
    ASSERT_NEAR(x.F[2], 0.0, 1e-12);
    ASSERT_NEAR(x.F[3], -5.0, 1e-12);
    ASSERT_NEAR(x.F[4], -1000.0 * g2 * n2[0], 1e-12);
    ASSERT_NEAR(x.F[5], -45.0 - 1000.0 * g2 * n2[1], 1e-12);
    ASSERT_NEAR(x.F[6], 0.0, 0.0);
    ASSERT_NEAR(x.f.force[0][0], 1000.0 * g2 * n2[0], 1e-12);
    ASSERT_NEAR(x.f.force[0][1], 50.0 + 1000.0 * g2 * n2[1], 1e-12);

    /* force evaluation never switches: segment 2 marked open in the data
     * contributes nothing although it penetrates geometrically */
    x.data[2] = 0.1;
    run_forces(&x);
    ASSERT_NEAR(x.F[4], 0.0, 0.0);
    ASSERT_NEAR(x.F[5], -45.0, 1e-12);
    /* and a segment marked closed in the data but geometrically open (g > 0)
     * gets the (pulling) penalty force k_c g */
    x.data[0] = -1.0; /* segment 0: closest point p1 = (1, 0), d = sqrt(0.81 + 0.2025) */
    run_forces(&x);
    const double d0 = sqrt(0.81 + 0.2025), g0 = d0 - 0.5;
    ASSERT_NEAR(x.F[2], -1000.0 * g0 * (-0.9 / d0), 1e-12);
    fixture_done(&x);
}

/* PWN: same geometry as the SN case, forces along the point normals
 * n_l = (p1 - c)/|p1 - c|, n_r = (p2 - c)/|p2 - c|. */
static void test_pwn_pressed_straight_cable(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45);
    x.p.useSegmentNormals = false;
    x.data[1] = -0.05;
    run_forces(&x);
    const double dl = hypot(-0.3, -0.45), dr = hypot(0.7, -0.45);
    const double nl[2] = {-0.3 / dl, -0.45 / dl}, nr[2] = {0.7 / dr, -0.45 / dr};
    /* F1 = -(1-rho) f_n n_l = 0.7 * 50 n_l, F2 = 0.3 * 50 n_r */
    ASSERT_NEAR(x.F[2], 35.0 * nl[0], 1e-12);
    ASSERT_NEAR(x.F[3], 35.0 * nl[1], 1e-12);
    ASSERT_NEAR(x.F[4], 15.0 * nr[0], 1e-12);
    ASSERT_NEAR(x.F[5], 15.0 * nr[1], 1e-12);
    ASSERT_NEAR(x.f.force[0][0], -35.0 * nl[0] - 15.0 * nr[0], 1e-12);
    ASSERT_NEAR(x.f.force[0][1], -35.0 * nl[1] - 15.0 * nr[1], 1e-12);
    ASSERT_NEAR(x.f.torque[0][2], 0.0, 1e-12);

    /* with friction (slip +1, mu = 0.4): f_t = 0.4 * 50 = 20 along t_l, t_r */
    x.p.frictionCoefficient = 0.4;
    x.data[4 + 1] = 1.0;
    run_forces(&x);
    const double tl[2] = {-nl[1], nl[0]}, tr[2] = {-nr[1], nr[0]};
    ASSERT_NEAR(x.F[2], 35.0 * nl[0] - 0.7 * 20.0 * tl[0], 1e-12);
    ASSERT_NEAR(x.F[3], 35.0 * nl[1] - 0.7 * 20.0 * tl[1], 1e-12);
    ASSERT_NEAR(x.F[4], 15.0 * nr[0] - 0.3 * 20.0 * tr[0], 1e-12);
    ASSERT_NEAR(x.F[5], 15.0 * nr[1] - 0.3 * 20.0 * tr[1], 1e-12);
    ASSERT_NEAR(x.f.torque[0][2], 0.5 * 20.0, 1e-12); /* r f_t, not the arms dl, dr */
    (void)dl;
    (void)dr;
    fixture_done(&x);
}

/* =================== forces: tangential law in force evaluation =================== */

/* Geometry of test_sn_pressed_straight_cable (f_n = -50, n = (0,-1), t = (1,0),
 * rho = 0.3). Expected x_curStick for A = Rz(phi): alpha = -pi/2 - phi
 * (wrapped by atan2), x_c = alpha r, x_s = rho * 1 - ale, sign s = -1
 * because t.(p2 - p1) = 1 > 0. */
static double expected_cur_stick(double phi, double ale)
{
    const double r = 0.5;
    const double alpha = atan2(sin(-PI / 2 - phi), cos(-PI / 2 - phi));
    return norm_stick(alpha * r - (0.3 - ale), r);
}

static void test_tangent_force_newton(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45);
    x.data[1] = -0.05;
    x.p.frictionCoefficient = 0.4;
    x.p.frictionVelocityPenalty = 10.0;
    x.p.frictionStiffness = 100.0;
    /* cable points move with +0.2 in x, circle spins with omega_z = 2:
     * v_c = r omega t = (1, 0); v_t = 0.2 - 1 = -0.8 */
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = 0.2;
    x.circle.angular_velocity_local[2] = 2.0;
    double fl[8], co[8], cot[8];

    /* undefined (-2): f_t = mu_v v_t, no stiffness term */
    x.data[5] = -2.0;
    x.data[9] = 1e3; /* garbage last sticking position, must be ignored */
    run_forces(&x);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -8.0, 1e-12);
    ASSERT_NEAR(fl[3], -50.0, 1e-12);
    ASSERT_NEAR(x.F[2], -0.7 * -8.0, 1e-12);
    ASSERT_NEAR(x.f.torque[0][2], 0.5 * -8.0, 1e-12); /* r f_t (not d f_t, d = 0.45) */
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], 0.0, 0.0);
    ASSERT_NEAR(co[3], -0.05, 1e-12);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, cot);
    ASSERT_NEAR(cot[2], -0.8, 1e-12);
    ASSERT_NEAR(cot[3], 0.0, 1e-12);

    /* stick (0) with stored last position 0.01 behind the current one:
     * f_t = mu_v v_t + mu_k * 0.01 = -8 + 1 (even beyond the cap: no switching) */
    x.data[5] = 0.0;
    x.data[9] = expected_cur_stick(0.0, 0.0) - 0.01;
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -7.0, 1e-9);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], 0.01, 1e-12);
    run_forces(&x);
    ASSERT_NEAR(x.f.force[0][0], -7.0, 1e-9);
    /* a last position one full period 2 pi r away gives the same Delta */
    x.data[9] += 2 * PI * 0.5;
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], 0.01, 1e-12);
    /* stick with mu_k = 0: Delta ignored */
    x.p.frictionStiffness = 0.0;
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -8.0, 1e-12);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], 0.0, 0.0);
    x.p.frictionStiffness = 100.0;

    /* slip +1 / -1: f_t = mu |f_n| x_isSlipStick = +-20 */
    x.data[5] = 1.0;
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], 20.0, 1e-12);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], 0.0, 0.0); /* tangential displacement only while sticking */
    x.data[5] = -1.0;
    run_forces(&x);
    ASSERT_NEAR(x.F[2], -0.7 * -20.0, 1e-12);
    ASSERT_NEAR(x.F[4], -0.3 * -20.0, 1e-12);
    ASSERT_NEAR(x.f.force[0][0], -20.0, 1e-12);
    ASSERT_NEAR(x.f.torque[0][2], 0.5 * -20.0, 1e-12);

    /* physical direction: the friction force on the cable opposes its motion
     * relative to the circle (velocity penalty only, circle at rest) */
    x.data[5] = -2.0;
    x.circle.angular_velocity_local[2] = 0.0;
    run_forces(&x);
    assert_true(x.F[2] < 0.0 && x.F[4] < 0.0);
    fixture_done(&x);
}

/* The circle's angular velocity enters through the GLOBAL z component
 * A * omega_local. Here A = Rx(pi) flips z: omega_local,z = -2 is +2 globally. */
static void test_angular_velocity_global(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45);
    x.data[1] = -0.05;
    const double Rx[9] = {1, 0, 0, 0, -1, 0, 0, 0, -1};
    memcpy(x.circle.rotation, Rx, sizeof Rx);
    x.circle.angular_velocity_local[2] = -2.0;
    double cot[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, cot);
    ASSERT_NEAR(cot[2], -1.0, 1e-12); /* v_t = 0 - r omega_z = -1 */
    fixture_done(&x);
}

/* =================== PostNewtonStep branches =================== */

/* Friction setup for the PNS tests: mu = 0.5, f_n = -50 -> cap 25 N;
 * mu_k = 100 N/m, mu_v = 10 N s/m; circle and cable at rest (v_t = 0);
 * segment 1 penetrates (g = -0.05) and was in contact before. */
static void pns_fixture(fixture *x)
{
    fixture_init(x, 4, 1.3, 0.45);
    x->p.frictionCoefficient = 0.5;
    x->p.frictionVelocityPenalty = 10.0;
    x->p.frictionStiffness = 100.0;
    x->data[1] = -0.05;
    x->data_start[1] = -0.05;
}

static void check_other_segments_open(const fixture *x)
{
    /* segments 0, 2, 3 are geometrically open: gap stored, state undefined */
    const size_t open[3] = {0, 2, 3};
    const double c[2] = {1.3, 0.45};
    for (int j = 0; j < 3; ++j) {
        const size_t i = open[j];
        const struct closest cp = closest_point(x->pts + 2 * i, x->pts + 2 * i + 2, c);
        ASSERT_NEAR(x->new_data[i], cp.d - 0.5, 1e-14);
        assert_true(x->new_data[i] > 0.0);
        ASSERT_NEAR(x->new_data[4 + i], -2.0, 0.0);
    }
}

static void test_pns_open_to_contact_and_back(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45); /* frictionless */
    /* open -> contact: data gaps 0.1 (initial), geometry g = -0.05 */
    run_pns(&x);
    ASSERT_NEAR(x.new_data[1], -0.05, 1e-14);
    ASSERT_NEAR(x.new_data[5], -2.0, 0.0); /* frictionless: state stays undefined */
    check_other_segments_open(&x);
    ASSERT_NEAR(x.pn.error, 1000.0 * 0.15, 1e-10);
    assert_int_equal(x.pn.warnings, 0);
    /* repeated PNS with the new data: no switch, no error */
    memcpy(x.data, x.new_data, sizeof x.data);
    run_pns(&x);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);

    /* contact -> open: previous gap -0.02, circle lifted to g = +0.1 */
    x.data[1] = -0.02;
    x.circle.position[1] = 0.6;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[1], 0.1, 1e-14);
    ASSERT_NEAR(x.new_data[5], -2.0, 0.0);
    ASSERT_NEAR(x.pn.error, 1000.0 * 0.12, 1e-10);
    fixture_done(&x);
}

static void test_pns_undefined_to_stick(void **state)
{
    (void)state;
    fixture x;
    pns_fixture(&x);
    x.data_start[9] = 123.0; /* stale value from an undefined state: ignored */
    x.data[9] = 77.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[1], -0.05, 1e-14);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    ASSERT_NEAR(x.new_data[9], expected_cur_stick(0.0, 0.0), 1e-12); /* initialized */
    check_other_segments_open(&x);
    /* state changed (-2 -> 0): | |f_t,lin| - mu |f_n| | = |0 - 25| */
    ASSERT_NEAR(x.pn.error, 25.0, 1e-10);
    /* iterate: previous PNS state is now 0, same result, no error */
    memcpy(x.data, x.new_data, sizeof x.data);
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);

    /* with an ALE cable the segment part is shifted by o_ALE = -ale */
    x.cable.ale_coordinate = 0.07;
    x.data_start[5] = -2.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[9], expected_cur_stick(0.0, 0.07), 1e-12);
    fixture_done(&x);
}

static void test_pns_stick_to_slip_pretensioned(void **state)
{
    (void)state;
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        fixture x;
        pns_fixture(&x);
        const double xc = expected_cur_stick(0.0, 0.0);
        x.data_start[5] = 0.0;
        x.data_start[9] = xc - sgn * 0.6; /* Delta = +-0.6, f_t,lin = +-60 > 25 */
        x.data[5] = 0.0;
        x.data[9] = x.data_start[9];
        run_pns(&x);
        ASSERT_NEAR(x.new_data[5], (double)sgn, 0.0);
        /* pre-tensioned: x_lastStick = x_curStick - Sign(Delta) mu |f_n| / mu_k */
        ASSERT_NEAR(x.new_data[9], xc - sgn * 25.0 / 100.0, 1e-12);
        ASSERT_NEAR(x.pn.error, 60.0 - 25.0, 1e-9);
        assert_int_equal(x.pn.warnings, 0);
        /* the force evaluation with the new data then gives exactly the cap */
        memcpy(x.data, x.new_data, sizeof x.data);
        double fl[8];
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
        ASSERT_NEAR(fl[2], sgn * 25.0, 1e-12);
        /* and a switch back to sticking state would see the spring at the cap */
        x.data[5] = 0.0;
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
        ASSERT_NEAR(fl[2], sgn * 25.0, 1e-9);
        fixture_done(&x);
    }
}

/* The slip direction follows the trial force (physics-notes 2026-11-25).
 * Start of step: slip +1, pre-tensioned (x_lastStick = x_curStick - 0.25, so
 * Delta = +0.25 and mu_k Delta = +25 = the cap). Now the cable slides
 * backwards, v_t = -1.3 m/s, with mu_v = 100: f_t,lin = -130 + 25 = -105,
 * |f_t,lin| > 25: slip. The new state is Sign(f_t,lin) = -1 (the seed's
 * Sign(Delta) would keep +1 and push along the slip), x_lastStick =
 * x_curStick + 0.25, and the force opposes the slip: f_t = -25 in the
 * seed's sign (the sign of v_t), i.e. +25 N along t on the cable. */
static void test_pns_slip_reverses_with_trial_force(void **state)
{
    (void)state;
    fixture x;
    pns_fixture(&x);
    x.p.frictionVelocityPenalty = 100.0;
    const double xc = expected_cur_stick(0.0, 0.0);
    x.data_start[5] = 1.0;
    x.data_start[9] = xc - 0.25;
    x.data[5] = 1.0;
    x.data[9] = xc - 0.25;
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = -1.3; /* t = (1, 0): v_t = -1.3 */
    double cot[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, cot);
    ASSERT_NEAR(cot[2], -1.3, 1e-14);
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], -1.0, 0.0);
    ASSERT_NEAR(x.new_data[9], xc + 0.25, 1e-12);
    /* the state changed (+1 -> -1): | |f_t,lin| - mu |f_n| | = 105 - 25 */
    ASSERT_NEAR(x.pn.error, 80.0, 1e-9);
    memcpy(x.data, x.new_data, sizeof x.data);
    double fl[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -25.0, 1e-12);
    run_forces(&x);
    /* physical force on the cable points: -(1-rho) f_t t, -rho f_t t */
    ASSERT_NEAR(x.F[2], 0.7 * 25.0, 1e-12);
    ASSERT_NEAR(x.F[4], 0.3 * 25.0, 1e-12);
    /* it opposes the slip: power on the cable < 0 */
    assert_true(x.F[2] * x.vel[2] + x.F[4] * x.vel[4] < 0.0);
    /* the pre-tensioned spring seen in a stick state is the cap, now in -t */
    x.data[5] = 0.0;
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = 0.0;
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -25.0, 1e-9);
    fixture_done(&x);
}

static void test_pns_slip_to_stick(void **state)
{
    (void)state;
    fixture x;
    pns_fixture(&x);
    const double xc = expected_cur_stick(0.0, 0.0);
    x.data_start[5] = 1.0;
    x.data_start[9] = xc - 0.1; /* Delta = 0.1, f_t,lin = 10 <= 25 */
    x.data[5] = 1.0;
    x.data[9] = 999.0; /* current value is not used: start-of-step is */
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    ASSERT_NEAR(x.new_data[9], xc - 0.1, 0.0); /* start-of-step value kept */
    ASSERT_NEAR(x.pn.error, 15.0, 1e-9);

    /* staying in stick: no error, position unchanged */
    x.data_start[5] = 0.0;
    x.data[5] = 0.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    ASSERT_NEAR(x.new_data[9], xc - 0.1, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    fixture_done(&x);
}

static void test_pns_velocity_penalty_only(void **state)
{
    (void)state;
    fixture x;
    pns_fixture(&x);
    x.p.frictionStiffness = 0.0;
    x.data_start[9] = 5.0;
    /* cable moves +3 m/s: f_t,lin = 30 > 25 -> slip +1 (direction from f_t,lin) */
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = 3.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 1.0, 0.0);
    ASSERT_NEAR(x.new_data[9], 0.0, 0.0); /* x_curStick not evaluated (mu_k = 0) */
    ASSERT_NEAR(x.pn.error, 5.0, 1e-9);
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = -3.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], -1.0, 0.0);
    /* 1 m/s: f_t,lin = 10 -> stick */
    for (int i = 0; i <= 4; ++i)
        x.vel[2 * i] = 1.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    ASSERT_NEAR(x.pn.error, 15.0, 1e-9);
    /* force evaluation with stick state: mu_v v_t only */
    memcpy(x.data, x.new_data, sizeof x.data);
    double fl[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], 10.0, 1e-12);

    /* no friction at all: state undefined even in contact */
    x.p.frictionVelocityPenalty = 0.0;
    x.data[5] = -2.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], -2.0, 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    fixture_done(&x);
}

/* Sum of the error terms over several segments: a gap switch on one segment
 * and a state switch on another. */
static void test_pns_error_terms(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.9, 0.45);
    x.p.frictionCoefficient = 0.5;
    x.p.frictionVelocityPenalty = 10.0;
    /* segment 1: g = -0.05, previous gap -0.05, previous state slip +1, now
     * stick (v_t = 0): |0 - 0.5 * 50| = 25.
     * segment 2: g2 < 0, previous gap +0.3 -> k_c |g2 - 0.3|; its state
     * -2 -> 0: + |0 - 0.5 * 1000 |g2||.
     * segment 3: previous gap -0.01, now open (g3 > 0): k_c |g3 + 0.01|. */
    const double d2 = sqrt(0.01 + 0.2025), g2 = d2 - 0.5;
    const double g3 = hypot(1.1, 0.45) - 0.5;
    x.data[1] = -0.05;
    x.data[5] = 1.0;
    x.data[2] = 0.3;
    x.data[3] = -0.01;
    x.data[7] = 0.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[2], g2, 1e-14);
    ASSERT_NEAR(x.new_data[3], g3, 1e-14);
    ASSERT_NEAR(x.new_data[7], -2.0, 0.0);
    const double expect =
        25.0 + 1000.0 * fabs(g2 - 0.3) + 0.5 * 1000.0 * fabs(g2) + 1000.0 * fabs(g3 + 0.01);
    ASSERT_NEAR(x.pn.error, expect, 1e-9);
    fixture_done(&x);
}

/* Normalization across +-pi r: Delta and the stored sticking position. */
static void test_pns_normalization_across_pi_r(void **state)
{
    (void)state;
    const double r = 0.5;
    fixture x;
    pns_fixture(&x);
    /* rotate the circle so that x_curStick = pi r - 0.01 */
    const double target = PI * r - 0.01;
    const double phi = -PI / 2 - (target + 0.3) / r;
    rot_z(phi, x.circle.rotation);
    const double xc = expected_cur_stick(phi, 0.0);
    ASSERT_NEAR(xc, target, 1e-12);
    /* last sticking position just across the boundary: raw difference
     * 2 pi r - 0.03, normalized Delta = -0.03 -> stick, f_t,lin = -3 */
    x.data_start[5] = 0.0;
    x.data_start[9] = -PI * r + 0.02;
    x.data[5] = 0.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    memcpy(x.data, x.new_data, sizeof x.data);
    double co[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    ASSERT_NEAR(co[2], -0.03, 1e-12);

    /* slipping in -x: x_lastStick = x_cur + 0.25 > pi r: stored renormalized
     * (same position modulo 2 pi r) with the out-of-range warning */
    x.data_start[9] = xc + 0.6;
    x.data[5] = 0.0;
    run_pns(&x);
    ASSERT_NEAR(x.new_data[5], -1.0, 0.0);
    ASSERT_NEAR(x.new_data[9], xc + 0.25 - 2 * PI * r, 1e-12);
    assert_true(x.new_data[9] >= -PI * r && x.new_data[9] <= PI * r);
    assert_true((x.pn.warnings & MBC_WARN_STICK_OUT_OF_RANGE) != 0);
    /* the spring seen by force evaluation in stick state is still the cap */
    memcpy(x.data, x.new_data, sizeof x.data);
    x.data[5] = 0.0;
    double fl[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    ASSERT_NEAR(fl[2], -25.0, 1e-9);
    fixture_done(&x);
}

/* Rolling without slip: with phi = phi0 - (X - X0)/r the sum x_c - x_s of
 * segment 1 stays constant, including across the atan2 jump of alpha. */
static void test_rolling_without_slip(void **state)
{
    (void)state;
    const double r = 0.5;
    fixture x;
    fixture_init(&x, 4, 1.1, 0.49);
    x.p.frictionCoefficient = 0.5;
    x.p.frictionStiffness = 1e4;
    x.p.frictionVelocityPenalty = 10.0;
    const double X0 = 1.1;
    const double phi0 = -PI / 2 - (PI - 0.4); /* alpha runs from pi - 0.4 to pi + 0.4 */
    rot_z(phi0, x.circle.rotation);
    x.data[1] = -0.01;
    x.data_start[1] = -0.01;
    run_pns(&x); /* undefined -> stick: last sticking position initialized */
    ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
    const double last = x.new_data[9];
    x.data_start[5] = 0.0;
    x.data_start[9] = last;
    x.data[5] = 0.0;
    x.data[9] = last;
    const double V = 2.0;
    x.circle.velocity[0] = V;
    x.circle.angular_velocity_local[2] = -V / r;
    int wrapped = 0;
    double prev_alpha = PI - 0.4;
    for (int k = 0; k <= 80; ++k) {
        const double X = X0 + 0.01 * k;
        const double phi = phi0 - (X - X0) / r;
        x.circle.position[0] = X;
        rot_z(phi, x.circle.rotation);
        const double alpha = atan2(sin(-PI / 2 - phi), cos(-PI / 2 - phi));
        if (alpha < prev_alpha - PI)
            wrapped = 1;
        prev_alpha = alpha;
        double co[8], cot[8], fl[8];
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
        ASSERT_NEAR(co[2], 0.0, 1e-12);
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, cot);
        ASSERT_NEAR(cot[2], 0.0, 1e-12); /* contact point does not slide */
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
        ASSERT_NEAR(fl[2], 0.0, 1e-8);
        run_pns(&x);
        ASSERT_NEAR(x.new_data[5], 0.0, 0.0);
        ASSERT_NEAR(x.new_data[9], last, 0.0);
        ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    }
    assert_true(wrapped); /* the path crossed alpha = +-pi */
    fixture_done(&x);
}

/* =================== activeConnector, outputs, errors =================== */

static void test_inactive(void **state)
{
    (void)state;
    fixture x;
    pns_fixture(&x);
    x.data[5] = 1.0;
    x.p.activeConnector = false;
    for (size_t k = 0; k < 10; ++k)
        x.F[k] = 7.0; /* must be overwritten */
    run_forces(&x);
    for (size_t k = 0; k < 10; ++k)
        ASSERT_NEAR(x.F[k], 0.0, 0.0);
    for (int k = 0; k < 3; ++k) {
        ASSERT_NEAR(x.f.force[0][k], 0.0, 0.0);
        ASSERT_NEAR(x.f.torque[0][k], 0.0, 0.0);
    }
    run_pns(&x);
    for (size_t k = 0; k < 12; ++k)
        ASSERT_NEAR(x.new_data[k], x.data[k], 0.0);
    ASSERT_NEAR(x.pn.error, 0.0, 0.0);
    double fl[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    for (int k = 0; k < 8; ++k)
        ASSERT_NEAR(fl[k], 0.0, 0.0);
    fixture_done(&x);
}

static void test_outputs_zero_without_contact(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.9, 0.45);
    x.p.frictionVelocityPenalty = 10.0;
    x.p.frictionCoefficient = 0.3;
    for (int i = 0; i <= 4; ++i) {
        x.vel[2 * i] = 1.0;
        x.vel[2 * i + 1] = -0.5;
    }
    /* both segments 1 and 2 penetrate, but only segment 1 is in contact in the data */
    x.data[1] = -0.05;
    double co[8], cot[8], fl[8];
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, cot);
    run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
    for (int i = 0; i < 4; ++i) {
        if (i == 1)
            continue;
        for (int k = 0; k < 2; ++k) {
            ASSERT_NEAR(co[2 * i + k], 0.0, 0.0);
            ASSERT_NEAR(cot[2 * i + k], 0.0, 0.0);
            ASSERT_NEAR(fl[2 * i + k], 0.0, 0.0);
        }
    }
    /* segment 1: n = (0,-1), t = (1,0): v_t = 1, v_n = 0.5 */
    ASSERT_NEAR(co[3], -0.05, 1e-12);
    ASSERT_NEAR(cot[2], 1.0, 1e-12);
    ASSERT_NEAR(cot[3], 0.5, 1e-12);
    ASSERT_NEAR(fl[2], 10.0, 1e-12);
    ASSERT_NEAR(fl[3], -50.0, 1e-12);
    /* a wrong output number or size is refused by mbc_object_output
     * (test_inconsistent_inputs); the typed hook asserts them */
    fixture_done(&x);
}

/* An object with the fixture's parameters (n segments, r = 0.5, k_c = 1000),
 * initialized, for the generic API. */
static mbc_object *fixture_object(size_t n)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactFrictionCircleCable2D", &err);
    assert_non_null(o);
    mbc_object_set_default_indices(o);
    assert_int_equal(mbc_object_set(o, "numberOfContactSegments", (double)n, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "circleRadius", 0.5, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "contactStiffness", 1000.0, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    return o;
}

/* Everything the hooks used to check again (issue 26: cfcc_check, 11
 * mbc_fail) is refused once, at the boundary, with one line naming the
 * value: the cable's segment count against numberOfContactSegments, the
 * data count, the start-of-step data, the cable point force buffer, the
 * cable's reference length, the output number and size. The hooks only
 * assert. */
static void test_inconsistent_inputs(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.3, 0.45);
    mbc_object *o5 = fixture_object(5), *o4 = fixture_object(4);
    mbc_error err = {0};
    x.s.data_count = 15;
    assert_int_equal(mbc_object_forces(o5, &x.s, &x.f, &err), MBC_ERR_SIZE);
    assert_string_equal(err.message, "ContactFrictionCircleCable2D: marker m1 has 4 segments, "
                                     "numberOfContactSegments = 5 (they must be equal)");
    x.s.data_count = 11;
    assert_int_equal(mbc_object_post_newton_step(o4, &x.s, &x.pn, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactFrictionCircleCable2D: data node must have 12 data coordinates "
                        "(data and start-of-step data), given 11");
    x.s.data_count = 12;
    x.s.data_start = NULL;
    assert_int_equal(mbc_object_post_newton_step(o4, &x.s, &x.pn, &err), MBC_ERR_INPUT);
    x.s.data_start = x.data_start;
    x.f.cable_point_count = 4;
    assert_int_equal(mbc_object_forces(o4, &x.s, &x.f, &err), MBC_ERR_SIZE);
    assert_string_equal(
        err.message,
        "ContactFrictionCircleCable2D: cable_point_forces must hold 5 points, given 4");
    x.f.cable_point_count = 5;
    x.cable.length = 0.0;
    assert_int_equal(mbc_object_forces(o4, &x.s, &x.f, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactFrictionCircleCable2D: marker m1 length (the cable's "
                                     "reference length) must be > 0, given 0");
    x.cable.length = 4.0;
    assert_int_equal(mbc_object_forces(o4, &x.s, &x.f, &err), MBC_OK);
    double co[8];
    assert_int_equal(
        mbc_object_output(o4, &x.s, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COUNT, co, 8, &err),
        MBC_ERR_NAME);
    assert_int_equal(mbc_object_output(o4, &x.s,
                                       MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, co,
                                       6, &err),
                     MBC_ERR_SIZE);
    /* a batch names the state */
    mbc_state states[2] = {x.s, x.s};
    mbc_cable_marker short_cable = x.cable;
    short_cable.segment_count = 3;
    states[1].cable = &short_cable;
    double F2[2][10];
    mbc_forces f2[2] = {{.cable_point_forces = F2[0], .cable_point_count = 5},
                        {.cable_point_forces = F2[1], .cable_point_count = 5}};
    assert_int_equal(mbc_object_forces_many(o4, states, f2, 2, 1, &err), MBC_ERR_SIZE);
    assert_string_equal(err.message,
                        "ContactFrictionCircleCable2D: state 1: marker m1 has 3 segments, "
                        "numberOfContactSegments = 4 (they must be equal)");
    mbc_object_destroy(o5);
    mbc_object_destroy(o4);
    fixture_done(&x);
}

/* Degenerate geometry: circle center on a cable point, zero-length segment. */
static void test_degenerate_geometry_finite(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 4, 1.0, 0.0);
    x.pts[4] = 1.0; /* p2 == p1: segment 1 has zero length */
    x.p.useSegmentNormals = false;
    x.p.frictionStiffness = 10.0;
    x.p.frictionCoefficient = 0.3;
    for (size_t i = 0; i < 4; ++i) {
        x.data[i] = -1.0;
        x.data[4 + i] = 0.0;
    }
    for (int sn = 0; sn < 2; ++sn) {
        x.p.useSegmentNormals = (sn == 1);
        run_forces(&x);
        for (size_t k = 0; k < 10; ++k)
            assert_true(isfinite(x.F[k]));
        run_pns(&x);
        for (size_t k = 0; k < 12; ++k)
            assert_true(isfinite(x.new_data[k]));
        assert_true(isfinite(x.pn.error));
    }
    fixture_done(&x);
}

/* =================== equilibrium on random states =================== */

static void random_state(fixture *x, rt_rng *g, size_t n, int use_ancf)
{
    fixture_init(x, n, 0.0, 0.0);
    const double r = rt_uniform(g, 0.1, 1.0);
    x->p.circleRadius = r;
    x->p.contactStiffness = rt_uniform(g, 0.0, 1e5);
    x->p.contactDamping = rt_uniform(g, 0.0, 1e3);
    const int frictionless = rt_uniform(g, 0, 1) < 0.2;
    x->p.frictionCoefficient = frictionless ? 0.0 : rt_uniform(g, 0.0, 1.0);
    x->p.frictionVelocityPenalty = frictionless ? 0.0 : rt_uniform(g, 0.0, 1e3);
    x->p.frictionStiffness = frictionless ? 0.0 : rt_uniform(g, 0.0, 1e4);
    x->p.useSegmentNormals = rt_uniform(g, 0, 1) < 0.5;
    const double L = rt_uniform(g, 0.5, 5.0);
    x->cable.length = L;
    x->cable.ale_coordinate = rt_uniform(g, -1.0, 1.0);
    if (use_ancf) {
        double q[8], qt[8];
        const double a = rt_uniform(g, -PI, PI);
        q[0] = rt_uniform(g, -1, 1);
        q[1] = rt_uniform(g, -1, 1);
        q[2] = cos(a) + rt_uniform(g, -0.3, 0.3);
        q[3] = sin(a) + rt_uniform(g, -0.3, 0.3);
        q[4] = q[0] + L * cos(a) + rt_uniform(g, -0.3, 0.3);
        q[5] = q[1] + L * sin(a) + rt_uniform(g, -0.3, 0.3);
        q[6] = cos(a) + rt_uniform(g, -0.3, 0.3);
        q[7] = sin(a) + rt_uniform(g, -0.3, 0.3);
        for (int k = 0; k < 8; ++k)
            qt[k] = rt_uniform(g, -1, 1);
        assert_int_equal(mbc_ancf_cable2d_shape_points(q, L, 0.0, (int)n, x->pts, NULL), MBC_OK);
        assert_int_equal(mbc_ancf_cable2d_shape_point_velocities(
                             q, qt, L, 0.0, rt_uniform(g, -1, 1), (int)n, x->vel, NULL),
                         MBC_OK);
    } else {
        for (size_t i = 0; i <= n; ++i) {
            x->pts[2 * i] = rt_uniform(g, -2, 2);
            x->pts[2 * i + 1] = rt_uniform(g, -2, 2);
            x->vel[2 * i] = rt_uniform(g, -2, 2);
            x->vel[2 * i + 1] = rt_uniform(g, -2, 2);
        }
    }
    /* circle near a random cable point */
    const size_t j = (size_t)rt_uniform(g, 0, (double)n + 0.999);
    x->circle.position[0] = x->pts[2 * j] + rt_uniform(g, -r, r);
    x->circle.position[1] = x->pts[2 * j + 1] + rt_uniform(g, -r, r);
    x->circle.position[2] = rt_uniform(g, -1, 1);
    for (int k = 0; k < 3; ++k) {
        x->circle.velocity[k] = rt_uniform(g, -2, 2);
        x->circle.angular_velocity_local[k] = rt_uniform(g, -5, 5);
    }
    rot_z(rt_uniform(g, -PI, PI), x->circle.rotation);
    static const double states[4] = {-2.0, -1.0, 0.0, 1.0};
    for (size_t i = 0; i < n; ++i) {
        x->data[i] = rt_uniform(g, 0, 1) < 0.7 ? rt_uniform(g, -0.2, 0.0) : rt_uniform(g, 0.0, 0.2);
        x->data[n + i] = states[(int)rt_uniform(g, 0, 3.999)];
        x->data[2 * n + i] = rt_uniform(g, -PI * r, PI * r);
    }
}

static void test_random_equilibrium(void **state)
{
    (void)state;
    rt_rng g = {20240611u};
    static fixture x;
    int moment_checked_zero = 0;
    for (int it = 0; it < 1500; ++it) {
        const size_t n =
            (it % 50 == 0) ? (size_t)(257 + it % 40) : (size_t)rt_uniform(&g, 1, 8.999);
        random_state(&x, &g, n, it % 2);
        run_forces(&x);
        double fl[2 * MAXSEG];
        run_output(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl);
        const double c[2] = {x.circle.position[0], x.circle.position[1]};
        const double r = x.p.circleRadius;

        /* total force: cable points + circle */
        double sum[2] = {x.f.force[0][0], x.f.force[0][1]};
        double scale = fabs(x.f.force[0][0]) + fabs(x.f.force[0][1]);
        /* total moment about the origin: sum p x F + p_c x F_c + tau */
        double M = c[0] * x.f.force[0][1] - c[1] * x.f.force[0][0] + x.f.torque[0][2];
        double mscale =
            fabs(c[0] * x.f.force[0][1]) + fabs(c[1] * x.f.force[0][0]) + fabs(x.f.torque[0][2]);
        for (size_t i = 0; i <= n; ++i) {
            const double *p = x.pts + 2 * i, *F = x.F + 2 * i;
            sum[0] += F[0];
            sum[1] += F[1];
            scale += fabs(F[0]) + fabs(F[1]);
            M += p[0] * F[1] - p[1] * F[0];
            mscale += fabs(p[0] * F[1]) + fabs(p[1] * F[0]);
        }
        ASSERT_NEAR(sum[0], 0.0, 1e-12 * scale);
        ASSERT_NEAR(sum[1], 0.0, 1e-12 * scale);
        ASSERT_NEAR(x.f.force[0][2], 0.0, 0.0);
        ASSERT_NEAR(x.f.torque[0][0], 0.0, 0.0);
        ASSERT_NEAR(x.f.torque[0][1], 0.0, 0.0);

        /* expected torque: sum over contacting segments of r f_t; the
         * moments then leave the couple sum (r - d_eff) f_t, d_eff (the arm
         * where the cable receives the force) from the test's own geometry */
        double tau = 0.0, couple = 0.0;
        double Fexp[2 * (MAXSEG + 1)];
        memset(Fexp, 0, sizeof Fexp);
        for (size_t i = 0; i < n; ++i) {
            if (!(x.data[i] <= 0.0)) {
                ASSERT_NEAR(fl[2 * i], 0.0, 0.0);
                ASSERT_NEAR(fl[2 * i + 1], 0.0, 0.0);
                continue;
            }
            const double *a = x.pts + 2 * i, *b = x.pts + 2 * i + 2;
            const struct closest cp = closest_point(a, b, c);
            const double f_t = fl[2 * i], f_n = fl[2 * i + 1];
            double nl[2], nr[2], d_eff;
            if (x.p.useSegmentNormals) {
                nl[0] = nr[0] = cp.n[0];
                nl[1] = nr[1] = cp.n[1];
                d_eff = cp.d;
            } else {
                const double dl = hypot(a[0] - c[0], a[1] - c[1]);
                const double dr = hypot(b[0] - c[0], b[1] - c[1]);
                nl[0] = (a[0] - c[0]) / dl;
                nl[1] = (a[1] - c[1]) / dl;
                nr[0] = (b[0] - c[0]) / dr;
                nr[1] = (b[1] - c[1]) / dr;
                d_eff = (1 - cp.rho) * dl + cp.rho * dr;
            }
            /* slip states give exactly mu |f_n| x_isSlipStick */
            const double st = x.data[n + i];
            if (st == 1.0 || st == -1.0) {
                ASSERT_NEAR(f_t, x.p.frictionCoefficient * fabs(f_n) * st,
                            1e-12 * fabs(f_t) + 1e-300);
            }
            tau += r * f_t;
            couple += (r - d_eff) * f_t;
            for (int k = 0; k < 2; ++k) {
                Fexp[2 * i + k] -= (1 - cp.rho) * (f_n * nl[k] + f_t * (k == 0 ? -nl[1] : nl[0]));
                Fexp[2 * i + 2 + k] -= cp.rho * (f_n * nr[k] + f_t * (k == 0 ? -nr[1] : nr[0]));
            }
        }
        double fscale = 0.0;
        for (size_t k = 0; k < 2 * (n + 1); ++k)
            fscale += fabs(Fexp[k]);
        for (size_t k = 0; k < 2 * (n + 1); ++k)
            ASSERT_NEAR(x.F[k], Fexp[k], 1e-12 * fscale);
        ASSERT_NEAR(x.f.torque[0][2], tau, 1e-12 * (fabs(tau) + mscale));
        ASSERT_NEAR(M, couple, 1e-12 * mscale);
        if (tau != 0.0)
            ++moment_checked_zero;
        fixture_done(&x);
    }
    assert_true(moment_checked_zero > 100);
}

/* Many segments (no fixed bound): 300 segments, circle pressing segment 150. */
static void test_many_segments(void **state)
{
    (void)state;
    static fixture x;
    fixture_init(&x, 300, 150.5, 0.4);
    x.data[150] = -0.1;
    run_forces(&x);
    ASSERT_NEAR(x.F[2 * 150 + 1], -0.5 * 100.0, 1e-10);
    ASSERT_NEAR(x.F[2 * 151 + 1], -0.5 * 100.0, 1e-10);
    ASSERT_NEAR(x.f.force[0][1], 100.0, 1e-10);
    run_pns(&x);
    ASSERT_NEAR(x.new_data[150], -0.1, 1e-12);
    ASSERT_NEAR(x.new_data[0], hypot(149.5, 0.4) - 0.5, 1e-10);
    fixture_done(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sn_pressed_straight_cable),
        cmocka_unit_test(test_sn_two_segments_and_active_set_from_data),
        cmocka_unit_test(test_pwn_pressed_straight_cable),
        cmocka_unit_test(test_tangent_force_newton),
        cmocka_unit_test(test_angular_velocity_global),
        cmocka_unit_test(test_pns_open_to_contact_and_back),
        cmocka_unit_test(test_pns_undefined_to_stick),
        cmocka_unit_test(test_pns_stick_to_slip_pretensioned),
        cmocka_unit_test(test_pns_slip_reverses_with_trial_force),
        cmocka_unit_test(test_pns_slip_to_stick),
        cmocka_unit_test(test_pns_velocity_penalty_only),
        cmocka_unit_test(test_pns_error_terms),
        cmocka_unit_test(test_pns_normalization_across_pi_r),
        cmocka_unit_test(test_rolling_without_slip),
        cmocka_unit_test(test_inactive),
        cmocka_unit_test(test_outputs_zero_without_contact),
        cmocka_unit_test(test_inconsistent_inputs),
        cmocka_unit_test(test_degenerate_geometry_finite),
        cmocka_unit_test(test_random_equilibrium),
        cmocka_unit_test(test_many_segments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
