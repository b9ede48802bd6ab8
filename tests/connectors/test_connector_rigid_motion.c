/* SPDX-License-Identifier: BSD-3-Clause */
/* Rigid-motion invariance (issue #19), one direct test per connector type.
 *
 * The whole system moves as one rigid body: every marker, cable point and
 * cable coordinate gets the velocity V + Omega x (p - P) of a rigid motion
 * with translation velocity V and angular velocity Omega about an arbitrary
 * point P; the markers' angular velocities are Omega (local: A^T Omega).
 * Then the relative normal and tangential velocities at a contact vanish, so
 * do the damping and velocity-dependent friction forces (the forces equal
 * those with damping and friction switched off), and the data PostNewtonStep
 * writes from the velocities say "no relative motion".
 *
 * Where a model's own definitions restrict this (stated in
 * docs/physics-departures.rst), the test states the restriction and checks
 * the exact value instead:
 *  - ContactConvexRoll: the ground is the plane z = p_m0,z with normal e_z and
 *    the slip velocity is that of the roll's material point alone, so the
 *    rigid motions of the system are those that keep the ground at rest up
 *    to a vertical translation: V = Vz e_z for both markers plus, for the
 *    roll, any rotation about the contact point (rolling and spinning without
 *    slip).
 *  - ContactFrictionCircleCable2D: the circle's contact point is p_m0 + r n,
 *    not the cable point p_p = p_m0 + (r + g) n, so under a rigid rotation
 *    v_t = Omega_z g (exactly; zero at g = 0), and v_n = 0. */
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

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/generated/joint_ale_moving2d.h"

#define N_STATES 300

/* ---- rigid motion (test-only) ---- */

typedef struct {
    double V[3], W[3], P[3]; /* translation velocity, angular velocity, reference point */
} rigid_motion;

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* v = V + W x (p - P) */
static void rigid_velocity(const rigid_motion *m, const double p[3], double v[3])
{
    const double d[3] = {p[0] - m->P[0], p[1] - m->P[1], p[2] - m->P[2]};
    cross(m->W, d, v);
    for (int i = 0; i < 3; ++i)
        v[i] += m->V[i];
}

/* A marker at its place moving with the rigid motion: velocity and local
 * angular velocity A^T W. */
static void move_marker(const rigid_motion *m, mbc_rigid_marker *k)
{
    rigid_velocity(m, k->position, k->velocity);
    const double *A = k->rotation;
    for (int i = 0; i < 3; ++i)
        k->angular_velocity_local[i] = A[i] * m->W[0] + A[3 + i] * m->W[1] + A[6 + i] * m->W[2];
}

/* A planar rigid motion (V_z = 0, W = (0, 0, W_z)). */
static void random_planar_motion(rt_rng *g, rigid_motion *m)
{
    rt_random_vec(g, 2.0, m->V);
    rt_random_vec(g, 3.0, m->P);
    m->V[2] = 0.0;
    m->P[2] = 0.0;
    m->W[0] = m->W[1] = 0.0;
    m->W[2] = rt_uniform(g, -4.0, 4.0);
}

/* ----------------------------------------------------------- ContactSphereSphere */

static void sphere_forces(const mbc_contact_sphere_sphere_params *p, const mbc_state *s,
                          mbc_forces *f)
{
    mbc_error err = {0};
    memset(f, 0, sizeof *f);
    assert_int_equal(mbc_contact_sphere_sphere_forces(p, s, f, &err), MBC_OK);
}

