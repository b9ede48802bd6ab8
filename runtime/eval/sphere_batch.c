/* SPDX-License-Identifier: BSD-3-Clause */
/* Batch evaluation of ContactSphereSphere (include/mbconnect/sphere_batch.h).
 *
 * The law is ContactSphereSphere's one kernel (contact_sphere_sphere_kernel.h,
 * which the hooks and the in-place pair path call too): the loops below only
 * read the columns of pair k, call the kernel's kinematics, normal force,
 * PostNewtonStep and forces with scalar arguments, and store the results.
 * The batch takes the kernel's branch-free forms (SS_EXP_BLEND,
 * SS_MODEL_BLEND, SS_FRICTION_ON, plain norms) so that the loops vectorize;
 * they give the hooks' numbers (to the last bit, except the sign of a zero:
 * tests/batch/test_sphere_batch.c compares every pair).
 *
 * The three entry points are one path (sb_call) over one loop (sb_loop),
 * instantiated for what a call computes: the forces, the PostNewtonStep, or
 * both in one pass for mbc_sphere_batch_step (the PostNewtonStep, then the
 * forces on its new data, sharing the kinematics and the normal force). In
 * mbc-lammps the step cost 108 instead of 171 instructions per pair under
 * valgrind (AVX2 clones).
 *
 * Vectorization (gcc 12, -O3 -fopenmp-simd, -fopt-info-vec and objdump of
 * libmbconnect): the `omp simd` loop of sb_loop in its "fast"
 * instantiations (exponents n_exp and n_adh
 * in {1, 1.5, 2}: powers are x, x sqrt(x), x^2 selected without branches;
 * shared or per-pair radii) vectorize. On x86-64 each fast instantiation has three clones chosen
 * by the loader (ifunc) from the CPU: AVX-512F (8 doubles per vector, 64-byte
 * vdivpd/vsqrtpd; epilogues of 4 and 2), AVX2 (4; epilogue 2) and the
 * baseline, which stays scalar (gcc's cost model rejects 2-wide SSE2; it is
 * also what runs under valgrind, whose CPU has no AVX-512). Other exponents
 * need pow(), which has no vector version without -ffast-math: those loops
 * (sb_forces_general, sb_pns_general) run scalar (same code). Selects
 * replace every branch ("in contact", model branches, friction branch), so
 * out-of-contact lanes compute values that are then discarded. Clones only
 * change the vector width, never the operations (no FMA contraction in ISO
 * C), so every clone gives the same bits.
 *
 * Memory: at 10^6 pairs the loop streams 22 doubles in and 9 out per pair.
 * sb_run starts its chunks where most arrays begin a 64-byte line (a vector
 * access across two lines costs about twice one within a line). Streaming
 * (non-temporal) stores for the outputs were tried (buffer a block in L1,
 * copy out with _mm_stream_pd / _mm512_stream_pd): not faster, slower in 6
 * of 8 interleaved min-of-N comparisons on the shared (loaded) development
 * machine, so not used; without them the batch is at 1.4x the triad's limit
 * and scales 1.9x on two threads.
 *
 * No allocation, no global state; reentrant. Threads (OpenMP, optional) take
 * fixed chunks of pairs; each pair is computed by the same code whatever the
 * thread count, so results do not depend on it. */
#include "mbconnect/sphere_batch.h"

#include "mbconnect/contact_laws.h"
#include "connectors/contact_sphere_sphere/contact_sphere_sphere.h"
#include "connectors/contact_sphere_sphere/contact_sphere_sphere_kernel.h"
#include "mbconnect/threads.h"

#include "base/tsan_annotate.h"

#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>

#define SB_NAME "ContactSphereSphere batch"

/* Pairs per thread work item (fixed: the split never changes a result). */
#define SB_CHUNK 512
/* A thread is only worth waking for this many pairs (a parallel region costs
 * microseconds, far more on a loaded machine). */
#define SB_MIN_PAIRS_PER_THREAD 2048

#if defined(__GNUC__)
#define SB_INLINE static inline __attribute__((always_inline))
#else
#define SB_INLINE static inline
#endif

