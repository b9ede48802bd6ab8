/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place evaluation of a pair law over an engine's sphere pairs
 * (include/mbconnect/pair_eval.h): the checks every call shares, the
 * dispatch to a type's kernel (its binding's evaluate, once per call) and
 * the path through the hooks for a type without one. */
#include "mbconnect/pair_eval.h"

#include <string.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/pair_kernel.h"
#include "pair_eval_check.h"
#include "object/state_check_internal.h"

/* Data coordinates of a pair that the hooks path copies (start data). */
#define PE_DATA_MAX 64

bool mbc_pair_eval_binding_ok(const mbc_type_info *t, mbc_error *err)
{
    return mbc_pair_eval_check_binding(t, err) == MBC_OK;
}

bool mbc_pair_eval_has_kernel(const mbc_type_info *t)
{
    return t && t->pair_binding && mbc_pair_binding_evaluate(t->pair_binding) != NULL;
}

double mbc_pair_eval_reach(const mbc_object *o, double r_a, double r_b)
{
    if (!o || !o->type->pair_binding)
        return 0.0;
    const mbc_pair_reach_fn reach = mbc_pair_binding_reach(o->type->pair_binding);
    return reach ? reach(o->params, r_a, r_b) : 0.0;
}

/* What every call needs: the object, the binding, the arrays (the force
 * and torque arrays unless the call gives per-pair results). */
static mbc_status pe_check(const mbc_object *o, const mbc_pair_call *call,
                           const mbc_pair_sums *sums, bool results, mbc_error *err)
{
    mbc_status st = mbc_pair_eval_check_object(o, err);
    if (st != MBC_OK)
        return st;
    if (!call || !sums)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: pair evaluation needs a call and its sums",
                        o->type->type_name);
    if (call->count == 0)
        return MBC_OK;
    st = mbc_pair_eval_check_atoms(o, call->atoms, call->pairs != NULL, results, "pair", "pairs",
                                   err);
    return st != MBC_OK ? st : mbc_pair_eval_check_sums(o, sums, "pair", "pair", err);
}

/* The markers of pair p (sphere a at center_markers[0]): position,
 * velocity, global angular velocity as the local one of an identity
 * rotation. */
static void pe_markers(const mbc_pair_atoms *at, const mbc_pair *p, const int centers[2],
                       mbc_rigid_marker m[2])
{
    for (int s = 0; s < 2; s++) {
        mbc_rigid_marker *mk = &m[centers[s]];
        const int i = p->atom[s];
        for (int c = 0; c < 3; c++) {
            mk->position[c] = at->position[i][c];
            mk->velocity[c] = at->velocity[i][c];
            mk->angular_velocity_local[c] = at->angular_velocity[i][c];
        }
    }
}

/* The binding's two-element parameter number `index` in o's parameters. */
static double *pe_param(mbc_object *o, size_t index)
{
    return (double *)(void *)((char *)o->params + o->type->params[index].offset);
}

/* One pair through the hooks: radii, masses, initialize, PostNewtonStep
 * (start data: a copy of the record; new data into the record), forces and
 * the scalar outputs. */
static mbc_status pe_hook_pair(mbc_object *o, const mbc_pair_call *call, size_t k, size_t n,
                               mbc_forces *fo, double *outputs, const mbc_pair_sums *sums,
                               mbc_error *err)
{
    const mbc_type_info *t = o->type;
    const mbc_pair_binding *b = t->pair_binding;
    const mbc_pair_atoms *at = call->atoms;
    const mbc_pair *p = &call->pairs[k];
    mbc_rigid_marker m[2] = {{.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}},
                             {.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}}};
    pe_markers(at, p, b->center_markers, m);
    double *radii = pe_param(o, b->radii_param);
    radii[0] = at->radius[p->atom[0]];
    radii[1] = at->radius[p->atom[1]];
    const size_t masses = mbc_pair_binding_masses(b);
    if (masses) {
        double *mass = pe_param(o, masses - 1);
        mass[0] = at->mass[p->atom[0]];
        mass[1] = at->mass[p->atom[1]];
    }
    mbc_status st = t->initialize ? t->initialize(o->params, err) : MBC_OK;
    double start[PE_DATA_MAX];
    if (n)
        memcpy(start, p->data, n * sizeof *start);
    /* an engine's step: PostNewtonStep over dt from the record, then forces */
    mbc_state s = {.marker = {&m[0], &m[1]},
                   .data = start,
                   .data_start = start,
                   .data_count = n,
                   .dt = call->dt,
                   .phase =
                       (call->flags & MBC_PAIR_POST_NEWTON) ? MBC_PHASE_EXPLICIT : MBC_PHASE_NONE};
    if (st == MBC_OK && t->post_newton_step && (call->flags & MBC_PAIR_POST_NEWTON)) {
        mbc_post_newton pn = {.data = p->data};
        st = mbc_object_post_newton_step(o, &s, &pn, err);
        s.data = p->data;
    }
    *fo = (mbc_forces){0};
    if (st == MBC_OK)
        st = mbc_object_forces(o, &s, fo, err);
    for (size_t q = 0; st == MBC_OK && q < sums->output_count; q++)
        st = mbc_object_output(o, &s, sums->outputs[q], &outputs[q], 1, err);
    return st;
}

/* Pair k's forces and torques (fo: the hooks' per marker) into the atoms'
 * arrays (owned atoms), or into its result (a call with results). */
