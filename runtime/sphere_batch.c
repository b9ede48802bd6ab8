/* SPDX-License-Identifier: BSD-3-Clause */
/* Batch evaluation of ContactSphereSphere (include/mbconnect/sphere_batch.h).
 *
 * The equations are those of runtime/connector_contact_sphere_sphere.c (seed
 * "Connector Forces" with physics-notes.md, "ContactSphereSphere"), written
 * per pair without branches so that the loops vectorize:
 *   d = p_m1 - p_m0, n = d/|d| (e_x when |d| = 0), g = |d| - (r_0 + r_1),
 *   delta = -g, v_n = (v_m1 - v_m0).n,
 *   v_t = (v_m1 + w_1 x (-n l_1)) - (v_m0 + w_0 x (n l_0)) - v_n n,
 *   l_j = r_j - delta/2;
 *   f_1,n = f_c + f_d (EAPM or restitution law, f_d = -d_c v_n);
 *   f_1,t = -v_t mu_d |f_1,n| / v_reg (data[1] < v_reg) or / |v_t|;
 *   force on m1 f = f_1,n n + f_1,t, on m0 -f;
 *   torques tau_m1 = -l_1 n x f, tau_m0 = -l_0 n x f.
 * Every operation is done in the same order as in the hook, so both give the
 * same numbers (to the last bit, except the sign of a zero and the
 * under/overflow fallback of |.|, which rounds differently from hypot).
 *
 * mbc_sphere_batch_step runs both in one loop (sb_step_loop): the
 * PostNewtonStep body, then the forces body on its new data, sharing the
 * kinematics and the normal force (the bodies are the macros SB_PNS and
 * SB_FORCES, so the three loops do the same operations). In mbc-lammps
 * it costs 108 instead of 171 instructions per pair under valgrind (AVX2
 * clones).
 *
 * Vectorization (gcc 12, -O3 -fopenmp-simd, -fopt-info-vec and objdump of
 * libmbconnect): the `omp simd` loops of sb_forces_loop, sb_pns_loop and
 * sb_step_loop in their "fast" instantiations (exponents n_exp and n_adh
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
#include "contact_sphere_sphere.h"
#include "mbconnect/threads.h"

#include "tsan_annotate.h"

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

/* Everything a range of pairs needs: shared parameters (loop invariants),
 * input and output arrays. */
typedef struct sb_ctx {
    const double *p0[3], *p1[3], *v0[3], *v1[3], *w0[3], *w1[3];
    const double *rad0, *rad1; /* per-pair radii (radii != 0) */
    const double *x[4], *xs[4];
    double r0, r1; /* shared radii */
    /* parameters */
    int eapm;    /* impact model 0 */
    int plastic; /* EAPM with lambda_P != 0 */
    double k_c, n_exp, d_c, mu, v_reg;
    double f_adh, k_adh, n_adh, k2; /* EAPM */
    double shape, v_min;            /* restitution: lambda v / k_c, minimum impact velocity */
    int plastic_update;             /* lambda_P in (0, 1): PostNewtonStep updates x_3 */
    double plastic_factor;          /* lambda_P^(1/n_exp) */
    /* outputs */
    double *f[3], *t0[3], *t1[3];
    double *xo[4], *err, *rec;
} sb_ctx;

/* |x| <= DBL_MAX and not NaN, written so it vectorizes. */
SB_INLINE int sb_finite(double x)
{
    return fabs(x) <= DBL_MAX;
}

/* Exponent n with its pow-free form: for n in {1, 1.5, 2}, |x|^n =
 * |x| (w1 + w15 sqrt|x| + w2 |x|) with one weight 1 and the others 0, which
 * is exact for finite x and needs no select on n. (gcc 12 does not vectorize
 * a select whose condition is loop-invariant, so no `n == 1 ? :` here.) */
typedef struct sb_exponent {
    double n, w1, w15, w2;
} sb_exponent;

static sb_exponent sb_exponent_make(double n)
{
    const sb_exponent e = {n, n == 1.0 ? 1.0 : 0.0, n == 1.5 ? 1.0 : 0.0, n == 2.0 ? 1.0 : 0.0};
    return e;
}

