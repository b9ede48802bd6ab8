/* SPDX-License-Identifier: BSD-3-Clause */
/* The classes: a base class mbconnect.Connector and one subclass per
 * connector type, made from the type's reflection table. Each parameter is a
 * data descriptor (getter: mbc_param_get_values; setter: the library's
 * checked setter), documented with symbol, type, default, unit and
 * description; visualization parameters are reached through
 * obj.visualization.<name>. */
#include "pymbc.h"

#include "mbconnect/output_text.h"
#include "mbconnect/unit.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define TYPE_CAPSULE "mbconnect.type_info"

/* ---------------------------------------------------------- text helpers */

/* The first unit a description states ("N/m"), or "" (into buf). */
static const char *unit_of(const char *description, char *buf, size_t size)
{
    if (!mbc_unit_of(description, buf, size))
        buf[0] = '\0';
    return buf;
}

/* The first unit in SI base units ("kg s^-2"), or "" (into buf). */
static const char *unit_si(const char *description, char *buf, size_t size)
{
    char unit[MBC_UNIT_TEXT_SIZE];
    mbc_unit u;
    buf[0] = '\0';
    if (mbc_unit_of(description, unit, sizeof unit) &&
        mbc_unit_parse(unit, strlen(unit), &u, NULL) == MBC_OK)
        mbc_unit_base_text(&u, buf, size);
    return buf;
}

/* Appends a formatted line to parts; after a failure (MemoryError set)
 * nothing more is appended and the caller returns NULL. */
static void append(PyObject *parts, const char *fmt, ...)
{
    if (PyErr_Occurred())
        return;
    va_list ap;
    va_start(ap, fmt);
    PyObject *s = PyUnicode_FromFormatV(fmt, ap);
    va_end(ap);
    if (s) {
        PyList_Append(parts, s);
        Py_DECREF(s);
    }
}

static const char *role_text(mbc_param_role r)
{
    return r == MBC_ROLE_DERIVED ? " (derived, read-only)"
           : r == MBC_ROLE_STATE ? " (state, read-only)"
                                 : "";
}

/* " (hertz)": the name of p's default when p has named choices, else "". */
static const char *default_choice(const mbc_param_info *p, char *buf, size_t size)
{
    const char *name =
        p->default_count == 1 ? mbc_param_choice_name(p, p->default_values[0]) : NULL;
    if (name)
        snprintf(buf, size, " (%s)", name);
    else if (size)
        buf[0] = '\0';
    return buf;
}

static void describe_param(PyObject *parts, const mbc_param_info *p, const char *prefix,
                           const mbc_object *defaults)
{
    char unit[512], shown[256], choice[80];
    mbc_unit_describe(p->description, unit, sizeof unit);
    char size[32] = "";
    if (p->shape == MBC_FIXED)
        snprintf(size, sizeof size, "[%zu]", p->size);
    else if (p->shape == MBC_VECTOR)
        snprintf(size, sizeof size, "[n]");
    append(parts, "  %s%s: %s%s = %s%s%s%s%s%s%s\n      %s\n", prefix, p->name, p->type, size,
           pymbc_default_text(defaults, p, shown, sizeof shown),
           default_choice(p, choice, sizeof choice), unit[0] ? "  unit " : "", unit,
           p->symbol ? "  symbol " : "", p->symbol ? p->symbol : "", role_text(p->role),
           p->description ? p->description : "");
    char rules[512];
    if (mbc_param_rules_text(p, rules, sizeof rules)[0])
        append(parts, "      rules: %s\n", rules);
}

/* One output in the library's words (mbconnect/output_text.h), as `mbc
 * describe` has it too. */
static void append_output(PyObject *parts, const mbc_type_info *t, size_t i)
{
    char small[2048];
    const size_t n = mbc_output_text(t, i, small, sizeof small);
    char *text = n < sizeof small ? small : PyMem_Malloc(n + 1);
    if (!text) {
        PyErr_NoMemory();
        return;
    }
    if (text != small)
        mbc_output_text(t, i, text, n + 1);
    PyObject *s = PyUnicode_FromString(text);
    if (s) {
        PyList_Append(parts, s);
        Py_DECREF(s);
    }
    if (text != small)
        PyMem_Free(text);
}