static void test_sphere_sphere_rigid_motion(void **state)
{
    (void)state;
    rt_rng g = {101};
    for (int it = 0; it < N_STATES; ++it) {
        mbc_contact_sphere_sphere_params p;
        cf_sphere_params_init(&p);
        p.spheresRadii[0] = rt_uniform(&g, 0.2, 0.6);
        p.spheresRadii[1] = rt_uniform(&g, 0.2, 0.6);
        p.contactStiffness = rt_uniform(&g, 1e3, 1e5);
        p.contactDamping = rt_uniform(&g, 10.0, 500.0);
        p.dynamicFriction = rt_uniform(&g, 0.1, 1.0);
        p.frictionProportionalZone = rt_uniform(&g, 1e-3, 0.1);
        rigid_motion rm;
        rt_random_vec(&g, 2.0, rm.V);
        rt_random_vec(&g, 4.0, rm.W);
        rt_random_vec(&g, 3.0, rm.P);
        mbc_rigid_marker m[2];
        memset(m, 0, sizeof m);
        double dir[3];
        const double len = cf_random_direction(&g, 0.1, dir);
        const double dist = rt_uniform(&g, 0.9, 0.999) * (p.spheresRadii[0] + p.spheresRadii[1]);
        rt_random_vec(&g, 2.0, m[0].position);
        cf_place_along(m[0].position, dir, len, dist, m[1].position);
        for (int j = 0; j < 2; ++j) {
            rt_random_rotation(&g, m[j].rotation);
            move_marker(&rm, &m[j]);
        }
        /* PostNewtonStep from an open start of step: the data it writes */
        double start[4] = {0.1, 0.0, 0.0, 0.0}, data[4] = {0.1, 0.0, 0.0, 0.0}, nd[4];
        mbc_state s;
        cf_rigid_state(&s, &m[0], &m[1], data, start, 4);
        mbc_post_newton pn = {0};
        mbc_error err = {0};
        pn.data = nd;
        assert_int_equal(mbc_contact_sphere_sphere_post_newton_step(&p, &s, &pn, &err), MBC_OK);
        const double vscale = 2.0 + 4.0 * 6.0;   /* |V| + |W| |p - P| bound */
        ASSERT_NEAR(nd[1], 0.0, 1e-14 * vscale); /* |v_t| at the contact point */
        ASSERT_NEAR(nd[2], 0.0, 1e-14 * vscale); /* -v_n at impact */
        assert_true(nd[0] < 0.0);
        /* forces with the written data = forces without damping and friction */
        memcpy(data, nd, sizeof data);
        mbc_forces f, f0;
        sphere_forces(&p, &s, &f);
        p.contactDamping = 0.0;
        p.dynamicFriction = 0.0;
        sphere_forces(&p, &s, &f0);
        const double fscale =
            1.0 + fabs(f0.force[1][0]) + fabs(f0.force[1][1]) + fabs(f0.force[1][2]);
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 3; ++i) {
                ASSERT_NEAR(f.force[j][i], f0.force[j][i], 1e-9 * fscale);
                ASSERT_NEAR(f.torque[j][i], f0.torque[j][i], 1e-9 * fscale);
            }
        }
        assert_true(fscale > 1.5); /* the elastic force is there */
        mbc_contact_sphere_sphere_params_free(&p);
    }
}

/* ------------------------------------------------------------- ContactConvexRoll */

/* Cylinder r = 0.4, L = 1, axis horizontal (A = Rz(psi) Rx(phi): yaw and a
 * turn about its own axis), center 0.4 - pen above the ground, so the
 * contact point is p_C = p_m1 - 0.4 e_z (by symmetry). Ground at rest up to
 * the common vertical velocity Vz; the roll moves with Vz e_z + W x (p - p_C)
 * for a random W: no slip, no relative normal velocity. */
