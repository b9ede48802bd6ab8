/* obj.evaluate(...): one state given as in an `mbc eval` case file (markers,
 * data, dataStartOfStep, cables, ale, lagrangeMultipliers), evaluated like
 * `mbc eval` does (forces, PostNewtonStep, outputs, algebraic equations, in
 * that order), the result as a dict with numpy arrays under the keys of the
 * case JSON. Which markers a type has comes from its reflection table
 * (marker_types): rigid/position markers, a Cable2DShape marker, or ANCF
 * cable coordinates (the ALE joint). */
#include "pymbc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/ancf_cable2d.h"

#define FIELD_SIZE 64
#define PATH_SIZE  (2 * FIELD_SIZE)

typedef enum marker_kind { MARKER_RIGID, MARKER_CABLE_SHAPE, MARKER_CABLE_COORDINATES } marker_kind;

typedef struct eval_input {
    const mbc_type_info *type;
    marker_kind kinds[2];
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    double *cable_points; /* PyMem; 2(n+1) */
    double *cable_velocities;
    mbc_cable_element *cables; /* PyMem */
    size_t cable_count;
    double ale_q, ale_q_t;
    double lagrange[2];
    double *data; /* PyMem */
    double *data_start;
    size_t data_count;
} eval_input;

static void input_free(eval_input *in)
{
    PyMem_Free(in->cable_points);
    PyMem_Free(in->cable_velocities);
    PyMem_Free(in->cables);
    PyMem_Free(in->data);
    PyMem_Free(in->data_start);
}

static marker_kind kind_of(mbc_marker_kind k)
{
    return k == MBC_MARKER_CABLE2D_SHAPE         ? MARKER_CABLE_SHAPE
           : k == MBC_MARKER_CABLE2D_COORDINATES ? MARKER_CABLE_COORDINATES
                                                 : MARKER_RIGID;
}

/* ------------------------------------------------------------- reading */

/* The dict at `value` may only have keys from `allowed`. */
static int check_dict(PyObject *value, const char *field, const char *const *allowed, size_t n,
                      const char *what)
{
    if (!PyDict_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s: must be a dict %s, got %s", field, what,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    PyObject *key, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(value, &pos, &key, &v)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        bool ok = false;
        for (size_t i = 0; k && i < n; i++)
            ok = ok || strcmp(k, allowed[i]) == 0;
        if (!ok) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: unknown key %R (allowed: %s)", field, key, what);
            return -1;
        }
    }
    return 0;
}

/* d[key] into out[n]; absent: unchanged, or an error when required. */
static int read_fixed(PyObject *d, const char *base, const char *key, double *out, npy_intp n,
                      bool required)
{
    char field[PATH_SIZE];
    snprintf(field, sizeof field, "%s.%.*s", base, FIELD_SIZE - 2, key);
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v || v == Py_None) {
        if (!required)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s: missing (a list of %zd numbers)", field, (Py_ssize_t)n);
        return -1;
    }
    PyArrayObject *a = pymbc_vector(v, n, field);
    if (!a)
        return -1;
    memcpy(out, PyArray_DATA(a), (size_t)n * sizeof(double));
    Py_DECREF(a);
    return 0;
}

/* d[key] as a number; absent: unchanged, or an error when `hint` is given. */
static int read_number(PyObject *d, const char *base, const char *key, double *out,
                       const char *hint)
{
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v || v == Py_None) {
        if (!hint)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s.%s: missing (%s)", base, key, hint);
        return -1;
    }
    if (!PyNumber_Check(v) || PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s.%s: must be a number, got %s", base, key,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    double x = PyFloat_AsDouble(v);
    if (x == -1.0 && PyErr_Occurred())
        return -1;
    *out = x;
    return 0;
}

