/* SPDX-License-Identifier: BSD-3-Clause */
/* The check of a connector state against its type (mbconnect/state_check.h),
 * shared by every evaluation entry point (runtime/eval/evaluate.c, one
 * state; runtime/eval/evaluate_many.c, many): the yes/no test for the
 * marker kinds the inline fast path leaves out, and the value-by-value check
 * that names what is wrong (state_check_internal.h). */
#include <math.h>
#include <stdio.h>

#include "state_check_internal.h"

/* ------------------------------------------------ what the parameters say */

/* The segments a Cable2DShape marker must have: the data layout's `per`
 * count (e.g. numberOfContactSegments), 0 when the layout has none. */
static size_t shape_segments(const mbc_type_info *t, size_t data_count)
{
    return t->data_per >= 0 && t->data_block_count ? data_count / t->data_block_count : 0;
}

/* The list parameter whose entries name the elements of a
 * Cable2DCoordinates marker: the type's first variable-size index parameter
 * (e.g. slidingMarkerNumbers), or NULL. */
static const mbc_param_info *element_list(const mbc_type_info *t)
{
    for (size_t i = 0; i < t->param_count; i++)
        if (t->params[i].kind == MBC_VALUE_INDEX && t->params[i].shape == MBC_VECTOR)
            return &t->params[i];
    return NULL;
}

/* The element count of a variable-size parameter (mbc_param_count, inline). */
static size_t list_count(const mbc_param_info *p, const void *params)
{
    return *(const size_t *)(const void *)((const char *)params + p->count_offset);
}

/* x is a whole number in [0, count - 1] (the conversion truncates exactly
 * and is defined once 0 <= x < count is known, count < 2^63; one instruction,
 * where libm floor is a call on the hot path). */
static bool index_ok(double x, size_t count)
{
    return x >= 0.0 && x < (double)count && x == (double)(long long)x;
}

/* Data coordinates that are indices into a list parameter (index_into):
 * whole numbers in range (the current data, which the hooks read). */
static bool index_data_ok(const mbc_type_info *t, const void *params, size_t data_count,
                          const mbc_state *s)
{
    const size_t per = t->data_block_count ? data_count / t->data_block_count : 0;
    for (size_t b = 0; b < t->data_block_count; b++) {
        if (!t->data[b].index_into)
            continue;
        const size_t m = list_count(&t->params[t->data[b].index_into - 1], params);
        for (size_t j = b * per; j < (b + 1) * per; j++)
            if (!index_ok(s->data[j], m))
                return false;
    }
    return true;
}

/* ------------------------------------------------------------ yes or no */

/* A cable marker m of t in s: pointers, counts (as the parameters say),
 * finite numbers, lengths > 0. */
static bool cable_marker_ok(const mbc_type_info *t, const void *params, size_t data_count,
                            const mbc_state *s, int m)
{
    mbc_finite_acc acc = MBC_FINITE_ACC_ZERO;
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE) {
        const mbc_cable_marker *c = s->cable;
        const size_t want = shape_segments(t, data_count);
        if (!c || !c->points || !c->point_velocities || c->segment_count == 0 ||
            (want && c->segment_count != want) || !(c->length > 0.0))
            return false;
        const size_t n = 2 * (c->segment_count + 1);
        const double scalars[2] = {c->length, c->ale_coordinate};
        acc = mbc_finite_run(acc, (const char *)c->points, n);
        acc = mbc_finite_run(acc, (const char *)c->point_velocities, n);
        acc = mbc_finite_run(acc, (const char *)scalars, 2);
        return !mbc_finite_acc_bad(acc);
    }
    const mbc_param_info *list = element_list(t);
    if (!s->cables || s->cable_count == 0 || (list && s->cable_count != list_count(list, params)))
        return false;
    for (size_t k = 0; k < s->cable_count; k++) {
        if (!(s->cables[k].length > 0.0))
            return false;
        acc = mbc_finite_run(acc, (const char *)s->cables[k].q, 8);
        acc = mbc_finite_run(acc, (const char *)s->cables[k].q_t, 8);
        acc = mbc_finite_run(acc, (const char *)&s->cables[k].length, 1);
    }
    const double ale[2] = {s->ale_q, s->ale_q_t};
    acc = mbc_finite_run(acc, (const char *)ale, 2);
    return !mbc_finite_acc_bad(acc);
}

bool mbc_state_check_ok_general(const mbc_type_info *t, const void *params, size_t data_count,
                                const mbc_state *s)
{
    const size_t n = data_count;
    if (s->data_count != n || (n && (!s->data || !s->data_start)))
        return false;
    mbc_finite_acc acc = MBC_FINITE_ACC_ZERO;
    acc = mbc_finite_data(acc, s->data, s->data_start, n);
    for (int m = 0; m < 2; m++) {
        if (t->marker_kinds[m] <= MBC_MARKER_RIGID) {
            if (!s->marker[m])
                return false;
            acc = mbc_finite_run(acc, (const char *)s->marker[m], 18);
        } else if (!cable_marker_ok(t, params, data_count, s, m)) {
            return false;
        }
    }
    if (t->algebraic_equations) {
        if (!s->lagrange)
            return false;
        acc = mbc_finite_run(acc, (const char *)s->lagrange, 2);
    }
    return !mbc_finite_acc_bad(acc) && index_data_ok(t, params, data_count, s);
}

