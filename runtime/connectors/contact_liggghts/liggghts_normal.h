/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's normal models: hertz (normal_model_hertz.h) and hooke
 * (normal_model_hooke.h) of LIGGGHTS 3.8, their stiffnesses, their damping
 * from the coefficient of restitution and the normal force (liggghts_law.h
 * has the conventions).
 *
 * hertz: k_n = 4/3 Y* sqrt(R* delta), k_t = 8 G* sqrt(R* delta),
 *   gamma = -2 sqrt(5/6) beta sqrt(S m*) with S_n = 2 Y* sqrt(R* delta),
 *   S_t = 8 G* sqrt(R* delta) (Tsuji et al. with the Hertz stiffness);
 * hooke: k_n = 16/15 sqrt(R*) Y* (15 m* v_c^2 / (16 sqrt(R*) Y*))^(1/5)
 *   (the linear spring of a Hertzian contact's peak overlap at the impact
 *   speed v_c), k_t = k_n (2/7 k_n with ktToKn),
 *   gamma_n = sqrt(4 m* k_n ln^2 e / (ln^2 e + pi^2)), gamma_t = gamma_n;
 * gamma_t = 0 without tangential damping; F_n = k_n delta - gamma_n v_n,
 * not below 0 with limitForce. */
#ifndef MBC_RUNTIME_LIGGGHTS_NORMAL_H
#define MBC_RUNTIME_LIGGGHTS_NORMAL_H

#include <math.h>

#include "liggghts_motion.h"

/* The normal model's stiffnesses, damping and force of one contact. */
typedef struct lg_normal {
    double kn, kt, gamman, gammat, fn;
} lg_normal;

/* sqrt(5/6), LIGGGHTS's sqrtFiveOverSix */
#define LG_SQRT_FIVE_SIXTHS 0.91287092917527685576161630466800355658790782499663875

LG_INLINE lg_normal lg_hertz(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                             const lg_motion *m)
{
    lg_normal n = {0}; /* fn: lg_normal_force's */
    const double sqrtval = sqrt(m->reff * m->deltan);
    const double sn = 2. * L->y_eff * sqrtval;
    const double st = 8. * L->g_eff * sqrtval;
    n.kn = 4. / 3. * L->y_eff * sqrtval;
    n.kt = st;
    n.gamman = -2. * LG_SQRT_FIVE_SIXTHS * L->beta * sqrt(sn * c->meff);
    n.gammat =
        L->tangential_damping ? -2. * LG_SQRT_FIVE_SIXTHS * L->beta * sqrt(st * c->meff) : 0.0;
    return n;
}

/* ln e of viscous hooke for the contact's Stokes number
 * St = m* v_n / (6 pi mu_f R*^2) (Legendre et al.: e = e_max exp(-St_c / St)).
 * LIGGGHTS 3.8 takes St signed (v_n < 0 while the spheres approach), which
 * is the documented law while they approach and its reverse while they
 * part; the documented form takes |St|. */
LG_INLINE double lg_viscous_log_e(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                                  const lg_motion *m)
{
    const double stokes = c->meff * m->vn / (6.0 * LG_PI * L->viscosity * m->reff * m->reff);
    if (L->liggghts38)
        return L->log_e_max + L->critical_stokes / stokes;
    return L->log_e_max - L->critical_stokes / fabs(stokes);
}

LG_INLINE lg_normal lg_hooke(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                             const lg_motion *m)
{
    lg_normal n = {0}; /* fn: lg_normal_force's */
    const double sqrtval = sqrt(m->reff);
    const double meff = c->meff, v = L->char_vel;
    n.kn = 16. / 15. * sqrtval * (L->y_eff) *
           pow(15. * meff * v * v / (16. * sqrtval * L->y_eff), 0.2);
    n.kt = n.kn * L->kt_factor;
    if (L->viscous && !L->liggghts38) {
        /* the documented form, 4 m* k_n / (1 + (pi / ln e)^2): finite for
         * St -> 0, where ln e -> -inf (3.8's form is inf / inf there) */
        const double q = LG_PI / lg_viscous_log_e(L, c, m);
        n.gamman = sqrt(4. * meff * n.kn / (1. + q * q));
    } else {
        const double log_e = L->viscous ? lg_viscous_log_e(L, c, m) : L->log_e;
        const double log_sq = log_e * log_e;
        n.gamman = sqrt(4. * meff * n.kn * log_sq / (log_sq + LG_PI * LG_PI));
    }
    n.gammat = L->tangential_damping ? n.gamman : 0.0;
    return n;
}

/* The normal force F_n along en (> 0 repulsive). */
LG_INLINE double lg_normal_force(const mbc_liggghts_law *L, const lg_normal *n, const lg_motion *m)
{
    const double fn_damping = -n->gamman * m->vn;
    const double fn_contact = n->kn * m->deltan;
    double fn = fn_damping + fn_contact;
    if (L->limit_force && fn < 0.0)
        fn = 0.0;
    return fn;
}

#endif
