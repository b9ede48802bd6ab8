/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactFrictionCircleCable2D PostNewtonStep against its definition,
 * composed here from the exported building blocks, bit for bit.
 *
 * The hook evaluates PostNewtonStep [I]-[IV] (see the hook's comment in
 * runtime/connectors/contact_friction_circle_cable2d/connector_contact_friction_circle_cable2d.c)
 * in one fused per-segment loop: one closest-point and distance evaluation per segment, per-call
 * quantities (r omega_z, L / n, 2 pi |r|) computed once, inline copies of the sticking and friction
 * kernels. The reference below calls the public functions each step names
 * (mbc_segment_closest_point, mbc_sticking_position, mbc_sticking_difference,
 * mbc_coulomb_stick_slip, mbc_slip_last_sticking_position, mbc_sticking_normalize), which have
 * their own tests against analytic values (tests/runtime). The hook promises the same operations in
 * the same order, so the new data, the error and the warnings must be equal to the bit (memcmp), on
 * random states that reach every branch: no contact, stick, both slip directions, undefined start
 * state, mu_k = 0 and mu_v = 0, out-of-range last sticking positions, a
 * circle center on the cable, zero-length segments, 3D circle rotations.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/friction.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mechanics/geometry_2d.h"
#include "mechanics/sticking.h"

#define MAXSEG 80

typedef struct {
    mbc_contact_friction_circle_cable2d_params p;
    mbc_rigid_marker circle;
    double pts[2 * (MAXSEG + 1)], vel[2 * (MAXSEG + 1)];
    mbc_cable_marker cable;
    double data[3 * MAXSEG], data_start[3 * MAXSEG];
    mbc_state s;
    size_t n;
} pns_case;

/* Branch counters of the reference, so that the test cannot pass vacuously. */
typedef struct {
    long contact, stick, slip_pos, slip_neg, undefined_start, warned, state_changed, gap_crossed;
} pns_coverage;

/* The seed's stick/slip code of a stored double (|x| == 1 slip, -2 undefined). */
static int ref_state(double x)
{
    return x == 1.0
               ? MBC_SLIP_POSITIVE
               : (x == -1.0 ? MBC_SLIP_NEGATIVE : (x == -2.0 ? MBC_STICK_UNDEFINED : MBC_STICK));
}

