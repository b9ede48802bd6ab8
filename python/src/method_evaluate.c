/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate(...): one state given as in an `mbc eval` case file (markers,
 * data, dataStartOfStep, cables, ale, lagrangeMultipliers), assembled with
 * the library's mbc_input (mbconnect/input.h: the same checks and messages
 * as `mbc eval`), evaluated with mbc_result (mbconnect/result.h: forces,
 * PostNewtonStep, every output, algebraic equations, in that order), and
 * returned as a dict with numpy arrays under the keys of the case JSON.
 *
 * This file only turns Python objects into numbers: which markers a type
 * has comes from its marker kinds; field names in messages are those of
 * case files and of the library, with indices counting from 0 as in Python
 * (mbc_input_set_index_base: "markers[1].position[2]" is the third number
 * of the second marker listed). */
#include "pymbc.h"

#include <stdio.h>
#include <string.h>

#include "mbconnect/input.h"
#include "mbconnect/result.h"

#define FIELD_SIZE 128

/* ------------------------------------------------------------- reading */

static int library(mbc_status st, const mbc_error *err)
{
    if (st == MBC_OK)
        return 0;
    pymbc_raise(st, err->message);
    return -1;
}

/* The dict `value` may only have keys from `allowed` (a ", "-joined list). */
static int check_dict(PyObject *value, const char *field, const char *allowed)
{
    if (!PyDict_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s: must be a dict with keys %s (given %s)", field, allowed,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    PyObject *key, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(value, &pos, &key, &v)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        bool ok = false;
        size_t n = k ? strlen(k) : 0;
        for (const char *a = allowed; k && !ok && (a = strstr(a, k)) != NULL; a += n)
            ok = (a == allowed || a[-1] == ' ') && (a[n] == ',' || a[n] == '\0');
        if (!ok) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s.%S: unknown key (allowed: %s)", field, key, allowed);
            return -1;
        }
    }
    return 0;
}

/* d[key] as a float64 vector of n numbers (n == 0: any) or NULL when absent
 * and optional (*absent set). New reference. */
static PyArrayObject *vector_field(PyObject *d, const char *base, const char *key, npy_intp n,
                                   bool required, bool *absent)
{
    PyObject *v = PyDict_GetItemString(d, key);
    *absent = !v || (v == Py_None && !required); /* None: the default of an optional key */
    if (!*absent) {
        PyArrayObject *a = pymbc_vector_quiet(v, n);
        if (a)
            return a;
    } else if (!required) {
        return NULL;
    }
    /* only now the field's name is needed */
    char field[2 * FIELD_SIZE];
    snprintf(field, sizeof field, "%s.%s", base, key);
    if (v == Py_None) {
        PyErr_Format(PyExc_TypeError, "%s: must be a list of %zd numbers (given NoneType)", field,
                     (Py_ssize_t)n);
        return NULL;
    }
    if (!*absent)
        return pymbc_vector(v, n, field);
    if (n)
        PyErr_Format(PyExc_ValueError, "%s: missing (a list of %zd numbers)", field, (Py_ssize_t)n);
    else
        PyErr_Format(PyExc_ValueError, "%s: missing (a list of numbers)", field);
    return NULL;
}

static const double *data_of(PyArrayObject *a)
{
    return a ? (const double *)PyArray_DATA(a) : NULL;
}

/* d[key] as a number into *out; absent: unchanged, an error when `hint`. */
static int number_field(PyObject *d, const char *base, const char *key, double *out,
                        const char *hint)
{
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v || (v == Py_None && !hint)) { /* None: the default of an optional key */
        if (!hint)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s.%s: missing (%s)", base, key, hint);
        return -1;
    }
    if (!PyNumber_Check(v) || PyUnicode_Check(v) || PyComplex_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s.%s: must be a number (given %s)", base, key,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    double x = PyFloat_AsDouble(v);
    if (x == -1.0 && PyErr_Occurred())
        return -1;
    *out = x;
    return 0;
}