/* AVX-512F and AVX2 clones and the baseline, chosen by the loader (ifunc).
 * Without FMA contraction (-ffp-contract=off, runtime/CMakeLists.txt) all
 * give identical results. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) &&                   \
    !defined(__SANITIZE_ADDRESS__) && (!defined(__clang__) || __clang_major__ >= 14)
#define SB_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define SB_CLONES
#endif

/* Everything a range of pairs needs: the law (loop invariants), input and
 * output arrays. */
typedef struct sb_ctx {
    const double *p0[3], *p1[3], *v0[3], *v1[3], *w0[3], *w1[3];
    const double *rad0, *rad1; /* per-pair radii (radii != 0) */
    const double *x[4], *xs[4];
    double r0, r1; /* shared radii */
    ss_law law;
    /* outputs */
    double *f[3], *t0[3], *t1[3];
    double *xo[4], *err, *rec;
} sb_ctx;

/* The arrays of a call, as restrict-qualified parameters (gcc honours
 * restrict on parameters, not on struct members). */
#define SB_INPUT_PARAMS                                                                            \
    const double *restrict p0x, const double *restrict p0y, const double *restrict p0z,            \
        const double *restrict p1x, const double *restrict p1y, const double *restrict p1z,        \
        const double *restrict v0x, const double *restrict v0y, const double *restrict v0z,        \
        const double *restrict v1x, const double *restrict v1y, const double *restrict v1z,        \
        const double *restrict w0x, const double *restrict w0y, const double *restrict w0z,        \
        const double *restrict w1x, const double *restrict w1y, const double *restrict w1z,        \
        const double *restrict rad0, const double *restrict rad1
#define SB_INPUT_ARGS(c)                                                                           \
    (c)->p0[0], (c)->p0[1], (c)->p0[2], (c)->p1[0], (c)->p1[1], (c)->p1[2], (c)->v0[0],            \
        (c)->v0[1], (c)->v0[2], (c)->v1[0], (c)->v1[1], (c)->v1[2], (c)->w0[0], (c)->w0[1],        \
        (c)->w0[2], (c)->w1[0], (c)->w1[1], (c)->w1[2], (c)->rad0, (c)->rad1

/* The kinematics of pair k from the columns (the kernel's ss_kinematics),
 * as the local `kin`, and whether a norm needs the under/overflow-safe form
 * (ORed into `rerun`; general: the safe form itself). Scalars only: see
 * contact_sphere_sphere_kernel.h. */
#define SB_KINEMATICS(k)                                                                           \
    const double r0 = radii ? rad0[k] : r0_shared;                                                 \
    const double r1 = radii ? rad1[k] : r1_shared;                                                 \
    const double dx = p1x[k] - p0x[k], dy = p1y[k] - p0y[k], dz = p1z[k] - p0z[k];                 \
    const mbc_pair_geometry geo = mbc_pair_geometry_of(dx, dy, dz, r0, r1, !general);              \
    const ss_kin kin = ss_kinematics(geo.n[0], geo.n[1], geo.n[2], geo.gap, r0, r1, v0x[k],        \
                                     v0y[k], v0z[k], v1x[k], v1y[k], v1z[k], w0x[k], w0y[k],       \
                                     w0z[k], w1x[k], w1y[k], w1z[k], !general);                    \
    rerun |= !(mbc_pair_norm_plain(dx, dy, dz) & mbc_pair_norm_plain(kin.vtx, kin.vty, kin.vtz))

/* The kernel's forms in a loop: blended (vectorized) or general (pow,
 * mbc_hypot3; scalar). */
#define SB_EXPO (general ? SS_EXP_GENERAL : SS_EXP_BLEND)

/* Stores the kernel's forces f of pair k. */
#define SB_STORE_FORCES(k, f)                                                                      \
    fx[k] = (f).fx;                                                                                \
    fy[k] = (f).fy;                                                                                \
    fz[k] = (f).fz;                                                                                \
    t0x[k] = (f).t0x;                                                                              \
    t0y[k] = (f).t0y;                                                                              \
    t0z[k] = (f).t0z;                                                                              \
    t1x[k] = (f).t1x;                                                                              \
    t1y[k] = (f).t1y;                                                                              \
    t1z[k] = (f).t1z

