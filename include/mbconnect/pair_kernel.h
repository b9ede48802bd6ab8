/* SPDX-License-Identifier: BSD-3-Clause */
/* The kernel contract of in-place pair evaluation (mbconnect/pair_eval.h):
 * how a type provides the fast path of mbc_pair_eval, built in or in a
 * plugin. Header only: inline functions and one macro, nothing exported.
 *
 * What a type provides (docs/lammps.rst, "A pair law's kernel"):
 *
 * 1. In its spec, `kernel = true` in the pair binding. mbcgen then declares
 *      mbc_status mbc_<type>_pair_evaluate(const mbc_<type>_params *p,
 *                                          const mbc_pair_call *call,
 *                                          mbc_pair_sums *sums, mbc_error *err);
 *    in the type's generated header and puts it into the binding
 *    (mbc_pair_binding.evaluate); the type defines it. (`reach = true`
 *    declares mbc_<type>_pair_reach the same way, for a law whose contacts
 *    outlive touching.)
 *
 * 2. ONE per-pair kernel per law, `static inline` in a header that the
 *    type's hooks include too (the hooks, a batch API and the in-place path
 *    all call it; no second copy of the law):
 *
 *      static inline mbc_pair_out KERNEL(const LAW *law, const mbc_pair_in in,
 *                                        const double *start, double *now,
 *                                        const int post_newton, const int plain);
 *
 *    law: the type's constants for one call (its parameters, derived values,
 *    call->dt), made once per call; in: the pair (below), by value; start:
 *    the pair's record (the start-of-step data; NULL-safe for a type without
 *    data coordinates); now: where the new data go (with post_newton = 1:
 *    the law's PostNewtonStep, then the forces with the new data; with
 *    post_newton = 0: the forces of start, and now is not written). now may
 *    be start itself (a scalar caller working in place): read every start
 *    value before writing now. plain = 1: norms as sqrt of the sum of
 *    squares (mbc_pair_norm; a vectorized loop), reporting out.rerun when a
 *    sum of squares is not a normal number (mbc_pair_norm_plain): the block
 *    is then computed again with plain = 0 (mbc_hypot3). The kernel returns
 *    the force on sphere b (on a: its negative), the torques on both,
 *    whether the pair is in contact (0: the engine drops the record; the
 *    forces are then zero), whether it failed (a non-finite force: the call
 *    reports the pair), and its scalar outputs.
 *
 *    Vectorization: the loop below runs the kernel in an `omp simd` loop,
 *    so the kernel takes and returns scalars and structs by value; a local
 *    whose address is taken would become a per-lane array there, which gcc
 *    does not vectorize. Branches on the pair's values are selects; those on
 *    the `const int` choices vanish.
 *
 * 3. Specializations: the choices fixed for a run (a model, an exponent, a
 *    flag) are `const int` arguments of the kernel (or of thin always-inline
 *    wrappers), so that each instantiation below is compiled with them as
 *    constants: no per-pair branch on them. mbc_<type>_pair_evaluate makes
 *    the law once, picks the instantiation once and runs it:
 *
 *      MBC_PAIR_KERNEL_LOOP(my_loop_pns, my_law, my_kernel, 1, 0, 0, 4)
 *      MBC_PAIR_KERNEL_LOOP(my_loop_keep, my_law, my_kernel, 0, 0, 0, 4)
 *      ...
 *      const size_t bad = (call->flags & MBC_PAIR_POST_NEWTON)
 *                             ? my_loop_pns(&law, call, sums) : my_loop_keep(&law, call, sums);
 *      if (bad < call->count)
 *          return mbc_pair_kernel_fail(err, "MyType", call, sums, bad, "force not finite");
 *
 *    The file with the loops is compiled with -fopenmp-simd (the runtime's
 *    MBC_BATCH_FLAGS), else they run scalar, with the same results.
 *
 * A type without (1) still works with mbc_pair_eval, through its hooks.
 *
 * The pair as a kernel sees it: the normal, the gap, the two spheres'
 * velocities, angular velocities, radii and masses. A wall (a sphere of
 * infinite radius and mass, as fix wall/gran) is the same input with
 * r[1] = m[1] = +inf, the wall's normal and the sphere's distance to it as
 * the gap: a kernel that forms R_eff = 1 / (1/r_a + 1/r_b) and
 * m_eff = 1 / (1/m_a + 1/m_b) handles both. */
