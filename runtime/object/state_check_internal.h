/* SPDX-License-Identifier: BSD-3-Clause */
/* The input checks every evaluation entry point shares (runtime/object/state_check.c;
 * the public part is mbconnect/state_check.h), for runtime/eval/evaluate.c
 * and runtime/eval/evaluate_many.c. Not installed.
 *
 * A check is written twice, in one place: mbc_state_check_ok() answers only
 * "all fine?", from the pointers, the counts and one vector sum over every
 * number the hook reads (finite exactly when all are, barring overflow),
 * without a call for the common layout (a fixed data count, two rigid
 * markers, no Lagrange multipliers; with AVX2 or AVX-512F where the CPU has
 * it), so that
 * it costs a few ns per evaluation (bench/: mbc-bench, "dispatch overhead");
 * only when it says no does mbc_state_check_at() look
 * again, value by value, to name what is wrong (or to let the call through
 * after an overflow of the sum). */
#ifndef MBC_RUNTIME_STATE_CHECK_INTERNAL_H
#define MBC_RUNTIME_STATE_CHECK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mbconnect/object.h"
#include "mbconnect/state_check.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
/* An AVX2 variant of the fast test where the compiler can target it and the
 * baseline does not have it already (chosen at run time by the caller). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX2__)
#define MBC_STATE_CHECK_AVX2 1
#include <immintrin.h>
#endif

#pragma GCC visibility push(hidden)

/* mbc_state_check_at's index when the call has one state (no "state k: "). */
#define MBC_STATE_CHECK_NO_INDEX SIZE_MAX

/* The object-level checks of an evaluation: an object, the hook (has_hook;
 * `what` names it in the message), initialized. MBC_ERR_STATE otherwise. */
mbc_status mbc_state_check_object(const mbc_object *o, bool has_hook, const char *what,
                                  mbc_error *err);

/* Every check of mbc_state_check with the parameters and their
 * data-coordinate count given; the messages say "state <index>: " after the
 * type name unless index is MBC_STATE_CHECK_NO_INDEX. */
mbc_status mbc_state_check_at(const mbc_type_info *t, const void *params, size_t data_count,
                              const mbc_state *s, size_t index, mbc_error *err);

/* The output of a force evaluation (out non-NULL; the cable point forces a
 * Cable2DShape state needs) and of a PostNewtonStep (out non-NULL, out->data
 * when there are data coordinates); MBC_ERR_INPUT / MBC_ERR_SIZE otherwise,
 * "state <index>: " as in mbc_state_check_at, which must have passed. */
mbc_status mbc_state_check_forces_out(const mbc_type_info *t, const mbc_state *s,
                                      const mbc_forces *out, size_t index, mbc_error *err);
mbc_status mbc_state_check_post_newton_out(const mbc_type_info *t, const mbc_state *s,
                                           const mbc_post_newton *out, size_t index,
                                           mbc_error *err);

/* The same, yes or no. The cable point forces are only written by a type
 * with a Cable2DShape marker (s->cable checked by mbc_state_check_at). */
static inline bool mbc_state_check_forces_out_ok(const mbc_type_info *t, const mbc_state *s,
                                                 const mbc_forces *out)
{
    const bool cable = t->marker_kinds[0] == MBC_MARKER_CABLE2D_SHAPE ||
                       t->marker_kinds[1] == MBC_MARKER_CABLE2D_SHAPE;
    return out && (!cable || (out->cable_point_forces &&
                              out->cable_point_count == s->cable->segment_count + 1));
}

static inline bool mbc_state_check_post_newton_out_ok(const mbc_state *s,
                                                      const mbc_post_newton *out)
{
    return out && (!s->data_count || out->data);
}

/* mbc_state_check_ok for any marker kinds and Lagrange multipliers. */
bool mbc_state_check_ok_general(const mbc_type_info *t, const void *params, size_t data_count,
                                const mbc_state *s);

/* The data-coordinate count of t with params: a constant of the type unless
 * a parameter sets the block size (then the reflection table is read). */
static inline size_t mbc_state_check_data_count(const mbc_type_info *t, const void *params)
{
    return t->data_per < 0 ? t->data_block_count : mbc_data_count(t, params);
}

/* ---- the yes/no finiteness test ---- */

#if defined(__SSE2__)
/* The plain sum of the values is finite when all of them are (a NaN or an
 * infinity stays NaN or infinite in a sum). A sum of finite values may still
 * overflow: then the fast test says no and mbc_state_check_at, which tests
 * value by value, lets the call through. */
typedef __m128d mbc_finite_acc;
#define MBC_FINITE_ACC_ZERO _mm_setzero_pd()

