/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate_many(...): N states of a type whose two markers are rigid or
 * position markers, stacked in numpy arrays, evaluated in one C loop, as a
 * C solver's batch loop does.
 *
 * Shapes and dtypes are checked once, before the loop. Each state then
 * goes through the library's checked dispatch (mbc_object_forces,
 * mbc_object_output, mbc_object_post_newton_step: every number finite,
 * markers present, data layout), whose all-fine test costs a few ns; a
 * failure raises the library's message with the state's index. Measured
 * (bench/bench_python.py), this is faster than a separate checking pass
 * over the arrays before the loop, which reads the inputs from memory
 * twice. Rotations are used as given, as by the C API; evaluate() checks
 * them as `mbc eval` does. The GIL is held: parameters cannot change under
 * the loop.
 *
 * For each state: forces, outputs, then PostNewtonStep (which may update
 * state parameters), like evaluate(); so the result equals a Python loop
 * over evaluate(). out= takes the result of an earlier call and fills its
 * arrays again, so a solver's repeated calls allocate nothing. */
#include "pymbc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_OUTPUTS 32
#define MAX_DATA    64

/* value as a C-contiguous float64 array of shape (N, dims...) or, when
 * `broadcast`, also (dims...) for all N (*shared then set). */
static PyArrayObject *stacked(PyObject *value, const char *name, npy_intp *n, const npy_intp *dims,
                              int nd, bool broadcast, bool *shared)
{
    *shared = false;
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, PyArray_DescrFromType(NPY_FLOAT64),
                                                        0, 0, NPY_ARRAY_IN_ARRAY, NULL);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: must be a numpy array of numbers (got %s)", name,
                     Py_TYPE(value)->tp_name);
        return NULL;
    }
    int got = PyArray_NDIM(a);
    bool ok = got == nd + 1 || (broadcast && got == nd);
    const npy_intp *shape = PyArray_DIMS(a);
    int off = got == nd + 1 ? 1 : 0;
    for (int i = 0; ok && i < nd; i++)
        ok = shape[off + i] == dims[i];
    if (ok && off && *n >= 0 && shape[0] != *n)
        ok = false;
    if (!ok) {
        char want[96] = "(N";
        for (int i = 0; i < nd; i++) {
            size_t l = strlen(want);
            snprintf(want + l, sizeof want - l, ", %zd", (Py_ssize_t)dims[i]);
        }
        strncat(want, ")", sizeof want - strlen(want) - 1);
        PyObject *got_shape = PyObject_GetAttrString((PyObject *)a, "shape");
        if (*n >= 0)
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s with N = %zd (got %R)", name,
                         want, (Py_ssize_t)*n, got_shape);
        else
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s (got %R)", name, want,
                         got_shape);
        Py_XDECREF(got_shape);
        Py_DECREF(a);
        return NULL;
    }
    if (off)
        *n = shape[0];
    else
        *shared = true;
    return a;
}

/* A result array of shape (n, d1, d2)[:nd]: new, or out[key][sub] (a
 * previous result passed as out=, reused so that repeated calls allocate
 * nothing; it must be a writeable C-contiguous array of that shape and
 * dtype). New reference or NULL with ValueError. */
static PyObject *result_array(PyObject *out, const char *key, const char *sub, int nd, npy_intp n,
                              npy_intp d1, npy_intp d2, int dtype)
{
    npy_intp dims[3] = {n, d1, d2};
    if (!out)
        return PyArray_EMPTY(nd, dims, dtype, 0); /* every element is written */
    PyObject *a = PyDict_Check(out) ? PyDict_GetItemString(out, key) : NULL;
    if (a && sub)
        a = PyDict_Check(a) ? PyDict_GetItemString(a, sub) : NULL;
    bool ok = a && PyArray_Check(a) && PyArray_NDIM((PyArrayObject *)a) == nd &&
              PyArray_ISCARRAY((PyArrayObject *)a) && PyArray_TYPE((PyArrayObject *)a) == dtype;
    for (int i = 0; ok && i < nd; i++)
        ok = PyArray_DIM((PyArrayObject *)a, i) == dims[i];
    if (!ok) {
        PyObject *shape = PyTuple_New(nd);
        for (int i = 0; shape && i < nd; i++)
            PyTuple_SET_ITEM(shape, i, PyLong_FromSsize_t((Py_ssize_t)dims[i]));
        PyErr_Format(PyExc_ValueError,
                     "out[%s%s%s%s]: must be a writeable C-contiguous %s array of shape %R, the "
                     "result of a call with the same N and options (got %s)",
                     key, sub ? "][" : "", sub ? sub : "", "",
                     dtype == NPY_FLOAT64 ? "float64" : "uint32", shape,
                     a ? Py_TYPE(a)->tp_name : "nothing");
        Py_XDECREF(shape);
        return NULL;
    }
    Py_INCREF(a);
    return a;
}