#ifndef MBCONNECT_PAIR_KERNEL_H
#define MBCONNECT_PAIR_KERNEL_H

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "mbconnect/error.h"
#include "mbconnect/pair_types.h"
#include "mbconnect/vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scalar outputs a kernel returns: out.output[k] for the type's outputs
 * k < MBC_PAIR_OUTPUT_MAX (indices of mbc_type_info.outputs). */
#define MBC_PAIR_OUTPUT_MAX 8

/* One pair of spheres a, b. */
typedef struct mbc_pair_in {
    double n[3];    /* unit normal from a to b: d / |d|, d = x_b - x_a; e_x when d = 0 */
    double gap;     /* |d| - (r_a + r_b), m (< 0: overlap) */
    double v[2][3]; /* velocities of a, b, m/s */
    double w[2][3]; /* angular velocities of a, b, global, rad/s */
    double r[2];    /* radii, m (+inf: a wall) */
    double m[2];    /* masses, kg, when the binding has masses, else 0 (+inf: a wall) */
} mbc_pair_in;

/* What a kernel returns for one pair. */
typedef struct mbc_pair_out {
    double force[3];     /* on b, N; on a: -force */
    double torque[2][3]; /* on a, on b, N m */
    double output[MBC_PAIR_OUTPUT_MAX];
    int contact; /* 1: in contact after the call; 0: out of contact, drop the record */
    int fail;    /* 1: the law failed for this pair (non-finite force) */
    int rerun;   /* 1: a norm of the plain form needs the safe one (plain = 1 only) */
} mbc_pair_out;

/* Kernels and their helpers are always inlined into the loops. */
#if defined(__GNUC__)
#define MBC_PAIR_ALWAYS_INLINE __attribute__((always_inline))
#else
#define MBC_PAIR_ALWAYS_INLINE
#endif
#define MBC_PAIR_INLINE static inline MBC_PAIR_ALWAYS_INLINE

/* The normal and gap of two spheres whose centers are d = x_b - x_a apart:
 * |d| by mbc_hypot3 (plain = 0), or by sqrt of the sum of squares (plain =
 * 1: a vectorized loop, which checks mbc_pair_norm_plain and computes the
 * rare other case again with plain = 0; both give the same bits whenever
 * the sum of squares is a normal number). */
typedef struct mbc_pair_geometry {
    double n[3];
    double gap;
} mbc_pair_geometry;

static inline MBC_PAIR_ALWAYS_INLINE double mbc_pair_norm(double x, double y, double z,
                                                          const int plain)
{
    return plain ? sqrt(x * x + y * y + z * z) : mbc_hypot3(x, y, z);
}

/* 1 when mbc_hypot3 uses the plain formula (sum of squares a normal number). */
static inline MBC_PAIR_ALWAYS_INLINE int mbc_pair_norm_plain(double x, double y, double z)
{
    const double s = x * x + y * y + z * z;
    return s >= DBL_MIN && s <= DBL_MAX;
}

static inline MBC_PAIR_ALWAYS_INLINE mbc_pair_geometry mbc_pair_geometry_of(double dx, double dy,
                                                                            double dz, double r_a,
                                                                            double r_b,
                                                                            const int plain)
{
    mbc_pair_geometry g;
    const double dist = mbc_pair_norm(dx, dy, dz, plain);
    const int coincident = !(dist > 0.0);
    g.n[0] = coincident ? 1.0 : dx / dist;
    g.n[1] = coincident ? 0.0 : dy / dist;
    g.n[2] = coincident ? 0.0 : dz / dist;
    g.gap = dist - (r_a + r_b);
    return g;
}

/* The engine's arrays a loop reads, as restrict-qualified locals (their
 * loads then stay out of the loop; gcc honours restrict on parameters and
 * locals, not on struct members). */
#define MBC_PAIR_ARRAYS(AT)                                                                        \
    const double(*restrict x_)[3] = (AT)->position;                                                \
    const double(*restrict v_)[3] = (AT)->velocity;                                                \
    const double(*restrict w_)[3] = (AT)->angular_velocity;                                        \
    const double *restrict r_ = (AT)->radius;                                                      \
    const double *restrict m_ = (AT)->mass

