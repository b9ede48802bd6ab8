/* SPDX-License-Identifier: BSD-3-Clause */
/* Assembling the state of one evaluation (mbc_state) from plain
 * descriptions, for any connector type: what `mbc eval` does with a case
 * file, and what a solver front-end or a language binding does with its own
 * input. The caller owns an mbc_input (it may live on the stack), fills it
 * with the set functions below, and asks for the state:
 *
 *     mbc_input in;
 *     if (mbc_input_init(&in, object, &err) != MBC_OK) ...   (object initialized)
 *     mbc_input_set_rigid_marker(&in, 0, p0, v0, NULL, NULL, &err);
 *     mbc_input_set_rigid_marker(&in, 1, p1, v1, A1, w1, &err);
 *     const mbc_state *s;
 *     if (mbc_input_state(&in, &s, &err) != MBC_OK) ... err.message ...
 *     mbc_object_forces(object, s, &forces, &err);
 *     mbc_input_free(&in);
 *
 * What each type needs follows from its marker kinds (mbc_type_info.
 * marker_kinds, see mbconnect/object.h):
 * - MBC_MARKER_POSITION / MBC_MARKER_RIGID: mbc_input_set_rigid_marker;
 * - MBC_MARKER_CABLE2D_SHAPE: mbc_input_set_cable_points (the points
 *   themselves) or mbc_input_set_cable_element (one ANCF Cable2D element,
 *   the points computed as in mbconnect/ancf_cable2d.h);
 * - MBC_MARKER_CABLE2D_COORDINATES (ALE joints): mbc_input_set_ale_cables
 *   and mbc_input_set_ale_node;
 * - types with algebraic equations: mbc_input_set_lagrange (default 0, 0);
 * - every type: mbc_input_set_data / mbc_input_set_data_start (default: the
 *   object's initial data; the start-of-step data default to the data).
 *
 * Every set function checks its values once, here, so that the evaluation
 * functions (mbconnect/evaluate.h) see consistent input: every number
 * finite, counts matching the object's parameters, a rotation matrix
 * orthonormal with det > 0 (|A^T A - I| <= 1e-9), lengths > 0. On failure
 * it returns an error status, leaves the input unchanged and writes one line
 * "FIELD: what is wrong (what was given)". FIELD uses the names of the case
 * file format (docs/eval.rst), so that messages read the same from C, from
 * `mbc eval` and from bindings: "markers[1].rotation" is the rotation of
 * the first marker listed (m0; the cable-coordinates marker of an ALE joint
 * is not listed, it is given by "cables"), "markers[2].cable.length",
 * "cables[1].q[3]", "ale.q", "lagrangeMultipliers[2]", "data[1]",
 * "dataStartOfStep"; indices count from 1 as in Lua, or from 0 after
 * mbc_input_set_index_base(in, 0) (C, Python: "markers[0].position[2]").
 *
 * The input keeps a pointer to the object: the object must outlive it, and
 * its parameters must not change between mbc_input_init and the last use of
 * the state. Nothing here keeps global state; different inputs may be used
 * from different threads. */
#ifndef MBCONNECT_INPUT_H
#define MBCONNECT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest cable-points segment count accepted (numberOfContactSegments). */
#define MBC_INPUT_MAX_SEGMENTS 1000000

/* The members are the input's own; read them only through mbc_input_state. */
typedef struct mbc_input {
    const mbc_object *object;
    const mbc_type_info *type;
    bool has_marker[2];
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable; /* points and velocities owned */
    double *cable_points;
    double *cable_velocities;
    mbc_cable_element *cables; /* owned, cable_count elements */
    size_t cable_count;
    bool has_ale_node;
    double ale_q, ale_q_t;
    double lagrange[2];
    double *data; /* owned, data_count values each */
    double *data_start;
    size_t data_count;
    bool has_data_start;
    bool count_from_zero; /* mbc_input_set_index_base(in, 0) */
    mbc_state state;
} mbc_input;

/* Starts an input for object o, which must be initialized
 * (mbc_object_initialize): the data-coordinate count depends on its
 * parameters. Data and start-of-step data are the object's initial data,
 * Lagrange multipliers 0. MBC_ERR_STATE for a NULL or uninitialized object,
 * MBC_ERR_NOMEM when the data cannot be allocated; in both cases `in` needs
 * no mbc_input_free (calling it is harmless). */
MBC_API mbc_status mbc_input_init(mbc_input *in, const mbc_object *o, mbc_error *err);
/* The same for an mbc_input of 1.1's layout (its state ends in the step),
 * called through the macro; the symbol mbc_input_init is 1.0's and clears
 * 1.0's mbc_input only (mbconnect/evaluate.h says why). */
MBC_API mbc_status mbc_input_init_v2(mbc_input *in, const mbc_object *o, mbc_error *err);
#define mbc_input_init(in, o, err) mbc_input_init_v2(in, o, err)
/* Frees what the input owns; the state it gave is invalid afterwards. */
MBC_API void mbc_input_free(mbc_input *in);

