/* SPDX-License-Identifier: BSD-3-Clause */
/* evaluate_many's arguments (batch.h): which the type takes, from its
 * marker kinds; each a stacked float64 array of shape (N, per state...),
 * some also one row (per state...) shared by all N; checked once, before
 * the loop, so that the loop reads numbers only. A wrong shape names the
 * argument, the shape expected (with N and the sizes the parameters fix:
 * n + 1 = numberOfContactSegments + 1 cable points, one cable per entry of
 * slidingMarkerNumbers) and the shape given. */
#include "batch.h"

#include <stdio.h>
#include <string.h>

/* Symbolic sizes of a per-state axis: rigid markers R, cable points P,
 * cables C, data coordinates D; other values are literal. */
enum { DIM_R = -1, DIM_P = -2, DIM_C = -3, DIM_D = -4 };

/* Which marker layout an input belongs to. */
enum { FOR_RIGID, FOR_ANY, FOR_POINTS, FOR_SHAPE, FOR_ELEMENT, FOR_ALE, FOR_ALGEBRAIC };

typedef struct input_spec {
    int use;
    int nd;
    int dims[2];
    bool shared; /* may also be one row for all N */
} input_spec;

static const input_spec specs[IN_COUNT] = {
    [IN_POS] = {FOR_RIGID, 2, {DIM_R, 3}, false},
    [IN_VEL] = {FOR_RIGID, 2, {DIM_R, 3}, false},
    [IN_ROT] = {FOR_RIGID, 3, {DIM_R, 3}, false}, /* (R, 3, 3): see dims_of */
    [IN_OMEGA] = {FOR_RIGID, 2, {DIM_R, 3}, false},
    [IN_DATA] = {FOR_ANY, 1, {DIM_D}, true},
    [IN_START] = {FOR_ANY, 1, {DIM_D}, true},
    [IN_POINTS] = {FOR_POINTS, 2, {DIM_P, 2}, false},
    [IN_POINT_VEL] = {FOR_POINTS, 2, {DIM_P, 2}, false},
    [IN_LENGTH] = {FOR_SHAPE, 0, {0}, true},
    [IN_ALE_COORD] = {FOR_POINTS, 0, {0}, true},
    [IN_ELEM_Q] = {FOR_ELEMENT, 1, {8}, false},
    [IN_ELEM_Q_T] = {FOR_ELEMENT, 1, {8}, false},
    [IN_OFFSET] = {FOR_ELEMENT, 0, {0}, true},
    [IN_ELEM_ALE] = {FOR_ELEMENT, 1, {2}, false},
    [IN_CABLES_Q] = {FOR_ALE, 2, {DIM_C, 8}, false},
    [IN_CABLES_Q_T] = {FOR_ALE, 2, {DIM_C, 8}, false},
    [IN_CABLE_LENGTHS] = {FOR_ALE, 1, {DIM_C}, true},
    [IN_ALE] = {FOR_ALE, 1, {2}, false},
    [IN_LAGRANGE] = {FOR_ALGEBRAIC, 1, {2}, true},
};

static char *kwlist[] = {"position",
                         "velocity",
                         "rotation",
                         "angularVelocityLocal",
                         "data",
                         "dataStartOfStep",
                         "cablePoints",
                         "cablePointVelocities",
                         "cableLength",
                         "aleCoordinate",
                         "cableQ",
                         "cableQ_t",
                         "verticalOffset",
                         "cableAle",
                         "cablesQ",
                         "cablesQ_t",
                         "cableLengths",
                         "ale",
                         "lagrangeMultipliers",
                         "segments",
                         "forces",
                         "outputs",
                         "postNewtonStep",
                         "algebraicEquations",
                         "out",
                         NULL};

/* ------------------------------------------------------------ layout */

static void read_layout(batch_call *c)
{
    const mbc_type_info *t = c->t;
    for (int m = 0; m < 2; m++) {
        mbc_marker_kind k = t->marker_kinds[m];
        c->rigid += k == MBC_MARKER_POSITION || k == MBC_MARKER_RIGID;
        c->shape |= k == MBC_MARKER_CABLE2D_SHAPE;
        c->ale |= k == MBC_MARKER_CABLE2D_COORDINATES;
    }
    c->data_count = mbc_data_count(t, c->o->params);
}

