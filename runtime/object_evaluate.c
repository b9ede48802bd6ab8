/* SPDX-License-Identifier: BSD-3-Clause */
/* Dispatch of evaluations to the type's runtime hooks, behind the input
 * checks every type shares (include/mbconnect/evaluate.h).
 *
 * Every call checks its inputs, so that the hooks see consistent, finite
 * input. The check is written twice: call_ok() answers only "all fine?",
 * from the pointers, the counts and one vector sum over every number read
 * (finite exactly when all are, barring overflow), without calls, so it
 * costs a few ns per call (bench/: mbc-bench, "dispatch overhead"); only
 * when it says no does check_call() look again, value by value, to name
 * what is wrong (or to let the call through after an overflow). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/evaluate.h"

/* ------------------------------------------------------------ the fast path */

#if defined(__SSE2__)
#include <emmintrin.h>

/* The non-finite test: the plain sum of the values is finite when all of
 * them are (a NaN or an infinity stays NaN or infinite in a sum). A sum of
 * finite values may still overflow: then the fast path says no and the slow
 * path, which tests value by value, lets the call through. Two sums, so that
 * the additions do not wait for each other. */
typedef __m128d finite_acc;
#define FINITE_ACC_ZERO _mm_setzero_pd()

/* acc + the n doubles at p, two at a time; p is a char pointer into one
 * object, so that a run may span neighbouring members. */
static inline finite_acc finite_run(finite_acc acc, const char *p, size_t n)
{
    __m128d a1 = _mm_setzero_pd();
    size_t i = 0;
    for (; i + 3 < n; i += 4) {
        acc = _mm_add_pd(acc, _mm_loadu_pd((const double *)(const void *)(p + 8 * i)));
        a1 = _mm_add_pd(a1, _mm_loadu_pd((const double *)(const void *)(p + 8 * i + 16)));
    }
    for (; i + 1 < n; i += 2)
        acc = _mm_add_pd(acc, _mm_loadu_pd((const double *)(const void *)(p + 8 * i)));
    if (i < n)
        acc = _mm_add_pd(acc, _mm_load_sd((const double *)(const void *)(p + 8 * i)));
    return _mm_add_pd(acc, a1);
}

/* acc - acc is 0 exactly when both lanes are finite. */
static inline int finite_acc_bad(finite_acc acc)
{
    __m128d d = _mm_sub_pd(acc, acc);
    return _mm_movemask_pd(_mm_cmpunord_pd(d, d)) != 0;
}
#else
typedef double finite_acc;
#define FINITE_ACC_ZERO 0.0

/* acc + (x - x) over n doubles (0 when all are finite, NaN otherwise). */
static inline finite_acc finite_run(finite_acc acc, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double x;
        memcpy(&x, p + 8 * i, sizeof x);
        acc += x - x;
    }
    return acc;
}

static inline int finite_acc_bad(finite_acc acc)
{
    return !(acc == 0.0);
}
#endif

/* 1 when v[0..n-1] holds a NaN or an infinity. */
static inline int any_non_finite(const double *v, size_t n)
{
    return finite_acc_bad(finite_run(FINITE_ACC_ZERO, (const char *)v, n));
}

/* The 18 numbers of a rigid marker, position to angular velocity, are one
 * run of doubles without padding. */
_Static_assert(sizeof(mbc_rigid_marker) == 18 * sizeof(double), "mbc_rigid_marker is 18 doubles");

/* The cable kinds, less often on the hot path of many small connectors. */
static bool cable_marker_ok(const mbc_type_info *t, const mbc_state *s, int m)
{
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE) {
        const mbc_cable_marker *c = s->cable;
        if (!c || !c->points || !c->point_velocities || c->segment_count == 0)
            return false;
        size_t n = 2 * (c->segment_count + 1);
        double scalars[2] = {c->length, c->ale_coordinate};
        return !(any_non_finite(c->points, n) || any_non_finite(c->point_velocities, n) ||
                 any_non_finite(scalars, 2));
    }
    if (!s->cables || s->cable_count == 0)
        return false;
    int bad = 0;
    for (size_t k = 0; k < s->cable_count; k++)
        bad |= any_non_finite(s->cables[k].q, 8) | any_non_finite(s->cables[k].q_t, 8) |
               any_non_finite(&s->cables[k].length, 1);
    double ale[2] = {s->ale_q, s->ale_q_t};
    return !(bad | any_non_finite(ale, 2));
}

