/* SPDX-License-Identifier: BSD-3-Clause */
/* One connector object at many states (include/mbconnect/evaluate_many.h).
 *
 * The object-level checks run once per call; every state's inputs are
 * checked by the same code as runtime/eval/evaluate.c's
 * (state_check_internal.h: the yes/no test, then the value-by-value check
 * only for a state it rejects; messages prefixed with the state index). Then
 * the type's hook runs for each state. */
#include "mbconnect/evaluate_many.h"

#include "mbconnect/threads.h"

#include "object/state_check_internal.h"
#include "base/tsan_annotate.h"

#include <stdatomic.h>
#include <stdint.h>

/* A thread is only worth waking for this many states. */
#define EM_MIN_STATES_PER_THREAD 16

/* Per-call facts about the object. */
typedef struct em_call {
    const mbc_object *o;
    size_t data_count;
    int pns; /* PostNewtonStep (else forces) */
} em_call;

/* Checks and evaluates state k. */
static mbc_status em_one(const em_call *c, size_t k, const mbc_state *states, void *out,
                         mbc_error *err)
{
    const mbc_state *s = &states[k];
    const mbc_type_info *t = c->o->type;
    if (!mbc_state_check_ok(t, c->o->params, c->data_count, s)) {
        const mbc_status st = mbc_state_check_at(t, c->o->params, c->data_count, s, k, err);
        if (st != MBC_OK)
            return st;
    }
    if (c->pns) {
        mbc_post_newton *r = &((mbc_post_newton *)out)[k];
        const mbc_status st = mbc_state_check_post_newton_out(t, s, r, k, err);
        return st != MBC_OK ? st : t->post_newton_step(c->o->params, s, r, err);
    }
    mbc_forces *f = &((mbc_forces *)out)[k];
    const mbc_status st = mbc_state_check_forces_out(t, s, f, k, err);
    return st != MBC_OK ? st : t->forces(c->o->params, s, f, err);
}

/* The object-level checks (once per call). */
static mbc_status em_begin(const mbc_object *o, const mbc_state *states, const void *out,
                           size_t count, int pns, em_call *c, mbc_error *err)
{
    const mbc_status st = mbc_state_check_object(
        o, o && (pns ? o->type->post_newton_step != NULL : o->type->forces != NULL),
        pns ? "PostNewtonStep" : "force evaluation", err);
    if (st != MBC_OK)
        return st;
    const mbc_type_info *t = o->type;
    if (count > 0 && (!states || !out)) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: %zu states need state and output arrays, given NULL", t->type_name,
                        count);
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
    c->data_count = mbc_state_check_data_count(t, o->params);
    c->pns = pns;
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
    if ((size_t)threads > count / EM_MIN_STATES_PER_THREAD)
        threads = (int)(count / EM_MIN_STATES_PER_THREAD); /* not worth a thread */
    if (threads <= 1 || count < 2) {
        mbc_status first_st = MBC_OK;
        for (size_t k = 0; k < count; k++) {
            const mbc_status st = em_one(c, k, states, out, first_st == MBC_OK ? err : NULL);
            if (st != MBC_OK && first_st == MBC_OK)
                first_st = st;
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
    if (st != MBC_OK)
        return st;
    return em_run(&c, states, out, count, mbc_threads_resolve(threads), err);
}

mbc_status mbc_object_post_newton_step_many(const mbc_object *o, const mbc_state *states,
                                            mbc_post_newton *out, size_t count, int threads,
                                            mbc_error *err)
{
    em_call c = {0};
    const mbc_status st = em_begin(o, states, out, count, 1, &c, err);
    if (st != MBC_OK)
        return st;
    return em_run(&c, states, out, count, mbc_threads_resolve(threads), err);
}