/* sign(x) |x|^n as mbc_contact_power (0 for x == 0). general: any n, by
 * mbc_contact_power itself (pow; the loop then stays scalar). */
SB_INLINE double sb_power(double x, const sb_exponent *e, const int general)
{
    if (general) {
        return mbc_contact_power(x, e->n);
    }
    const double ax = fabs(x);
    const double m = ax * (e->w1 + e->w15 * sqrt(ax) + e->w2 * ax);
    const double r = (x > 0.0) ? m : -m;
    return (x == 0.0) ? 0.0 : r;
}

/* sqrt(x^2 + y^2 + z^2) as mbc_hypot3: the plain formula while the sum of
 * squares is a normal number, else a scaled form (for hypot's role). */
SB_INLINE double sb_norm3(double x, double y, double z, const int safe)
{
    const double s = x * x + y * y + z * z;
    if (!safe) {
        return sqrt(s); /* the caller checks sb_norm_plain (else reruns safe) */
    }
    const double ax = fabs(x), ay = fabs(y), az = fabs(z);
    const double mxy = (ax > ay) ? ax : ay;
    const double m = (mxy > az) ? mxy : az;
    const double inv = 1.0 / ((m > 0.0 && m <= DBL_MAX) ? m : 1.0);
    const double xs = x * inv, ys = y * inv, zs = z * inv;
    const double scaled = (m <= DBL_MAX) ? m * sqrt(xs * xs + ys * ys + zs * zs) : m;
    return (s >= DBL_MIN && s <= DBL_MAX) ? sqrt(s) : scaled;
}

/* 1 when the plain formula is the one mbc_hypot3 uses (sum of squares a
 * normal number). The vectorized loops use the plain formula and report
 * the other case, and the range is then computed again with the safe form. */
SB_INLINE int sb_norm_plain(double x, double y, double z)
{
    const double s = x * x + y * y + z * z;
    return s >= DBL_MIN && s <= DBL_MAX;
}

/* Kinematics of pair k (hook ss_kinematics_eval), as scalar locals: inside an
 * `omp simd` loop, arrays and structs whose address is taken become per-lane
 * arrays that gcc does not vectorize, so the loop bodies use scalars only.
 * Reads p0x..w1z, r0, r1 at index k; defines n*, gap, delta, v_n, l0, l1,
 * vt*, v_rel. Same operations, same order as the hook. */
#define SB_KINEMATICS(k)                                                                           \
    const double dx = p1x[k] - p0x[k], dy = p1y[k] - p0y[k], dz = p1z[k] - p0z[k];                 \
    const double dist = sb_norm3(dx, dy, dz, general);                                             \
    const int coincident = !(dist > 0.0);                                                          \
    const double nx = coincident ? 1.0 : dx / dist;                                                \
    const double ny = coincident ? 0.0 : dy / dist;                                                \
    const double nz = coincident ? 0.0 : dz / dist;                                                \
    const double gap = dist - (r0 + r1);                                                           \
    const double delta = -gap;                                                                     \
    const double v_n = (v1x[k] - v0x[k]) * nx + (v1y[k] - v0y[k]) * ny + (v1z[k] - v0z[k]) * nz;   \
    const double l0 = r0 - 0.5 * delta, l1 = r1 - 0.5 * delta;                                     \
    const double a0x = nx * l0, a0y = ny * l0, a0z = nz * l0;                                      \
    const double a1x = -nx * l1, a1y = -ny * l1, a1z = -nz * l1;                                   \
    const double va0x = v0x[k] + (w0y[k] * a0z - w0z[k] * a0y);                                    \
    const double va0y = v0y[k] + (w0z[k] * a0x - w0x[k] * a0z);                                    \
    const double va0z = v0z[k] + (w0x[k] * a0y - w0y[k] * a0x);                                    \
    const double va1x = v1x[k] + (w1y[k] * a1z - w1z[k] * a1y);                                    \
    const double va1y = v1y[k] + (w1z[k] * a1x - w1x[k] * a1z);                                    \
    const double va1z = v1z[k] + (w1x[k] * a1y - w1y[k] * a1x);                                    \
    const double vtx = (va1x - va0x) - v_n * nx;                                                   \
    const double vty = (va1y - va0y) - v_n * ny;                                                   \
    const double vtz = (va1z - va0z) - v_n * nz;                                                   \
    const double v_rel = sb_norm3(vtx, vty, vtz, general);                                         \
    rerun |= !(sb_norm_plain(dx, dy, dz) & sb_norm_plain(vtx, vty, vtz))