static int read_rigid(PyObject *m, const char *base, mbc_rigid_marker *r)
{
    static const char *const keys[] = {"position", "velocity", "rotation", "angularVelocityLocal"};
    if (check_dict(m, base, keys, 4, "position, velocity, rotation, angularVelocityLocal") < 0)
        return -1;
    memset(r, 0, sizeof *r);
    r->rotation[0] = r->rotation[4] = r->rotation[8] = 1.0;
    if (read_fixed(m, base, "position", r->position, 3, true) < 0 ||
        read_fixed(m, base, "velocity", r->velocity, 3, true) < 0 ||
        read_fixed(m, base, "rotation", r->rotation, 9, false) < 0 ||
        read_fixed(m, base, "angularVelocityLocal", r->angular_velocity_local, 3, false) < 0)
        return -1;
    /* A^T A = I and det A > 0 (a proper rotation, local -> global) */
    const double *a = r->rotation;
    double dev = 0.0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0.0;
            for (int k = 0; k < 3; k++)
                s += a[3 * k + i] * a[3 * k + j];
            dev = fmax(dev, fabs(s - (i == j ? 1.0 : 0.0)));
        }
    double det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) +
                 a[2] * (a[3] * a[7] - a[4] * a[6]);
    if (!(dev <= 1e-9) || !(det > 0.0)) {
        char d1[32], d2[32];
        snprintf(d1, sizeof d1, "%.3g", dev);
        snprintf(d2, sizeof d2, "%.3g", det);
        PyErr_Format(PyExc_ValueError,
                     "%s.rotation: must be a rotation matrix, row-major local -> global (got max "
                     "|A^T A - I| = %s, det A = %s)",
                     base, d1, d2);
        return -1;
    }
    return 0;
}

static int read_element(PyObject *e, const char *base, mbc_cable_element *out, bool shape_keys,
                        double *offset, double ale[2])
{
    static const char *const keys[] = {"q", "q_t", "length", "verticalOffset", "ale"};
    if (check_dict(e, base, keys, shape_keys ? 5 : 3,
                   shape_keys ? "q, q_t, length, verticalOffset, ale" : "q, q_t, length") < 0)
        return -1;
    memset(out, 0, sizeof *out);
    if (read_fixed(e, base, "q", out->q, 8, true) < 0 ||
        read_fixed(e, base, "q_t", out->q_t, 8, false) < 0 ||
        read_number(e, base, "length", &out->length, "the element's reference length L in m") < 0)
        return -1;
    if (!(out->length > 0.0)) {
        char given[64];
        mbc_format_number(out->length, given, sizeof given);
        PyErr_Format(PyExc_ValueError, "%s.length: must be > 0 (got %s)", base, given);
        return -1;
    }
    if (!shape_keys)
        return 0;
    if (read_number(e, base, "verticalOffset", offset, NULL) < 0 ||
        read_fixed(e, base, "ale", ale, 2, false) < 0)
        return -1;
    return 0;
}

/* numberOfContactSegments of the object, or 0 when it has none. */
static size_t contact_segments(const mbc_object *o)
{
    double v = 0.0;
    size_t n = 0;
    mbc_error err;
    if (!mbc_object_find_param(o, "numberOfContactSegments") ||
        mbc_object_get(o, "numberOfContactSegments", &v, 1, &n, &err) != MBC_OK || n != 1 || v < 1)
        return 0;
    return (size_t)v;
}

