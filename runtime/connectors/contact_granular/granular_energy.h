/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy books of the granular law (granular_stages.h): for one
 * contact after the law has run (its result and its new record), the energy
 * stored in each spring and the power each mechanism dissipates. The hooks
 * (the outputs StoredEnergy, DissipatedPower and their parts) and the engine path (the
 * totals of mbc-lammps) call this function, and nothing else computes them.
 * Equations: ContactGranular's theory ("Energy"), docs/physics-granular.rst.
 *
 * Stored energy E (J), each 0 out of touch:
 *   normal      the integral of the elastic normal force over the overlap,
 *               dE_n/d delta = F_ne (E_n = 0 at delta = 0; jkr: 0 at a = 0)
 *   tangential  k |xi|^2 / 2 (displacement history, k = k_t or k_t a),
 *               |xi|^2 / (2 k_t a) (elastic-force history)
 *   rolling     k_roll |xi_roll|^2 / 2
 *   twisting    k_tw xi_tw^2 / 2 (marshall: k_tw = k a^2/2)
 * Dissipated power P (W): what each mechanism's forces take from the two
 * spheres minus what its spring stores, -F . v - dE/dt:
 *   normal      -(F_n - F_ne) v_n (the damping, limit_damping included)
 *   tangential  -F_t . v_c - k xi . v_t,rel, with v_c the velocity at the
 *               points where the friction acts (r - shift delta from each
 *               center)
 *   rolling     -F_r . v_roll - k_roll xi_roll . v_roll
 *   twisting    -M_t Omega_t - k_tw xi_tw Omega_t
 * Flows (W), the terms the springs' stored energies and the adhesion take
 * or give other than through the work of the forces, so that the stored
 * energy plus the time integral of the dissipated power is the work of the
 * forces and torques on the spheres:
 *   stiffness   the power the state-dependent stiffnesses put into their
 *               springs at constant history, dE/da da/dt: mindlin's
 *               k_t a (E_t a'/a; force history -E_t a'/a), the rescale
 *               models' shrinking history on unloading (3 E_t a'/a; force
 *               history E_t a'/a), marshall's k a^2/2 (E_tw (2 or 3)
 *               a'/a), with a' = da/d delta * d delta/dt, d delta/dt = -v_n
 *   slip        the spring energy the Coulomb limits take in the step that
 *               slides (tangential, rolling, twisting: E(h stepped) -
 *               E(h held)) over the step h, as the law steps from the
 *               start-of-step record
 *   adhesion    jkr's jumps of E_n over the step: at snap-in (the record
 *               was out of touch) -E_n(0), at pull-off (the record touched,
 *               the contact broke at delta_c) E_n(delta_c)
 * The dissipated power P (the output DissipatedPower, an engine's sums) is
 * sum(power) + slip + adhesion - stiffness. While a mechanism slides its
 * spring term k xi . v is then counted (the slip term holds the rest).
 * These are rates at an instant (a force evaluation without a step). In a
 * step the spring terms and the stiffness flow are instead the exact split
 * of the step's change of each spring's energy (mbc_granular_springs_of),
 * so that the books hold the springs' energy in every step, a contact's
 * first included.
 *
 * Internal to the runtime. */
#ifndef MBC_RUNTIME_GRANULAR_ENERGY_H
#define MBC_RUNTIME_GRANULAR_ENERGY_H

#include "granular_normal.h"
#include "granular_rolling.h"
#include "granular_tangential.h"
#include "granular_twisting.h"

/* Components of the energy vectors (the outputs' order). */
enum {
    MBC_GRANULAR_E_NORMAL = 0,
    MBC_GRANULAR_E_TANGENTIAL = 1,
    MBC_GRANULAR_E_ROLLING = 2,
    MBC_GRANULAR_E_TWISTING = 3,
    MBC_GRANULAR_E_COUNT = 4
};
/* Components of the flows (the output EnergyFlows' order). */
enum {
    MBC_GRANULAR_F_STIFFNESS = 0,
    MBC_GRANULAR_F_SLIP = 1,
    MBC_GRANULAR_F_ADHESION = 2,
    MBC_GRANULAR_F_COUNT = 3
};

typedef struct mbc_granular_energy {
    double stored[MBC_GRANULAR_E_COUNT]; /* J */
    double power[MBC_GRANULAR_E_COUNT];  /* dissipated, W */
    double flow[MBC_GRANULAR_F_COUNT];   /* W: into the springs; lost; lost */
} mbc_granular_energy;

/* The elastic normal energy at overlap delta, the integral of F_ne:
 *   hooke  k_n delta^2/2;  hertz  2/5 k_n a delta^2;  dmt  2/5 k_n a delta^2 -
 *   4 pi gamma R delta (the surface-energy term: the adhesion work is stored);
 *   jkr (E the law's e_jkr, c = 2 pi sqrt(4 gamma E/pi), s = sqrt(pi gamma/E),
 *   along delta(a) = a^2/R - 2 s sqrt(a)):
 *   2 k_n a^5/(5 R^2) - 2/7 (k_n s + 2c) a^3.5/R + 2 pi gamma a^2,
 *   which is 0 for a separated pair (a = 0). */
static inline double mbc_granular_normal_energy(const mbc_granular_law *law, double delta,
                                                double reff)
{
    const mbc_granular_normal_force nf = mbc_granular_normal(law, law->normal, delta, reff);
    const double gamma = law->cohesion;
    switch (law->normal) {
    case MBC_GRANULAR_HOOKE:
        return 0.5 * law->k_n * delta * delta;
    case MBC_GRANULAR_DMT:
        return 0.4 * law->k_n * nf.a * delta * delta - 4 * MBC_GRANULAR_PI * gamma * reff * delta;
    case MBC_GRANULAR_JKR: {
        const double e = law->e_jkr, a = nf.a;
        const double c = MBC_GRANULAR_2PI * sqrt(4 * gamma * e / MBC_GRANULAR_PI);
        const double s = sqrt(MBC_GRANULAR_PI * gamma / e);
        const double a2 = a * a;
        return 0.4 * law->k_n * a2 * a2 * a / (reff * reff) -
               2.0 / 7.0 * (law->k_n * s + 2 * c) * a2 * a * sqrt(a) / reff +
               MBC_GRANULAR_2PI * gamma * a2;
    }
    default: /* hertz, hertz/material */
        return 0.4 * law->k_n * nf.a * delta * delta;
    }
}

/* The total of an energy vector, in the components' order (the outputs
 * StoredEnergy and DissipatedPower, and an engine's sums). */
static inline double mbc_granular_energy_sum(const double v[MBC_GRANULAR_E_COUNT])
{
    return ((v[0] + v[1]) + v[2]) + v[3];
}

/* The dissipated power of the books: the mechanisms' powers plus the slip
 * and adhesion losses minus the stiffness power (the output
 * DissipatedPower). */
static inline double mbc_granular_power_total(const mbc_granular_energy *e)
{
    return mbc_granular_energy_sum(e->power) +
           ((e->flow[MBC_GRANULAR_F_SLIP] + e->flow[MBC_GRANULAR_F_ADHESION]) -
            e->flow[MBC_GRANULAR_F_STIFFNESS]);
}

/* da/d delta of the law's contact radius a at overlap delta: sqrt(R delta)
 * (hooke, hertz, dmt): R/(2a); jkr, delta = a^2/R - 2 sqrt(pi gamma a/E):
 * 1/(2a/R - sqrt(pi gamma/(E a))). 0 where a = 0. */
static inline double mbc_granular_da_ddelta(const mbc_granular_law *law, double a, double reff)
{
    if (!(a > 0.0))
        return 0.0;
    if (law->normal != MBC_GRANULAR_JKR)
        return 0.5 * reff / a;
    const double slope = 2 * a / reff - sqrt(MBC_GRANULAR_PI * law->cohesion / (law->e_jkr * a));
    return slope != 0.0 ? 1.0 / slope : 0.0;
}

/* The stiffness power (see above) of the tangential and twisting springs
 * with stored energies e_t, e_tw, for da/dt = adot. */
static inline double mbc_granular_stiffness_power(const mbc_granular_law *law, double a,
                                                  double adot, double e_t, double e_tw)
{
    if (!(a > 0.0))
        return 0.0;
    const int t = law->tangential;
    const int mindlin = t >= MBC_GRANULAR_MINDLIN;
    const int force = t == MBC_GRANULAR_MINDLIN_FORCE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    const int rescale =
        t == MBC_GRANULAR_MINDLIN_RESCALE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    double ft = 0.0; /* d ln E_t / d ln a */
    if (mindlin)
        ft = force ? (rescale && adot < 0.0 ? 1.0 : -1.0) : (rescale && adot < 0.0 ? 3.0 : 1.0);
    const double ftw = law->twisting == MBC_GRANULAR_TWIST_MARSHALL ? (mindlin ? 3.0 : 2.0) : 0.0;
    return (ft * e_t + ftw * e_tw) * adot / a;
}

/* The slip and adhesion losses (J) of the step from the start-of-step
 * record start to the law's result res (see above), by the law's own
 * functions; vt the relative tangential velocity as the law takes it. */
static inline double mbc_granular_slip_loss(const mbc_granular_law *law,
                                            const mbc_granular_contact *c, const double *start,
                                            const mbc_granular_result *res, const double vt[3])
{
    mbc_granular_v3 n, vtr, relrot, h, hr;
    for (int i = 0; i < 3; i++) {
        n.v[i] = res->n[i];
        vtr.v[i] = vt[i];
        relrot.v[i] = c->relrot[i];
        h.v[i] = start[MBC_GRANULAR_XI_T + i];
        hr.v[i] = start[MBC_GRANULAR_XI_ROLL + i];
    }
    const int t = law->tangential;
    const int family =
        t == MBC_GRANULAR_LINEAR_NOHISTORY ? MBC_GRANULAR_T_NONE
        : (t == MBC_GRANULAR_MINDLIN_FORCE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE)
            ? MBC_GRANULAR_T_FORCE
            : MBC_GRANULAR_T_DISPLACEMENT;
    const double vrel = sqrt(mbc_granular_dot(vtr, vtr));
    double lost =
        mbc_granular_tangential(law, family, n, vtr, vrel, res->a, law->mu_t * res->fncrit,
                                res->damp_t, h, start[MBC_GRANULAR_A_PREV], 1, c->rsq)
            .slip;
    if (law->rolling == MBC_GRANULAR_ROLL_SDS)
        lost += mbc_granular_rolling(law, n, relrot, c->reff, res->fncrit, hr, 1).slip;
    if (law->twisting != MBC_GRANULAR_TWIST_NONE)
        lost += mbc_granular_twisting(law, law->twisting, n, relrot, res->a, res->k_t, res->damp_t,
                                      res->fncrit, start[MBC_GRANULAR_XI_TWIST], 1)
                    .slip;
    return lost;
}

/* The start-of-step history hist (3) as the law steps from it: scaled by
 * `scale` (a rescale model's unloading), then turned into the tangent
 * plane at its length where the law turns it (granular_tangential.h,
 * granular_rolling.h); k the spring's stiffness, limit its Coulomb limit. */
static inline mbc_granular_v3 mbc_granular_start_history(const double *hist, const double *n,
                                                         double scale, double k, double limit,
                                                         int force_history)
{
    mbc_granular_v3 h, nn;
    for (int i = 0; i < 3; i++) {
        h.v[i] = hist[i] * scale;
        nn.v[i] = n[i];
    }
    const double along = mbc_granular_dot(h, nn);
    const int frame = force_history ? fabs(along) > MBC_GRANULAR_EPSILON * limit
                                    : fabs(along) * k > MBC_GRANULAR_EPSILON * limit;
    return mbc_granular_pick(frame, mbc_granular_projected(h, nn, along), h);
}

/* The springs' terms over a step (see above), the exact split of each
 * spring's energy change from the start-of-step record (history h0,
 * contact radius a0) to the new one (history h1, radius a1):
 *   E(a1, h1) - E(a0, h0) = [E(a1, h0') - E(a0, h0)]
 *                         + [E(a1, h0' + dh) - E(a1, h0')] - slip,
 * with h0' the start history as the law steps it (turned, and shrunk by
 * a1/a0 on a rescale model's unloading; 0 for a new contact), dh the
 * step's increment (v h; the elastic-force history: -k v h) and slip what
 * the Coulomb limit takes. Over the step h the first bracket is the
 * stiffness flow, the second the spring term of the mechanism's power:
 *   tangential  k (h0' + v h/2) . v;  elastic-force history -(h0' - k v h/2) . v
 *   rolling     k_roll (h0' + v_roll h/2) . v_roll
 *   twisting    k_tw (xi0 + Omega h/2) Omega
 * a0 is the record's for the rescale models; the others' is a(delta +
 * v_n h), the overlap one step back at the normal velocity the forces were
 * computed with (that of a velocity-Verlet step's drift), a1 where that
 * is out of touch. v, v_roll, Omega as in the books. */
typedef struct mbc_granular_springs {
    double term[MBC_GRANULAR_E_COUNT]; /* the spring terms, W (normal: 0) */
    double stiffness;                  /* W */
} mbc_granular_springs;

static inline mbc_granular_springs
mbc_granular_springs_of(const mbc_granular_law *law, const mbc_granular_contact *c,
                        const double *start, const mbc_granular_result *res, const double vt[3],
                        double vn, const double vroll[3], double om)
{
    mbc_granular_springs s = {{0.0}, 0.0};
    const double h = law->dt, a1 = res->a, k1 = res->k_t, *n = res->n;
    const int t = law->tangential;
    const int mindlin = t >= MBC_GRANULAR_MINDLIN;
    const int force = t == MBC_GRANULAR_MINDLIN_FORCE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    const int rescale =
        t == MBC_GRANULAR_MINDLIN_RESCALE || t == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    /* a new contact starts from empty springs */
    const double in = start[MBC_GRANULAR_TOUCH] != 0.0 ? 1.0 : 0.0;
    double a0 = rescale ? start[MBC_GRANULAR_A_PREV]
                        : mbc_granular_normal(law, law->normal, res->delta + vn * h, c->reff).a;
    a0 = a0 > 0.0 ? a0 : a1; /* out of touch one step back (a NaN too) */
    const double k0 = mindlin && a1 > 0.0 ? k1 * a0 / a1 : k1;
    double stiffness = 0.0; /* J */
    if (t != MBC_GRANULAR_LINEAR_NOHISTORY) {
        const double *hist = start + MBC_GRANULAR_XI_T;
        const double shrink =
            rescale && a1 < start[MBC_GRANULAR_A_PREV] ? a1 / start[MBC_GRANULAR_A_PREV] : 1.0;
        const mbc_granular_v3 h0 =
            mbc_granular_start_history(hist, n, in * shrink, k1, law->mu_t * res->fncrit, force);
        const double l0 = in * (hist[0] * hist[0] + hist[1] * hist[1] + hist[2] * hist[2]);
        const double l1 = mbc_granular_dot(h0, h0);
        const double hv = h0.v[0] * vt[0] + h0.v[1] * vt[1] + h0.v[2] * vt[2];
        const double v2 = vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2];
        if (force) {
            s.term[MBC_GRANULAR_E_TANGENTIAL] = -(hv - 0.5 * k1 * v2 * h);
            stiffness += (k1 > 0.0 ? 0.5 * l1 / k1 : 0.0) - (k0 > 0.0 ? 0.5 * l0 / k0 : 0.0);
        } else {
            s.term[MBC_GRANULAR_E_TANGENTIAL] = k1 * (hv + 0.5 * v2 * h);
            stiffness += 0.5 * (k1 * l1 - k0 * l0);
        }
    }
    if (law->rolling == MBC_GRANULAR_ROLL_SDS) {
        const mbc_granular_v3 h0 = mbc_granular_start_history(
            start + MBC_GRANULAR_XI_ROLL, n, in, law->k_roll, law->mu_roll * res->fncrit, 0);
        double hv = 0.0, v2 = 0.0;
        for (int i = 0; i < 3; i++) {
            hv += h0.v[i] * vroll[i];
            v2 += vroll[i] * vroll[i];
        }
        s.term[MBC_GRANULAR_E_ROLLING] = law->k_roll * (hv + 0.5 * v2 * h);
    }
    if (law->twisting != MBC_GRANULAR_TWIST_NONE) {
        const int marshall = law->twisting == MBC_GRANULAR_TWIST_MARSHALL;
        const double ktw1 = marshall ? 0.5 * k1 * a1 * a1 : law->k_twist;
        const double ktw0 = marshall ? 0.5 * k0 * a0 * a0 : law->k_twist;
        const double x0 = in * start[MBC_GRANULAR_XI_TWIST];
        s.term[MBC_GRANULAR_E_TWISTING] = ktw1 * (x0 + 0.5 * om * h) * om;
        stiffness += 0.5 * (ktw1 - ktw0) * x0 * x0;
    }
    s.stiffness = stiffness / h;
    return s;
}