/* outputs: True (all), False/None (none) or a list of names. Fills use[]. */
static int select_outputs(const mbc_type_info *t, PyObject *outputs, bool *use)
{
    for (size_t i = 0; i < t->output_count; i++)
        use[i] = outputs == NULL || outputs == Py_True;
    if (!outputs || outputs == Py_True || outputs == Py_False || outputs == Py_None)
        return 0;
    PyObject *seq = PySequence_Fast(outputs, "outputs: must be True, False or a list of names");
    if (!seq)
        return -1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, k);
        const char *name = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
        int i = name ? mbc_type_find_output(t, name) : -1;
        if (i < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "outputs: %s has no output variable %R", t->type_name,
                         item);
            Py_DECREF(seq);
            return -1;
        }
        use[i] = true;
    }
    Py_DECREF(seq);
    return 0;
}

PyArrayObject *pymbc_batch_stacked(PyObject *value, const char *name, npy_intp *n,
                                   const npy_intp *dims, int nd, bool broadcast, bool *shared)
{
    return stacked(value, name, n, dims, nd, broadcast, shared);
}

int pymbc_batch_select_outputs(const mbc_type_info *t, PyObject *outputs, bool *use)
{
    return select_outputs(t, outputs, use);
}

/* The inputs of the loop. */
typedef struct batch_inputs {
    const double *arrays[6]; /* position, velocity, rotation, omega, data, start (NULL: absent) */
    size_t strides[6];       /* values per state; 0 for one row shared by all states */
} batch_inputs;

static const char *const input_names[6] = {
    "position", "velocity", "rotation", "angularVelocityLocal", "data", "dataStartOfStep"};

/* Which state failed in which evaluation, with the library's message. */
typedef struct batch_failure {
    npy_intp state; /* -1: none */
    mbc_status status;
    const char *in; /* the evaluation that failed */
    mbc_error err;
} batch_failure;

static void raise_failure(const batch_failure *f)
{
    char msg[MBC_ERROR_SIZE + 160];
    snprintf(msg, sizeof msg, "%s (state %zd, %s)", f->err.message, (Py_ssize_t)f->state, f->in);
    pymbc_raise(f->status, msg);
}