/* PostNewtonStep [I]-[IV] from the exported building blocks. */
static void ref_pns(const pns_case *c, double *data, double *error, unsigned *warnings,
                    pns_coverage *cov)
{
    const mbc_contact_friction_circle_cable2d_params *p = &c->p;
    const size_t n = c->n;
    const double r = p->circleRadius, mu = p->frictionCoefficient;
    const double mu_v = p->frictionVelocityPenalty, mu_k = p->frictionStiffness;
    const double pc[2] = {c->circle.position[0], c->circle.position[1]};
    const double *A = c->circle.rotation, *w = c->circle.angular_velocity_local;
    const double omega_z = A[6] * w[0] + A[7] * w[1] + A[8] * w[2];
    *error = 0.0;
    *warnings = 0u;
    for (size_t i = 0; i < n; ++i) {
        const double *a = c->pts + 2 * i, *b = a + 2;
        struct mbc_segment_closest cp;
        (void)mbc_segment_closest_point(a, b, pc, &cp);
        const double gap = cp.distance - r; /* [I] */
        const double last_start = c->data_start[2 * n + i];
        double last = last_start;
        int state = MBC_STICK_UNDEFINED;
        if (gap <= 0.0 && (mu_v != 0.0 || mu_k != 0.0)) { /* [II] */
            ++cov->contact;
            const int state_start = ref_state(c->data_start[n + i]);
            cov->undefined_start += state_start == MBC_STICK_UNDEFINED;
            double dv[2];
            for (int k = 0; k < 2; ++k) {
                const double v_p =
                    (1.0 - cp.rho) * c->vel[2 * i + k] + cp.rho * c->vel[2 * i + 2 + k];
                const double v_c = c->circle.velocity[k] + r * omega_z * cp.tangent[k];
                dv[k] = v_p - v_c;
            }
            const double v_n = dv[0] * cp.normal[0] + dv[1] * cp.normal[1];
            const double v_t = dv[0] * cp.tangent[0] + dv[1] * cp.tangent[1];
            const double f_n = p->contactStiffness * gap + p->contactDamping * v_n;
            const double seg_len = c->cable.length / (double)n;
            const double x_cur = (mu_k != 0.0)
                                     ? mbc_sticking_position(cp.normal, A, r, cp.rho, seg_len,
                                                             c->cable.ale_coordinate, a, b, NULL)
                                     : 0.0;
            const double delta = (state_start == MBC_STICK_UNDEFINED || mu_k == 0.0)
                                     ? 0.0
                                     : mbc_sticking_difference(x_cur, last_start, r);
            double f_t, f_t_lin;
            state = mbc_coulomb_stick_slip(v_t, delta, f_n, mu, mu_v, mu_k, &f_t, &f_t_lin);
            if (state == MBC_STICK) {
                ++cov->stick;
                last = (state_start == MBC_STICK_UNDEFINED) ? x_cur : last_start;
            } else {
                cov->slip_pos += state == MBC_SLIP_POSITIVE;
                cov->slip_neg += state == MBC_SLIP_NEGATIVE;
                last = mbc_slip_last_sticking_position(x_cur, state, mu, f_n, mu_k);
            }
            const double last_norm = mbc_sticking_normalize(last, r);
            if (last_norm != last) {
                ++cov->warned;
                last = last_norm;
                *warnings |= MBC_WARN_STICK_OUT_OF_RANGE;
            }
            if (state != ref_state(c->data[n + i])) { /* [IV], friction part */
                ++cov->state_changed;
                *error += fabs(fabs(f_t_lin) - mu * fabs(f_n));
            }
        }
        if ((c->data[i] <= 0.0) != (gap <= 0.0)) { /* [IV], gap part */
            ++cov->gap_crossed;
            *error += p->contactStiffness * fabs(gap - c->data[i]);
        }
        data[i] = gap;
        data[n + i] = (double)state;
        data[2 * n + i] = last;
    }
}

static double pick(rt_rng *g, const double *v, int count)
{
    int k = (int)rt_uniform(g, 0.0, (double)count);
    return v[k < count ? k : count - 1];
}

/* A random state: cable points on a ring around the circle or a line through
 * it (some on the center, some repeated), stored data in every code. */