/* acc + the n doubles at p, two at a time; p is a char pointer into one
 * object, so that a run may span neighboring members. */
static inline mbc_finite_acc mbc_finite_run(mbc_finite_acc acc, const char *p, size_t n)
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

/* acc + the 18 numbers of two rigid markers (position to angular velocity,
 * one run of doubles without padding each), fully unrolled: three sums so
 * that the additions do not wait for each other. */
static inline mbc_finite_acc mbc_finite_rigid_pair(mbc_finite_acc acc, const mbc_rigid_marker *a,
                                                   const mbc_rigid_marker *b)
{
    const char *pa = (const char *)a, *pb = (const char *)b;
    __m128d s1 = _mm_setzero_pd(), s2 = _mm_setzero_pd();
    for (int i = 0; i < 18; i += 6) {
        acc = _mm_add_pd(acc, _mm_add_pd(_mm_loadu_pd((const double *)(const void *)(pa + 8 * i)),
                                         _mm_loadu_pd((const double *)(const void *)(pb + 8 * i))));
        s1 = _mm_add_pd(s1,
                        _mm_add_pd(_mm_loadu_pd((const double *)(const void *)(pa + 8 * i + 16)),
                                   _mm_loadu_pd((const double *)(const void *)(pb + 8 * i + 16))));
        s2 = _mm_add_pd(s2,
                        _mm_add_pd(_mm_loadu_pd((const double *)(const void *)(pa + 8 * i + 32)),
                                   _mm_loadu_pd((const double *)(const void *)(pb + 8 * i + 32))));
    }
    return _mm_add_pd(acc, _mm_add_pd(s1, s2));
}

/* acc + the n doubles at a and at b (current and start-of-step data), two
 * of each at a time. */
static inline mbc_finite_acc mbc_finite_data(mbc_finite_acc acc, const double *a, const double *b,
                                             size_t n)
{
    size_t i = 0;
    for (; i + 1 < n; i += 2)
        acc = _mm_add_pd(acc, _mm_add_pd(_mm_loadu_pd(a + i), _mm_loadu_pd(b + i)));
    if (i < n)
        acc = _mm_add_pd(acc, _mm_add_pd(_mm_load_sd(a + i), _mm_load_sd(b + i)));
    return acc;
}

/* acc - acc is 0 exactly when both lanes are finite. */
static inline bool mbc_finite_acc_bad(mbc_finite_acc acc)
{
    const __m128d d = _mm_sub_pd(acc, acc);
    return _mm_movemask_pd(_mm_cmpunord_pd(d, d)) != 0;
}
#else
typedef double mbc_finite_acc;
#define MBC_FINITE_ACC_ZERO 0.0

/* acc + (x - x) over n doubles (0 when all are finite, NaN otherwise). */
static inline mbc_finite_acc mbc_finite_run(mbc_finite_acc acc, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double x;
        memcpy(&x, p + 8 * i, sizeof x);
        acc += x - x;
    }
    return acc;
}

static inline mbc_finite_acc mbc_finite_rigid_pair(mbc_finite_acc acc, const mbc_rigid_marker *a,
                                                   const mbc_rigid_marker *b)
{
    return mbc_finite_run(mbc_finite_run(acc, (const char *)a, 18), (const char *)b, 18);
}

static inline mbc_finite_acc mbc_finite_data(mbc_finite_acc acc, const double *a, const double *b,
                                             size_t n)
{
    return mbc_finite_run(mbc_finite_run(acc, (const char *)a, n), (const char *)b, n);
}

static inline bool mbc_finite_acc_bad(mbc_finite_acc acc)
{
    return !(acc == 0.0);
}
#endif

_Static_assert(sizeof(mbc_rigid_marker) == 18 * sizeof(double), "mbc_rigid_marker is 18 doubles");

_Static_assert(MBC_MARKER_POSITION == 0 && MBC_MARKER_RIGID == 1,
               "the rigid kinds are the two lowest (mbc_state_check_common_layout)");

/* 1 when t has the common layout: a fixed number of data coordinates, two
 * rigid or position markers, no Lagrange multipliers. */
static inline bool mbc_state_check_common_layout(const mbc_type_info *t)
{
    return t->data_per < 0 && (t->marker_kinds[0] | t->marker_kinds[1]) <= MBC_MARKER_RIGID &&
           !t->algebraic_equations;
}

/* mbc_state_check_ok for a type of the common layout with data_count data
 * coordinates: no call, so that a caller's fast path needs no stack frame. */