static int read_cable_shape(const mbc_object *o, PyObject *m, const char *base, eval_input *in)
{
    size_t ncs = contact_segments(o);
    char field[PATH_SIZE];
    if (!PyDict_Check(m)) {
        PyErr_Format(PyExc_TypeError, "%s: must be a dict describing a Cable2DShape marker, got %s",
                     base, Py_TYPE(m)->tp_name);
        return -1;
    }
    if (PyDict_GetItemString(m, "cable")) {
        static const char *const keys[] = {"cable", "segments"};
        if (check_dict(m, base, keys, 2, "cable, segments") < 0)
            return -1;
        double segments = 0.0;
        if (read_number(m, base, "segments", &segments,
                        "the number of segments, = numberOfContactSegments") < 0)
            return -1;
        if (!(segments >= 1.0 && segments <= 1e6 && segments == floor(segments))) {
            char given[64];
            mbc_format_number(segments, given, sizeof given);
            PyErr_Format(PyExc_ValueError, "%s.segments: must be a whole number >= 1 (got %s)",
                         base, given);
            return -1;
        }
        size_t n = (size_t)segments;
        if (ncs && n != ncs) {
            PyErr_Format(PyExc_ValueError,
                         "%s.segments: must equal numberOfContactSegments = %zu (got %zu)", base,
                         ncs, n);
            return -1;
        }
        snprintf(field, sizeof field, "%s.cable", base);
        mbc_cable_element e;
        double offset = 0.0, ale[2] = {0.0, 0.0};
        if (read_element(PyDict_GetItemString(m, "cable"), field, &e, true, &offset, ale) < 0)
            return -1;
        if (ale[0] != 0.0 && offset != 0.0) {
            PyErr_Format(PyExc_ValueError,
                         "%s.verticalOffset: must be 0 for an ALE cable (one with 'ale')", field);
            return -1;
        }
        in->cable_points = PyMem_Calloc(2 * (n + 1), sizeof(double));
        in->cable_velocities = PyMem_Calloc(2 * (n + 1), sizeof(double));
        if (!in->cable_points || !in->cable_velocities) {
            PyErr_NoMemory();
            return -1;
        }
        int r1 = mbc_cable2d_shape_points(e.q, e.length, offset, (int)n, in->cable_points);
        int r2 = mbc_cable2d_shape_point_velocities(e.q, e.q_t, e.length, offset, ale[1], (int)n,
                                                    in->cable_velocities);
        if (r1 < 0 || r2 < 0 || ((r1 | r2) & MBC_CABLE2D_WARN_ZERO_SLOPE)) {
            PyErr_Format(PyExc_ValueError,
                         "%s: cannot build the cable points (the slope is zero at a point, or "
                         "the input is not finite)",
                         field);
            return -1;
        }
        in->cable.segment_count = n;
        in->cable.length = e.length;
        in->cable.ale_coordinate = ale[0];
    } else {
        static const char *const keys[] = {"points", "pointVelocities", "length", "aleCoordinate"};
        if (check_dict(m, base, keys, 4, "points, pointVelocities, length, aleCoordinate") < 0)
            return -1;
        snprintf(field, sizeof field, "%s.points", base);
        PyArrayObject *p = pymbc_vector(PyDict_GetItemString(m, "points"), 0, field);
        if (!p)
            return -1;
        size_t np = (size_t)PyArray_SIZE(p);
        if (np < 4 || np % 2 || (ncs && np != 2 * (ncs + 1))) {
            Py_DECREF(p);
            PyErr_Format(PyExc_ValueError,
                         "%s: must have 2 (n + 1) numbers for n >= 1 segments%s (got %zu)", field,
                         ncs ? ", n = numberOfContactSegments" : "", np);
            return -1;
        }
        in->cable_points = PyMem_Calloc(np, sizeof(double));
        in->cable_velocities = PyMem_Calloc(np, sizeof(double));
        if (!in->cable_points || !in->cable_velocities) {
            Py_DECREF(p);
            PyErr_NoMemory();
            return -1;
        }
        memcpy(in->cable_points, PyArray_DATA(p), np * sizeof(double));
        Py_DECREF(p);
        if (read_fixed(m, base, "pointVelocities", in->cable_velocities, (npy_intp)np, false) < 0)
            return -1;
        double length = 0.0, ale = 0.0;
        if (read_number(m, base, "length", &length, "the cable's reference length L in m") < 0 ||
            read_number(m, base, "aleCoordinate", &ale, NULL) < 0)
            return -1;
        if (!(length > 0.0)) {
            char given[64];
            mbc_format_number(length, given, sizeof given);
            PyErr_Format(PyExc_ValueError, "%s.length: must be > 0 (got %s)", base, given);
            return -1;
        }
        in->cable.segment_count = np / 2 - 1;
        in->cable.length = length;
        in->cable.ale_coordinate = ale;
    }
    in->cable.points = in->cable_points;
    in->cable.point_velocities = in->cable_velocities;
    return 0;
}

