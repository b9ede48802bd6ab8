/* SPDX-License-Identifier: BSD-3-Clause */
/* The boundary checks of the in-place evaluations (pair_eval_check.h):
 * mbc_pair_eval (pair_eval.c) and mbc_wall_eval (wall_eval.c) share them. */
#include "pair_eval_check.h"

#include "object/state_check_internal.h"

/* A Vector2D-like parameter: an input of two doubles. */
static bool pe_two_reals(const mbc_type_info *t, size_t index)
{
    if (index >= t->param_count)
        return false;
    const mbc_param_info *p = &t->params[index];
    return p->kind == MBC_VALUE_REAL && p->shape == MBC_FIXED && p->size == 2 &&
           p->role == MBC_ROLE_INPUT;
}

mbc_status mbc_pair_eval_check_binding(const mbc_type_info *t, mbc_error *err)
{
    if (!t)
        return mbc_fail(err, MBC_ERR_STATE, "no connector type");
    const mbc_pair_binding *b = t->pair_binding;
    const char *why = NULL;
    if (!b)
        why = "it declares none (spec key pair_binding, docs/spec-language.rst)";
    else if (b->kind != MBC_PAIR_BINDING_SPHERES)
        why = "its kind is not spheres";
    else if ((b->center_markers[0] != 0 && b->center_markers[0] != 1) ||
             b->center_markers[1] != 1 - b->center_markers[0])
        why = "its centers must be the markers 0 and 1";
    else if (!pe_two_reals(t, b->radii_param))
        why = "the radii parameter must be an input of two real elements";
    else if (mbc_pair_binding_masses(b) && !pe_two_reals(t, mbc_pair_binding_masses(b) - 1))
        why = "the masses parameter must be an input of two real elements";
    else if (!t->forces)
        why = "the type has no forces hook";
    if (why)
        return mbc_fail(err, MBC_ERR_STATE, "connector type '%s' has no usable pair binding: %s",
                        t->type_name, why);
    return MBC_OK;
}

mbc_status mbc_pair_eval_check_object(const mbc_object *o, mbc_error *err)
{
    const mbc_status st = mbc_state_check_object(o, o && o->type->forces, "force evaluation", err);
    if (st != MBC_OK)
        return st;
    return mbc_pair_eval_check_binding(o->type, err);
}

mbc_status mbc_pair_eval_check_atoms(const mbc_object *o, const mbc_pair_atoms *at, bool have_items,
                                     bool results, const char *what, const char *items,
                                     mbc_error *err)
{
    const char *name = o->type->type_name;
    const bool read = at && at->position && at->velocity && at->angular_velocity && at->radius;
    if (!have_items || !read || (!results && (!at->force || !at->torque)))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: %s evaluation needs the %s and the atoms' position, velocity, "
                        "angular velocity, radius%s arrays",
                        name, what, items, results ? "" : ", force and torque");
    if (mbc_pair_binding_masses(o->type->pair_binding) && !at->mass)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: its pair binding has masses: the atoms' mass array must be set", name);
    return MBC_OK;
}

mbc_status mbc_pair_eval_check_sums(const mbc_object *o, const mbc_pair_sums *sums,
                                    const char *what, const char *items, mbc_error *err)
{
    if (sums->output_count && (!sums->outputs || !sums->output_sums))
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %s sums: outputs and output_sums must be set",
                        o->type->type_name, what);
    for (size_t q = 0; q < sums->output_count; q++)
        if (mbc_output_size(o->type, o->params, sums->outputs[q]) != 1)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: output %zu is not a scalar output (%s sums add one value per "
                            "%s)",
                            o->type->type_name, sums->outputs[q], what, items);
    return MBC_OK;
}
