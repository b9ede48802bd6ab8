/* SPDX-License-Identifier: BSD-3-Clause */
/* evaluate_many's states (batch.h): one workspace per call, allocated
 * before the loop, holds the state of one row k of the stacked inputs:
 *
 * - rigid and position markers: copied into mbc_rigid_marker (rotation
 *   default identity, angular velocity default zero; rotations are used as
 *   given, as by the C API);
 * - a Cable2DShape marker given as points: the points and velocities are
 *   read in place from the arrays (row k is already x0,y0, x1,y1, ...);
 * - one given as an ANCF element: its points and velocities computed into
 *   the workspace (mbc_ancf_cable2d_shape_points and _velocities, as
 *   mbc_input_set_cable_element does);
 * - ANCF cable coordinates (ALE joints): the elements copied into the
 *   workspace's mbc_cable_element array, the ALE node from `ale`;
 * - data, start-of-step data and Lagrange multipliers read in place
 *   (defaults: the object's initial data, the data, zeros).
 *
 * Nothing here allocates per state. The numbers are checked by the
 * library's dispatch (every value finite, the layout) when row k is
 * evaluated; what the dispatch cannot see, the element inputs from which
 * the points are computed, is checked here. */
#include "batch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/ancf_cable2d.h"

/* Three rigid markers' identity rotations, row-major. */
static const double identity[27] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1,
                                    0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1};

/* Where each input's rows are, given or by default (zeros: a zeroed block
 * of `zeros` values). */
static void place_inputs(batch_work *w, const batch_call *c, const double *zeros,
                         const double *initial)
{
    for (int a = 0; a < IN_COUNT; a++) {
        w->base[a] = c->in[a].p ? c->in[a].p : zeros;
        w->stride[a] = c->in[a].p ? c->in[a].stride : 0;
    }
    if (!c->in[IN_ROT].p)
        w->base[IN_ROT] = identity;
    if (!c->in[IN_DATA].p)
        w->base[IN_DATA] = initial;
    if (!c->in[IN_START].p) {
        w->base[IN_START] = w->base[IN_DATA];
        w->stride[IN_START] = w->stride[IN_DATA];
    }
}

int batch_work_init(batch_work *w, const batch_call *c)
{
    memset(w, 0, sizeof *w);
    const size_t p2 = 2 * c->points, d = c->data_count;
    size_t zeros = p2 > 8 * c->cables ? p2 : 8 * c->cables;
    zeros = zeros > 8 ? zeros : 8;
    w->buffer = PyMem_Calloc((c->element ? 2 * p2 : 0) + zeros + d, sizeof *w->buffer);
    w->cables = PyMem_Calloc(c->cables ? c->cables : 1, sizeof *w->cables);
    if (!w->buffer || !w->cables) {
        batch_work_free(w);
        PyErr_NoMemory();
        return -1;
    }
    double *at = w->buffer;
    if (c->element) {
        w->points = at;
        w->point_velocities = at + p2;
        at += 2 * p2;
    }
    double *initial = at + zeros;
    mbc_initial_data(c->t, c->o->params, initial);
    place_inputs(w, c, at, initial);

    mbc_state *s = &w->state;
    int j = 0;
    for (int m = 0; m < 2; m++) {
        mbc_marker_kind kind = c->t->marker_kinds[m];
        if (kind == MBC_MARKER_POSITION || kind == MBC_MARKER_RIGID) {
            s->marker[m] = &w->rigid[m];
            w->rigid_markers[j++] = m;
        }
    }
    if (c->shape) {
        w->cable.segment_count = c->segments;
        s->cable = &w->cable;
    }
    if (c->ale) {
        s->cables = w->cables;
        s->cable_count = c->cables;
    }
    s->data_count = d;
    return 0;
}

void batch_work_free(batch_work *w)
{
    PyMem_Free(w->buffer);
    PyMem_Free(w->cables);
    w->buffer = NULL;
    w->cables = NULL;
}

static const double *row(const batch_work *w, int a, npy_intp k)
{
    return w->base[a] + w->stride[a] * (size_t)k;
}

/* Rigid marker j of a row (position: R markers of 3, rotation R of 9). */
static inline void copy_marker(mbc_rigid_marker *r, int j, const double *pos, const double *vel,
                               const double *rot, const double *omega)
{
    memcpy(r->position, pos + 3 * j, sizeof r->position);
    memcpy(r->velocity, vel + 3 * j, sizeof r->velocity);
    memcpy(r->rotation, rot + 9 * j, sizeof r->rotation);
    memcpy(r->angular_velocity_local, omega + 3 * j, sizeof r->angular_velocity_local);
}