static void test_convex_roll_rigid_motion(void **state)
{
    (void)state;
    rt_rng g = {202};
    static const double cylinder[1] = {0.4};
    for (int it = 0; it < N_STATES; ++it) {
        mbc_contact_convex_roll_params p;
        mbc_error err = {0};
        cf_roll_params_init(&p, cylinder, 1);
        p.markerNumbers[0] = 0;
        p.markerNumbers[1] = 1;
        assert_int_equal(mbc_contact_convex_roll_initialize(&p, &err), MBC_OK);
        p.contactStiffness = rt_uniform(&g, 1e3, 1e5);
        p.contactDamping = rt_uniform(&g, 10.0, 500.0);
        p.dynamicFriction = rt_uniform(&g, 0.1, 1.0);
        p.staticFrictionOffset = rt_uniform(&g, 0.0, 0.3);
        p.viscousFriction = rt_uniform(&g, 0.0, 1.0);
        p.frictionProportionalZone = rt_uniform(&g, 1e-3, 0.1);
        mbc_rigid_marker m[2];
        cf_markers_at_rest(m, 2); /* m[1]'s rotation is set below */
        rt_random_vec(&g, 1.0, m[0].position);
        double Rz[9], Rx[9];
        rt_rot_z(rt_uniform(&g, -RT_PI, RT_PI), Rz);
        const double phi = rt_uniform(&g, -RT_PI, RT_PI), c = cos(phi), sn = sin(phi);
        const double Rx_[9] = {1, 0, 0, 0, c, -sn, 0, sn, c};
        memcpy(Rx, Rx_, sizeof Rx);
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                m[1].rotation[3 * i + j] =
                    Rz[3 * i] * Rx[j] + Rz[3 * i + 1] * Rx[3 + j] + Rz[3 * i + 2] * Rx[6 + j];
            }
        }
        const double pen = rt_uniform(&g, 1e-4, 1e-2);
        m[1].position[0] = m[0].position[0] + rt_uniform(&g, -1, 1);
        m[1].position[1] = m[0].position[1] + rt_uniform(&g, -1, 1);
        m[1].position[2] = m[0].position[2] + 0.4 - pen;
        rigid_motion ground = {{0, 0, rt_uniform(&g, -1, 1)}, {0, 0, 0}, {0, 0, 0}};
        rigid_motion roll = ground;
        rt_random_vec(&g, 4.0, roll.W);
        for (int i = 0; i < 3; ++i)
            roll.P[i] = m[1].position[i];
        roll.P[2] -= 0.4; /* the contact point */
        move_marker(&ground, &m[0]);
        move_marker(&roll, &m[1]);
        double start[3] = {0.0, 0.0, 0.1}, data[3] = {0.0, 0.0, 0.1}, nd[3];
        mbc_state s;
        cf_rigid_state(&s, &m[0], &m[1], data, start, 3);
        mbc_post_newton pn = {0};
        pn.data = nd;
        assert_int_equal(mbc_contact_convex_roll_post_newton_step(&p, &s, &pn, &err), MBC_OK);
        ASSERT_NEAR(nd[0], 0.0, 1e-13); /* slip velocity components */
        ASSERT_NEAR(nd[1], 0.0, 1e-13);
        ASSERT_NEAR(nd[2], -pen, 1e-13); /* gap */
        double pc[3];
        assert_int_equal(mbc_contact_convex_roll_outputs(
                             &p, &s, MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION, pc, 3, &err),
                         MBC_OK);
        ASSERT_NEAR(pc[0], roll.P[0], 1e-13);
        ASSERT_NEAR(pc[1], roll.P[1], 1e-13);
        ASSERT_NEAR(pc[2], roll.P[2], 1e-13);
        memcpy(data, nd, sizeof data);
        mbc_forces f, f0;
        assert_int_equal(mbc_contact_convex_roll_forces(&p, &s, &f, &err), MBC_OK);
        p.contactDamping = 0.0;
        p.dynamicFriction = 0.0;
        p.staticFrictionOffset = 0.0;
        p.viscousFriction = 0.0;
        assert_int_equal(mbc_contact_convex_roll_forces(&p, &s, &f0, &err), MBC_OK);
        ASSERT_NEAR(f0.force[1][2], p.contactStiffness * pen, 1e-9 * p.contactStiffness);
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 3; ++i) {
                ASSERT_NEAR(f.force[j][i], f0.force[j][i], 1e-9 * (1 + fabs(f0.force[1][2])));
                ASSERT_NEAR(f.torque[j][i], f0.torque[j][i], 1e-9 * (1 + fabs(f0.force[1][2])));
            }
        }
        mbc_contact_convex_roll_params_free(&p);
    }
}

/* -------------------------------------------------- ContactFrictionCircleCable2D */

#define NCS 3

