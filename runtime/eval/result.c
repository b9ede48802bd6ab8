/* SPDX-License-Identifier: BSD-3-Clause */
/* Everything a type offers at one state, and its JSON form
 * (include/mbconnect/result.h; the document is described in docs/eval.rst). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_out.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/result.h"

void mbc_result_free(mbc_result *r)
{
    if (!r)
        return;
    free(r->forces.cable_point_forces);
    free(r->post_newton.data);
    for (size_t i = 0; i < r->output_count; i++)
        free(r->outputs[i].values);
    free(r->outputs);
    memset(r, 0, sizeof *r);
}

static mbc_status eval_forces(mbc_result *r, const mbc_object *o, const mbc_state *s,
                              mbc_error *err)
{
    mbc_forces *f = &r->forces;
    if (s->cable) {
        f->cable_point_count = s->cable->segment_count + 1;
        f->cable_point_forces = calloc(2 * f->cable_point_count, sizeof *f->cable_point_forces);
        if (!f->cable_point_forces)
            return mbc_fail(err, MBC_ERR_NOMEM, "forces: out of memory (given %zu cable points)",
                            f->cable_point_count);
    }
    mbc_error e = {0};
    if (mbc_object_forces(o, s, f, &e) != MBC_OK)
        return mbc_fail(err, MBC_ERR_INPUT, "forces: %s (force evaluation)", e.message);
    for (int m = 0; m < 2; m++)
        r->marker_has_force[m] = o->type->marker_kinds[m] == MBC_MARKER_POSITION ||
                                 o->type->marker_kinds[m] == MBC_MARKER_RIGID;
    r->has_forces = true;
    return MBC_OK;
}

static mbc_status eval_post_newton(mbc_result *r, mbc_object *o, const mbc_state *s, mbc_error *err)
{
    size_t n = s->data_count;
    mbc_post_newton *pn = &r->post_newton; /* owned by r: mbc_result_free */
    pn->data = calloc(n ? n : 1, sizeof *pn->data);
    if (!pn->data)
        return mbc_fail(err, MBC_ERR_NOMEM,
                        "postNewtonStep: out of memory (given %zu data coordinates)", n);
    pn->error = 0.0;
    pn->recommended_step = -1.0;
    pn->warnings = 0u;
    pn->marker_number1 = MBC_INVALID_INDEX;
    r->data_count = n;
    mbc_error e = {0};
    if (mbc_object_post_newton_step(o, s, &r->post_newton, &e) != MBC_OK)
        return mbc_fail(err, MBC_ERR_INPUT, "postNewtonStep: %s (PostNewtonStep)", e.message);
    r->has_post_newton = true;
    r->has_marker_number1 = o->type->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES;
    return MBC_OK;
}

static mbc_status eval_outputs(mbc_result *r, const mbc_object *o, const mbc_state *s,
                               mbc_error *err)
{
    const mbc_type_info *t = o->type;
    r->outputs = calloc(t->output_count ? t->output_count : 1, sizeof *r->outputs);
    if (!r->outputs)
        return mbc_fail(err, MBC_ERR_NOMEM, "outputs: out of memory (given %zu outputs)",
                        t->output_count);
    for (size_t i = 0; i < t->output_count; i++) {
        mbc_result_output *out = &r->outputs[r->output_count++];
        size_t n = mbc_output_size(t, o->params, i);
        out->name = t->outputs[i].name;
        out->count = n;
        out->values = calloc(n ? n : 1, sizeof *out->values);
        if (!out->values)
            return mbc_fail(err, MBC_ERR_NOMEM, "outputs.%s: out of memory (given %zu values)",
                            out->name, n);
        mbc_error e = {0};
        if (mbc_object_output(o, s, i, out->values, n, &e) != MBC_OK)
            return mbc_fail(err, MBC_ERR_INPUT, "outputs.%s: %s (output variable)", out->name,
                            e.message);
    }
    return MBC_OK;
}

mbc_status mbc_result_evaluate(mbc_result *r, mbc_object *o, const mbc_state *s, mbc_error *err)
{
    if (!r)
        return mbc_fail(err, MBC_ERR_INPUT, "result: NULL");
    memset(r, 0, sizeof *r);
    if (!o || !s)
        return mbc_fail(err, MBC_ERR_INPUT, "result: %s", o ? "no state" : "no object");
    const mbc_type_info *t = o->type;
    r->type = t;
    mbc_status st = MBC_OK;
    if (t->forces)
        st = eval_forces(r, o, s, err);
    if (st == MBC_OK && t->post_newton_step)
        st = eval_post_newton(r, o, s, err);
    if (st == MBC_OK && t->output)
        st = eval_outputs(r, o, s, err);
    if (st == MBC_OK && t->algebraic_equations) {
        mbc_error e = {0};
        if (mbc_object_algebraic_equations(o, s, &r->algebraic, &e) != MBC_OK)
            st = mbc_fail(err, MBC_ERR_INPUT, "algebraicEquations: %s (algebraic equations)",
                          e.message);
        else
            r->has_algebraic = true;
    }
    if (st != MBC_OK)
        mbc_result_free(r);
    return st;
}

/* ------------------------------------------------------------------ JSON */

