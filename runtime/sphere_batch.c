/* Batch evaluation of ContactSphereSphere (include/mbconnect/sphere_batch.h).
 *
 * The equations are those of runtime/connector_contact_sphere_sphere.c (seed
 * "Connector Forces" with physics-notes.md, "ContactSphereSphere"), written
 * per pair without branches so that the loops vectorise:
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
 * Vectorisation (gcc 12, -O3 -fopenmp-simd, -fopt-info-vec): the loops of
 * the "fast" instantiations (exponents n_exp and n_adh in {1, 1.5, 2}:
 * powers are x, x sqrt(x), x^2 selected without branches) vectorise; on
 * x86-64 an AVX2 clone (4 doubles per vector) is chosen at load time when the
 * CPU has it, else SSE2 (2 doubles). Other exponents need pow(), which has no
 * vector version without -ffast-math: those loops run scalar (same code).
 * Selects replace every branch ("in contact", model branches, friction
 * branch), so out-of-contact lanes compute values that are then discarded.
 *
 * No allocation, no global state; reentrant. Threads (OpenMP, optional) take
 * fixed chunks of pairs; each pair is computed by the same code whatever the
 * thread count, so results do not depend on it. */
#include "mbconnect/sphere_batch.h"

#include "mbconnect/contact_laws.h"
#include "mbconnect/threads.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#define SB_NAME "ContactSphereSphere batch"

/* Pairs per thread work item (fixed: the split never changes a result). */
#define SB_CHUNK 512

#if defined(__GNUC__)
#define SB_INLINE static inline __attribute__((always_inline))
#else
#define SB_INLINE static inline
#endif

/* One AVX2 clone and the baseline, chosen by the loader (ifunc). Without FMA
 * contraction (ISO C, -ffp-contract=off) both give identical results. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) &&                   \
    !defined(__SANITIZE_ADDRESS__) && (!defined(__clang__) || __clang_major__ >= 14)
#define SB_CLONES __attribute__((target_clones("avx2", "default")))
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

/* |x| <= DBL_MAX and not NaN, written so it vectorises. */
SB_INLINE int sb_finite(double x)
{
    return fabs(x) <= DBL_MAX;
}

/* sign(x) |x|^n (mbc_contact_power). general == 0: n is 1, 1.5 or 2, all
 * three are formed and one is selected (no branch, vectorises). */
SB_INLINE double sb_power(double x, double n, const int general)
{
    if (general) {
        return mbc_contact_power(x, n);
    }
    const double ax = fabs(x);
    const double m = (n == 1.0) ? ax : ((n == 1.5) ? ax * sqrt(ax) : ax * ax);
    const double r = (x > 0.0) ? m : -m;
    return (x == 0.0) ? 0.0 : r;
}

/* sqrt(x^2 + y^2 + z^2) as mbc_hypot3: the plain formula while the sum of
 * squares is a normal number, else a scaled form (for hypot's role). */
SB_INLINE double sb_norm3(double x, double y, double z)
{
    const double s = x * x + y * y + z * z;
    const double ax = fabs(x), ay = fabs(y), az = fabs(z);
    const double mxy = (ax > ay) ? ax : ay;
    const double m = (mxy > az) ? mxy : az;
    const double inv = 1.0 / ((m > 0.0 && m <= DBL_MAX) ? m : 1.0);
    const double xs = x * inv, ys = y * inv, zs = z * inv;
    const double scaled = (m <= DBL_MAX) ? m * sqrt(xs * xs + ys * ys + zs * zs) : m;
    return (s >= DBL_MIN && s <= DBL_MAX) ? sqrt(s) : scaled;
}

/* Kinematics of pair k (hook ss_kinematics_eval). */
typedef struct sb_kin {
    double n[3], gap, delta, v_n, v_t[3], v_rel, l0, l1;
} sb_kin;

