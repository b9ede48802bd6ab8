/* SPDX-License-Identifier: BSD-3-Clause */
/* Evaluating any connector through the registry, so a solver can loop over
 * connectors of every type: force evaluation, PostNewtonStep, output
 * variables and algebraic equations. Each call first checks that the object
 * is initialized, that the type has that hook, that the state holds the
 * markers the type requests, that data_count matches the type's data layout,
 * and that every number it reads is finite (mbc_state_check,
 * mbconnect/state_check.h); otherwise it returns an error status with a
 * message and writes no output. These are the only checks of the state: the
 * hooks behind them assert, they do not check again. */
#ifndef MBCONNECT_EVALUATE_H
#define MBCONNECT_EVALUATE_H

#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Physical forces and torques on the markers (and cable points), with the
 * active set taken from s->data (no switching). */
MBC_API mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                     mbc_error *err);
/* Recomputes the data coordinates (out->data, data_count values), the
 * discontinuous error, the recommended step size and warnings, and updates
 * the object's state parameters (e.g. ContactConvexRoll.pContact). */
MBC_API mbc_status mbc_object_post_newton_step(mbc_object *o, const mbc_state *s,
                                               mbc_post_newton *out, mbc_error *err);
/* Output variable o->type->outputs[output] (index from mbc_type_find_output
 * or the type's MBC_<TYPE>_OUTPUT_<NAME> constant); size must equal
 * mbc_output_size(o->type, o->params, output). An index the type does not
 * have is MBC_ERR_NAME, a wrong size MBC_ERR_SIZE. */
MBC_API mbc_status mbc_object_output(const mbc_object *o, const mbc_state *s, size_t output,
                                     double *out, size_t size, mbc_error *err);
/* Algebraic equations and Jacobians (types providing "Constraint"). */
MBC_API mbc_status mbc_object_algebraic_equations(const mbc_object *o, const mbc_state *s,
                                                  mbc_algebraic *out, mbc_error *err);

/* The same four with a state of 1.1's layout, which ends in the step (dt,
 * phase: mbconnect/connector.h). A program built against these headers
 * calls them through the macros below under the names above; the symbols
 * of those names are 1.0's, for programs built against 1.0: they read the
 * members of 1.0's mbc_state only and hand the hooks dt 0 and
 * MBC_PHASE_NONE (docs/versioning.rst, "The step in the state"). */
MBC_API mbc_status mbc_object_forces_v2(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                        mbc_error *err);
MBC_API mbc_status mbc_object_post_newton_step_v2(mbc_object *o, const mbc_state *s,
                                                  mbc_post_newton *out, mbc_error *err);
MBC_API mbc_status mbc_object_output_v2(const mbc_object *o, const mbc_state *s, size_t output,
                                        double *out, size_t size, mbc_error *err);
MBC_API mbc_status mbc_object_algebraic_equations_v2(const mbc_object *o, const mbc_state *s,
                                                     mbc_algebraic *out, mbc_error *err);
#define mbc_object_forces(o, s, out, err)           mbc_object_forces_v2(o, s, out, err)
#define mbc_object_post_newton_step(o, s, out, err) mbc_object_post_newton_step_v2(o, s, out, err)
#define mbc_object_output(o, s, output, out, size, err)                                            \
    mbc_object_output_v2(o, s, output, out, size, err)
#define mbc_object_algebraic_equations(o, s, out, err)                                             \
    mbc_object_algebraic_equations_v2(o, s, out, err)

#ifdef __cplusplus
}
#endif

#endif