PyObject *pymbc_evaluate_many(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"position",
                             "velocity",
                             "rotation",
                             "angularVelocityLocal",
                             "data",
                             "dataStartOfStep",
                             "forces",
                             "outputs",
                             "postNewtonStep",
                             "out",
                             NULL};
    PyObject *given[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    PyObject *outputs = NULL, *out = NULL;
    int want_forces = 1, want_pns = 0;
    for (int m = 0; m < 2; m++)
        if (self->obj->type->marker_kinds[m] != MBC_MARKER_POSITION &&
            self->obj->type->marker_kinds[m] != MBC_MARKER_RIGID)
            return pymbc_evaluate_many_general(self, args, kwargs); /* batch_general.c */
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOOOpOpO:evaluate_many", kwlist, &given[0],
                                     &given[1], &given[2], &given[3], &given[4], &given[5],
                                     &want_forces, &outputs, &want_pns, &out))
        return NULL;
    if (out == Py_None)
        out = NULL;
    mbc_object *o = self->obj;
    const mbc_type_info *t = o->type;
    const size_t nd = mbc_data_count(t, o->params);
    if (t->output_count > MAX_OUTPUTS || nd > MAX_DATA) {
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s has more than %d outputs or %d data coordinates",
                     t->type_name, MAX_OUTPUTS, MAX_DATA);
        return NULL;
    }
    bool use[MAX_OUTPUTS];
    if (select_outputs(t, outputs, use) < 0 || pymbc_ensure_initialized(o) < 0)
        return NULL;
    if ((want_forces && !t->forces) || (want_pns && !t->post_newton_step)) {
        PyErr_Format(PyExc_RuntimeError, "%s has no %s", t->type_name,
                     want_forces && !t->forces ? "force evaluation" : "PostNewtonStep");
        return NULL;
    }

    const npy_intp d23[2] = {2, 3}, d233[3] = {2, 3, 3}, dd[1] = {(npy_intp)nd};
    const npy_intp *dims[6] = {d23, d23, d233, d23, dd, dd};
    const int ndims[6] = {2, 2, 3, 2, 1, 1};
    const size_t per_state[6] = {6, 6, 18, 6, nd, nd};
    PyArrayObject *arrays[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    batch_inputs in;
    memset(&in, 0, sizeof in);
    npy_intp n = -1;
    PyObject *result = NULL, *force = NULL, *torque = NULL, *outs = NULL, *pns = NULL;
    PyObject *pns_data = NULL, *pns_error = NULL, *pns_step = NULL, *pns_warn = NULL;
    PyObject *out_arrays[MAX_OUTPUTS] = {NULL};
    size_t out_sizes[MAX_OUTPUTS] = {0};
    batch_failure fail;
    memset(&fail, 0, sizeof fail);
    fail.state = -1;

    for (int a = 0; a < 6; a++) {
        if (!given[a] || given[a] == Py_None)
            continue;
        bool shared = false;
        arrays[a] = stacked(given[a], input_names[a], &n, dims[a], ndims[a], a >= 4, &shared);
        if (!arrays[a])
            goto done;
        in.arrays[a] = PyArray_DATA(arrays[a]);
        in.strides[a] = shared ? 0 : per_state[a];
    }

    result = PyDict_New();
    outs = PyDict_New();
    if (!result || !outs)
        goto fail;
    if (want_forces) {
        force = result_array(out, "force", NULL, 3, n, 2, 3, NPY_FLOAT64);
        torque = force ? result_array(out, "torque", NULL, 3, n, 2, 3, NPY_FLOAT64) : NULL;
        if (!force || !torque)
            goto fail;
    }
    for (size_t i = 0; i < t->output_count; i++) {
        if (!use[i])
            continue;
        out_sizes[i] = mbc_output_size(t, o->params, i);
        out_arrays[i] = result_array(out, "outputs", t->outputs[i].name, 2, n,
                                     (npy_intp)out_sizes[i], 0, NPY_FLOAT64);
        if (!out_arrays[i] || PyDict_SetItemString(outs, t->outputs[i].name, out_arrays[i]) < 0)
            goto fail;
    }
    if (want_pns) {
        const char *k = "postNewtonStep";
        pns_data = result_array(out, k, "data", 2, n, (npy_intp)nd, 0, NPY_FLOAT64);
        pns_error = pns_data ? result_array(out, k, "error", 1, n, 0, 0, NPY_FLOAT64) : NULL;
        pns_step =
            pns_error ? result_array(out, k, "recommendedStepSize", 1, n, 0, 0, NPY_FLOAT64) : NULL;
        pns_warn = pns_step ? result_array(out, k, "warnings", 1, n, 0, 0, NPY_UINT32) : NULL;
        if (!pns_data || !pns_error || !pns_step || !pns_warn)
            goto fail;
    }

    {
        double initial[MAX_DATA];
        mbc_initial_data(t, o->params, initial);
        const double *p_pos = in.arrays[0], *p_vel = in.arrays[1], *p_rot = in.arrays[2];
        const double *p_omega = in.arrays[3];
        const double *p_data = in.arrays[4] ? in.arrays[4] : initial;
        const double *p_start = in.arrays[5];
        double *p_force = force ? PyArray_DATA((PyArrayObject *)force) : NULL;
        double *p_torque = torque ? PyArray_DATA((PyArrayObject *)torque) : NULL;
        double *p_out[MAX_OUTPUTS];
        for (size_t i = 0; i < t->output_count; i++)
            p_out[i] = out_arrays[i] ? PyArray_DATA((PyArrayObject *)out_arrays[i]) : NULL;
        double *p_pdata = pns_data ? PyArray_DATA((PyArrayObject *)pns_data) : NULL;
        double *p_perr = pns_error ? PyArray_DATA((PyArrayObject *)pns_error) : NULL;
        double *p_pstep = pns_step ? PyArray_DATA((PyArrayObject *)pns_step) : NULL;
        npy_uint32 *p_pwarn = pns_warn ? PyArray_DATA((PyArrayObject *)pns_warn) : NULL;

        mbc_rigid_marker mk[2];
        memset(mk, 0, sizeof mk);
        mk[0].rotation[0] = mk[0].rotation[4] = mk[0].rotation[8] = 1.0;
        mk[1].rotation[0] = mk[1].rotation[4] = mk[1].rotation[8] = 1.0;
        mbc_state s;
        memset(&s, 0, sizeof s);
        s.marker[0] = &mk[0];
        s.marker[1] = &mk[1];
        s.data_count = nd;
        mbc_forces f;
        memset(&f, 0, sizeof f);

        for (npy_intp k = 0; k < n; k++) {
            for (int m = 0; m < 2; m++) {
                memcpy(mk[m].position, p_pos + 6 * k + 3 * m, 3 * sizeof(double));
                memcpy(mk[m].velocity, p_vel + 6 * k + 3 * m, 3 * sizeof(double));
                if (p_rot)
                    memcpy(mk[m].rotation, p_rot + 18 * k + 9 * m, 9 * sizeof(double));
                if (p_omega)
                    memcpy(mk[m].angular_velocity_local, p_omega + 6 * k + 3 * m,
                           3 * sizeof(double));
            }
            s.data = p_data + in.strides[4] * (size_t)k;
            s.data_start = p_start ? p_start + in.strides[5] * (size_t)k : s.data;
            if (p_force) {
                fail.status = mbc_object_forces(o, &s, &f, &fail.err);
                if (fail.status != MBC_OK) {
                    fail.state = k;
                    fail.in = "force evaluation";
                    break;
                }
                memcpy(p_force + 6 * k, f.force, 6 * sizeof(double));
                memcpy(p_torque + 6 * k, f.torque, 6 * sizeof(double));
            }
            for (size_t i = 0; i < t->output_count && fail.status == MBC_OK; i++)
                if (p_out[i]) {
                    fail.status = mbc_object_output(o, &s, i, p_out[i] + out_sizes[i] * (size_t)k,
                                                    out_sizes[i], &fail.err);
                    if (fail.status != MBC_OK) {
                        fail.state = k;
                        fail.in = t->outputs[i].name;
                    }
                }
            if (fail.status != MBC_OK)
                break;
            if (p_pdata) {
                mbc_post_newton pn = {p_pdata + nd * (size_t)k, 0.0, -1.0, 0u, MBC_INVALID_INDEX};
                fail.status = mbc_object_post_newton_step(o, &s, &pn, &fail.err);
                if (fail.status != MBC_OK) {
                    fail.state = k;
                    fail.in = "PostNewtonStep";
                    break;
                }
                p_perr[k] = pn.error;
                p_pstep[k] = pn.recommended_step < 0.0 ? NAN : pn.recommended_step;
                p_pwarn[k] = pn.warnings;
            }
        }
        if (fail.state >= 0) {
            raise_failure(&fail);
            goto fail;
        }
    }
    if ((force && (PyDict_SetItemString(result, "force", force) < 0 ||
                   PyDict_SetItemString(result, "torque", torque) < 0)) ||
        PyDict_SetItemString(result, "outputs", outs) < 0)
        goto fail;
    if (want_pns) {
        pns = Py_BuildValue("{s:O,s:O,s:O,s:O}", "data", pns_data, "error", pns_error,
                            "recommendedStepSize", pns_step, "warnings", pns_warn);
        if (!pns || PyDict_SetItemString(result, "postNewtonStep", pns) < 0)
            goto fail;
    }
    goto done;
fail:
    Py_CLEAR(result);
done:
    for (int a = 0; a < 6; a++)
        Py_XDECREF(arrays[a]);
    Py_XDECREF(force);
    Py_XDECREF(torque);
    Py_XDECREF(outs);
    Py_XDECREF(pns);
    Py_XDECREF(pns_data);
    Py_XDECREF(pns_error);
    Py_XDECREF(pns_step);
    Py_XDECREF(pns_warn);
    for (size_t i = 0; i < MAX_OUTPUTS; i++)
        Py_XDECREF(out_arrays[i]);
    return result;
}
