/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactSphereSphere's law, written once (private to the runtime): the
 * hooks (connector_contact_sphere_sphere.c), the batch entry points
 * (sphere_batch.c, mbconnect/sphere_batch.h) and the in-place pair path
 * (contact_sphere_sphere_pairs.c, mbconnect/pair_eval.h) all call these
 * kernels, so the three compute the same operations in the same order.
 *
 * Equations (seed "Connector Forces" with physics-notes.md,
 * "ContactSphereSphere"; units SI, vectors global):
 *   d = p_m1 - p_m0, n = d/|d| (e_x when |d| = 0), g = |d| - (r_0 + r_1),
 *   delta = -g, v_n = (v_m1 - v_m0).n,
 *   v_t = (v_m1 + w_1 x (-n l_1)) - (v_m0 + w_0 x (n l_0)) - v_n n,
 *   l_j = r_j - delta/2;
 *   f_1,n = f_c + f_d, f_d = -d_c v_n, f_c of the impact model (EAPM,
 *   Hunt-Crossley or the mixed law);
 *   f_1,t = -v_t mu_d |f_1,n| / v_reg (x_1 < v_reg) or / |v_t|;
 *   force on m1 f = f_1,n n + f_1,t (zero when x_0 > 0), on m0 -f;
 *   torques tau_m1 = -l_1 n x f, tau_m0 = -l_0 n x f.
 * Data x = [gap, |v_t|, impact velocity, plastic overlap]; PostNewtonStep
 * as the hook's comment says.
 *
 * Everything a run fixes is a `const int` argument, so that each caller
 * compiles the instantiations it needs:
 * - expo: how |x|^n is formed: SS_EXP_1, _15, _2 (x, x sqrt x, x^2),
 *   SS_EXP_GENERAL (mbc_contact_power: pow for other exponents; the hooks)
 *   or SS_EXP_BLEND (x (w1 + w15 sqrt x + w2 x) with 0/1 weights: one
 *   branch-free form for 1, 1.5 and 2, which gcc vectorizes; the batch);
 * - model: SS_MODEL_ELASTIC (EAPM with lambda_P = 0: k_c delta^n),
 *   SS_MODEL_PLASTIC (EAPM), SS_MODEL_RESTITUTION (Hunt-Crossley, mixed)
 *   or SS_MODEL_BLEND (all three weighted by 0/1: the batch, since gcc 12
 *   does not vectorize selects on loop-invariant conditions);
 * - friction: SS_FRICTION_OFF (mu_d = 0: no tangential force) or
 *   SS_FRICTION_ON (any mu_d);
 * - plain: |.| as sqrt of the sum of squares (vectorized loops, which
 *   check the rare under/overflow case and compute it again) or mbc_hypot3.
 * All forms give the same bits for finite inputs, except the sign of a zero
 * (a blend adds 0 * x) and 0 * inf in a blended-away branch; the tests
 * compare the paths. Scalar arguments and results by value only: inside
 * an `omp simd` loop an address-taken local becomes a per-lane array that
 * gcc does not vectorize. */
#ifndef MBC_RUNTIME_CONTACT_SPHERE_SPHERE_KERNEL_H
#define MBC_RUNTIME_CONTACT_SPHERE_SPHERE_KERNEL_H

#include <float.h>
#include <math.h>

#include "mbconnect/contact_laws.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/pair_kernel.h"

#define SS_INLINE MBC_PAIR_INLINE

enum { SS_EXP_BLEND, SS_EXP_1, SS_EXP_15, SS_EXP_2, SS_EXP_GENERAL };
enum { SS_MODEL_BLEND, SS_MODEL_ELASTIC, SS_MODEL_PLASTIC, SS_MODEL_RESTITUTION };
enum { SS_FRICTION_OFF, SS_FRICTION_ON };