/* Circle r at c, a 3-segment cable circumscribed about the circle scaled by
 * `scale` about c (scale 1: every segment touches, g = 0; scale < 1:
 * penetrating by (1 - scale) r). Everything moves with the planar rigid
 * motion. Checks v_n = 0 and v_t = W_z g per segment, the PostNewtonStep
 * states (stick, from an undefined start), f_n = k_c g (no damping part),
 * f_t = mu_v v_t, and the forces against a run without damping/friction
 * when g = 0. */
static void circle_cable_case(rt_rng *g, double scale)
{
    mbc_contact_friction_circle_cable2d_params p;
    mbc_contact_friction_circle_cable2d_params_init(&p);
    p.markerNumbers[0] = 0;
    p.markerNumbers[1] = 1;
    p.numberOfContactSegments = NCS;
    const double r = rt_uniform(g, 0.3, 1.0);
    p.circleRadius = r;
    p.contactStiffness = rt_uniform(g, 1e2, 1e4);
    p.contactDamping = rt_uniform(g, 10.0, 300.0);
    p.frictionVelocityPenalty = rt_uniform(g, 10.0, 300.0);
    p.frictionCoefficient = 1e3; /* sticks */
    mbc_rigid_marker c;
    memset(&c, 0, sizeof c);
    rt_random_vec(g, 2.0, c.position);
    c.position[2] = 0.0;
    rt_rot_z(rt_uniform(g, -RT_PI, RT_PI), c.rotation);
    /* tangent angles and the circumscribed polygon (vertices between them) */
    double th[NCS], pts[2 * (NCS + 1)], vel[2 * (NCS + 1)];
    th[0] = rt_uniform(g, -RT_PI, RT_PI);
    for (int i = 1; i < NCS; ++i)
        th[i] = th[i - 1] + rt_uniform(g, 0.3, 1.0);
    const double a0 = rt_uniform(g, 0.05, 0.5), a1 = rt_uniform(g, 0.05, 0.5);
    double rel[2 * (NCS + 1)];
    rel[0] = r * cos(th[0]) + a0 * sin(th[0]);
    rel[1] = r * sin(th[0]) - a0 * cos(th[0]);
    for (int i = 1; i < NCS; ++i) {
        const double mid = 0.5 * (th[i - 1] + th[i]), R = r / cos(0.5 * (th[i] - th[i - 1]));
        rel[2 * i] = R * cos(mid);
        rel[2 * i + 1] = R * sin(mid);
    }
    rel[2 * NCS] = r * cos(th[NCS - 1]) - a1 * sin(th[NCS - 1]);
    rel[2 * NCS + 1] = r * sin(th[NCS - 1]) + a1 * cos(th[NCS - 1]);
    rigid_motion rm;
    random_planar_motion(g, &rm);
    for (int i = 0; i <= NCS; ++i) {
        const double q[3] = {c.position[0] + scale * rel[2 * i],
                             c.position[1] + scale * rel[2 * i + 1], 0.0};
        double v[3];
        rigid_velocity(&rm, q, v);
        pts[2 * i] = q[0];
        pts[2 * i + 1] = q[1];
        vel[2 * i] = v[0];
        vel[2 * i + 1] = v[1];
    }
    move_marker(&rm, &c);
    const mbc_cable_marker cable = {NCS, pts, vel, 2.0, 0.0};
    double start[3 * NCS], data[3 * NCS], nd[3 * NCS];
    for (int i = 0; i < NCS; ++i) {
        start[i] = -0.01;
        start[NCS + i] = -2.0; /* undefined */
        start[2 * NCS + i] = 0.0;
    }
    memcpy(data, start, sizeof data);
    mbc_state s = {0};
    s.marker[0] = &c;
    s.cable = &cable;
    s.data = data;
    s.data_start = start;
    s.data_count = 3 * NCS;
    mbc_error err = {0};
    const double gap = (scale - 1.0) * r; /* every segment: distance scale r */
    double o[2 * NCS];
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_outputs(
            &p, &s, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, o, 2 * NCS, &err),
        MBC_OK);
    for (int i = 0; i < NCS; ++i) {
        ASSERT_NEAR(o[2 * i + 1], 0.0, 1e-13);       /* v_n */
        ASSERT_NEAR(o[2 * i], rm.W[2] * gap, 1e-13); /* v_t = W_z g */
    }
    mbc_post_newton pn = {0};
    pn.data = nd;
    assert_int_equal(mbc_contact_friction_circle_cable2d_post_newton_step(&p, &s, &pn, &err),
                     MBC_OK);
    for (int i = 0; i < NCS; ++i) {
        ASSERT_NEAR(nd[i], gap, 1e-13);
        if (scale < 1.0)
            ASSERT_NEAR(nd[NCS + i], 0.0, 0.0); /* stick: |mu_v v_t| <= mu |f_n| */
        data[i] = -0.01;                        /* contact by the data */
        data[NCS + i] = 0.0;
        data[2 * NCS + i] = 0.0;
    }
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_outputs(
            &p, &s, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, o, 2 * NCS, &err),
        MBC_OK);
    double couple = 0.0; /* -sum g f_t: what the moments may leave (r f_t torque) */
    for (int i = 0; i < NCS; ++i) {
        const double fs = 1e-12 * (1.0 + p.contactStiffness);
        ASSERT_NEAR(o[2 * i + 1], p.contactStiffness * gap, fs);              /* f_n */
        ASSERT_NEAR(o[2 * i], p.frictionVelocityPenalty * rm.W[2] * gap, fs); /* f_t */
        couple -= gap * o[2 * i];
    }
    {
        /* under rigid motion the friction f_t = mu_v W_z g does not vanish
         * (rigid_zero.reason in the spec); the circle's torque is r f_t and
         * the moments of all loads about the circle center leave exactly the
         * couple -sum g f_t (physics-notes 2026-11-25: second order in g) */
        double F[2 * (NCS + 1)];
        mbc_forces f;
        memset(&f, 0, sizeof f);
        f.cable_point_forces = F;
        f.cable_point_count = NCS + 1;
        assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&p, &s, &f, &err), MBC_OK);
        double M = f.torque[0][2], mscale = fabs(f.torque[0][2]);
        for (int i = 0; i <= NCS; ++i) {
            const double dx = pts[2 * i] - c.position[0], dy = pts[2 * i + 1] - c.position[1];
            M += dx * F[2 * i + 1] - dy * F[2 * i];
            mscale += hypot(dx, dy) * hypot(F[2 * i], F[2 * i + 1]);
        }
        ASSERT_NEAR(M, couple, 1e-12 * mscale);
        ASSERT_NEAR(f.force[0][0] + F[0] + F[2] + F[4] + F[6], 0.0, 1e-12 * mscale);
    }
    if (scale == 1.0) {
        double F[2 * (NCS + 1)], F0[2 * (NCS + 1)];
        mbc_forces f, f0;
        memset(&f, 0, sizeof f);
        memset(&f0, 0, sizeof f0);
        f.cable_point_forces = F;
        f.cable_point_count = NCS + 1;
        f0.cable_point_forces = F0;
        f0.cable_point_count = NCS + 1;
        assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&p, &s, &f, &err), MBC_OK);
        p.contactDamping = 0.0;
        p.frictionVelocityPenalty = 0.0;
        assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&p, &s, &f0, &err), MBC_OK);
        for (int k = 0; k < 2 * (NCS + 1); ++k)
            ASSERT_NEAR(F[k], F0[k], 1e-11);
        ASSERT_NEAR(f.torque[0][2], f0.torque[0][2], 1e-11);
    }
    mbc_contact_friction_circle_cable2d_params_free(&p);
}

