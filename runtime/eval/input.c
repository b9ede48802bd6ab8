/* SPDX-License-Identifier: BSD-3-Clause */
/* Assembling an evaluation state from plain descriptions, with every input
 * checked once (include/mbconnect/input.h). Messages name fields the way
 * case files do (docs/eval.rst), so `mbc eval` prints them unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/input.h"

#define FIELD_SIZE 96

/* ------------------------------------------------------------------ helpers */

/* The listed markers' field names, counting from 0 and from 1. */
static const char *const marker_fields[2][2] = {{"markers[0]", "markers[1]"},
                                                {"markers[1]", "markers[2]"}};

/* The field name of marker m counting from `base`, or NULL (see
 * mbc_input_marker_field). */
static const char *marker_field(const mbc_type_info *t, int m, unsigned base)
{
    if (!t || m < 0 || m > 1 || t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES)
        return NULL;
    /* listed markers: those that are not cable coordinates, in order */
    int k = (m == 1 && t->marker_kinds[0] == MBC_MARKER_CABLE2D_COORDINATES) ? 0 : m;
    return marker_fields[base][k];
}

const char *mbc_input_marker_field(const mbc_type_info *t, int m)
{
    return marker_field(t, m, 1);
}

/* The first index of field names (mbc_input_set_index_base). */
static unsigned base_of(const mbc_input *in)
{
    return in->count_from_zero ? 0u : 1u;
}

/* Every value finite; otherwise "FIELD[i]: must be finite (given x)", i
 * counting from base. */
static mbc_status check_finite(const char *field, unsigned base, const double *v, size_t n,
                               mbc_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i])) {
            char given[40];
            mbc_format_number(v[i], given, sizeof given);
            return mbc_fail(err, MBC_ERR_INPUT, "%s[%zu]: must be finite (given %s)", field,
                            i + base, given);
        }
    return MBC_OK;
}

static mbc_status check_finite_scalar(const char *field, double x, mbc_error *err)
{
    if (isfinite(x))
        return MBC_OK;
    char given[40];
    mbc_format_number(x, given, sizeof given);
    return mbc_fail(err, MBC_ERR_INPUT, "%s: must be finite (given %s)", field, given);
}

static mbc_status check_positive(const char *field, double x, mbc_error *err)
{
    if (x > 0.0 && isfinite(x))
        return MBC_OK;
    char given[40];
    mbc_format_number(x, given, sizeof given);
    return mbc_fail(err, MBC_ERR_VALUE, "%s: must be > 0 (given %s)", field, given);
}

static mbc_status check_ready(const mbc_input *in, mbc_error *err)
{
    if (!in || !in->object)
        return mbc_fail(err, MBC_ERR_STATE, "input: not initialized (call mbc_input_init)");
    return MBC_OK;
}

/* The marker must be one of the two given kinds. */
static mbc_status check_marker(const mbc_input *in, int m, mbc_marker_kind a, mbc_marker_kind b,
                               const char *what, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    const mbc_type_info *t = in->type;
    if (m < 0 || m > 1)
        return mbc_fail(err, MBC_ERR_INPUT, "markers: marker number must be 0 or 1 (given %d)", m);
    if (t->marker_kinds[m] != a && t->marker_kinds[m] != b) {
        const char *field = marker_field(t, m, base_of(in));
        return mbc_fail(err, MBC_ERR_INPUT, "%s: marker m%d of %s is a %s marker (given %s)",
                        field ? field : "cables", m, t->type_name, t->marker_types[m], what);
    }
    return MBC_OK;
}

/* An integer parameter of the object by name, or 0 when it has none. */
static size_t count_param(const mbc_object *o, const char *name)
{
    double v = 0.0;
    size_t n = 0;
    mbc_error err;
    if (!mbc_object_find_param(o, name) || mbc_object_get(o, name, &v, 1, &n, &err) != MBC_OK ||
        n != 1 || !(v >= 1.0))
        return 0;
    return (size_t)v;
}