/* An exponent n with its 0/1 weights for SS_EXP_BLEND (n in {1, 1.5, 2};
 * all weights 0 otherwise, where only SS_EXP_GENERAL is used). */
typedef struct ss_exponent {
    double n, w1, w15, w2;
} ss_exponent;

/* The law's constants for one call (ss_law_init). */
typedef struct ss_law {
    ss_exponent n_exp, n_adh;
    int model; /* SS_MODEL_ELASTIC, _PLASTIC or _RESTITUTION of the parameters */
    /* the model as weights (SS_MODEL_BLEND): w_eapm + w_rest = 1,
     * w_plastic + w_elastic = w_eapm (EAPM only) */
    double w_eapm, w_rest, w_plastic, w_elastic;
    double k_c, d_c, mu, v_reg, f_adh, k_adh;
    double k2;             /* k_c / (1 - lambda_P) with EAPM plasticity, else 0 */
    double shape;          /* lambda v / k_c of the restitution model (0 for EAPM) */
    double v_min;          /* minimum impact velocity */
    double plastic_factor; /* lambda_P^(1/n_exp) when PostNewtonStep updates x_3, else -inf */
    double lambda_p;       /* contactPlasticityRatio (the hook's PostNewtonStep: factor lazily) */
    double e_res;          /* restitutionCoefficient (the hook's PostNewtonStep: shape lazily) */
    int impact;            /* impactModel */
    int shape_lazy;        /* shape not formed (restitution model without SS_LAW_SHAPE) */
    int friction;          /* mu_d != 0 and v_reg > 0: the friction-switch error term */
    int active;            /* activeConnector */
} ss_law;

/* The constants of p (whose impact model passed
 * mbc_contact_sphere_sphere_check_model). */
static inline ss_exponent ss_exponent_make(double n)
{
    const ss_exponent e = {n, n == 1.0 ? 1.0 : 0.0, n == 1.5 ? 1.0 : 0.0, n == 2.0 ? 1.0 : 0.0};
    return e;
}

/* What ss_law_init forms beyond the parameters: the loops (batch, in
 * place) take everything once per call; a hook, which runs per pair, only
 * what its path reads. */
enum {
    SS_LAW_WEIGHTS = 1, /* the 0/1 weights of SS_EXP_BLEND and SS_MODEL_BLEND */
    SS_LAW_SHAPE = 2,   /* the restitution shape (a call of mbc_restitution_lambda) */
    SS_LAW_PLASTIC = 4, /* the plastic overlap's factor (a power) */
    SS_LAW_LOOPS = 7
};

/* L for p (the fields `what` leaves out are 0; the hooks' PostNewtonStep
 * forms the plastic overlap's factor in contact only, ss_post_newton). */
