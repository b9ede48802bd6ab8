/* SPDX-License-Identifier: BSD-3-Clause */
/* Passivity of the dissipative parts of the three contact types (issue #12,
 * "Physics corrections"; physics-notes.md: "Friction must never do positive
 * work").
 *
 * With the stiffness switched off (contact stiffness 0, no pull-off force, no
 * friction stiffness) only damping and friction remain, and these must never
 * put energy into the system: at every state the power of the connector's
 * forces and torques on everything it acts on,
 *
 *   P = sum over markers (F . v + T . omega) + sum over cable points F_i . v_i,
 *
 * is <= 0 (omega = A omega_local, global). The states are random: random
 * geometry in contact (by the data: force evaluation reads the active set from
 * the data), random velocities and angular velocities, random friction branch.
 * The power is computed here from the returned forces and the state, so the
 * check is independent of how the runtime computes its relative velocities. */
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
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

#define N_STATES 2000

/* ---- small helpers (test-only) ---- */

static void mat_vec(const double A[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; ++i)
        y[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Power F . v + T . (A omega_local) of the loads on one rigid marker (W). */
static double marker_power(const mbc_rigid_marker *m, const double F[3], const double T[3])
{
    double w[3];
    mat_vec(m->rotation, m->angular_velocity_local, w);
    return dot3(F, m->velocity) + dot3(T, w);
}

/* Fails unless P <= tol * scale, where scale is the size of the terms. */
#define ASSERT_PASSIVE(P, scale)                                                                   \
    do {                                                                                           \
        const double P_ = (P), s_ = (scale);                                                       \
        if (!(P_ <= 1e-12 * s_)) {                                                                 \
            print_error("%s:%d: power %.17g W > 0 (scale %.3g)\n", __FILE__, __LINE__, P_, s_);    \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

/* ----------------------------------------------------------- ContactSphereSphere */

/* k_c = 0, f_adh = 0, impact model 0, no plasticity: the normal force is the
 * damping force alone, which is tensile whenever the spheres separate, and the
 * friction magnitude is mu_d |f_1,n|. The seed's signed f_1,n makes the
 * friction push along the slip in those states; this test fails on it. */
static void test_sphere_sphere_passive(void **state)
{
    (void)state;
    rt_rng g = {2024};
    int tensile_with_slip = 0;
    double most_negative = 0.0;
    for (int it = 0; it < N_STATES; ++it) {
        mbc_contact_sphere_sphere_params p;
        cf_sphere_params_init(&p);
        p.spheresRadii[0] = rt_uniform(&g, 0.1, 0.6);
        p.spheresRadii[1] = rt_uniform(&g, 0.1, 0.6);
        p.contactStiffness = 0.0;
        p.constantPullOffForce = 0.0;
        p.contactDamping = rt_uniform(&g, 0.0, 200.0);
        p.dynamicFriction = rt_uniform(&g, 0.0, 1.0);
        p.frictionProportionalZone = (it % 3 == 0) ? 0.0 : rt_uniform(&g, 1e-3, 1.0);
        mbc_rigid_marker m[2];
        memset(m, 0, sizeof m);
        double dir[3];
        const double len = cf_random_direction(&g, 1e-2, dir);
        const double dist = rt_uniform(&g, 0.5, 1.0) * (p.spheresRadii[0] + p.spheresRadii[1]);
        rt_random_vec(&g, 3.0, m[0].position);
        cf_place_along(m[0].position, dir, len, dist, m[1].position);
        for (int j = 0; j < 2; ++j) {
            rt_random_rotation(&g, m[j].rotation);
            rt_random_vec(&g, 2.0, m[j].velocity);
            rt_random_vec(&g, 5.0, m[j].angular_velocity_local);
        }
        /* in contact by the data; friction branch from data[1] (either side of v_reg) */
        double data[4] = {-1.0, rt_uniform(&g, 0.0, 2.0 * p.frictionProportionalZone + 0.1), 0.0,
                          0.0};
        mbc_state s;
        cf_rigid_state(&s, &m[0], &m[1], data, data, 4);
        mbc_forces F;
        mbc_error err = {0};
        memset(&F, 0, sizeof F);
        assert_int_equal(mbc_contact_sphere_sphere_forces(&p, &s, &F, &err), MBC_OK);
        const double P = marker_power(&m[0], F.force[0], F.torque[0]) +
                         marker_power(&m[1], F.force[1], F.torque[1]);
        const double scale = (sqrt(dot3(F.force[1], F.force[1])) + 1.0) * 20.0;
        ASSERT_PASSIVE(P, scale);
        most_negative = fmin(most_negative, P);
        /* bookkeeping: a tensile normal force (m1 pulled towards m0) with friction */
        double dv[3];
        for (int i = 0; i < 3; ++i)
            dv[i] = m[1].velocity[i] - m[0].velocity[i];
        if (dot3(dv, dir) > 0.0 && p.contactDamping > 1.0 && p.dynamicFriction > 0.1)
            ++tensile_with_slip;
        mbc_contact_sphere_sphere_params_free(&p);
    }
    /* not vacuous: many states separate (tensile damping force) with friction on,
     * and the forces do dissipate */
    assert_true(tensile_with_slip > N_STATES / 4);
    assert_true(most_negative < -1.0);
}

/* A hand case of the same rule: m0 at rest, m1 separating along n = e_x at
 * v_n = 1 m/s and sliding along e_y at 2 m/s (no rotation), d_c = 10, mu_d =
 * 0.5, v_reg = 0.1, sliding branch (data[1] = 2). f_1,n = -d_c v_n = -10 N
 * (tensile), so the friction on m1 is -e_y mu_d |f_1,n| = -5 e_y N (the seed's
 * signed f_1,n would give +5 e_y), F_m1 = (-10, -5, 0) and the power is
 * F_m1 . v_m1 = -10 - 10 = -20 W. */
static void test_sphere_sphere_friction_hand(void **state)
{
    (void)state;
    mbc_contact_sphere_sphere_params p;
    cf_sphere_params_init(&p);
    p.spheresRadii[0] = 0.5;
    p.spheresRadii[1] = 0.5;
    p.contactDamping = 10.0;
    p.dynamicFriction = 0.5;
    p.frictionProportionalZone = 0.1;
    mbc_rigid_marker m[2];
    cf_markers_at_rest(m, 2);
    m[1].position[0] = 0.9;
    m[1].velocity[0] = 1.0;
    m[1].velocity[1] = 2.0;
    double data[4] = {-0.1, 2.0, 0.0, 0.0};
    mbc_state s;
    cf_rigid_state(&s, &m[0], &m[1], data, data, 4);
    mbc_forces F;
    mbc_error err = {0};
    assert_int_equal(mbc_contact_sphere_sphere_forces(&p, &s, &F, &err), MBC_OK);
    ASSERT_NEAR(F.force[1][0], -10.0, 1e-12);
    ASSERT_NEAR(F.force[1][1], -5.0, 1e-12);
    ASSERT_NEAR(F.force[1][2], 0.0, 1e-12);
    ASSERT_NEAR(dot3(F.force[1], m[1].velocity), -20.0, 1e-12);
    mbc_contact_sphere_sphere_params_free(&p);
}

/* ------------------------------------------------------------- ContactConvexRoll */

/* k_c = 0: the normal force is -d_c v_z (tensile when the contact point moves
 * up), friction -mu(|v_s|) |f_N| v_s / |v_s| with the Stribeck mu. The ground
 * (m0) is at rest, as the model assumes (its slip velocity is that of the
 * roll's material point alone), so only the roll's loads do work. */
static void test_convex_roll_passive(void **state)
{
    (void)state;
    rt_rng g = {77};
    static const double barrel[3] = {-0.2, 0.0, 0.4}; /* r = 0.4 - 0.2 x^2 */
    double most_negative = 0.0;
    int checked = 0;
    for (int it = 0; it < N_STATES; ++it) {
        mbc_contact_convex_roll_params p;
        mbc_error err = {0};
        cf_roll_params_init(&p, barrel, 3);
        p.markerNumbers[0] = 0;
        p.markerNumbers[1] = 1;
        assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
        p.contactStiffness = 0.0;
        p.contactDamping = rt_uniform(&g, 0.0, 500.0);
        p.dynamicFriction = rt_uniform(&g, 0.0, 1.0);
        p.staticFrictionOffset = rt_uniform(&g, 0.0, 0.5);
        p.viscousFriction = rt_uniform(&g, 0.0, 2.0);
        p.exponentialDecayStatic = rt_uniform(&g, 1e-3, 1.0);
        p.frictionProportionalZone = (it % 4 == 0) ? 0.0 : rt_uniform(&g, 1e-3, 1.0);
        mbc_rigid_marker m[2];
        cf_markers_at_rest(m, 2); /* m[1]'s rotation is set below */
        rt_random_vec(&g, 1.0, m[0].position);
        rt_random_rotation(&g, m[1].rotation);
        if (fabs(m[1].rotation[6]) > 0.95) { /* roll axis nearly vertical: not this test */
            mbc_contact_convex_roll_params_free(&p);
            continue;
        }
        rt_random_vec(&g, 1.0, m[1].position);
        rt_random_vec(&g, 2.0, m[1].velocity);
        rt_random_vec(&g, 5.0, m[1].angular_velocity_local);
        double data[3] = {rt_uniform(&g, -0.5, 0.5), rt_uniform(&g, -0.5, 0.5), -0.01};
        mbc_state s;
        cf_rigid_state(&s, &m[0], &m[1], data, data, 3);
        mbc_forces F;
        assert_int_equal(mbc_contact_convex_roll_forces(&p, &s, &F, &err), MBC_OK);
        const double P = marker_power(&m[0], F.force[0], F.torque[0]) +
                         marker_power(&m[1], F.force[1], F.torque[1]);
        const double scale = (sqrt(dot3(F.force[1], F.force[1])) + 1.0) * 20.0;
        ASSERT_PASSIVE(P, scale);
        most_negative = fmin(most_negative, P);
        ++checked;
        mbc_contact_convex_roll_params_free(&p);
    }
    assert_true(checked > N_STATES / 2);
    assert_true(most_negative < -1.0);
}

/* -------------------------------------------------- ContactFrictionCircleCable2D */

#define NCS 3

typedef struct {
    mbc_contact_friction_circle_cable2d_params p;
    mbc_rigid_marker c;
    double pts[2 * (NCS + 1)], vel[2 * (NCS + 1)];
    mbc_cable_marker cable;
    double data[3 * NCS], start[3 * NCS];
    mbc_state s;
} cable_fixture;

static void cable_init(cable_fixture *x, rt_rng *g)
{
    memset(x, 0, sizeof *x);
    mbc_contact_friction_circle_cable2d_params_init(&x->p);
    x->p.markerNumbers[0] = 0;
    x->p.markerNumbers[1] = 1;
    x->p.numberOfContactSegments = NCS;
    x->p.circleRadius = rt_uniform(g, 0.2, 1.0);
    x->p.contactStiffness = 0.0;
    x->p.frictionStiffness = 0.0;
    x->p.contactDamping = rt_uniform(g, 0.0, 300.0);
    x->p.frictionVelocityPenalty = rt_uniform(g, 0.0, 300.0);
    x->p.frictionCoefficient = rt_uniform(g, 0.0, 1.0);
    x->p.useSegmentNormals = true;
    rt_random_vec(g, 2.0, x->c.position);
    x->c.position[2] = 0.0;
    rt_rot_z(rt_uniform(g, -RT_PI, RT_PI), x->c.rotation);
    x->cable.segment_count = NCS;
    x->cable.points = x->pts;
    x->cable.point_velocities = x->vel;
    x->cable.length = rt_uniform(g, 0.5, 3.0);
    for (int k = 0; k < 2 * (NCS + 1); ++k)
        x->vel[k] = rt_uniform(g, -2.0, 2.0);
    x->c.velocity[0] = rt_uniform(g, -2.0, 2.0);
    x->c.velocity[1] = rt_uniform(g, -2.0, 2.0);
    x->s.marker[0] = &x->c;
    x->s.cable = &x->cable;
    x->s.data = x->data;
    x->s.data_start = x->start;
    x->s.data_count = 3 * NCS;
}

/* Power of the connector's loads: cable points and the circle (marker 0). */
static double cable_power(cable_fixture *x, double *scale)
{
    double F[2 * (NCS + 1)];
    mbc_forces out;
    mbc_error err = {0};
    memset(&out, 0, sizeof out);
    out.cable_point_forces = F;
    out.cable_point_count = NCS + 1;
    assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&x->p, &x->s, &out, &err), MBC_OK);
    double P = marker_power(&x->c, out.force[0], out.torque[0]);
    double fbig = 0.0;
    for (int k = 0; k < 2 * (NCS + 1); ++k) {
        P += F[k] * x->vel[k];
        fbig = fmax(fbig, fabs(F[k]));
    }
    *scale = (fbig + 1.0) * 20.0;
    return P;
}

/* Random stick (0) / undefined (-2) states: f_t = mu_v v_t (mu_k = 0), which
 * only dissipates whatever the stored last sticking position. */
static void random_stick_states(cable_fixture *x, rt_rng *g)
{
    for (int i = 0; i < NCS; ++i) {
        x->data[i] = -rt_uniform(g, 0.0, 0.1); /* every segment in contact */
        x->data[NCS + i] = (rt_next(g) % 2) ? 0.0 : -2.0;
        x->data[2 * NCS + i] = rt_uniform(g, -1.0, 1.0);
    }
}

/* (a) Arbitrary geometry (cable points near the circle, penetrating or not),
 * circle translating but not rotating. The stick/slip states are either
 * random stick/undefined, or the ones PostNewtonStep computes at this state
 * from an undefined start of step (then a slip state is Sign(f_t,lin) =
 * Sign(v_t), the slip direction of the current velocity). */
static void test_circle_cable_passive_translating(void **state)
{
    (void)state;
    rt_rng g = {31337};
    double most_negative = 0.0;
    int slips = 0;
    for (int it = 0; it < N_STATES; ++it) {
        cable_fixture x;
        cable_init(&x, &g);
        const double r = x.p.circleRadius;
        for (int i = 0; i <= NCS; ++i) {
            const double a = rt_uniform(&g, -RT_PI, RT_PI), d = r * rt_uniform(&g, 0.5, 1.5);
            x.pts[2 * i] = x.c.position[0] + d * cos(a);
            x.pts[2 * i + 1] = x.c.position[1] + d * sin(a);
        }
        if (it % 2 == 0) {
            random_stick_states(&x, &g);
        } else {
            for (int i = 0; i < NCS; ++i) {
                x.start[i] = -0.01;
                x.start[NCS + i] = -2.0;
                x.start[2 * NCS + i] = 0.0;
            }
            memcpy(x.data, x.start, sizeof x.data);
            double nd[3 * NCS];
            mbc_post_newton pn = {0};
            mbc_error err = {0};
            pn.data = nd;
            assert_int_equal(
                mbc_contact_friction_circle_cable2d_post_newton_step(&x.p, &x.s, &pn, &err),
                MBC_OK);
            for (int i = 0; i < NCS; ++i) {
                x.data[i] = -0.01; /* the active set: in contact */
                x.data[NCS + i] = nd[NCS + i];
                x.data[2 * NCS + i] = nd[2 * NCS + i];
                slips += (fabs(nd[NCS + i]) == 1.0);
            }
        }
        double scale;
        const double P = cable_power(&x, &scale);
        ASSERT_PASSIVE(P, scale);
        most_negative = fmin(most_negative, P);
        mbc_contact_friction_circle_cable2d_params_free(&x.p);
    }
    assert_true(slips > N_STATES / 10);
    assert_true(most_negative < -1.0);
}

/* (b) Cable segments around the circle (a polygon about the circle, each
 * segment at distance (1 + e) r from the center, e in [-0.1, 0]: touching or
 * penetrating), circle translating AND rotating. The circle's torque is
 * r f_t, the arm of its contact-point velocity v_c = v_m0 + r omega_z t, so
 * the power is -(d_c v_n^2 + f_t v_t) exactly, at any gap (physics-notes
 * 2026-11-25; the former torque (r + g) f_t added g f_t omega_z, of no sign). */
static void test_circle_cable_passive_rotating(void **state)
{
    (void)state;
    rt_rng g = {4711};
    double most_negative = 0.0;
    for (int it = 0; it < N_STATES; ++it) {
        cable_fixture x;
        cable_init(&x, &g);
        rt_random_vec(&g, 5.0, x.c.angular_velocity_local);
        const double r = x.p.circleRadius, *c = x.c.position;
        const double e = (it % 4 == 0) ? 0.0 : rt_uniform(&g, -0.1, 0.0);
        const double rs = (1.0 + e) * r; /* distance of every segment line */
        /* tangent angles th[0..2], increasing; vertices between them */
        double th[NCS];
        th[0] = rt_uniform(&g, -RT_PI, RT_PI);
        for (int i = 1; i < NCS; ++i)
            th[i] = th[i - 1] + rt_uniform(&g, 0.3, 1.2);
        const double a0 = rt_uniform(&g, 0.05, 0.5), a1 = rt_uniform(&g, 0.05, 0.5);
        x.pts[0] = c[0] + rs * cos(th[0]) + a0 * sin(th[0]);
        x.pts[1] = c[1] + rs * sin(th[0]) - a0 * cos(th[0]);
        for (int i = 1; i < NCS; ++i) {
            const double mid = 0.5 * (th[i - 1] + th[i]);
            const double R = rs / cos(0.5 * (th[i] - th[i - 1]));
            x.pts[2 * i] = c[0] + R * cos(mid);
            x.pts[2 * i + 1] = c[1] + R * sin(mid);
        }
        x.pts[2 * NCS] = c[0] + rs * cos(th[NCS - 1]) - a1 * sin(th[NCS - 1]);
        x.pts[2 * NCS + 1] = c[1] + rs * sin(th[NCS - 1]) + a1 * cos(th[NCS - 1]);
        random_stick_states(&x, &g);
        double scale;
        const double P = cable_power(&x, &scale);
        ASSERT_PASSIVE(P, scale);
        most_negative = fmin(most_negative, P);
        mbc_contact_friction_circle_cable2d_params_free(&x.p);
    }
    assert_true(most_negative < -1.0);
}

/* One segment of the cable state s (SN): the circle's contact frame and its
 * contact-point velocity, computed here from the geometry. */
static void circle_contact_frame(const mbc_state *s, double r, size_t i, double t[2], double v_c[2])
{
    const double *a = s->cable->points + 2 * i, *b = a + 2, *c = s->marker[0]->position;
    const double vs[2] = {b[0] - a[0], b[1] - a[1]};
    double rho = ((c[0] - a[0]) * vs[0] + (c[1] - a[1]) * vs[1]) / (vs[0] * vs[0] + vs[1] * vs[1]);
    rho = rho < 0.0 ? 0.0 : (rho > 1.0 ? 1.0 : rho);
    const double d[2] = {a[0] + rho * vs[0] - c[0], a[1] + rho * vs[1] - c[1]};
    const double len = hypot(d[0], d[1]);
    t[0] = -d[1] / len;
    t[1] = d[0] / len;
    double w[3];
    mat_vec(s->marker[0]->rotation, s->marker[0]->angular_velocity_local, w);
    v_c[0] = s->marker[0]->velocity[0] + r * w[2] * t[0];
    v_c[1] = s->marker[0]->velocity[1] + r * w[2] * t[1];
}

/* The friction power on the circle is f_t . v_c (seed tau_m0 = -sum r f_t):
 * friction only (k_c = d_c = 0, stick/undefined states, f_t = mu_v v_t), SN,
 * penetrating segments (b's polygon), circle translating and rotating. The
 * power of the circle's force and torque, F . v_m0 + tau omega_z, equals
 * sum over segments f_t (t . v_c) with f_t from ForceLocal and t, v_c from
 * the geometry; the cable's is -sum f_t (t . v_p), so the total is
 * -sum f_t v_t = -sum mu_v v_t^2 <= 0. */
static void test_circle_cable_friction_power_on_circle(void **state)
{
    (void)state;
    rt_rng g = {8086};
    int checked = 0;
    for (int it = 0; it < N_STATES; ++it) {
        cable_fixture x;
        cable_init(&x, &g);
        x.p.contactDamping = 0.0;
        rt_random_vec(&g, 5.0, x.c.angular_velocity_local);
        const double r = x.p.circleRadius, *c = x.c.position;
        const double rs = (1.0 + rt_uniform(&g, -0.2, 0.0)) * r;
        for (int i = 0; i <= NCS; ++i) { /* vertices of a polygon at distance rs */
            const double ang = 0.7 * i + rt_uniform(&g, -0.1, 0.1), R = rs / cos(0.35);
            x.pts[2 * i] = c[0] + R * cos(ang);
            x.pts[2 * i + 1] = c[1] + R * sin(ang);
        }
        random_stick_states(&x, &g);
        double F[2 * (NCS + 1)], fl[2 * NCS];
        mbc_forces out;
        mbc_error err = {0};
        memset(&out, 0, sizeof out);
        out.cable_point_forces = F;
        out.cable_point_count = NCS + 1;
        assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&x.p, &x.s, &out, &err),
                         MBC_OK);
        assert_int_equal(mbc_contact_friction_circle_cable2d_outputs(
                             &x.p, &x.s, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, fl,
                             2 * NCS, &err),
                         MBC_OK);
        double expect = 0.0, scale = 0.0, P_total = marker_power(&x.c, out.force[0], out.torque[0]);
        for (size_t i = 0; i < NCS; ++i) {
            double t[2], v_c[2];
            circle_contact_frame(&x.s, r, i, t, v_c);
            expect += fl[2 * i] * (t[0] * v_c[0] + t[1] * v_c[1]);
            scale += fabs(fl[2 * i]) * hypot(v_c[0], v_c[1]);
        }
        for (int k = 0; k < 2 * (NCS + 1); ++k)
            P_total += F[k] * x.vel[k];
        const double P_circle = marker_power(&x.c, out.force[0], out.torque[0]);
        ASSERT_NEAR(P_circle, expect, 1e-12 * (scale + 1e-300));
        ASSERT_PASSIVE(P_total, scale + 1.0);
        checked += (expect != 0.0);
        mbc_contact_friction_circle_cable2d_params_free(&x.p);
    }
    assert_true(checked > N_STATES / 2);
}