PyObject *pymbc_describe(const mbc_type_info *t)
{
    mbc_object *defaults = pymbc_defaults_object(t);
    PyObject *parts = defaults ? PyList_New(0) : NULL;
    if (!parts) {
        mbc_object_destroy(defaults);
        return NULL;
    }
    append(parts, "%s (%s)\n%s\nmarkers: m0 %s, m1 %s\n", t->type_name, t->class_name,
           t->description ? t->description : "", t->marker_types[0], t->marker_types[1]);
    char binding[512];
    append(parts, "pair binding: %s\n", mbc_pair_binding_text(t, binding, sizeof binding));
    append(parts, "wall binding: %s\n", mbc_wall_binding_text(t, binding, sizeof binding));
    append(parts, "\nParameters (%zu):\n", t->param_count);
    for (size_t i = 0; i < t->param_count; i++)
        describe_param(parts, &t->params[i], "", defaults);
    if (t->vparam_count) {
        append(parts, "\nVisualization parameters (%zu):\n", t->vparam_count);
        for (size_t i = 0; i < t->vparam_count; i++)
            describe_param(parts, &t->vparams[i], "visualization.", defaults);
    }
    append(parts, "\nOutput variables (%zu):\n", t->output_count);
    for (size_t i = 0; i < t->output_count; i++)
        append_output(parts, t, i);
    append(parts, "\nData coordinates (%zu blocks of %s each):\n", t->data_block_count,
           t->data_per >= 0 ? t->params[t->data_per].name : "1");
    for (size_t i = 0; i < t->data_block_count; i++) {
        char init[64];
        mbc_format_number(t->data[i].initial, init, sizeof init);
        append(parts, "  %s (initial %s)\n      %s\n", t->data[i].name, init,
               t->data[i].description ? t->data[i].description : "");
    }
    mbc_object_destroy(defaults);
    PyObject *empty = PyErr_Occurred() ? NULL : PyUnicode_FromString("");
    PyObject *text = empty ? PyUnicode_Join(empty, parts) : NULL;
    Py_XDECREF(empty);
    Py_DECREF(parts);
    return text;
}

/* ------------------------------------------------------ the base class */

const mbc_type_info *pymbc_class_type(PyObject *cls)
{
    PyObject *cap = PyObject_GetAttrString(cls, "_mbc_type");
    if (!cap) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return NULL; /* MemoryError */
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "mbconnect.Connector is abstract; create an object of a "
                                         "connector type, e.g. mbconnect.ContactSphereSphere()");
        return NULL;
    }
    const mbc_type_info *t = PyCapsule_GetPointer(cap, TYPE_CAPSULE);
    Py_DECREF(cap);
    return t;
}

static PyObject *connector_new(PyTypeObject *cls, PyObject *args, PyObject *kwargs)
{
    (void)args;
    (void)kwargs;
    const mbc_type_info *t = pymbc_class_type((PyObject *)cls);
    if (!t)
        return NULL;
    pymbc_connector *self = (pymbc_connector *)cls->tp_alloc(cls, 0);
    if (!self)
        return NULL;
    self->obj = pymbc_defaults_object(t); /* markers and node numbered 0, 1, ... */
    if (!self->obj) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static const mbc_param_info *find_vparam(const mbc_type_info *t, const char *name)
{
    for (size_t i = 0; i < t->vparam_count; i++)
        if (strcmp(t->vparams[i].name, name) == 0)
            return &t->vparams[i];
    return NULL;
}

/* exc "T has no visualization parameter 'name'", with the closest one's
 * name when one is close (mbconnect/suggest.h). */
static void raise_no_vparam(PyObject *exc, const mbc_type_info *t, const char *name)
{
    mbc_suggestion s;
    mbc_suggest_begin(&s, name);
    for (size_t i = 0; i < t->vparam_count; i++)
        mbc_suggest_offer(&s, t->vparams[i].name);
    if (s.best)
        PyErr_Format(exc, "%s has no visualization parameter '%s' (did you mean '%s'?)",
                     t->type_name, name, s.best);
    else
        PyErr_Format(exc, "%s has no visualization parameter '%s'", t->type_name, name);
}

static int set_visualization(mbc_object *o, PyObject *value)
{
    const mbc_type_info *t = o->type;
    if (!PyDict_Check(value)) {
        PyErr_Format(
            PyExc_TypeError,
            "%s.visualization: must be a dict of visualization parameters by name (given %s)",
            t->type_name, Py_TYPE(value)->tp_name);
        return -1;
    }
    PyObject *key, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(value, &pos, &key, &v)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!name) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s.visualization: keys must be names, given %R",
                         t->type_name, key);
            return -1;
        }
        const mbc_param_info *p = find_vparam(t, name);
        if (!p) {
            raise_no_vparam(PyExc_AttributeError, t, name);
            return -1;
        }
        char full[160];
        snprintf(full, sizeof full, "visualization.%s", name);
        if (pymbc_param_set(o, p, full, v) < 0)
            return -1;
    }
    return 0;
}

static int connector_init(PyObject *self_, PyObject *args, PyObject *kwargs)
{
    pymbc_connector *self = (pymbc_connector *)self_;
    const mbc_type_info *t = self->obj->type;
    if (PyTuple_GET_SIZE(args) != 0) {
        PyErr_Format(PyExc_TypeError,
                     "%s() takes parameters by name only, e.g. %s(%s=...), given %zd positional "
                     "argument%s",
                     t->type_name, t->type_name, t->param_count ? t->params[0].name : "x",
                     PyTuple_GET_SIZE(args), PyTuple_GET_SIZE(args) == 1 ? "" : "s");
        return -1;
    }
    if (!kwargs)
        return 0;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
        const char *name = PyUnicode_AsUTF8(key);
        if (!name)
            return -1;
        if (strcmp(name, "visualization") == 0) {
            if (set_visualization(self->obj, value) < 0)
                return -1;
            continue;
        }
        const mbc_param_info *p = mbc_type_find_param(t, name);
        if (!p || strchr(name, '.')) {
            const mbc_param_info *close = mbc_type_suggest_param(t, name);
            if (close)
                PyErr_Format(PyExc_TypeError, "%s has no parameter '%s' (did you mean '%s'?)",
                             t->type_name, name, close->name);
            else
                PyErr_Format(PyExc_TypeError,
                             "%s has no parameter '%s' (see mbconnect.%s.describe())", t->type_name,
                             name, t->type_name);
            return -1;
        }
        if (pymbc_param_set(self->obj, p, name, value) < 0)
            return -1;
    }
    return 0;
}