/* ------------------------------------------------------------------ life cycle */

/* The size of mbconnect 1.0's mbc_input: its state ended before the step. */
#define INPUT_SIZE_1_0 (offsetof(mbc_input, state) + MBC_STATE_SIZE_1_0)

/* Starts an input of `size` bytes (1.0's or this layout's). */
static mbc_status input_init(mbc_input *in, size_t size, const mbc_object *o, mbc_error *err)
{
    if (!in)
        return mbc_fail(err, MBC_ERR_STATE, "input: NULL");
    memset(in, 0, size);
    if (!o)
        return mbc_fail(err, MBC_ERR_STATE, "input: no object");
    if (!o->initialized)
        return mbc_fail(err, MBC_ERR_STATE,
                        "%s: object is not initialized (call mbc_object_initialize after setting "
                        "parameters)",
                        o->type->type_name);
    size_t n = mbc_data_count(o->type, o->params);
    in->data = calloc(n ? n : 1, sizeof *in->data);
    in->data_start = calloc(n ? n : 1, sizeof *in->data_start);
    if (!in->data || !in->data_start) {
        mbc_input_free(in);
        return mbc_fail(err, MBC_ERR_NOMEM, "data: out of memory (given %zu coordinates)", n);
    }
    mbc_initial_data(o->type, o->params, in->data);
    in->data_count = n;
    in->object = o;
    in->type = o->type;
    return MBC_OK;
}

mbc_status mbc_input_init(mbc_input *in, const mbc_object *o, mbc_error *err)
{
    return input_init(in, sizeof *in, o, err);
}

/* 1.0's symbol: a caller built against 1.0 has 1.0's smaller mbc_input. */
mbc_status(mbc_input_init)(mbc_input *in, const mbc_object *o, mbc_error *err)
{
    return input_init(in, INPUT_SIZE_1_0, o, err);
}

mbc_status mbc_input_set_step(mbc_input *in, double dt, unsigned phase, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    if (!(isfinite(dt) && dt >= 0.0)) {
        char given[40];
        mbc_format_number(dt, given, sizeof given);
        return mbc_fail(err, MBC_ERR_VALUE, "dt: must be a finite time step >= 0 [s] (given %s)",
                        given);
    }
    if (phase > MBC_PHASE_EXPLICIT)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "phase: must be one of MBC_PHASE_NONE, _ITERATION, _STEP_END, _EXPLICIT "
                        "(0 to 3) (given %u)",
                        phase);
    in->state.dt = dt;
    in->state.phase = phase;
    return MBC_OK;
}

void mbc_input_free(mbc_input *in)
{
    if (!in)
        return;
    free(in->cable_points);
    free(in->cable_velocities);
    free(in->cables);
    free(in->data);
    free(in->data_start);
    memset(in, 0, INPUT_SIZE_1_0); /* a 1.0 caller's input is that small */
}

mbc_status mbc_input_set_index_base(mbc_input *in, int base, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    if (base != 0 && base != 1)
        return mbc_fail(err, MBC_ERR_VALUE, "input: index base must be 0 or 1 (given %d)", base);
    in->count_from_zero = base == 0;
    return MBC_OK;
}

/* ------------------------------------------------------------------ markers */

bool mbc_rotation_check(const double A[9], double *deviation, double *determinant)
{
    double dev = 0.0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0.0;
            for (int k = 0; k < 3; k++)
                s += A[3 * k + i] * A[3 * k + j];
            dev = fmax(dev, fabs(s - (i == j ? 1.0 : 0.0)));
        }
    double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
                 A[2] * (A[3] * A[7] - A[4] * A[6]);
    if (deviation)
        *deviation = dev;
    if (determinant)
        *determinant = det;
    return dev <= 1e-9 && det > 0.0; /* false for NaN too */
}