/* Hand case: r = 1, circle at the origin rotating at omega_z = 1 rad/s, one
 * horizontal segment at y = -0.9 (g = -0.1, n = (0, -1), t = (1, 0),
 * rho = 1/2), both points moving at (0.95, 0); mu_v = 1, stick.
 * v_c = r omega_z t = (1, 0), v_t = 0.95 - 1 = -0.05, f_t = mu_v v_t = -0.05
 * (LHS sign). Cable points receive -f_t t / 2 = (0.025, 0) each; the circle
 * receives f_t t = (-0.05, 0) and the torque r f_t = -0.05 (the former
 * d f_t = -0.045 gave a net power of +2.5 mW). Power: circle
 * -0.05 (1) = f_t (t . v_c), cable 2 (0.025)(0.95) = 0.0475, total
 * -0.0025 W = -f_t v_t. */
static void test_circle_cable_friction_power_hand(void **state)
{
    (void)state;
    mbc_contact_friction_circle_cable2d_params p;
    mbc_contact_friction_circle_cable2d_params_init(&p);
    p.numberOfContactSegments = 1;
    p.circleRadius = 1.0;
    p.frictionVelocityPenalty = 1.0;
    p.frictionCoefficient = 10.0;
    mbc_rigid_marker c;
    cf_markers_at_rest(&c, 1);
    c.angular_velocity_local[2] = 1.0;
    double pts[4] = {-1, -0.9, 1, -0.9}, vel[4] = {0.95, 0, 0.95, 0};
    const mbc_cable_marker m = {1, pts, vel, 2.0, 0.0};
    double data[3] = {-1, 0, 0};
    mbc_state s = {0};
    s.marker[0] = &c;
    s.cable = &m;
    s.data = data;
    s.data_start = data;
    s.data_count = 3;
    double F[4];
    mbc_forces o;
    mbc_error err = {0};
    memset(&o, 0, sizeof o);
    o.cable_point_forces = F;
    o.cable_point_count = 2;
    assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&p, &s, &o, &err), MBC_OK);
    ASSERT_NEAR(F[0], 0.025, 1e-15);
    ASSERT_NEAR(F[1], 0.0, 1e-15);
    ASSERT_NEAR(F[2], 0.025, 1e-15);
    ASSERT_NEAR(F[3], 0.0, 1e-15);
    ASSERT_NEAR(o.force[0][0], -0.05, 1e-15);
    ASSERT_NEAR(o.torque[0][2], -0.05, 1e-15);
    const double P_circle = marker_power(&c, o.force[0], o.torque[0]);
    ASSERT_NEAR(P_circle, -0.05 * 1.0, 1e-15); /* f_t (t . v_c) */
    double P = P_circle;
    for (int k = 0; k < 4; ++k)
        P += F[k] * vel[k];
    ASSERT_NEAR(P, -0.0025, 1e-15);
    mbc_contact_friction_circle_cable2d_params_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_sphere_passive),
        cmocka_unit_test(test_sphere_sphere_friction_hand),
        cmocka_unit_test(test_convex_roll_passive),
        cmocka_unit_test(test_circle_cable_passive_translating),
        cmocka_unit_test(test_circle_cable_passive_rotating),
        cmocka_unit_test(test_circle_cable_friction_power_on_circle),
        cmocka_unit_test(test_circle_cable_friction_power_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
