/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactSphereSphere in place on a particle engine's arrays
 * (mbconnect/pair_eval.h, spec key `kernel = true`): the type's one kernel
 * (contact_sphere_sphere_kernel.h) instantiated once for every combination
 * of the choices a run fixes, so that no pair branches on them:
 *   impact model: elastic (EAPM with lambda_P = 0), EAPM, restitution
 *   (Hunt-Crossley or mixed) x friction: off (mu_d = 0) or on x the
 *   exponent's form: 1, 1.5, 2 (x, x sqrt x, x^2) or general (pow) x
 *   PostNewtonStep then forces, or the forces of the stored data;
 * plus the inactive connector (no forces, data kept). The call picks its
 * loop once (mbc_contact_sphere_sphere_pair_evaluate). Each loop reads the
 * engine's arrays by index, runs the kernel and adds into the engine's
 * arrays (mbconnect/pair_kernel.h, MBC_PAIR_KERNEL_LOOP): no columns. */
#include "mbconnect/generated/contact_sphere_sphere.h"

#include "contact_sphere_sphere.h"
#include "contact_sphere_sphere_kernel.h"
#include "mbconnect/pair_kernel.h"

#define SS_TYPE "ContactSphereSphere"

typedef size_t (*ss_loop)(const ss_law *law, const mbc_pair_call *call, mbc_pair_sums *sums);

