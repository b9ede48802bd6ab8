/* SPDX-License-Identifier: BSD-3-Clause */
/* evaluate_many's results (batch.h): numpy arrays with N first, made once
 * per call (or taken from out=, an earlier result, so that a solver's
 * repeated calls allocate nothing), and the dict that returns them.
 *
 * Keys (those of evaluate(), N first): force and torque (N, 2, 3), NaN for
 * a marker that receives no force (a cable marker, which receives its
 * forces at the cable points: cablePointForces (N, n+1, 2)); outputs
 * {name: (N, size)}; postNewtonStep {data (N, D), error (N,),
 * recommendedStepSize (N,) (NaN: none), warnings (N,) uint32,
 * markerNumber1 (N,) int64 for a cable-coordinates marker m1};
 * algebraicEquations {position, velocity: (N, 2)}, jacobian and
 * jacobianVelocity {name: (N, 2, columns)}. method_evaluate_many.c writes row k of
 * each. */
#include "batch.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct algebraic_field {
    const char *group, *name;
    size_t offset, cols; /* cols 0: a vector of 2 */
} algebraic_field;

#define AF(g, n, m, c)                                                                             \
    {                                                                                              \
        g, n, offsetof(mbc_algebraic, m), c                                                        \
    }
static const algebraic_field algebraic_fields[13] = {
    AF("algebraicEquations", "position", position, 0),
    AF("algebraicEquations", "velocity", velocity, 0),
    AF("jacobian", "marker0Position", d_marker0, 3),
    AF("jacobian", "cable", d_cable, 8),
    AF("jacobian", "ale", d_ale, 1),
    AF("jacobian", "lagrange", d_lagrange, 2),
    AF("jacobianVelocity", "marker0Position", dv_marker0, 3),
    AF("jacobianVelocity", "marker0Velocity", dv_marker0_t, 3),
    AF("jacobianVelocity", "cableCoordinates", dv_cable, 8),
    AF("jacobianVelocity", "cableVelocities", dv_cable_t, 8),
    AF("jacobianVelocity", "ale", dv_ale, 1),
    AF("jacobianVelocity", "aleVelocity", dv_ale_t, 1),
    AF("jacobianVelocity", "lagrange", dv_lagrange, 2),
};
#define ALGEBRAIC_FIELDS (sizeof algebraic_fields / sizeof algebraic_fields[0])

/* A result array of shape (n, d1, d2)[:nd]: new, or out[key][sub] (an
 * earlier result, which must be a writeable C-contiguous array of that
 * shape and dtype). New reference or NULL with ValueError. */
static PyObject *result_array(PyObject *out, const char *key, const char *sub, int nd, npy_intp n,
                              npy_intp d1, npy_intp d2, int dtype)
{
    npy_intp dims[3] = {n, d1, d2};
    if (!out)
        return PyArray_EMPTY(nd, dims, dtype, 0); /* every element is written */
    PyObject *a = PyDict_GetItemString(out, key);
    if (a && sub)
        a = PyDict_Check(a) ? PyDict_GetItemString(a, sub) : NULL;
    bool ok = a && PyArray_Check(a) && PyArray_NDIM((PyArrayObject *)a) == nd &&
              PyArray_ISCARRAY((PyArrayObject *)a) && PyArray_TYPE((PyArrayObject *)a) == dtype;
    for (int i = 0; ok && i < nd; i++)
        ok = PyArray_DIM((PyArrayObject *)a, i) == dims[i];
    if (ok)
        return Py_NewRef(a);
    PyObject *shape = PyTuple_New(nd);
    for (int i = 0; shape && i < nd; i++) {
        PyObject *size = PyLong_FromSsize_t((Py_ssize_t)dims[i]);
        if (!size) {
            Py_CLEAR(shape);
            break;
        }
        PyTuple_SET_ITEM(shape, i, size);
    }
    if (shape)
        PyErr_Format(PyExc_ValueError,
                     "out[%s%s%s]: must be a writeable C-contiguous %s array of shape %R, the "
                     "result of a call with the same N and options (given %s)",
                     key, sub ? "][" : "", sub ? sub : "",
                     dtype == NPY_FLOAT64 ? "float64"
                     : dtype == NPY_INT64 ? "int64"
                                          : "uint32",
                     shape, a ? Py_TYPE(a)->tp_name : "nothing");
    Py_XDECREF(shape);
    return NULL;
}

void batch_results_store_algebraic(batch_results *res, const mbc_algebraic *a, npy_intp k)
{
    for (size_t i = 0; i < ALGEBRAIC_FIELDS; i++) {
        size_t n = 2 * (algebraic_fields[i].cols ? algebraic_fields[i].cols : 1);
        memcpy((double *)PyArray_DATA((PyArrayObject *)res->algebraic[i]) + n * (size_t)k,
               (const char *)a + algebraic_fields[i].offset, n * sizeof(double));
    }
}

