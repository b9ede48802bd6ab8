/* SPDX-License-Identifier: BSD-3-Clause */
/* Evaluating one connector object at many states in one call: force
 * evaluation and PostNewtonStep for N states (e.g. N cable contacts, N sphere
 * pairs, N joints) that share the object's parameters.
 *
 * The checks that depend only on the object (initialized, the type has the
 * hook, its data layout and marker kinds) run once per call; the inputs of
 * every state are checked as mbc_object_forces checks them (markers present,
 * every number finite, data and cable buffer sizes). A failure names the
 * state: "TYPE: state K: ..."; with several failures the lowest K is reported
 * whatever the thread count, and the results of the other states are still
 * written.
 *
 * threads: 1 runs on the calling thread, > 1 that many OpenMP threads (when
 * built with OpenMP), 0 takes MBC_THREADS (mbconnect/threads.h; default 1).
 * Each state is evaluated by the same hook whatever the thread count, so the
 * results do not depend on it. Nothing allocates. */
#ifndef MBCONNECT_EVALUATE_MANY_H
#define MBCONNECT_EVALUATE_MANY_H

#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out[k] receives the forces of states[k], k < count (each out[k] with its
 * own cable_point_forces buffer for cable types). */
MBC_API mbc_status mbc_object_forces_many(const mbc_object *o, const mbc_state *states,
                                          mbc_forces *out, size_t count, int threads,
                                          mbc_error *err);

/* out[k] receives the PostNewtonStep of states[k] (each with its own data
 * buffer). Types whose PostNewtonStep updates state parameters (e.g.
 * ContactConvexRoll.pContact) are refused: those parameters belong to one
 * state; batch such types over objects instead. */
MBC_API mbc_status mbc_object_post_newton_step_many(const mbc_object *o, const mbc_state *states,
                                                    mbc_post_newton *out, size_t count, int threads,
                                                    mbc_error *err);

/* The same two over states of 1.1's layout (stride sizeof(mbc_state), the
 * step included), called through the macros below; the symbols of the
 * names above are 1.0's (stride MBC_STATE_SIZE_1_0, dt 0, MBC_PHASE_NONE;
 * mbconnect/evaluate.h says why). */
MBC_API mbc_status mbc_object_forces_many_v2(const mbc_object *o, const mbc_state *states,
                                             mbc_forces *out, size_t count, int threads,
                                             mbc_error *err);
MBC_API mbc_status mbc_object_post_newton_step_many_v2(const mbc_object *o, const mbc_state *states,
                                                       mbc_post_newton *out, size_t count,
                                                       int threads, mbc_error *err);
#define mbc_object_forces_many(o, states, out, count, threads, err)                                \
    mbc_object_forces_many_v2(o, states, out, count, threads, err)
#define mbc_object_post_newton_step_many(o, states, out, count, threads, err)                      \
    mbc_object_post_newton_step_many_v2(o, states, out, count, threads, err)

#ifdef __cplusplus
}
#endif

#endif
