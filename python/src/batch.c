/* obj.evaluate_many(...): N states of a type whose two markers are rigid or
 * position markers, stacked in numpy arrays, evaluated in one C loop (the GIL
 * is held: parameters cannot change under the loop). The inputs are checked once here, at the
 * boundary (shapes, dtype, every number finite, the object initialised, data layout); the loop then
 * calls the type's hooks directly, as a C solver's batch loop does.
 * PostNewtonStep runs after the forces and outputs of each state (it may
 * update state parameters), so the result equals a Python loop over
 * evaluate(). */
#include "pymbc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* value as a C-contiguous float64 array of shape (N, dims...) or, when
 * `broadcast`, also (dims...) for all N. dims of -1 accept any size. */
static PyArrayObject *stacked(PyObject *value, const char *name, npy_intp *n, const npy_intp *dims,
                              int nd, bool broadcast, bool *shared)
{
    *shared = false;
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, PyArray_DescrFromType(NPY_FLOAT64),
                                                        0, 0, NPY_ARRAY_IN_ARRAY, NULL);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: must be a numpy array of numbers, got %s", name,
                     Py_TYPE(value)->tp_name);
        return NULL;
    }
    int got = PyArray_NDIM(a);
    bool ok = got == nd + 1 || (broadcast && got == nd);
    const npy_intp *shape = PyArray_DIMS(a);
    int off = got == nd + 1 ? 1 : 0;
    for (int i = 0; ok && i < nd; i++)
        ok = dims[i] < 0 || shape[off + i] == dims[i];
    if (ok && off && *n >= 0 && shape[0] != *n)
        ok = false;
    if (!ok) {
        char want[96] = "(N";
        for (int i = 0; i < nd; i++) {
            size_t l = strlen(want);
            if (dims[i] < 0)
                snprintf(want + l, sizeof want - l, ", d");
            else
                snprintf(want + l, sizeof want - l, ", %zd", (Py_ssize_t)dims[i]);
        }
        strncat(want, ")", sizeof want - strlen(want) - 1);
        PyObject *got_shape = PyObject_GetAttrString((PyObject *)a, "shape");
        if (*n >= 0)
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s with N = %zd, got %R", name,
                         want, (Py_ssize_t)*n, got_shape);
        else
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s, got %R", name, want, got_shape);
        Py_XDECREF(got_shape);
        Py_DECREF(a);
        return NULL;
    }
    if (off)
        *n = shape[0];
    else
        *shared = true;
    /* every number finite: checked once here instead of in every call */
    const double *v = PyArray_DATA(a);
    npy_intp size = PyArray_SIZE(a);
    for (npy_intp i = 0; i < size; i++)
        if (!isfinite(v[i])) {
            char given[32];
            mbc_format_number(v[i], given, sizeof given);
            npy_intp per = off && shape[0] ? size / shape[0] : size;
            if (off)
                PyErr_Format(PyExc_ValueError, "%s[%zd]: must be finite, got %s (flat index %zd)",
                             name, (Py_ssize_t)(i / per), given, (Py_ssize_t)(i % per));
            else
                PyErr_Format(PyExc_ValueError, "%s: must be finite, got %s (flat index %zd)", name,
                             given, (Py_ssize_t)i);
            Py_DECREF(a);
            return NULL;
        }
    return a;
}