/* The contact law's shared parameters, with the model choice as weights
 * (w_eapm + w_rest = 1, w_plastic in {0, 1}): the loops blend instead of
 * selecting on loop-invariant flags; both candidates are finite for finite
 * inputs, so x * 1 + y * 0 = x exactly. */
typedef struct sb_law {
    sb_exponent n_exp, n_adh;
    double w_eapm, w_rest, w_plastic, w_elastic;
    double k_c, d_c, f_adh, k_adh, k2, shape, v_min;
} sb_law;

/* Normal force f_1,n (hook ss_normal_force) for overlap delta, normal
 * velocity v_n, impact velocity x_2 and plastic overlap x_3. */
SB_INLINE double sb_normal_force(const sb_law *L, double delta, double v_n, double impact_velocity,
                                 double plastic_overlap, const int general)
{
    const double dn = sb_power(delta, &L->n_exp, general);
    const double loading = L->k_c * dn;
    /* EAPM (model 0); k2 = 0 unless plastic */
    const double unloading = L->k2 * (dn - sb_power(plastic_overlap, &L->n_exp, general));
    const double adhesion = -L->k_adh * sb_power(delta, &L->n_adh, general);
    const double branch =
        (unloading >= loading) ? loading : ((unloading > adhesion) ? unloading : adhesion);
    const double f_eapm = L->w_plastic * (-L->f_adh + branch) + L->w_elastic * loading;
    /* restitution models (1, 2) */
    const double v = (impact_velocity > L->v_min) ? impact_velocity : L->v_min;
    const double lambda = (v == 0.0) ? 0.0 : L->k_c / v * L->shape;
    const double f_rest = L->k_c * dn + lambda * dn * v_n;
    const double f_c = L->w_eapm * f_eapm + L->w_rest * f_rest;
    const double f_d = -L->d_c * v_n;
    return f_c + f_d;
}

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

/* The shared parameters as locals (loop invariants). */
#define SB_PARAMS(c)                                                                               \
    const sb_law law = {sb_exponent_make((c)->n_exp),                                              \
                        sb_exponent_make((c)->n_adh),                                              \
                        (c)->eapm ? 1.0 : 0.0,                                                     \
                        (c)->eapm ? 0.0 : 1.0,                                                     \
                        (c)->plastic ? 1.0 : 0.0,                                                  \
                        (c)->plastic ? 0.0 : 1.0,                                                  \
                        (c)->k_c,                                                                  \
                        (c)->d_c,                                                                  \
                        (c)->f_adh,                                                                \
                        (c)->k_adh,                                                                \
                        (c)->k2,                                                                   \
                        (c)->shape,                                                                \
                        (c)->v_min};                                                               \
    const double k_c = (c)->k_c, mu = (c)->mu, v_reg = (c)->v_reg;                                 \
    const double r0_shared = (c)->r0, r1_shared = (c)->r1

/* Forces of pair k (hook mbc_contact_sphere_sphere_forces) from its
 * kinematics (SB_KINEMATICS), its data x_0 = X0 and x_1 = X1 and its normal
 * force F_N (sb_normal_force with its data x_2, x_3): stores fx..t1z at k
 * and ORs into BAD whether a pair in contact has a non-finite normal force.
 * Shared by the forces loop and the fused loop (sb_step_loop), so both do
 * the same operations in the same order. */