static void pe_hook_add(const mbc_pair_call *call, size_t k, const mbc_forces *fo,
                        const int ends[2])
{
    const mbc_pair_call_results *res = mbc_pair_call_results_of(call);
    const mbc_pair_atoms *at = call->atoms;
    if (res) {
        mbc_pair_result *r = &res->results[k];
        for (int c = 0; c < 3; c++) {
            r->force[c] = fo->force[ends[1]][c];
            r->torque[0][c] = fo->torque[ends[0]][c];
            r->torque[1][c] = fo->torque[ends[1]][c];
            r->couple[0][c] = r->couple[1][c] = 0.0;
        }
        return;
    }
    for (int s = 0; s < 2; s++) {
        const int i = call->pairs[k].atom[s];
        if (i >= at->owned)
            continue;
        for (int c = 0; c < 3; c++) {
            at->force[i][c] = at->force[i][c] + fo->force[ends[s]][c];
            at->torque[i][c] += fo->torque[ends[s]][c];
        }
    }
}

/* Every pair through the hooks, with the sums and contact of the kernel
 * path (pair_kernel.h): force on a and b as the hooks give them. */
static mbc_status pe_hooks(mbc_object *o, const mbc_pair_call *call, mbc_pair_sums *sums,
                           mbc_error *err)
{
    const mbc_type_info *t = o->type;
    const mbc_pair_binding *b = t->pair_binding;
    const size_t n = mbc_data_count(t, o->params);
    if (n > PE_DATA_MAX)
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: %zu data coordinates per pair, more than pair evaluation through "
                        "the hooks keeps (%d)",
                        t->type_name, n, PE_DATA_MAX);
    const mbc_pair_atoms *at = call->atoms;
    const mbc_pair_reach_fn reach = mbc_pair_binding_reach(b);
    const int ma = b->center_markers[0], mb = b->center_markers[1];
    double outputs[MBC_PAIR_OUTPUT_MAX];
    double *values = sums->output_count <= MBC_PAIR_OUTPUT_MAX ? outputs : NULL;
    if (!values)
        return mbc_fail(err, MBC_ERR_SIZE, "%s: more than %d outputs summed in one call",
                        t->type_name, MBC_PAIR_OUTPUT_MAX);
    double acc[8] = {sums->contacts,  sums->overlap,   sums->virial[0], sums->virial[1],
                     sums->virial[2], sums->virial[3], sums->virial[4], sums->virial[5]};
    mbc_status st = MBC_OK;
    for (size_t k = 0; k < call->count && st == MBC_OK; k++) {
        const mbc_pair *p = &call->pairs[k];
        mbc_forces fo;
        st = pe_hook_pair(o, call, k, n, &fo, values, sums, err);
        if (st != MBC_OK) {
            sums->failed = k;
            break;
        }
        const mbc_pair_in in = mbc_pair_in_of(at->position, at->velocity, at->angular_velocity,
                                              at->radius, NULL, p->atom[0], p->atom[1], 0, 0);
        const double *xa = at->position[p->atom[0]], *xb = at->position[p->atom[1]];
        const double d[3] = {xb[0] - xa[0], xb[1] - xa[1], xb[2] - xa[2]};
        const int ends[2] = {ma, mb};
        pe_hook_add(call, k, &fo, ends);
        const int contact = !reach || in.gap < reach(o->params, in.r[0], in.r[1]);
        if (call->contact)
            call->contact[k] = (unsigned char)contact;
        const mbc_pair_call_results *res = mbc_pair_call_results_of(call);
        if (res && res->outputs)
            for (size_t q = 0; q < sums->output_count; q++)
                res->outputs[k * sums->output_count + q] = contact ? values[q] : 0.0;
        if (!contact)
            continue;
        const double w = mbc_pair_weight(at, p);
        acc[0] += w;
        acc[1] -= w * in.gap;
        mbc_pair_virial_add(acc + 2, d, fo.force[mb], w);
        for (size_t q = 0; q < sums->output_count; q++)
            sums->output_sums[q] += w * values[q];
    }
    sums->contacts = acc[0];
    sums->overlap = acc[1];
    for (int c = 0; c < 6; c++)
        sums->virial[c] = acc[2 + c];
    return st;
}

mbc_status mbc_pair_eval(mbc_object *o, const mbc_pair_call *call, mbc_pair_sums *sums,
                         mbc_error *err)
{
    mbc_status st = pe_check(o, call, sums, false, err);
    if (st != MBC_OK || call->count == 0)
        return st;
    const mbc_pair_evaluate_fn evaluate = mbc_pair_binding_evaluate(o->type->pair_binding);
    if (evaluate && !(call->flags & MBC_PAIR_HOOKS))
        return evaluate(o->params, call, sums, err);
    return pe_hooks(o, call, sums, err);
}

mbc_status mbc_pair_eval_results(mbc_object *o, const mbc_pair_call *call, mbc_pair_result *results,
                                 double *outputs, mbc_pair_sums *sums, mbc_error *err)
{
    mbc_status st = pe_check(o, call, sums, true, err);
    if (st != MBC_OK || call->count == 0)
        return st;
    if (!results)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: pair evaluation with results needs the results",
                        o->type->type_name);
    mbc_pair_call_results ex = {*call, results, outputs};
    ex.call.flags |= MBC_PAIR_RESULTS;
    const mbc_pair_evaluate_fn evaluate = mbc_pair_binding_evaluate_results(o->type->pair_binding);
    if (evaluate && !(call->flags & MBC_PAIR_HOOKS))
        return evaluate(o->params, &ex.call, sums, err);
    return pe_hooks(o, &ex.call, sums, err);
}
