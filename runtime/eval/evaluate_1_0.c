/* SPDX-License-Identifier: BSD-3-Clause */
/* The evaluation entry points of mbconnect 1.0, under their 1.0 symbols,
 * for programs built against 1.0's headers (docs/versioning.rst, "The step
 * in the state"). Their mbc_state ends before the step (dt, phase), 1.0's
 * MBC_STATE_SIZE_1_0 bytes: each state is copied into one of this layout
 * with dt 0 and MBC_PHASE_NONE, and the call goes on to the _v2 entry
 * point that programs built now call through the headers' macros. The
 * parentheses around a name keep the macro of that name from expanding. */
#include <stdlib.h>
#include <string.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/evaluate_many.h"
#include "mbconnect/result.h"

/* A 1.0 state s as one of this layout in *full (NULL stays NULL: the
 * entry point names it). */
static const mbc_state *state_1_0(mbc_state *full, const mbc_state *s)
{
    if (!s)
        return NULL;
    memset(full, 0, sizeof *full);
    memcpy(full, s, MBC_STATE_SIZE_1_0);
    return full;
}

mbc_status(mbc_object_forces)(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                              mbc_error *err)
{
    mbc_state full;
    return mbc_object_forces_v2(o, state_1_0(&full, s), out, err);
}

mbc_status(mbc_object_post_newton_step)(mbc_object *o, const mbc_state *s, mbc_post_newton *out,
                                        mbc_error *err)
{
    mbc_state full;
    return mbc_object_post_newton_step_v2(o, state_1_0(&full, s), out, err);
}

mbc_status(mbc_object_output)(const mbc_object *o, const mbc_state *s, size_t output, double *out,
                              size_t size, mbc_error *err)
{
    mbc_state full;
    return mbc_object_output_v2(o, state_1_0(&full, s), output, out, size, err);
}

mbc_status(mbc_object_algebraic_equations)(const mbc_object *o, const mbc_state *s,
                                           mbc_algebraic *out, mbc_error *err)
{
    mbc_state full;
    return mbc_object_algebraic_equations_v2(o, state_1_0(&full, s), out, err);
}

mbc_status(mbc_result_evaluate)(mbc_result *r, mbc_object *o, const mbc_state *s, mbc_error *err)
{
    mbc_state full;
    return mbc_result_evaluate_v2(r, o, state_1_0(&full, s), err);
}

/* count 1.0 states (stride MBC_STATE_SIZE_1_0) as an array of this layout,
 * allocated (the 1.0 path only; the _v2 calls allocate nothing): NULL with
 * *failed set when it cannot be had, NULL without when states is NULL or
 * count 0 (the _v2 call then names or accepts that). */
static mbc_state *states_1_0(const mbc_state *states, size_t count, bool *failed)
{
    *failed = false;
    if (!states || !count)
        return NULL;
    mbc_state *full = calloc(count, sizeof *full);
    if (!full) {
        *failed = true;
        return NULL;
    }
    for (size_t k = 0; k < count; k++)
        memcpy(&full[k], (const char *)states + k * MBC_STATE_SIZE_1_0, MBC_STATE_SIZE_1_0);
    return full;
}

mbc_status(mbc_object_forces_many)(const mbc_object *o, const mbc_state *states, mbc_forces *out,
                                   size_t count, int threads, mbc_error *err)
{
    bool failed;
    mbc_state *full = states_1_0(states, count, &failed);
    if (failed)
        return mbc_fail(err, MBC_ERR_NOMEM, "states: out of memory (given %zu states)", count);
    mbc_status st = mbc_object_forces_many_v2(o, full ? full : states, out, count, threads, err);
    free(full);
    return st;
}

mbc_status(mbc_object_post_newton_step_many)(const mbc_object *o, const mbc_state *states,
                                             mbc_post_newton *out, size_t count, int threads,
                                             mbc_error *err)
{
    bool failed;
    mbc_state *full = states_1_0(states, count, &failed);
    if (failed)
        return mbc_fail(err, MBC_ERR_NOMEM, "states: out of memory (given %zu states)", count);
    mbc_status st =
        mbc_object_post_newton_step_many_v2(o, full ? full : states, out, count, threads, err);
    free(full);
    return st;
}