#define SB_FORCES(k, X0, X1, F_N, BAD)                                                             \
    const int in = ((X0) <= 0.0);                                                                  \
    (BAD) |= in & !sb_finite(F_N);                                                                 \
    /* regularized Coulomb friction, magnitude mu_d |f_1,n| (notes) */                             \
    const double af = fabs(F_N);                                                                   \
    const double fac_slide = (v_rel > 0.0) ? mu * af / v_rel : 0.0;                                \
    const double fac_reg = mu * af / v_reg;                                                        \
    const double fac_branch = ((X1) < v_reg) ? fac_reg : fac_slide;                                \
    const double fac = sb_finite(fac_branch) ? fac_branch : fac_slide;                             \
    /* mu_d = 0: fac = 0, f_t = -0 (the hook adds no friction: same sum) */                        \
    const double ftx = -vtx * fac, fty = -vty * fac, ftz = -vtz * fac;                             \
    const double f0 = in ? (F_N)*nx + ftx : 0.0;                                                   \
    const double f1 = in ? (F_N)*ny + fty : 0.0;                                                   \
    const double f2 = in ? (F_N)*nz + ftz : 0.0;                                                   \
    const double nxf0 = ny * f2 - nz * f1, nxf1 = nz * f0 - nx * f2, nxf2 = nx * f1 - ny * f0;     \
    const double m0 = in ? -l0 : 0.0, m1 = in ? -l1 : 0.0;                                         \
    fx[k] = f0;                                                                                    \
    fy[k] = f1;                                                                                    \
    fz[k] = f2;                                                                                    \
    t0x[k] = m0 * nxf0;                                                                            \
    t0y[k] = m0 * nxf1;                                                                            \
    t0z[k] = m0 * nxf2;                                                                            \
    t1x[k] = m1 * nxf0;                                                                            \
    t1y[k] = m1 * nxf1;                                                                            \
    t1z[k] = m1 * nxf2

/* PostNewtonStep of pair k (hook mbc_contact_sphere_sphere_post_newton_step)
 * from its kinematics, its data x_0, x_1 and start data s0, s2, s3: stores
 * o0..o3 (the new data), oerr and orec at k, defines g, v_rel's companions
 * and the normal force f_n with the new data, and ORs into BAD whether a
 * friction switch has a non-finite normal force. Shared by the
 * PostNewtonStep loop and the fused loop. */
#define SB_PNS(k, BAD)                                                                             \
    const double g = gap;                                                                          \
    const int contact = (g <= 0.0);                                                                \
    const double start_gap = s0[k];                                                                \
    const double xn2 = (start_gap > 0.0 && contact) ? -v_n : s2[k];                                \
    const double cand = plastic_factor * delta;                                                    \
    const double plastic_new = (cand > s3[k]) ? cand : s3[k];                                      \
    const double xn3 = contact ? plastic_new : 0.0;                                                \
                                                                                                   \
    const int was_contact = (x0[k] <= 0.0);                                                        \
    const int switched = (contact != was_contact);                                                 \
    const double h = fabs(start_gap / v_n);                                                        \
    const int propose = switched & (start_gap > 0.0) & (v_n != 0.0) & sb_finite(h);                \
    const double error_gap = switched ? fabs(g * k_c) : 0.0;                                       \
                                                                                                   \
    const int fswitch = contact & friction & ((x1[k] < v_reg) != (v_rel < v_reg));                 \
    const double f_n = sb_normal_force(&law, delta, v_n, xn2, xn3, general);                       \
    const double term = mu * fabs(f_n) / v_reg * fabs(v_rel - v_reg);                              \
    const int f_bad = fswitch & !sb_finite(f_n);                                                   \
    (BAD) |= f_bad;                                                                                \
    const double error_friction = (fswitch & sb_finite(term)) ? term : 0.0;                        \
    const double error = (0.0 + error_gap) + error_friction;                                       \
                                                                                                   \
    o0[k] = g;                                                                                     \
    o1[k] = v_rel;                                                                                 \
    o2[k] = xn2;                                                                                   \
    o3[k] = xn3;                                                                                   \
    oerr[k] = f_bad ? NAN : error;                                                                 \
    orec[k] = propose ? h : -1.0

/* Forces of pairs [b, e). Returns 1 when a pair in contact has a non-finite
 * normal force (the hook's error), else 0. */
