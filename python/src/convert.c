/* SPDX-License-Identifier: BSD-3-Clause */
/* Library errors as Python exceptions (also the violations found before an
 * evaluation), and parameter values between Python objects and the
 * library's checked setters and getters. */
#include "pymbc.h"

#include <stdio.h>
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

static PyArrayObject *float_array(PyObject *value, const char *field, const char *want,
                                  bool library_form);
static bool real_kind(char kind);

/* Validation and initialization before an evaluation (pymbc.h). */
int pymbc_ensure_initialized(mbc_object *o)
{
    if (o->initialized)
        return 0;
    mbc_error errors[4];
    memset(errors, 0, sizeof errors);
    size_t n = 0;
    mbc_status st = mbc_object_initialize(o, errors, 4, &n);
    if (st == MBC_OK)
        return 0;
    if (st == MBC_ERR_NOMEM) { /* an initialize hook out of memory */
        pymbc_raise(st, errors[0].message);
        return -1;
    }
    if (n <= 1) {
        PyErr_SetString(PyExc_ValueError,
                        errors[0].message[0] ? errors[0].message : "initialization failed");
        return -1;
    }
    PyErr_Format(PyExc_ValueError, "%s; %zu more violation%s", errors[0].message, n - 1,
                 n == 2 ? "" : "s");
    return -1;
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
    for (size_t i = 0; i < n; i++)
        if (dtype == NPY_BOOL)
            ((npy_bool *)PyArray_DATA(a))[i] = values[i] != 0.0;
        else if (dtype == NPY_INT64)
            ((npy_int64 *)PyArray_DATA(a))[i] = (npy_int64)values[i];
        else
            ((double *)PyArray_DATA(a))[i] = values[i];
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

PyObject *pymbc_param_element(const mbc_param_info *p, double x)
{
    return scalar(p->kind, x);
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

/* "X.p: must be ... (Type), given <what>" for values of the wrong Python type,
 * in the library's message format. */
static int type_error(const mbc_object *o, const mbc_param_info *p, const char *rule,
                      PyObject *value)
{
    PyErr_Format(PyExc_TypeError, "%s.%s: %s (%s), given %s", o->type->type_name, p->name, rule,
                 p->type, Py_TYPE(value)->tp_name);
    return -1;
}

static int library_status(mbc_status st, const mbc_error *err, PyObject *exc)
{
    if (st == MBC_OK)
        return 0;
    if (exc && st != MBC_ERR_NOMEM)
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
            PyErr_Format(PyExc_ValueError, "%s.%s: must not contain NUL characters (%s), given %R",
                         o->type->type_name, p->name, p->type, value);
            return -1;
        }
        /* a number parameter: the library says "must be a number (T), given a string";
         * one with named choices takes a name (a wrong one is a ValueError) */
        mbc_status st = mbc_object_set_string(o, name, s, &err);
        size_t choices = 0;
        const bool text = p->kind == MBC_VALUE_STRING || mbc_param_info_choices(p, &choices);
        return library_status(st, &err, text ? NULL : PyExc_TypeError);
    }
    if (p->kind == MBC_VALUE_STRING) {
        if (PyNumber_Check(value) || PySequence_Check(value)) {
            /* the library's message: "must be a string (String), given a number" */
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
        if (PyArray_IsScalar(value, ComplexFloating) ||
            (PyArray_Check(value) && !real_kind(PyArray_DESCR((PyArrayObject *)value)->kind)))
            return type_error(o, p, "must be a real number", value);
        double x = PyFloat_AsDouble(value);
        if (x == -1.0 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "%s.%s: must be finite (%s), given %R",
                             o->type->type_name, p->name, p->type, value);
            }
            return -1;
        }
        mbc_status st = p->shape == MBC_SCALAR ? mbc_object_set(o, name, x, &err)
                                               : mbc_object_set_array(o, name, &x, 1, &err);
        return library_status(st, &err, NULL);
    }
    if (value == Py_None)
        return type_error(
            o, p, p->shape == MBC_SCALAR ? "must be a number" : "must be a list of numbers", value);
    /* a list of numbers: any sequence or array of real numbers */
    char field[192], want[96];
    snprintf(field, sizeof field, "%s.%s", o->type->type_name, name);
    snprintf(want, sizeof want, "%s (%s)",
             p->shape == MBC_SCALAR ? "a number" : "a list of numbers", p->type);
    PyArrayObject *a = float_array(value, field, want, true);
    if (!a)
        return -1;
    if (PyArray_NDIM(a) > 1) {
        PyErr_Format(PyExc_ValueError,
                     "%s.%s: must be a list of numbers (%s), given an array with %d dimensions",
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

/* Whether numpy's type kind is a real number: bool, signed, unsigned, float. */
static bool real_kind(char kind)
{
    return kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f';
}

/* The Python type of the first element of object array a that is no real
 * number (e.g. "NoneType"), or NULL. */
static const char *first_non_number(PyArrayObject *a)
{
    PyObject *flat = PyArray_Ravel(a, NPY_CORDER);
    const char *name = NULL;
    for (npy_intp i = 0; flat && !name && i < PyArray_SIZE((PyArrayObject *)flat); i++) {
        PyObject *item = *(PyObject **)PyArray_GETPTR1((PyArrayObject *)flat, i);
        if (!item || item == Py_None || PyUnicode_Check(item) || PyBytes_Check(item) ||
            PyComplex_Check(item) || !PyNumber_Check(item))
            name = item ? Py_TYPE(item)->tp_name : "NoneType";
    }
    Py_XDECREF(flat);
    PyErr_Clear();
    return name;
}

/* The Python-side name of the elements of a (a container converted by
 * numpy): the type of the first one that is no number for an object
 * array, else by numpy's kind. */
static const char *element_name(PyArrayObject *a)
{
    switch (PyArray_DESCR(a)->kind) {
    case 'O':
        return first_non_number(a);
    case 'U':
        return "str";
    case 'S':
        return "bytes";
    case 'c':
        return "complex";
    case 'M':
        return "datetime64";
    case 'm':
        return "timedelta64";
    default:
        return "void";
    }
}

/* TypeError "FIELD: must be WANT (given WHAT)", or in the library's form
 * "FIELD: must be WANT, given WHAT" (parameters); WHAT names the Python type
 * given and, for a container, the element type that is no number. */
static PyArrayObject *not_numbers(PyObject *value, PyArrayObject *a, const char *field,
                                  const char *want, bool library_form)
{
    const char *open = library_form ? ", given " : " (given ", *close = library_form ? "" : ")";
    const char *element = NULL;
    if (a && PyArray_NDIM(a) > 0 && (PyArray_DESCR(a)->kind == 'O' || !PyArray_Check(value)))
        element = element_name(a);
    if (element)
        PyErr_Format(PyExc_TypeError, "%s: must be %s%s%s containing %s%s", field, want, open,
                     Py_TYPE(value)->tp_name, element, close);
    else if (a && PyArray_Check(value))
        PyErr_Format(PyExc_TypeError, "%s: must be %s%snumpy.ndarray of dtype %S%s", field, want,
                     open, (PyObject *)PyArray_DESCR(a), close);
    else
        PyErr_Format(PyExc_TypeError, "%s: must be %s%s%s%s", field, want, open,
                     Py_TYPE(value)->tp_name, close);
    Py_XDECREF(a);
    return NULL;
}

static PyArrayObject *float_array(PyObject *value, const char *field, const char *want,
                                  bool library_form)
{
    if (!value || value == Py_None || PyUnicode_Check(value) || PyBytes_Check(value) ||
        PyDict_Check(value))
        return not_numbers(value ? value : Py_None, NULL, field, want, library_form);
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, NULL, 0, 0, 0, NULL);
    if (!a) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return NULL;
        if (PyErr_ExceptionMatches(PyExc_ValueError)) { /* numpy: an inhomogeneous shape */
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "%s: must be %s%sa nested %s whose rows differ in "
                         "length%s",
                         field, want, library_form ? ", given " : " (given ",
                         Py_TYPE(value)->tp_name, library_form ? "" : ")");
            return NULL;
        }
        PyErr_Clear();
        return not_numbers(value, NULL, field, want, library_form);
    }
    /* real numbers; an object array only when every element is one */
    const char kind = PyArray_DESCR(a)->kind;
    if (!real_kind(kind) && (kind != 'O' || first_non_number(a)))
        return not_numbers(value, a, field, want, library_form);
    PyArrayObject *f = (PyArrayObject *)PyArray_FromArray(a, PyArray_DescrFromType(NPY_FLOAT64),
                                                          NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    Py_DECREF(a);
    return f;
}