static inline void ss_law_init(ss_law *L, const mbc_contact_sphere_sphere_params *p, const int what)
{
    const int eapm = (p->impactModel == MBC_IMPACT_EAPM);
    const int elastoplastic = eapm && p->contactPlasticityRatio != 0.0;
    const double lp = p->contactPlasticityRatio;
    if (what & SS_LAW_WEIGHTS) {
        L->n_exp = ss_exponent_make(p->contactStiffnessExponent);
        L->n_adh = ss_exponent_make(p->adhesionExponent);
    } else {
        L->n_exp = (ss_exponent){p->contactStiffnessExponent, 0.0, 0.0, 0.0};
        L->n_adh = (ss_exponent){p->adhesionExponent, 0.0, 0.0, 0.0};
    }
    L->model = !eapm ? SS_MODEL_RESTITUTION : (elastoplastic ? SS_MODEL_PLASTIC : SS_MODEL_ELASTIC);
    L->w_eapm = eapm ? 1.0 : 0.0;
    L->w_rest = eapm ? 0.0 : 1.0;
    L->w_plastic = elastoplastic ? 1.0 : 0.0;
    L->w_elastic = elastoplastic ? 0.0 : 1.0;
    L->k_c = p->contactStiffness;
    L->d_c = p->contactDamping;
    L->mu = p->dynamicFriction;
    L->v_reg = p->frictionProportionalZone;
    L->f_adh = p->constantPullOffForce;
    L->k_adh = p->adhesionCoefficient;
    L->k2 = elastoplastic ? p->contactStiffness / (1.0 - lp) : 0.0;
    L->v_min = p->minimumImpactVelocity;
    /* lambda v / k_c of mbc_restitution_lambda, read back at v = k_c = 1 */
    L->shape = 0.0;
    if ((what & SS_LAW_SHAPE) && !eapm) {
        (void)mbc_restitution_lambda(p->impactModel, 1.0, p->restitutionCoefficient, 1.0,
                                     &L->shape);
    }
    /* lambda_P^(1/n_exp) of mbc_eapm_plastic_overlap, read back at delta = 1;
     * -inf when x_3 is not updated: in contact delta >= 0, and -inf * delta
     * (NaN at 0) never exceeds x_3 */
    L->plastic_factor = ((what & SS_LAW_PLASTIC) && lp > 0.0 && lp < 1.0)
                            ? mbc_eapm_plastic_overlap(lp, p->contactStiffnessExponent, 1.0, 0.0)
                            : -INFINITY;
    L->lambda_p = lp;
    L->e_res = p->restitutionCoefficient;
    L->impact = p->impactModel;
    L->shape_lazy = !eapm && !(what & SS_LAW_SHAPE);
    L->friction = (p->dynamicFriction != 0.0 && p->frictionProportionalZone > 0.0);
    L->active = p->activeConnector;
}

/* |x| <= DBL_MAX and not NaN, written so that it vectorizes. */
SS_INLINE int ss_finite(double x)
{
    return fabs(x) <= DBL_MAX;
}

/* sign(x) |x|^n as mbc_contact_power (0 for x == 0). */
SS_INLINE double ss_power(double x, const ss_exponent *e, const int expo)
{
    if (expo == SS_EXP_GENERAL)
        return mbc_contact_power(x, e->n);
    const double ax = fabs(x);
    double m;
    if (expo == SS_EXP_1)
        m = ax;
    else if (expo == SS_EXP_15)
        m = ax * sqrt(ax);
    else if (expo == SS_EXP_2)
        m = ax * ax;
    else
        m = ax * (e->w1 + e->w15 * sqrt(ax) + e->w2 * ax);
    const double r = (x > 0.0) ? m : -m;
    return (x == 0.0) ? 0.0 : r;
}

/* Normal force f_1,n (N, > 0 repulsive) for overlap delta, normal velocity
 * v_n, impact velocity x_2 and plastic overlap x_3: the hook's
 * ss_normal_force, mbc_eapm_force and mbc_restitution_force. expo_adh: the
 * form of the adhesion power (plastic model only). */
SS_INLINE double ss_normal_force(const ss_law *L, double delta, double v_n, double x2, double x3,
                                 const int expo, const int expo_adh, const int model)
{
    const double dn = ss_power(delta, &L->n_exp, expo);
    const double loading = L->k_c * dn;
    double f_c;
    if (model == SS_MODEL_ELASTIC) {
        f_c = loading;
    } else if (model == SS_MODEL_RESTITUTION) {
        const double v = (x2 > L->v_min) ? x2 : L->v_min;
        const double lambda = (v == 0.0) ? 0.0 : L->k_c / v * L->shape;
        f_c = L->k_c * dn + lambda * dn * v_n;
    } else {
        /* EAPM: loading, unloading/reloading with k2, adhesion */
        const double unloading = L->k2 * (dn - ss_power(x3, &L->n_exp, expo));
        const double adhesion = -L->k_adh * ss_power(delta, &L->n_adh, expo_adh);
        const double branch =
            (unloading >= loading) ? loading : ((unloading > adhesion) ? unloading : adhesion);
        if (model == SS_MODEL_PLASTIC) {
            f_c = -L->f_adh + branch;
        } else { /* SS_MODEL_BLEND */
            const double f_eapm = L->w_plastic * (-L->f_adh + branch) + L->w_elastic * loading;
            const double v = (x2 > L->v_min) ? x2 : L->v_min;
            const double lambda = (v == 0.0) ? 0.0 : L->k_c / v * L->shape;
            const double f_rest = L->k_c * dn + lambda * dn * v_n;
            f_c = L->w_eapm * f_eapm + L->w_rest * f_rest;
        }
    }
    const double f_d = -L->d_c * v_n;
    return f_c + f_d;
}

