/* SPDX-License-Identifier: BSD-3-Clause */
/* The set-up the connector tests share (test_connector_passivity.c,
 * test_connector_rigid_motion.c, test_connector_edge_cases.c): markers at
 * rest, a state of two rigid markers, the parameters of a sphere pair and
 * of a roll with its hull, and a random sphere pair placement. Include after
 * cmocka.h (the hull allocation is asserted). Not part of the library. */
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
    for (size_t j = 0; j < n; ++j) {
        m[j].rotation[0] = m[j].rotation[4] = m[j].rotation[8] = 1.0;
    }
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
    for (int i = 0; i < 3; ++i) {
        p1[i] = p0[i] + dist * dir[i] / len;
    }
}

#endif