/* Why the type does not take input a (NULL: it does). */
static const char *not_for(const batch_call *c, int a)
{
    switch (specs[a].use) {
    case FOR_RIGID:
        return c->rigid ? NULL : "it has no rigid or position marker";
    case FOR_POINTS:
        if (!c->shape)
            return "it has no Cable2DShape marker";
        return c->element ? "it belongs to cablePoints, and the cable is given by cableQ" : NULL;
    case FOR_SHAPE:
        return c->shape ? NULL : "it has no Cable2DShape marker";
    case FOR_ELEMENT:
        if (!c->shape)
            return "it has no Cable2DShape marker";
        return c->element ? NULL : "it belongs to cableQ, and the cable is given by cablePoints";
    case FOR_ALE:
        return c->ale ? NULL : "it has no ANCF cable coordinates marker";
    case FOR_ALGEBRAIC:
        return c->t->algebraic_equations ? NULL : "it has no algebraic equations";
    default:
        return NULL;
    }
}

/* What the type needs: present in given[]; 0 or -1 with ValueError. */
static int check_required(const batch_call *c, PyObject *const *given)
{
    const char *type = c->t->type_name;
    if (c->rigid && (!given[IN_POS] || !given[IN_VEL]))
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs position and velocity of shape (N, %d, 3) (given %s)",
                     type, c->rigid, given[IN_POS] ? "no velocity" : "no position");
    else if (c->shape && !!given[IN_POINTS] == !!given[IN_ELEM_Q])
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs its cable either as cablePoints (N, n+1, 2) or as "
                     "ANCF elements cableQ (N, 8) (given %s)",
                     type, given[IN_POINTS] ? "both" : "neither");
    else if (c->shape && !given[IN_LENGTH])
        PyErr_Format(PyExc_ValueError, "cableLength: missing (the cable's reference length L in "
                                       "m: a number, or one per state, shape (N,))");
    else if (c->ale && (!given[IN_CABLES_Q] || !given[IN_ALE] || !given[IN_CABLE_LENGTHS]))
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs cablesQ (N, C, 8), cableLengths (C,) and ale (N, 2) "
                     "= [q_ALE, q_ALE_t] (given no %s)",
                     type,
                     !given[IN_CABLES_Q] ? "cablesQ"
                     : !given[IN_ALE]    ? "ale"
                                         : "cableLengths");
    else
        return 0;
    return -1;
}

/* An integer parameter of the object (numberOfContactSegments), 0 when the
 * type has none. */
static size_t count_param(const mbc_object *o, const char *name)
{
    const mbc_param_info *p = mbc_object_find_param(o, name);
    double v = 0.0;
    size_t n = 0;
    mbc_error err;
    if (!p || p->shape != MBC_SCALAR || mbc_object_get(o, name, &v, 1, &n, &err) != MBC_OK ||
        !(v >= 1.0))
        return 0;
    return (size_t)v;
}

/* segments= (the element form's n): a whole number in [1, max], equal to
 * numberOfContactSegments when the type has it. */