mbc_status mbc_input_set_rigid_marker(mbc_input *in, int m, const double position[3],
                                      const double velocity[3], const double *rotation,
                                      const double *angular_velocity_local, mbc_error *err)
{
    mbc_status st =
        check_marker(in, m, MBC_MARKER_POSITION, MBC_MARKER_RIGID, "a rigid marker", err);
    if (st != MBC_OK)
        return st;
    const char *base = marker_field(in->type, m, base_of(in));
    char f[FIELD_SIZE];
    mbc_rigid_marker r;
    memset(&r, 0, sizeof r);
    r.rotation[0] = r.rotation[4] = r.rotation[8] = 1.0;
    if (!position || !velocity)
        return mbc_fail(err, MBC_ERR_INPUT, "%s.%s: missing (a list of 3 numbers)", base,
                        position ? "velocity" : "position");
    memcpy(r.position, position, sizeof r.position);
    memcpy(r.velocity, velocity, sizeof r.velocity);
    if (rotation)
        memcpy(r.rotation, rotation, sizeof r.rotation);
    if (angular_velocity_local)
        memcpy(r.angular_velocity_local, angular_velocity_local, sizeof r.angular_velocity_local);
    static const char *const names[] = {"position", "velocity", "rotation", "angularVelocityLocal"};
    const double *values[] = {r.position, r.velocity, r.rotation, r.angular_velocity_local};
    const size_t counts[] = {3, 3, 9, 3};
    for (int i = 0; i < 4; i++) {
        snprintf(f, sizeof f, "%s.%s", base, names[i]);
        if ((st = check_finite(f, base_of(in), values[i], counts[i], err)) != MBC_OK)
            return st;
    }
    double dev, det;
    if (!mbc_rotation_check(r.rotation, &dev, &det))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s.rotation: must be a rotation matrix, row-major local -> global (given "
                        "max |A^T A - I| = %.3g, det A = %.3g)",
                        base, dev, det);
    in->rigid[m] = r;
    in->has_marker[m] = true;
    return MBC_OK;
}

/* Takes ownership of points / velocities (2(n+1) each) as marker m's cable. */
static void store_cable(mbc_input *in, int m, double *points, double *velocities, size_t n,
                        double length, double ale_coordinate)
{
    free(in->cable_points);
    free(in->cable_velocities);
    in->cable_points = points;
    in->cable_velocities = velocities;
    in->cable.segment_count = n;
    in->cable.points = points;
    in->cable.point_velocities = velocities;
    in->cable.length = length;
    in->cable.ale_coordinate = ale_coordinate;
    in->has_marker[m] = true;
}

mbc_status mbc_input_set_cable_points(mbc_input *in, int m, const double *points, size_t count,
                                      const double *point_velocities, double length,
                                      double ale_coordinate, mbc_error *err)
{
    mbc_status st = check_marker(in, m, MBC_MARKER_CABLE2D_SHAPE, MBC_MARKER_CABLE2D_SHAPE,
                                 "cable points", err);
    if (st != MBC_OK)
        return st;
    const char *base = marker_field(in->type, m, base_of(in));
    char f[FIELD_SIZE];
    size_t ncs = count_param(in->object, "numberOfContactSegments");
    snprintf(f, sizeof f, "%s.points", base);
    if (!points)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: missing (a list x0,y0, x1,y1, ... of the n+1 cable points, or give "
                        "'cable' and 'segments')",
                        f);
    if ((st = check_finite(f, base_of(in), points, count, err)) != MBC_OK)
        return st;
    if (ncs && count != 2 * (ncs + 1))
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: must have 2 * (numberOfContactSegments + 1) = %zu numbers (given %zu)",
                        f, 2 * (ncs + 1), count);
    if (count < 4 || count % 2 || count > 2 * (MBC_INPUT_MAX_SEGMENTS + 1))
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: must have 2 (n + 1) numbers for n >= 1 segments (given %zu)", f,
                        count);
    if (point_velocities) {
        snprintf(f, sizeof f, "%s.pointVelocities", base);
        if ((st = check_finite(f, base_of(in), point_velocities, count, err)) != MBC_OK)
            return st;
    }
    snprintf(f, sizeof f, "%s.length", base);
    if ((st = check_positive(f, length, err)) != MBC_OK)
        return st;
    snprintf(f, sizeof f, "%s.aleCoordinate", base);
    if ((st = check_finite_scalar(f, ale_coordinate, err)) != MBC_OK)
        return st;
    double *p = malloc(count * sizeof *p);
    double *v = calloc(count, sizeof *v);
    if (!p || !v) {
        free(p);
        free(v);
        return mbc_fail(err, MBC_ERR_NOMEM, "%s.points: out of memory (given %zu numbers)", base,
                        count);
    }
    memcpy(p, points, count * sizeof *p);
    if (point_velocities)
        memcpy(v, point_velocities, count * sizeof *v);
    store_cable(in, m, p, v, count / 2 - 1, length, ale_coordinate);
    return MBC_OK;
}