static int set_rigid(mbc_input *in, int m, PyObject *d, const char *base)
{
    if (check_dict(d, base, "position, velocity, rotation, angularVelocityLocal") < 0)
        return -1;
    bool absent;
    PyArrayObject *a[4] = {NULL, NULL, NULL, NULL};
    int rc = -1;
    if ((a[0] = vector_field(d, base, "position", 3, true, &absent)) &&
        (a[1] = vector_field(d, base, "velocity", 3, true, &absent)) &&
        ((a[2] = vector_field(d, base, "rotation", 9, false, &absent)) || absent) &&
        !PyErr_Occurred() &&
        ((a[3] = vector_field(d, base, "angularVelocityLocal", 3, false, &absent)) || absent) &&
        !PyErr_Occurred()) {
        mbc_error err;
        rc = library(mbc_input_set_rigid_marker(in, m, data_of(a[0]), data_of(a[1]), data_of(a[2]),
                                                data_of(a[3]), &err),
                     &err);
    }
    for (int i = 0; i < 4; i++)
        Py_XDECREF(a[i]);
    return rc;
}

/* The ANCF element {q, q_t, length[, verticalOffset, ale]} at e. */
static int read_element(PyObject *e, const char *base, bool shape_keys, mbc_cable_element *out,
                        double *offset, double ale[2], bool *has_ale)
{
    if (check_dict(e, base, shape_keys ? "q, q_t, length, verticalOffset, ale" : "q, q_t, length") <
        0)
        return -1;
    memset(out, 0, sizeof *out);
    bool absent;
    PyArrayObject *q = vector_field(e, base, "q", 8, true, &absent);
    if (!q)
        return -1;
    memcpy(out->q, PyArray_DATA(q), sizeof out->q);
    Py_DECREF(q);
    PyArrayObject *q_t = vector_field(e, base, "q_t", 8, false, &absent);
    if (!q_t && !absent)
        return -1;
    if (q_t)
        memcpy(out->q_t, PyArray_DATA(q_t), sizeof out->q_t);
    Py_XDECREF(q_t);
    if (number_field(e, base, "length", &out->length, "the element's reference length L in m") < 0)
        return -1;
    if (!shape_keys)
        return 0;
    if (number_field(e, base, "verticalOffset", offset, NULL) < 0)
        return -1;
    PyArrayObject *a = vector_field(e, base, "ale", 2, false, &absent);
    if (!a && !absent)
        return -1;
    *has_ale = a != NULL;
    if (a)
        memcpy(ale, PyArray_DATA(a), 2 * sizeof(double));
    Py_XDECREF(a);
    return 0;
}

static int set_cable_shape(mbc_input *in, int m, PyObject *d, const char *base)
{
    mbc_error err;
    if (PyDict_Check(d) && PyDict_GetItemString(d, "cable")) {
        if (check_dict(d, base, "cable, segments") < 0)
            return -1;
        double segments = 0.0;
        if (number_field(d, base, "segments", &segments,
                         "the number of segments, = numberOfContactSegments") < 0)
            return -1;
        if (!(segments >= 1.0 && segments <= (double)MBC_INPUT_MAX_SEGMENTS &&
              segments == (double)(size_t)segments)) {
            PyErr_Format(PyExc_ValueError,
                         "%s.segments: must be a whole number in [1, %d] (given %R)", base,
                         MBC_INPUT_MAX_SEGMENTS, PyDict_GetItemString(d, "segments"));
            return -1;
        }
        char field[2 * FIELD_SIZE];
        snprintf(field, sizeof field, "%s.cable", base);
        mbc_cable_element e;
        double offset = 0.0, ale[2] = {0.0, 0.0};
        bool has_ale = false;
        if (read_element(PyDict_GetItemString(d, "cable"), field, true, &e, &offset, ale,
                         &has_ale) < 0)
            return -1;
        return library(mbc_input_set_cable_element(in, m, &e, offset, has_ale ? ale : NULL,
                                                   (size_t)segments, &err),
                       &err);
    }
    if (check_dict(d, base, "points, pointVelocities, length, aleCoordinate") < 0)
        return -1;
    bool absent;
    PyArrayObject *points = vector_field(d, base, "points", 0, true, &absent);
    if (!points)
        return -1;
    npy_intp n = PyArray_SIZE(points);
    PyArrayObject *velocities = vector_field(d, base, "pointVelocities", n, false, &absent);
    double length = 0.0, ale = 0.0;
    int rc = -1;
    if ((velocities || absent) && !PyErr_Occurred() &&
        number_field(d, base, "length", &length, "the cable's reference length L in m") == 0 &&
        number_field(d, base, "aleCoordinate", &ale, NULL) == 0)
        rc = library(mbc_input_set_cable_points(in, m, data_of(points), (size_t)n,
                                                data_of(velocities), length, ale, &err),
                     &err);
    Py_DECREF(points);
    Py_XDECREF(velocities);
    return rc;
}