/* Pair (a, b) as a kernel sees it, from the engine's arrays x, v, w, r, m
 * (|d| by mbc_pair_geometry_of with `plain`; m read only with masses). */
static inline MBC_PAIR_ALWAYS_INLINE mbc_pair_in
mbc_pair_in_of(const double (*x)[3], const double (*v)[3], const double (*w)[3], const double *r,
               const double *m, int a, int b, const int masses, const int plain)
{
    const double r0 = r[a], r1 = r[b];
    const mbc_pair_geometry g = mbc_pair_geometry_of(x[b][0] - x[a][0], x[b][1] - x[a][1],
                                                     x[b][2] - x[a][2], r0, r1, plain);
    const mbc_pair_in in = {{g.n[0], g.n[1], g.n[2]},
                            g.gap,
                            {{v[a][0], v[a][1], v[a][2]}, {v[b][0], v[b][1], v[b][2]}},
                            {{w[a][0], w[a][1], w[a][2]}, {w[b][0], w[b][1], w[b][2]}},
                            {r0, r1},
                            {masses ? m[a] : 0.0, masses ? m[b] : 0.0}};
    return in;
}

/* The weight of pair p in the sums: 1, or 1/2 when an atom is not owned. */
static inline MBC_PAIR_ALWAYS_INLINE double mbc_pair_weight(const mbc_pair_atoms *at,
                                                            const mbc_pair *p)
{
    return (p->atom[0] < at->owned && p->atom[1] < at->owned) ? 1.0 : 0.5;
}

/* The virial of one pair, w d_i f_j (xx, yy, zz, xy, xz, yz). */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_virial_add(double v[6], const double d[3],
                                                              const double f[3], double w)
{
    v[0] += w * d[0] * f[0];
    v[1] += w * d[1] * f[1];
    v[2] += w * d[2] * f[2];
    v[3] += w * d[0] * f[1];
    v[4] += w * d[0] * f[2];
    v[5] += w * d[1] * f[2];
}

/* Pairs per block of the loops below: the kernel's results of a block are
 * kept in a stage (mbc_pair_stage, about 12 KiB: in the L1 cache) between
 * the vectorized kernel and the scalar accumulation. */
#define MBC_PAIR_BLOCK 128
/* Data coordinates per pair that a loop stages: a kernel of a type with
 * more goes through the hooks (or its own loop). */
#define MBC_PAIR_DATA_MAX 16

/* What a block's kernel calls give, column by column, until they are added
 * into the engine's arrays: the new data, the force on b, the torques, the
 * center distance vector (virial), the gap (overlap), contact, failure and
 * the scalar outputs. */
typedef struct mbc_pair_stage {
    double start[MBC_PAIR_BLOCK * MBC_PAIR_DATA_MAX], now[MBC_PAIR_BLOCK * MBC_PAIR_DATA_MAX];
    double force[3][MBC_PAIR_BLOCK], torque[2][3][MBC_PAIR_BLOCK], d[3][MBC_PAIR_BLOCK];
    double gap[MBC_PAIR_BLOCK];
    double output[MBC_PAIR_OUTPUT_MAX][MBC_PAIR_BLOCK];
    int contact[MBC_PAIR_BLOCK], fail[MBC_PAIR_BLOCK];
} mbc_pair_stage;

/* The start data of a block's n pairs into the stage: the vectorized
 * loop reads them there (gcc vectorizes no load through a pointer that
 * differs from pair to pair; the records, just found by the engine, are in
 * the cache, and a block's are 32 x DATA doubles). */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_stage_start(const mbc_pair *pairs, size_t n,
                                                               const int data, mbc_pair_stage *st)
{
    for (size_t j = 0; j < n; ++j)
        for (int q = 0; q < data; ++q)
            st->start[j * (size_t)data + (size_t)q] = pairs[j].data[q];
}

/* Pair j of a block: the kernel's result into the stage; returns 1 when a
 * norm of the plain form needs the under/overflow-safe one. */
