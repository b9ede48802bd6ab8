/* SPDX-License-Identifier: BSD-3-Clause */
/* One connector object at many states (include/mbconnect/evaluate_many.h).
 *
 * The object-level checks of runtime/object_evaluate.c run once; the marker kinds
 * are decoded once from the type's marker_types; every state's inputs are
 * checked as object_evaluate.c checks them (same rules, messages prefixed with the
 * state index). Then the type's hook runs for each state. */
#include "mbconnect/evaluate_many.h"

#include "mbconnect/threads.h"

#include "tsan_annotate.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

/* A thread is only worth waking for this many states. */
#define EM_MIN_STATES_PER_THREAD 16

/* What a marker of the type is, decoded once per call. */
typedef enum em_marker_kind {
    EM_RIGID,        /* position (+ orientation): state.marker[m] */
    EM_CABLE_SHAPE,  /* Cable2DShape: state.cable */
    EM_CABLE_COORDS, /* Cable2DCoordinates: state.cables, ALE coordinate */
} em_marker_kind;

/* Per-call facts about the object. */
typedef struct em_call {
    const mbc_object *o;
    const char *tn;
    size_t data_count;
    em_marker_kind kind[2];
    int needs_lagrange;
    int pns; /* PostNewtonStep (else forces) */
} em_call;

/* Checks n values; names the first non-finite one "<what>[i]". */
static mbc_status em_finite(const em_call *c, size_t k, const char *what, int m, const double *v,
                            size_t n, mbc_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i])) {
            if (m < 0) {
                return mbc_fail(err, MBC_ERR_INPUT, "%s: state %zu: %s[%zu] must be finite, got %g",
                                c->tn, k, what, i, v[i]);
            }
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: state %zu: marker m%d %s[%zu] must be finite, got %g", c->tn, k, m,
                            what, i, v[i]);
        }
    }
    return MBC_OK;
}

static mbc_status em_check_marker(const em_call *c, size_t k, const mbc_state *s, int m,
                                  mbc_error *err)
{
    mbc_status st = MBC_OK;
    if (c->kind[m] == EM_CABLE_SHAPE) {
        const mbc_cable_marker *cb = s->cable;
        if (!cb || !cb->points || !cb->point_velocities || cb->segment_count == 0) {
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: state %zu: marker m%d must be a Cable2DShape marker with points "
                            "and point velocities",
                            c->tn, k, m);
        }
        const size_t n = 2 * (cb->segment_count + 1);
        const double scalars[2] = {cb->length, cb->ale_coordinate};
        if ((st = em_finite(c, k, "points", m, cb->points, n, err)) != MBC_OK ||
            (st = em_finite(c, k, "point velocities", m, cb->point_velocities, n, err)) != MBC_OK ||
            (st = em_finite(c, k, "[length, ALE coordinate]", m, scalars, 2, err)) != MBC_OK) {
            return st;
        }
        return MBC_OK;
    }
    if (c->kind[m] == EM_CABLE_COORDS) {
        if (!s->cables || s->cable_count == 0) {
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: state %zu: marker m%d needs the ANCF cable elements", c->tn, k, m);
        }
        for (size_t e = 0; e < s->cable_count && st == MBC_OK; e++) {
            const mbc_cable_element *el = &s->cables[e];
            if ((st = em_finite(c, k, "cable element q", -1, el->q, 8, err)) == MBC_OK &&
                (st = em_finite(c, k, "cable element q_t", -1, el->q_t, 8, err)) == MBC_OK) {
                st = em_finite(c, k, "cable element length", -1, &el->length, 1, err);
            }
        }
        const double ale[2] = {s->ale_q, s->ale_q_t};
        return st != MBC_OK ? st : em_finite(c, k, "ALE [q, q_t]", -1, ale, 2, err);
    }
    const mbc_rigid_marker *r = s->marker[m];
    if (!r) {
        return mbc_fail(err, MBC_ERR_INPUT, "%s: state %zu: marker m%d (%s) is missing", c->tn, k,
                        m, c->o->type->marker_types[m]);
    }
    if ((st = em_finite(c, k, "position", m, r->position, 3, err)) != MBC_OK ||
        (st = em_finite(c, k, "velocity", m, r->velocity, 3, err)) != MBC_OK ||
        (st = em_finite(c, k, "rotation", m, r->rotation, 9, err)) != MBC_OK ||
        (st = em_finite(c, k, "angular velocity", m, r->angular_velocity_local, 3, err)) !=
            MBC_OK) {
        return st;
    }
    return MBC_OK;
}