/* Everything check_call() checks, answered yes or no: first the pointers
 * and counts, then one accumulated finiteness test over the data and the
 * rigid markers (the cable kinds are checked on their own). */
static inline bool call_ok(const mbc_object *o, const mbc_state *s, bool has_hook)
{
    if (!o || !has_hook || !o->initialized || !s)
        return false;
    const mbc_type_info *t = o->type;
    size_t n = t->data_per < 0 ? t->data_block_count : mbc_data_count(t, o->params);
    if (s->data_count != n || (n && (!s->data || !s->data_start)))
        return false;
    finite_acc acc = FINITE_ACC_ZERO;
    acc = finite_run(acc, (const char *)s->data, n);
    acc = finite_run(acc, (const char *)s->data_start, n);
    for (int m = 0; m < 2; m++) {
        if (t->marker_kinds[m] <= MBC_MARKER_RIGID) {
            if (!s->marker[m])
                return false;
            acc = finite_run(acc, (const char *)s->marker[m], 18);
        } else if (!cable_marker_ok(t, s, m)) {
            return false;
        }
    }
    if (t->algebraic_equations) {
        if (!s->lagrange)
            return false;
        acc = finite_run(acc, (const char *)s->lagrange, 2);
    }
    return !finite_acc_bad(acc);
}

/* ------------------------------------------------------------ the slow path */

/* Index of the first non-finite value, or n. */
static size_t first_non_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return i;
    return n;
}

/* Checks n values; on failure names them "<prefix><index><suffix>[i]" (no
 * index when index < 0). The name is only built on failure: this runs on
 * every evaluation. */
static mbc_status check_finite(const char *type, const char *prefix, long index, const char *suffix,
                               const double *v, size_t n, mbc_error *err)
{
    size_t i = first_non_finite(v, n);
    if (i == n)
        return MBC_OK;
    if (index < 0)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %s%s[%zu] must be finite, got %g", type, prefix,
                        suffix, i, v[i]);
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %s%ld%s[%zu] must be finite, got %g", type, prefix,
                    index, suffix, i, v[i]);
}

static mbc_status check_marker(const mbc_type_info *t, const mbc_state *s, int m, mbc_error *err)
{
    const char *kind = t->marker_types[m];
    const char *tn = t->type_name;
    mbc_status st;
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE) {
        const mbc_cable_marker *c = s->cable;
        if (!c || !c->points || !c->point_velocities || c->segment_count == 0)
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: marker m%d must be a Cable2DShape marker "
                            "with points and point velocities",
                            tn, m);
        size_t n = 2 * (c->segment_count + 1);
        double scalars[2] = {c->length, c->ale_coordinate};
        if ((st = check_finite(tn, "marker m", m, " points", c->points, n, err)) != MBC_OK ||
            (st = check_finite(tn, "marker m", m, " point velocities", c->point_velocities, n,
                               err)) != MBC_OK ||
            (st = check_finite(tn, "marker m", m, " [length, ALE coordinate]", scalars, 2, err)) !=
                MBC_OK)
            return st;
        return MBC_OK;
    }
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES) {
        if (!s->cables || s->cable_count == 0)
            return mbc_fail(err, MBC_ERR_INPUT, "%s: marker m%d needs the ANCF cable elements", tn,
                            m);
        for (size_t k = 0; k < s->cable_count; k++) {
            const mbc_cable_element *e = &s->cables[k];
            if ((st = check_finite(tn, "cables[", (long)k, "].q", e->q, 8, err)) != MBC_OK ||
                (st = check_finite(tn, "cables[", (long)k, "].q_t", e->q_t, 8, err)) != MBC_OK ||
                (st = check_finite(tn, "cables[", (long)k, "].length", &e->length, 1, err)) !=
                    MBC_OK)
                return st;
        }
        double ale[2] = {s->ale_q, s->ale_q_t};
        return check_finite(tn, "ALE [q, q_t]", -1, "", ale, 2, err);
    }
    const mbc_rigid_marker *r = s->marker[m];
    if (!r)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: marker m%d (%s) is missing", tn, m, kind);
    if ((st = check_finite(tn, "marker m", m, " position", r->position, 3, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " velocity", r->velocity, 3, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " rotation", r->rotation, 9, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " angular velocity", r->angular_velocity_local, 3,
                           err)) != MBC_OK)
        return st;
    return MBC_OK;
}