/* The kinematics of a pair (the hook's ss_kinematics_eval) from its normal
 * n, gap g, radii and the velocities and global angular velocities of the
 * spheres at m0 and m1. */
typedef struct ss_kin {
    double nx, ny, nz, gap, delta, v_n, l0, l1;
    double vtx, vty, vtz, v_rel; /* tangential relative velocity at the contact point, |v_t| */
} ss_kin;

SS_INLINE ss_kin ss_kinematics(double nx, double ny, double nz, double gap, double r0, double r1,
                               double v0x, double v0y, double v0z, double v1x, double v1y,
                               double v1z, double w0x, double w0y, double w0z, double w1x,
                               double w1y, double w1z, const int plain)
{
    ss_kin k;
    k.nx = nx;
    k.ny = ny;
    k.nz = nz;
    k.gap = gap;
    k.delta = -gap;
    k.v_n = (v1x - v0x) * nx + (v1y - v0y) * ny + (v1z - v0z) * nz;
    k.l0 = r0 - 0.5 * k.delta;
    k.l1 = r1 - 0.5 * k.delta;
    const double a0x = nx * k.l0, a0y = ny * k.l0, a0z = nz * k.l0;
    const double a1x = -nx * k.l1, a1y = -ny * k.l1, a1z = -nz * k.l1;
    const double va0x = v0x + (w0y * a0z - w0z * a0y);
    const double va0y = v0y + (w0z * a0x - w0x * a0z);
    const double va0z = v0z + (w0x * a0y - w0y * a0x);
    const double va1x = v1x + (w1y * a1z - w1z * a1y);
    const double va1y = v1y + (w1z * a1x - w1x * a1z);
    const double va1z = v1z + (w1x * a1y - w1y * a1x);
    k.vtx = (va1x - va0x) - k.v_n * nx;
    k.vty = (va1y - va0y) - k.v_n * ny;
    k.vtz = (va1z - va0z) - k.v_n * nz;
    k.v_rel = mbc_pair_norm(k.vtx, k.vty, k.vtz, plain);
    return k;
}

/* PostNewtonStep (the hook mbc_contact_sphere_sphere_post_newton_step) from
 * the kinematics, the current data x_0, x_1 and the start data s_0, s_2,
 * s_3: the new data, the error and recommended step, and f_n, the normal
 * force with the new data: always with forces_follow (the forces reuse
 * it), else only where a friction switch needs it (0 elsewhere: the hook,
 * which also forms the plastic overlap's factor only in contact, from
 * mbc_eapm_plastic_overlap: the same numbers as L->plastic_factor).
 * bad: a friction switch with a non-finite normal force (the hook's
 * error). */
typedef struct ss_pns {
    double x0, x1, x2, x3, error, step, f_n;
    int bad;
} ss_pns;