static int read_markers(const mbc_object *o, PyObject *markers, eval_input *in)
{
    const mbc_type_info *t = o->type;
    size_t listed = 0;
    for (int m = 0; m < 2; m++)
        listed += in->kinds[m] != MARKER_CABLE_COORDINATES;
    if (!markers || !PySequence_Check(markers) || PyDict_Check(markers) ||
        PyUnicode_Check(markers) || PySequence_Size(markers) != (Py_ssize_t)listed) {
        PyErr_Clear();
        if (listed == 2)
            PyErr_Format(PyExc_ValueError,
                         "markers: must be a list of 2 markers: m0 (%s), m1 (%s) (got %s)",
                         t->marker_types[0], t->marker_types[1],
                         markers ? Py_TYPE(markers)->tp_name : "nothing");
        else
            PyErr_Format(PyExc_ValueError,
                         "markers: must be a list of 1 marker: m0 (%s); m1 is given by 'cables' "
                         "(got %s)",
                         t->marker_types[0], markers ? Py_TYPE(markers)->tp_name : "nothing");
        return -1;
    }
    Py_ssize_t k = 0;
    for (int m = 0; m < 2; m++) {
        if (in->kinds[m] == MARKER_CABLE_COORDINATES)
            continue;
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "markers[%zd]", k);
        PyObject *item = PySequence_GetItem(markers, k++);
        if (!item)
            return -1;
        int rc = in->kinds[m] == MARKER_CABLE_SHAPE ? read_cable_shape(o, item, base, in)
                                                    : read_rigid(item, base, &in->rigid[m]);
        Py_DECREF(item);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int read_ale(const mbc_object *o, PyObject *cables, PyObject *ale, eval_input *in)
{
    size_t sn = 0;
    const mbc_param_info *sp = mbc_object_find_param(o, "slidingMarkerNumbers");
    if (sp)
        sn = mbc_param_count(sp, o->params);
    if (!cables || !PySequence_Check(cables) || PyDict_Check(cables) ||
        PySequence_Size(cables) != (Py_ssize_t)sn || sn == 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError,
                     "cables: must be a list of ANCF Cable2D elements {q, q_t, length}, one per "
                     "entry of slidingMarkerNumbers (%zu) (got %s)",
                     sn, cables ? Py_TYPE(cables)->tp_name : "nothing");
        return -1;
    }
    in->cables = PyMem_Calloc(sn, sizeof *in->cables);
    if (!in->cables) {
        PyErr_NoMemory();
        return -1;
    }
    in->cable_count = sn;
    for (size_t i = 0; i < sn; i++) {
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "cables[%zu]", i);
        PyObject *e = PySequence_GetItem(cables, (Py_ssize_t)i);
        if (!e)
            return -1;
        int rc = read_element(e, base, &in->cables[i], false, NULL, NULL);
        Py_DECREF(e);
        if (rc < 0)
            return -1;
    }
    static const char *const keys[] = {"q", "q_t"};
    if (!ale) {
        PyErr_SetString(PyExc_ValueError,
                        "ale: missing (a dict {q: ALE coordinate, q_t: its velocity})");
        return -1;
    }
    if (check_dict(ale, "ale", keys, 2, "q, q_t") < 0 ||
        read_number(ale, "ale", "q", &in->ale_q, "the ALE coordinate q_ALE in m") < 0 ||
        read_number(ale, "ale", "q_t", &in->ale_q_t, NULL) < 0)
        return -1;
    return 0;
}