static int read_segments(batch_call *c, PyObject *value, size_t ncs)
{
    if (!value) {
        PyErr_Format(PyExc_ValueError, "segments: missing (the cable's number of segments n, = "
                                       "numberOfContactSegments, for cableQ)");
        return -1;
    }
    if (PyBool_Check(value) || !PyIndex_Check(value)) {
        PyErr_Format(PyExc_TypeError, "segments: must be a whole number (given %s)",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    Py_ssize_t s = PyNumber_AsSsize_t(value, NULL);
    if (s == -1 && PyErr_Occurred())
        return -1;
    if (ncs && (size_t)s != ncs) {
        PyErr_Format(PyExc_ValueError,
                     "segments: must equal numberOfContactSegments = %zu (given %zd)", ncs, s);
        return -1;
    }
    if (s < 1 || s > MBC_INPUT_MAX_SEGMENTS) {
        PyErr_Format(PyExc_ValueError, "segments: must be a whole number in [1, %d] (given %zd)",
                     MBC_INPUT_MAX_SEGMENTS, s);
        return -1;
    }
    c->segments = (size_t)s;
    c->points = c->segments + 1;
    return 0;
}

/* ------------------------------------------------------------ shapes */

/* "(N, 2, 3)" or, for a shared input, "(N, 2, 3) or (2, 3)". */
static void shape_text(char *buf, size_t size, const npy_intp *dims, int nd, bool shared)
{
    size_t at = (size_t)snprintf(buf, size, nd ? "(N" : "(N,)");
    for (int i = 0; i < nd && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, ", %zd", (Py_ssize_t)dims[i]);
    if (nd && at < size)
        at += (size_t)snprintf(buf + at, size - at, ")");
    if (shared && at < size) {
        at += (size_t)snprintf(buf + at, size - at, nd ? " or (" : " or a number");
        for (int i = 0; i < nd && at < size; i++)
            at += (size_t)snprintf(buf + at, size - at, i ? ", %zd" : "%zd", (Py_ssize_t)dims[i]);
        if (nd && at < size)
            snprintf(buf + at, size - at, nd == 1 ? ",)" : ")");
    }
}

/* The per-state dims of input a for this call; returns their count. */
static int dims_of(const batch_call *c, int a, npy_intp *dims)
{
    const input_spec *s = &specs[a];
    for (int i = 0; i < s->nd && i < 2; i++) {
        int d = s->dims[i];
        dims[i] = d == DIM_R   ? c->rigid
                  : d == DIM_P ? (npy_intp)c->points
                  : d == DIM_C ? (npy_intp)c->cables
                  : d == DIM_D ? (npy_intp)c->data_count
                               : d;
    }
    if (a == IN_ROT)
        dims[2] = 3;
    return s->nd;
}

/* given as a float64 array of shape (N, dims...) or, when shared, (dims...);
 * N taken from or checked against c->n. */
static int stacked(batch_call *c, int a, PyObject *given)
{
    npy_intp dims[3];
    int nd = dims_of(c, a, dims);
    PyArrayObject *arr = pymbc_float_array(given, kwlist[a], "a numpy array of numbers");
    if (!arr)
        return -1;
    const int got = PyArray_NDIM(arr);
    const npy_intp *shape = PyArray_DIMS(arr);
    const int off = got == nd + 1 ? 1 : 0;
    bool ok = got == nd + 1 || (specs[a].shared && got == nd);
    for (int i = 0; ok && i < nd; i++)
        ok = shape[off + i] == dims[i];
    if (ok && off && c->n >= 0 && shape[0] != c->n)
        ok = false;
    if (!ok) {
        char want[128];
        shape_text(want, sizeof want, dims, nd, specs[a].shared);
        PyObject *got_shape = PyObject_GetAttrString((PyObject *)arr, "shape");
        if (got_shape && c->n >= 0)
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s with N = %zd (given %R)",
                         kwlist[a], want, (Py_ssize_t)c->n, got_shape);
        else if (got_shape)
            PyErr_Format(PyExc_ValueError, "%s: must have shape %s (given %R)", kwlist[a], want,
                         got_shape);
        Py_XDECREF(got_shape);
        Py_DECREF(arr);
        return -1;
    }
    size_t per = 1;
    for (int i = 0; i < nd; i++)
        per *= (size_t)dims[i];
    if (off)
        c->n = shape[0];
    c->in[a].a = arr;
    c->in[a].p = PyArray_DATA(arr);
    c->in[a].stride = off ? per : 0;
    return 0;
}

/* The size of axis 1 of a 3-axis input whose last axis is `last` (cable
 * points, cables) when no parameter fixes it; 0 when the shape is wrong
 * (stacked() then names it). */
static size_t axis1(PyObject *value, npy_intp last)
{
    PyArrayObject *a = pymbc_float_array(value, "", "");
    size_t n =
        a && PyArray_NDIM(a) == 3 && PyArray_DIM(a, 2) == last ? (size_t)PyArray_DIM(a, 1) : 0;
    Py_XDECREF(a);
    PyErr_Clear();
    return n;
}

/* P (cable points) and C (cables): from the parameters that fix them, else
 * from the arrays. */
static int read_counts(batch_call *c, PyObject *const *given, PyObject *segments)
{
    size_t ncs = count_param(c->o, "numberOfContactSegments");
    if (c->shape && c->element && read_segments(c, segments, ncs) < 0)
        return -1;
    if (!c->element && segments) {
        PyErr_Format(PyExc_TypeError,
                     "evaluate_many: %s does not take segments: it belongs to "
                     "cableQ (ANCF elements)",
                     c->t->type_name);
        return -1;
    }
    if (c->shape && !c->element)
        c->points = ncs ? ncs + 1 : axis1(given[IN_POINTS], 2);
    c->segments = c->points ? c->points - 1 : 0;
    if (c->ale) {
        const mbc_param_info *p = mbc_object_find_param(c->o, "slidingMarkerNumbers");
        c->cables = p ? mbc_param_count(p, c->o->params) : axis1(given[IN_CABLES_Q], 8);
    }
    return 0;
}

void batch_index_text(PyArrayObject *a, npy_intp flat, char *buf, size_t size)
{
    const int nd = PyArray_NDIM(a);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < nd && at < size; i++) {
        npy_intp below = 1;
        for (int j = i + 1; j < nd; j++)
            below *= PyArray_DIM(a, j);
        at += (size_t)snprintf(buf + at, size - at, "%s%zd%s", i ? ", " : "[",
                               (Py_ssize_t)(flat / below % PyArray_DIM(a, i)),
                               i == nd - 1 ? "]" : "");
    }
}