/* ------------------------------------------------------------ with messages */

/* Where a message is: "" for one state, "state <k>: " in a batch. */
typedef struct check_where {
    const char *type_name;
    char state[32];
} check_where;

/* Checks n values; on failure names them "<prefix><index><suffix>[i]" (no
 * index when index < 0). The name is only built on failure. */
static mbc_status check_finite(const check_where *w, const char *prefix, long index,
                               const char *suffix, const double *v, size_t n, mbc_error *err)
{
    size_t i = 0;
    while (i < n && isfinite(v[i]))
        i++;
    if (i == n)
        return MBC_OK;
    char name[96];
    if (index < 0)
        snprintf(name, sizeof name, "%s%s", prefix, suffix);
    else
        snprintf(name, sizeof name, "%s%ld%s", prefix, index, suffix);
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %s%s[%zu] must be finite, given %g", w->type_name,
                    w->state, name, i, v[i]);
}

static mbc_status check_cable_shape(const mbc_type_info *t, const check_where *w, size_t data_count,
                                    const mbc_state *s, int m, mbc_error *err)
{
    const mbc_cable_marker *c = s->cable;
    if (!c || !c->points || !c->point_velocities || c->segment_count == 0)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: %smarker m%d must be a Cable2DShape marker with points and point "
                        "velocities",
                        w->type_name, w->state, m);
    const size_t want = shape_segments(t, data_count);
    if (want && c->segment_count != want)
        return mbc_fail(
            err, MBC_ERR_SIZE, "%s: %smarker m%d has %zu segments, %s = %zu (they must be equal)",
            w->type_name, w->state, m, c->segment_count, t->params[t->data_per].name, want);
    const size_t n = 2 * (c->segment_count + 1);
    const double scalars[2] = {c->length, c->ale_coordinate};
    mbc_status st;
    if ((st = check_finite(w, "marker m", m, " points", c->points, n, err)) != MBC_OK ||
        (st = check_finite(w, "marker m", m, " point velocities", c->point_velocities, n, err)) !=
            MBC_OK ||
        (st = check_finite(w, "marker m", m, " [length, ALE coordinate]", scalars, 2, err)) !=
            MBC_OK)
        return st;
    if (!(c->length > 0.0))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: %smarker m%d length (the cable's reference length) must be > 0, "
                        "given %g",
                        w->type_name, w->state, m, c->length);
    return MBC_OK;
}

static mbc_status check_cable_coordinates(const mbc_type_info *t, const void *params,
                                          const check_where *w, const mbc_state *s, int m,
                                          mbc_error *err)
{
    if (!s->cables || s->cable_count == 0)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %smarker m%d needs the ANCF cable elements",
                        w->type_name, w->state, m);
    const mbc_param_info *list = element_list(t);
    if (list && s->cable_count != mbc_param_count(list, params))
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: %smarker m%d has %zu cable elements, %s has %zu entries (one "
                        "element per entry)",
                        w->type_name, w->state, m, s->cable_count, list->name,
                        mbc_param_count(list, params));
    mbc_status st;
    for (size_t k = 0; k < s->cable_count; k++) {
        const mbc_cable_element *e = &s->cables[k];
        if ((st = check_finite(w, "cables[", (long)k, "].q", e->q, 8, err)) != MBC_OK ||
            (st = check_finite(w, "cables[", (long)k, "].q_t", e->q_t, 8, err)) != MBC_OK ||
            (st = check_finite(w, "cables[", (long)k, "].length", &e->length, 1, err)) != MBC_OK)
            return st;
        if (!(e->length > 0.0))
            return mbc_fail(err, MBC_ERR_INPUT, "%s: %scables[%zu].length must be > 0, given %g",
                            w->type_name, w->state, k, e->length);
    }
    const double ale[2] = {s->ale_q, s->ale_q_t};
    return check_finite(w, "ALE [q, q_t]", -1, "", ale, 2, err);
}

/* Data coordinates with index_into: whole numbers in [0, count - 1]. */
static mbc_status check_index_data(const mbc_type_info *t, const void *params, const check_where *w,
                                   size_t data_count, const mbc_state *s, mbc_error *err)
{
    const size_t per = t->data_block_count ? data_count / t->data_block_count : 0;
    for (size_t b = 0; b < t->data_block_count; b++) {
        if (!t->data[b].index_into)
            continue;
        const mbc_param_info *list = &t->params[t->data[b].index_into - 1];
        const size_t m = mbc_param_count(list, params);
        for (size_t j = b * per; j < (b + 1) * per; j++)
            if (!index_ok(s->data[j], m))
                return mbc_fail(err, MBC_ERR_INPUT,
                                "%s: %sdata %s[%zu] must be a whole number in [0, %zu] (an index "
                                "into %s), given %g",
                                w->type_name, w->state, t->data[b].name, j - b * per, m ? m - 1 : 0,
                                list->name, s->data[j]);
    }
    return MBC_OK;
}