/* Stores the kernel's PostNewtonStep p of pair k (error NaN: the failure). */
#define SB_STORE_PNS(k, p)                                                                         \
    o0[k] = (p).x0;                                                                                \
    o1[k] = (p).x1;                                                                                \
    o2[k] = (p).x2;                                                                                \
    o3[k] = (p).x3;                                                                                \
    oerr[k] = (p).bad ? NAN : (p).error;                                                           \
    orec[k] = (p).step

/* What a call computes: the PostNewtonStep (mbc_sphere_batch_post_newton_step),
 * the forces (mbc_sphere_batch_forces_eval) or both in one pass, the forces
 * on the PostNewtonStep's new data (mbc_sphere_batch_step). */
enum { SB_PNS = 1, SB_FORCES = 2, SB_STEP = SB_PNS | SB_FORCES };

/* The PostNewtonStep and/or the forces of pairs [b, e), as `what` says (a
 * constant in each instantiation: the other part folds away). With both, the
 * kinematics and the normal force are computed once, and the forces read
 * the new data: x_0 = g, x_1 = |v_t|, x_2, x_3 as f_n (the values the two
 * calls would compute from the same inputs). Returns SB_PNS when a
 * friction-switch normal force is not finite (the hook's error; error[k] of
 * that pair is then NaN), SB_FORCES when a pair in contact has a non-finite
 * normal force (the hook's error), or both. */
SB_INLINE int
sb_loop(const sb_ctx *c, size_t b, size_t e, SB_INPUT_PARAMS, const double *restrict x0,
        const double *restrict x1, const double *restrict x2, const double *restrict x3,
        const double *restrict s0, const double *restrict s2, const double *restrict s3,
        double *restrict o0, double *restrict o1, double *restrict o2, double *restrict o3,
        double *restrict oerr, double *restrict orec, double *restrict fx, double *restrict fy,
        double *restrict fz, double *restrict t0x, double *restrict t0y, double *restrict t0z,
        double *restrict t1x, double *restrict t1y, double *restrict t1z, const int what,
        const int radii, const int general, int *rerun_out)
{
    const ss_law law = c->law;
    const double r0_shared = c->r0, r1_shared = c->r1;
    int rerun = 0;
    int bad_pns = 0, bad_forces = 0;
#pragma omp simd reduction(| : bad_pns, bad_forces, rerun)
    for (size_t k = b; k < e; ++k) {
        SB_KINEMATICS(k);
        double d0, d1, f_n;
        if (what & SB_PNS) {
            const ss_pns p = ss_post_newton(&law, kin, x0[k], x1[k], s0[k], s2[k], s3[k], SB_EXPO,
                                            SB_EXPO, SS_MODEL_BLEND, SS_FRICTION_ON, 1);
            bad_pns |= p.bad;
            SB_STORE_PNS(k, p);
            d0 = p.x0;
            d1 = p.x1;
            f_n = p.f_n;
        } else {
            d0 = x0[k];
            d1 = x1[k];
            f_n = ss_normal_force(&law, kin.delta, kin.v_n, x2[k], x3[k], SB_EXPO, SB_EXPO,
                                  SS_MODEL_BLEND);
        }
        if (what & SB_FORCES) {
            const ss_frc f = ss_forces(&law, kin, d0, d1, f_n, SS_FRICTION_ON);
            bad_forces |= f.bad;
            SB_STORE_FORCES(k, f);
        }
    }
    *rerun_out = rerun;
    return (bad_pns ? SB_PNS : 0) | (bad_forces ? SB_FORCES : 0);
}

SB_INLINE int sb_range(const sb_ctx *c, size_t b, size_t e, const int what, const int radii,
                       const int general, int *rerun)
{
    return sb_loop(c, b, e, SB_INPUT_ARGS(c), c->x[0], c->x[1], c->x[2], c->x[3], c->xs[0],
                   c->xs[2], c->xs[3], c->xo[0], c->xo[1], c->xo[2], c->xo[3], c->err, c->rec,
                   c->f[0], c->f[1], c->f[2], c->t0[0], c->t0[1], c->t0[2], c->t1[0], c->t1[1],
                   c->t1[2], what, radii, general, rerun);
}

