/* SPDX-License-Identifier: BSD-3-Clause */
/* The runtime hooks a connector type may have: one table that the spec
 * model (which names a spec may list under `hooks`), the C emitter (the
 * typed prototypes and the thunks of every generated type) and
 * mbconnect/object.h (the members of mbc_type_info) all expand, so that a
 * new hook is added in exactly one place.
 *
 * MBC_HOOKS(X) calls X(ID, NAME, FIELD, WRITES, ARGS, CALL) per hook, in the
 * order of the mbc_type_info members:
 *   ID      upper-case identifier (mbcgen: SPEC_HOOK_<ID>)
 *   NAME    the name in a spec's `hooks` list; the typed function of type T
 *           is mbc_<t>_<NAME> (e.g. mbc_contact_sphere_sphere_forces)
 *   FIELD   the member of mbc_type_info (a function pointer, NULL when the
 *           type lacks the hook)
 *   WRITES  which parameters the hook may change: `reads` (none; the
 *           parameters are const), `derived` (role "derived", computed from
 *           the inputs) or `state` (role "state", e.g. ContactConvexRoll's
 *           pContact; the typed hook gets them mutable only when the type
 *           has state parameters)
 *   ARGS    the arguments after the parameters, in parentheses
 *   CALL    their names, in parentheses, to forward a call
 *
 * What each hook does (mbconnect/evaluate.h calls them after checking every
 * input once; a hook may assert what the dispatch checked, and a caller of
 * a typed hook mbc_<t>_<NAME> guarantees the same: validated parameters, a
 * state that passes mbc_state_check (mbconnect/state_check.h), outputs of
 * the right size):
 *   initialize           after validation: derived parameters, extra checks
 *   forces               physical forces and torques ON the markers (and
 *                        cable points); reads the active set from s->data,
 *                        never switches
 *   post_newton_step     new data coordinates, discontinuous error,
 *                        recommended step; may update state parameters
 *   outputs              output variable number `output` of the type
 *                        (an index into mbc_type_info.outputs) into out[size]
 *   algebraic_equations  constraint residuals and Jacobians (types that
 *                        provide "Constraint")
 */
#ifndef MBCONNECT_HOOKS_H
#define MBCONNECT_HOOKS_H

/* clang-format off */
#define MBC_HOOKS(X)                                                                               \
    X(INITIALIZE, initialize, initialize, derived, (mbc_error *err), (err))                      \
    X(FORCES, forces, forces, reads, (const mbc_state *s, mbc_forces *out, mbc_error *err),        \
      (s, out, err))                                                                               \
    X(POST_NEWTON_STEP, post_newton_step, post_newton_step, state,                                 \
      (const mbc_state *s, mbc_post_newton *out, mbc_error *err), (s, out, err))                   \
    X(OUTPUTS, outputs, output, reads,                                                             \
      (const mbc_state *s, size_t output, double *out, size_t size, mbc_error *err),              \
      (s, output, out, size, err))                                                                 \
    X(ALGEBRAIC_EQUATIONS, algebraic_equations, algebraic_equations, reads,                        \
      (const mbc_state *s, mbc_algebraic *out, mbc_error *err), (s, out, err))

/* Helpers for expanding the table: MBC_HOOK_UNPAREN ARGS drops the
 * parentheses; MBC_HOOK_PARAMS(WRITES) is the parameter pointer type of the
 * mbc_type_info member. */
#define MBC_HOOK_UNPAREN(...)   __VA_ARGS__
#define MBC_HOOK_PARAMS(WRITES) MBC_HOOK_PARAMS_##WRITES
#define MBC_HOOK_PARAMS_reads   const void *
#define MBC_HOOK_PARAMS_derived void *
#define MBC_HOOK_PARAMS_state   void *
/* clang-format on */

#endif
