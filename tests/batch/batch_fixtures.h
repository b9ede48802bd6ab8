/* SPDX-License-Identifier: BSD-3-Clause */
/* Fixtures of the batch and threading tests: generic objects of
 * ContactSphereSphere and ContactFrictionCircleCable2D with many states.
 * Test-only. */
#ifndef MBC_TEST_BATCH_FIXTURES_H
#define MBC_TEST_BATCH_FIXTURES_H

#include <math.h>
#include <string.h>

#include "test_util.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"

#define BF_SEGMENTS 8
#define BF_STATES   64

static void bf_set(mbc_object *o, const char *name, double v)
{
    mbc_error e;
    assert_int_equal(mbc_object_set(o, name, v, &e), MBC_OK);
}

static void bf_set2(mbc_object *o, const char *name, double a, double b)
{
    const double v[2] = {a, b};
    mbc_error e;
    assert_int_equal(mbc_object_set_array(o, name, v, 2, &e), MBC_OK);
}

static void bf_initialize(mbc_object *o)
{
    mbc_error e;
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &e, 1, &violations), MBC_OK);
}

/* One scalar parameter value of a fixture object. */
typedef struct bf_value {
    const char *name;
    double v;
} bf_value;

/* An object of `type` with markerNumbers (0, 1), nodeNumber 0 and the n
 * values v[0..n-1] set, not yet initialized. */
static mbc_object *bf_object(const char *type, const bf_value *v, size_t n)
{
    mbc_error e;
    mbc_object *o = mbc_object_create(type, &e);
    assert_non_null(o);
    bf_set2(o, "markerNumbers", 0, 1);
    bf_set(o, "nodeNumber", 0);
    for (size_t i = 0; i < n; ++i)
        bf_set(o, v[i].name, v[i].v);
    return o;
}

/* Hertz contact with EAPM adhesion and friction, radii 0.5 and 0.4. */
static mbc_object *bf_sphere_object(void)
{
    static const bf_value v[] = {
        {"contactStiffness", 1e5},         {"contactDamping", 20},
        {"contactStiffnessExponent", 1.5}, {"dynamicFriction", 0.3},
        {"contactPlasticityRatio", 0.4},   {"adhesionCoefficient", 1e3},
        {"adhesionExponent", 1.5},         {"constantPullOffForce", 0.5},
    };
    mbc_object *o = bf_object("ContactSphereSphere", v, sizeof v / sizeof v[0]);
    bf_set2(o, "spheresRadii", 0.5, 0.4);
    bf_initialize(o);
    return o;
}

/* A circle on a cable of BF_SEGMENTS segments, with friction. */
static mbc_object *bf_cable_object(void)
{
    static const bf_value v[] = {
        {"numberOfContactSegments", BF_SEGMENTS},
        {"contactStiffness", 1e5},
        {"contactDamping", 50},
        {"frictionVelocityPenalty", 10},
        {"frictionStiffness", 1e3},
        {"frictionCoefficient", 0.3},
        {"circleRadius", 0.3},
    };
    mbc_object *o = bf_object("ContactFrictionCircleCable2D", v, sizeof v / sizeof v[0]);
    bf_initialize(o);
    return o;
}

/* BF_STATES states of either object: sphere pairs around contact, or the
 * circle at different places along a curved cable. data = start-of-step data
 * = the result of one PostNewtonStep (so contacts and stick/slip are set). */
typedef struct bf_states {
    mbc_rigid_marker m[BF_STATES][2];
    mbc_cable_marker cable[BF_STATES];
    double pts[BF_STATES][2 * (BF_SEGMENTS + 1)], vel[BF_STATES][2 * (BF_SEGMENTS + 1)];
    double data[BF_STATES][3 * BF_SEGMENTS], start[BF_STATES][3 * BF_SEGMENTS];
    double new_data[BF_STATES][3 * BF_SEGMENTS];
    double F[BF_STATES][2 * (BF_SEGMENTS + 1)];
    mbc_state s[BF_STATES];
    mbc_forces f[BF_STATES];
    mbc_post_newton pn[BF_STATES];
} bf_states;

static void bf_states_fill(bf_states *b, const mbc_object *o, int cable, uint64_t seed)
{
    rt_rng g = {seed};
    memset(b, 0, sizeof *b);
    const size_t nd = mbc_data_count(o->type, o->params);
    for (size_t k = 0; k < BF_STATES; ++k) {
        mbc_state *s = &b->s[k];
        for (int j = 0; j < 2; ++j) {
            rt_random_rotation(&g, b->m[k][j].rotation);
            for (int i = 0; i < 3; ++i) {
                b->m[k][j].velocity[i] = rt_uniform(&g, -1.0, 1.0);
                b->m[k][j].angular_velocity_local[i] = rt_uniform(&g, -3.0, 3.0);
            }
        }
        s->marker[0] = &b->m[k][0];
        if (cable) {
            const double L = 2.0;
            const double q[8] = {0.0, 0.0, 1.0, 0.4, 2.0, 0.0, 1.0, -0.4};
            const double q_t[8] = {0.0, 0.0, 0.0, 0.01, 0.0, 0.0, 0.0, -0.01};
            assert_true(mbc_ancf_cable2d_shape_points(q, L, 0.0, BF_SEGMENTS, b->pts[k], NULL) ==
                        MBC_OK);
            assert_true(mbc_ancf_cable2d_shape_point_velocities(q, q_t, L, 0.0, 0.0, BF_SEGMENTS,
                                                                b->vel[k], NULL) == MBC_OK);
            b->cable[k] = (mbc_cable_marker){BF_SEGMENTS, b->pts[k], b->vel[k], L, 0.0};
            s->cable = &b->cable[k];
            const double x = rt_uniform(&g, 0.2, 1.8);
            b->m[k][0].position[0] = x;
            b->m[k][0].position[1] = 0.4 * x * (2.0 - x) * 0.5 + 0.3 - rt_uniform(&g, 0.0, 0.03);
            b->m[k][0].position[1] += (k % 4 == 0) ? 0.3 : 0.0; /* some far above */
            b->m[k][0].position[2] = 0.0;
            b->f[k].cable_point_forces = b->F[k];
            b->f[k].cable_point_count = BF_SEGMENTS + 1;
        } else {
            const double dist = 0.9 + rt_uniform(&g, -0.03, 0.03);
            for (int i = 0; i < 3; ++i)
                b->m[k][0].position[i] = rt_uniform(&g, -1.0, 1.0);
            b->m[k][1].position[0] = b->m[k][0].position[0] + dist * 0.6;
            b->m[k][1].position[1] = b->m[k][0].position[1] + dist * 0.8;
            b->m[k][1].position[2] = b->m[k][0].position[2];
            s->marker[1] = &b->m[k][1];
        }
        mbc_initial_data(o->type, o->params, b->data[k]);
        memcpy(b->start[k], b->data[k], nd * sizeof(double));
        s->data = b->data[k];
        s->data_start = b->start[k];
        s->data_count = nd;
        b->pn[k].data = b->new_data[k];
        mbc_error e;
        mbc_object *mo = (mbc_object *)o; /* no state parameters: params unchanged */
        assert_int_equal(mbc_object_post_newton_step(mo, s, &b->pn[k], &e), MBC_OK);
        memcpy(b->data[k], b->new_data[k], nd * sizeof(double));
        memcpy(b->start[k], b->new_data[k], nd * sizeof(double));
    }
}

#endif