SB_INLINE void sb_kinematics(const double p0[3], const double p1[3], const double v0[3],
                             const double v1[3], const double w0[3], const double w1[3], double r0,
                             double r1, sb_kin *k)
{
    const double d[3] = {p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]};
    const double dist = sb_norm3(d[0], d[1], d[2]);
    const int open = !(dist > 0.0);
    k->n[0] = open ? 1.0 : d[0] / dist;
    k->n[1] = open ? 0.0 : d[1] / dist;
    k->n[2] = open ? 0.0 : d[2] / dist;
    k->gap = dist - (r0 + r1);
    k->delta = -k->gap;
    const double dv[3] = {v1[0] - v0[0], v1[1] - v0[1], v1[2] - v0[2]};
    k->v_n = dv[0] * k->n[0] + dv[1] * k->n[1] + dv[2] * k->n[2];
    k->l0 = r0 - 0.5 * k->delta;
    k->l1 = r1 - 0.5 * k->delta;
    double a0[3], a1[3];
    for (int i = 0; i < 3; ++i) {
        a0[i] = k->n[i] * k->l0;
        a1[i] = -k->n[i] * k->l1;
    }
    const double wa0[3] = {w0[1] * a0[2] - w0[2] * a0[1], w0[2] * a0[0] - w0[0] * a0[2],
                           w0[0] * a0[1] - w0[1] * a0[0]};
    const double wa1[3] = {w1[1] * a1[2] - w1[2] * a1[1], w1[2] * a1[0] - w1[0] * a1[2],
                           w1[0] * a1[1] - w1[1] * a1[0]};
    for (int i = 0; i < 3; ++i) {
        const double va0 = v0[i] + wa0[i];
        const double va1 = v1[i] + wa1[i];
        k->v_t[i] = (va1 - va0) - k->v_n * k->n[i];
    }
    k->v_rel = sb_norm3(k->v_t[0], k->v_t[1], k->v_t[2]);
}

/* Normal force f_1,n (hook ss_normal_force) for impact velocity x_2 and
 * plastic overlap x_3; model branches by select. */
SB_INLINE double sb_normal_force(const sb_ctx *c, const sb_kin *k, double impact_velocity,
                                 double plastic_overlap, const int general)
{
    const double dn = sb_power(k->delta, c->n_exp, general);
    const double loading = c->k_c * dn;
    double f_c;
    if (c->eapm) {
        if (c->plastic) {
            const double unloading = c->k2 * (dn - sb_power(plastic_overlap, c->n_exp, general));
            const double adhesion = -c->k_adh * sb_power(k->delta, c->n_adh, general);
            const double branch =
                (unloading >= loading) ? loading : ((unloading > adhesion) ? unloading : adhesion);
            f_c = -c->f_adh + branch;
        } else {
            f_c = loading;
        }
    } else {
        const double v = (impact_velocity > c->v_min) ? impact_velocity : c->v_min;
        const double lambda = (v == 0.0) ? 0.0 : c->k_c / v * c->shape;
        f_c = c->k_c * dn + lambda * dn * k->v_n;
    }
    const double f_d = -c->d_c * k->v_n;
    return f_c + f_d;
}

/* Forces of pairs [b, e). Returns 1 when a pair in contact has a non-finite
 * normal force (the hook's error), else 0. */