/* q, q_t finite and length > 0, named "<base>.q" etc. (indices from
 * index_base). */
static mbc_status check_element(const char *base, unsigned index_base, const mbc_cable_element *e,
                                mbc_error *err)
{
    char f[FIELD_SIZE];
    mbc_status st;
    snprintf(f, sizeof f, "%s.q", base);
    if ((st = check_finite(f, index_base, e->q, 8, err)) != MBC_OK)
        return st;
    snprintf(f, sizeof f, "%s.q_t", base);
    if ((st = check_finite(f, index_base, e->q_t, 8, err)) != MBC_OK)
        return st;
    snprintf(f, sizeof f, "%s.length", base);
    return check_positive(f, e->length, err);
}

mbc_status mbc_input_set_cable_element(mbc_input *in, int m, const mbc_cable_element *e,
                                       double vertical_offset, const double *ale, size_t segments,
                                       mbc_error *err)
{
    mbc_status st = check_marker(in, m, MBC_MARKER_CABLE2D_SHAPE, MBC_MARKER_CABLE2D_SHAPE,
                                 "an ANCF cable element", err);
    if (st != MBC_OK)
        return st;
    const char *base = marker_field(in->type, m, base_of(in));
    char f[FIELD_SIZE], cb[FIELD_SIZE], given[40];
    size_t ncs = count_param(in->object, "numberOfContactSegments");
    snprintf(f, sizeof f, "%s.segments", base);
    snprintf(cb, sizeof cb, "%s.cable", base);
    if (segments < 1 || segments > MBC_INPUT_MAX_SEGMENTS)
        return mbc_fail(err, MBC_ERR_VALUE, "%s: must be a whole number >= 1 (given %zu)", f,
                        segments);
    if (ncs && segments != ncs)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: must equal numberOfContactSegments = %zu (given %zu)", f, ncs,
                        segments);
    if (!e)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: missing (a table {q = {8 numbers}, q_t = ..., "
                        "length = ...})",
                        cb);
    if ((st = check_element(cb, base_of(in), e, err)) != MBC_OK)
        return st;
    char of[FIELD_SIZE + 32];
    snprintf(of, sizeof of, "%s.verticalOffset", cb);
    if ((st = check_finite_scalar(of, vertical_offset, err)) != MBC_OK)
        return st;
    if (ale) {
        char af[FIELD_SIZE + 32];
        snprintf(af, sizeof af, "%s.ale", cb);
        if ((st = check_finite(af, base_of(in), ale, 2, err)) != MBC_OK)
            return st;
        if (vertical_offset != 0.0) {
            mbc_format_number(vertical_offset, given, sizeof given);
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: must be 0 for an ALE cable (one with 'ale') (given %s)", of,
                            given);
        }
    }
    size_t n = segments;
    double *p = malloc(2 * (n + 1) * sizeof *p);
    double *v = malloc(2 * (n + 1) * sizeof *v);
    if (!p || !v) {
        free(p);
        free(v);
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory (given %zu)", f, n);
    }
    unsigned w1 = 0, w2 = 0;
    mbc_status r1 = mbc_ancf_cable2d_shape_points(e->q, e->length, vertical_offset, (int)n, p, &w1);
    mbc_status r2 = mbc_ancf_cable2d_shape_point_velocities(
        e->q, e->q_t, e->length, vertical_offset, ale ? ale[1] : 0.0, (int)n, v, &w2);
    if (r1 != MBC_OK || r2 != MBC_OK || ((w1 | w2) & MBC_WARN_CABLE_ZERO_SLOPE)) {
        free(p);
        free(v);
        if (r1 != MBC_OK || r2 != MBC_OK)
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: cannot build the cable points (given %zu "
                            "segments)",
                            f, n);
        mbc_format_number(vertical_offset, given, sizeof given);
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: the cable slope is zero at a point, so the offset direction is "
                        "undefined (given %s)",
                        of, given);
    }
    store_cable(in, m, p, v, n, e->length, ale ? ale[0] : 0.0);
    return MBC_OK;
}