SS_INLINE ss_pns ss_post_newton(const ss_law *L, const ss_kin k, double x0, double x1, double s0,
                                double s2, double s3, const int expo, const int expo_adh,
                                const int model, const int friction, const int forces_follow)
{
    ss_pns o;
    const double g = k.gap;
    const int contact = (g <= 0.0);
    o.x0 = g;
    o.x1 = k.v_rel;
    o.x2 = (s0 > 0.0 && contact) ? -k.v_n : s2;
    if (forces_follow) { /* the factor made once per call */
        const double cand = L->plastic_factor * k.delta;
        const double plastic_new = (cand > s3) ? cand : s3;
        o.x3 = contact ? plastic_new : 0.0;
    } else { /* one pair: the factor (a power) only in contact */
        o.x3 = contact ? mbc_eapm_plastic_overlap(L->lambda_p, L->n_exp.n, k.delta, s3) : 0.0;
    }

    const int was_contact = (x0 <= 0.0);
    const int switched = (contact != was_contact);
    /* the loops compute every value and select; one pair (the hook) only
     * what its case needs: the same numbers */
    double h = 0.0;
    int propose = 0;
    if (forces_follow || (switched && s0 > 0.0)) {
        h = fabs(s0 / k.v_n);
        propose = switched & (s0 > 0.0) & (k.v_n != 0.0) & ss_finite(h);
    }
    const double error_gap = switched ? fabs(g * L->k_c) : 0.0;
    o.step = propose ? h : -1.0;

    if (friction == SS_FRICTION_OFF) {
        o.f_n = forces_follow
                    ? ss_normal_force(L, k.delta, k.v_n, o.x2, o.x3, expo, expo_adh, model)
                    : 0.0;
        o.bad = 0;
        o.error = (0.0 + error_gap) + 0.0;
    } else {
        const int fswitch = contact & L->friction & ((x1 < L->v_reg) != (k.v_rel < L->v_reg));
        double error_friction = 0.0;
        o.f_n = 0.0;
        o.bad = 0;
        if (forces_follow || fswitch) {
            if (!forces_follow && L->shape_lazy) { /* the hook, at a switch: the shape now */
                ss_law Ls = *L;
                (void)mbc_restitution_lambda(L->impact, 1.0, L->e_res, 1.0, &Ls.shape);
                o.f_n = ss_normal_force(&Ls, k.delta, k.v_n, o.x2, o.x3, expo, expo_adh, model);
            } else {
                o.f_n = ss_normal_force(L, k.delta, k.v_n, o.x2, o.x3, expo, expo_adh, model);
            }
            const double term = L->mu * fabs(o.f_n) / L->v_reg * fabs(k.v_rel - L->v_reg);
            o.bad = fswitch & !ss_finite(o.f_n);
            error_friction = (fswitch & ss_finite(term)) ? term : 0.0;
        }
        o.error = (0.0 + error_gap) + error_friction;
    }
    return o;
}

/* Forces (the hook mbc_contact_sphere_sphere_forces) from the kinematics,
 * the data x_0, x_1 and the normal force f_n of the data x_2, x_3: force
 * on m1 and torques on m0, m1. bad: in contact with a non-finite f_n. */
typedef struct ss_frc {
    double fx, fy, fz, t0x, t0y, t0z, t1x, t1y, t1z;
    int bad;
} ss_frc;

SS_INLINE ss_frc ss_forces(const ss_law *L, const ss_kin k, double x0, double x1, double f_n,
                           const int friction)
{
    ss_frc o;
    const int in = (x0 <= 0.0);
    o.bad = in & !ss_finite(f_n);
    double ftx = 0.0, fty = 0.0, ftz = 0.0;
    if (friction == SS_FRICTION_ON) {
        /* regularized Coulomb friction, magnitude mu_d |f_1,n| (notes) */
        const double af = fabs(f_n);
        const double fac_slide = (k.v_rel > 0.0) ? L->mu * af / k.v_rel : 0.0;
        const double fac_reg = L->mu * af / L->v_reg;
        const double fac_branch = (x1 < L->v_reg) ? fac_reg : fac_slide;
        const double fac = ss_finite(fac_branch) ? fac_branch : fac_slide;
        ftx = -k.vtx * fac;
        fty = -k.vty * fac;
        ftz = -k.vtz * fac;
    }
    const double f0 = in ? f_n * k.nx + ftx : 0.0;
    const double f1 = in ? f_n * k.ny + fty : 0.0;
    const double f2 = in ? f_n * k.nz + ftz : 0.0;
    const double nxf0 = k.ny * f2 - k.nz * f1, nxf1 = k.nz * f0 - k.nx * f2,
                 nxf2 = k.nx * f1 - k.ny * f0;
    const double m0 = in ? -k.l0 : 0.0, m1 = in ? -k.l1 : 0.0;
    o.fx = f0;
    o.fy = f1;
    o.fz = f2;
    o.t0x = m0 * nxf0;
    o.t0y = m0 * nxf1;
    o.t0z = m0 * nxf2;
    o.t1x = m1 * nxf0;
    o.t1y = m1 * nxf1;
    o.t1z = m1 * nxf2;
    return o;
}