/* The springs' terms at an instant, for a force evaluation without a step:
 * the spring terms k xi . v at the new record (the elastic-force history:
 * -xi . v) and the stiffness power dE/da da/dt. */
static inline mbc_granular_springs
mbc_granular_springs_now(const mbc_granular_law *law, const mbc_granular_contact *c,
                         const double *rec, const mbc_granular_result *res, const double vt[3],
                         double vn, const double vroll[3], double om, const double stored[])
{
    mbc_granular_springs s = {{0.0}, 0.0};
    const double *xi = rec + MBC_GRANULAR_XI_T;
    const double xiv = xi[0] * vt[0] + xi[1] * vt[1] + xi[2] * vt[2];
    if (law->tangential == MBC_GRANULAR_MINDLIN_FORCE ||
        law->tangential == MBC_GRANULAR_MINDLIN_RESCALE_FORCE)
        s.term[MBC_GRANULAR_E_TANGENTIAL] = -xiv; /* d xi/dt = -k v_t,rel */
    else if (law->tangential != MBC_GRANULAR_LINEAR_NOHISTORY)
        s.term[MBC_GRANULAR_E_TANGENTIAL] = res->k_t * xiv; /* d xi/dt = v_t,rel */
    if (law->rolling == MBC_GRANULAR_ROLL_SDS) {
        const double *xr = rec + MBC_GRANULAR_XI_ROLL;
        s.term[MBC_GRANULAR_E_ROLLING] =
            law->k_roll * (xr[0] * vroll[0] + xr[1] * vroll[1] + xr[2] * vroll[2]);
    }
    if (law->twisting != MBC_GRANULAR_TWIST_NONE) {
        const double ktw = law->twisting == MBC_GRANULAR_TWIST_MARSHALL
                               ? 0.5 * res->k_t * res->a * res->a
                               : law->k_twist;
        s.term[MBC_GRANULAR_E_TWISTING] = ktw * rec[MBC_GRANULAR_XI_TWIST] * om;
    }
    const double adot = -vn * mbc_granular_da_ddelta(law, res->a, c->reff);
    s.stiffness = mbc_granular_stiffness_power(law, res->a, adot, stored[MBC_GRANULAR_E_TANGENTIAL],
                                               stored[MBC_GRANULAR_E_TWISTING]);
    return s;
}