/* Attributes are the parameters (and the class's own): `obj.contactStifness
 * = 1` fails as object.__setattr__ does, and names the parameter meant when
 * one is close (mbconnect/suggest.h). */
static int connector_setattro(PyObject *self_, PyObject *name, PyObject *value)
{
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    if (!s)
        PyErr_Clear(); /* not UTF-8: object.__setattr__ says what is wrong */
    if (PyObject_GenericSetAttr(self_, name, value) == 0)
        return 0;
    const mbc_type_info *t = ((pymbc_connector *)self_)->obj->type;
    const mbc_param_info *close =
        s && PyErr_ExceptionMatches(PyExc_AttributeError) && !mbc_type_find_param(t, s)
            ? mbc_type_suggest_param(t, s)
            : NULL;
    if (!close)
        return -1;
    PyErr_Clear();
    PyErr_Format(PyExc_AttributeError, "%s has no parameter '%s' (did you mean '%s'?)",
                 t->type_name, s, close->name);
    return -1;
}

static void connector_dealloc(PyObject *self_)
{
    pymbc_connector *self = (pymbc_connector *)self_;
    PyTypeObject *tp = Py_TYPE(self_);
    mbc_object_destroy(self->obj);
    self->obj = NULL;
    tp->tp_free(self_);
    Py_DECREF(tp);
}