static void random_case(pns_case *c, rt_rng *g)
{
    memset(c, 0, sizeof *c);
    const size_t n = (size_t)rt_uniform(g, 1.0, rt_unit(g) < 0.5 ? 9.0 : (double)MAXSEG + 1.0);
    c->n = n < MAXSEG ? n : MAXSEG;
    mbc_contact_friction_circle_cable2d_params_init(&c->p);
    c->p.numberOfContactSegments = (int)c->n;
    c->p.contactStiffness = pick(g, (const double[]){1e5, 0.0, 3.0, 1e9}, 4);
    c->p.contactDamping = pick(g, (const double[]){50.0, 0.0, 1.0}, 3);
    c->p.frictionVelocityPenalty = pick(g, (const double[]){10.0, 0.0, 1e4}, 3);
    c->p.frictionStiffness = pick(g, (const double[]){1e3, 0.0, 1e6, 1.0}, 4);
    c->p.frictionCoefficient = pick(g, (const double[]){0.3, 0.0, 1.0}, 3);
    const double r = pick(g, (const double[]){0.3, 1.0, 1e-3, 5.0}, 4);
    c->p.circleRadius = r;
    rt_random_rotation(g, c->circle.rotation);
    rt_random_vec(g, 1.0, c->circle.position);
    rt_random_vec(g, 1.0, c->circle.velocity);
    rt_random_vec(g, 2.0, c->circle.angular_velocity_local);
    const double cx = c->circle.position[0], cy = c->circle.position[1];
    const int line = rt_unit(g) < 0.25;
    for (size_t j = 0; j <= c->n; ++j) {
        double *q = c->pts + 2 * j;
        if (line) {
            q[0] = cx - 1.5 * r + 3.0 * r * (double)j / (double)c->n;
            q[1] = cy - r + rt_uniform(g, -0.05, 0.05) * r;
        } else {
            const double ang = rt_uniform(g, 0.0, 2.0 * RT_PI), rad = r * rt_uniform(g, 0.8, 1.2);
            q[0] = cx + rad * cos(ang);
            q[1] = cy + rad * sin(ang);
        }
        if (rt_unit(g) < 0.03) { /* on the circle center */
            q[0] = cx;
            q[1] = cy;
        }
        if (j > 0 && rt_unit(g) < 0.03) { /* zero-length segment */
            q[0] = q[-2];
            q[1] = q[-1];
        }
        c->vel[2 * j] = rt_uniform(g, -1.0, 1.0);
        c->vel[2 * j + 1] = rt_uniform(g, -1.0, 1.0);
    }
    c->cable.segment_count = c->n;
    c->cable.points = c->pts;
    c->cable.point_velocities = c->vel;
    c->cable.length = pick(g, (const double[]){2.0, 0.5, 10.0}, 3);
    c->cable.ale_coordinate = rt_unit(g) < 0.5 ? 0.0 : rt_uniform(g, -10.0, 10.0);
    const double codes[5] = {-2.0, -1.0, 0.0, 1.0, 0.5};
    for (size_t i = 0; i < c->n; ++i) {
        c->data[i] = rt_uniform(g, -0.5, 0.5);
        c->data_start[i] = rt_uniform(g, -0.5, 0.5);
        c->data[c->n + i] = pick(g, codes, 5);
        c->data_start[c->n + i] = pick(g, codes, 5);
        const double span = rt_unit(g) < 0.2 ? 50.0 : 0.5;
        c->data[2 * c->n + i] = rt_uniform(g, -span, span);
        c->data_start[2 * c->n + i] = rt_uniform(g, -span, span);
    }
    c->s.marker[0] = &c->circle;
    c->s.cable = &c->cable;
    c->s.data = c->data;
    c->s.data_start = c->data_start;
    c->s.data_count = 3 * c->n;
}

static void test_pns_equals_building_blocks(void **state)
{
    (void)state;
    rt_rng g = {20261123u};
    static pns_case c;
    pns_coverage cov;
    memset(&cov, 0, sizeof cov);
    for (int it = 0; it < 20000; ++it) {
        random_case(&c, &g);
        double got[3 * MAXSEG], want[3 * MAXSEG];
        memset(got, 0, sizeof got);
        memset(want, 0, sizeof want);
        mbc_post_newton pn;
        memset(&pn, 0, sizeof pn);
        pn.data = got;
        mbc_error err;
        assert_int_equal(
            mbc_contact_friction_circle_cable2d_post_newton_step(&c.p, &c.s, &pn, &err), MBC_OK);
        double want_error;
        unsigned want_warnings;
        ref_pns(&c, want, &want_error, &want_warnings, &cov);
        for (size_t k = 0; k < 3 * c.n; ++k) {
            if (memcmp(&got[k], &want[k], sizeof got[k]) != 0) {
                print_error("case %d, n = %zu, data[%zu]: hook %.17g, reference %.17g\n", it, c.n,
                            k, got[k], want[k]);
                fail();
            }
        }
        if (memcmp(&pn.error, &want_error, sizeof want_error) != 0) {
            print_error("case %d: error hook %.17g, reference %.17g\n", it, pn.error, want_error);
            fail();
        }
        assert_int_equal(pn.warnings, want_warnings);
        mbc_contact_friction_circle_cable2d_params_free(&c.p);
    }
    /* every branch reached many times */
    assert_true(cov.contact > 10000);
    assert_true(cov.stick > 1000);
    assert_true(cov.slip_pos > 1000);
    assert_true(cov.slip_neg > 1000);
    assert_true(cov.undefined_start > 1000);
    assert_true(cov.warned > 100);
    assert_true(cov.state_changed > 1000);
    assert_true(cov.gap_crossed > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pns_equals_building_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