PyArrayObject *pymbc_float_array(PyObject *value, const char *field, const char *want)
{
    return float_array(value, field, want, false);
}

/* Whether a (1-D, or 3x3 for n == 9) has n elements (n == 0: any). */
static bool vector_fits(PyArrayObject *a, npy_intp n)
{
    bool shape_ok = PyArray_NDIM(a) == 1 || (n == 9 && PyArray_NDIM(a) == 2 &&
                                             PyArray_DIM(a, 0) == 3 && PyArray_DIM(a, 1) == 3);
    return shape_ok && (n == 0 || PyArray_SIZE(a) == n);
}

PyArrayObject *pymbc_vector(PyObject *value, npy_intp n, const char *field)
{
    if (!value || value == Py_None) {
        if (n)
            PyErr_Format(PyExc_ValueError, "%s: missing (a list of %zd numbers)", field,
                         (Py_ssize_t)n);
        else
            PyErr_Format(PyExc_ValueError, "%s: missing (a list of numbers)", field);
        return NULL;
    }
    PyArrayObject *a = pymbc_float_array(value, field, "a list of numbers");
    if (!a || vector_fits(a, n))
        return a;
    PyObject *shape = PyObject_GetAttrString((PyObject *)a, "shape");
    Py_DECREF(a);
    if (!shape)
        return NULL;
    if (n == 9)
        PyErr_Format(PyExc_ValueError,
                     "%s: must have shape (9,) or (3, 3): a rotation matrix, row-major (given "
                     "shape %R)",
                     field, shape);
    else if (n)
        PyErr_Format(PyExc_ValueError,
                     "%s: must have shape (%zd,): a list of %zd numbers (given "
                     "shape %R)",
                     field, (Py_ssize_t)n, (Py_ssize_t)n, shape);
    else
        PyErr_Format(PyExc_ValueError, "%s: must be a list of numbers, shape (n,) (given shape %R)",
                     field, shape);
    Py_DECREF(shape);
    return NULL;
}

PyArrayObject *pymbc_vector_quiet(PyObject *value, npy_intp n)
{
    if (!value || value == Py_None)
        return NULL;
    PyArrayObject *a = pymbc_float_array(value, "", "");
    if (!a || !vector_fits(a, n)) {
        PyErr_Clear();
        Py_XDECREF(a);
        return NULL;
    }
    return a;
}