/* The inputs of state k (object_evaluate.c's check_call minus the object part). */
static mbc_status em_check_state(const em_call *c, size_t k, const mbc_state *s, mbc_error *err)
{
    const size_t n = c->data_count;
    if (s->data_count != n || (n && (!s->data || !s->data_start))) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: state %zu: data node must have %zu data coordinates (data and "
                        "start-of-step data), got %zu",
                        c->tn, k, n, s->data_count);
    }
    mbc_status st = em_finite(c, k, "data", -1, s->data, n, err);
    if (st == MBC_OK) {
        st = em_finite(c, k, "start-of-step data", -1, s->data_start, n, err);
    }
    for (int m = 0; m < 2 && st == MBC_OK; m++) {
        st = em_check_marker(c, k, s, m, err);
    }
    if (st == MBC_OK && c->needs_lagrange) {
        if (!s->lagrange) {
            return mbc_fail(err, MBC_ERR_INPUT, "%s: state %zu: Lagrange multipliers are missing",
                            c->tn, k);
        }
        st = em_finite(c, k, "lagrange multipliers", -1, s->lagrange, 2, err);
    }
    return st;
}

/* Checks and evaluates state k. */
static mbc_status em_one(const em_call *c, size_t k, const mbc_state *states, void *out,
                         mbc_error *err)
{
    const mbc_state *s = &states[k];
    mbc_status st = em_check_state(c, k, s, err);
    if (st != MBC_OK) {
        return st;
    }
    const mbc_type_info *t = c->o->type;
    if (c->pns) {
        mbc_post_newton *r = &((mbc_post_newton *)out)[k];
        if (s->data_count && !r->data) {
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: state %zu: PostNewtonStep needs an output data buffer", c->tn, k);
        }
        return t->post_newton_step(c->o->params, s, r, err);
    }
    mbc_forces *f = &((mbc_forces *)out)[k];
    if (s->cable &&
        (!f->cable_point_forces || f->cable_point_count != s->cable->segment_count + 1)) {
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: state %zu: cable_point_forces must hold %zu points, got %zu", c->tn, k,
                        s->cable->segment_count + 1, f->cable_point_count);
    }
    return t->forces(c->o->params, s, f, err);
}

/* The object-level checks (once per call) and the decoded marker kinds. */
static mbc_status em_begin(const mbc_object *o, const mbc_state *states, const void *out,
                           size_t count, int pns, em_call *c, mbc_error *err)
{
    if (!o) {
        return mbc_fail(err, MBC_ERR_STATE, "no object");
    }
    const mbc_type_info *t = o->type;
    const char *what = pns ? "PostNewtonStep" : "force evaluation";
    if (!(pns ? t->post_newton_step != NULL : t->forces != NULL)) {
        return mbc_fail(err, MBC_ERR_STATE, "%s has no %s", t->type_name, what);
    }
    if (!o->initialized) {
        return mbc_fail(err, MBC_ERR_STATE,
                        "%s: object is not initialized (call mbc_object_initialize after setting "
                        "parameters)",
                        t->type_name);
    }
    if (count > 0 && (!states || !out)) {
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %zu states need state and output arrays, got NULL",
                        t->type_name, count);
    }
    if (pns) {
        for (size_t i = 0; i < t->param_count; i++) {
            if (t->params[i].role == MBC_ROLE_STATE) {
                return mbc_fail(err, MBC_ERR_STATE,
                                "%s: PostNewtonStep updates the state parameter %s, which belongs "
                                "to one state; evaluate one object per state",
                                t->type_name, t->params[i].name);
            }
        }
    }
    c->o = o;
    c->tn = t->type_name;
    c->data_count = mbc_data_count(t, o->params);
    c->needs_lagrange = t->algebraic_equations != NULL;
    c->pns = pns;
    for (int m = 0; m < 2; m++) {
        const char *kind = t->marker_types[m] ? t->marker_types[m] : "";
        c->kind[m] = strstr(kind, "Cable2DShape")         ? EM_CABLE_SHAPE
                     : strstr(kind, "Cable2DCoordinates") ? EM_CABLE_COORDS
                                                          : EM_RIGID;
    }
    return MBC_OK;
}