/* ------------------------------------------------------------------ ALE joints */

static mbc_status check_ale_type(const mbc_input *in, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    const mbc_type_info *t = in->type;
    if (t->marker_kinds[0] != MBC_MARKER_CABLE2D_COORDINATES &&
        t->marker_kinds[1] != MBC_MARKER_CABLE2D_COORDINATES)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "cables: %s has no BodyCable2DCoordinates marker (given ALE input)",
                        t->type_name);
    return MBC_OK;
}

mbc_status mbc_input_set_ale_cables(mbc_input *in, const mbc_cable_element *cables, size_t count,
                                    mbc_error *err)
{
    mbc_status st = check_ale_type(in, err);
    if (st != MBC_OK)
        return st;
    const mbc_param_info *sp = mbc_object_find_param(in->object, "slidingMarkerNumbers");
    size_t sn = sp ? mbc_param_count(sp, in->object->params) : count;
    if (count != sn || count == 0 || !cables)
        return mbc_fail(err, MBC_ERR_SIZE,
                        "cables: must have one element per entry of slidingMarkerNumbers (%zu) "
                        "(given %zu)",
                        sn, cables ? count : 0);
    for (size_t i = 0; i < count; i++) {
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "cables[%zu]", i + base_of(in));
        if ((st = check_element(base, base_of(in), &cables[i], err)) != MBC_OK)
            return st;
    }
    mbc_cable_element *copy = malloc(count * sizeof *copy);
    if (!copy)
        return mbc_fail(err, MBC_ERR_NOMEM, "cables: out of memory (given %zu elements)", count);
    memcpy(copy, cables, count * sizeof *copy);
    free(in->cables);
    in->cables = copy;
    in->cable_count = count;
    return MBC_OK;
}

mbc_status mbc_input_set_ale_node(mbc_input *in, double q, double q_t, mbc_error *err)
{
    mbc_status st = check_ale_type(in, err);
    if (st != MBC_OK || (st = check_finite_scalar("ale.q", q, err)) != MBC_OK ||
        (st = check_finite_scalar("ale.q_t", q_t, err)) != MBC_OK)
        return st;
    in->ale_q = q;
    in->ale_q_t = q_t;
    in->has_ale_node = true;
    return MBC_OK;
}

mbc_status mbc_input_set_lagrange(mbc_input *in, const double z[2], mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    if (!in->type->algebraic_equations)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "lagrangeMultipliers: %s has no algebraic equations (given 2 values)",
                        in->type->type_name);
    if (!z)
        return mbc_fail(err, MBC_ERR_INPUT, "lagrangeMultipliers: missing (a list of 2 numbers)");
    if ((st = check_finite("lagrangeMultipliers", base_of(in), z, 2, err)) != MBC_OK)
        return st;
    in->lagrange[0] = z[0];
    in->lagrange[1] = z[1];
    return MBC_OK;
}