static void test_circle_cable_rigid_motion(void **state)
{
    (void)state;
    rt_rng g = {303};
    for (int it = 0; it < N_STATES; ++it) {
        circle_cable_case(&g, 1.0);
        circle_cable_case(&g, rt_uniform(&g, 0.9, 0.999));
    }
}

/* -------------------------------------------------------------- JointALEMoving2D */

/* A curved element and the mass point on it at s_el, everything moving with
 * a planar rigid motion: positions r_j get V + W x (r_j - P), slopes r'_j get
 * W x r'_j, the ALE coordinate stays (q_ALE_t = 0: the point keeps its
 * material place on the cable). The index-2 residual is then 0; with the
 * penalty form both levels are Delta p - z/k = -z/k whatever the motion. */
static void test_ale_rigid_motion(void **state)
{
    (void)state;
    rt_rng g = {404};
    for (int it = 0; it < N_STATES; ++it) {
        mbc_joint_ale_moving2d_params p;
        mbc_error err = {0};
        mbc_joint_ale_moving2d_params_init(&p);
        const mbc_index nums[1] = {3};
        const double offs[1] = {0.0};
        assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&p, nums, 1, &err),
                         MBC_OK);
        assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerOffsets(&p, offs, 1, &err),
                         MBC_OK);
        mbc_cable_element el;
        memset(&el, 0, sizeof el);
        el.length = rt_uniform(&g, 0.5, 2.0);
        const double q[8] = {rt_uniform(&g, -1, 1),    rt_uniform(&g, -1, 1),
                             rt_uniform(&g, 0.5, 1.5), rt_uniform(&g, -0.5, 0.5),
                             rt_uniform(&g, 1, 2),     rt_uniform(&g, -1, 1),
                             rt_uniform(&g, 0.5, 1.5), rt_uniform(&g, -0.5, 0.5)};
        memcpy(el.q, q, sizeof q);
        rigid_motion rm;
        random_planar_motion(&g, &rm);
        for (int j = 0; j < 4; ++j) {
            const double r3[3] = {q[2 * j], q[2 * j + 1], 0.0};
            double v[3];
            if (j % 2 == 0) /* node position */
                rigid_velocity(&rm, r3, v);
            else /* slope: rotates only */
                cross(rm.W, r3, v);
            el.q_t[2 * j] = v[0];
            el.q_t[2 * j + 1] = v[1];
        }
        const double s_el = rt_uniform(&g, 0.0, 1.0) * el.length;
        mbc_rigid_marker m0;
        memset(&m0, 0, sizeof m0);
        rt_rot_z(rt_uniform(&g, -RT_PI, RT_PI), m0.rotation);
        mbc_ancf_cable2d_position(q, el.length, s_el, m0.position);
        m0.position[2] = 0.0;
        move_marker(&rm, &m0);
        const double z[2] = {rt_uniform(&g, -10, 10), rt_uniform(&g, -10, 10)}, data[1] = {0};
        mbc_state s;
        cf_ale_state(&s, &m0, &el, s_el, 0.0, z, data);
        mbc_algebraic a;
        assert_int_equal(mbc_joint_ale_moving2d_algebraic_equations(&p, &s, &a, &err), MBC_OK);
        ASSERT_NEAR(a.position[0], 0.0, 1e-13);
        ASSERT_NEAR(a.position[1], 0.0, 1e-13);
        ASSERT_NEAR(a.velocity[0], 0.0, 1e-12);
        ASSERT_NEAR(a.velocity[1], 0.0, 1e-12);
        p.usePenaltyFormulation = true;
        p.penaltyStiffness = 1e3;
        assert_int_equal(mbc_joint_ale_moving2d_algebraic_equations(&p, &s, &a, &err), MBC_OK);
        for (int k = 0; k < 2; ++k) {
            ASSERT_NEAR(a.position[k], -z[k] / 1e3, 1e-13);
            ASSERT_NEAR(a.velocity[k], -z[k] / 1e3, 1e-13);
        }
        double nd[1];
        mbc_post_newton pn = {0};
        pn.data = nd;
        assert_int_equal(mbc_joint_ale_moving2d_post_newton_step(&p, &s, &pn, &err), MBC_OK);
        ASSERT_NEAR(nd[0], 0.0, 0.0);
        ASSERT_NEAR(pn.error, 0.0, 0.0);
        mbc_joint_ale_moving2d_params_free(&p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_sphere_rigid_motion),
        cmocka_unit_test(test_convex_roll_rigid_motion),
        cmocka_unit_test(test_circle_cable_rigid_motion),
        cmocka_unit_test(test_ale_rigid_motion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
