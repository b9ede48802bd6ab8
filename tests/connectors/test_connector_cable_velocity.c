/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact velocities of ContactFrictionCircleCable2D along a cable whose
 * points move differently (issue #19): a rotating and a stretching segment
 * with hand-computed v_n, v_t and forces, and the ANCF path (points and point
 * velocities from element coordinates q, q_t) against finite differences of
 * positions in time.
 *
 * Notes (physics-notes.md, ContactFrictionCircleCable2D): n points from the
 * circle center to the closest point p_p, t = [-n_1, n_0]; the cable point
 * velocity is v_p = (1-rho) v_i + rho v_{i+1}; the circle's contact point
 * moves with v_c = v_m0 + r omega_z t; v_n = (v_p - v_c).n, v_t = (v_p - v_c).t;
 * f_n = k_c g + d_c v_n, stick f_t = mu_v v_t (LHS sign); cable point i gets
 * -(1-rho) f_s, point i+1 gets -rho f_s with f_s = f_n n + f_t t. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"

#define MAXN 8
#define NA   6 /* segments of the ANCF-path test */

typedef struct {
    mbc_contact_friction_circle_cable2d_params p;
    mbc_rigid_marker c;
    double pts[2 * (MAXN + 1)], vel[2 * (MAXN + 1)];
    mbc_cable_marker cable;
    double data[3 * MAXN];
    mbc_state s;
} fixture;

/* One circle (radius r, at the origin, A = I, at rest) and an n-segment cable
 * whose points the caller fills; k_c = 0, d_c = 10, mu_v = 2, mu = 10 (so
 * the friction sticks), every segment in contact and sticking by the data. */
static void fixture_init(fixture *x, int n, double r)
{
    memset(x, 0, sizeof *x);
    mbc_contact_friction_circle_cable2d_params_init(&x->p);
    x->p.markerNumbers[0] = 0;
    x->p.markerNumbers[1] = 1;
    x->p.numberOfContactSegments = n;
    x->p.circleRadius = r;
    x->p.contactDamping = 10.0;
    x->p.frictionVelocityPenalty = 2.0;
    x->p.frictionCoefficient = 10.0;
    rt_rot_z(0.0, x->c.rotation);
    x->cable.segment_count = (size_t)n;
    x->cable.points = x->pts;
    x->cable.point_velocities = x->vel;
    x->cable.length = 2.0;
    for (int i = 0; i < n; ++i) {
        x->data[i] = -1.0;
        x->data[n + i] = 0.0;
        x->data[2 * n + i] = 0.0;
    }
    x->s.marker[0] = &x->c;
    x->s.cable = &x->cable;
    x->s.data = x->data;
    x->s.data_start = x->data;
    x->s.data_count = 3 * (size_t)n;
}

static void outputs(fixture *x, size_t var, double *out)
{
    mbc_error err = {0};
    const size_t n = x->cable.segment_count;
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_outputs(&x->p, &x->s, var, out, 2 * n, &err), MBC_OK);
}

static void forces(fixture *x, double *F, mbc_forces *o)
{
    mbc_error err = {0};
    memset(o, 0, sizeof *o);
    o->cable_point_forces = F;
    o->cable_point_count = x->cable.segment_count + 1;
    assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&x->p, &x->s, o, &err), MBC_OK);
}

/* Rotating segment. r = 1, segment p_0 = (-0.5, -0.9), p_1 = (1.5, -0.9):
 * closest point (0, -0.9), rho = 1/4, g = -0.1, n = (0, -1), t = (1, 0).
 * The segment translates at (0.3, 0.1) and rotates at 2 rad/s about its
 * midpoint (0.5, -0.9): v_0 = (0.3, 0.1) + 2 (0, -1) = (0.3, -1.9),
 * v_1 = (0.3, 0.1) + 2 (0, 1) = (0.3, 2.1);
 * v_p = 3/4 v_0 + 1/4 v_1 = (0.3, -0.9).
 * Circle: v_m0 = (0.1, 0.2), omega_z = 0.5: v_c = (0.1 + 0.5, 0.2) = (0.6, 0.2).
 * v_p - v_c = (-0.3, -1.1): v_n = 1.1, v_t = -0.3.
 * f_n = d_c v_n = 11, f_t = mu_v v_t = -0.6, f_s = (-0.6, -11):
 * F_0 = -3/4 f_s = (0.45, 8.25), F_1 = -1/4 f_s = (0.15, 2.75);
 * circle: force (-0.6, -11), torque r f_t = 1 (-0.6) = -0.6 (not d f_t = -0.54).
 * rotating_segment_init: the segment, its point velocities and v_m0; the
 * tests add the rotation. */
