/* SPDX-License-Identifier: BSD-3-Clause */
/* Library errors as Python exceptions, and parameter values between Python
 * objects and the library's checked setters and getters. */
#include "pymbc.h"

#include <string.h>

PyObject *pymbc_raise(mbc_status st, const char *message)
{
    PyObject *type = PyExc_ValueError;
    switch (st) {
    case MBC_ERR_NAME:
        type = PyExc_AttributeError;
        break;
    case MBC_ERR_STATE:
        type = PyExc_RuntimeError;
        break;
    case MBC_ERR_NOMEM:
        type = PyExc_MemoryError;
        break;
    default:
        break;
    }
    PyErr_SetString(type, message && message[0] ? message : "mbconnect: unknown error");
    return NULL;
}

/* numpy element type of a parameter's getter. */
static int element_dtype(mbc_value_kind kind)
{
    switch (kind) {
    case MBC_VALUE_BOOL:
        return NPY_BOOL;
    case MBC_VALUE_INT:
    case MBC_VALUE_INDEX:
        return NPY_INT64;
    default:
        return NPY_FLOAT64;
    }
}

static PyObject *scalar(mbc_value_kind kind, double x)
{
    switch (kind) {
    case MBC_VALUE_BOOL:
        return PyBool_FromLong(x != 0.0);
    case MBC_VALUE_INT:
    case MBC_VALUE_INDEX:
        return PyLong_FromLongLong((long long)x);
    default:
        return PyFloat_FromDouble(x);
    }
}

/* values[0..n) as a new 1-D numpy array of the parameter's element type. */
static PyObject *array_of(mbc_value_kind kind, const double *values, size_t n)
{
    npy_intp dims[1] = {(npy_intp)n};
    int dtype = element_dtype(kind);
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, dims, dtype);
    if (!a)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (dtype == NPY_BOOL)
            ((npy_bool *)PyArray_DATA(a))[i] = values[i] != 0.0;
        else if (dtype == NPY_INT64)
            ((npy_int64 *)PyArray_DATA(a))[i] = (npy_int64)values[i];
        else
            ((double *)PyArray_DATA(a))[i] = values[i];
    }
    return (PyObject *)a;
}

PyObject *pymbc_param_get(const mbc_object *o, const mbc_param_info *p)
{
    if (p->kind == MBC_VALUE_STRING)
        return PyUnicode_FromString(mbc_param_get_string(p, o->params));
    size_t n = mbc_param_count(p, o->params);
    double small[16];
    double *v = n <= 16 ? small : PyMem_Malloc(n * sizeof *v);
    if (!v)
        return PyErr_NoMemory();
    mbc_error err;
    size_t count = 0;
    PyObject *r = NULL;
    if (mbc_param_get_values(o->type, p, o->params, v, n, &count, &err) != MBC_OK)
        pymbc_raise(MBC_ERR_STATE, err.message);
    else if (p->shape == MBC_SCALAR)
        r = scalar(p->kind, count ? v[0] : 0.0);
    else
        r = array_of(p->kind, v, count);
    if (v != small)
        PyMem_Free(v);
    return r;
}

PyObject *pymbc_param_default(const mbc_param_info *p)
{
    if (p->kind == MBC_VALUE_STRING) {
        /* documented as 'text' */
        const char *d = p->default_text ? p->default_text : "";
        size_t n = strlen(d);
        if (n >= 2 && d[0] == '\'' && d[n - 1] == '\'')
            return PyUnicode_FromStringAndSize(d + 1, (Py_ssize_t)n - 2);
        return PyUnicode_FromString(d);
    }
    if (p->shape == MBC_SCALAR)
        return scalar(p->kind, p->default_count ? p->default_values[0] : 0.0);
    return array_of(p->kind, p->default_values, p->default_count);
}

/* "X.p: must be ... (Type), got <what>" for values of the wrong Python type,
 * in the library's message format. */
static int type_error(const mbc_object *o, const mbc_param_info *p, const char *rule,
                      PyObject *value)
{
    PyErr_Format(PyExc_TypeError, "%s.%s: %s (%s), got %s", o->type->type_name, p->name, rule,
                 p->type, Py_TYPE(value)->tp_name);
    return -1;
}

static int library_status(mbc_status st, const mbc_error *err, PyObject *exc)
{
    if (st == MBC_OK)
        return 0;
    if (exc)
        PyErr_SetString(exc, err->message);
    else if (st == MBC_ERR_STATE) /* derived or state parameter: read-only attribute */
        PyErr_SetString(PyExc_AttributeError, err->message);
    else
        pymbc_raise(st, err->message);
    return -1;
}

