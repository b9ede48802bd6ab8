/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPython extension module mbconnect._core: shared declarations.
 *
 * The module knows no connector type by name. At import it creates one
 * Python class per type of its registry (the built-in types, plus those a
 * plugin adds later) from the reflection tables of include/mbconnect/object.h;
 * every parameter becomes a data descriptor whose setter goes through the
 * library's validating setters. numpy arrays come in and go out through the
 * numpy C API. */
#ifndef PYMBC_H
#define PYMBC_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API  NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL pymbc_ARRAY_API
#ifndef PYMBC_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"
#include "mbconnect/suggest.h"
#include "mbconnect/wall_eval.h"

/* Per-module state: the registry the classes come from. */
typedef struct pymbc_state {
    mbc_registry registry;
    PyObject *connector_type;     /* the base class mbconnect.Connector */
    PyObject *visualization_type; /* obj.visualization views */
    PyObject *classes;            /* dict: type name -> class */
} pymbc_state;

/* A connector object: the library's generic object. */
typedef struct pymbc_connector {
    PyObject_HEAD mbc_object *obj;
} pymbc_connector;

/* ---- errors (convert.c) ---- */

/* Raises the exception that fits a library status with the library's
 * message: ValueError for values, sizes and inputs, AttributeError for
 * names, RuntimeError for the object's state, MemoryError. Returns NULL. */
PyObject *pymbc_raise(mbc_status st, const char *message);

/* Validates and initializes when parameters changed since the last time.
 * Returns 0 or -1 with ValueError naming every violation (the first one's
 * message, then "; N more"), MemoryError when an initialize hook ran out of
 * memory. */
int pymbc_ensure_initialized(mbc_object *o);

/* ---- parameter values (convert.c) ---- */

/* The value of one parameter as Python: bool, int, float or str for
 * scalars, a new numpy array (float64, int64 or bool) otherwise. */
PyObject *pymbc_param_get(const mbc_object *o, const mbc_param_info *p);
/* Sets parameter `name` ("visualization.show" for visualization ones)
 * through the library's checked setters; on failure raises (TypeError for
 * a value of the wrong Python type, else by status) and the parameter keeps
 * its value. Returns 0 or -1. */
int pymbc_param_set(mbc_object *o, const mbc_param_info *p, const char *name, PyObject *value);
/* The spec's default of a parameter as Python (as pymbc_param_get). */
PyObject *pymbc_param_default(const mbc_param_info *p);
/* One element x of parameter p as Python: bool, int or float by its kind. */
PyObject *pymbc_param_element(const mbc_param_info *p, double x);

/* ---- defaults of Python objects (defaults.c) ---- */

/* A new object of type t as the module makes them: the spec's defaults,
 * marker and node numbers 0, 1, ... (as `mbc eval`). NULL with
 * MemoryError. */
mbc_object *pymbc_defaults_object(const mbc_type_info *t);
/* The default a new object has for p, as text: the spec's text when they
 * agree, else the value and where it comes from ("[0, 1] (numbered as by
 * mbc eval; a model must set it)"), written into buf. */
const char *pymbc_default_text(const mbc_object *defaults, const mbc_param_info *p, char *buf,
                               size_t size);

/* value as a float64 C-contiguous array of any shape (a view when it is
 * one): bool, integer and float elements only. None, strings, dicts,
 * complex numbers and containers holding anything else raise TypeError
 * "FIELD: must be WANT (given list containing NoneType)"; rows of unequal
 * length ValueError; out of memory MemoryError. New reference or NULL. */
PyArrayObject *pymbc_float_array(PyObject *value, const char *field, const char *want);
/* A 1-D float64 C-contiguous copy or view of `value` with exactly n
 * elements (n == 0: any length; n == 9 also takes a 3 x 3 array); `field`
 * names it in messages ("markers[0].position"), which give the shape
 * expected and the one given. New reference or NULL with ValueError or
 * TypeError (as pymbc_float_array). */
PyArrayObject *pymbc_vector(PyObject *value, npy_intp n, const char *field);
/* The same without a message: NULL (no exception) when value does not fit;
 * then pymbc_vector names the problem. Saves formatting field names on
 * every call. */
PyArrayObject *pymbc_vector_quiet(PyObject *value, npy_intp n);

/* ---- classes (connector.c) ---- */

/* Creates the base class and the visualization view type in st. */
int pymbc_connector_init(PyObject *module, pymbc_state *st);
/* The class of one type: a subclass of Connector with one descriptor per
 * parameter, documented from the spec. New reference. */
PyObject *pymbc_connector_class(PyObject *module, pymbc_state *st, const mbc_type_info *t);
/* The type behind a class, or NULL with TypeError. */
const mbc_type_info *pymbc_class_type(PyObject *cls);
/* Text of describe(): parameters with symbol, type, size, default, unit and
 * description; outputs; data coordinates. New reference. */
PyObject *pymbc_describe(const mbc_type_info *t);

/* Creates the class of t and adds it to the module and st->classes
 * (module.c). Returns 0 or -1. */
int pymbc_add_class(PyObject *module, pymbc_state *st, const mbc_type_info *t);

/* ---- module functions (load_plugin.c, evaluate_case.c) ---- */

PyObject *pymbc_load_plugin(PyObject *module, PyObject *path);
PyObject *pymbc_evaluate_case(PyObject *module, PyObject *args, PyObject *kwargs);

/* ---- evaluation (method_evaluate.c; method_evaluate_many.c with batch_*.c, see batch.h) ---- */

PyObject *pymbc_evaluate(pymbc_connector *self, PyObject *args, PyObject *kwargs);
PyObject *pymbc_evaluate_many(pymbc_connector *self, PyObject *args, PyObject *kwargs);

#endif
