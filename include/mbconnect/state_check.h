/* SPDX-License-Identifier: BSD-3-Clause */
/* The check of a connector state against its type, done once at the API
 * boundary: mbc_object_forces, mbc_object_post_newton_step,
 * mbc_object_output, mbc_object_algebraic_equations (mbconnect/evaluate.h)
 * and the _many entry points (mbconnect/evaluate_many.h) run it before they
 * call a type's hook, and the hooks trust it (they only assert it).
 *
 * A caller of a typed hook (mbc_<type>_forces and the others in the
 * generated headers), which skips the dispatch, takes over what the dispatch
 * guarantees: parameters that passed mbc_<type>_validate (and the type's
 * initialize hook, if any), a state that passes mbc_state_check, and
 * outputs of the right size (mbc_output_size, cable_point_count = n + 1,
 * out->data of data_count values). Inputs that break this are a programming
 * error: an assertion fails in a debug build (the sanitize preset), the
 * result is undefined in a release build. What depends on the values (a
 * normal force that overflows, an impact model a setter cannot reject) is
 * still an error status of the hook. */
#ifndef MBCONNECT_STATE_CHECK_H
#define MBCONNECT_STATE_CHECK_H

#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks that s holds what type t reads with parameters params: the markers
 * of the type's marker kinds (mbc_marker_kind: rigid markers in
 * s->marker[m], a Cable2DShape marker in s->cable with points and point
 * velocities, the ANCF elements and ALE node of a Cable2DCoordinates
 * marker), mbc_data_count(t, params) data coordinates (current and start of
 * step), the Lagrange multipliers of a type with algebraic equations, and
 * that every one of those numbers is finite. What the parameters say about
 * the state, which no setter can see, is checked here too:
 *  - a Cable2DShape marker has as many segments as the data layout's `per`
 *    parameter (e.g. numberOfContactSegments), and a reference length > 0;
 *  - a Cable2DCoordinates marker has one element per entry of the type's
 *    first variable-size index parameter (e.g. slidingMarkerNumbers), each
 *    of length > 0;
 *  - a data coordinate declared as an index into a list parameter (spec key
 *    index_into, e.g. slidingMarkerIndex) is a whole number in
 *    [0, count - 1] (the current data).
 * MBC_OK, or MBC_ERR_INPUT (MBC_ERR_SIZE for a count) with a one-line
 * message naming the value, e.g.
 *   "ContactSphereSphere: marker m1 velocity[2] must be finite, given nan";
 * MBC_ERR_VALUE for a NULL t or params. */
MBC_API mbc_status mbc_state_check(const mbc_type_info *t, const void *params, const mbc_state *s,
                                   mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