#define MBC_PAIR_STAGE_ONE(KERNEL, LAW_P, AT, P, ST, J, POST_NEWTON, MASSES, OUTPUTS, DATA, PLAIN) \
    {                                                                                              \
        const int a_ = (P)->atom[0], b_ = (P)->atom[1];                                            \
        const double dx_ = x_[b_][0] - x_[a_][0], dy_ = x_[b_][1] - x_[a_][1],                     \
                     dz_ = x_[b_][2] - x_[a_][2];                                                  \
        const mbc_pair_in in_ = mbc_pair_in_of(x_, v_, w_, r_, m_, a_, b_, (MASSES), (PLAIN));     \
        const mbc_pair_out out_ = KERNEL((LAW_P), in_, (ST)->start + (J) * (DATA),                 \
                                         (ST)->now + (J) * (DATA), (POST_NEWTON), (PLAIN));        \
        for (int c_ = 0; c_ < 3; ++c_) {                                                           \
            (ST)->force[c_][J] = out_.force[c_];                                                   \
            (ST)->torque[0][c_][J] = out_.torque[0][c_];                                           \
            (ST)->torque[1][c_][J] = out_.torque[1][c_];                                           \
        }                                                                                          \
        (ST)->d[0][J] = dx_;                                                                       \
        (ST)->d[1][J] = dy_;                                                                       \
        (ST)->d[2][J] = dz_;                                                                       \
        (ST)->gap[J] = in_.gap;                                                                    \
        for (int q_ = 0; q_ < (OUTPUTS); ++q_)                                                     \
            (ST)->output[q_][J] = out_.output[q_];                                                 \
        (ST)->contact[J] = out_.contact;                                                           \
        (ST)->fail[J] = out_.fail;                                                                 \
        rerun_ |= (PLAIN) & ((!mbc_pair_norm_plain(dx_, dy_, dz_)) | out_.rerun);                  \
    }

/* `omp simd` over a block: with -fopenmp (which defines _OPENMP), or with
 * -fopenmp-simd and MBC_PAIR_OPENMP_SIMD defined (the runtime's
 * MBC_BATCH_FLAGS); otherwise a plain loop, with the same results. */
#if defined(_OPENMP) || defined(MBC_PAIR_OPENMP_SIMD)
#define MBC_PAIR_SIMD _Pragma("omp simd reduction(| : rerun_)")
#else
#define MBC_PAIR_SIMD
#endif

/* The vectorized loops' clones for the processor, chosen by the loader:
 * AVX-512F, AVX2 and the baseline (x86-64 and GNU C; results are the same
 * bits in each, without FMA contraction: -ffp-contract=off). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) &&                   \
    !defined(__SANITIZE_ADDRESS__) && (!defined(__clang__) || __clang_major__ >= 14)
#define MBC_PAIR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define MBC_PAIR_CLONES
#endif

/* The engine's arrays and the call's outputs that the accumulation
 * writes, as restrict-qualified locals (the stores into the force arrays
 * then do not make the compiler read the call again). */
typedef struct mbc_pair_sink {
    double (*force)[3];
    double (*torque)[3];
    unsigned char *contact;
    int owned;
    mbc_pair_result *results; /* MBC_PAIR_RESULTS: into these, not the arrays */
    double *outputs;          /* and each pair's outputs, or NULL */
} mbc_pair_sink;

/* A call of mbc_pair_eval_results (mbconnect/pair_eval.h): the call, whose
 * flags have MBC_PAIR_RESULTS, and where each pair's results go. A kernel
 * gets &...call; mbc_pair_call_results_of finds the rest. A kernel of a
 * binding of revision 3 or later (MBC_PAIR_BINDING_REVISION) honours the
 * flag: it adds nothing to the atoms' force and torque arrays (which may
 * then be NULL) and writes each pair's mbc_pair_result (and with outputs
 * its summed scalar outputs, output_count of them per pair, 0 out of
 * contact), and the records, contact flags and sums as without it. The
 * loops of MBC_PAIR_KERNEL_LOOP do. */
typedef struct mbc_pair_call_results {
    mbc_pair_call call;
    mbc_pair_result *results; /* call.count entries */
    double *outputs;          /* NULL, or call.count x sums->output_count values */
} mbc_pair_call_results;

/* The results of a call with MBC_PAIR_RESULTS, else NULL. */
static inline const mbc_pair_call_results *mbc_pair_call_results_of(const mbc_pair_call *call)
{
    return (call->flags & MBC_PAIR_RESULTS) ? (const mbc_pair_call_results *)(const void *)call
                                            : NULL;
}