/* ValueError "NAME[i, j]: must be RULE (given x)" for element flat of input a. */
static int bad_value(const batch_call *c, int a, npy_intp flat, const char *rule)
{
    char index[96], given[40];
    batch_index_text(c->in[a].a, flat, index, sizeof index);
    mbc_format_number(c->in[a].p[flat], given, sizeof given);
    PyErr_Format(PyExc_ValueError, "%s%s: must be %s (given %s)", kwlist[a], index, rule, given);
    return -1;
}

/* Lengths > 0 and, for an ALE cable element, a zero offset: checked over
 * the whole arrays once (the dispatch checks that numbers are finite). */
static int check_values(const batch_call *c)
{
    static const int positive[] = {IN_LENGTH, IN_CABLE_LENGTHS};
    for (size_t i = 0; i < 2; i++) {
        const batch_array *b = &c->in[positive[i]];
        for (npy_intp k = 0; b->a && k < PyArray_SIZE(b->a); k++)
            if (!(b->p[k] > 0.0))
                return bad_value(c, positive[i], k, "> 0");
    }
    const batch_array *off = &c->in[IN_OFFSET];
    for (npy_intp k = 0; c->in[IN_ELEM_ALE].a && off->a && k < PyArray_SIZE(off->a); k++)
        if (off->p[k] != 0.0)
            return bad_value(c, IN_OFFSET, k, "0 for an ALE cable (one with cableAle)");
    return 0;
}

/* ------------------------------------------------------------ options */

/* forces=, postNewtonStep=, algebraicEquations=: None takes the type's
 * default, else a bool; asking for a hook the type lacks is RuntimeError. */