/* The four instantiations of sb_range for each of SB_FORCES, SB_PNS and
 * SB_STEP (per-pair or shared radii x fast or general exponents), written
 * once by SB_INSTANTIATE (a macro, so each keeps its own constant-folded,
 * cloned copy); the fast ones are the vectorized ones. A fast range in
 * which a norm needs the under/overflow-safe form is computed again by the
 * general loop (same results otherwise: its powers equal the fast ones). */
#define SB_FAST(NAME, WHAT, RADII, KIND)                                                           \
    static SB_CLONES int sb_##NAME##_fast_##KIND(const sb_ctx *c, size_t b, size_t e)              \
    {                                                                                              \
        int rerun = 0;                                                                             \
        const int bad = sb_range(c, b, e, WHAT, RADII, 0, &rerun);                                 \
        return rerun ? sb_##NAME##_general(c, b, e) : bad;                                         \
    }
#define SB_INSTANTIATE(NAME, WHAT)                                                                 \
    static int sb_##NAME##_general(const sb_ctx *c, size_t b, size_t e)                            \
    {                                                                                              \
        int rerun = 0;                                                                             \
        return (c->rad0 != NULL) ? sb_range(c, b, e, WHAT, 1, 1, &rerun)                           \
                                 : sb_range(c, b, e, WHAT, 0, 1, &rerun);                          \
    }                                                                                              \
    SB_FAST(NAME, WHAT, 0, shared)                                                                 \
    SB_FAST(NAME, WHAT, 1, radii)
SB_INSTANTIATE(forces, SB_FORCES)
SB_INSTANTIATE(pns, SB_PNS)
SB_INSTANTIATE(step, SB_STEP)
#undef SB_INSTANTIATE
#undef SB_FAST

typedef int (*sb_range_fn)(const sb_ctx *c, size_t b, size_t e);

/* 1, 1.5 and 2 are the exponents with a pow-free (vectorized) form. */
static int sb_fast_exponent(double n)
{
    return n == 1.0 || n == 1.5 || n == 2.0;
}

/* The instantiations of sb_range for each `what` (SB_FORCES, SB_PNS, SB_STEP). */
typedef struct sb_loops {
    sb_range_fn general, fast_radii, fast_shared;
} sb_loops;

static const sb_loops sb_loops_of[] = {
    [SB_FORCES] = {sb_forces_general, sb_forces_fast_radii, sb_forces_fast_shared},
    [SB_PNS] = {sb_pns_general, sb_pns_fast_radii, sb_pns_fast_shared},
    [SB_STEP] = {sb_step_general, sb_step_fast_radii, sb_step_fast_shared},
};

/* The instantiation of the loop of `what` for c: the general one unless
 * every exponent in use has a pow-free form, else the fast one for per-pair
 * or shared radii. */
static sb_range_fn sb_pick(const sb_ctx *c, int what)
{
    const sb_loops *l = &sb_loops_of[what];
    const int fast = sb_fast_exponent(c->law.n_exp.n) &&
                     (c->law.model != SS_MODEL_PLASTIC || sb_fast_exponent(c->law.n_adh.n));
    return !fast ? l->general : (c->rad0 != NULL ? l->fast_radii : l->fast_shared);
}

/* The first `head` pairs run on their own, so that every chunk after them
 * starts where most arrays of the call begin a 64-byte cache line (see
 * sb_head): a vector load or store that straddles two lines costs about
 * twice one that does not (at 10^6 pairs from 16-byte-aligned malloc
 * blocks, 15 instead of 10.5 ns/pair). */
#if defined(_OPENMP)
/* One parallel region: what every thread reads, the OR of the flags, and
 * the addresses of the ThreadSanitizer fork/join edges (tsan_annotate.h). */
typedef struct sb_region {
    sb_range_fn fn;
    const sb_ctx *c;
    size_t head, count, chunks;
    atomic_int bad;
    int fork_edge, join_edge;
} sb_region;

