/* SPDX-License-Identifier: BSD-3-Clause */
/* Capstan (Euler-Eytelwein) with ContactFrictionCircleCable2D and bristle
 * friction (frictionStiffness > 0), driving the runtime directly: the slip
 * direction must follow the trial force f_t,lin (physics-notes 2026-11-25,
 * docs/physics-departures.rst).
 *
 * Model, written here: a belt as a chain of point masses (mass m each) joined
 * by axial spring-dampers (stiffness EA / l0, damping c_ax), wrapped over a
 * fixed circle of radius R with wrap angle theta. Node 0 (the free end) is
 * pulled back along its tangent by T1; the last node is drawn along its
 * tangent at constant speed V, so the belt slides over the circle. One
 * ContactFrictionCircleCable2D connector acts on all segments (the chain's
 * nodes are its Cable2DShape points, point normals as in
 * examples/scenes/capstan.lua). Time stepping: symplectic Euler with a
 * discontinuous step per time step: start-of-step data = the accepted data,
 * PostNewtonStep at the current state gives the current data, force
 * evaluation with it. In steady sliding the tension at the drawn end is
 * T2 = T1 exp(mu theta) (independent of the code under test); the test
 * averages the last segment's axial force over the last 40 % of the run.
 * The chain turns by dphi ~ 0.2 rad per node, where Coulomb friction gives
 * (1 + mu tan(dphi/2)) / (1 - mu tan(dphi/2)) instead of exp(mu dphi): the
 * model's own bias, +0.5 % at theta = 3 pi / 2, well inside the 2 %. The
 * axial damping (2000 N s/m) damps the belt's slow mode on the pull force;
 * it acts only on stretching rates, which vanish in steady sliding.
 *
 * With the seed's Sign(Delta x_stick), segments keep the direction the
 * start-up gave them (x_lastStick is re-set to x_curStick - s mu |f_n| / mu_k,
 * so the next Delta has the old sign whenever mu |f_n| / mu_k > |v_t h|) and
 * T2/T1 stays far below exp(mu theta) (1.41 for theta = pi, mu_k = 1e3, in
 * the reference code and in examples/scenes/capstan.lua before the change). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/generated/contact_friction_circle_cable2d.h"

#define CAP_MAX_SEG 64

typedef struct capstan {
    double theta, mu, mu_k, mu_v; /* wrap angle (rad), friction parameters */
    size_t n;                     /* segments */
    double x[2 * (CAP_MAX_SEG + 1)], v[2 * (CAP_MAX_SEG + 1)];
    double l0[CAP_MAX_SEG]; /* rest lengths (m) */
    double t_a[2], t_b[2];  /* belt direction at the free end and at the drawn end */
    double x_end0[2];       /* drawn end at t = 0 */
} capstan;

static const double R = 0.5, T1 = 10.0, V = 0.05, EA = 1e4, MASS = 0.1, C_AX = 2000.0;

/* Nodes: straight part (3 segments of 0.1 m) into the arc, the arc (segments
 * of about 0.1 m whose chords touch the circle: nodes at R / cos(dphi / 2)),
 * straight part out. Rest lengths pre-stretched to tension T1. */