static void rotating_segment_init(fixture *x)
{
    fixture_init(x, 1, 1.0);
    const double pts[4] = {-0.5, -0.9, 1.5, -0.9}, vel[4] = {0.3, -1.9, 0.3, 2.1};
    memcpy(x->pts, pts, sizeof pts);
    memcpy(x->vel, vel, sizeof vel);
    x->c.velocity[0] = 0.1;
    x->c.velocity[1] = 0.2;
}

static void test_rotating_segment(void **state)
{
    (void)state;
    fixture x;
    rotating_segment_init(&x);
    x.c.angular_velocity_local[2] = 0.5;
    double o[2];
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, o);
    ASSERT_NEAR(o[0], -0.3, 1e-14); /* v_t */
    ASSERT_NEAR(o[1], 1.1, 1e-14);  /* v_n */
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, o);
    ASSERT_NEAR(o[1], -0.1, 1e-14); /* g */
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, o);
    ASSERT_NEAR(o[0], -0.6, 1e-13); /* f_t */
    ASSERT_NEAR(o[1], 11.0, 1e-13); /* f_n */
    double F[4];
    mbc_forces f;
    forces(&x, F, &f);
    ASSERT_NEAR(F[0], 0.45, 1e-13);
    ASSERT_NEAR(F[1], 8.25, 1e-13);
    ASSERT_NEAR(F[2], 0.15, 1e-13);
    ASSERT_NEAR(F[3], 2.75, 1e-13);
    ASSERT_NEAR(f.force[0][0], -0.6, 1e-13);
    ASSERT_NEAR(f.force[0][1], -11.0, 1e-13);
    ASSERT_NEAR(f.torque[0][2], -0.6, 1e-13);
    mbc_contact_friction_circle_cable2d_params_free(&x.p);
}

/* The same rotating segment, but the circle's body frame is tilted (A = Ry(pi/2),
 * so A[6] = -1) and the local angular velocity is A^T (0, 0, 0.5) = (-0.5, 0, 0):
 * omega_z = z of A omega_local = 0.5 again (notes), so v_t, v_n are unchanged. */
static void test_rotating_segment_tilted_frame(void **state)
{
    (void)state;
    fixture x;
    rotating_segment_init(&x);
    const double Ry[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
    memcpy(x.c.rotation, Ry, sizeof Ry);
    x.c.angular_velocity_local[0] = -0.5;
    double o[2];
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, o);
    ASSERT_NEAR(o[0], -0.3, 1e-14);
    ASSERT_NEAR(o[1], 1.1, 1e-14);
    mbc_contact_friction_circle_cable2d_params_free(&x.p);
}

/* Stretching segment. r = 0.6, p_0 = (-0.5, -0.5), p_1 = (1.5, -0.5): closest
 * point (0, -0.5), rho = 1/4, g = -0.1, n = (0, -1), t = (1, 0). The ends
 * move apart and differently across: v_0 = (-1, 0.4), v_1 = (3, -0.2);
 * v_p = 3/4 v_0 + 1/4 v_1 = (0, 0.25). Circle v_m0 = (0.2, 0), no rotation:
 * v_p - v_c = (-0.2, 0.25): v_n = -0.25, v_t = -0.2.
 * f_n = -2.5, f_t = -0.4, f_s = (-0.4, 2.5): F_0 = (0.3, -1.875),
 * F_1 = (0.1, -0.625).
 * A second segment continues the cable to p_2 = (2.5, 0.5) with v_2 = (0, 1)
 * and is open by the data (gap 1): its outputs are 0 and its end point gets
 * only what segment 0 gives it. */
