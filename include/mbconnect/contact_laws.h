/* SPDX-License-Identifier: BSD-3-Clause */
/* Normal contact laws.
 *
 * - Linear spring-damper (seed ContactFrictionCircleCable2D, "contactforce").
 * - Edinburgh adhesive elasto-plastic model, EAPM (seed ContactSphereSphere,
 *   impactModel 0; physics-notes.md, ContactSphereSphere).
 * - Hunt-Crossley (impactModel 1) and the Gonthier / Carvalho-Martins mixed
 *   restitution law (impactModel 2), with the impact-velocity rule of the notes.
 *
 * Overlap delta = -gap in m (> 0 in contact), forces in N, stiffness k_c in
 * N/m^n_exp, exponents dimensionless.
 */
#ifndef MBCONNECT_CONTACT_LAWS_H
#define MBCONNECT_CONTACT_LAWS_H

#include "mbconnect/connector.h"
#include "mbconnect/export.h"

/* Linear spring-damper f = k g + d v (seed: f_n = k_c g + d_c v_n; negative in
 * contact, LHS sign of ContactFrictionCircleCable2D). k in N/m, d in N s/m. */
MBC_API double mbc_linear_spring_damper(double k, double d, double g, double v);

/* Contact power x^n extended oddly to x < 0: sign(x) |x|^n (0 for x == 0).
 * For x >= 0 this is x^n. The odd extension keeps the force finite and
 * continuous when a force evaluation (no switching) sees a slightly negative
 * overlap. n == 1 and n == 1.5 avoid pow (x and x sqrt|x|); n == 2 too. */
MBC_API double mbc_contact_power(double x, double n);

/* Parameters of the EAPM (seed ContactSphereSphere parameter names). */
struct mbc_eapm_params {
    double k_c;      /* contactStiffness, N/m^n_exp */
    double n_exp;    /* contactStiffnessExponent (> 0) */
    double lambda_p; /* contactPlasticityRatio in [0, 1); 0 switches EAPM off */
    double f_adh;    /* constantPullOffForce, N */
    double k_adh;    /* adhesionCoefficient, N/m^n_adh */
    double n_adh;    /* adhesionExponent */
};

/* EAPM branch returned by mbc_eapm_force. */
#define MBC_EAPM_ELASTIC   0 /* lambda_p == 0: f_c = k_c delta^n_exp (adhesion off) */
#define MBC_EAPM_LOADING   1 /* k2 (delta^n - delta_p^n) >= k_c delta^n */
#define MBC_EAPM_UNLOADING 2 /* k_c delta^n > k2 (delta^n - delta_p^n) > -k_adh delta^n_adh */
#define MBC_EAPM_ADHESION  3 /* -k_adh delta^n_adh >= k2 (delta^n - delta_p^n) */

/* Elastic EAPM force f_c (N, positive = repulsive, acting along n on marker 1),
 * seed ContactSphereSphere impactModel 0, with k2 = k_c / (1 - lambda_p):
 *   loading:    -f_adh + k_c delta^n_exp
 *   unloading:  -f_adh + k2 (delta^n_exp - delta_p^n_exp)
 *   adhesion:   -f_adh - k_adh delta^n_adh
 * lambda_p == 0: plain k_c delta^n_exp (notes: adhesion terms off).
 * The branches meet continuously (f_c = -f_adh + clamp of the unloading term).
 * The boundary between unloading and adhesion (equality, not covered by the
 * seed) is assigned to adhesion; both give the same value there.
 * delta: current overlap; delta_p: plastic overlap (data[3]); powers via
 * mbc_contact_power. Writes *branch if not NULL.
 * Returns MBC_OK, or MBC_ERR_VALUE (f_c = 0) when
 * lambda_p is outside [0, 1) or n_exp <= 0. */
MBC_API mbc_status mbc_eapm_force(const struct mbc_eapm_params *p, double delta, double delta_p,
                                  double *f_c, int *branch);

/* Plastic overlap update (notes, PostNewtonStep data[3]):
 *   delta_p = max(lambda_p^(1/n_exp) delta, delta_p_previous).
 * n_exp == 1 and 1.5 avoid pow (lambda_p and cbrt(lambda_p^2)).
 * lambda_p outside (0, 1) or n_exp <= 0 gives delta_p_previous (model off / invalid).
 * Only the EAPM (impact model 0) validates lambda_p < 1; other models may pass any value. */
MBC_API double mbc_eapm_plastic_overlap(double lambda_p, double n_exp, double delta,
                                        double delta_p_previous);

/* Impact velocity of the restitution models (m/s):
 *   delta-dot-minus = max(minimumImpactVelocity, data[2]). */
MBC_API double mbc_impact_velocity(double minimum_impact_velocity, double stored_impact_velocity);

/* Restitution impact models. */
#define MBC_IMPACT_EAPM          0
#define MBC_IMPACT_HUNT_CROSSLEY 1
#define MBC_IMPACT_MIXED         2

/* Hysteresis damping factor lambda (N s/m^(n_exp+1)) of the restitution models,
 * v = delta-dot-minus (m/s), e = restitution coefficient:
 *   model 1 (Hunt-Crossley):  lambda = k_c / v * 3/2 (e - 1)
 *   model 2, e > 1/3 (Carvalho-Martins):  k_c / v * 3/2 (e - 1) (11 - e)/(1 + 9 e)
 *   model 2, e <= 1/3 (Gonthier):         k_c / v * (e^2 - 1)/e
 *   model 0: lambda = 0.
 * v == 0: lambda = 0 (term skipped, notes). Continuous in e at e = 1/3
 * (both -8/3 k_c/v); zero at e = 1.
 * Returns MBC_OK, or MBC_ERR_VALUE (lambda = 0) for e <= 0 or an unknown model. */
MBC_API mbc_status mbc_restitution_lambda(int model, double k_c, double e, double impact_velocity,
                                          double *lambda);

/* Elastic + hysteresis force of the restitution models (N, positive = repulsive):
 *   f_c = k_c delta^n_exp + lambda delta^n_exp v_n
 * with v_n the gap velocity (m/s, > 0 separating). */
MBC_API double mbc_restitution_force(double k_c, double n_exp, double lambda, double delta,
                                     double v_n);

#endif /* MBCONNECT_CONTACT_LAWS_H */