static mbc_status check_marker(const mbc_type_info *t, const void *params, size_t data_count,
                               const check_where *w, const mbc_state *s, int m, mbc_error *err)
{
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE)
        return check_cable_shape(t, w, data_count, s, m, err);
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES)
        return check_cable_coordinates(t, params, w, s, m, err);
    const mbc_rigid_marker *r = s->marker[m];
    if (!r)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %smarker m%d (%s) is missing", w->type_name,
                        w->state, m, t->marker_types[m]);
    mbc_status st;
    if ((st = check_finite(w, "marker m", m, " position", r->position, 3, err)) != MBC_OK ||
        (st = check_finite(w, "marker m", m, " velocity", r->velocity, 3, err)) != MBC_OK ||
        (st = check_finite(w, "marker m", m, " rotation", r->rotation, 9, err)) != MBC_OK)
        return st;
    return check_finite(w, "marker m", m, " angular velocity", r->angular_velocity_local, 3, err);
}

/* "state <index>: " or "" into w. */
static void where_init(check_where *w, const mbc_type_info *t, size_t index)
{
    w->type_name = t->type_name;
    w->state[0] = '\0';
    if (index != MBC_STATE_CHECK_NO_INDEX)
        snprintf(w->state, sizeof w->state, "state %zu: ", index);
}

mbc_status mbc_state_check_forces_out(const mbc_type_info *t, const mbc_state *s,
                                      const mbc_forces *out, size_t index, mbc_error *err)
{
    if (mbc_state_check_forces_out_ok(t, s, out))
        return MBC_OK;
    check_where w;
    where_init(&w, t, index);
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %sno output", w.type_name, w.state);
    return mbc_fail(err, MBC_ERR_SIZE, "%s: %scable_point_forces must hold %zu points, given %zu",
                    w.type_name, w.state, s->cable->segment_count + 1, out->cable_point_count);
}

mbc_status mbc_state_check_post_newton_out(const mbc_type_info *t, const mbc_state *s,
                                           const mbc_post_newton *out, size_t index, mbc_error *err)
{
    if (mbc_state_check_post_newton_out_ok(s, out))
        return MBC_OK;
    check_where w;
    where_init(&w, t, index);
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %sPostNewtonStep needs an output data buffer",
                    w.type_name, w.state);
}

mbc_status mbc_state_check_at(const mbc_type_info *t, const void *params, size_t data_count,
                              const mbc_state *s, size_t index, mbc_error *err)
{
    check_where w;
    where_init(&w, t, index);
    if (!s)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %sno state", w.type_name, w.state);
    const size_t n = data_count;
    if (s->data_count != n || (n && (!s->data || !s->data_start)))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: %sdata node must have %zu data coordinates (data and start-of-step "
                        "data), given %zu",
                        w.type_name, w.state, n, s->data_count);
    mbc_status st = check_finite(&w, "data", -1, "", s->data, n, err);
    if (st == MBC_OK)
        st = check_finite(&w, "start-of-step data", -1, "", s->data_start, n, err);
    for (int m = 0; m < 2 && st == MBC_OK; m++)
        st = check_marker(t, params, data_count, &w, s, m, err);
    if (st == MBC_OK && t->algebraic_equations) {
        if (!s->lagrange)
            return mbc_fail(err, MBC_ERR_INPUT, "%s: %sLagrange multipliers are missing",
                            w.type_name, w.state);
        st = check_finite(&w, "lagrange multipliers", -1, "", s->lagrange, 2, err);
    }
    if (st == MBC_OK)
        st = check_index_data(t, params, &w, data_count, s, err);
    return st;
}

mbc_status mbc_state_check(const mbc_type_info *t, const void *params, const mbc_state *s,
                           mbc_error *err)
{
    if (!t || !params)
        return mbc_fail(err, MBC_ERR_VALUE, "mbc_state_check: no type or no parameters");
    return mbc_state_check_at(t, params, mbc_data_count(t, params), s, MBC_STATE_CHECK_NO_INDEX,
                              err);
}

mbc_status mbc_state_check_object(const mbc_object *o, bool has_hook, const char *what,
                                  mbc_error *err)
{
    if (!o)
        return mbc_fail(err, MBC_ERR_STATE, "no object");
    const mbc_type_info *t = o->type;
    if (!has_hook)
        return mbc_fail(err, MBC_ERR_STATE, "%s has no %s", t->type_name, what);
    if (!o->initialized)
        return mbc_fail(err, MBC_ERR_STATE,
                        "%s: object is not initialized (call mbc_object_initialize after setting "
                        "parameters)",
                        t->type_name);
    return MBC_OK;
}