static inline bool mbc_state_check_ok_common(size_t data_count, const mbc_state *s)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    const size_t n = data_count;
    if (!m0 || !m1 || s->data_count != n || (n && (!s->data || !s->data_start)))
        return false;
    const mbc_finite_acc acc = mbc_finite_rigid_pair(MBC_FINITE_ACC_ZERO, m0, m1);
    return !mbc_finite_acc_bad(mbc_finite_data(acc, s->data, s->data_start, n));
}

/* The same with AVX2 (4 doubles per addition; false for more than 4 data
 * coordinates), for a caller compiled with
 * __attribute__((target("avx2"))) that has checked
 * __builtin_cpu_supports("avx2"): half the instructions of the SSE2 test on
 * the hot path of mbc_object_forces. */
#if defined(MBC_STATE_CHECK_AVX2)

__attribute__((target("avx2"))) static inline bool
mbc_state_check_ok_common_avx2(size_t data_count, const mbc_state *s)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    if (!m0 || !m1)
        return false;
    /* 18 doubles each, no padding: four runs of 4 and the last 4 (14..17,
     * two counted twice, which a finiteness test does not mind) */
    const double *a = m0->position, *b = m1->position;
    __m256d s0 = _mm256_add_pd(_mm256_loadu_pd(a), _mm256_loadu_pd(b));
    __m256d s1 = _mm256_add_pd(_mm256_loadu_pd(a + 4), _mm256_loadu_pd(b + 4));
    s0 = _mm256_add_pd(s0, _mm256_add_pd(_mm256_loadu_pd(a + 8), _mm256_loadu_pd(b + 8)));
    s1 = _mm256_add_pd(s1, _mm256_add_pd(_mm256_loadu_pd(a + 12), _mm256_loadu_pd(b + 12)));
    s0 = _mm256_add_pd(s0, _mm256_add_pd(_mm256_loadu_pd(a + 14), _mm256_loadu_pd(b + 14)));
    /* the data, up to 4 of each, lanes past n masked (never read); more
     * than 4 is left to the SSE2 test (the caller's slow path) */
    const size_t n = data_count;
    const double *d = s->data, *ds = s->data_start;
    if (s->data_count != n || n > 4 || (n && (!d || !ds)))
        return false;
    const __m256i m =
        _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)n), _mm256_setr_epi64x(0, 1, 2, 3));
    if (n)
        s1 = _mm256_add_pd(s1, _mm256_add_pd(_mm256_maskload_pd(d, m), _mm256_maskload_pd(ds, m)));
    s0 = _mm256_add_pd(s0, s1);
    s0 = _mm256_sub_pd(s0, s0); /* 0 where finite, NaN otherwise */
    return _mm256_movemask_pd(_mm256_cmp_pd(s0, s0, _CMP_UNORD_Q)) == 0;
}
#endif

#if defined(MBC_STATE_CHECK_AVX2)
/* The same with AVX-512F (8 doubles per addition, masked data loads that
 * never touch lanes past n; false for more than 8 data coordinates). */
__attribute__((target("avx512f"))) static inline bool
mbc_state_check_ok_common_avx512(size_t data_count, const mbc_state *s)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    const size_t n = data_count;
    if (!m0 || !m1 || s->data_count != n || n > 8 || (n && (!s->data || !s->data_start)))
        return false;
    /* 18 doubles each: 0..7, 8..15 and 10..17 (two counted twice) */
    const double *a = m0->position, *b = m1->position;
    __m512d s0 = _mm512_add_pd(_mm512_loadu_pd(a), _mm512_loadu_pd(b));
    __m512d s1 = _mm512_add_pd(_mm512_loadu_pd(a + 8), _mm512_loadu_pd(b + 8));
    s0 = _mm512_add_pd(s0, _mm512_add_pd(_mm512_loadu_pd(a + 10), _mm512_loadu_pd(b + 10)));
    if (n) {
        const __mmask8 k = (__mmask8)((1u << n) - 1u);
        s1 = _mm512_add_pd(s1, _mm512_add_pd(_mm512_maskz_loadu_pd(k, s->data),
                                             _mm512_maskz_loadu_pd(k, s->data_start)));
    }
    s0 = _mm512_add_pd(s0, s1);
    s0 = _mm512_sub_pd(s0, s0); /* 0 where finite, NaN otherwise */
    return _mm512_cmp_pd_mask(s0, s0, _CMP_UNORD_Q) == 0;
}
#endif

/* Everything mbc_state_check_at checks, answered yes or no (s != NULL). */
static inline bool mbc_state_check_ok(const mbc_type_info *t, const void *params, size_t data_count,
                                      const mbc_state *s)
{
    if (mbc_state_check_common_layout(t))
        return mbc_state_check_ok_common(data_count, s);
    return mbc_state_check_ok_general(t, params, data_count, s);
}

#pragma GCC visibility pop

#endif