static void test_stretching_segment(void **state)
{
    (void)state;
    fixture x;
    fixture_init(&x, 2, 0.6);
    const double pts[6] = {-0.5, -0.5, 1.5, -0.5, 2.5, 0.5};
    const double vel[6] = {-1.0, 0.4, 3.0, -0.2, 0.0, 1.0};
    memcpy(x.pts, pts, sizeof pts);
    memcpy(x.vel, vel, sizeof vel);
    x.data[1] = 1.0; /* segment 1 open */
    x.c.velocity[0] = 0.2;
    double o[4];
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, o);
    ASSERT_NEAR(o[0], -0.2, 1e-14);
    ASSERT_NEAR(o[1], -0.25, 1e-14);
    ASSERT_NEAR(o[2], 0.0, 0.0);
    ASSERT_NEAR(o[3], 0.0, 0.0);
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_FORCE_LOCAL, o);
    ASSERT_NEAR(o[0], -0.4, 1e-13);
    ASSERT_NEAR(o[1], -2.5, 1e-13);
    double F[6];
    mbc_forces f;
    forces(&x, F, &f);
    ASSERT_NEAR(F[0], 0.3, 1e-13);
    ASSERT_NEAR(F[1], -1.875, 1e-13);
    ASSERT_NEAR(F[2], 0.1, 1e-13);
    ASSERT_NEAR(F[3], -0.625, 1e-13);
    ASSERT_NEAR(F[4], 0.0, 0.0);
    ASSERT_NEAR(F[5], 0.0, 0.0);
    /* the same segment with the points in the other order: rho = 3/4, and
     * t = [-n_1, n_0] still (1, 0) since n does not change: same v_n, v_t */
    const double pts_r[6] = {1.5, -0.5, -0.5, -0.5, -1.5, -1.5};
    const double vel_r[6] = {3.0, -0.2, -1.0, 0.4, 0.0, 0.0};
    memcpy(x.pts, pts_r, sizeof pts_r);
    memcpy(x.vel, vel_r, sizeof vel_r);
    outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, o);
    ASSERT_NEAR(o[0], -0.2, 1e-14);
    ASSERT_NEAR(o[1], -0.25, 1e-14);
    mbc_contact_friction_circle_cable2d_params_free(&x.p);
}

/* ---- the ANCF path ---- */