int pymbc_param_set(mbc_object *o, const mbc_param_info *p, const char *name, PyObject *value)
{
    mbc_error err = {0};
    if (!value) {
        PyErr_Format(PyExc_AttributeError, "%s.%s: a parameter cannot be deleted",
                     o->type->type_name, p->name);
        return -1;
    }
    if (PyUnicode_Check(value)) {
        Py_ssize_t len = 0;
        const char *s = PyUnicode_AsUTF8AndSize(value, &len);
        if (!s)
            return -1;
        if ((Py_ssize_t)strlen(s) != len) {
            PyErr_Format(PyExc_ValueError, "%s.%s: must not contain NUL characters (%s), got %R",
                         o->type->type_name, p->name, p->type, value);
            return -1;
        }
        /* a number parameter: the library says "must be a number (T), got a string" */
        mbc_status st = mbc_object_set_string(o, name, s, &err);
        return library_status(st, &err, p->kind == MBC_VALUE_STRING ? NULL : PyExc_TypeError);
    }
    if (p->kind == MBC_VALUE_STRING) {
        if (PyNumber_Check(value) || PySequence_Check(value)) {
            /* the library's message: "must be a string (String), got a number" */
            mbc_status st = mbc_object_set(o, name, 0.0, &err);
            if (st == MBC_ERR_STATE)
                return library_status(st, &err, NULL);
            return library_status(st == MBC_OK ? MBC_ERR_VALUE : st, &err, PyExc_TypeError);
        }
        return type_error(o, p, "must be a string", value);
    }
    if (PyBool_Check(value) || PyLong_Check(value) || PyFloat_Check(value) ||
        PyArray_IsScalar(value, Number) || PyArray_IsScalar(value, Bool) ||
        (PyArray_Check(value) && PyArray_NDIM((PyArrayObject *)value) == 0)) {
        if (PyArray_IsScalar(value, ComplexFloating))
            return type_error(o, p, "must be a real number", value);
        double x = PyFloat_AsDouble(value);
        if (x == -1.0 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "%s.%s: must be finite (%s), got %R",
                             o->type->type_name, p->name, p->type, value);
            }
            return -1;
        }
        mbc_status st = p->shape == MBC_SCALAR ? mbc_object_set(o, name, x, &err)
                                               : mbc_object_set_array(o, name, &x, 1, &err);
        return library_status(st, &err, NULL);
    }
    /* a list of numbers: any sequence or array numpy converts to float64 safely */
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, PyArray_DescrFromType(NPY_FLOAT64),
                                                        0, 0, NPY_ARRAY_IN_ARRAY, NULL);
    if (!a) {
        PyErr_Clear();
        return type_error(o, p, "must be a number or a list of numbers", value);
    }
    if (PyArray_NDIM(a) > 1) {
        PyErr_Format(PyExc_ValueError,
                     "%s.%s: must be a list of numbers (%s), got an array with %d dimensions",
                     o->type->type_name, p->name, p->type, PyArray_NDIM(a));
        Py_DECREF(a);
        return -1;
    }
    size_t n = (size_t)PyArray_SIZE(a);
    mbc_status st;
    if (p->shape == MBC_SCALAR && PyArray_NDIM(a) == 0)
        st = mbc_object_set(o, name, *(const double *)PyArray_DATA(a), &err);
    else
        st = mbc_object_set_array(o, name, (const double *)PyArray_DATA(a), n, &err);
    Py_DECREF(a);
    return library_status(st, &err, NULL);
}

PyArrayObject *pymbc_vector(PyObject *value, npy_intp n, const char *field)
{
    if (!value || value == Py_None) {
        PyErr_Format(PyExc_ValueError, "%s: missing (a list of %zd numbers)", field, (Py_ssize_t)n);
        return NULL;
    }
    if (PyUnicode_Check(value) || PyBytes_Check(value) || PyDict_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s: must be a list of numbers (got %s)", field,
                     Py_TYPE(value)->tp_name);
        return NULL;
    }
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, PyArray_DescrFromType(NPY_FLOAT64),
                                                        0, 0, NPY_ARRAY_IN_ARRAY, NULL);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: must be a list of numbers (got %s)", field,
                     Py_TYPE(value)->tp_name);
        return NULL;
    }
    if (PyArray_NDIM(a) != 1 &&
        !(n == 9 && PyArray_NDIM(a) == 2 && PyArray_DIM(a, 0) == 3 && PyArray_DIM(a, 1) == 3)) {
        PyErr_Format(PyExc_ValueError,
                     "%s: must be a list of numbers (got an array with %d "
                     "dimensions)",
                     field, PyArray_NDIM(a));
        Py_DECREF(a);
        return NULL;
    }
    if (n > 0 && PyArray_SIZE(a) != n) {
        PyErr_Format(PyExc_ValueError, "%s: must have %zd numbers (got %zd)", field, (Py_ssize_t)n,
                     (Py_ssize_t)PyArray_SIZE(a));
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

PyArrayObject *pymbc_vector_quiet(PyObject *value, npy_intp n)
{
    if (!value || value == Py_None || PyUnicode_Check(value) || PyBytes_Check(value) ||
        PyDict_Check(value))
        return NULL;
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, PyArray_DescrFromType(NPY_FLOAT64),
                                                        0, 0, NPY_ARRAY_IN_ARRAY, NULL);
    if (!a) {
        PyErr_Clear();
        return NULL;
    }
    bool shape_ok = PyArray_NDIM(a) == 1 || (n == 9 && PyArray_NDIM(a) == 2 &&
                                             PyArray_DIM(a, 0) == 3 && PyArray_DIM(a, 1) == 3);
    if (!shape_ok || (n > 0 && PyArray_SIZE(a) != n)) {
        Py_DECREF(a);
        return NULL;
    }
    return a;
}