static int create_forces(batch_results *res, const batch_call *c)
{
    PyObject *out = c->out;
    if (!(res->force = result_array(out, "force", NULL, 3, c->n, 2, 3, NPY_FLOAT64)) ||
        !(res->torque = result_array(out, "torque", NULL, 3, c->n, 2, 3, NPY_FLOAT64)))
        return -1;
    if (c->shape && !(res->cable = result_array(out, "cablePointForces", NULL, 3, c->n,
                                                (npy_intp)c->points, 2, NPY_FLOAT64)))
        return -1;
    return 0;
}

static int create_post_newton(batch_results *res, const batch_call *c)
{
    const char *k = "postNewtonStep";
    const npy_intp n = c->n;
    if (!(res->pns_data =
              result_array(c->out, k, "data", 2, n, (npy_intp)c->data_count, 0, NPY_FLOAT64)) ||
        !(res->pns_error = result_array(c->out, k, "error", 1, n, 0, 0, NPY_FLOAT64)) ||
        !(res->pns_step =
              result_array(c->out, k, "recommendedStepSize", 1, n, 0, 0, NPY_FLOAT64)) ||
        !(res->pns_warn = result_array(c->out, k, "warnings", 1, n, 0, 0, NPY_UINT32)))
        return -1;
    if (c->t->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES &&
        !(res->pns_marker = result_array(c->out, k, "markerNumber1", 1, n, 0, 0, NPY_INT64)))
        return -1;
    return 0;
}

int batch_results_create(batch_results *res, const batch_call *c)
{
    memset(res, 0, sizeof *res);
    if (c->forces && create_forces(res, c) < 0)
        return -1;
    if (c->post_newton && create_post_newton(res, c) < 0)
        return -1;
    for (size_t i = 0; i < c->t->output_count; i++) {
        if (!c->outputs[i])
            continue;
        res->selected[res->selected_count++] = i;
        res->output_sizes[i] = mbc_output_size(c->t, c->o->params, i);
        res->outputs[i] = result_array(c->out, "outputs", c->t->outputs[i].name, 2, c->n,
                                       (npy_intp)res->output_sizes[i], 0, NPY_FLOAT64);
        if (!res->outputs[i])
            return -1;
    }
    for (size_t i = 0; c->algebraic && i < ALGEBRAIC_FIELDS; i++) {
        const algebraic_field *f = &algebraic_fields[i];
        res->algebraic[i] = result_array(c->out, f->group, f->name, f->cols ? 3 : 2, c->n, 2,
                                         (npy_intp)f->cols, NPY_FLOAT64);
        if (!res->algebraic[i])
            return -1;
    }
    return 0;
}

void batch_results_release(batch_results *res)
{
    PyObject **all[] = {&res->force,     &res->torque,   &res->cable,    &res->pns_data,
                        &res->pns_error, &res->pns_step, &res->pns_warn, &res->pns_marker};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        Py_CLEAR(*all[i]);
    for (size_t i = 0; i < BATCH_MAX_OUTPUTS; i++)
        Py_CLEAR(res->outputs[i]);
    for (size_t i = 0; i < ALGEBRAIC_FIELDS; i++)
        Py_CLEAR(res->algebraic[i]);
}

/* ------------------------------------------------------------ the dict */

/* dict[key] = value (borrowed; nothing for NULL); 0 or -1. */
static int put(PyObject *dict, const char *key, PyObject *value)
{
    return value ? PyDict_SetItemString(dict, key, value) : 0;
}

/* dict[group] as a new or existing sub-dict (borrowed), or NULL. */
static PyObject *group_of(PyObject *dict, const char *group)
{
    PyObject *g = PyDict_GetItemString(dict, group);
    if (g)
        return g;
    g = PyDict_New();
    if (!g || PyDict_SetItemString(dict, group, g) < 0) {
        Py_XDECREF(g);
        return NULL;
    }
    Py_DECREF(g); /* the dict holds it */
    return g;
}

PyObject *batch_results_dict(const batch_results *res, const batch_call *c)
{
    PyObject *r = PyDict_New();
    PyObject *outs = r ? group_of(r, "outputs") : NULL;
    int rc = outs ? 0 : -1;
    if (rc == 0)
        rc = put(r, "force", res->force) | put(r, "torque", res->torque) |
             put(r, "cablePointForces", res->cable);
    for (size_t i = 0; rc == 0 && i < c->t->output_count; i++)
        rc = put(outs, c->t->outputs[i].name, res->outputs[i]);
    if (rc == 0 && res->pns_data) {
        PyObject *pns = group_of(r, "postNewtonStep");
        rc = pns ? put(pns, "data", res->pns_data) | put(pns, "error", res->pns_error) |
                       put(pns, "recommendedStepSize", res->pns_step) |
                       put(pns, "warnings", res->pns_warn) |
                       put(pns, "markerNumber1", res->pns_marker)
                 : -1;
    }
    for (size_t i = 0; rc == 0 && res->algebraic[0] && i < ALGEBRAIC_FIELDS; i++) {
        PyObject *g = group_of(r, algebraic_fields[i].group);
        rc = g ? put(g, algebraic_fields[i].name, res->algebraic[i]) : -1;
    }
    if (rc == 0)
        return r;
    Py_XDECREF(r);
    return NULL;
}