/* The energy books (the outputs StoredEnergy and DissipatedPower, and the
 * totals of an engine) from the kinematics and the data x_0..x_3, 0 out of
 * contact (x_0 > 0):
 *   stored  k_c |delta|^(n+1)/(n+1), the integral of the elastic force
 *           k_c sign(delta) |delta|^n over the overlap (EAPM with plasticity:
 *           the integral from 0 of the branch at the current x_3, minus
 *           f_adh delta: below delta_a, where the unloading branch
 *           k_2 (delta^n - x_3^n) meets the adhesion branch
 *           -k_adh delta^n_adh (ss_adhesion_meet; delta_a = x_3 without
 *           k_adh), -k_adh delta^(n_adh+1)/(n_adh+1); above it the
 *           unloading branch's integral from delta_a, continuous there: the
 *           work of adhesion is stored, and 0 at separation (delta = 0));
 *   p[0]    normal damping -(f_1,n - f_el) v_n: d_c v_n^2 plus the
 *           restitution models' -lambda delta^n v_n^2 (lambda <= 0);
 *   p[1]    friction -f_1,t . v_t = mu_d |f_1,n| v_t^2 / max(v_reg, |v_t|)
 *           (x_1's branch), >= 0: v_t is the velocity of the points where
 *           the friction acts, the torque's lever l = r - delta/2;
 *   p[2]    plastic work (EAPM with plasticity): on first loading (the
 *           loading branch, d delta/dt = -v_n > 0) the plastic overlap
 *           grows as x_3 = lambda_P^(1/n) delta, and the stored energy at
 *           constant delta changes by dE/dx_3 = -k_2 n x_3^(n-1) (delta -
 *           delta_a) (the terms of d delta_a/dx_3 cancel, the branches
 *           being equal at delta_a): p[2] = k_2 n x_3^(n-1) (delta -
 *           delta_a) lambda_P^(1/n) d delta/dt >= 0, the work of the
 *           loading force that the unloading and adhesion branches do not
 *           store. */
typedef struct ss_energy {
    double stored, p[3];
} ss_energy;

/* delta_a (m), where the unloading branch k_2 (delta^n - x_3^n) meets the
 * adhesion branch -k_adh delta^n_adh (x_3 > 0, k_adh > 0; dp = x_3^n): the
 * root in (0, x_3) of phi = k_2 (dp - delta^n) - k_adh delta^n_adh, which
 * falls from k_2 dp at 0 to -k_adh x_3^n_adh at x_3; Newton's steps from
 * x_3, kept inside the bracket by bisection. */
