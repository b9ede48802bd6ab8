/* SPDX-License-Identifier: BSD-3-Clause */
/* The set-up the connector tests share (test_connector_passivity.c,
 * test_connector_rigid_motion.c, test_connector_edge_cases.c,
 * test_connector_sphere_sphere.c, test_connector_convex_roll.c): markers at
 * rest, a state of two rigid markers, a state of the ALE joint on one
 * element (also test_connector_ale.c), the parameters of a sphere pair and
 * of a roll with its hull, a random sphere pair placement, and the balance
 * check of the forces on two rigid markers. Include after cmocka.h and
 * test_util.h (the hull allocation and the balance are asserted). Not part
 * of the library. */
#ifndef MBC_TESTS_CONNECTOR_FIXTURES_H
#define MBC_TESTS_CONNECTOR_FIXTURES_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_sampling.h"

#include "mbconnect/connector.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

/* n markers at the origin, at rest, with the identity rotation. */
static inline void cf_markers_at_rest(mbc_rigid_marker *m, size_t n)
{
    memset(m, 0, n * sizeof *m);
    for (size_t j = 0; j < n; ++j)
        m[j].rotation[0] = m[j].rotation[4] = m[j].rotation[8] = 1.0;
}

/* A state of two rigid markers and data_count data coordinates (current
 * data, start of step); everything else empty. */
static inline void cf_rigid_state(mbc_state *s, const mbc_rigid_marker *m0,
                                  const mbc_rigid_marker *m1, const double *data,
                                  const double *data_start, size_t data_count)
{
    memset(s, 0, sizeof *s);
    s->marker[0] = m0;
    s->marker[1] = m1;
    s->data = data;
    s->data_start = data_start;
    s->data_count = data_count;
}

/* A JointALEMoving2D state on one cable element el: rigid marker m0, ALE
 * coordinate q_ale and velocity q_ale_t, Lagrange multipliers z (NULL: none)
 * and one data coordinate (current = start of step); everything else empty. */
static inline void cf_ale_state(mbc_state *s, const mbc_rigid_marker *m0,
                                const mbc_cable_element *el, double q_ale, double q_ale_t,
                                const double *z, const double *data)
{
    memset(s, 0, sizeof *s);
    s->marker[0] = m0;
    s->cables = el;
    s->cable_count = 1;
    s->ale_q = q_ale;
    s->ale_q_t = q_ale_t;
    s->lagrange = z;
    s->data = data;
    s->data_start = data;
    s->data_count = 1;
}

/* ContactSphereSphere defaults with markers m0 = 0, m1 = 1. */
static inline void cf_sphere_params_init(mbc_contact_sphere_sphere_params *p)
{
    mbc_contact_sphere_sphere_params_init(p);
    p->markerNumbers[0] = 0;
    p->markerNumbers[1] = 1;
}

/* ContactConvexRoll defaults with the hull polynomial hull[0..n-1] (owned by
 * p: freed by mbc_contact_convex_roll_params_free) and rollLength 1. */
static inline void cf_roll_params_init(mbc_contact_convex_roll_params *p, const double *hull,
                                       size_t n)
{
    mbc_contact_convex_roll_params_init(p);
    p->coefficientsHull = malloc(n * sizeof *hull);
    assert_non_null(p->coefficientsHull);
    memcpy(p->coefficientsHull, hull, n * sizeof *hull);
    p->coefficientsHull_count = n;
    p->rollLength = 1.0;
}

/* A random direction dir (components in [-1, 1], drawn again while its
 * length is below min_length); returns its length. */
static inline double cf_random_direction(rt_rng *g, double min_length, double dir[3])
{
    double len;
    do {
        rt_random_vec(g, 1.0, dir);
        len = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    } while (len < min_length);
    return len;
}

/* p1 = p0 + dist dir / len: the point at distance dist from p0 along dir
 * (of length len). */
static inline void cf_place_along(const double p0[3], const double dir[3], double len, double dist,
                                  double p1[3])
{
    for (int i = 0; i < 3; ++i)
        p1[i] = p0[i] + dist * dir[i] / len;
}

/* c = a x b. */
static inline void cf_cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* |a|. */
static inline double cf_norm(const double a[3])
{
    return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

/* Asserts that the forces F on the two rigid markers m[0], m[1] balance:
 * f_0 + f_1 = 0 (Newton's third law) to 1e-12 sum |f_j|, and the moments
 * about the origin, sum_j (t_j + p_j x f_j) = 0, to 1e-12 sum (|t_j| + |p_j|
 * |f_j|); f_1, t_0, t_1 finite. Returns 1 when a force is nonzero (contact),
 * 0 otherwise. */
static inline int cf_assert_balanced(const mbc_rigid_marker m[2], const mbc_forces *F)
{
    double fsum[3], msum[3], scale = 0.0, fscale = 0.0;
    for (int i = 0; i < 3; ++i) {
        fsum[i] = F->force[0][i] + F->force[1][i];
        msum[i] = F->torque[0][i] + F->torque[1][i];
    }
    for (int j = 0; j < 2; ++j) {
        double pxf[3];
        cf_cross(m[j].position, F->force[j], pxf);
        for (int i = 0; i < 3; ++i)
            msum[i] += pxf[i];
        scale += cf_norm(F->torque[j]) + cf_norm(m[j].position) * cf_norm(F->force[j]);
        fscale += cf_norm(F->force[j]);
    }
    for (int i = 0; i < 3; ++i) {
        assert_true(isfinite(F->force[1][i]) && isfinite(F->torque[0][i]) &&
                    isfinite(F->torque[1][i]));
        ASSERT_NEAR(fsum[i], 0.0, 1e-12 * fscale);
        ASSERT_NEAR(msum[i], 0.0, 1e-12 * scale);
    }
    return fscale > 0.0;
}

#endif