SB_INLINE int sb_forces_range(const sb_ctx *c, size_t b, size_t e, const int radii,
                              const int general)
{
    const double *restrict p0x = c->p0[0], *restrict p0y = c->p0[1], *restrict p0z = c->p0[2];
    const double *restrict p1x = c->p1[0], *restrict p1y = c->p1[1], *restrict p1z = c->p1[2];
    const double *restrict v0x = c->v0[0], *restrict v0y = c->v0[1], *restrict v0z = c->v0[2];
    const double *restrict v1x = c->v1[0], *restrict v1y = c->v1[1], *restrict v1z = c->v1[2];
    const double *restrict w0x = c->w0[0], *restrict w0y = c->w0[1], *restrict w0z = c->w0[2];
    const double *restrict w1x = c->w1[0], *restrict w1y = c->w1[1], *restrict w1z = c->w1[2];
    const double *restrict rad0 = c->rad0, *restrict rad1 = c->rad1;
    const double *restrict x0 = c->x[0], *restrict x1 = c->x[1], *restrict x2 = c->x[2];
    const double *restrict x3 = c->x[3];
    double *restrict fx = c->f[0], *restrict fy = c->f[1], *restrict fz = c->f[2];
    double *restrict t0x = c->t0[0], *restrict t0y = c->t0[1], *restrict t0z = c->t0[2];
    double *restrict t1x = c->t1[0], *restrict t1y = c->t1[1], *restrict t1z = c->t1[2];
    const double mu = c->mu, v_reg = c->v_reg;
    int bad = 0;
#if !defined(_MSC_VER)
#pragma omp simd reduction(| : bad)
#endif
    for (size_t k = b; k < e; ++k) {
        const double p0[3] = {p0x[k], p0y[k], p0z[k]}, p1[3] = {p1x[k], p1y[k], p1z[k]};
        const double v0[3] = {v0x[k], v0y[k], v0z[k]}, v1[3] = {v1x[k], v1y[k], v1z[k]};
        const double w0[3] = {w0x[k], w0y[k], w0z[k]}, w1[3] = {w1x[k], w1y[k], w1z[k]};
        const double r0 = radii ? rad0[k] : c->r0;
        const double r1 = radii ? rad1[k] : c->r1;
        sb_kin kin;
        sb_kinematics(p0, p1, v0, v1, w0, w1, r0, r1, &kin);
        const int in = (x0[k] <= 0.0);
        const double f_n = sb_normal_force(c, &kin, x2[k], x3[k], general);
        bad |= in & !sb_finite(f_n);
        /* regularised Coulomb friction, magnitude mu_d |f_1,n| (notes) */
        const double af = fabs(f_n);
        const double fac_slide = (kin.v_rel > 0.0) ? mu * af / kin.v_rel : 0.0;
        const double fac_reg = mu * af / v_reg;
        const double fac_branch = (x1[k] < v_reg) ? fac_reg : fac_slide;
        const double fac = sb_finite(fac_branch) ? fac_branch : fac_slide;
        double f[3];
        for (int i = 0; i < 3; ++i) {
            const double f_t = (mu != 0.0) ? -kin.v_t[i] * fac : 0.0;
            f[i] = in ? f_n * kin.n[i] + f_t : 0.0;
        }
        const double nxf[3] = {kin.n[1] * f[2] - kin.n[2] * f[1], kin.n[2] * f[0] - kin.n[0] * f[2],
                               kin.n[0] * f[1] - kin.n[1] * f[0]};
        const double m0 = in ? -kin.l0 : 0.0, m1 = in ? -kin.l1 : 0.0;
        fx[k] = f[0];
        fy[k] = f[1];
        fz[k] = f[2];
        t0x[k] = m0 * nxf[0];
        t0y[k] = m0 * nxf[1];
        t0z[k] = m0 * nxf[2];
        t1x[k] = m1 * nxf[0];
        t1y[k] = m1 * nxf[1];
        t1z[k] = m1 * nxf[2];
    }
    return bad;
}

/* PostNewtonStep of pairs [b, e) (hook mbc_contact_sphere_sphere_post_newton_step).
 * Returns 1 when a friction-switch normal force is not finite (the hook's
 * error); error[k] of that pair is then NaN. */
SB_INLINE int sb_pns_range(const sb_ctx *c, size_t b, size_t e, const int radii, const int general)
{
    const double *restrict p0x = c->p0[0], *restrict p0y = c->p0[1], *restrict p0z = c->p0[2];
    const double *restrict p1x = c->p1[0], *restrict p1y = c->p1[1], *restrict p1z = c->p1[2];
    const double *restrict v0x = c->v0[0], *restrict v0y = c->v0[1], *restrict v0z = c->v0[2];
    const double *restrict v1x = c->v1[0], *restrict v1y = c->v1[1], *restrict v1z = c->v1[2];
    const double *restrict w0x = c->w0[0], *restrict w0y = c->w0[1], *restrict w0z = c->w0[2];
    const double *restrict w1x = c->w1[0], *restrict w1y = c->w1[1], *restrict w1z = c->w1[2];
    const double *restrict rad0 = c->rad0, *restrict rad1 = c->rad1;
    const double *restrict x0 = c->x[0], *restrict x1 = c->x[1];
    const double *restrict s0 = c->xs[0], *restrict s2 = c->xs[2], *restrict s3 = c->xs[3];
    double *restrict o0 = c->xo[0], *restrict o1 = c->xo[1], *restrict o2 = c->xo[2];
    double *restrict o3 = c->xo[3], *restrict oerr = c->err, *restrict orec = c->rec;
    const double mu = c->mu, v_reg = c->v_reg, k_c = c->k_c;
    const int friction = (mu != 0.0 && v_reg > 0.0);
    int bad = 0;
#if !defined(_MSC_VER)
#pragma omp simd reduction(| : bad)
#endif
    for (size_t k = b; k < e; ++k) {
        const double p0[3] = {p0x[k], p0y[k], p0z[k]}, p1[3] = {p1x[k], p1y[k], p1z[k]};
        const double v0[3] = {v0x[k], v0y[k], v0z[k]}, v1[3] = {v1x[k], v1y[k], v1z[k]};
        const double w0[3] = {w0x[k], w0y[k], w0z[k]}, w1[3] = {w1x[k], w1y[k], w1z[k]};
        const double r0 = radii ? rad0[k] : c->r0;
        const double r1 = radii ? rad1[k] : c->r1;
        sb_kin kin;
        sb_kinematics(p0, p1, v0, v1, w0, w1, r0, r1, &kin);
        const double g = kin.gap;
        const int contact = (g <= 0.0);
        const double start_gap = s0[k];
        const double xn2 = (start_gap > 0.0 && contact) ? -kin.v_n : s2[k];
        const double cand = c->plastic_factor * kin.delta;
        const double plastic = c->plastic_update ? ((cand > s3[k]) ? cand : s3[k]) : s3[k];
        const double xn3 = contact ? plastic : 0.0;

        const int was_contact = (x0[k] <= 0.0);
        const int switched = (contact != was_contact);
        const double h = fabs(start_gap / kin.v_n);
        const int propose = switched & (start_gap > 0.0) & (kin.v_n != 0.0) & sb_finite(h);
        const double error_gap = switched ? fabs(g * k_c) : 0.0;

        const int fswitch = contact & friction & ((x1[k] < v_reg) != (kin.v_rel < v_reg));
        const double f_n = sb_normal_force(c, &kin, xn2, xn3, general);
        const double term = mu * fabs(f_n) / v_reg * fabs(kin.v_rel - v_reg);
        const int f_bad = fswitch & !sb_finite(f_n);
        bad |= f_bad;
        const double error_friction = (fswitch & sb_finite(term)) ? term : 0.0;
        const double error = (0.0 + error_gap) + error_friction;

        o0[k] = g;
        o1[k] = kin.v_rel;
        o2[k] = xn2;
        o3[k] = xn3;
        oerr[k] = f_bad ? NAN : error;
        orec[k] = propose ? h : -1.0;
    }
    return bad;
}