static inline double ss_adhesion_meet(const ss_law *L, double x3, double dp, const int expo,
                                      const int expo_adh)
{
    double lo = 0.0, hi = x3, d = x3;
    for (int i = 0; i < 200; ++i) {
        const double dn = ss_power(d, &L->n_exp, expo);
        const double da = ss_power(d, &L->n_adh, expo_adh);
        const double phi = L->k2 * (dp - dn) - L->k_adh * da;
        if (phi == 0.0)
            return d;
        if (phi > 0.0)
            lo = d;
        else
            hi = d;
        const double slope = -(L->k2 * L->n_exp.n * dn + L->k_adh * L->n_adh.n * da) / d;
        double next = (slope < 0.0) ? d - phi / slope : 0.5 * (lo + hi);
        if (!(next > lo && next < hi))
            next = 0.5 * (lo + hi);
        if (fabs(next - d) <= 4.0 * DBL_EPSILON * x3)
            return next;
        d = next;
    }
    return d;
}

SS_INLINE ss_energy ss_energy_of(const ss_law *L, const ss_kin k, double x0, double x1, double x2,
                                 double x3, const int expo, const int expo_adh, const int model,
                                 const int friction)
{
    ss_energy e = {0.0, {0.0, 0.0, 0.0}};
    if (!(x0 <= 0.0) || !L->active)
        return e;
    const double f_n = ss_normal_force(L, k.delta, k.v_n, x2, x3, expo, expo_adh, model);
    const ss_frc f = ss_forces(L, k, x0, x1, f_n, friction);
    const double dn = ss_power(k.delta, &L->n_exp, expo);
    const double n1 = L->n_exp.n + 1.0;
    double f_el = L->k_c * dn;
    e.stored = L->k_c * dn * k.delta / n1;
    if (L->model == SS_MODEL_PLASTIC) {
        const double dp = ss_power(x3, &L->n_exp, expo);
        f_el = f_n + L->d_c * k.v_n; /* the branch: all but the viscous damping */
        /* below delta_a the branch is the adhesion's (without k_adh its
         * force is 0, delta_a = x_3); the unloading branch's integral from
         * x_3 plus its value at delta_a makes the energy continuous there */
        const int adhesive = L->k_adh > 0.0 && x3 > 0.0;
        const double meet = adhesive ? ss_adhesion_meet(L, x3, dp, expo, expo_adh) : x3;
        const double na1 = L->n_adh.n + 1.0;
        const double dm = ss_power(meet, &L->n_exp, expo);
        const double below =
            adhesive ? -L->k_adh * ss_power(k.delta, &L->n_adh, expo_adh) * k.delta / na1 : 0.0;
        const double at_meet = adhesive
                                   ? -L->k_adh * ss_power(meet, &L->n_adh, expo_adh) * meet / na1 -
                                         L->k2 * ((dm * meet - dp * x3) / n1 - dp * (meet - x3))
                                   : 0.0;
        const double unl = (dn * k.delta - dp * x3) / n1 - dp * (k.delta - x3);
        e.stored = ((k.delta < meet) ? below : L->k2 * unl + at_meet) - L->f_adh * k.delta;
        const double ddot = -k.v_n;
        /* on the loading branch: x_3^n = lambda_P delta^n (PostNewtonStep's
         * rounding and a rotated state's allowed for) */
        const int loading = dp <= L->lambda_p * dn * (1.0 + 1e-9) && ddot > 0.0 && x3 > 0.0;
        const double factor = pow(L->lambda_p, 1.0 / L->n_exp.n);
        e.p[2] = loading ? L->k2 * L->n_exp.n * (dp / x3) * (k.delta - meet) * factor * ddot : 0.0;
    }
    e.p[0] = -(f_n - f_el) * k.v_n;
    e.p[1] =
        -((f.fx - f_n * k.nx) * k.vtx + (f.fy - f_n * k.ny) * k.vty + (f.fz - f_n * k.nz) * k.vtz);
    return e;
}

/* The kernel of the in-place path (mbconnect/pair_kernel.h): sphere a is
 * m0, b is m1; start is the record [x_0..x_3] (start data), now receives
 * the new data with post_newton. Always in contact: the engine's test is
 * the law's (r_a + r_b). An inactive connector is ss_pair_inactive. */
