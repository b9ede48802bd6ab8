/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate_many(...) for types with a cable marker (e.g.
 * ContactFrictionCircleCable2D: a Cable2DShape marker; JointALEMoving2D:
 * ANCF cable coordinates, an ALE node and Lagrange multipliers).
 *
 * The N states come stacked in numpy arrays (shapes checked once, before the
 * loop). One C loop assembles each state with the library's mbc_input (the
 * checks and messages of evaluate() and `mbc eval`) and evaluates it with
 * mbc_result (forces, PostNewtonStep, every output, algebraic equations, in
 * that order), so the result equals a Python loop over evaluate(), element
 * by element. A failing state raises the library's message followed by
 * "(state K)". The input assembly allocates per state (cable buffers); types
 * with rigid or position markers only take the allocation-free loop of
 * batch.c. The GIL is held: parameters cannot change under the loop.
 *
 * Results, N first: force and torque (N, 2, 3) (NaN for a marker that
 * receives no force, the cable marker), cablePointForces (N, n+1, 2),
 * outputs {name: (N, size)}, postNewtonStep {data (N, nd), error (N,),
 * recommendedStepSize (N,) (NaN: none), warnings (N,) uint32, markerNumber1
 * (N,) int64 for ALE joints}, algebraicEquations {position, velocity: (N, 2)}
 * and jacobian / jacobianVelocity {name: (N, 2, columns)}. */
#include "pymbc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/input.h"
#include "mbconnect/result.h"

#define MAX_OUTPUTS 32

/* Stacked inputs (a row per state; stride 0: one row shared by all). */
typedef struct stack {
    PyArrayObject *a;
    const double *p;
    size_t stride;
} stack;

/* value as float64 of shape (N, dims...) or, when broadcast, (dims...). */
static int take(PyObject *value, const char *name, npy_intp *n, const npy_intp *dims, int nd,
                bool broadcast, stack *s)
{
    bool shared = false;
    s->a = pymbc_batch_stacked(value, name, n, dims, nd, broadcast, &shared);
    if (!s->a)
        return -1;
    size_t per = 1;
    for (int i = 0; i < nd; i++)
        per *= (size_t)dims[i];
    s->p = PyArray_DATA(s->a);
    s->stride = shared ? 0 : per;
    return 0;
}

/* The size of axis `axis` of value, an array of `nd` axes whose last one
 * has `last` elements; -1 with ValueError naming the expected shape. */
static npy_intp axis_size(PyObject *value, const char *name, int nd, int axis, npy_intp last,
                          const char *want)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FromAny(value, NULL, 0, 0, 0, NULL);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: must be a numpy array of numbers (got %s)", name,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    npy_intp size = -1;
    if (PyArray_NDIM(a) == nd && PyArray_DIM(a, nd - 1) == last)
        size = PyArray_DIM(a, axis);
    else {
        PyObject *shape = PyObject_GetAttrString((PyObject *)a, "shape");
        PyErr_Format(PyExc_ValueError, "%s: must have shape %s (got %R)", name, want, shape);
        Py_XDECREF(shape);
    }
    Py_DECREF(a);
    return size;
}

static const double *row(const stack *s, npy_intp k)
{
    return s->p ? s->p + s->stride * (size_t)k : NULL;
}

/* Result arrays, created from the first state's result. */
typedef struct algebraic_field {
    const char *group, *name;
    size_t offset, cols;
} algebraic_field;

#define AF(g, n, m, c)                                                                             \
    {                                                                                              \
        g, n, offsetof(mbc_algebraic, m), c                                                        \
    }