/* The energy books of contact c after the law: res its result, rec its new
 * record (the history the forces were computed with), start the record at
 * the start of the step (NULL: a force evaluation without a step, no slip
 * or adhesion losses, the springs' terms at the instant). */
static inline mbc_granular_energy mbc_granular_energy_of(const mbc_granular_law *law,
                                                         const mbc_granular_contact *c,
                                                         const double *start, const double *rec,
                                                         const mbc_granular_result *res)
{
    mbc_granular_energy e = {{0.0}, {0.0}, {0.0}};
    const int stepped = start != NULL && law->dt > 0.0;
    /* jkr's jumps; at gamma = 0 jkr is hertz: no jumps (E_n(0) = 0 there, where
     * the closed form of a is 0/0) */
    const int jkr = law->normal == MBC_GRANULAR_JKR && law->cohesion > 0.0;
    const int touched = stepped && start[MBC_GRANULAR_TOUCH] != 0.0;
    if (!res->touching) {
        /* jkr's pull-off: E_n(delta_c) leaves the books over the step */
        if (jkr && touched)
            e.flow[MBC_GRANULAR_F_ADHESION] =
                mbc_granular_normal_energy(law, mbc_granular_jkr_pulloff(law, c->reff), c->reff) /
                law->dt;
        return e;
    }
    const double *n = res->n;
    const double delta = res->delta;
    /* normal: the elastic part F_ne of the law's normal kernel */
    const mbc_granular_normal_force nf = mbc_granular_normal(law, law->normal, delta, c->reff);
    const double vn = c->vr[0] * n[0] + c->vr[1] * n[1] + c->vr[2] * n[2];
    e.stored[MBC_GRANULAR_E_NORMAL] = mbc_granular_normal_energy(law, delta, c->reff);
    e.power[MBC_GRANULAR_E_NORMAL] = -(res->f_n - nf.fne) * vn;

    /* tangential: v_t,rel as the law takes it, v_c where the friction acts
     * (the spheres' angular velocities from wr = r_a w_a + r_b w_b and
     * relrot = w_a - w_b; a wall: shift 0, v_c = v_t,rel) */
    double vt[3], vc[3], wsum[3] = {0.0, 0.0, 0.0};
    if (c->shift != 0.0)
        for (int i = 0; i < 3; i++)
            wsum[i] = (2 * c->wr[i] + (c->r_b - c->r_a) * c->relrot[i]) / (c->r_a + c->r_b);
    const double sd = c->shift * delta;
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const double vti = c->vr[i] - n[i] * vn;
        vt[i] = vti - (n[k] * c->wr[j] - n[j] * c->wr[k]);
        vc[i] = vt[i] + sd * (n[k] * wsum[j] - n[j] * wsum[k]);
    }
    const double *xi = rec + MBC_GRANULAR_XI_T;
    const double xi2 = xi[0] * xi[0] + xi[1] * xi[1] + xi[2] * xi[2];
    const double k = res->k_t;
    if (law->tangential == MBC_GRANULAR_MINDLIN_FORCE ||
        law->tangential == MBC_GRANULAR_MINDLIN_RESCALE_FORCE)
        e.stored[MBC_GRANULAR_E_TANGENTIAL] = k > 0.0 ? 0.5 * xi2 / k : 0.0;
    else if (law->tangential != MBC_GRANULAR_LINEAR_NOHISTORY)
        e.stored[MBC_GRANULAR_E_TANGENTIAL] = 0.5 * k * xi2;
    const double *ft = res->f_t;
    const double ftvc = ft[0] * vc[0] + ft[1] * vc[1] + ft[2] * vc[2];
    /* the rolling velocity R* (w_a - w_b) x n and the twisting rate Omega_t */
    const double *w = c->relrot;
    double vroll[3], frv = 0.0;
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, kk = (i + 2) % 3;
        vroll[i] = c->reff * (w[j] * n[kk] - w[kk] * n[j]);
    }
    const double om = w[0] * n[0] + w[1] * n[1] + w[2] * n[2];
    if (law->rolling == MBC_GRANULAR_ROLL_SDS) {
        const double *xr = rec + MBC_GRANULAR_XI_ROLL, *fr = res->f_roll;
        frv = fr[0] * vroll[0] + fr[1] * vroll[1] + fr[2] * vroll[2];
        e.stored[MBC_GRANULAR_E_ROLLING] =
            0.5 * law->k_roll * (xr[0] * xr[0] + xr[1] * xr[1] + xr[2] * xr[2]);
    }
    if (law->twisting != MBC_GRANULAR_TWIST_NONE) {
        const double ktw =
            law->twisting == MBC_GRANULAR_TWIST_MARSHALL ? 0.5 * k * res->a * res->a : law->k_twist;
        const double x = rec[MBC_GRANULAR_XI_TWIST];
        e.stored[MBC_GRANULAR_E_TWISTING] = 0.5 * ktw * x * x;
    }

    /* each mechanism's power: the work its forces take, less its spring
     * term (sliding: the slip flow holds the rest) */
    mbc_granular_springs sp =
        stepped ? mbc_granular_springs_of(law, c, start, res, vt, vn, vroll, om)
                : mbc_granular_springs_now(law, c, rec, res, vt, vn, vroll, om, e.stored);
    /* a step's split that overflows (a step of a denormal length, a contact
     * radius at underflow): the rates at the instant */
    double split = sp.stiffness;
    for (int i = 0; i < MBC_GRANULAR_E_COUNT; i++)
        split += sp.term[i];
    if (stepped && !isfinite(split))
        sp = mbc_granular_springs_now(law, c, rec, res, vt, vn, vroll, om, e.stored);
    e.power[MBC_GRANULAR_E_TANGENTIAL] = -ftvc - sp.term[MBC_GRANULAR_E_TANGENTIAL];
    e.power[MBC_GRANULAR_E_ROLLING] = -frv - sp.term[MBC_GRANULAR_E_ROLLING];
    e.power[MBC_GRANULAR_E_TWISTING] = -res->m_twist * om - sp.term[MBC_GRANULAR_E_TWISTING];

    /* the flows: stiffness, slip and adhesion */
    e.flow[MBC_GRANULAR_F_STIFFNESS] = sp.stiffness;
    if (stepped) {
        e.flow[MBC_GRANULAR_F_SLIP] = mbc_granular_slip_loss(law, c, start, res, vt) / law->dt;
        if (jkr && !touched) /* snap-in: E_n(0) enters the books */
            e.flow[MBC_GRANULAR_F_ADHESION] =
                -mbc_granular_normal_energy(law, 0.0, c->reff) / law->dt;
    }
    return e;
}

#endif /* MBC_RUNTIME_GRANULAR_ENERGY_H */