static void write_forces(const mbc_result *r, json_writer *w)
{
    const mbc_forces *f = &r->forces;
    json_begin_object(w, "forces");
    json_begin_array(w, "markers", false);
    for (int m = 0; m < 2; m++) {
        if (!r->marker_has_force[m]) {
            json_null(w, NULL);
            continue;
        }
        json_begin_object(w, NULL);
        json_number_array(w, "force", f->force[m], 3);
        json_number_array(w, "torque", f->torque[m], 3);
        json_end_object(w);
    }
    json_end_array(w);
    if (f->cable_point_forces)
        json_matrix(w, "cablePoints", f->cable_point_forces, f->cable_point_count, 2);
    json_end_object(w);
}

static void write_post_newton(const mbc_result *r, json_writer *w)
{
    const mbc_post_newton *pn = &r->post_newton;
    json_begin_object(w, "postNewtonStep");
    json_number_array(w, "data", pn->data, r->data_count);
    json_number(w, "error", pn->error);
    if (pn->recommended_step < 0.0)
        json_null(w, "recommendedStepSize");
    else
        json_number(w, "recommendedStepSize", pn->recommended_step);
    json_begin_array(w, "warnings", true);
    unsigned rest = pn->warnings;
    for (unsigned bit = 1; bit; bit <<= 1) {
        const char *name = pn->warnings & bit ? mbc_result_warning_name(bit) : NULL;
        if (name) {
            json_string(w, NULL, name);
            rest &= ~bit;
        }
    }
    if (rest) {
        char other[32];
        snprintf(other, sizeof other, "unknown(0x%x)", rest);
        json_string(w, NULL, other);
    }
    json_end_array(w);
    if (r->has_marker_number1)
        json_integer(w, "markerNumber1", (long)pn->marker_number1);
    json_end_object(w);
}

const char *mbc_result_warning_name(unsigned flag)
{
    switch (flag) {
    case MBC_WARN_ALE_INDEX_CLAMPED:
        return "aleIndexClamped";
    case MBC_WARN_HULL_NOT_CONVERGED:
        return "hullNotConverged";
    case MBC_WARN_AXIS_VERTICAL:
        return "axisVertical";
    case MBC_WARN_STICK_OUT_OF_RANGE:
        return "stickOutOfRange";
    default:
        return NULL;
    }
}

static void write_algebraic(const mbc_algebraic *a, json_writer *w)
{
    json_begin_object(w, "algebraicEquations");
    json_number_array(w, "position", a->position, 2);
    json_number_array(w, "velocity", a->velocity, 2);
    json_end_object(w);
    json_begin_object(w, "jacobian");
    json_matrix(w, "marker0Position", a->d_marker0, 2, 3);
    json_matrix(w, "cable", a->d_cable, 2, 8);
    json_matrix(w, "ale", a->d_ale, 2, 1);
    json_matrix(w, "lagrange", a->d_lagrange, 2, 2);
    json_end_object(w);
    json_begin_object(w, "jacobianVelocity");
    json_matrix(w, "marker0Position", a->dv_marker0, 2, 3);
    json_matrix(w, "marker0Velocity", a->dv_marker0_t, 2, 3);
    json_matrix(w, "cableCoordinates", a->dv_cable, 2, 8);
    json_matrix(w, "cableVelocities", a->dv_cable_t, 2, 8);
    json_matrix(w, "ale", a->dv_ale, 2, 1);
    json_matrix(w, "aleVelocity", a->dv_ale_t, 2, 1);
    json_matrix(w, "lagrange", a->dv_lagrange, 2, 2);
    json_end_object(w);
}

mbc_status mbc_result_json(const mbc_result *r, char **json, mbc_error *err)
{
    if (json)
        *json = NULL;
    if (!r || !r->type || !json)
        return mbc_fail(err, MBC_ERR_INPUT, "result: %s", json ? "not evaluated" : "no output");
    json_writer w;
    json_init(&w);
    json_begin_object(&w, NULL);
    json_string(&w, "object", r->type->type_name);
    if (r->has_forces)
        write_forces(r, &w);
    if (r->has_post_newton)
        write_post_newton(r, &w);
    if (r->type->output) {
        json_begin_object(&w, "outputs");
        for (size_t i = 0; i < r->output_count; i++)
            json_number_array(&w, r->outputs[i].name, r->outputs[i].values, r->outputs[i].count);
        json_end_object(&w);
    }
    if (r->has_algebraic)
        write_algebraic(&r->algebraic, &w);
    json_end_object(&w);
    if (json_failed(&w)) {
        /* the writer's record: "PATH: result is not finite (given nan)"
         * (MBC_ERR_VALUE) is the caller's error as it is */
        const mbc_status st = w.error.status;
        if (st == MBC_ERR_NOMEM)
            mbc_fail_nomem(err, "result");
        else if (err)
            *err = w.error;
        json_free(&w);
        return st;
    }
    *json = w.data; /* ownership passes to the caller */
    return MBC_OK;
}

mbc_status mbc_result_write_json(const mbc_result *r, FILE *f, mbc_error *err)
{
    if (!f)
        return mbc_fail(err, MBC_ERR_VALUE, "result: the file must be an open stream (given NULL)");
    char *json = NULL;
    mbc_status st = mbc_result_json(r, &json, err);
    if (st != MBC_OK)
        return st;
    int bad = fputs(json, f) == EOF || fflush(f) != 0;
    free(json);
    if (bad)
        return mbc_fail(err, MBC_ERR_IO, "result: cannot write the JSON document");
    return MBC_OK;
}