SB_INLINE int sb_forces_loop(const sb_ctx *c, size_t b, size_t e, SB_INPUT_PARAMS,
                             const double *restrict x0, const double *restrict x1,
                             const double *restrict x2, const double *restrict x3,
                             double *restrict fx, double *restrict fy, double *restrict fz,
                             double *restrict t0x, double *restrict t0y, double *restrict t0z,
                             double *restrict t1x, double *restrict t1y, double *restrict t1z,
                             const int radii, const int general, int *rerun_out)
{
    SB_PARAMS(c);
    int rerun = 0;
    (void)k_c;
    int bad = 0;
#pragma omp simd reduction(| : bad, rerun)
    for (size_t k = b; k < e; ++k) {
        const double r0 = radii ? rad0[k] : r0_shared;
        const double r1 = radii ? rad1[k] : r1_shared;
        SB_KINEMATICS(k);
        const double f_n = sb_normal_force(&law, delta, v_n, x2[k], x3[k], general);
        SB_FORCES(k, x0[k], x1[k], f_n, bad);
    }
    *rerun_out = rerun;
    return bad;
}

SB_INLINE int sb_forces_range(const sb_ctx *c, size_t b, size_t e, const int radii,
                              const int general, int *rerun)
{
    return sb_forces_loop(c, b, e, SB_INPUT_ARGS(c), c->x[0], c->x[1], c->x[2], c->x[3], c->f[0],
                          c->f[1], c->f[2], c->t0[0], c->t0[1], c->t0[2], c->t1[0], c->t1[1],
                          c->t1[2], radii, general, rerun);
}

/* PostNewtonStep of pairs [b, e) (hook mbc_contact_sphere_sphere_post_newton_step).
 * Returns 1 when a friction-switch normal force is not finite (the hook's
 * error); error[k] of that pair is then NaN. */
SB_INLINE int sb_pns_loop(const sb_ctx *c, size_t b, size_t e, SB_INPUT_PARAMS,
                          const double *restrict x0, const double *restrict x1,
                          const double *restrict s0, const double *restrict s2,
                          const double *restrict s3, double *restrict o0, double *restrict o1,
                          double *restrict o2, double *restrict o3, double *restrict oerr,
                          double *restrict orec, const int radii, const int general, int *rerun_out)
{
    SB_PARAMS(c);
    int rerun = 0;
    const int friction = (mu != 0.0 && v_reg > 0.0);
    /* lambda_P^(1/n_exp), or -inf when x_3 is not updated: in contact
     * delta >= 0 and -inf * delta (or NaN at 0) never exceeds x_3 */
    const double plastic_factor = c->plastic_update ? c->plastic_factor : -INFINITY;
    int bad = 0;
#pragma omp simd reduction(| : bad, rerun)
    for (size_t k = b; k < e; ++k) {
        const double r0 = radii ? rad0[k] : r0_shared;
        const double r1 = radii ? rad1[k] : r1_shared;
        SB_KINEMATICS(k);
        SB_PNS(k, bad);
    }
    *rerun_out = rerun;
    return bad;
}

SB_INLINE int sb_pns_range(const sb_ctx *c, size_t b, size_t e, const int radii, const int general,
                           int *rerun)
{
    return sb_pns_loop(c, b, e, SB_INPUT_ARGS(c), c->x[0], c->x[1], c->xs[0], c->xs[2], c->xs[3],
                       c->xo[0], c->xo[1], c->xo[2], c->xo[3], c->err, c->rec, radii, general,
                       rerun);
}

/* PostNewtonStep, then the forces with its new data, of pairs [b, e) in one
 * pass (mbc_sphere_batch_step): the kinematics and the normal force are
 * computed once, where the two loops above compute them each (from the
 * same inputs: same values). Returns bit 0 as sb_pns_loop, bit 1 as
 * sb_forces_loop. */