static int read_flag(PyObject *value, const char *name, bool fallback, bool has_hook,
                     const char *hook, const mbc_type_info *t, bool *flag)
{
    if (value && value != Py_None && !PyBool_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s: must be True, False or None (given %s)", name,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    *flag = value && value != Py_None ? value == Py_True : fallback && has_hook;
    if (*flag && !has_hook) {
        PyErr_Format(PyExc_RuntimeError, "%s has no %s", t->type_name, hook);
        return -1;
    }
    return 0;
}

/* outputs=: True (all; the default), False or None (none) or a list of
 * names. */
static int read_outputs(batch_call *c, PyObject *outputs)
{
    const mbc_type_info *t = c->t;
    if (t->output_count > BATCH_MAX_OUTPUTS) {
        PyErr_Format(PyExc_ValueError, "evaluate_many: %s has more than %d outputs", t->type_name,
                     BATCH_MAX_OUTPUTS);
        return -1;
    }
    bool all = !outputs || outputs == Py_True;
    for (size_t i = 0; i < t->output_count; i++)
        c->outputs[i] = all && t->output;
    if (all || outputs == Py_False || outputs == Py_None)
        return 0;
    if (PyUnicode_Check(outputs) || PyBytes_Check(outputs) || !PySequence_Check(outputs)) {
        PyErr_Format(PyExc_TypeError, "outputs: must be True, False or a list of names (given %s)",
                     Py_TYPE(outputs)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(outputs, "outputs: must be True, False or a list of names");
    if (!seq)
        return -1;
    int rc = 0;
    for (Py_ssize_t k = 0; rc == 0 && k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, k);
        const char *name = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
        int i = name ? mbc_type_find_output(t, name) : -1;
        if (i >= 0)
            c->outputs[i] = true;
        else if (!PyUnicode_Check(item))
            PyErr_Format(PyExc_TypeError,
                         "outputs: must be True, False or a list of names (given %s in the list)",
                         Py_TYPE(item)->tp_name);
        else if (name)
            PyErr_Format(PyExc_ValueError, "outputs: %s has no output variable %R", t->type_name,
                         item);
        rc = i >= 0 ? 0 : -1;
    }
    Py_DECREF(seq);
    return rc;
}

/* ------------------------------------------------------------ the call */

/* The arrays given, in kwlist order; None counts as not given. */
static int read_arrays(batch_call *c, PyObject **given, PyObject *segments)
{
    for (int a = 0; a < IN_COUNT; a++)
        if (given[a] == Py_None)
            given[a] = NULL;
    c->element = c->shape && given[IN_ELEM_Q];
    for (int a = 0; a < IN_COUNT; a++) {
        const char *why = given[a] ? not_for(c, a) : NULL;
        if (why) {
            PyErr_Format(PyExc_TypeError, "evaluate_many: %s does not take %s: %s", c->t->type_name,
                         kwlist[a], why);
            return -1;
        }
    }
    if (check_required(c, given) < 0 || read_counts(c, given, segments) < 0)
        return -1;
    c->n = -1;
    for (int a = 0; a < IN_COUNT; a++)
        if (given[a] && stacked(c, a, given[a]) < 0)
            return -1;
    if (c->n < 0)
        c->n = 1; /* every input one shared row: one state */
    return check_values(c);
}

int batch_call_read(batch_call *c, PyObject *args, PyObject *kwargs)
{
    PyObject *given[IN_COUNT] = {NULL};
    PyObject *segments = NULL, *forces = NULL, *outputs = NULL, *pns = NULL, *alg = NULL;
    PyObject *out = NULL;
    if (!PyArg_ParseTupleAndKeywords(
            args, kwargs, "|OOOOOO$OOOOOOOOOOOOOOOOOOO:evaluate_many", kwlist, &given[0], &given[1],
            &given[2], &given[3], &given[4], &given[5], &given[6], &given[7], &given[8], &given[9],
            &given[10], &given[11], &given[12], &given[13], &given[14], &given[15], &given[16],
            &given[17], &given[18], &segments, &forces, &outputs, &pns, &alg, &out))
        return -1;
    if (pymbc_ensure_initialized(c->o) < 0) /* the sizes below follow valid parameters */
        return -1;
    c->t = c->o->type;
    read_layout(c);
    const mbc_type_info *t = c->t;
    if (read_flag(forces, "forces", true, t->forces, "force evaluation", t, &c->forces) < 0 ||
        read_flag(pns, "postNewtonStep", false, t->post_newton_step, "PostNewtonStep", t,
                  &c->post_newton) < 0 ||
        read_flag(alg, "algebraicEquations", true, t->algebraic_equations, "algebraic equations", t,
                  &c->algebraic) < 0 ||
        read_outputs(c, outputs) < 0)
        return -1;
    if (segments == Py_None)
        segments = NULL;
    c->out = out == Py_None ? NULL : out;
    if (c->out && !PyDict_Check(c->out)) {
        PyErr_Format(PyExc_TypeError,
                     "out: must be the dict an earlier evaluate_many call "
                     "returned (given %s)",
                     Py_TYPE(c->out)->tp_name);
        return -1;
    }
    return read_arrays(c, given, segments);
}

void batch_call_release(batch_call *c)
{
    for (int a = 0; a < IN_COUNT; a++)
        Py_CLEAR(c->in[a].a);
}