/* The four instantiations of each loop (per-pair or shared radii x fast or
 * general exponents); the fast ones are the vectorised ones. */
static SB_CLONES int sb_forces_fast_shared(const sb_ctx *c, size_t b, size_t e)
{
    return sb_forces_range(c, b, e, 0, 0);
}
static SB_CLONES int sb_forces_fast_radii(const sb_ctx *c, size_t b, size_t e)
{
    return sb_forces_range(c, b, e, 1, 0);
}
static int sb_forces_general(const sb_ctx *c, size_t b, size_t e)
{
    return (c->rad0 != NULL) ? sb_forces_range(c, b, e, 1, 1) : sb_forces_range(c, b, e, 0, 1);
}
static SB_CLONES int sb_pns_fast_shared(const sb_ctx *c, size_t b, size_t e)
{
    return sb_pns_range(c, b, e, 0, 0);
}
static SB_CLONES int sb_pns_fast_radii(const sb_ctx *c, size_t b, size_t e)
{
    return sb_pns_range(c, b, e, 1, 0);
}
static int sb_pns_general(const sb_ctx *c, size_t b, size_t e)
{
    return (c->rad0 != NULL) ? sb_pns_range(c, b, e, 1, 1) : sb_pns_range(c, b, e, 0, 1);
}

typedef int (*sb_range_fn)(const sb_ctx *c, size_t b, size_t e);

/* 1, 1.5 and 2 are the exponents with a pow-free (vectorised) form. */
static int sb_fast_exponent(double n)
{
    return n == 1.0 || n == 1.5 || n == 2.0;
}

/* Runs fn over [0, count) in SB_CHUNK pieces on `threads` threads; returns
 * the OR of the chunk flags. */
static int sb_run(sb_range_fn fn, const sb_ctx *c, size_t count, int threads)
{
    int bad = 0;
    const size_t chunks = (count + SB_CHUNK - 1) / SB_CHUNK;
    if (threads <= 1 || chunks <= 1) {
        return fn(c, 0, count);
    }
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) num_threads(threads) reduction(| : bad)
    for (size_t j = 0; j < chunks; ++j) {
        const size_t b = j * SB_CHUNK;
        const size_t e = (b + SB_CHUNK < count) ? b + SB_CHUNK : count;
        bad |= fn(c, b, e);
    }
#else
    bad = fn(c, 0, count);
#endif
    return bad;
}