/* The rigid and position markers of row k (a type has at most two). */
static void fill_rigid(batch_work *w, int rigid, npy_intp k)
{
    const double *pos = row(w, IN_POS, k), *vel = row(w, IN_VEL, k);
    const double *rot = row(w, IN_ROT, k), *omega = row(w, IN_OMEGA, k);
    if (rigid > 0)
        copy_marker(&w->rigid[w->rigid_markers[0]], 0, pos, vel, rot, omega);
    if (rigid > 1)
        copy_marker(&w->rigid[w->rigid_markers[1]], 1, pos, vel, rot, omega);
}

static void fill_points(batch_work *w, npy_intp k)
{
    w->cable.points = row(w, IN_POINTS, k);
    w->cable.point_velocities = row(w, IN_POINT_VEL, k);
    w->cable.length = *row(w, IN_LENGTH, k);
    w->cable.ale_coordinate = *row(w, IN_ALE_COORD, k);
}

/* ValueError naming the first of the n values of input a's row k that is
 * not finite; 0 when all are. */
static int check_finite_row(const batch_work *w, const batch_call *c, int a, npy_intp k, size_t n,
                            const char *name)
{
    const double *v = row(w, a, k);
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i])) {
            char index[96], given[40];
            const batch_array *b = &c->in[a];
            batch_index_text(b->a, (npy_intp)(b->stride * (size_t)k + i), index, sizeof index);
            mbc_format_number(v[i], given, sizeof given);
            PyErr_Format(PyExc_ValueError, "%s%s: must be finite (given %s)", name, index, given);
            return -1;
        }
    return 0;
}

/* The points of row k's ANCF element, computed into the workspace. */
static int fill_element(batch_work *w, const batch_call *c, npy_intp k)
{
    if (check_finite_row(w, c, IN_ELEM_Q, k, 8, "cableQ") < 0 ||
        check_finite_row(w, c, IN_ELEM_Q_T, k, 8, "cableQ_t") < 0 ||
        check_finite_row(w, c, IN_OFFSET, k, 1, "verticalOffset") < 0 ||
        check_finite_row(w, c, IN_ELEM_ALE, k, 2, "cableAle") < 0)
        return -1;
    const double *q = row(w, IN_ELEM_Q, k), *q_t = row(w, IN_ELEM_Q_T, k);
    const double *ale = row(w, IN_ELEM_ALE, k); /* [coordinate, velocity]; 0 when not given */
    const double length = *row(w, IN_LENGTH, k), h = *row(w, IN_OFFSET, k);
    const int n = (int)c->segments;
    unsigned w1 = 0, w2 = 0;
    mbc_status r1 = mbc_ancf_cable2d_shape_points(q, length, h, n, w->points, &w1);
    mbc_status r2 = mbc_ancf_cable2d_shape_point_velocities(q, q_t, length, h, ale[1], n,
                                                            w->point_velocities, &w2);
    if (r1 != MBC_OK || r2 != MBC_OK || ((w1 | w2) & MBC_WARN_CABLE_ZERO_SLOPE)) {
        char given[40];
        mbc_format_number(h, given, sizeof given);
        if (r1 != MBC_OK || r2 != MBC_OK)
            PyErr_Format(PyExc_ValueError,
                         "cableQ[%zd]: cannot build the cable points (given %zu segments)",
                         (Py_ssize_t)k, c->segments);
        else
            PyErr_Format(PyExc_ValueError,
                         "verticalOffset: the slope of cableQ[%zd] is zero at a point, so the "
                         "offset direction is undefined (given %s)",
                         (Py_ssize_t)k, given);
        return -1;
    }
    w->cable.points = w->points;
    w->cable.point_velocities = w->point_velocities;
    w->cable.length = length;
    w->cable.ale_coordinate = ale[0];
    return 0;
}

/* The ANCF elements and the ALE node of row k. */
static void fill_ale(batch_work *w, const batch_call *c, npy_intp k)
{
    const double *q = row(w, IN_CABLES_Q, k), *q_t = row(w, IN_CABLES_Q_T, k);
    const double *lengths = row(w, IN_CABLE_LENGTHS, k), *ale = row(w, IN_ALE, k);
    for (size_t i = 0; i < c->cables; i++) {
        mbc_cable_element *e = &w->cables[i];
        memcpy(e->q, q + 8 * i, sizeof e->q);
        memcpy(e->q_t, q_t + 8 * i, sizeof e->q_t);
        e->length = lengths[i];
    }
    w->state.ale_q = ale[0];
    w->state.ale_q_t = ale[1];
}

int batch_work_fill(batch_work *w, const batch_call *c, npy_intp k)
{
    mbc_state *s = &w->state;
    fill_rigid(w, c->rigid, k);
    if (c->shape && !c->element)
        fill_points(w, k);
    if (c->element && fill_element(w, c, k) < 0)
        return -1;
    if (c->ale)
        fill_ale(w, c, k);
    s->data = row(w, IN_DATA, k);
    s->data_start = row(w, IN_START, k);
    s->lagrange = c->t->algebraic_equations ? row(w, IN_LAGRANGE, k) : NULL;
    return 0;
}