/* The kernel NAME_k with the choices as constants, and its two loops. */
#define SS_LOOPS(NAME, EXPO, ADH, MODEL, FRICTION)                                                 \
    SS_INLINE mbc_pair_out NAME##_k(const ss_law *L, const mbc_pair_in in, const double *start,    \
                                    double *now, const int post_newton, const int plain)           \
    {                                                                                              \
        return ss_pair(L, in, start, now, post_newton, plain, EXPO, ADH, MODEL, FRICTION);         \
    }                                                                                              \
    MBC_PAIR_KERNEL_LOOP(NAME##_pns, ss_law, NAME##_k, 1, 0, 0, 4)                                 \
    MBC_PAIR_KERNEL_LOOP(NAME##_keep, ss_law, NAME##_k, 0, 0, 0, 4)

/* The loops that also sum the energy books (outputs StoredEnergy and
 * DissipatedPower, indices 6 and 7: OUTPUTS 8), in the general exponent
 * form only (the same numbers; an engine asks for them on request). */
#define SS_ENERGY_LOOPS(NAME, MODEL, FRICTION)                                                     \
    SS_INLINE mbc_pair_out NAME##_k(const ss_law *L, const mbc_pair_in in, const double *start,    \
                                    double *now, const int post_newton, const int plain)           \
    {                                                                                              \
        return ss_pair_energy(L, in, start, now, post_newton, plain, SS_EXP_GENERAL,               \
                              SS_EXP_GENERAL, MODEL, FRICTION);                                    \
    }                                                                                              \
    MBC_PAIR_KERNEL_LOOP(NAME##_pns, ss_law, NAME##_k, 1, 0, MBC_PAIR_OUTPUT_MAX, 4)               \
    MBC_PAIR_KERNEL_LOOP(NAME##_keep, ss_law, NAME##_k, 0, 0, MBC_PAIR_OUTPUT_MAX, 4)

SS_ENERGY_LOOPS(ss_energy_elastic_off, SS_MODEL_ELASTIC, SS_FRICTION_OFF)
SS_ENERGY_LOOPS(ss_energy_elastic_on, SS_MODEL_ELASTIC, SS_FRICTION_ON)
SS_ENERGY_LOOPS(ss_energy_plastic_off, SS_MODEL_PLASTIC, SS_FRICTION_OFF)
SS_ENERGY_LOOPS(ss_energy_plastic_on, SS_MODEL_PLASTIC, SS_FRICTION_ON)
SS_ENERGY_LOOPS(ss_energy_rest_off, SS_MODEL_RESTITUTION, SS_FRICTION_OFF)
SS_ENERGY_LOOPS(ss_energy_rest_on, SS_MODEL_RESTITUTION, SS_FRICTION_ON)

/* [model - SS_MODEL_ELASTIC][friction][post_newton] */
static const ss_loop ss_energy_loops[3][2][2] = {
    {{ss_energy_elastic_off_keep, ss_energy_elastic_off_pns},
     {ss_energy_elastic_on_keep, ss_energy_elastic_on_pns}},
    {{ss_energy_plastic_off_keep, ss_energy_plastic_off_pns},
     {ss_energy_plastic_on_keep, ss_energy_plastic_on_pns}},
    {{ss_energy_rest_off_keep, ss_energy_rest_off_pns},
     {ss_energy_rest_on_keep, ss_energy_rest_on_pns}},
};

/* The four exponent forms of one model and friction (the EAPM adhesion
 * exponent: blended with a fast n_exp, which needs it in {1, 1.5, 2}). */
#define SS_EXPONENTS(NAME, MODEL, FRICTION)                                                        \
    SS_LOOPS(NAME##_e1, SS_EXP_1, SS_EXP_BLEND, MODEL, FRICTION)                                   \
    SS_LOOPS(NAME##_e15, SS_EXP_15, SS_EXP_BLEND, MODEL, FRICTION)                                 \
    SS_LOOPS(NAME##_e2, SS_EXP_2, SS_EXP_BLEND, MODEL, FRICTION)                                   \
    SS_LOOPS(NAME##_eg, SS_EXP_GENERAL, SS_EXP_GENERAL, MODEL, FRICTION)

SS_EXPONENTS(ss_elastic_off, SS_MODEL_ELASTIC, SS_FRICTION_OFF)
SS_EXPONENTS(ss_elastic_on, SS_MODEL_ELASTIC, SS_FRICTION_ON)
SS_EXPONENTS(ss_plastic_off, SS_MODEL_PLASTIC, SS_FRICTION_OFF)
SS_EXPONENTS(ss_plastic_on, SS_MODEL_PLASTIC, SS_FRICTION_ON)
SS_EXPONENTS(ss_rest_off, SS_MODEL_RESTITUTION, SS_FRICTION_OFF)
SS_EXPONENTS(ss_rest_on, SS_MODEL_RESTITUTION, SS_FRICTION_ON)
MBC_PAIR_KERNEL_LOOP(ss_inactive_pns, ss_law, ss_pair_inactive, 1, 0, 0, 4)
MBC_PAIR_KERNEL_LOOP(ss_inactive_keep, ss_law, ss_pair_inactive, 0, 0, 0, 4)

/* [model - SS_MODEL_ELASTIC][friction][exponent form][post_newton] */
#define SS_FORMS(NAME)                                                                             \
    {                                                                                              \
        {NAME##_e1_keep, NAME##_e1_pns}, {NAME##_e15_keep, NAME##_e15_pns},                        \
            {NAME##_e2_keep, NAME##_e2_pns}, {NAME##_eg_keep, NAME##_eg_pns},                      \
    }
static const ss_loop ss_loops[3][2][4][2] = {
    {SS_FORMS(ss_elastic_off), SS_FORMS(ss_elastic_on)},
    {SS_FORMS(ss_plastic_off), SS_FORMS(ss_plastic_on)},
    {SS_FORMS(ss_rest_off), SS_FORMS(ss_rest_on)},
};

/* The form of exponent n: 0, 1, 2 for 1, 1.5, 2; 3 for any other (pow). */
static int ss_form(double n)
{
    return n == 1.0 ? 0 : n == 1.5 ? 1 : n == 2.0 ? 2 : 3;
}

/* The loop for L (the choices of the parameters) and the call (energy:
 * it sums the energy books). */
static ss_loop ss_pick(const ss_law *L, int post_newton, int energy)
{
    if (!L->active)
        return post_newton ? ss_inactive_pns : ss_inactive_keep;
    if (energy)
        return ss_energy_loops[L->model - SS_MODEL_ELASTIC][L->mu != 0.0][post_newton != 0];
    int form = ss_form(L->n_exp.n);
    if (L->model == SS_MODEL_PLASTIC && ss_form(L->n_adh.n) == 3)
        form = 3; /* the adhesion power needs pow: the general form for both */
    const int friction = L->mu != 0.0 ? SS_FRICTION_ON : SS_FRICTION_OFF;
    return ss_loops[L->model - SS_MODEL_ELASTIC][friction][form][post_newton != 0];
}

mbc_status mbc_contact_sphere_sphere_pair_evaluate(const mbc_contact_sphere_sphere_params *p,
                                                   const mbc_pair_call *call, mbc_pair_sums *sums,
                                                   mbc_error *err)
{
    mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st == MBC_OK) {
        /* the scalar outputs StoredEnergy and DissipatedPower (6, 7) */
        st = mbc_pair_kernel_outputs(err, SS_TYPE, sums, MBC_PAIR_OUTPUT_MAX);
    }
    if (st != MBC_OK)
        return st;
    ss_law L;
    ss_law_init(&L, p, SS_LAW_LOOPS);
    const int energy = sums->output_count > 0;
    const size_t bad =
        ss_pick(&L, (call->flags & MBC_PAIR_POST_NEWTON) != 0, energy)(&L, call, sums);
    if (bad < call->count)
        return mbc_pair_kernel_fail(err, SS_TYPE, call, sums, bad, "normal force not finite");
    return MBC_OK;
}

_Static_assert(MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY < MBC_PAIR_OUTPUT_MAX &&
                   MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER < MBC_PAIR_OUTPUT_MAX,
               "the energy loops return StoredEnergy and DissipatedPower among their outputs");