/* Checks the arrays a call reads (pns: also data_start and the data it
 * writes) and the impact model (as the hook's ss_check_model), and fills c. */
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

    const int m = p->impactModel;
    if (m != MBC_IMPACT_EAPM && m != MBC_IMPACT_HUNT_CROSSLEY && m != MBC_IMPACT_MIXED) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "ContactSphereSphere.impactModel: must be 0, 1 or 2, got %d", m);
    }
    if (m == MBC_IMPACT_EAPM &&
        !(p->contactPlasticityRatio >= 0.0 && p->contactPlasticityRatio < 1.0)) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "ContactSphereSphere.contactPlasticityRatio: must be in [0, 1), got %g",
                        p->contactPlasticityRatio);
    }
    if (m != MBC_IMPACT_EAPM && !(p->restitutionCoefficient > 0.0)) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "ContactSphereSphere.restitutionCoefficient: must be > 0, got %g",
                        p->restitutionCoefficient);
    }
    if (!(p->contactStiffnessExponent > 0.0)) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "ContactSphereSphere.contactStiffnessExponent: must be > 0, got %g",
                        p->contactStiffnessExponent);
    }
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

mbc_status mbc_sphere_batch_forces_eval(const mbc_contact_sphere_sphere_params *p,
                                        const mbc_sphere_batch *in,
                                        const mbc_sphere_batch_forces *out, int threads,
                                        mbc_error *err)
{
    sb_ctx c = {0};
    mbc_status st = sb_setup(p, in, 0, &c, err);
    if (st != MBC_OK) {
        return st;
    }
    if (out == NULL) {
        return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": NULL force result");
    }
    for (int i = 0; i < 3; ++i) {
        if (out->force[i] == NULL || out->torque[0][i] == NULL || out->torque[1][i] == NULL) {
            return mbc_fail(err, MBC_ERR_INPUT,
                            SB_NAME ": force and torque %c arrays must not be NULL", "xyz"[i]);
        }
        c.f[i] = out->force[i];
        c.t0[i] = out->torque[0][i];
        c.t1[i] = out->torque[1][i];
    }
    const size_t n = in->count;
    if (!p->activeConnector) {
        for (size_t k = 0; k < n; ++k) {
            for (int i = 0; i < 3; ++i) {
                c.f[i][k] = 0.0;
                c.t0[i][k] = 0.0;
                c.t1[i][k] = 0.0;
            }
        }
        return MBC_OK;
    }
    const int fast = sb_fast_exponent(c.n_exp) && (!c.plastic || sb_fast_exponent(c.n_adh));
    sb_range_fn fn =
        !fast ? sb_forces_general : (c.rad0 != NULL ? sb_forces_fast_radii : sb_forces_fast_shared);
    if (sb_run(fn, &c, n, mbc_threads_resolve(threads))) {
        const size_t k = sb_first_bad(sb_forces_general, &c, n);
        return mbc_fail(err, MBC_ERR_INPUT,
                        SB_NAME ": pair %zu: normal force not finite (data[0] = %g)", k,
                        k < n ? c.x[0][k] : 0.0);
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
    if (st != MBC_OK) {
        return st;
    }
    if (out == NULL || out->error == NULL || out->recommended_step == NULL) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        SB_NAME ": PostNewtonStep needs error and recommended_step arrays");
    }
    for (int i = 0; i < 4; ++i) {
        if (out->data[i] == NULL) {
            return mbc_fail(err, MBC_ERR_INPUT, SB_NAME ": output data[%d] must not be NULL", i);
        }
        c.xo[i] = out->data[i];
    }
    c.err = out->error;
    c.rec = out->recommended_step;
    const size_t n = in->count;
    if (!p->activeConnector) {
        for (size_t k = 0; k < n; ++k) {
            for (int i = 0; i < 4; ++i) {
                c.xo[i][k] = c.x[i][k];
            }
            c.err[k] = 0.0;
            c.rec[k] = -1.0;
        }
        return MBC_OK;
    }
    const int fast = sb_fast_exponent(c.n_exp) && (!c.plastic || sb_fast_exponent(c.n_adh));
    sb_range_fn fn =
        !fast ? sb_pns_general : (c.rad0 != NULL ? sb_pns_fast_radii : sb_pns_fast_shared);
    if (sb_run(fn, &c, n, mbc_threads_resolve(threads))) {
        size_t k = 0;
        while (k < n && !isnan(c.err[k])) {
            ++k;
        }
        return mbc_fail(err, MBC_ERR_INPUT,
                        SB_NAME ": pair %zu: normal force not finite at a friction switch", k);
    }
    return MBC_OK;
}
