/* SPDX-License-Identifier: BSD-3-Clause */
/* Dispatch of evaluations to the type's runtime hooks, behind the input
 * checks every type shares (include/mbconnect/evaluate.h).
 *
 * Every call checks its inputs once, here, so that the hooks see consistent,
 * finite input and only assert it (mbconnect/state_check.h). Each entry
 * point is a fast path that calls the hook when the yes/no test of
 * runtime/object/state_check_internal.h passes for a type of the common layout
 * (two rigid markers, a fixed data count: no call, no message, no stack
 * frame; a few ns, bench/ mbc-bench "dispatch overhead"; for forces the
 * variant for the CPU is bound once by the loader), and an out-of-line
 * path for any layout, which on a failed test checks again value by value
 * to name what is wrong (or lets the call through after an overflow of the
 * test's sum). */
#include "mbconnect/evaluate.h"

#include "object/state_check_internal.h"

#if defined(__GNUC__)
#define OE_LIKELY(x) __builtin_expect(!!(x), 1)
#define OE_NOINLINE  __attribute__((noinline))
#else
#define OE_LIKELY(x) (x)
#define OE_NOINLINE
#endif

/* The object and state checks of a call whose hook is has_hook: the yes/no
 * test for any layout, then, only when it says no, the check that names
 * what is wrong. */
static mbc_status checked(const mbc_object *o, const mbc_state *s, bool has_hook, const char *what,
                          mbc_error *err)
{
    if (o && has_hook && o->initialized && s &&
        mbc_state_check_ok(o->type, o->params, mbc_state_check_data_count(o->type, o->params), s))
        return MBC_OK;
    mbc_status st = mbc_state_check_object(o, has_hook, what, err);
    if (st != MBC_OK)
        return st;
    return mbc_state_check_at(o->type, o->params, mbc_data_count(o->type, o->params), s,
                              MBC_STATE_CHECK_NO_INDEX, err);
}

/* The object is ready for `hook` and the state, of a type of the common
 * layout, passes the yes/no test TEST, without a call. (Such a type has no
 * Cable2DShape marker, so its force output needs only `out`.) */
#define OE_READY_COMMON(o, s, hook, TEST)                                                          \
    ((o) && (o)->type->hook && (o)->initialized && (s) &&                                          \
     mbc_state_check_common_layout((o)->type) && TEST((o)->type->data_block_count, (s)))

#if defined(MBC_STATE_CHECK_AVX2)
#define OE_AVX2   __attribute__((target("avx2")))
#define OE_AVX512 __attribute__((target("avx512f")))
#if defined(__clang__)
#define OE_RESOLVER __attribute__((used, no_sanitize("address", "thread", "undefined")))
#else
#define OE_RESOLVER                                                                                \
    __attribute__((used, no_sanitize_address, no_sanitize_thread, no_sanitize_undefined))
#endif
#endif

/* Any layout; names what is wrong. */
static OE_NOINLINE mbc_status forces_any(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                         mbc_error *err)
{
    mbc_status st = checked(o, s, o && o->type->forces, "force evaluation", err);
    if (st == MBC_OK)
        st = mbc_state_check_forces_out(o->type, s, out, MBC_STATE_CHECK_NO_INDEX, err);
    return st != MBC_OK ? st : o->type->forces(o->params, s, out, err);
}

/* The fast paths of mbc_object_forces: SSE2, AVX2 and AVX-512F. */
static OE_NOINLINE mbc_status forces_sse2(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                          mbc_error *err)
{
    if (OE_LIKELY(OE_READY_COMMON(o, s, forces, mbc_state_check_ok_common) && out))
        return o->type->forces(o->params, s, out, err);
    return forces_any(o, s, out, err);
}

#if defined(MBC_STATE_CHECK_AVX2)
static OE_AVX2 mbc_status forces_avx2(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                      mbc_error *err)
{
    if (OE_LIKELY(OE_READY_COMMON(o, s, forces, mbc_state_check_ok_common_avx2) && out))
        return o->type->forces(o->params, s, out, err);
    return forces_any(o, s, out, err);
}

static OE_AVX512 mbc_status forces_avx512(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                                          mbc_error *err)
{
    if (OE_LIKELY(OE_READY_COMMON(o, s, forces, mbc_state_check_ok_common_avx512) && out))
        return o->type->forces(o->params, s, out, err);
    return forces_any(o, s, out, err);
}

typedef mbc_status (*oe_forces_fn)(const mbc_object *, const mbc_state *, mbc_forces *,
                                   mbc_error *);

/* The fast path for this CPU, chosen once by the dynamic loader (GNU
 * ifunc, ELF only), so that a call pays no CPU test. Runs before the
 * sanitizers are set up: not instrumented. */
OE_RESOLVER static oe_forces_fn forces_resolve(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return forces_avx512;
    if (__builtin_cpu_supports("avx2"))
        return forces_avx2;
    return forces_sse2;
}

#if defined(__ELF__)
mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                             mbc_error *err) __attribute__((ifunc("forces_resolve")));
#else
mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                             mbc_error *err)
{
    return forces_resolve()(o, s, out, err);
}
#endif
#else
mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                             mbc_error *err)
{
    return forces_sse2(o, s, out, err);
}
#endif

/* Any layout; names what is wrong. */
static OE_NOINLINE mbc_status post_newton_step_any(mbc_object *o, const mbc_state *s,
                                                   mbc_post_newton *out, mbc_error *err)
{
    mbc_status st = checked(o, s, o && o->type->post_newton_step, "PostNewtonStep", err);
    if (st == MBC_OK)
        st = mbc_state_check_post_newton_out(o->type, s, out, MBC_STATE_CHECK_NO_INDEX, err);
    return st != MBC_OK ? st : o->type->post_newton_step(o->params, s, out, err);
}

#if defined(MBC_STATE_CHECK_AVX2)
static OE_AVX2 mbc_status post_newton_step_avx2(mbc_object *o, const mbc_state *s,
                                                mbc_post_newton *out, mbc_error *err)
{
    if (OE_LIKELY(OE_READY_COMMON(o, s, post_newton_step, mbc_state_check_ok_common_avx2) &&
                  mbc_state_check_post_newton_out_ok(s, out)))
        return o->type->post_newton_step(o->params, s, out, err);
    return post_newton_step_any(o, s, out, err);
}
#endif

mbc_status mbc_object_post_newton_step(mbc_object *o, const mbc_state *s, mbc_post_newton *out,
                                       mbc_error *err)
{
#if defined(MBC_STATE_CHECK_AVX2)
    if (__builtin_cpu_supports("avx2"))
        return post_newton_step_avx2(o, s, out, err);
#endif
    if (OE_LIKELY(OE_READY_COMMON(o, s, post_newton_step, mbc_state_check_ok_common) &&
                  mbc_state_check_post_newton_out_ok(s, out)))
        return o->type->post_newton_step(o->params, s, out, err);
    return post_newton_step_any(o, s, out, err);
}

mbc_status mbc_object_output(const mbc_object *o, const mbc_state *s, size_t output, double *out,
                             size_t size, mbc_error *err)
{
    mbc_status st = checked(o, s, o && o->type->output, "output variables", err);
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
    mbc_status st = checked(o, s, o && o->type->algebraic_equations, "algebraic equations", err);
    if (st != MBC_OK)
        return st;
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no output", o->type->type_name);
    return o->type->algebraic_equations(o->params, s, out, err);
}