static PyObject *new_array(int nd, npy_intp n, npy_intp d1, npy_intp d2)
{
    npy_intp dims[3] = {n, d1, d2};
    return PyArray_ZEROS(nd, dims, NPY_FLOAT64, 0);
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
        size_t i = 0;
        while (name && i < t->output_count && strcmp(t->outputs[i].name, name) != 0)
            i++;
        if (!name || i == t->output_count) {
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

#define MAX_OUTPUTS 32

PyObject *pymbc_evaluate_many(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {
        "position",        "velocity", "rotation", "angularVelocityLocal", "data",
        "dataStartOfStep", "forces",   "outputs",  "postNewtonStep",       NULL};
    PyObject *pos = NULL, *vel = NULL, *rot = NULL, *omega = NULL, *data = NULL, *start = NULL,
             *outputs = NULL;
    int want_forces = 1, want_pns = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOOOpOp:evaluate_many", kwlist, &pos, &vel,
                                     &rot, &omega, &data, &start, &want_forces, &outputs,
                                     &want_pns))
        return NULL;
    mbc_object *o = self->obj;
    const mbc_type_info *t = o->type;
    for (int m = 0; m < 2; m++)
        if (t->marker_kinds[m] != MBC_MARKER_POSITION && t->marker_kinds[m] != MBC_MARKER_RIGID) {
            PyErr_Format(PyExc_TypeError,
                         "evaluate_many: %s has a %s marker m%d; batches take types whose "
                         "markers are rigid or position markers (use evaluate() per state)",
                         t->type_name, t->marker_types[m], m);
            return NULL;
        }
    if (t->output_count > MAX_OUTPUTS) {
        PyErr_Format(PyExc_ValueError, "evaluate_many: %s has more than %d outputs", t->type_name,
                     MAX_OUTPUTS);
        return NULL;
    }
    bool use[MAX_OUTPUTS];
    if (select_outputs(t, outputs, use) < 0 || pymbc_ensure_initialised(o) < 0)
        return NULL;
    if ((want_forces && !t->forces) || (want_pns && !t->post_newton_step)) {
        PyErr_Format(PyExc_RuntimeError, "%s has no %s", t->type_name,
                     want_forces && !t->forces ? "force evaluation" : "PostNewtonStep");
        return NULL;
    }

    const size_t nd = mbc_data_count(t, o->params);
    npy_intp n = -1;
    const npy_intp d23[2] = {2, 3}, d233[3] = {2, 3, 3}, dd[1] = {(npy_intp)nd};
    PyArrayObject *a_pos = NULL, *a_vel = NULL, *a_rot = NULL, *a_omega = NULL, *a_data = NULL,
                  *a_start = NULL;
    bool shared_data = false, shared_start = false, unused = false;
    PyObject *result = NULL, *force = NULL, *torque = NULL, *outs = NULL, *pns = NULL;
    PyObject *pns_data = NULL, *pns_error = NULL, *pns_step = NULL, *pns_warn = NULL;
    PyObject *out_arrays[MAX_OUTPUTS] = {NULL};
    size_t out_sizes[MAX_OUTPUTS] = {0};

    if (!(a_pos = stacked(pos, "position", &n, d23, 2, false, &unused)) ||
        !(a_vel = stacked(vel, "velocity", &n, d23, 2, false, &unused)) ||
        (rot && rot != Py_None &&
         !(a_rot = stacked(rot, "rotation", &n, d233, 3, false, &unused))) ||
        (omega && omega != Py_None &&
         !(a_omega = stacked(omega, "angularVelocityLocal", &n, d23, 2, false, &unused))) ||
        (data && data != Py_None &&
         !(a_data = stacked(data, "data", &n, dd, 1, true, &shared_data))) ||
        (start && start != Py_None &&
         !(a_start = stacked(start, "dataStartOfStep", &n, dd, 1, true, &shared_start))))
        goto done;
    if (rot && rot != Py_None) {
        /* proper rotations, as evaluate() requires */
        const double *r = PyArray_DATA(a_rot);
        for (npy_intp k = 0; k < 2 * n; k++) {
            const double *a = r + 9 * k;
            double dev = 0.0;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    double s = 0.0;
                    for (int l = 0; l < 3; l++)
                        s += a[3 * l + i] * a[3 * l + j];
                    dev = fmax(dev, fabs(s - (i == j ? 1.0 : 0.0)));
                }
            double det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) +
                         a[2] * (a[3] * a[7] - a[4] * a[6]);
            if (!(dev <= 1e-9) || !(det > 0.0)) {
                char d1[32], d2[32];
                snprintf(d1, sizeof d1, "%.3g", dev);
                snprintf(d2, sizeof d2, "%.3g", det);
                PyErr_Format(PyExc_ValueError,
                             "rotation[%zd, %d]: must be a rotation matrix, row-major local -> "
                             "global (got max |A^T A - I| = %s, det A = %s)",
                             (Py_ssize_t)(k / 2), (int)(k % 2), d1, d2);
                goto done;
            }
        }
    }

    /* results */
    result = PyDict_New();
    if (!result)
        goto done;
    if (want_forces) {
        force = new_array(3, n, 2, 3);
        torque = new_array(3, n, 2, 3);
        if (!force || !torque)
            goto fail;
    }
    outs = PyDict_New();
    if (!outs)
        goto fail;
    for (size_t i = 0; i < t->output_count; i++) {
        if (!use[i])
            continue;
        out_sizes[i] = mbc_output_size(t, o->params, i);
        out_arrays[i] = new_array(2, n, (npy_intp)out_sizes[i], 0);
        if (!out_arrays[i] || PyDict_SetItemString(outs, t->outputs[i].name, out_arrays[i]) < 0)
            goto fail;
    }
    if (want_pns) {
        pns_data = new_array(2, n, (npy_intp)nd, 0);
        pns_error = new_array(1, n, 0, 0);
        pns_step = new_array(1, n, 0, 0);
        npy_intp dims[1] = {n};
        pns_warn = PyArray_ZEROS(1, dims, NPY_UINT32, 0);
        if (!pns_data || !pns_error || !pns_step || !pns_warn)
            goto fail;
    }

    {
        double initial[64];
        if (nd > 64) {
            PyErr_Format(PyExc_ValueError, "evaluate_many: %s has more than 64 data coordinates",
                         t->type_name);
            goto fail;
        }
        mbc_initial_data(t, o->params, initial);
        const double *p_pos = PyArray_DATA(a_pos), *p_vel = PyArray_DATA(a_vel);
        const double *p_rot = a_rot ? PyArray_DATA(a_rot) : NULL;
        const double *p_omega = a_omega ? PyArray_DATA(a_omega) : NULL;
        const double *p_data = a_data ? PyArray_DATA(a_data) : initial;
        const double *p_start = a_start ? PyArray_DATA(a_start) : NULL;
        const size_t data_stride = a_data && !shared_data ? nd : 0;
        const size_t start_stride = a_start && !shared_start ? nd : 0;
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
        mbc_error err;
        mbc_status st = MBC_OK;
        npy_intp failed_at = -1;
        const char *failed_in = "";
        void *params = o->params;

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
            s.data = p_data + data_stride * (size_t)k;
            s.data_start = p_start ? p_start + start_stride * (size_t)k : s.data;
            if (p_force) {
                st = t->forces(params, &s, &f, &err);
                if (st != MBC_OK) {
                    failed_at = k;
                    failed_in = "force evaluation";
                    break;
                }
                memcpy(p_force + 6 * k, f.force, 6 * sizeof(double));
                memcpy(p_torque + 6 * k, f.torque, 6 * sizeof(double));
            }
            for (size_t i = 0; i < t->output_count && st == MBC_OK; i++)
                if (p_out[i]) {
                    st = t->output(params, &s, i, p_out[i] + out_sizes[i] * (size_t)k, out_sizes[i],
                                   &err);
                    if (st != MBC_OK) {
                        failed_at = k;
                        failed_in = t->outputs[i].name;
                    }
                }
            if (st != MBC_OK)
                break;
            if (p_pdata) {
                mbc_post_newton pn = {p_pdata + nd * (size_t)k, 0.0, -1.0, 0u, MBC_INVALID_INDEX};
                st = t->post_newton_step(params, &s, &pn, &err);
                if (st != MBC_OK) {
                    failed_at = k;
                    failed_in = "PostNewtonStep";
                    break;
                }
                p_perr[k] = pn.error;
                p_pstep[k] = pn.recommended_step < 0.0 ? NAN : pn.recommended_step;
                p_pwarn[k] = pn.warnings;
            }
        }

        if (st != MBC_OK) {
            char msg[MBC_ERROR_SIZE + 128];
            snprintf(msg, sizeof msg, "%s (state %zd, %s)", err.message, (Py_ssize_t)failed_at,
                     failed_in);
            pymbc_raise(st, msg);
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
    Py_XDECREF(a_pos);
    Py_XDECREF(a_vel);
    Py_XDECREF(a_rot);
    Py_XDECREF(a_omega);
    Py_XDECREF(a_data);
    Py_XDECREF(a_start);
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