/* ------------------------------------------------------------------ data */

static mbc_status set_data(mbc_input *in, const char *field, double *dst, const double *data,
                           size_t count, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    if (count != in->data_count || (count && !data))
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: must have %zu numbers, the data coordinates of %s "
                        "(given %zu)",
                        field, in->data_count, in->type->type_name, data ? count : 0);
    if ((st = check_finite(field, base_of(in), data, count, err)) != MBC_OK)
        return st;
    if (count)
        memcpy(dst, data, count * sizeof *dst);
    return MBC_OK;
}

mbc_status mbc_input_set_data(mbc_input *in, const double *data, size_t count, mbc_error *err)
{
    return set_data(in, "data", in ? in->data : NULL, data, count, err);
}

mbc_status mbc_input_set_data_start(mbc_input *in, const double *data, size_t count, mbc_error *err)
{
    mbc_status st = set_data(in, "dataStartOfStep", in ? in->data_start : NULL, data, count, err);
    if (st == MBC_OK)
        in->has_data_start = true;
    return st;
}

/* ------------------------------------------------------------------ the state */

mbc_status mbc_input_state(mbc_input *in, const mbc_state **state, mbc_error *err)
{
    mbc_status st = check_ready(in, err);
    if (st != MBC_OK)
        return st;
    const mbc_type_info *t = in->type;
    mbc_state *s = &in->state;
    memset(s, 0, MBC_STATE_SIZE_1_0); /* the step stays: mbc_input_set_step's */
    bool ale = false;
    for (int m = 0; m < 2; m++) {
        mbc_marker_kind k = t->marker_kinds[m];
        if (k == MBC_MARKER_CABLE2D_COORDINATES) {
            ale = true;
            continue;
        }
        if (!in->has_marker[m])
            return mbc_fail(err, MBC_ERR_INPUT, "%s: missing (marker m%d, %s)",
                            marker_field(t, m, base_of(in)), m, t->marker_types[m]);
        if (k == MBC_MARKER_CABLE2D_SHAPE)
            s->cable = &in->cable;
        else
            s->marker[m] = &in->rigid[m];
    }
    if (ale) {
        if (!in->cables)
            return mbc_fail(err, MBC_ERR_INPUT,
                            "cables: missing (a list of ANCF Cable2D elements, one per entry of "
                            "slidingMarkerNumbers)");
        if (!in->has_ale_node)
            return mbc_fail(err, MBC_ERR_INPUT,
                            "ale: missing (a table {q = ALE coordinate, q_t = its velocity})");
        if (in->data_count >= 1) {
            /* x_data0 selects the current element: cables[x_data0 + 1] in Lua */
            double x = in->data[0];
            if (!(x >= 0.0 && x <= (double)in->cable_count - 1.0 && x == floor(x))) {
                char given[40];
                mbc_format_number(x, given, sizeof given);
                return mbc_fail(err, MBC_ERR_INPUT,
                                "data[%u]: must be the current sliding index, a whole number in "
                                "[0, %zu] (given %s)",
                                base_of(in), in->cable_count - 1, given);
            }
        }
        s->cables = in->cables;
        s->cable_count = in->cable_count;
        s->ale_q = in->ale_q;
        s->ale_q_t = in->ale_q_t;
    }
    if (!in->has_data_start && in->data_count)
        memcpy(in->data_start, in->data, in->data_count * sizeof *in->data);
    s->lagrange = t->algebraic_equations ? in->lagrange : NULL;
    s->data = in->data;
    s->data_start = in->data_start;
    s->data_count = in->data_count;
    if (state)
        *state = s;
    return MBC_OK;
}