static const algebraic_field algebraic_fields[] = {
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

typedef struct results {
    PyObject *force, *torque, *cable;
    PyObject *outputs[MAX_OUTPUTS];
    PyObject *pns_data, *pns_error, *pns_step, *pns_warn, *pns_marker;
    PyObject *algebraic[ALGEBRAIC_FIELDS];
} results;

static PyObject *empty(npy_intp n, npy_intp d1, npy_intp d2, int nd, int dtype)
{
    npy_intp dims[3] = {n, d1, d2};
    return PyArray_EMPTY(nd, dims, dtype, 0);
}

static double *d(PyObject *a)
{
    return (double *)PyArray_DATA((PyArrayObject *)a);
}

/* Creates the arrays for what r (the first state's result) holds. */
static int create(results *res, const mbc_result *r, npy_intp n, bool want_forces, const bool *use,
                  bool want_pns)
{
    if (want_forces && r->has_forces) {
        res->force = empty(n, 2, 3, 3, NPY_FLOAT64);
        res->torque = empty(n, 2, 3, 3, NPY_FLOAT64);
        if (!res->force || !res->torque)
            return -1;
        if (r->forces.cable_point_forces &&
            !(res->cable = empty(n, (npy_intp)r->forces.cable_point_count, 2, 3, NPY_FLOAT64)))
            return -1;
    }
    for (size_t i = 0; i < r->output_count && i < MAX_OUTPUTS; i++)
        if (use[i] &&
            !(res->outputs[i] = empty(n, (npy_intp)r->outputs[i].count, 0, 2, NPY_FLOAT64)))
            return -1;
    if (want_pns && r->has_post_newton) {
        if (!(res->pns_data = empty(n, (npy_intp)r->data_count, 0, 2, NPY_FLOAT64)) ||
            !(res->pns_error = empty(n, 0, 0, 1, NPY_FLOAT64)) ||
            !(res->pns_step = empty(n, 0, 0, 1, NPY_FLOAT64)) ||
            !(res->pns_warn = empty(n, 0, 0, 1, NPY_UINT32)))
            return -1;
        if (r->has_marker_number1 && !(res->pns_marker = empty(n, 0, 0, 1, NPY_INT64)))
            return -1;
    }
    for (size_t i = 0; r->has_algebraic && i < ALGEBRAIC_FIELDS; i++) {
        size_t c = algebraic_fields[i].cols;
        if (!(res->algebraic[i] = empty(n, 2, (npy_intp)c, c ? 3 : 2, NPY_FLOAT64)))
            return -1;
    }
    return 0;
}

/* Copies state k's result; -1 with ValueError when its sizes differ from
 * those of state 0 (e.g. a cable output whose size follows the input). */
static int store(results *res, const mbc_result *r, npy_intp k, const mbc_type_info *t)
{
    if (res->force) {
        for (int m = 0; m < 2; m++)
            for (int i = 0; i < 3; i++) {
                d(res->force)[6 * k + 3 * m + i] =
                    r->marker_has_force[m] ? r->forces.force[m][i] : NAN;
                d(res->torque)[6 * k + 3 * m + i] =
                    r->marker_has_force[m] ? r->forces.torque[m][i] : NAN;
            }
        if (res->cable)
            memcpy(d(res->cable) + 2 * r->forces.cable_point_count * (size_t)k,
                   r->forces.cable_point_forces, 2 * r->forces.cable_point_count * sizeof(double));
    }
    for (size_t i = 0; i < r->output_count && i < MAX_OUTPUTS; i++) {
        if (!res->outputs[i])
            continue;
        npy_intp size = PyArray_DIM((PyArrayObject *)res->outputs[i], 1);
        if ((npy_intp)r->outputs[i].count != size) {
            PyErr_Format(PyExc_ValueError,
                         "%s: output %s has %zd values in state %zd but %zd in state 0; batch "
                         "states of the same size",
                         t->type_name, r->outputs[i].name, (Py_ssize_t)r->outputs[i].count,
                         (Py_ssize_t)k, (Py_ssize_t)size);
            return -1;
        }
        memcpy(d(res->outputs[i]) + (size_t)size * (size_t)k, r->outputs[i].values,
               (size_t)size * sizeof(double));
    }
    if (res->pns_data) {
        const mbc_post_newton *pn = &r->post_newton;
        memcpy(d(res->pns_data) + r->data_count * (size_t)k, pn->data,
               r->data_count * sizeof(double));
        d(res->pns_error)[k] = pn->error;
        d(res->pns_step)[k] = pn->recommended_step < 0.0 ? NAN : pn->recommended_step;
        ((npy_uint32 *)PyArray_DATA((PyArrayObject *)res->pns_warn))[k] = pn->warnings;
        if (res->pns_marker)
            ((npy_int64 *)PyArray_DATA((PyArrayObject *)res->pns_marker))[k] = pn->marker_number1;
    }
    for (size_t i = 0; res->algebraic[0] && i < ALGEBRAIC_FIELDS; i++) {
        size_t c = algebraic_fields[i].cols ? algebraic_fields[i].cols : 1;
        memcpy(d(res->algebraic[i]) + 2 * c * (size_t)k,
               (const char *)&r->algebraic + algebraic_fields[i].offset, 2 * c * sizeof(double));
    }
    return 0;
}

/* d[key] = value (borrowed); -1 on failure. */
static int put(PyObject *dict, const char *key, PyObject *value)
{
    return value ? PyDict_SetItemString(dict, key, value) : 0;
}

static PyObject *assemble(const results *res, const mbc_type_info *t)
{
    PyObject *r = PyDict_New(), *outs = PyDict_New(), *pns = NULL;
    int rc = r && outs ? 0 : -1;
    if (rc == 0 && res->force)
        rc = put(r, "force", res->force) | put(r, "torque", res->torque) |
             put(r, "cablePointForces", res->cable);
    for (size_t i = 0; rc == 0 && i < t->output_count && i < MAX_OUTPUTS; i++)
        rc = put(outs, t->outputs[i].name, res->outputs[i]);
    if (rc == 0 && t->output)
        rc = put(r, "outputs", outs);
    if (rc == 0 && res->pns_data) {
        pns = PyDict_New();
        rc = pns ? put(pns, "data", res->pns_data) | put(pns, "error", res->pns_error) |
                       put(pns, "recommendedStepSize", res->pns_step) |
                       put(pns, "warnings", res->pns_warn) |
                       put(pns, "markerNumber1", res->pns_marker) | put(r, "postNewtonStep", pns)
                 : -1;
    }
    for (size_t i = 0; rc == 0 && res->algebraic[0] && i < ALGEBRAIC_FIELDS; i++) {
        PyObject *g = PyDict_GetItemString(r, algebraic_fields[i].group);
        if (!g) {
            g = PyDict_New();
            rc = g ? PyDict_SetItemString(r, algebraic_fields[i].group, g) : -1;
            Py_XDECREF(g);
        }
        if (rc == 0)
            rc = put(g, algebraic_fields[i].name, res->algebraic[i]);
    }
    Py_XDECREF(outs);
    Py_XDECREF(pns);
    if (rc == 0)
        return r;
    Py_XDECREF(r);
    return NULL;
}

static void release(results *res)
{
    PyObject **all[] = {&res->force,     &res->torque,   &res->cable,    &res->pns_data,
                        &res->pns_error, &res->pns_step, &res->pns_warn, &res->pns_marker};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        Py_CLEAR(*all[i]);
    for (size_t i = 0; i < MAX_OUTPUTS; i++)
        Py_CLEAR(res->outputs[i]);
    for (size_t i = 0; i < ALGEBRAIC_FIELDS; i++)
        Py_CLEAR(res->algebraic[i]);
}

enum {
    IN_POS,
    IN_VEL,
    IN_ROT,
    IN_OMEGA,
    IN_DATA,
    IN_START,
    IN_POINTS,
    IN_POINT_VEL,
    IN_LENGTH,
    IN_ALE_COORD,
    IN_ELEM_Q,
    IN_ELEM_Q_T,
    IN_OFFSET,
    IN_ELEM_ALE,
    IN_CABLES_Q,
    IN_CABLES_Q_T,
    IN_CABLE_LENGTHS,
    IN_ALE,
    IN_LAGRANGE,
    IN_COUNT
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
                         NULL};

/* Which inputs the type takes, by its marker kinds. */
static const char *not_for(const mbc_type_info *t, int a, int rigid)
{
    bool shape = false, ale = false;
    for (int m = 0; m < 2; m++) {
        shape |= t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE;
        ale |= t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES;
    }
    if (a <= IN_OMEGA && rigid == 0)
        return "it has no rigid or position marker";
    if (a >= IN_POINTS && a <= IN_ELEM_ALE && !shape)
        return "it has no Cable2DShape marker";
    if (a >= IN_CABLES_Q && a <= IN_ALE && !ale)
        return "it has no ANCF cable coordinates marker";
    if (a == IN_LAGRANGE && !t->algebraic_equations)
        return "it has no algebraic equations";
    return NULL;
}

PyObject *pymbc_evaluate_many_general(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    PyObject *given[IN_COUNT] = {NULL};
    PyObject *segments_arg = NULL, *outputs = NULL;
    int want_forces = 1, want_pns = 0; /* as batch.c */
    if (!PyArg_ParseTupleAndKeywords(
            args, kwargs, "|OOOOOOOOOOOOOOOOOOOOpOp:evaluate_many", kwlist, &given[0], &given[1],
            &given[2], &given[3], &given[4], &given[5], &given[6], &given[7], &given[8], &given[9],
            &given[10], &given[11], &given[12], &given[13], &given[14], &given[15], &given[16],
            &given[17], &given[18], &segments_arg, &want_forces, &outputs, &want_pns))
        return NULL;
    mbc_object *o = self->obj;
    const mbc_type_info *t = o->type;
    int rigid = 0;
    for (int m = 0; m < 2; m++)
        rigid +=
            t->marker_kinds[m] == MBC_MARKER_POSITION || t->marker_kinds[m] == MBC_MARKER_RIGID;
    for (int a = 0; a < IN_COUNT; a++) {
        const char *why = given[a] && given[a] != Py_None ? not_for(t, a, rigid) : NULL;
        if (why) {
            PyErr_Format(PyExc_TypeError, "evaluate_many: %s does not take %s: %s", t->type_name,
                         kwlist[a], why);
            return NULL;
        }
        if (given[a] == Py_None)
            given[a] = NULL;
    }
    if (t->output_count > MAX_OUTPUTS) {
        PyErr_Format(PyExc_ValueError, "evaluate_many: %s has more than %d outputs", t->type_name,
                     MAX_OUTPUTS);
        return NULL;
    }
    bool use[MAX_OUTPUTS];
    if (pymbc_batch_select_outputs(t, outputs, use) < 0 || pymbc_ensure_initialized(o) < 0)
        return NULL;

    bool shape = false, ale = false;
    for (int m = 0; m < 2; m++) {
        shape |= t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE;
        ale |= t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES;
    }
    bool points = given[IN_POINTS] != NULL, element = given[IN_ELEM_Q] != NULL;
    if (rigid && (!given[IN_POS] || !given[IN_VEL])) {
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs position and velocity of shape (N, %d, 3)",
                     t->type_name, rigid);
        return NULL;
    }
    if (shape && points == element) {
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs its cable either as cablePoints (N, n+1, 2) or as "
                     "ANCF elements cableQ (N, 8), not %s",
                     t->type_name, points ? "both" : "neither");
        return NULL;
    }
    if (ale && (!given[IN_CABLES_Q] || !given[IN_ALE] || !given[IN_CABLE_LENGTHS])) {
        PyErr_Format(PyExc_ValueError,
                     "evaluate_many: %s needs cablesQ (N, C, 8), cableLengths (C,) and ale (N, 2) "
                     "= [q_ALE, q_ALE_t]",
                     t->type_name);
        return NULL;
    }
    if (shape && !given[IN_LENGTH]) {
        PyErr_Format(
            PyExc_ValueError,
            "cableLength: missing (the cable's reference length L in m, a number or (N,))");
        return NULL;
    }
    size_t segments = 0;
    if (element) {
        long s = segments_arg ? PyLong_AsLong(segments_arg) : -1;
        if (s < 1 || s > MBC_INPUT_MAX_SEGMENTS) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "segments: must be a whole number in [1, %d], = numberOfContactSegments "
                         "(got %R)",
                         MBC_INPUT_MAX_SEGMENTS, segments_arg ? segments_arg : Py_None);
            return NULL;
        }
        segments = (size_t)s;
    }

    const size_t ndata = mbc_data_count(t, o->params);
    stack in[IN_COUNT];
    memset(in, 0, sizeof in);
    results res;
    memset(&res, 0, sizeof res);
    PyObject *result = NULL;
    npy_intp n = -1, pc = 0, cc = 0;
    if (points && (pc = axis_size(given[IN_POINTS], "cablePoints", 3, 1, 2, "(N, n+1, 2)")) < 0)
        goto done;
    if (ale && (cc = axis_size(given[IN_CABLES_Q], "cablesQ", 3, 1, 8, "(N, C, 8)")) < 0)
        goto done;
    {
        const npy_intp r3[2] = {rigid, 3}, r33[3] = {rigid, 3, 3};
        const npy_intp nd_[1] = {(npy_intp)ndata};
        const npy_intp p2[2] = {pc, 2}, e8[1] = {8}, two[1] = {2}, c8[2] = {cc, 8}, c1[1] = {cc};
        const struct {
            const npy_intp *dims;
            int nd;
            bool broadcast;
        } spec[IN_COUNT] = {
            [IN_POS] = {r3, 2, false},          [IN_VEL] = {r3, 2, false},
            [IN_ROT] = {r33, 3, false},         [IN_OMEGA] = {r3, 2, false},
            [IN_DATA] = {nd_, 1, true},         [IN_START] = {nd_, 1, true},
            [IN_POINTS] = {p2, 2, false},       [IN_POINT_VEL] = {p2, 2, false},
            [IN_LENGTH] = {NULL, 0, true},      [IN_ALE_COORD] = {NULL, 0, true},
            [IN_ELEM_Q] = {e8, 1, false},       [IN_ELEM_Q_T] = {e8, 1, false},
            [IN_OFFSET] = {NULL, 0, true},      [IN_ELEM_ALE] = {two, 1, false},
            [IN_CABLES_Q] = {c8, 2, false},     [IN_CABLES_Q_T] = {c8, 2, false},
            [IN_CABLE_LENGTHS] = {c1, 1, true}, [IN_ALE] = {two, 1, false},
            [IN_LAGRANGE] = {two, 1, true},
        };
        for (int a = 0; a < IN_COUNT; a++)
            if (given[a] && take(given[a], kwlist[a], &n, spec[a].dims, spec[a].nd,
                                 spec[a].broadcast, &in[a]) < 0)
                goto done;
    }
    if (n < 0)
        n = 1; /* every input shared: one state */
    if (cc > 64) {
        PyErr_Format(PyExc_ValueError, "cablesQ: at most 64 cables per state (got %zd)",
                     (Py_ssize_t)cc);
        goto done;
    }

    {
        mbc_cable_element cables[64];
        mbc_result r;
        mbc_error err;
        for (npy_intp k = 0; k < n; k++) {
            mbc_input input;
            const mbc_state *s = NULL;
            mbc_status st = mbc_input_init(&input, o, &err);
            memset(&r, 0, sizeof r);
            int rm = 0;
            for (int m = 0; st == MBC_OK && m < 2; m++) {
                int kind = t->marker_kinds[m];
                if (kind == MBC_MARKER_POSITION || kind == MBC_MARKER_RIGID) {
                    const double *rot = row(&in[IN_ROT], k), *om = row(&in[IN_OMEGA], k);
                    st = mbc_input_set_rigid_marker(
                        &input, m, row(&in[IN_POS], k) + 3 * rm, row(&in[IN_VEL], k) + 3 * rm,
                        rot ? rot + 9 * rm : NULL, om ? om + 3 * rm : NULL, &err);
                    rm++;
                } else if (kind == MBC_MARKER_CABLE2D_SHAPE && points) {
                    const double *ac = row(&in[IN_ALE_COORD], k);
                    st = mbc_input_set_cable_points(&input, m, row(&in[IN_POINTS], k),
                                                    2 * (size_t)pc, row(&in[IN_POINT_VEL], k),
                                                    *row(&in[IN_LENGTH], k), ac ? *ac : 0.0, &err);
                } else if (kind == MBC_MARKER_CABLE2D_SHAPE) {
                    mbc_cable_element e;
                    memset(&e, 0, sizeof e);
                    memcpy(e.q, row(&in[IN_ELEM_Q], k), sizeof e.q);
                    if (in[IN_ELEM_Q_T].p)
                        memcpy(e.q_t, row(&in[IN_ELEM_Q_T], k), sizeof e.q_t);
                    e.length = *row(&in[IN_LENGTH], k);
                    const double *off = row(&in[IN_OFFSET], k);
                    st = mbc_input_set_cable_element(&input, m, &e, off ? *off : 0.0,
                                                     row(&in[IN_ELEM_ALE], k), segments, &err);
                }
            }
            if (st == MBC_OK && ale) {
                for (npy_intp c = 0; c < cc; c++) {
                    memset(&cables[c], 0, sizeof cables[c]);
                    memcpy(cables[c].q, row(&in[IN_CABLES_Q], k) + 8 * c, sizeof cables[c].q);
                    if (in[IN_CABLES_Q_T].p)
                        memcpy(cables[c].q_t, row(&in[IN_CABLES_Q_T], k) + 8 * c,
                               sizeof cables[c].q_t);
                    cables[c].length = row(&in[IN_CABLE_LENGTHS], k)[c];
                }
                const double *a = row(&in[IN_ALE], k);
                st = mbc_input_set_ale_cables(&input, cables, (size_t)cc, &err);
                if (st == MBC_OK)
                    st = mbc_input_set_ale_node(&input, a[0], a[1], &err);
            }
            if (st == MBC_OK && in[IN_LAGRANGE].p)
                st = mbc_input_set_lagrange(&input, row(&in[IN_LAGRANGE], k), &err);
            if (st == MBC_OK && in[IN_DATA].p)
                st = mbc_input_set_data(&input, row(&in[IN_DATA], k), ndata, &err);
            if (st == MBC_OK && in[IN_START].p)
                st = mbc_input_set_data_start(&input, row(&in[IN_START], k), ndata, &err);
            if (st == MBC_OK)
                st = mbc_input_state(&input, &s, &err);
            if (st == MBC_OK)
                st = mbc_result_evaluate(&r, o, s, &err);
            int rc = 0;
            if (st != MBC_OK) {
                char msg[MBC_ERROR_SIZE + 64];
                snprintf(msg, sizeof msg, "%s (state %zd)", err.message, (Py_ssize_t)k);
                pymbc_raise(st, msg);
                rc = -1;
            } else if (k == 0) {
                rc = create(&res, &r, n, want_forces, use, want_pns);
            }
            if (rc == 0)
                rc = store(&res, &r, k, t);
            mbc_result_free(&r);
            mbc_input_free(&input);
            if (rc < 0)
                goto done;
        }
    }
    result = assemble(&res, t);
done:
    for (int a = 0; a < IN_COUNT; a++)
        Py_XDECREF(in[a].a);
    release(&res);
    return result;
}