SS_INLINE mbc_pair_out ss_pair(const ss_law *L, const mbc_pair_in in, const double *start,
                               double *now, const int post_newton, const int plain, const int expo,
                               const int expo_adh, const int model, const int friction)
{
    const ss_kin k =
        ss_kinematics(in.n[0], in.n[1], in.n[2], in.gap, in.r[0], in.r[1], in.v[0][0], in.v[0][1],
                      in.v[0][2], in.v[1][0], in.v[1][1], in.v[1][2], in.w[0][0], in.w[0][1],
                      in.w[0][2], in.w[1][0], in.w[1][1], in.w[1][2], plain);
    const double s0 = start[0], s1 = start[1], s2 = start[2], s3 = start[3];
    double x0 = s0, x1 = s1, f_n;
    if (post_newton) {
        const ss_pns p =
            ss_post_newton(L, k, s0, s1, s0, s2, s3, expo, expo_adh, model, friction, 1);
        now[0] = x0 = p.x0;
        now[1] = x1 = p.x1;
        now[2] = p.x2;
        now[3] = p.x3;
        f_n = p.f_n;
    } else {
        f_n = ss_normal_force(L, k.delta, k.v_n, s2, s3, expo, expo_adh, model);
    }
    const ss_frc f = ss_forces(L, k, x0, x1, f_n, friction);
    mbc_pair_out o;
    o.force[0] = f.fx;
    o.force[1] = f.fy;
    o.force[2] = f.fz;
    o.torque[0][0] = f.t0x;
    o.torque[0][1] = f.t0y;
    o.torque[0][2] = f.t0z;
    o.torque[1][0] = f.t1x;
    o.torque[1][1] = f.t1y;
    o.torque[1][2] = f.t1z;
    o.contact = 1;
    o.fail = f.bad;
    o.rerun = !mbc_pair_norm_plain(k.vtx, k.vty, k.vtz);
    return o;
}

/* ss_pair with the energy books as its scalar outputs StoredEnergy and
 * DissipatedPower (ss_energy_of on the data the forces used): the loops of
 * an engine that sums them. */
SS_INLINE mbc_pair_out ss_pair_energy(const ss_law *L, const mbc_pair_in in, const double *start,
                                      double *now, const int post_newton, const int plain,
                                      const int expo, const int expo_adh, const int model,
                                      const int friction)
{
    mbc_pair_out o =
        ss_pair(L, in, start, now, post_newton, plain, expo, expo_adh, model, friction);
    const ss_kin k =
        ss_kinematics(in.n[0], in.n[1], in.n[2], in.gap, in.r[0], in.r[1], in.v[0][0], in.v[0][1],
                      in.v[0][2], in.v[1][0], in.v[1][1], in.v[1][2], in.w[0][0], in.w[0][1],
                      in.w[0][2], in.w[1][0], in.w[1][1], in.w[1][2], plain);
    const double *x = post_newton ? now : start;
    const ss_energy e = ss_energy_of(L, k, x[0], x[1], x[2], x[3], expo, expo_adh, model, friction);
    for (int q = 0; q < MBC_PAIR_OUTPUT_MAX; ++q)
        o.output[q] = 0.0;
    o.output[MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY] = e.stored;
    o.output[MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER] = (e.p[0] + e.p[1]) + e.p[2];
    return o;
}

/* activeConnector = false: no forces; PostNewtonStep keeps the data. */
SS_INLINE mbc_pair_out ss_pair_inactive(const ss_law *L, const mbc_pair_in in, const double *start,
                                        double *now, const int post_newton, const int plain)
{
    mbc_pair_out o = {{0.0, 0.0, 0.0}, {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, {0.0}, 1, 0, 0};
    (void)L;
    (void)in;
    (void)plain;
    if (post_newton)
        for (int i = 0; i < 4; ++i)
            now[i] = start[i];
    return o;
}

#endif /* MBC_RUNTIME_CONTACT_SPHERE_SPHERE_KERNEL_H */