static mbc_status check_call(const mbc_object *o, const mbc_state *s, bool has_hook,
                             const char *what, mbc_error *err)
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
    if (!s)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no state", t->type_name);
    size_t n = mbc_data_count(t, o->params);
    if (s->data_count != n || (n && (!s->data || !s->data_start)))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: data node must have %zu data coordinates (data and start-of-step "
                        "data), got %zu",
                        t->type_name, n, s->data_count);
    mbc_status st = check_finite(t->type_name, "data", -1, "", s->data, n, err);
    if (st == MBC_OK)
        st = check_finite(t->type_name, "start-of-step data", -1, "", s->data_start, n, err);
    for (int m = 0; m < 2 && st == MBC_OK; m++)
        st = check_marker(t, s, m, err);
    if (st == MBC_OK && t->algebraic_equations) {
        if (!s->lagrange)
            return mbc_fail(err, MBC_ERR_INPUT, "%s: Lagrange multipliers are missing",
                            t->type_name);
        st = check_finite(t->type_name, "lagrange multipliers", -1, "", s->lagrange, 2, err);
    }
    return st;
}

mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                             mbc_error *err)
{
    mbc_status st = call_ok(o, s, o && o->type->forces)
                        ? MBC_OK
                        : check_call(o, s, o && o->type->forces, "force evaluation", err);
    if (st != MBC_OK)
        return st;
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no output", o->type->type_name);
    if (s->cable &&
        (!out->cable_point_forces || out->cable_point_count != s->cable->segment_count + 1))
        return mbc_fail(err, MBC_ERR_SIZE, "%s: cable_point_forces must hold %zu points, got %zu",
                        o->type->type_name, s->cable->segment_count + 1, out->cable_point_count);
    return o->type->forces(o->params, s, out, err);
}

mbc_status mbc_object_post_newton_step(mbc_object *o, const mbc_state *s, mbc_post_newton *out,
                                       mbc_error *err)
{
    mbc_status st = call_ok(o, s, o && o->type->post_newton_step)
                        ? MBC_OK
                        : check_call(o, s, o && o->type->post_newton_step, "PostNewtonStep", err);
    if (st != MBC_OK)
        return st;
    if (!out || (s->data_count && !out->data))
        return mbc_fail(err, MBC_ERR_INPUT, "%s: PostNewtonStep needs an output data buffer",
                        o->type->type_name);
    return o->type->post_newton_step(o->params, s, out, err);
}

mbc_status mbc_object_output(const mbc_object *o, const mbc_state *s, size_t output, double *out,
                             size_t size, mbc_error *err)
{
    mbc_status st = call_ok(o, s, o && o->type->output)
                        ? MBC_OK
                        : check_call(o, s, o && o->type->output, "output variables", err);
    if (st != MBC_OK)
        return st;
    if (output >= o->type->output_count)
        return mbc_fail(err, MBC_ERR_NAME, "%s has no output variable number %zu (it has %zu)",
                        o->type->type_name, output, o->type->output_count);
    size_t n = mbc_output_size(o->type, o->params, output);
    if (size != n || !out)
        return mbc_fail(err, MBC_ERR_SIZE, "%s.%s: output has %zu values, buffer holds %zu",
                        o->type->type_name, o->type->outputs[output].name, n, out ? size : 0);
    return o->type->output(o->params, s, output, out, size, err);
}

mbc_status mbc_object_algebraic_equations(const mbc_object *o, const mbc_state *s,
                                          mbc_algebraic *out, mbc_error *err)
{
    mbc_status st =
        call_ok(o, s, o && o->type->algebraic_equations)
            ? MBC_OK
            : check_call(o, s, o && o->type->algebraic_equations, "algebraic equations", err);
    if (st != MBC_OK)
        return st;
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no output", o->type->type_name);
    return o->type->algebraic_equations(o->params, s, out, err);
}