/* The sink of a call: the atoms' arrays, or the call's results. */
static inline mbc_pair_sink mbc_pair_sink_of(const mbc_pair_call *call)
{
    const mbc_pair_call_results *r = mbc_pair_call_results_of(call);
    const mbc_pair_sink sk = {call->atoms->force, call->atoms->torque,   call->contact,
                              call->atoms->owned, r ? r->results : NULL, r ? r->outputs : NULL};
    return sk;
}

/* Pair p's staged results (block position j) into the engine's arrays and
 * the sums: -F and the torque on a, F and the torque on b (owned atoms
 * only; with the sink's results into results[k] instead, and the pair's
 * outputs), the new data into the record, contact, and for a pair in contact
 * its weight (1, or 1/2 with an atom not owned), overlap, virial and scalar
 * outputs. acc: contacts, overlap, virial[6]. */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_add(const mbc_pair_sink *sk, const mbc_pair *p,
                                                       size_t k, const mbc_pair_stage *st, size_t j,
                                                       const int post_newton, const int outputs,
                                                       const int data, mbc_pair_sums *sums,
                                                       double acc[8])
{
    double(*restrict force)[3] = sk->force;
    double(*restrict torque)[3] = sk->torque;
    const int a = p->atom[0], b = p->atom[1];
    const int own_a = a < sk->owned, own_b = b < sk->owned;
    const double f[3] = {st->force[0][j], st->force[1][j], st->force[2][j]};
    if (sk->results) {
        mbc_pair_result *restrict res = &sk->results[k];
        for (int c = 0; c < 3; ++c) {
            res->force[c] = f[c];
            res->torque[0][c] = st->torque[0][c][j];
            res->torque[1][c] = st->torque[1][c][j];
            res->couple[0][c] = res->couple[1][c] = 0.0;
        }
    } else if (own_a) {
        for (int c = 0; c < 3; ++c) {
            force[a][c] = force[a][c] - f[c];
            torque[a][c] += st->torque[0][c][j];
        }
    }
    if (own_b && !sk->results) {
        for (int c = 0; c < 3; ++c) {
            force[b][c] = force[b][c] + f[c];
            torque[b][c] += st->torque[1][c][j];
        }
    }
    if (post_newton) {
        double *restrict rec = p->data;
        for (int q = 0; q < data; ++q)
            rec[q] = st->now[j * (size_t)data + (size_t)q];
    }
    const int contact = st->contact[j];
    if (sk->contact)
        sk->contact[k] = (unsigned char)(contact != 0);
    if (outputs > 0 && sk->outputs)
        for (size_t q = 0; q < sums->output_count; ++q)
            sk->outputs[k * sums->output_count + q] =
                contact ? st->output[sums->outputs[q]][j] : 0.0;
    if (!contact)
        return;
    const double w = (own_a & own_b) ? 1.0 : 0.5;
    const double d[3] = {st->d[0][j], st->d[1][j], st->d[2][j]};
    acc[0] += w;
    acc[1] -= w * st->gap[j];
    mbc_pair_virial_add(acc + 2, d, f, w);
    if (outputs > 0)
        for (size_t q = 0; q < sums->output_count; ++q)
            sums->output_sums[q] += w * st->output[sums->outputs[q]][j];
}

/* Defines `static size_t NAME(const LAW *law, const mbc_pair_call *call,
 * mbc_pair_sums *sums)`: KERNEL over every pair of the call, with
 * POST_NEWTON (0 or 1), MASSES (1: the binding has masses, in.m is read),
 * OUTPUTS (the number of leading output indices the kernel fills, 0..
 * MBC_PAIR_OUTPUT_MAX) and DATA (the type's data coordinates, 1..
 * MBC_PAIR_DATA_MAX) as constants. Block by block: the kernel on every pair
 * of the block in a loop that the compiler vectorizes (`omp simd`: compile
 * with -fopenmp-simd; the engine's arrays read by index, the start data
 * from the records, the results into the stage), again with the safe norms
 * in the rare block that needs them (the records are still unchanged),
 * then the stage added into the engine's arrays and the sums in pair
 * order, and the new data into the records. Returns the first pair whose
 * kernel failed, or call->count. */