static int read_data(const mbc_object *o, PyObject *data, PyObject *start, eval_input *in)
{
    size_t n = mbc_data_count(o->type, o->params);
    in->data_count = n;
    in->data = PyMem_Calloc(n ? n : 1, sizeof(double));
    in->data_start = PyMem_Calloc(n ? n : 1, sizeof(double));
    if (!in->data || !in->data_start) {
        PyErr_NoMemory();
        return -1;
    }
    mbc_initial_data(o->type, o->params, in->data);
    PyObject *src[2] = {data, start};
    double *dst[2] = {in->data, in->data_start};
    const char *names[2] = {"data", "dataStartOfStep"};
    for (int k = 0; k < 2; k++) {
        if (src[k] && src[k] != Py_None) {
            PyArrayObject *a = pymbc_vector(src[k], 0, names[k]);
            if (!a)
                return -1;
            if ((size_t)PyArray_SIZE(a) != n) {
                PyErr_Format(PyExc_ValueError,
                             "%s: must have %zu numbers, the data coordinates of %s (got %zd)",
                             names[k], n, o->type->type_name, (Py_ssize_t)PyArray_SIZE(a));
                Py_DECREF(a);
                return -1;
            }
            if (n)
                memcpy(dst[k], PyArray_DATA(a), n * sizeof(double));
            Py_DECREF(a);
        }
        if (k == 0 && n)
            memcpy(in->data_start, in->data, n * sizeof(double));
    }
    return 0;
}

