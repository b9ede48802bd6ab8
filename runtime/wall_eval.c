/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place evaluation of a pair law between spheres and a wall
 * (include/mbconnect/wall_eval.h): the checks every call shares and the
 * dispatch to the type's wall kernel (its binding's wall_evaluate, once per
 * call). */
#include "mbconnect/wall_eval.h"

#include "mbconnect/evaluate.h"
#include "state_check_internal.h"

unsigned mbc_wall_eval_shapes(const mbc_type_info *t)
{
    return t && t->pair_binding ? mbc_pair_binding_wall_shapes(t->pair_binding) : 0u;
}

/* Every output asked for is a scalar output of the type. */
static mbc_status we_check_outputs(const mbc_object *o, const mbc_pair_sums *sums, mbc_error *err)
{
    if (sums->output_count && (!sums->outputs || !sums->output_sums))
        return mbc_fail(err, MBC_ERR_INPUT, "%s: wall sums: outputs and output_sums must be set",
                        o->type->type_name);
    for (size_t q = 0; q < sums->output_count; q++)
        if (mbc_output_size(o->type, o->params, sums->outputs[q]) != 1)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: output %zu is not a scalar output (wall sums add one value per "
                            "contact)",
                            o->type->type_name, sums->outputs[q]);
    return MBC_OK;
}

mbc_status mbc_wall_eval(mbc_object *o, const mbc_wall_call *call, mbc_pair_sums *sums,
                         mbc_error *err)
{
    mbc_status st = mbc_state_check_object(o, o && o->type->forces, "force evaluation", err);
    if (st != MBC_OK)
        return st;
    if (!mbc_pair_eval_binding_ok(o->type, err))
        return MBC_ERR_STATE;
    const char *name = o->type->type_name;
    const mbc_wall_evaluate_fn evaluate = mbc_pair_binding_wall(o->type->pair_binding);
    if (!evaluate)
        return mbc_fail(err, MBC_ERR_STATE,
                        "connector type '%s' declares no wall binding (spec key wall_binding, "
                        "docs/spec-language.rst): it takes no walls",
                        name);
    if (!call || !sums)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: wall evaluation needs a call and its sums", name);
    if (call->count == 0)
        return MBC_OK;
    const mbc_pair_atoms *at = call->atoms;
    if (!call->walls || !at || !at->position || !at->velocity || !at->angular_velocity ||
        !at->radius || !at->force || !at->torque)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: wall evaluation needs the contacts and the atoms' position, "
                        "velocity, angular velocity, radius, force and torque arrays",
                        name);
    if (mbc_pair_binding_masses(o->type->pair_binding) && !at->mass)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: its pair binding has masses: the atoms' mass array must be set", name);
    st = we_check_outputs(o, sums, err);
    return st != MBC_OK ? st : evaluate(o->params, call, sums, err);
}