#if defined(_OPENMP)
/* One parallel region: the call, the lowest failing index, and the
 * addresses of the ThreadSanitizer fork/join edges (tsan_annotate.h). */
typedef struct em_region {
    const em_call *c;
    const mbc_state *states;
    void *out;
    size_t count;
    atomic_size_t lowest;
    int fork_edge, join_edge;
} em_region;

/* The work of one thread (an orphaned `omp for`); out of line so that the
 * region's outlined function only passes r (see .ci/tsan.supp). */
static __attribute__((noinline)) void em_region_work(em_region *r)
{
    MBC_TSAN_ACQUIRE(&r->fork_edge);
#pragma omp for schedule(static) nowait
    for (size_t k = 0; k < r->count; k++) {
        if (em_one(r->c, k, r->states, r->out, NULL) != MBC_OK) {
            size_t cur = atomic_load(&r->lowest);
            while (k < cur && !atomic_compare_exchange_weak(&r->lowest, &cur, k)) {
            }
        }
    }
    MBC_TSAN_RELEASE(&r->join_edge);
}
#endif

/* Evaluates every state; on failures, reports the lowest failing index
 * (found without messages in parallel, then re-run to write its message). */
static mbc_status em_run(const em_call *c, const mbc_state *states, void *out, size_t count,
                         int threads, mbc_error *err)
{
    size_t first = SIZE_MAX;
    if ((size_t)threads > count / EM_MIN_STATES_PER_THREAD) {
        threads = (int)(count / EM_MIN_STATES_PER_THREAD); /* not worth a thread */
    }
    if (threads <= 1 || count < 2) {
        mbc_status first_st = MBC_OK;
        for (size_t k = 0; k < count; k++) {
            const mbc_status st = em_one(c, k, states, out, first_st == MBC_OK ? err : NULL);
            if (st != MBC_OK && first_st == MBC_OK) {
                first_st = st;
            }
        }
        return first_st;
    }
#if defined(_OPENMP)
    em_region r = {c, states, out, count, SIZE_MAX, 0, 0};
    MBC_TSAN_RELEASE(&r.fork_edge);
#pragma omp parallel num_threads(threads)
    em_region_work(&r);
    MBC_TSAN_ACQUIRE(&r.join_edge);
    first = atomic_load(&r.lowest);
#endif
    return first == SIZE_MAX ? MBC_OK : em_one(c, first, states, out, err);
}

mbc_status mbc_object_forces_many(const mbc_object *o, const mbc_state *states, mbc_forces *out,
                                  size_t count, int threads, mbc_error *err)
{
    em_call c = {0};
    const mbc_status st = em_begin(o, states, out, count, 0, &c, err);
    if (st != MBC_OK) {
        return st;
    }
    return em_run(&c, states, out, count, mbc_threads_resolve(threads), err);
}

mbc_status mbc_object_post_newton_step_many(const mbc_object *o, const mbc_state *states,
                                            mbc_post_newton *out, size_t count, int threads,
                                            mbc_error *err)
{
    em_call c = {0};
    const mbc_status st = em_begin(o, states, out, count, 1, &c, err);
    if (st != MBC_OK) {
        return st;
    }
    return em_run(&c, states, out, count, mbc_threads_resolve(threads), err);
}