static void state_of(const eval_input *in, mbc_state *s)
{
    memset(s, 0, sizeof *s);
    for (int m = 0; m < 2; m++)
        if (in->kinds[m] == MARKER_RIGID)
            s->marker[m] = &in->rigid[m];
    if (in->cable_points)
        s->cable = &in->cable;
    s->cables = in->cables;
    s->cable_count = in->cable_count;
    s->ale_q = in->ale_q;
    s->ale_q_t = in->ale_q_t;
    s->lagrange = in->type->algebraic_equations ? in->lagrange : NULL;
    s->data = in->data;
    s->data_start = in->data_start;
    s->data_count = in->data_count;
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

/* The library's message with what was being evaluated. */
static PyObject *eval_error(mbc_status st, const mbc_error *err, const char *what)
{
    char msg[MBC_ERROR_SIZE + 192];
    snprintf(msg, sizeof msg, "%s (%s)", err->message, what);
    return pymbc_raise(st, msg);
}

static int put_forces(PyObject *r, mbc_object *o, const eval_input *in, const mbc_state *s)
{
    mbc_forces f;
    memset(&f, 0, sizeof f);
    double *points = NULL;
    if (s->cable) {
        f.cable_point_count = s->cable->segment_count + 1;
        points = PyMem_Calloc(2 * f.cable_point_count, sizeof *points);
        if (!points) {
            PyErr_NoMemory();
            return -1;
        }
        f.cable_point_forces = points;
    }
    mbc_error err;
    mbc_status st = mbc_object_forces(o, s, &f, &err);
    if (st != MBC_OK) {
        PyMem_Free(points);
        eval_error(st, &err, "force evaluation");
        return -1;
    }
    PyObject *forces = PyDict_New();
    PyObject *markers = PyList_New(2);
    int rc = forces && markers ? 0 : -1;
    for (int m = 0; rc == 0 && m < 2; m++) {
        PyObject *item = Py_None;
        if (in->kinds[m] == MARKER_RIGID) {
            item = PyDict_New();
            if (!item || put(item, "force", vec(f.force[m], 3)) < 0 ||
                put(item, "torque", vec(f.torque[m], 3)) < 0) {
                Py_XDECREF(item);
                rc = -1;
                break;
            }
        } else {
            Py_INCREF(item);
        }
        PyList_SET_ITEM(markers, m, item);
    }
    if (rc == 0) {
        rc = put(forces, "markers", markers);
        markers = NULL;
    }
    if (rc == 0 && points)
        rc = put(forces, "cablePoints", mat(points, (npy_intp)f.cable_point_count, 2));
    PyMem_Free(points);
    Py_XDECREF(markers);
    if (rc == 0)
        return put(r, "forces", forces);
    Py_XDECREF(forces);
    return -1;
}

static int put_post_newton(PyObject *r, mbc_object *o, const eval_input *in, const mbc_state *s)
{
    double *data = PyMem_Calloc(in->data_count ? in->data_count : 1, sizeof *data);
    if (!data) {
        PyErr_NoMemory();
        return -1;
    }
    mbc_post_newton pn = {data, 0.0, -1.0, 0u, MBC_INVALID_INDEX};
    mbc_error err;
    mbc_status st = mbc_object_post_newton_step(o, s, &pn, &err);
    if (st != MBC_OK) {
        PyMem_Free(data);
        eval_error(st, &err, "PostNewtonStep");
        return -1;
    }
    static const struct {
        unsigned flag;
        const char *name;
    } names[] = {{MBC_WARN_ALE_INDEX_CLAMPED, "aleIndexClamped"},
                 {MBC_WARN_HULL_NOT_CONVERGED, "hullNotConverged"},
                 {MBC_WARN_AXIS_VERTICAL, "axisVertical"},
                 {MBC_WARN_STICK_OUT_OF_RANGE, "stickOutOfRange"}};
    PyObject *d = PyDict_New();
    PyObject *warnings = PyList_New(0);
    int rc = d && warnings ? 0 : -1;
    unsigned rest = pn.warnings;
    for (size_t i = 0; rc == 0 && i < sizeof names / sizeof names[0]; i++)
        if (pn.warnings & names[i].flag) {
            PyObject *w = PyUnicode_FromString(names[i].name);
            rc = w ? PyList_Append(warnings, w) : -1;
            Py_XDECREF(w);
            rest &= ~names[i].flag;
        }
    if (rc == 0 && rest) {
        PyObject *w = PyUnicode_FromFormat("unknown(0x%x)", rest);
        rc = w ? PyList_Append(warnings, w) : -1;
        Py_XDECREF(w);
    }
    if (rc == 0)
        rc = put(d, "data", vec(data, (npy_intp)in->data_count));
    if (rc == 0)
        rc = put(d, "error", PyFloat_FromDouble(pn.error));
    if (rc == 0)
        rc = put(d, "recommendedStepSize",
                 pn.recommended_step < 0.0 ? Py_NewRef(Py_None)
                                           : PyFloat_FromDouble(pn.recommended_step));
    if (rc == 0) {
        rc = put(d, "warnings", warnings);
        warnings = NULL;
    }
    if (rc == 0 && in->kinds[1] == MARKER_CABLE_COORDINATES)
        rc = put(d, "markerNumber1", PyLong_FromLong(pn.marker_number1));
    PyMem_Free(data);
    Py_XDECREF(warnings);
    if (rc == 0)
        return put(r, "postNewtonStep", d);
    Py_XDECREF(d);
    return -1;
}

static int put_outputs(PyObject *r, mbc_object *o, const mbc_state *s)
{
    const mbc_type_info *t = o->type;
    PyObject *d = PyDict_New();
    if (!d)
        return -1;
    for (size_t i = 0; i < t->output_count; i++) {
        const mbc_output_info *info = &t->outputs[i];
        npy_intp n = (npy_intp)mbc_output_size(t, o->params, i);
        PyArrayObject *a = (PyArrayObject *)PyArray_ZEROS(1, &n, NPY_FLOAT64, 0);
        if (!a) {
            Py_DECREF(d);
            return -1;
        }
        mbc_error err;
        mbc_status st = mbc_object_output(o, s, i, PyArray_DATA(a), (size_t)n, &err);
        if (st != MBC_OK) {
            Py_DECREF(a);
            Py_DECREF(d);
            char what[128];
            snprintf(what, sizeof what, "output variable %s", info->name);
            eval_error(st, &err, what);
            return -1;
        }
        if (put(d, info->name, (PyObject *)a) < 0) {
            Py_DECREF(d);
            return -1;
        }
    }
    return put(r, "outputs", d);
}

static int put_algebraic(PyObject *r, mbc_object *o, const mbc_state *s)
{
    mbc_algebraic a;
    memset(&a, 0, sizeof a);
    mbc_error err;
    mbc_status st = mbc_object_algebraic_equations(o, s, &a, &err);
    if (st != MBC_OK) {
        eval_error(st, &err, "algebraic equations");
        return -1;
    }
    PyObject *eq = PyDict_New(), *jac = PyDict_New(), *jv = PyDict_New();
    int rc = eq && jac && jv ? 0 : -1;
    if (rc == 0)
        rc = put(eq, "position", vec(a.position, 2)) | put(eq, "velocity", vec(a.velocity, 2)) |
             put(jac, "marker0Position", mat(a.d_marker0, 2, 3)) |
             put(jac, "cable", mat(a.d_cable, 2, 8)) | put(jac, "ale", mat(a.d_ale, 2, 1)) |
             put(jac, "lagrange", mat(a.d_lagrange, 2, 2)) |
             put(jv, "marker0Velocity", mat(a.d_marker0, 2, 3)) |
             put(jv, "cableCoordinates", mat(a.dv_cable, 2, 8)) |
             put(jv, "cableVelocities", mat(a.d_cable, 2, 8)) |
             put(jv, "ale", mat(a.dv_ale, 2, 1)) | put(jv, "aleVelocity", mat(a.dv_ale_t, 2, 1));
    if (rc == 0) {
        rc = put(r, "algebraicEquations", eq) | put(r, "jacobian", jac) |
             put(r, "jacobianVelocity", jv);
        return rc ? -1 : 0;
    }
    Py_XDECREF(eq);
    Py_XDECREF(jac);
    Py_XDECREF(jv);
    return -1;
}

PyObject *pymbc_evaluate(pymbc_connector *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {
        "markers", "data", "dataStartOfStep", "cables", "ale", "lagrangeMultipliers", NULL};
    PyObject *markers = NULL, *data = NULL, *start = NULL, *cables = NULL, *ale = NULL,
             *lagrange = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OOOOOO:evaluate", kwlist, &markers, &data,
                                     &start, &cables, &ale, &lagrange))
        return NULL;
    mbc_object *o = self->obj;
    const mbc_type_info *t = o->type;
    if (pymbc_ensure_initialised(o) < 0)
        return NULL;
    eval_input in;
    memset(&in, 0, sizeof in);
    in.type = t;
    bool ale_joint = false;
    for (int m = 0; m < 2; m++) {
        in.kinds[m] = kind_of(t->marker_kinds[m]);
        ale_joint = ale_joint || in.kinds[m] == MARKER_CABLE_COORDINATES;
    }
    PyObject *r = NULL;
    if (!ale_joint && (cables || ale)) {
        PyErr_Format(PyExc_TypeError,
                     "%s has no ANCF cable coordinates marker: 'cables' and "
                     "'ale' do not apply",
                     t->type_name);
        goto done;
    }
    if (!t->algebraic_equations && lagrange) {
        PyErr_Format(PyExc_TypeError,
                     "%s has no algebraic equations: 'lagrangeMultipliers' does not apply",
                     t->type_name);
        goto done;
    }
    if (read_markers(o, markers, &in) < 0 || (ale_joint && read_ale(o, cables, ale, &in) < 0))
        goto done;
    if (lagrange) {
        PyArrayObject *a = pymbc_vector(lagrange, 2, "lagrangeMultipliers");
        if (!a)
            goto done;
        memcpy(in.lagrange, PyArray_DATA(a), sizeof in.lagrange);
        Py_DECREF(a);
    }
    if (read_data(o, data, start, &in) < 0)
        goto done;
    if (ale_joint && in.data_count >= 1) {
        double x = in.data[0];
        if (!(x >= 0.0 && x <= (double)in.cable_count - 1.0 && x == floor(x))) {
            char given[64];
            mbc_format_number(x, given, sizeof given);
            PyErr_Format(PyExc_ValueError,
                         "data[0]: must be the current sliding index, a whole number in [0, %zu] "
                         "(got %s)",
                         in.cable_count - 1, given);
            goto done;
        }
    }
    mbc_state s;
    state_of(&in, &s);
    r = PyDict_New();
    if (!r || put(r, "object", PyUnicode_FromString(t->type_name)) < 0 ||
        (t->forces && put_forces(r, o, &in, &s) < 0) ||
        (t->post_newton_step && put_post_newton(r, o, &in, &s) < 0) ||
        (t->output && put_outputs(r, o, &s) < 0) ||
        (t->algebraic_equations && put_algebraic(r, o, &s) < 0))
        Py_CLEAR(r);
done:
    input_free(&in);
    return r;
}