static void capstan_init(capstan *c, double wrap, double mu, double mu_k, double mu_v)
{
    memset(c, 0, sizeof *c);
    c->theta = wrap * RT_PI;
    c->mu = mu;
    c->mu_k = mu_k;
    c->mu_v = mu_v;
    const size_t n_arc = (size_t)ceil(R * c->theta / 0.1), n_straight = 3;
    const double dphi = c->theta / (double)n_arc, Rn = R / cos(0.5 * dphi);
    const double pa = RT_PI / 2 + c->theta / 2; /* arc from pa clockwise */
    const double pb = pa - c->theta;
    /* tangent in the direction of travel (clockwise): (sin phi, -cos phi) */
    c->t_a[0] = sin(pa), c->t_a[1] = -cos(pa);
    c->t_b[0] = sin(pb), c->t_b[1] = -cos(pb);
    size_t k = 0;
    /* the incoming straight part ends at the first arc node (angle pa) along
     * t_a, the outgoing one starts at the last (angle pb) along t_b */
    const double xa[2] = {Rn * cos(pa), Rn * sin(pa)};
    for (size_t i = n_straight; i > 0; --i) {
        c->x[2 * k] = xa[0] - 0.1 * (double)i * c->t_a[0];
        c->x[2 * k + 1] = xa[1] - 0.1 * (double)i * c->t_a[1];
        ++k;
    }
    for (size_t i = 0; i <= n_arc; ++i) {
        const double phi = pa - dphi * (double)i;
        c->x[2 * k] = Rn * cos(phi);
        c->x[2 * k + 1] = Rn * sin(phi);
        ++k;
    }
    const double xb[2] = {c->x[2 * (k - 1)], c->x[2 * (k - 1) + 1]};
    for (size_t i = 1; i <= n_straight; ++i) {
        c->x[2 * k] = xb[0] + 0.1 * (double)i * c->t_b[0];
        c->x[2 * k + 1] = xb[1] + 0.1 * (double)i * c->t_b[1];
        ++k;
    }
    c->n = k - 1;
    assert_true(c->n <= CAP_MAX_SEG);
    for (size_t i = 0; i < c->n; ++i) {
        const double d = hypot(c->x[2 * i + 2] - c->x[2 * i], c->x[2 * i + 3] - c->x[2 * i + 1]);
        c->l0[i] = d / (1.0 + T1 / EA);
    }
    c->x_end0[0] = c->x[2 * c->n];
    c->x_end0[1] = c->x[2 * c->n + 1];
}

/* Axial spring-damper forces on the nodes (added to F); returns the axial
 * force of the last segment (tension > 0). */
static double axial_forces(const capstan *c, double *F)
{
    double last = 0.0;
    for (size_t i = 0; i < c->n; ++i) {
        const double *a = c->x + 2 * i, *b = a + 2, *va = c->v + 2 * i, *vb = va + 2;
        const double d[2] = {b[0] - a[0], b[1] - a[1]};
        const double l = hypot(d[0], d[1]);
        const double e[2] = {d[0] / l, d[1] / l};
        const double rate = (vb[0] - va[0]) * e[0] + (vb[1] - va[1]) * e[1];
        const double N = EA * (l - c->l0[i]) / c->l0[i] + C_AX * rate;
        for (int k = 0; k < 2; ++k) {
            F[2 * i + k] += N * e[k];
            F[2 * i + 2 + k] -= N * e[k];
        }
        last = N;
    }
    return last;
}

