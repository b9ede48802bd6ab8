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
 *               center); sliding: the spring held at the limit, -F_t . v_c
 *   rolling     -F_r . v_roll - k_roll xi_roll . v_roll (sliding: no spring term)
 *   twisting    -M_t Omega_t - k_tw xi_tw Omega_t (sliding: no spring term)
 *
 * Internal to the runtime. */
#ifndef MBC_RUNTIME_GRANULAR_ENERGY_H
#define MBC_RUNTIME_GRANULAR_ENERGY_H

#include "granular_normal.h"

/* Components of the energy vectors (the outputs' order). */
enum {
    MBC_GRANULAR_E_NORMAL = 0,
    MBC_GRANULAR_E_TANGENTIAL = 1,
    MBC_GRANULAR_E_ROLLING = 2,
    MBC_GRANULAR_E_TWISTING = 3,
    MBC_GRANULAR_E_COUNT = 4
};

typedef struct mbc_granular_energy {
    double stored[MBC_GRANULAR_E_COUNT]; /* J */
    double power[MBC_GRANULAR_E_COUNT];  /* dissipated, W */
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

/* Whether a spring-dashpot-slider force of magnitude^2 mag2 is at its limit
 * crit (the law scaled it: the contact slides). */
static inline int mbc_granular_at_limit(double mag2, double crit)
{
    return mag2 >= crit * crit * (1.0 - 1e-12);
}

/* The energy books of contact c after the law: res its result, rec its new
 * record (the history the forces were computed with). */
static inline mbc_granular_energy mbc_granular_energy_of(const mbc_granular_law *law,
                                                         const mbc_granular_contact *c,
                                                         const double *rec,
                                                         const mbc_granular_result *res)
{
    mbc_granular_energy e = {{0.0}, {0.0}};
    if (!res->touching)
        return e;
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
    const double *ft = res->f_t;
    const double ftvc = ft[0] * vc[0] + ft[1] * vc[1] + ft[2] * vc[2];
    const double *xi = rec + MBC_GRANULAR_XI_T;
    const double xi2 = xi[0] * xi[0] + xi[1] * xi[1] + xi[2] * xi[2];
    const double xiv = xi[0] * vt[0] + xi[1] * vt[1] + xi[2] * vt[2];
    const double k = res->k_t;
    const double ft2 = ft[0] * ft[0] + ft[1] * ft[1] + ft[2] * ft[2];
    const int t_slides = mbc_granular_at_limit(ft2, law->mu_t * res->fncrit);
    double spring = 0.0; /* dE_t/dt while the contact sticks */
    if (law->tangential == MBC_GRANULAR_MINDLIN_FORCE ||
        law->tangential == MBC_GRANULAR_MINDLIN_RESCALE_FORCE) {
        e.stored[MBC_GRANULAR_E_TANGENTIAL] = k > 0.0 ? 0.5 * xi2 / k : 0.0;
        spring = -xiv; /* d xi/dt = -k v_t,rel */
    } else if (law->tangential != MBC_GRANULAR_LINEAR_NOHISTORY) {
        e.stored[MBC_GRANULAR_E_TANGENTIAL] = 0.5 * k * xi2;
        spring = k * xiv; /* d xi/dt = v_t,rel */
    }
    e.power[MBC_GRANULAR_E_TANGENTIAL] = -ftvc - (t_slides ? 0.0 : spring);

    /* rolling sds */
    if (law->rolling == MBC_GRANULAR_ROLL_SDS) {
        const double *w = c->relrot, *xr = rec + MBC_GRANULAR_XI_ROLL, *fr = res->f_roll;
        double vroll[3], xr2 = 0.0, xrv = 0.0, frv = 0.0, fr2 = 0.0;
        for (int i = 0; i < 3; i++) {
            const int j = (i + 1) % 3, kk = (i + 2) % 3;
            vroll[i] = c->reff * (w[j] * n[kk] - w[kk] * n[j]);
        }
        for (int i = 0; i < 3; i++) {
            xr2 += xr[i] * xr[i];
            xrv += xr[i] * vroll[i];
            frv += fr[i] * vroll[i];
            fr2 += fr[i] * fr[i];
        }
        const int slides = mbc_granular_at_limit(fr2, law->mu_roll * res->fncrit);
        e.stored[MBC_GRANULAR_E_ROLLING] = 0.5 * law->k_roll * xr2;
        e.power[MBC_GRANULAR_E_ROLLING] = -frv - (slides ? 0.0 : law->k_roll * xrv);
    }

    /* twisting sds or marshall */
    if (law->twisting != MBC_GRANULAR_TWIST_NONE) {
        const double om = c->relrot[0] * n[0] + c->relrot[1] * n[1] + c->relrot[2] * n[2];
        const int marshall = law->twisting == MBC_GRANULAR_TWIST_MARSHALL;
        const double ktw = marshall ? 0.5 * k * res->a * res->a : law->k_twist;
        const double mu = marshall ? 2.0 / 3.0 * res->a * law->mu_t : law->mu_twist;
        const double h = rec[MBC_GRANULAR_XI_TWIST], m = res->m_twist;
        const int slides = mbc_granular_at_limit(m * m, mu * res->fncrit);
        e.stored[MBC_GRANULAR_E_TWISTING] = 0.5 * ktw * h * h;
        e.power[MBC_GRANULAR_E_TWISTING] = -m * om - (slides ? 0.0 : ktw * h * om);
    }
    return e;
}

#endif /* MBC_RUNTIME_GRANULAR_ENERGY_H */