#define MBC_PAIR_KERNEL_LOOP(NAME, LAW, KERNEL, POST_NEWTON, MASSES, OUTPUTS, DATA)                \
    static MBC_PAIR_CLONES int NAME##_block(const LAW *law, const mbc_pair_atoms *at,              \
                                            const mbc_pair *pairs, size_t n, mbc_pair_stage *st)   \
    {                                                                                              \
        MBC_PAIR_ARRAYS(at);                                                                       \
        int rerun_ = 0;                                                                            \
        MBC_PAIR_SIMD for (size_t j = 0; j < n; ++j)                                               \
            MBC_PAIR_STAGE_ONE(KERNEL, law, at, &pairs[j], st, j, (POST_NEWTON), (MASSES),         \
                               (OUTPUTS), (DATA), 1) return rerun_;                                \
    }                                                                                              \
    static void NAME##_safe(const LAW *law, const mbc_pair_atoms *at, const mbc_pair *pairs,       \
                            size_t n, mbc_pair_stage *st)                                          \
    {                                                                                              \
        MBC_PAIR_ARRAYS(at);                                                                       \
        int rerun_ = 0;                                                                            \
        for (size_t j = 0; j < n; ++j)                                                             \
            MBC_PAIR_STAGE_ONE(KERNEL, law, at, &pairs[j], st, j, (POST_NEWTON), (MASSES),         \
                               (OUTPUTS), (DATA), 0)                                               \
        (void)rerun_;                                                                              \
    }                                                                                              \
    static size_t NAME(const LAW *law, const mbc_pair_call *call, mbc_pair_sums *sums)             \
    {                                                                                              \
        mbc_pair_stage st;                                                                         \
        const mbc_pair_sink sk = mbc_pair_sink_of(call);                                           \
        const mbc_pair *pairs = call->pairs;                                                       \
        const size_t count = call->count;                                                          \
        double acc[8] = {sums->contacts,  sums->overlap,   sums->virial[0], sums->virial[1],       \
                         sums->virial[2], sums->virial[3], sums->virial[4], sums->virial[5]};      \
        size_t failed = count;                                                                     \
        for (size_t b0 = 0; b0 < count; b0 += MBC_PAIR_BLOCK) {                                    \
            const size_t n = count - b0 < MBC_PAIR_BLOCK ? count - b0 : MBC_PAIR_BLOCK;            \
            mbc_pair_stage_start(pairs + b0, n, (DATA), &st);                                      \
            if (NAME##_block(law, call->atoms, pairs + b0, n, &st))                                \
                NAME##_safe(law, call->atoms, pairs + b0, n, &st);                                 \
            for (size_t j = 0; j < n; ++j) {                                                       \
                failed = (st.fail[j] && failed == count) ? b0 + j : failed;                        \
                mbc_pair_add(&sk, &pairs[b0 + j], b0 + j, &st, j, (POST_NEWTON), (OUTPUTS),        \
                             (DATA), sums, acc);                                                   \
            }                                                                                      \
        }                                                                                          \
        sums->contacts = acc[0];                                                                   \
        sums->overlap = acc[1];                                                                    \
        for (int c = 0; c < 6; ++c)                                                                \
            sums->virial[c] = acc[2 + c];                                                          \
        return failed;                                                                             \
    }

/* The error of a call whose kernel failed at pair k: "TYPE: WHAT", with
 * sums->failed = k (the engine names the pair's atoms). */
static inline mbc_status mbc_pair_kernel_fail(mbc_error *err, const char *type_name,
                                              const mbc_pair_call *call, mbc_pair_sums *sums,
                                              size_t k, const char *what)
{
    sums->failed = k;
    (void)call;
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %s", type_name, what);
}

/* MBC_OK when every output the call sums is one of the first `outputs`
 * (the ones the kernel fills), else the error naming it. */
static inline mbc_status mbc_pair_kernel_outputs(mbc_error *err, const char *type_name,
                                                 const mbc_pair_sums *sums, size_t outputs)
{
    for (size_t q = 0; q < sums->output_count; ++q) {
        if (sums->outputs[q] >= outputs) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: output %zu is not a scalar output of the type's kernel", type_name,
                            sums->outputs[q]);
        }
    }
    return MBC_OK;
}

#ifdef __cplusplus
}
#endif

#endif