SB_INLINE int sb_step_loop(const sb_ctx *c, size_t b, size_t e, SB_INPUT_PARAMS,
                           const double *restrict x0, const double *restrict x1,
                           const double *restrict s0, const double *restrict s2,
                           const double *restrict s3, double *restrict o0, double *restrict o1,
                           double *restrict o2, double *restrict o3, double *restrict oerr,
                           double *restrict orec, double *restrict fx, double *restrict fy,
                           double *restrict fz, double *restrict t0x, double *restrict t0y,
                           double *restrict t0z, double *restrict t1x, double *restrict t1y,
                           double *restrict t1z, const int radii, const int general, int *rerun_out)
{
    SB_PARAMS(c);
    int rerun = 0;
    const int friction = (mu != 0.0 && v_reg > 0.0);
    const double plastic_factor = c->plastic_update ? c->plastic_factor : -INFINITY;
    int bad_pns = 0, bad_forces = 0;
#pragma omp simd reduction(| : bad_pns, bad_forces, rerun)
    for (size_t k = b; k < e; ++k) {
        const double r0 = radii ? rad0[k] : r0_shared;
        const double r1 = radii ? rad1[k] : r1_shared;
        SB_KINEMATICS(k);
        SB_PNS(k, bad_pns);
        /* the forces read the new data: x_0 = g, x_1 = v_rel, x_2, x_3 as f_n */
        SB_FORCES(k, g, v_rel, f_n, bad_forces);
    }
    *rerun_out = rerun;
    return bad_pns | (bad_forces << 1);
}

SB_INLINE int sb_step_range(const sb_ctx *c, size_t b, size_t e, const int radii, const int general,
                            int *rerun)
{
    return sb_step_loop(c, b, e, SB_INPUT_ARGS(c), c->x[0], c->x[1], c->xs[0], c->xs[2], c->xs[3],
                        c->xo[0], c->xo[1], c->xo[2], c->xo[3], c->err, c->rec, c->f[0], c->f[1],
                        c->f[2], c->t0[0], c->t0[1], c->t0[2], c->t1[0], c->t1[1], c->t1[2], radii,
                        general, rerun);
}

/* The four instantiations of each loop (per-pair or shared radii x fast or
 * general exponents), written once by SB_INSTANTIATE for sb_forces_range,
 * sb_pns_range and sb_step_range (a macro, so each keeps its own constant-folded, cloned
 * copy); the fast ones are the vectorized ones. A fast range in
 * which a norm needs the under/overflow-safe form is computed again by the
 * general loop (same results otherwise: its powers equal the fast ones). */
#define SB_INSTANTIATE(LOOP)                                                                       \
    static int sb_##LOOP##_general(const sb_ctx *c, size_t b, size_t e)                            \
    {                                                                                              \
        int rerun = 0;                                                                             \
        return (c->rad0 != NULL) ? sb_##LOOP##_range(c, b, e, 1, 1, &rerun)                        \
                                 : sb_##LOOP##_range(c, b, e, 0, 1, &rerun);                       \
    }                                                                                              \
    static SB_CLONES int sb_##LOOP##_fast_shared(const sb_ctx *c, size_t b, size_t e)              \
    {                                                                                              \
        int rerun = 0;                                                                             \
        const int bad = sb_##LOOP##_range(c, b, e, 0, 0, &rerun);                                  \
        return rerun ? sb_##LOOP##_general(c, b, e) : bad;                                         \
    }                                                                                              \
    static SB_CLONES int sb_##LOOP##_fast_radii(const sb_ctx *c, size_t b, size_t e)               \
    {                                                                                              \
        int rerun = 0;                                                                             \
        const int bad = sb_##LOOP##_range(c, b, e, 1, 0, &rerun);                                  \
        return rerun ? sb_##LOOP##_general(c, b, e) : bad;                                         \
    }
SB_INSTANTIATE(forces)
SB_INSTANTIATE(pns)
SB_INSTANTIATE(step)
#undef SB_INSTANTIATE

typedef int (*sb_range_fn)(const sb_ctx *c, size_t b, size_t e);

/* 1, 1.5 and 2 are the exponents with a pow-free (vectorized) form. */
static int sb_fast_exponent(double n)
{
    return n == 1.0 || n == 1.5 || n == 2.0;
}

/* The instantiation of a loop for c: the general one unless every exponent
 * in use has a pow-free form, else the fast one for per-pair or shared
 * radii. */
