/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place evaluation of a pair law between spheres and a wall
 * (include/mbconnect/wall_eval.h): the checks every call shares and the
 * dispatch to the type's wall kernel (its binding's wall_evaluate, once per
 * call). */
#include "mbconnect/wall_eval.h"

#include "mbconnect/evaluate.h"
#include "pair_eval_check.h"

unsigned mbc_wall_eval_shapes(const mbc_type_info *t)
{
    return t && t->pair_binding ? mbc_pair_binding_wall_shapes(t->pair_binding) : 0u;
}

mbc_status mbc_wall_eval(mbc_object *o, const mbc_wall_call *call, mbc_pair_sums *sums,
                         mbc_error *err)
{
    mbc_status st = mbc_pair_eval_check_object(o, err);
    if (st != MBC_OK)
        return st;
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
    st = mbc_pair_eval_check_atoms(o, call->atoms, call->walls != NULL, false, "wall", "contacts",
                                   err);
    if (st == MBC_OK)
        st = mbc_pair_eval_check_sums(o, sums, "wall", "contact", err);
    return st != MBC_OK ? st : evaluate(o->params, call, sums, err);
}