/* The work of one thread: chunks by the static schedule (an orphaned `omp
 * for` binding to the caller's region); the thread of chunk 0 also runs the
 * head. Kept out of line so that the region's outlined function only passes
 * r (see .ci/tsan.supp). */
static __attribute__((noinline)) void sb_region_work(sb_region *r)
{
    MBC_TSAN_ACQUIRE(&r->fork_edge);
    int mine = 0;
#pragma omp for schedule(static) nowait
    for (size_t j = 0; j < r->chunks; ++j) {
        const size_t b = r->head + j * SB_CHUNK;
        const size_t e = (b + SB_CHUNK < r->count) ? b + SB_CHUNK : r->count;
        if (j == 0 && r->head > 0)
            mine |= r->fn(r->c, 0, r->head);
        mine |= r->fn(r->c, b, e);
    }
    if (mine)
        atomic_fetch_or(&r->bad, mine);
    MBC_TSAN_RELEASE(&r->join_edge);
}
#endif

/* Runs fn over [0, count): [0, head), then SB_CHUNK pieces on `threads`
 * threads; returns the OR of the flags. */
static int sb_run(sb_range_fn fn, const sb_ctx *c, size_t count, size_t head, int threads)
{
    if (head >= count)
        return fn(c, 0, count);
    const size_t chunks = (count - head + SB_CHUNK - 1) / SB_CHUNK;
    const size_t useful = count / SB_MIN_PAIRS_PER_THREAD;
    if ((size_t)threads > useful)
        threads = (int)useful;
    if (threads <= 1 || chunks <= 1)
        return (head > 0 ? fn(c, 0, head) : 0) | fn(c, head, count);
#if defined(_OPENMP)
    sb_region r = {fn, c, head, count, chunks, 0, 0, 0};
    MBC_TSAN_RELEASE(&r.fork_edge);
#pragma omp parallel num_threads(threads)
    sb_region_work(&r);
    MBC_TSAN_ACQUIRE(&r.join_edge);
    return atomic_load(&r.bad);
#else
    return (head > 0 ? fn(c, 0, head) : 0) | fn(c, head, count);
#endif
}

/* Position of a double array within its 64-byte line, in doubles (8 when
 * the address is not a multiple of 8 bytes: such an array never aligns). */
static unsigned sb_line_offset(const double *a)
{
    const uintptr_t u = (uintptr_t)a;
    return (u % 8u == 0) ? (unsigned)((u / 8u) % 8u) : 8u;
}

/* Number of leading pairs after which most arrays the call touches start a
 * 64-byte line (outputs count twice: a split store costs more than a split
 * load). Arrays from one allocator usually share their offset, so one head
 * aligns them all; mixed offsets align the majority. */
static size_t sb_head(const sb_ctx *c, int pns, int forces)
{
    unsigned votes[9] = {0};
    for (int i = 0; i < 3; ++i) {
        const double *const in[6] = {c->p0[i], c->p1[i], c->v0[i], c->v1[i], c->w0[i], c->w1[i]};
        for (int a = 0; a < 6; ++a)
            votes[sb_line_offset(in[a])] += 1;
        if (forces) {
            votes[sb_line_offset(c->f[i])] += 2;
            votes[sb_line_offset(c->t0[i])] += 2;
            votes[sb_line_offset(c->t1[i])] += 2;
        }
    }
    for (int i = 0; i < 4; ++i) {
        /* PostNewtonStep reads x_0, x_1 and the start data x_0, x_2, x_3 */
        votes[sb_line_offset((pns && i >= 2) ? c->xs[i] : c->x[i])] += 1;
        if (pns)
            votes[sb_line_offset(c->xo[i])] += 2;
    }
    if (pns) {
        votes[sb_line_offset(c->xs[0])] += 1;
        votes[sb_line_offset(c->err)] += 2;
        votes[sb_line_offset(c->rec)] += 2;
    }
    if (c->rad0 != NULL) {
        votes[sb_line_offset(c->rad0)] += 1;
        votes[sb_line_offset(c->rad1)] += 1;
    }
    unsigned best = 0;
    for (unsigned r = 1; r < 8; ++r)
        best = (votes[r] > votes[best]) ? r : best;
    return (8u - best) % 8u;
}

