/* SPDX-License-Identifier: BSD-3-Clause */
/* The generic state sampler of the invariant harness: random connector
 * states built from a type's marker kinds and data layout (internal to
 * libmbconnect_invariants). */
#ifndef MBC_HARNESS_SAMPLER_H
#define MBC_HARNESS_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/invariants.h"

#define SAMPLE_MAX_POINTS   257  /* Cable2DShape: up to 256 segments */
#define SAMPLE_MAX_ELEMENTS 16   /* Cable2DCoordinates: sliding cable elements */
#define SAMPLE_MAX_DATA     1024 /* data coordinates */
#define SAMPLE_MAX_OUTPUT   1024 /* values of one output variable */

/* A small deterministic generator (splitmix64); one per check, no globals. */
typedef struct sample_rng {
    uint64_t s;
} sample_rng;

void sample_rng_seed(sample_rng *r, uint64_t seed, const char *type, const char *invariant);
double sample_uniform(sample_rng *r, double lo, double hi);

/* One state and the storage it points into. A Cable2DShape marker's points
 * come from one random ANCF Cable2D element (q, q_t, length) and, for an
 * ALE cable, an ALE velocity s_t. */
typedef struct sample_state {
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    double points[2 * SAMPLE_MAX_POINTS];
    double point_velocities[2 * SAMPLE_MAX_POINTS];
    mbc_cable_element elements[SAMPLE_MAX_ELEMENTS];
    double lagrange[2];
    double data[SAMPLE_MAX_DATA];
    double data_start[SAMPLE_MAX_DATA];
    mbc_state state;
} sample_state;

/* Kinds of marker m of t. */
bool sample_marker_is_shape(const mbc_type_info *t, int m);  /* Cable2DShape */
bool sample_marker_is_coords(const mbc_type_info *t, int m); /* Cable2DCoordinates */
bool sample_type_planar(const mbc_type_info *t);

/* Creates an initialized object of t with its sample parameter values (and,
 * when passive, the passive ones on top); index parameters that must be set
 * get 0, 1, ... NULL with a message in err when a value is rejected. */
mbc_object *sample_object(const mbc_type_info *t, bool passive, mbc_error *err);

/* Sets every Bool input parameter of o that the spec's sample and passive
 * values do not pin to bit i of `bits` (i = the parameter's index), so the
 * states reach both branches of every flag, and re-initializes o. */
mbc_status sample_flags(mbc_object *o, uint64_t bits, mbc_error *err);

/* A random state for o: random geometry and velocities (rigid: one rigid
 * velocity field for everything); data coordinates from one or two
 * PostNewtonSteps starting at the initial data, so that the active set fits
 * the geometry. */
mbc_status sample_draw(mbc_object *o, sample_rng *r, bool rigid, sample_state *s, mbc_error *err);

/* Points s->state to s's own storage (after a struct copy). */
void sample_link(sample_state *s);

/* out = the state seen from another frame: x -> R x + c for every position,
 * R v for velocities, slopes and Lagrange multipliers, R A for rotations. */
void sample_transform(const sample_state *in, const double R[9], const double c[3],
                      sample_state *out);

/* A random rotation: about z when planar, uniform in SO(3) otherwise. */
void sample_rotation(sample_rng *r, bool planar, double R[9]);

#endif