/* Runs the capstan for t_end seconds with step h; returns T2 / T1. */
static double capstan_run(capstan *c, double t_end, double h)
{
    mbc_contact_friction_circle_cable2d_params p;
    mbc_contact_friction_circle_cable2d_params_init(&p);
    mbc_error err = {0};
    assert_int_equal(
        mbc_contact_friction_circle_cable2d_set_numberOfContactSegments(&p, (int)c->n, &err),
        MBC_OK);
    p.markerNumbers[0] = 0;
    p.markerNumbers[1] = 1;
    p.nodeNumber = 0;
    p.circleRadius = R;
    p.contactStiffness = 1e5;
    p.contactDamping = 50.0;
    p.frictionCoefficient = c->mu;
    p.frictionStiffness = c->mu_k;
    p.frictionVelocityPenalty = c->mu_v;
    p.useSegmentNormals = false;
    assert_int_equal(mbc_contact_friction_circle_cable2d_validate(&p, &err, 1), 0);

    mbc_rigid_marker drum;
    memset(&drum, 0, sizeof drum);
    drum.rotation[0] = drum.rotation[4] = drum.rotation[8] = 1.0;
    double L = 0.0;
    for (size_t i = 0; i < c->n; ++i)
        L += c->l0[i];
    const mbc_cable_marker belt = {c->n, c->x, c->v, L, 0.0};
    static double data[3 * CAP_MAX_SEG], start[3 * CAP_MAX_SEG], F[2 * (CAP_MAX_SEG + 1)];
    mbc_contact_friction_circle_cable2d_initial_data(&p, data);
    mbc_state s;
    memset(&s, 0, sizeof s);
    s.marker[0] = &drum;
    s.cable = &belt;
    s.data = data;
    s.data_start = start;
    s.data_count = 3 * c->n;
    mbc_forces f;
    memset(&f, 0, sizeof f);
    f.cable_point_forces = F;
    f.cable_point_count = c->n + 1;
    mbc_post_newton pn;
    memset(&pn, 0, sizeof pn);

    const size_t steps = (size_t)llround(t_end / h), from = (size_t)llround(0.6 * (double)steps);
    double sum = 0.0;
    for (size_t k = 0; k < steps; ++k) {
        const double t = (double)k * h;
        memcpy(start, data, sizeof start); /* the accepted data start the step */
        pn.data = data;                    /* PostNewtonStep writes the current data */
        assert_int_equal(mbc_contact_friction_circle_cable2d_post_newton_step(&p, &s, &pn, &err),
                         MBC_OK);
        assert_int_equal(mbc_contact_friction_circle_cable2d_forces(&p, &s, &f, &err), MBC_OK);
        const double N_last = axial_forces(c, F);
        F[0] -= T1 * c->t_a[0];
        F[1] -= T1 * c->t_a[1];
        for (size_t i = 0; i < c->n; ++i) { /* the drawn end is prescribed */
            for (int d = 0; d < 2; ++d) {
                c->v[2 * i + d] += h * F[2 * i + d] / MASS;
                c->x[2 * i + d] += h * c->v[2 * i + d];
            }
        }
        for (int d = 0; d < 2; ++d) {
            c->v[2 * c->n + d] = V * c->t_b[d];
            c->x[2 * c->n + d] = c->x_end0[d] + V * (t + h) * c->t_b[d];
        }
        if (k >= from)
            sum += N_last;
    }
    mbc_contact_friction_circle_cable2d_params_free(&p);
    return sum / (double)(steps - from) / T1;
}

/* mu = 0.3, frictionStiffness 1e3 ... 1e5, frictionVelocityPenalty 1e2 ... 1e3,
 * wrap angles pi/2, pi, 3 pi/2: T2/T1 within 2 % of exp(mu theta). */
static void test_capstan_bristle_friction(void **state)
{
    (void)state;
    const double wraps[3] = {0.5, 1.0, 1.5}, mu_ks[3] = {1e3, 1e4, 1e5}, mu_vs[2] = {1e2, 1e3};
    static capstan c;
    for (int w = 0; w < 3; ++w) {
        for (int a = 0; a < 3; ++a) {
            for (int b = 0; b < 2; ++b) {
                capstan_init(&c, wraps[w], 0.3, mu_ks[a], mu_vs[b]);
                const double ratio = capstan_run(&c, 0.6, 2e-5);
                const double exact = exp(0.3 * c.theta);
                print_message("capstan theta = %.2f pi, mu_k = %.0e, mu_v = %.0e: T2/T1 = %.4f, "
                              "exp(mu theta) = %.4f (%+.2f %%)\n",
                              wraps[w], mu_ks[a], mu_vs[b], ratio, exact,
                              100.0 * (ratio / exact - 1.0));
                ASSERT_NEAR(ratio, exact, 0.02 * exact);
            }
        }
    }
}

/* Without friction the tension is the same at both ends (the model's own
 * check: the chain, the drive and the averaging carry no spurious force). */
static void test_capstan_frictionless(void **state)
{
    (void)state;
    static capstan c;
    capstan_init(&c, 1.0, 0.0, 0.0, 0.0);
    const double ratio = capstan_run(&c, 0.6, 2e-5);
    ASSERT_NEAR(ratio, 1.0, 0.005);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capstan_frictionless),
        cmocka_unit_test(test_capstan_bristle_friction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