/* The first index in the field names of the input's messages: 1 (the
 * default: the names of Lua case files, as `mbc eval` prints them) or 0
 * (for callers whose arrays count from 0: "markers[0].position[2]",
 * "cables[0].q[7]", "data[0]"). MBC_ERR_STATE for an input that is not
 * initialized, MBC_ERR_VALUE for another base; the input is unchanged
 * then. */
MBC_API mbc_status mbc_input_set_index_base(mbc_input *in, int base, mbc_error *err);

/* The field name ("markers[1]") under which marker m (0 or 1) of the type
 * is described; NULL when m has kind MBC_MARKER_CABLE2D_COORDINATES (given
 * by mbc_input_set_ale_cables) or m is not 0 or 1. */
MBC_API const char *mbc_input_marker_field(const mbc_type_info *t, int m);

/* Checks that A (3x3, row-major, local -> global) is a rotation matrix:
 * max |A^T A - I| <= 1e-9 and det A > 0. Writes the deviation and the
 * determinant (either may be NULL) and returns whether it is one. */
MBC_API bool mbc_rotation_check(const double A[9], double *deviation, double *determinant);

/* Marker m (kind MBC_MARKER_POSITION or MBC_MARKER_RIGID): global position
 * [m] and velocity [m/s]; rotation A (row-major, local -> global) or NULL
 * for the identity; angular velocity in local coordinates [rad/s] (global =
 * A * this) or NULL for zero. */
MBC_API mbc_status mbc_input_set_rigid_marker(mbc_input *in, int m, const double position[3],
                                              const double velocity[3], const double *rotation,
                                              const double *angular_velocity_local, mbc_error *err);

/* Marker m (kind MBC_MARKER_CABLE2D_SHAPE) from its points: `count`
 * numbers x0,y0, x1,y1, ... of n+1 points (n >= 1 segments; n must equal
 * numberOfContactSegments when the type has that parameter), their
 * velocities (count numbers, or NULL for zero), the cable's reference length
 * L > 0 [m] and its total ALE coordinate (0 for a non-ALE cable). */
MBC_API mbc_status mbc_input_set_cable_points(mbc_input *in, int m, const double *points,
                                              size_t count, const double *point_velocities,
                                              double length, double ale_coordinate, mbc_error *err);

/* Marker m (kind MBC_MARKER_CABLE2D_SHAPE) from one ANCF Cable2D element:
 * e->q, e->q_t (8 each) and e->length > 0; the points lie at
 * `vertical_offset` [m] along the normal of the center line
 * (mbc_ancf_cable2d_shape_points); `segments` (>= 1, = numberOfContactSegments
 * when the type has it) segments. An ALE cable gives ale = {ALE coordinate,
 * its velocity} (NULL: not an ALE cable); its offset must be 0. A zero slope
 * at a point with a non-zero offset is an error (the offset direction is
 * undefined). */
MBC_API mbc_status mbc_input_set_cable_element(mbc_input *in, int m, const mbc_cable_element *e,
                                               double vertical_offset, const double *ale,
                                               size_t segments, mbc_error *err);

/* The ANCF elements an ALE joint (marker kind MBC_MARKER_CABLE2D_COORDINATES)
 * slides along: one per entry of slidingMarkerNumbers, each length > 0. */
MBC_API mbc_status mbc_input_set_ale_cables(mbc_input *in, const mbc_cable_element *cables,
                                            size_t count, mbc_error *err);
/* The ALE node: coordinate q_ALE [m] and velocity [m/s]. */
MBC_API mbc_status mbc_input_set_ale_node(mbc_input *in, double q, double q_t, mbc_error *err);
/* The algebraic variables z (types with algebraic equations). */
MBC_API mbc_status mbc_input_set_lagrange(mbc_input *in, const double z[2], mbc_error *err);

/* The current data coordinates: exactly mbc_data_count(type, params)
 * values. Unless mbc_input_set_data_start is called, the start-of-step data
 * equal these. */
MBC_API mbc_status mbc_input_set_data(mbc_input *in, const double *data, size_t count,
                                      mbc_error *err);
MBC_API mbc_status mbc_input_set_data_start(mbc_input *in, const double *data, size_t count,
                                            mbc_error *err);

/* Checks that everything the type needs is set and consistent (e.g. an ALE
 * joint's data[1], the current sliding index, must be a whole number in
 * [0, #cables - 1]) and gives the state; *state points into `in` and stays
 * valid until the next set function or mbc_input_free. Missing pieces are
 * reported as "FIELD: missing (...)" (MBC_ERR_INPUT). */
MBC_API mbc_status mbc_input_state(mbc_input *in, const mbc_state **state, mbc_error *err);

/* The step of the states the input gives (mbc_state.dt and .phase; 0 and
 * MBC_PHASE_NONE after mbc_input_init): dt [s] finite and >= 0, phase one
 * of MBC_PHASE_*, and dt > 0 unless phase is MBC_PHASE_NONE. One-line
 * MBC_ERR_VALUE naming "dt" or "phase" and the value given otherwise; the
 * input is unchanged then. */
MBC_API mbc_status mbc_input_set_step(mbc_input *in, double dt, unsigned phase, mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