static sb_range_fn sb_pick(const sb_ctx *c, sb_range_fn general, sb_range_fn fast_radii,
                           sb_range_fn fast_shared)
{
    const int fast = sb_fast_exponent(c->n_exp) && (!c->plastic || sb_fast_exponent(c->n_adh));
    return !fast ? general : (c->rad0 != NULL ? fast_radii : fast_shared);
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
        if (j == 0 && r->head > 0) {
            mine |= r->fn(r->c, 0, r->head);
        }
        mine |= r->fn(r->c, b, e);
    }
    if (mine) {
        atomic_fetch_or(&r->bad, mine);
    }
    MBC_TSAN_RELEASE(&r->join_edge);
}
#endif

/* Runs fn over [0, count): [0, head), then SB_CHUNK pieces on `threads`
 * threads; returns the OR of the flags. */
static int sb_run(sb_range_fn fn, const sb_ctx *c, size_t count, size_t head, int threads)
{
    if (head >= count) {
        return fn(c, 0, count);
    }
    const size_t chunks = (count - head + SB_CHUNK - 1) / SB_CHUNK;
    const size_t useful = count / SB_MIN_PAIRS_PER_THREAD;
    if ((size_t)threads > useful) {
        threads = (int)useful;
    }
    if (threads <= 1 || chunks <= 1) {
        return (head > 0 ? fn(c, 0, head) : 0) | fn(c, head, count);
    }
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
        for (int a = 0; a < 6; ++a) {
            votes[sb_line_offset(in[a])] += 1;
        }
        if (forces) {
            votes[sb_line_offset(c->f[i])] += 2;
            votes[sb_line_offset(c->t0[i])] += 2;
            votes[sb_line_offset(c->t1[i])] += 2;
        }
    }
    for (int i = 0; i < 4; ++i) {
        /* PostNewtonStep reads x_0, x_1 and the start data x_0, x_2, x_3 */
        votes[sb_line_offset((pns && i >= 2) ? c->xs[i] : c->x[i])] += 1;
        if (pns) {
            votes[sb_line_offset(c->xo[i])] += 2;
        }
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
    for (unsigned r = 1; r < 8; ++r) {
        best = (votes[r] > votes[best]) ? r : best;
    }
    return (8u - best) % 8u;
}

/* Checks the arrays a call reads (pns: also data_start and the data it
 * writes) and the impact model (mbc_contact_sphere_sphere_check_model, as the
 * hooks do), and fills c. */
static mbc_status sb_setup(const mbc_contact_sphere_sphere_params *p, const mbc_sphere_batch *in,
                           int pns, sb_ctx *c, mbc_error *err)
{
    if (p == NULL || in == NULL) {
        return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": NULL parameters or batch");
    }
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
    if (st != MBC_OK) {
        return st;
    }
    const int m = p->impactModel;
    c->eapm = (m == MBC_IMPACT_EAPM);
    c->plastic = c->eapm && p->contactPlasticityRatio != 0.0;
    c->k_c = p->contactStiffness;
    c->n_exp = p->contactStiffnessExponent;
    c->d_c = p->contactDamping;
    c->mu = p->dynamicFriction;
    c->v_reg = p->frictionProportionalZone;
    c->f_adh = p->constantPullOffForce;
    c->k_adh = p->adhesionCoefficient;
    c->n_adh = p->adhesionExponent;
    c->k2 = c->plastic ? p->contactStiffness / (1.0 - p->contactPlasticityRatio) : 0.0;
    c->v_min = p->minimumImpactVelocity;
    /* lambda v / k_c of mbc_restitution_lambda, taken from it (v = k_c = 1) */
    c->shape = 0.0;
    if (!c->eapm) {
        (void)mbc_restitution_lambda(m, 1.0, p->restitutionCoefficient, 1.0, &c->shape);
    }
    /* lambda_P^(1/n_exp) of mbc_eapm_plastic_overlap, read back at delta = 1 */
    const double lp = p->contactPlasticityRatio;
    c->plastic_update = (lp > 0.0 && lp < 1.0);
    c->plastic_factor = c->plastic_update ? mbc_eapm_plastic_overlap(lp, c->n_exp, 1.0, 0.0) : 0.0;
    return MBC_OK;
}

/* Index of the first pair for which the general (scalar) loop reports a
 * failure; count if none. Error path only. */
static size_t sb_first_bad(sb_range_fn general, const sb_ctx *c, size_t count)
{
    for (size_t k = 0; k < count; ++k) {
        if (general(c, k, k + 1)) {
            return k;
        }
    }
    return count;
}