static int set_markers(mbc_input *in, const mbc_type_info *t, PyObject *markers)
{
    size_t listed = 0;
    for (int m = 0; m < 2; m++)
        listed += mbc_input_marker_field(t, m) != NULL;
    bool sequence = markers && PySequence_Check(markers) && !PyDict_Check(markers) &&
                    !PyUnicode_Check(markers) && !PyBytes_Check(markers);
    Py_ssize_t given = sequence ? PySequence_Size(markers) : -1;
    if (given < 0 && sequence)
        return -1;
    if (given != (Py_ssize_t)listed) {
        char what[64];
        if (!markers)
            snprintf(what, sizeof what, "nothing");
        else if (!sequence)
            snprintf(what, sizeof what, "%s", Py_TYPE(markers)->tp_name);
        else
            snprintf(what, sizeof what, "%zd", given);
        /* no list: the wrong type; a list of another length: the wrong value */
        PyObject *exc = markers && !sequence ? PyExc_TypeError : PyExc_ValueError;
        if (listed == 2)
            PyErr_Format(exc, "markers: must be a list of 2 markers: m0 (%s), m1 (%s) (given %s)",
                         t->marker_types[0], t->marker_types[1], what);
        else
            PyErr_Format(exc,
                         "markers: must be a list of 1 marker: m0 (%s); m1 is given by 'cables' "
                         "(given %s)",
                         t->marker_types[0], what);
        return -1;
    }
    Py_ssize_t k = 0;
    for (int m = 0; m < 2; m++) {
        if (!mbc_input_marker_field(t, m))
            continue; /* given by 'cables' */
        char base[32];
        snprintf(base, sizeof base, "markers[%zd]", k);
        PyObject *item = PySequence_GetItem(markers, k++);
        if (!item)
            return -1;
        int rc = t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE ? set_cable_shape(in, m, item, base)
                                                                : set_rigid(in, m, item, base);
        Py_DECREF(item);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int set_ale(mbc_input *in, PyObject *cables, PyObject *ale)
{
    if (!cables || !PySequence_Check(cables) || PyDict_Check(cables) || PyUnicode_Check(cables) ||
        PyBytes_Check(cables)) {
        PyErr_Format(cables ? PyExc_TypeError : PyExc_ValueError,
                     "cables: must be a list of ANCF Cable2D elements {q, q_t, length}, one per "
                     "entry of slidingMarkerNumbers (given %s)",
                     cables ? Py_TYPE(cables)->tp_name : "nothing");
        return -1;
    }
    Py_ssize_t n = PySequence_Size(cables);
    if (n < 0)
        return -1;
    mbc_cable_element *e = PyMem_Calloc(n ? (size_t)n : 1, sizeof *e);
    if (!e) {
        PyErr_NoMemory();
        return -1;
    }
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "cables[%zd]", i);
        PyObject *item = PySequence_GetItem(cables, i);
        rc = item ? read_element(item, base, false, &e[i], NULL, NULL, NULL) : -1;
        Py_XDECREF(item);
    }
    mbc_error err;
    if (rc == 0)
        rc = library(mbc_input_set_ale_cables(in, e, (size_t)n, &err), &err);
    PyMem_Free(e);
    if (rc < 0)
        return -1;
    if (!ale) {
        PyErr_SetString(PyExc_ValueError,
                        "ale: missing (a dict {q: ALE coordinate, q_t: its velocity})");
        return -1;
    }
    double q = 0.0, q_t = 0.0;
    if (check_dict(ale, "ale", "q, q_t") < 0 ||
        number_field(ale, "ale", "q", &q, "the ALE coordinate q_ALE in m") < 0 ||
        number_field(ale, "ale", "q_t", &q_t, NULL) < 0)
        return -1;
    return library(mbc_input_set_ale_node(in, q, q_t, &err), &err);
}

static int set_vector(mbc_input *in, PyObject *value, const char *field,
                      mbc_status (*set)(mbc_input *, const double *, size_t, mbc_error *))
{
    if (!value || value == Py_None)
        return 0;
    PyArrayObject *a = pymbc_vector(value, 0, field);
    if (!a)
        return -1;
    mbc_error err;
    int rc = library(set(in, data_of(a), (size_t)PyArray_SIZE(a), &err), &err);
    Py_DECREF(a);
    return rc;
}

/* ------------------------------------------------------------- results */

static PyObject *vec(const double *v, npy_intp n)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_FLOAT64);
    if (a && n)
        memcpy(PyArray_DATA(a), v, (size_t)n * sizeof(double));
    return (PyObject *)a;
}