/* Checks the arrays a call reads (pns: also data_start and the data it
 * writes) and the impact model (mbc_contact_sphere_sphere_check_model, as the
 * hooks do), and fills c. */
static mbc_status sb_setup(const mbc_contact_sphere_sphere_params *p, const mbc_sphere_batch *in,
                           int pns, sb_ctx *c, mbc_error *err)
{
    if (p == NULL || in == NULL)
        return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": NULL parameters or batch");
    static const char *const axis = "xyz";
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            if (in->position[j][i] == NULL || in->velocity[j][i] == NULL ||
                in->angular_velocity[j][i] == NULL) {
                return mbc_fail(err, MBC_ERR_INPUT,
                                SB_NAME ": marker m%d %c arrays (position, velocity, angular "
                                        "velocity) must not be NULL",
                                j, axis[i]);
            }
            c->p0[i] = in->position[0][i];
            c->p1[i] = in->position[1][i];
            c->v0[i] = in->velocity[0][i];
            c->v1[i] = in->velocity[1][i];
            c->w0[i] = in->angular_velocity[0][i];
            c->w1[i] = in->angular_velocity[1][i];
        }
    }
    if ((in->radius[0] == NULL) != (in->radius[1] == NULL)) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        SB_NAME ": radius[0] and radius[1] must both be arrays or both NULL");
    }
    for (int i = 0; i < 4; ++i) {
        if (in->data[i] == NULL || (pns && in->data_start[i] == NULL)) {
            return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": data[%d]%s must not be NULL", i,
                            pns ? " and data_start" : "");
        }
        c->x[i] = in->data[i];
        c->xs[i] = in->data_start[i];
    }
    c->rad0 = in->radius[0];
    c->rad1 = in->radius[1];
    c->r0 = p->spheresRadii[0];
    c->r1 = p->spheresRadii[1];

    const mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st != MBC_OK)
        return st;
    ss_law_init(&c->law, p, SS_LAW_LOOPS);
    return MBC_OK;
}

/* Index of the first pair for which the general (scalar) loop reports a
 * failure; count if none. Error path only. */
static size_t sb_first_bad(sb_range_fn general, const sb_ctx *c, size_t count)
{
    for (size_t k = 0; k < count; ++k)
        if (general(c, k, k + 1))
            return k;
    return count;
}

/* The force outputs of a call into c; NULL arrays are refused. */
static mbc_status sb_forces_out(const mbc_sphere_batch_forces *out, sb_ctx *c, mbc_error *err)
{
    if (out == NULL)
        return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": NULL force result");
    for (int i = 0; i < 3; ++i) {
        if (out->force[i] == NULL || out->torque[0][i] == NULL || out->torque[1][i] == NULL) {
            return mbc_fail(err, MBC_ERR_INPUT,
                            SB_NAME ": force and torque %c arrays must not be NULL", "xyz"[i]);
        }
        c->f[i] = out->force[i];
        c->t0[i] = out->torque[0][i];
        c->t1[i] = out->torque[1][i];
    }
    return MBC_OK;
}

/* The PostNewtonStep outputs of a call into c; NULL arrays are refused. */
static mbc_status sb_pns_out(const mbc_sphere_batch_post_newton *out, sb_ctx *c, mbc_error *err)
{
    if (out == NULL || out->error == NULL || out->recommended_step == NULL) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        SB_NAME ": PostNewtonStep needs error and recommended_step arrays");
    }
    for (int i = 0; i < 4; ++i) {
        if (out->data[i] == NULL)
            return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": output data[%d] must not be NULL", i);
        c->xo[i] = out->data[i];
    }
    c->err = out->error;
    c->rec = out->recommended_step;
    return MBC_OK;
}

/* Inactive connector: no forces; PostNewtonStep keeps the data. */
static void sb_forces_inactive(const sb_ctx *c, size_t n)
{
    for (size_t k = 0; k < n; ++k) {
        for (int i = 0; i < 3; ++i) {
            c->f[i][k] = 0.0;
            c->t0[i][k] = 0.0;
            c->t1[i][k] = 0.0;
        }
    }
}