static PyObject *connector_repr(PyObject *self_)
{
    pymbc_connector *self = (pymbc_connector *)self_;
    const mbc_type_info *t = self->obj->type;
    PyObject *parts = PyList_New(0);
    if (!parts)
        return NULL;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->role != MBC_ROLE_INPUT)
            continue;
        PyObject *v = pymbc_param_get(self->obj, p);
        if (v && PyArray_Check(v)) { /* a list, so that the repr reads back as a call */
            PyObject *list = PyArray_ToList((PyArrayObject *)v);
            Py_SETREF(v, list);
        }
        if (!v) {
            Py_DECREF(parts);
            return NULL;
        }
        PyObject *item = PyUnicode_FromFormat("%s=%R", p->name, v);
        Py_DECREF(v);
        if (!item || PyList_Append(parts, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(parts);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *body = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    if (!body)
        return NULL;
    PyObject *r = PyUnicode_FromFormat("mbconnect.%s(%U)", t->type_name, body);
    Py_DECREF(body);
    return r;
}

static PyObject *connector_describe(PyObject *cls, PyObject *unused)
{
    (void)unused;
    const mbc_type_info *t = pymbc_class_type(cls);
    return t ? pymbc_describe(t) : NULL;
}

static PyObject *connector_initialize(PyObject *self_, PyObject *unused)
{
    (void)unused;
    pymbc_connector *self = (pymbc_connector *)self_;
    if (pymbc_ensure_initialized(self->obj) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* Every violation of every rule, as the library words them (empty: valid). */
static PyObject *connector_validate(PyObject *self_, PyObject *unused)
{
    (void)unused;
    pymbc_connector *self = (pymbc_connector *)self_;
    const mbc_object *o = self->obj;
    size_t n = mbc_params_validate(o->type, o->params, NULL, 0);
    mbc_error *errors = PyMem_Calloc(n ? n : 1, sizeof *errors);
    if (!errors)
        return PyErr_NoMemory();
    mbc_params_validate(o->type, o->params, errors, n);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *s = PyUnicode_FromString(errors[i].message);
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    PyMem_Free(errors);
    return list;
}

/* Current values of every parameter (visualization ones as "visualization.x"). */
static PyObject *connector_parameters(PyObject *self_, PyObject *unused)
{
    (void)unused;
    pymbc_connector *self = (pymbc_connector *)self_;
    const mbc_type_info *t = self->obj->type;
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < t->param_count + t->vparam_count; i++) {
        const mbc_param_info *p =
            i < t->param_count ? &t->params[i] : &t->vparams[i - t->param_count];
        char name[160];
        snprintf(name, sizeof name, "%s%s", i < t->param_count ? "" : "visualization.", p->name);
        PyObject *v = pymbc_param_get(self->obj, p);
        if (!v || PyDict_SetItemString(d, name, v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

static PyObject *connector_data_count(PyObject *self_, void *closure)
{
    (void)closure;
    pymbc_connector *self = (pymbc_connector *)self_;
    return PyLong_FromSize_t(mbc_data_count(self->obj->type, self->obj->params));
}

static PyObject *connector_initial_data(PyObject *self_, void *closure)
{
    (void)closure;
    pymbc_connector *self = (pymbc_connector *)self_;
    npy_intp n = (npy_intp)mbc_data_count(self->obj->type, self->obj->params);
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_FLOAT64);
    if (a)
        mbc_initial_data(self->obj->type, self->obj->params, PyArray_DATA(a));
    return (PyObject *)a;
}

static PyObject *connector_output_sizes(PyObject *self_, void *closure)
{
    (void)closure;
    pymbc_connector *self = (pymbc_connector *)self_;
    const mbc_type_info *t = self->obj->type;
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < t->output_count; i++) {
        PyObject *n = PyLong_FromSize_t(mbc_output_size(t, self->obj->params, i));
        if (!n || PyDict_SetItemString(d, t->outputs[i].name, n) < 0)
            Py_CLEAR(d);
        Py_XDECREF(n);
    }
    return d;
}

static PyObject *visualization_view(PyObject *self, void *closure);

static PyMethodDef connector_methods[] = {
    /* each docstring starts with its signature ("name($self, /, ...)\n--\n\n"),
     * which inspect.signature() reads; python/tests/test_stubs.py compares
     * it with the type stubs */
    {"describe", connector_describe, METH_NOARGS | METH_CLASS,
     "describe($cls, /)\n--\n\n"
     "The type's parameters (symbol, type, size, default, unit, description), visualization "
     "parameters, output variables and data coordinates, as text."},
    {"initialize", connector_initialize, METH_NOARGS,
     "initialize($self, /)\n--\n\n"
     "Checks every rule (cross-field rules too) and runs the type's initialize hook; raises "
     "ValueError with the library's message. evaluate() calls it when needed."},
    {"validate", connector_validate, METH_NOARGS,
     "validate($self, /)\n--\n\n"
     "Every rule violation of the current parameters, in the library's words (an empty list "
     "when valid)."},
    {"parameters", connector_parameters, METH_NOARGS,
     "parameters($self, /)\n--\n\n"
     "The current value of every parameter, as a dict by name."},
    {"evaluate", (PyCFunction)(void (*)(void))pymbc_evaluate, METH_VARARGS | METH_KEYWORDS,
     "evaluate($self, /, markers=None, data=None, dataStartOfStep=None, cables=None, ale=None, "
     "lagrangeMultipliers=None, dt=0.0)\n--\n\n"
     "Evaluates the connector at one state, with the inputs of an `mbc eval` case file: forces "
     "on the markers and cable points, PostNewtonStep (which updates state parameters, as in a "
     "solver step), every output variable, and algebraic equations and Jacobians where the type "
     "has them. Returns a dict with the keys of `mbc eval`'s JSON, numbers as numpy arrays. "
     "Messages name fields as case files do, with indices from 0 (markers[1].position[2]). "
     "dt > 0 [s] is the step from dataStartOfStep, handed to the hooks with the phase of an "
     "explicit step (a law with history integrates over it); 0: no step."},
    {"evaluate_many", (PyCFunction)(void (*)(void))pymbc_evaluate_many,
     METH_VARARGS | METH_KEYWORDS,
     "evaluate_many($self, /, position=None, velocity=None, rotation=None, "
     "angularVelocityLocal=None, data=None, dataStartOfStep=None, *, cablePoints=None, "
     "cablePointVelocities=None, cableLength=None, aleCoordinate=None, cableQ=None, "
     "cableQ_t=None, verticalOffset=None, cableAle=None, cablesQ=None, cablesQ_t=None, "
     "cableLengths=None, ale=None, lagrangeMultipliers=None, segments=None, forces=None, "
     "outputs=True, postNewtonStep=False, algebraicEquations=None, out=None)\n--\n\n"
     "Evaluates N states in one C loop, for every type, as evaluate() evaluates each. Inputs "
     "are numpy arrays with N first: for the rigid or position markers position, velocity, "
     "angularVelocityLocal (N, R, 3) and rotation (N, R, 3, 3); data, dataStartOfStep (N, d) "
     "or (d,); a Cable2DShape marker as cablePoints (N, n+1, 2), cablePointVelocities, "
     "cableLength and aleCoordinate (numbers or (N,)), or as ANCF elements cableQ (N, 8), "
     "cableQ_t, cableLength, verticalOffset, cableAle (N, 2) and segments; ALE joints: cablesQ "
     "(N, C, 8), cablesQ_t, cableLengths (C,) or (N, C), ale (N, 2), lagrangeMultipliers (N, "
     "2) or (2,). forces, algebraicEquations: None (the default) evaluates them where the type "
     "has them; outputs: True, False or a list of names; postNewtonStep: False. Returns "
     "'force' and 'torque' (N, 2, 3) (NaN for a cable marker), 'cablePointForces' (N, n+1, "
     "2), 'outputs' {name: (N, size)}, 'postNewtonStep' {'data', 'error', "
     "'recommendedStepSize' (NaN: none), 'warnings', 'markerNumber1'}, 'algebraicEquations', "
     "'jacobian', 'jacobianVelocity'. out: the result of an earlier call with the same N and "
     "options, whose arrays are filled again (no allocation). See docs/python.rst."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef connector_getset[] = {
    {"visualization", visualization_view, NULL,
     "visualization parameters: obj.visualization.show = True", NULL},
    {"data_count", connector_data_count, NULL, "number of data coordinates", NULL},
    {"initial_data", connector_initial_data, NULL,
     "initial data coordinates for the current parameters (numpy array)", NULL},
    {"output_sizes", connector_output_sizes, NULL,
     "size of each output variable for the current parameters", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* ------------------------------------------------- visualization views */

typedef struct pymbc_view {
    PyObject_HEAD PyObject *owner; /* the connector */
} pymbc_view;

static PyObject *visualization_view(PyObject *self, void *closure)
{
    (void)closure;
    PyObject *cls = PyObject_GetAttrString(self, "_mbc_view_type");
    if (!cls)
        return NULL;
    pymbc_view *v = (pymbc_view *)((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 0);
    Py_DECREF(cls);
    if (!v)
        return NULL;
    Py_INCREF(self);
    v->owner = self;
    return (PyObject *)v;
}

static mbc_object *view_object(PyObject *self)
{
    return ((pymbc_connector *)((pymbc_view *)self)->owner)->obj;
}

static PyObject *view_getattro(PyObject *self, PyObject *name)
{
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    mbc_object *o = view_object(self);
    const mbc_param_info *p = s ? find_vparam(o->type, s) : NULL;
    if (p)
        return pymbc_param_get(o, p);
    return PyObject_GenericGetAttr(self, name);
}

static int view_setattro(PyObject *self, PyObject *name, PyObject *value)
{
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    mbc_object *o = view_object(self);
    const mbc_param_info *p = s ? find_vparam(o->type, s) : NULL;
    if (!p && s) {
        raise_no_vparam(PyExc_AttributeError, o->type, s);
        return -1;
    }
    if (!p) {
        PyErr_Clear();
        PyErr_Format(PyExc_AttributeError, "%s has no visualization parameter %R",
                     o->type->type_name, name);
        return -1;
    }
    char full[160];
    snprintf(full, sizeof full, "visualization.%s", s);
    return pymbc_param_set(o, p, full, value);
}

static PyObject *view_dir(PyObject *self, PyObject *unused)
{
    (void)unused;
    const mbc_type_info *t = view_object(self)->type;
    PyObject *l = PyList_New(0);
    for (size_t i = 0; l && i < t->vparam_count; i++) {
        PyObject *s = PyUnicode_FromString(t->vparams[i].name);
        if (!s || PyList_Append(l, s) < 0)
            Py_CLEAR(l);
        Py_XDECREF(s);
    }
    return l;
}

static PyObject *view_repr(PyObject *self)
{
    mbc_object *o = view_object(self);
    const mbc_type_info *t = o->type;
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < t->vparam_count; i++) {
        PyObject *v = pymbc_param_get(o, &t->vparams[i]);
        if (!v || PyDict_SetItemString(d, t->vparams[i].name, v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    if (!d)
        return NULL;
    PyObject *r = PyUnicode_FromFormat("%s.visualization(%R)", t->type_name, d);
    Py_DECREF(d);
    return r;
}

static int view_traverse(PyObject *self, visitproc visit, void *arg)
{
    Py_VISIT(((pymbc_view *)self)->owner);
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static void view_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_CLEAR(((pymbc_view *)self)->owner);
    tp->tp_free(self);
    Py_DECREF(tp);
}

static PyMethodDef view_methods[] = {{"__dir__", view_dir, METH_NOARGS, NULL},
                                     {NULL, NULL, 0, NULL}};

/* A function as the void * of a PyType_Slot (ISO C has no direct
 * conversion between function and object pointers). */
#define SLOT(id, fn) slot_of(id, (void (*)(void))(fn))
static PyType_Slot slot_of(int id, void (*fn)(void))
{
    PyType_Slot s;
    s.slot = id;
    memcpy(&s.pfunc, &fn, sizeof s.pfunc);
    return s;
}

int pymbc_connector_init(PyObject *module, pymbc_state *st)
{
    PyType_Slot connector_slots[] = {
        SLOT(Py_tp_new, connector_new),
        SLOT(Py_tp_init, connector_init),
        SLOT(Py_tp_dealloc, connector_dealloc),
        SLOT(Py_tp_repr, connector_repr),
        SLOT(Py_tp_setattro, connector_setattro),
        {Py_tp_methods, connector_methods},
        {Py_tp_getset, connector_getset},
        {Py_tp_doc, "A connector object (base class of every connector type)."},
        {0, NULL}};
    PyType_Spec connector_spec = {"mbconnect.Connector", sizeof(pymbc_connector), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, connector_slots};
    PyType_Slot view_slots[] = {SLOT(Py_tp_getattro, view_getattro),
                                SLOT(Py_tp_setattro, view_setattro),
                                SLOT(Py_tp_repr, view_repr),
                                SLOT(Py_tp_traverse, view_traverse),
                                SLOT(Py_tp_dealloc, view_dealloc),
                                {Py_tp_methods, view_methods},
                                {Py_tp_doc, "The visualization parameters of a connector."},
                                {0, NULL}};
    PyType_Spec view_spec = {"mbconnect.Visualization", sizeof(pymbc_view), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, view_slots};
    st->connector_type = PyType_FromModuleAndSpec(module, &connector_spec, NULL);
    if (!st->connector_type)
        return -1;
    st->visualization_type = PyType_FromModuleAndSpec(module, &view_spec, NULL);
    if (!st->visualization_type)
        return -1;
    /* connectors find the view type through their class; `plugin` is the
     * file a type came from (load_plugin), None for built-in types */
    if (PyObject_SetAttrString(st->connector_type, "plugin", Py_None) < 0)
        return -1;
    return PyObject_SetAttrString(st->connector_type, "_mbc_view_type", st->visualization_type);
}

/* ------------------------------------------------------- type classes */

/* One parameter's descriptor storage: the getset definition and its doc. */
typedef struct param_slot {
    PyGetSetDef def;
    char doc[2048];
} param_slot;

static void free_slots(PyObject *capsule)
{
    PyMem_Free(PyCapsule_GetPointer(capsule, "mbconnect.param_slots"));
}

static PyObject *param_get(PyObject *self, void *closure)
{
    return pymbc_param_get(((pymbc_connector *)self)->obj, closure);
}

static int param_set(PyObject *self, PyObject *value, void *closure)
{
    const mbc_param_info *p = closure;
    return pymbc_param_set(((pymbc_connector *)self)->obj, p, p->name, value);
}

/* r[key] = value (stealing value); -1 when value is NULL or on failure. */
static int set_item(PyObject *r, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    const int rc = PyDict_SetItemString(r, key, value);
    Py_DECREF(value);
    return rc;
}

/* The range rule of p: {"text", "min", "min_open", "max", "max_open"}
 * (an unbounded end is -inf or inf, and open), or None. */
static PyObject *range_record(const mbc_param_info *p)
{
    if (!p->has_range)
        return Py_NewRef(Py_None);
    return Py_BuildValue("{s:s,s:d,s:O,s:d,s:O}", "text", p->range_rule ? p->range_rule : "", "min",
                         p->range_min, "min_open", p->range_min_open ? Py_True : Py_False, "max",
                         p->range_max, "max_open", p->range_max_open ? Py_True : Py_False);
}

/* The values the one_of rule of p allows, as a tuple of the parameter's
 * element type, or None. */
static PyObject *one_of_record(const mbc_param_info *p)
{
    if (!p->one_of_count)
        return Py_NewRef(Py_None);
    PyObject *tuple = PyTuple_New((Py_ssize_t)p->one_of_count);
    for (size_t k = 0; tuple && k < p->one_of_count; k++) {
        PyObject *v = pymbc_param_element(p, p->one_of[k]);
        if (!v)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, (Py_ssize_t)k, v);
    }
    return tuple;
}

/* The names of p's choices (value i is called names[i]) as a tuple, or None. */
static PyObject *choices_record(const mbc_param_info *p)
{
    size_t n = 0;
    const char *const *names = mbc_param_info_choices(p, &n);
    if (!names)
        return Py_NewRef(Py_None);
    PyObject *tuple = PyTuple_New((Py_ssize_t)n);
    for (size_t k = 0; tuple && k < n; k++) {
        PyObject *name = PyUnicode_FromString(names[k]);
        if (!name)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, (Py_ssize_t)k, name);
    }
    return tuple;
}

/* The spec's physical-validity rules of p into its record r: "one_of",
 * "range", "required" (the hint when the default is a placeholder that
 * breaks the rules, or None), "rules_text" (every value rule in words, as
 * describe() and the docstrings show it, or None) and "check_text" (what
 * the parameter's check requires, the spec's rules.check_text, or None).
 * Returns 0 or -1. */
static int add_rules(PyObject *r, const mbc_param_info *p)
{
    char rules[512];
    mbc_param_rules_text(p, rules, sizeof rules);
    if (set_item(r, "one_of", one_of_record(p)) < 0 || set_item(r, "range", range_record(p)) < 0)
        return -1;
    PyObject *required = p->required ? PyUnicode_FromString(p->required) : Py_NewRef(Py_None);
    if (set_item(r, "required", required) < 0)
        return -1;
    if (set_item(r, "rules_text", rules[0] ? PyUnicode_FromString(rules) : Py_NewRef(Py_None)) < 0)
        return -1;
    const char *check = mbc_param_info_check_text(p);
    return set_item(r, "check_text", check ? PyUnicode_FromString(check) : Py_NewRef(Py_None));
}

/* Python dict describing one parameter (the reflection table row). */
static PyObject *param_record(const mbc_type_info *t, const mbc_param_info *p,
                              const mbc_object *defaults)
{
    static const char *const kinds[] = {"bool", "int", "real", "float", "string", "index"};
    static const char *const shapes[] = {"scalar", "fixed", "vector"};
    static const char *const roles[] = {"input", "derived", "state"};
    char unit[64], shown[256];
    const char *text = pymbc_default_text(defaults, p, shown, sizeof shown);
    /* what a new object has: the spec's default (exact, also for float
     * parameters) unless the module numbered it */
    PyObject *def = text == shown ? pymbc_param_get(defaults, p) : pymbc_param_default(p);
    PyObject *spec = def ? pymbc_param_default(p) : NULL;
    if (!spec) {
        Py_XDECREF(def);
        return NULL;
    }
    PyObject *min = p->has_min ? PyFloat_FromDouble(p->min) : Py_NewRef(Py_None);
    PyObject *r = Py_BuildValue(
        "{s:s,s:s,s:z,s:s,s:s,s:s,s:s,s:n,s:N,s:s,s:N,s:s,s:s,s:z,s:N,s:O,s:O,s:n,s:z,s:O,s:z,"
        "s:O}",
        "name", p->name, "type", p->type, "symbol", p->symbol, "description",
        p->description ? p->description : "", "unit", unit_of(p->description, unit, sizeof unit),
        "kind", kinds[p->kind], "shape", shapes[p->shape], "size",
        (Py_ssize_t)(p->shape == MBC_VECTOR ? 0 : p->size), "default", def, "default_text", text,
        "spec_default", spec, "spec_default_text", p->default_text ? p->default_text : "", "role",
        roles[p->role], "rule", p->rule, "min", min, "min_exclusive",
        p->min_exclusive ? Py_True : Py_False, "must_be_set", p->must_be_set ? Py_True : Py_False,
        "min_length", (Py_ssize_t)p->min_length, "same_length_as",
        p->same_length_as ? t->params[p->same_length_as - 1].name : NULL, "non_decreasing",
        p->non_decreasing ? Py_True : Py_False, "positive_when",
        p->positive_when ? t->params[p->positive_when - 1].name : NULL, "has_check",
        p->check ? Py_True : Py_False);
    char si[128];
    if (r &&
        (add_rules(r, p) < 0 || set_item(r, "choices", choices_record(p)) < 0 ||
         set_item(r, "unit_si", PyUnicode_FromString(unit_si(p->description, si, sizeof si))) < 0))
        Py_CLEAR(r);
    return r;
}

static PyObject *param_records(const mbc_type_info *t, const mbc_param_info *ps, size_t n,
                               const mbc_object *defaults)
{
    PyObject *tuple = PyTuple_New((Py_ssize_t)n);
    for (size_t i = 0; tuple && i < n; i++) {
        PyObject *r = param_record(t, &ps[i], defaults);
        if (!r) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, r);
    }
    return tuple;
}

static PyObject *output_records(const mbc_type_info *t)
{
    PyObject *tuple = PyTuple_New((Py_ssize_t)t->output_count);
    for (size_t i = 0; tuple && i < t->output_count; i++) {
        const mbc_output_info *o = &t->outputs[i];
        PyObject *r = Py_BuildValue("{s:s,s:z,s:s,s:n,s:z}", "name", o->name, "symbol", o->symbol,
                                    "description", o->description ? o->description : "", "factor",
                                    (Py_ssize_t)o->factor, "per",
                                    o->per >= 0 ? t->params[o->per].name : NULL);
        if (!r) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, r);
    }
    return tuple;
}

static PyObject *data_records(const mbc_type_info *t)
{
    PyObject *tuple = PyTuple_New((Py_ssize_t)t->data_block_count);
    for (size_t i = 0; tuple && i < t->data_block_count; i++) {
        const mbc_data_info *d = &t->data[i];
        PyObject *r = Py_BuildValue("{s:s,s:d,s:s}", "name", d->name, "initial", d->initial,
                                    "description", d->description ? d->description : "");
        if (!r) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, r);
    }
    return tuple;
}

/* The spec's pair binding as {"kind": "spheres", "centers": ("m0", "m1"),
 * "radii": "spheresRadii", "masses": "spheresMasses" or None, "kernel":
 * True when it has an in-place kernel, "reach": True when its contacts
 * outlive touching}, or None (a member out of range: None). */
static PyObject *pair_binding_record(const mbc_type_info *t)
{
    mbc_pair_binding_names n;
    if (!mbc_pair_binding_get_names(t, &n))
        return Py_NewRef(Py_None);
    const mbc_pair_binding *b = t->pair_binding;
    const size_t masses = mbc_pair_binding_masses(b);
    const char *masses_name =
        masses > 0 && masses - 1 < t->param_count ? t->params[masses - 1].name : NULL;
    return Py_BuildValue("{s:z,s:(zz),s:z,s:z,s:O,s:O}", "kind", n.kind, "centers", n.centers[0],
                         n.centers[1], "radii", n.radii, "masses", masses_name, "kernel",
                         mbc_pair_binding_evaluate(b) ? Py_True : Py_False, "reach",
                         mbc_pair_binding_reach(b) ? Py_True : Py_False);
}

/* The spec's wall binding as {"shapes": ("plane", "cylinder")}, or None. */
static PyObject *wall_binding_record(const mbc_type_info *t)
{
    const unsigned shapes = mbc_wall_eval_shapes(t);
    if (!shapes)
        return Py_NewRef(Py_None);
    if ((shapes & MBC_WALL_PLANE) && (shapes & MBC_WALL_CYLINDER))
        return Py_BuildValue("{s:(ss)}", "shapes", "plane", "cylinder");
    return Py_BuildValue("{s:(s)}", "shapes", (shapes & MBC_WALL_PLANE) ? "plane" : "cylinder");
}

/* The runtime hooks the type has, by name, e.g. ("forces", "outputs"). */
static PyObject *hook_names(const mbc_type_info *t)
{
    PyObject *list = PyList_New(0);
    const struct {
        bool present;
        const char *name;
    } hooks[] = {{t->initialize != NULL, "initialize"},
                 {t->forces != NULL, "forces"},
                 {t->post_newton_step != NULL, "post_newton_step"},
                 {t->output != NULL, "outputs"},
                 {t->algebraic_equations != NULL, "algebraic_equations"}};
    for (size_t i = 0; list && i < sizeof hooks / sizeof hooks[0]; i++) {
        if (!hooks[i].present)
            continue;
        PyObject *s = PyUnicode_FromString(hooks[i].name);
        if (!s || PyList_Append(list, s) < 0)
            Py_CLEAR(list);
        Py_XDECREF(s);
    }
    PyObject *tuple = list ? PyList_AsTuple(list) : NULL;
    Py_XDECREF(list);
    return tuple;
}

/* Sets cls.<key> = value (stealing value). */
static int set_class_attr(PyObject *dict, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyDict_SetItemString(dict, key, value);
    Py_DECREF(value);
    return rc;
}

PyObject *pymbc_connector_class(PyObject *module, pymbc_state *st, const mbc_type_info *t)
{
    /* mbc_marker_kind, in enum order */
    static const char *const kind_names[] = {"position", "rigid", "cable2d_shape",
                                             "cable2d_coordinates"};
    (void)module;
    PyObject *dict = PyDict_New();
    if (!dict)
        return NULL;
    param_slot *slots = PyMem_Calloc(t->param_count ? t->param_count : 1, sizeof *slots);
    if (!slots) {
        Py_DECREF(dict);
        return PyErr_NoMemory();
    }
    PyObject *slots_capsule = PyCapsule_New(slots, "mbconnect.param_slots", free_slots);
    if (!slots_capsule) {
        PyMem_Free(slots);
        Py_DECREF(dict);
        return NULL;
    }
    PyObject *cls = NULL;
    mbc_object *defaults = pymbc_defaults_object(t);
    if (!defaults || set_class_attr(dict, "_mbc_slots", slots_capsule) < 0 ||
        set_class_attr(dict, "_mbc_type", PyCapsule_New((void *)t, TYPE_CAPSULE, NULL)) < 0 ||
        set_class_attr(dict, "__doc__", pymbc_describe(t)) < 0 ||
        set_class_attr(dict, "__module__", PyUnicode_FromString("mbconnect")) < 0 ||
        set_class_attr(dict, "__slots__", PyTuple_New(0)) < 0 ||
        set_class_attr(dict, "type_name", PyUnicode_FromString(t->type_name)) < 0 ||
        set_class_attr(dict, "class_name", PyUnicode_FromString(t->class_name)) < 0 ||
        set_class_attr(dict, "marker_types",
                       Py_BuildValue("(ss)", t->marker_types[0], t->marker_types[1])) < 0 ||
        set_class_attr(dict, "marker_kinds",
                       Py_BuildValue("(ss)", kind_names[t->marker_kinds[0]],
                                     kind_names[t->marker_kinds[1]])) < 0 ||
        set_class_attr(dict, "hooks", hook_names(t)) < 0 ||
        set_class_attr(dict, "parameter_info",
                       param_records(t, t->params, t->param_count, defaults)) < 0 ||
        set_class_attr(dict, "visualization_info",
                       param_records(t, t->vparams, t->vparam_count, defaults)) < 0 ||
        set_class_attr(dict, "output_info", output_records(t)) < 0 ||
        set_class_attr(dict, "data_info", data_records(t)) < 0 ||
        set_class_attr(dict, "pair_binding", pair_binding_record(t)) < 0 ||
        set_class_attr(dict, "wall_binding", wall_binding_record(t)) < 0)
        goto done;
    cls = PyObject_CallFunction((PyObject *)&PyType_Type, "s(O)O", t->type_name, st->connector_type,
                                dict);
    if (!cls)
        goto done;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        char unit[512], shown[256], rules[512], choice[80];
        mbc_unit_describe(p->description, unit, sizeof unit);
        mbc_param_rules_text(p, rules, sizeof rules);
        /* "UReal, default 0., symbol k_c, unit N/m, rules >= 0\n\ndescription" */
        snprintf(slots[i].doc, sizeof slots[i].doc, "%s%s, default %s%s%s%s%s%s%s%s%s\n\n%s",
                 p->type, p->shape == MBC_VECTOR ? " (list)" : "",
                 pymbc_default_text(defaults, p, shown, sizeof shown),
                 default_choice(p, choice, sizeof choice), p->symbol ? ", symbol " : "",
                 p->symbol ? p->symbol : "", unit[0] ? ", unit " : "", unit,
                 rules[0] ? ", rules " : "", rules, role_text(p->role),
                 p->description ? p->description : "");
        slots[i].def.name = p->name;
        slots[i].def.get = param_get;
        slots[i].def.set = param_set;
        slots[i].def.doc = slots[i].doc;
        slots[i].def.closure = (void *)p;
        PyObject *descr = PyDescr_NewGetSet((PyTypeObject *)cls, &slots[i].def);
        if (!descr || PyObject_SetAttrString(cls, p->name, descr) < 0) {
            Py_XDECREF(descr);
            Py_CLEAR(cls);
            goto done;
        }
        Py_DECREF(descr);
    }
done:
    mbc_object_destroy(defaults);
    Py_DECREF(dict);
    return cls;
}