/* Test-side closest point of segment [a, b] to c: rho in [0, 1]. */
static double closest_rho(const double a[2], const double b[2], const double c[2])
{
    const double d[2] = {b[0] - a[0], b[1] - a[1]};
    const double rho = ((c[0] - a[0]) * d[0] + (c[1] - a[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1]);
    return rho < 0.0 ? 0.0 : (rho > 1.0 ? 1.0 : rho);
}

/* A curved ANCF element moving with q_t (and an ALE velocity s_t), its n + 1
 * points and velocities from mbc_ancf_cable2d_shape_points / _point_velocities,
 * a moving, non-rotating circle. For every segment in contact:
 *   v_n = d g / d t  (the closest point is interior: the derivative of the
 *        distance at fixed rho, by the envelope theorem), and
 *   v_t = t . d/dt (p_rho(t) - p_m0(t)) at the fixed rho of time 0,
 * both by central differences of POSITIONS computed from q +- dt q_t (and
 * x_i +- dt s_t along the cable), p_m0 +- dt v_m0. */
static void test_ancf_path_finite_differences(void **state)
{
    (void)state;
    rt_rng g = {19};
    const double L = 2.0, dt = 1e-6;
    int checked = 0;
    for (int it = 0; it < 40; ++it) {
        fixture x;
        fixture_init(&x, NA, 0.4);
        x.cable.length = L;
        double q[8] = {0.0, 0.0, 1.0, 0.3, 2.0, 0.1, 1.0, -0.4}, q_t[8];
        for (int k = 0; k < 8; ++k) {
            q[k] += rt_uniform(&g, -0.05, 0.05);
            q_t[k] = rt_uniform(&g, -1.0, 1.0);
        }
        const double s_t = (it % 2) ? rt_uniform(&g, -0.5, 0.5) : 0.0;
        assert_int_equal(mbc_ancf_cable2d_shape_points(q, L, 0.0, NA, x.pts, NULL), MBC_OK);
        assert_int_equal(
            mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.0, s_t, NA, x.vel, NULL), MBC_OK);
        /* circle below a random interior point of the cable, penetrating */
        const double xc = rt_uniform(&g, 0.3, 1.7);
        double rc[2], sl[2];
        mbc_ancf_cable2d_position(q, L, xc, rc);
        mbc_ancf_cable2d_slope(q, L, xc, sl);
        const double len = hypot(sl[0], sl[1]);
        const double depth = 0.4 - rt_uniform(&g, 0.0, 0.05);
        x.c.position[0] = rc[0] + depth * sl[1] / len;
        x.c.position[1] = rc[1] - depth * sl[0] / len;
        x.c.velocity[0] = rt_uniform(&g, -1.0, 1.0);
        x.c.velocity[1] = rt_uniform(&g, -1.0, 1.0);
        double vel_out[2 * NA], coords[2 * NA];
        outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T, vel_out);
        outputs(&x, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES, coords);
        /* positions at t = +-dt */
        double qp[8], qm[8], pp[2 * (NA + 1)], pm[2 * (NA + 1)];
        for (int k = 0; k < 8; ++k) {
            qp[k] = q[k] + dt * q_t[k];
            qm[k] = q[k] - dt * q_t[k];
        }
        for (int i = 0; i <= NA; ++i) {
            const double xi = L * i / NA;
            mbc_ancf_cable2d_position(qp, L, xi + dt * s_t, pp + 2 * i);
            mbc_ancf_cable2d_position(qm, L, xi - dt * s_t, pm + 2 * i);
        }
        const double cp[2] = {x.c.position[0] + dt * x.c.velocity[0],
                              x.c.position[1] + dt * x.c.velocity[1]};
        const double cm[2] = {x.c.position[0] - dt * x.c.velocity[0],
                              x.c.position[1] - dt * x.c.velocity[1]};
        for (int i = 0; i < NA; ++i) {
            const double rho = closest_rho(x.pts + 2 * i, x.pts + 2 * i + 2, x.c.position);
            if (!(rho > 1e-3 && rho < 1 - 1e-3))
                continue;
            double pr[2], d[2];
            for (int k = 0; k < 2; ++k) {
                pr[k] = (1 - rho) * x.pts[2 * i + k] + rho * x.pts[2 * i + 2 + k];
                d[k] = pr[k] - x.c.position[k];
            }
            const double dist = hypot(d[0], d[1]);
            if (dist - 0.4 > 0.0)
                continue; /* not in contact by geometry: outputs still given, fine */
            const double nn[2] = {d[0] / dist, d[1] / dist}, tt[2] = {-nn[1], nn[0]};
            /* gap at +-dt (closest point recomputed: the envelope theorem) */
            const double rp = closest_rho(pp + 2 * i, pp + 2 * i + 2, cp);
            const double rm = closest_rho(pm + 2 * i, pm + 2 * i + 2, cm);
            const double gp = hypot((1 - rp) * pp[2 * i] + rp * pp[2 * i + 2] - cp[0],
                                    (1 - rp) * pp[2 * i + 1] + rp * pp[2 * i + 3] - cp[1]);
            const double gm = hypot((1 - rm) * pm[2 * i] + rm * pm[2 * i + 2] - cm[0],
                                    (1 - rm) * pm[2 * i + 1] + rm * pm[2 * i + 3] - cm[1]);
            ASSERT_NEAR(vel_out[2 * i + 1], (gp - gm) / (2 * dt), 1e-7);
            ASSERT_NEAR(coords[2 * i + 1], dist - 0.4, 1e-14);
            /* material point at fixed rho */
            double dd[2];
            for (int k = 0; k < 2; ++k) {
                const double xp = (1 - rho) * pp[2 * i + k] + rho * pp[2 * i + 2 + k] - cp[k];
                const double xm = (1 - rho) * pm[2 * i + k] + rho * pm[2 * i + 2 + k] - cm[k];
                dd[k] = (xp - xm) / (2 * dt);
            }
            ASSERT_NEAR(vel_out[2 * i], dd[0] * tt[0] + dd[1] * tt[1], 1e-7);
            ASSERT_NEAR(vel_out[2 * i + 1], dd[0] * nn[0] + dd[1] * nn[1], 1e-7);
            ++checked;
        }
        mbc_contact_friction_circle_cable2d_params_free(&x.p);
    }
    assert_true(checked >= 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rotating_segment),
        cmocka_unit_test(test_rotating_segment_tilted_frame),
        cmocka_unit_test(test_stretching_segment),
        cmocka_unit_test(test_ancf_path_finite_differences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