static PyObject *mat(const double *v, npy_intp rows, npy_intp cols)
{
    npy_intp dims[2] = {rows, cols};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_FLOAT64);
    if (a)
        memcpy(PyArray_DATA(a), v, (size_t)(rows * cols) * sizeof(double));
    return (PyObject *)a;
}

/* d[key] = value (stolen); -1 when value is NULL or on failure. */
static int put(PyObject *d, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyDict_SetItemString(d, key, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *forces_dict(const mbc_result *r)
{
    PyObject *d = PyDict_New(), *markers = PyList_New(2);
    if (!d || !markers)
        goto fail;
    for (int m = 0; m < 2; m++) {
        PyObject *item = Py_None;
        if (r->marker_has_force[m]) {
            item = PyDict_New();
            if (!item || put(item, "force", vec(r->forces.force[m], 3)) < 0 ||
                put(item, "torque", vec(r->forces.torque[m], 3)) < 0) {
                Py_XDECREF(item);
                goto fail;
            }
        } else {
            Py_INCREF(item);
        }
        PyList_SET_ITEM(markers, m, item);
    }
    if (put(d, "markers", markers) < 0) {
        markers = NULL;
        goto fail;
    }
    if (r->forces.cable_point_forces &&
        put(d, "cablePoints",
            mat(r->forces.cable_point_forces, (npy_intp)r->forces.cable_point_count, 2)) < 0)
        goto fail_d;
    return d;
fail:
    Py_XDECREF(markers);
fail_d:
    Py_XDECREF(d);
    return NULL;
}

static PyObject *post_newton_dict(const mbc_result *r)
{
    const mbc_post_newton *pn = &r->post_newton;
    PyObject *d = PyDict_New(), *warnings = PyList_New(0);
    int rc = d && warnings ? 0 : -1;
    unsigned rest = pn->warnings;
    for (unsigned bit = 1; rc == 0 && bit; bit <<= 1) {
        const char *name = pn->warnings & bit ? mbc_result_warning_name(bit) : NULL;
        if (name) {
            PyObject *w = PyUnicode_FromString(name);
            rc = w ? PyList_Append(warnings, w) : -1;
            Py_XDECREF(w);
            rest &= ~bit;
        }
    }
    if (rc == 0 && rest) {
        PyObject *w = PyUnicode_FromFormat("unknown(0x%x)", rest);
        rc = w ? PyList_Append(warnings, w) : -1;
        Py_XDECREF(w);
    }
    if (rc == 0)
        rc = put(d, "data", vec(pn->data, (npy_intp)r->data_count));
    if (rc == 0)
        rc = put(d, "error", PyFloat_FromDouble(pn->error));
    if (rc == 0)
        rc = put(d, "recommendedStepSize",
                 pn->recommended_step < 0.0 ? Py_NewRef(Py_None)
                                            : PyFloat_FromDouble(pn->recommended_step));
    if (rc == 0) {
        rc = put(d, "warnings", warnings);
        warnings = NULL;
    }
    if (rc == 0 && r->has_marker_number1)
        rc = put(d, "markerNumber1", PyLong_FromLong(pn->marker_number1));
    Py_XDECREF(warnings);
    if (rc == 0)
        return d;
    Py_XDECREF(d);
    return NULL;
}

static PyObject *outputs_dict(const mbc_result *r)
{
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < r->output_count; i++)
        if (put(d, r->outputs[i].name, vec(r->outputs[i].values, (npy_intp)r->outputs[i].count)) <
            0)
            Py_CLEAR(d);
    return d;
}

static int put_algebraic(PyObject *out, const mbc_algebraic *a)
{
    PyObject *eq = PyDict_New(), *jac = PyDict_New(), *jv = PyDict_New();
    int rc = eq && jac && jv ? 0 : -1;
    if (rc == 0)
        rc = put(eq, "position", vec(a->position, 2)) | put(eq, "velocity", vec(a->velocity, 2)) |
             put(jac, "marker0Position", mat(a->d_marker0, 2, 3)) |
             put(jac, "cable", mat(a->d_cable, 2, 8)) | put(jac, "ale", mat(a->d_ale, 2, 1)) |
             put(jac, "lagrange", mat(a->d_lagrange, 2, 2)) |
             put(jv, "marker0Position", mat(a->dv_marker0, 2, 3)) |
             put(jv, "marker0Velocity", mat(a->dv_marker0_t, 2, 3)) |
             put(jv, "cableCoordinates", mat(a->dv_cable, 2, 8)) |
             put(jv, "cableVelocities", mat(a->dv_cable_t, 2, 8)) |
             put(jv, "ale", mat(a->dv_ale, 2, 1)) | put(jv, "aleVelocity", mat(a->dv_ale_t, 2, 1)) |
             put(jv, "lagrange", mat(a->dv_lagrange, 2, 2));
    if (rc == 0) {
        Py_INCREF(eq);
        Py_INCREF(jac);
        Py_INCREF(jv);
        rc = put(out, "algebraicEquations", eq) | put(out, "jacobian", jac) |
             put(out, "jacobianVelocity", jv);
    }
    Py_XDECREF(eq);
    Py_XDECREF(jac);
    Py_XDECREF(jv);
    return rc ? -1 : 0;
}

static PyObject *result_dict(const mbc_result *r)
{
    PyObject *d = PyDict_New();
    if (!d || put(d, "object", PyUnicode_FromString(r->type->type_name)) < 0 ||
        (r->has_forces && put(d, "forces", forces_dict(r)) < 0) ||
        (r->has_post_newton && put(d, "postNewtonStep", post_newton_dict(r)) < 0) ||
        (r->type->output && put(d, "outputs", outputs_dict(r)) < 0) ||
        (r->has_algebraic && put_algebraic(d, &r->algebraic) < 0))
        Py_CLEAR(d);
    return d;
}

PyObject *pymbc_evaluate(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {
        "markers", "data", "dataStartOfStep", "cables", "ale", "lagrangeMultipliers", "dt", NULL};
    PyObject *markers = NULL, *data = NULL, *start = NULL, *cables = NULL, *ale = NULL,
             *lagrange = NULL;
    double dt = 0.0; /* the step from dataStartOfStep [s]; 0: none (MBC_PHASE_NONE) */
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OOOOOOd:evaluate", kwlist, &markers, &data,
                                     &start, &cables, &ale, &lagrange, &dt))
        return NULL;
    PyObject **optional[] = {&data, &start, &cables, &ale, &lagrange};
    for (size_t i = 0; i < sizeof optional / sizeof optional[0]; i++)
        if (*optional[i] == Py_None)
            *optional[i] = NULL; /* None: not given */
    mbc_object *o = self->obj;
    const mbc_type_info *t = o->type;
    bool ale_joint = t->marker_kinds[0] == MBC_MARKER_CABLE2D_COORDINATES ||
                     t->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES;
    if (!ale_joint && (cables || ale)) {
        PyErr_Format(PyExc_TypeError,
                     "%s has no ANCF cable coordinates marker: 'cables' and 'ale' do not apply",
                     t->type_name);
        return NULL;
    }
    if (!t->algebraic_equations && lagrange) {
        PyErr_Format(PyExc_TypeError,
                     "%s has no algebraic equations: 'lagrangeMultipliers' does not apply",
                     t->type_name);
        return NULL;
    }
    if (pymbc_ensure_initialized(o) < 0)
        return NULL;
    mbc_input in;
    mbc_error err;
    if (library(mbc_input_init(&in, o, &err), &err) < 0 ||
        library(mbc_input_set_index_base(&in, 0, &err), &err) < 0) {
        mbc_input_free(&in);
        return NULL;
    }
    PyObject *r = NULL;
    const mbc_state *s = NULL;
    mbc_result result;
    memset(&result, 0, sizeof result);
    if (set_markers(&in, t, markers) < 0 || (ale_joint && set_ale(&in, cables, ale) < 0))
        goto done;
    if (lagrange) {
        PyArrayObject *z = pymbc_vector(lagrange, 2, "lagrangeMultipliers");
        int rc = z ? library(mbc_input_set_lagrange(&in, data_of(z), &err), &err) : -1;
        Py_XDECREF(z);
        if (rc < 0)
            goto done;
    }
    if (set_vector(&in, data, "data", mbc_input_set_data) < 0 ||
        set_vector(&in, start, "dataStartOfStep", mbc_input_set_data_start) < 0 ||
        library(mbc_input_set_step(&in, dt, dt > 0.0 ? MBC_PHASE_EXPLICIT : MBC_PHASE_NONE, &err),
                &err) < 0 ||
        library(mbc_input_state(&in, &s, &err), &err) < 0 ||
        library(mbc_result_evaluate(&result, o, s, &err), &err) < 0)
        goto done;
    r = result_dict(&result);
done:
    mbc_result_free(&result);
    mbc_input_free(&in);
    return r;
}