static void sb_pns_inactive(const sb_ctx *c, size_t n)
{
    for (size_t k = 0; k < n; ++k) {
        for (int i = 0; i < 4; ++i)
            c->xo[i][k] = c->x[i][k];
        c->err[k] = 0.0;
        c->rec[k] = -1.0;
    }
}

/* The error of a force evaluation that failed (c->x: the data it read). */
static mbc_status sb_forces_error(const sb_ctx *c, size_t n, mbc_error *err)
{
    const size_t k = sb_first_bad(sb_forces_general, c, n);
    return mbc_fail(err, MBC_ERR_INPUT,
                    SB_NAME ": pair %zu: normal force not finite (data[0] = %g)", k,
                    k < n ? c->x[0][k] : 0.0);
}

/* The error of a PostNewtonStep that failed: the first pair whose error is NaN. */
static mbc_status sb_pns_error(const sb_ctx *c, size_t n, mbc_error *err)
{
    size_t k = 0;
    while (k < n && !isnan(c->err[k]))
        ++k;
    return mbc_fail(err, MBC_ERR_INPUT,
                    SB_NAME ": pair %zu: normal force not finite at a friction switch", k);
}

/* The one path of the three entry points: checks the arrays of what the
 * call computes (`what`: its outputs pn and fo, NULL where it computes no
 * such part), then runs its loop over all pairs, or keeps the data and
 * writes no forces for an inactive connector. */
static mbc_status sb_call(const mbc_contact_sphere_sphere_params *p, const mbc_sphere_batch *in,
                          int what, const mbc_sphere_batch_post_newton *pn,
                          const mbc_sphere_batch_forces *fo, int threads, mbc_error *err)
{
    const int pns = (what & SB_PNS) != 0, forces = (what & SB_FORCES) != 0;
    sb_ctx c = {0};
    mbc_status st = sb_setup(p, in, pns, &c, err);
    if (st == MBC_OK && pns)
        st = sb_pns_out(pn, &c, err);
    if (st == MBC_OK && forces)
        st = sb_forces_out(fo, &c, err);
    if (st != MBC_OK)
        return st;
    const size_t n = in->count;
    if (!p->activeConnector) {
        if (pns)
            sb_pns_inactive(&c, n);
        if (forces)
            sb_forces_inactive(&c, n);
        return MBC_OK;
    }
    const int bad =
        sb_run(sb_pick(&c, what), &c, n, sb_head(&c, pns, forces), mbc_threads_resolve(threads));
    if (bad & SB_PNS)
        return sb_pns_error(&c, n, err);
    if (bad & SB_FORCES) {
        /* the forces read the PostNewtonStep's new data in a step: the
         * error is that of mbc_sphere_batch_forces_eval on it */
        sb_ctx f = c;
        for (int i = 0; pns && i < 4; ++i)
            f.x[i] = c.xo[i];
        return sb_forces_error(&f, n, err);
    }
    return MBC_OK;
}

mbc_status mbc_sphere_batch_forces_eval(const mbc_contact_sphere_sphere_params *p,
                                        const mbc_sphere_batch *in,
                                        const mbc_sphere_batch_forces *out, int threads,
                                        mbc_error *err)
{
    return sb_call(p, in, SB_FORCES, NULL, out, threads, err);
}

mbc_status mbc_sphere_batch_post_newton_step(const mbc_contact_sphere_sphere_params *p,
                                             const mbc_sphere_batch *in,
                                             const mbc_sphere_batch_post_newton *out, int threads,
                                             mbc_error *err)
{
    return sb_call(p, in, SB_PNS, out, NULL, threads, err);
}

mbc_status mbc_sphere_batch_step(const mbc_contact_sphere_sphere_params *p,
                                 const mbc_sphere_batch *in, const mbc_sphere_batch_post_newton *pn,
                                 const mbc_sphere_batch_forces *fo, int threads, mbc_error *err)
{
    return sb_call(p, in, SB_STEP, pn, fo, threads, err);
}