/* The force outputs of a call into c; NULL arrays are refused. */
static mbc_status sb_forces_out(const mbc_sphere_batch_forces *out, sb_ctx *c, mbc_error *err)
{
    if (out == NULL) {
        return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": NULL force result");
    }
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
        if (out->data[i] == NULL) {
            return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": output data[%d] must not be NULL", i);
        }
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
        for (int i = 0; i < 4; ++i) {
            c->xo[i][k] = c->x[i][k];
        }
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
    while (k < n && !isnan(c->err[k])) {
        ++k;
    }
    return mbc_fail(err, MBC_ERR_INPUT,
                    SB_NAME ": pair %zu: normal force not finite at a friction switch", k);
}

mbc_status mbc_sphere_batch_forces_eval(const mbc_contact_sphere_sphere_params *p,
                                        const mbc_sphere_batch *in,
                                        const mbc_sphere_batch_forces *out, int threads,
                                        mbc_error *err)
{
    sb_ctx c = {0};
    mbc_status st = sb_setup(p, in, 0, &c, err);
    if (st == MBC_OK) {
        st = sb_forces_out(out, &c, err);
    }
    if (st != MBC_OK) {
        return st;
    }
    const size_t n = in->count;
    if (!p->activeConnector) {
        sb_forces_inactive(&c, n);
        return MBC_OK;
    }
    sb_range_fn fn = sb_pick(&c, sb_forces_general, sb_forces_fast_radii, sb_forces_fast_shared);
    if (sb_run(fn, &c, n, sb_head(&c, 0, 1), mbc_threads_resolve(threads))) {
        return sb_forces_error(&c, n, err);
    }
    return MBC_OK;
}

mbc_status mbc_sphere_batch_post_newton_step(const mbc_contact_sphere_sphere_params *p,
                                             const mbc_sphere_batch *in,
                                             const mbc_sphere_batch_post_newton *out, int threads,
                                             mbc_error *err)
{
    sb_ctx c = {0};
    mbc_status st = sb_setup(p, in, 1, &c, err);
    if (st == MBC_OK) {
        st = sb_pns_out(out, &c, err);
    }
    if (st != MBC_OK) {
        return st;
    }
    const size_t n = in->count;
    if (!p->activeConnector) {
        sb_pns_inactive(&c, n);
        return MBC_OK;
    }
    sb_range_fn fn = sb_pick(&c, sb_pns_general, sb_pns_fast_radii, sb_pns_fast_shared);
    if (sb_run(fn, &c, n, sb_head(&c, 1, 0), mbc_threads_resolve(threads))) {
        return sb_pns_error(&c, n, err);
    }
    return MBC_OK;
}

mbc_status mbc_sphere_batch_step(const mbc_contact_sphere_sphere_params *p,
                                 const mbc_sphere_batch *in, const mbc_sphere_batch_post_newton *pn,
                                 const mbc_sphere_batch_forces *fo, int threads, mbc_error *err)
{
    sb_ctx c = {0};
    mbc_status st = sb_setup(p, in, 1, &c, err);
    if (st == MBC_OK) {
        st = sb_pns_out(pn, &c, err);
    }
    if (st == MBC_OK) {
        st = sb_forces_out(fo, &c, err);
    }
    if (st != MBC_OK) {
        return st;
    }
    const size_t n = in->count;
    if (!p->activeConnector) {
        sb_pns_inactive(&c, n);
        sb_forces_inactive(&c, n);
        return MBC_OK;
    }
    sb_range_fn fn = sb_pick(&c, sb_step_general, sb_step_fast_radii, sb_step_fast_shared);
    const int bad = sb_run(fn, &c, n, sb_head(&c, 1, 1), mbc_threads_resolve(threads));
    if (bad & 1) {
        return sb_pns_error(&c, n, err);
    }
    if (bad & 2) { /* as mbc_sphere_batch_forces_eval on the new data */
        sb_ctx forces = c;
        for (int i = 0; i < 4; ++i) {
            forces.x[i] = c.xo[i];
        }
        return sb_forces_error(&forces, n, err);
    }
    return MBC_OK;
}
