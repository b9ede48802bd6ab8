/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate_many(...): N states stacked in numpy arrays, evaluated in
 * one C loop, as a C solver's batch loop does, for every type (batch.h).
 *
 * Before the loop: the arguments are read and their shapes checked once
 * (batch_inputs.c), the result arrays made (or taken from out=) and the
 * workspace allocated (batch_state.c). In the loop: row k is assembled in
 * the workspace, without allocating, and evaluated here through the
 * library's checked dispatch (mbc_object_forces, mbc_object_post_newton_step,
 * mbc_object_output, mbc_object_algebraic_equations) straight into row k of
 * the result arrays (batch_results.c).
 * The dispatch checks every number (finite, the layout) with a test of a
 * few ns and names what is wrong; a failure raises its message with
 * "(state K, EVALUATION)". Rotations are used as given, as by the C API;
 * evaluate() checks them as `mbc eval` does. The GIL is held: parameters
 * cannot change under the loop.
 *
 * Each state is evaluated as evaluate() evaluates it (forces,
 * PostNewtonStep, outputs, algebraic equations, in that order), so the
 * result equals a Python loop over evaluate(), element by element
 * (python/tests/test_evaluate_many_all.py). */
#include "batch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double *d(PyObject *a)
{
    return (double *)PyArray_DATA((PyArrayObject *)a);
}

/* ---- one state, through the checked dispatch, into row k ---- */

static mbc_status eval_forces(batch_results *res, const batch_call *c, const mbc_state *s,
                              npy_intp k, mbc_error *err)
{
    mbc_forces *f = &res->forces;
    if (res->cable) {
        f->cable_point_forces = d(res->cable) + 2 * c->points * (size_t)k;
        f->cable_point_count = c->points;
    }
    mbc_status st = mbc_object_forces(c->o, s, f, err);
    if (st != MBC_OK)
        return st;
    double *force = d(res->force) + 6 * k, *torque = d(res->torque) + 6 * k;
    for (int m = 0; m < 2; m++) {
        if (s->marker[m]) {
            memcpy(force + 3 * m, f->force[m], sizeof f->force[m]);
            memcpy(torque + 3 * m, f->torque[m], sizeof f->torque[m]);
        } else {
            force[3 * m] = force[3 * m + 1] = force[3 * m + 2] = NAN;
            torque[3 * m] = torque[3 * m + 1] = torque[3 * m + 2] = NAN;
        }
    }
    return MBC_OK;
}

static mbc_status eval_post_newton(batch_results *res, const batch_call *c, const mbc_state *s,
                                   npy_intp k, mbc_error *err)
{
    double *data = d(res->pns_data) + c->data_count * (size_t)k;
    memset(data, 0, c->data_count * sizeof *data);
    mbc_post_newton pn = {data, 0.0, -1.0, 0u, MBC_INVALID_INDEX};
    mbc_status st = mbc_object_post_newton_step(c->o, s, &pn, err);
    if (st != MBC_OK)
        return st;
    d(res->pns_error)[k] = pn.error;
    d(res->pns_step)[k] = pn.recommended_step < 0.0 ? NAN : pn.recommended_step;
    ((npy_uint32 *)PyArray_DATA((PyArrayObject *)res->pns_warn))[k] = pn.warnings;
    if (res->pns_marker)
        ((npy_int64 *)PyArray_DATA((PyArrayObject *)res->pns_marker))[k] = pn.marker_number1;
    return MBC_OK;
}

static mbc_status eval_algebraic(batch_results *res, const batch_call *c, const mbc_state *s,
                                 npy_intp k, mbc_error *err)
{
    mbc_status st = mbc_object_algebraic_equations(c->o, s, &res->algebraic_scratch, err);
    if (st == MBC_OK)
        batch_results_store_algebraic(res, &res->algebraic_scratch, k);
    return st;
}

static mbc_status evaluate(batch_results *res, const batch_call *c, const mbc_state *s, npy_intp k,
                           char *what, size_t size, mbc_error *err)
{
    mbc_status st = MBC_OK;
    if (res->force && (st = eval_forces(res, c, s, k, err)) != MBC_OK) {
        snprintf(what, size, "force evaluation");
        return st;
    }
    if (res->pns_data && (st = eval_post_newton(res, c, s, k, err)) != MBC_OK) {
        snprintf(what, size, "PostNewtonStep");
        return st;
    }
    for (size_t j = 0; j < res->selected_count; j++) {
        const size_t i = res->selected[j], n = res->output_sizes[i];
        st = mbc_object_output(c->o, s, i, d(res->outputs[i]) + n * (size_t)k, n, err);
        if (st != MBC_OK) {
            snprintf(what, size, "output %s", c->t->outputs[i].name);
            return st;
        }
    }
    if (res->algebraic[0] && (st = eval_algebraic(res, c, s, k, err)) != MBC_OK)
        snprintf(what, size, "algebraic equations");
    return st;
}

static void raise_failure(mbc_status st, const mbc_error *err, npy_intp k, const char *what)
{
    char msg[MBC_ERROR_SIZE + 160];
    snprintf(msg, sizeof msg, "%s (state %zd, %s)", err->message, (Py_ssize_t)k, what);
    pymbc_raise(st, msg);
}

/* Evaluates every state into res; 0, or -1 with the exception set. */
static int run(batch_results *res, const batch_call *call)
{
    batch_work w;
    if (batch_work_init(&w, call) < 0)
        return -1;
    int rc = 0;
    for (npy_intp k = 0; k < call->n; k++) {
        mbc_error err;
        char what[96];
        if (batch_work_fill(&w, call, k) < 0) {
            rc = -1;
            break;
        }
        mbc_status st = evaluate(res, call, &w.state, k, what, sizeof what, &err);
        if (st != MBC_OK) {
            raise_failure(st, &err, k, what);
            rc = -1;
            break;
        }
    }
    batch_work_free(&w);
    return rc;
}

PyObject *pymbc_evaluate_many(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    batch_call call;
    memset(&call, 0, sizeof call);
    call.o = self->obj;
    batch_results res;
    memset(&res, 0, sizeof res);
    PyObject *result = NULL;
    if (batch_call_read(&call, args, kwargs) == 0 && batch_results_create(&res, &call) == 0 &&
        run(&res, &call) == 0)
        result = batch_results_dict(&res, &call);
    batch_results_release(&res);
    batch_call_release(&call);
    return result;
}
