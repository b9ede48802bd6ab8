/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate_many(...): N states stacked in numpy arrays, evaluated in
 * one C loop, as a C solver's batch loop does, for every type (batch.h).
 *
 * Before the loop: the arguments are read and their shapes checked once
 * (batch_inputs.c), the result arrays made (or taken from out=) and the
 * workspace allocated (batch_state.c). In the loop: row k is assembled in
 * the workspace, without allocating, and evaluated through the library's
 * checked dispatch straight into row k of the results (batch_results.c).
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

#include <stdio.h>
#include <string.h>

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
        mbc_status st = batch_results_evaluate(res, call, &w.state, k, what, sizeof what, &err);
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
