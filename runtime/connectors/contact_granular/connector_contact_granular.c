/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular: hooks forces, post_newton_step, outputs and the
 * parameter checks mbc_contact_granular_check_*.
 *
 * Specification: specs/ContactGranular.lua (the theory) and
 * docs/physics-granular.rst; the law is granular_stages.h with its sub-models, evaluated
 * through the instance of its model combination (granular_kernels.h).
 *
 * Units: SI. Vectors are global. Marker m0 is the center of sphere a
 * (LAMMPS's atom i), m1 that of sphere b; n points from b to a. Forces and
 * torques returned are the physical ones acting ON each marker.
 *
 * Data coordinates: the record of granular_law.h (touching flag,
 * tangential, rolling and twisting history, previous contact radius).
 * PostNewtonStep applies the contact test to the start-of-step record and
 * steps the history by timeStep (LAMMPS's force computation in a time
 * step); force evaluation and outputs evaluate the law with the current
 * record and no step (LAMMPS's setup computation). */
#include "mbconnect/generated/contact_granular.h"

#include "contact_granular.h"
#include "granular_energy.h"
#include "granular_kernels.h"
#include "mbconnect/vec.h"

#include <assert.h>
#include <math.h>
#include <string.h>

_Static_assert(MBC_CONTACT_GRANULAR_DATA_COUNT == MBC_GRANULAR_RECORD,
               "the spec's data layout is the record of granular_law.h");
_Static_assert(MBC_CONTACT_GRANULAR_DATA_TOUCHING == MBC_GRANULAR_TOUCH &&
                   MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_X == MBC_GRANULAR_XI_T &&
                   MBC_CONTACT_GRANULAR_DATA_ROLLING_HISTORY_X == MBC_GRANULAR_XI_ROLL &&
                   MBC_CONTACT_GRANULAR_DATA_TWISTING_HISTORY == MBC_GRANULAR_XI_TWIST &&
                   MBC_CONTACT_GRANULAR_DATA_CONTACT_RADIUS_PREVIOUS == MBC_GRANULAR_A_PREV,
               "the spec's data coordinates are in the order of the record");

/* The kernels' model numbers are the spec's named choices (specs/ContactGranular.lua). */
#define SAME(KERNEL, SPEC) ((KERNEL) == MBC_CONTACT_GRANULAR_##SPEC)
_Static_assert(SAME(MBC_GRANULAR_HOOKE, NORMAL_MODEL_HOOKE) &&
                   SAME(MBC_GRANULAR_HERTZ, NORMAL_MODEL_HERTZ) &&
                   SAME(MBC_GRANULAR_HERTZ_MATERIAL, NORMAL_MODEL_HERTZ_MATERIAL) &&
                   SAME(MBC_GRANULAR_DMT, NORMAL_MODEL_DMT) &&
                   SAME(MBC_GRANULAR_JKR, NORMAL_MODEL_JKR) &&
                   SAME(MBC_GRANULAR_VELOCITY, DAMPING_MODEL_VELOCITY) &&
                   SAME(MBC_GRANULAR_MASS_VELOCITY, DAMPING_MODEL_MASS_VELOCITY) &&
                   SAME(MBC_GRANULAR_VISCOELASTIC, DAMPING_MODEL_VISCOELASTIC) &&
                   SAME(MBC_GRANULAR_TSUJI, DAMPING_MODEL_TSUJI),
               "the normal and damping models are the spec's choices");
_Static_assert(SAME(MBC_GRANULAR_LINEAR_NOHISTORY, TANGENTIAL_MODEL_LINEAR_NOHISTORY) &&
                   SAME(MBC_GRANULAR_LINEAR_HISTORY, TANGENTIAL_MODEL_LINEAR_HISTORY) &&
                   SAME(MBC_GRANULAR_MINDLIN, TANGENTIAL_MODEL_MINDLIN) &&
                   SAME(MBC_GRANULAR_MINDLIN_RESCALE, TANGENTIAL_MODEL_MINDLIN_RESCALE) &&
                   SAME(MBC_GRANULAR_MINDLIN_FORCE, TANGENTIAL_MODEL_MINDLIN_FORCE) &&
                   SAME(MBC_GRANULAR_MINDLIN_RESCALE_FORCE,
                        TANGENTIAL_MODEL_MINDLIN_RESCALE_FORCE) &&
                   SAME(MBC_GRANULAR_ROLL_NONE, ROLLING_MODEL_NONE) &&
                   SAME(MBC_GRANULAR_ROLL_SDS, ROLLING_MODEL_SDS) &&
                   SAME(MBC_GRANULAR_TWIST_NONE, TWISTING_MODEL_NONE) &&
                   SAME(MBC_GRANULAR_TWIST_SDS, TWISTING_MODEL_SDS) &&
                   SAME(MBC_GRANULAR_TWIST_MARSHALL, TWISTING_MODEL_MARSHALL),
               "the tangential, rolling and twisting models are the spec's choices");
#undef SAME

#define TYPE "ContactGranular"

/* Whether the record differs from the start-of-step record (a step was
 * taken): the values compared (the records are finite, checked at the
 * dispatch). */
static bool record_changed(const double *start, const double *now)
{
    for (int k = 0; k < MBC_GRANULAR_RECORD; k++)
        if (start[k] != now[k])
            return true;
    return false;
}

/* ------------------------------------------------------------------ the law */

double mbc_contact_granular_effective_modulus(const double e[2], const double nu[2])
{
    return 1 / ((1 - nu[0] * nu[0]) / e[0] + (1 - nu[1] * nu[1]) / e[1]);
}

double mbc_contact_granular_effective_shear(const double e[2], const double nu[2])
{
    return 1 / ((2 * (2 - nu[0]) * (1 + nu[0]) / e[0]) + (2 * (2 - nu[1]) * (1 + nu[1]) / e[1]));
}

/* LAMMPS's powint(x, n): repeated squaring, x^4 = (x x)(x x),
 * x^5 = x (x x)(x x), x^6 = (x x)((x x)(x x)). */
static double power_by_squaring(double x, int n)
{
    if (x == 0.0)
        return 0.0;
    double y = 1.0, w = x;
    for (int k = n; k != 0; k >>= 1) {
        if (k & 1)
            y *= w;
        w *= w;
    }
    return y;
}

double mbc_contact_granular_tsuji_alpha(double e)
{
    return 1.2728 - 4.2783 * e + 11.087 * (e * e) - 22.348 * (e * e * e) +
           27.467 * power_by_squaring(e, 4) - 18.022 * power_by_squaring(e, 5) +
           4.8218 * power_by_squaring(e, 6);
}

static bool material_model(int normal)
{
    return normal == MBC_GRANULAR_HERTZ_MATERIAL || normal == MBC_GRANULAR_DMT ||
           normal == MBC_GRANULAR_JKR;
}

/* LAMMPS 2021's fix wall/gran (init()): alpha(e) with the powers of pow
 * (the pair style has powint), once per initialization of the wall, in
 * place: the n-th run takes alpha applied n times. */
static double tsuji_alpha_wall_2021(double e, int inits)
{
    double cor = e;
    for (int k = 0; k < inits; k++)
        cor = 1.2728 - 4.2783 * cor + 11.087 * pow(cor, 2) - 22.348 * pow(cor, 3) +
              27.467 * pow(cor, 4) - 18.022 * pow(cor, 5) + 4.8218 * pow(cor, 6);
    return cor;
}

/* LAMMPS 2021's constants of fix_wall_gran.cpp, which are not the pair
 * style's: FOURTHIRDS and TWOPI, written with fewer digits. */
#define WALL_2021_FOURTHIRDS 1.333333333333333
#define WALL_2021_TWOPI      6.28318530717959

/* A wall's law with lammps2021 (docs/physics-departures.rst, "Material
 * walls", "jkr walls", "tsuji walls in a second run"): 2021's fix wall/gran
 * takes one material, sphere a's here, k_n = E/(2(1 - nu)) 4/3 and for a
 * NULL k_t E/4 (2 - nu)(1 + nu), jkr's pull-off of the wall and its 2 pi,
 * and tsuji's alpha of pow applied once per initialization. */
static void wall_law_2021(const mbc_contact_granular_params *p, mbc_granular_law *law)
{
    const double e = p->youngsModulus[0], nu = p->poissonsRatio[0];
    if (material_model(p->normalModel)) {
        law->k_n = e / (2 * (1 - nu)) * WALL_2021_FOURTHIRDS;
        law->e_jkr = law->k_n * 0.75;
        if (p->tangentialModel != MBC_GRANULAR_LINEAR_NOHISTORY && p->tangentialStiffness == -1.0)
            law->k_t = e / 4 * (2 - nu) * (1 + nu);
    }
    if (p->normalModel == MBC_GRANULAR_DMT) { /* F_pulloff = 4 pi |del|^2 R* */
        law->cohesion_crit = 0.0;
        law->cohesion_crit_rsq = 1.0;
    }
    if (p->normalModel == MBC_GRANULAR_JKR) {
        law->jkr_2pi = WALL_2021_TWOPI;
        law->jkr_wall_2021 = 1.0;
    }
    if (p->dampingModel == MBC_GRANULAR_TSUJI)
        law->eta_n0 = tsuji_alpha_wall_2021(p->normalDamping, p->lammps2021WallInits);
}

/* A pair's law with lammps2021 (docs/physics-departures.rst,
 * "linear_nohistory beside history models"): in a run with tangential
 * history 2021 evaluates linear_nohistory in its history branch with k_t =
 * 0, the mindlin/force form. */
static void pair_law_2021(const mbc_contact_granular_params *p, mbc_granular_law *law)
{
    if (p->tangentialModel == MBC_GRANULAR_LINEAR_NOHISTORY && p->lammps2021TangentialHistory) {
        law->tangential = MBC_GRANULAR_MINDLIN_FORCE;
        law->k_t = 0.0;
    }
}

/* The law as the documentation gives it, pairs and walls alike
 * (pair_law_2021 and wall_law_2021 set 2021's values over it). */
static void law_of(const mbc_contact_granular_params *p, mbc_granular_law *law)
{
    memset(law, 0, sizeof *law);
    law->normal = p->normalModel;
    law->damping = p->dampingModel;
    law->tangential = p->tangentialModel;
    law->rolling = p->rollingModel;
    law->twisting = p->twistingModel;
    if (material_model(p->normalModel))
        law->k_n =
            4.0 / 3.0 * mbc_contact_granular_effective_modulus(p->youngsModulus, p->poissonsRatio);
    else
        law->k_n = p->normalStiffness;
    law->e_jkr = law->k_n * 0.75;
    law->eta_n0 = p->dampingModel == MBC_GRANULAR_TSUJI
                      ? mbc_contact_granular_tsuji_alpha(p->normalDamping)
                      : p->normalDamping;
    law->cohesion = p->surfaceEnergy;
    law->limit_floor = p->limitDamping ? 0.0 : -INFINITY;
    if (p->tangentialModel == MBC_GRANULAR_LINEAR_NOHISTORY)
        law->k_t = 0.0;
    else if (p->tangentialStiffness == -1.0)
        law->k_t = 8 * mbc_contact_granular_effective_shear(p->youngsModulus, p->poissonsRatio);
    else
        law->k_t = p->tangentialStiffness;
    law->x_gamma_t = p->tangentialDamping;
    law->mu_t = p->frictionCoefficient;
    law->k_roll = p->rollingStiffness;
    law->gamma_roll = p->rollingDamping;
    law->mu_roll = p->rollingFriction;
    law->k_twist = p->twistingStiffness;
    law->gamma_twist = p->twistingDamping;
    law->mu_twist = p->twistingFriction;
    law->dt = p->timeStep;
    law->velocity = p->dampingModel == MBC_GRANULAR_VELOCITY ? 1.0 : 0.0;
    law->mass_velocity = p->dampingModel == MBC_GRANULAR_MASS_VELOCITY ? 1.0 : 0.0;
    law->linear_history = p->tangentialModel == MBC_GRANULAR_LINEAR_HISTORY ? 1.0 : 0.0;
    law->rescale = (p->tangentialModel == MBC_GRANULAR_MINDLIN_RESCALE ||
                    p->tangentialModel == MBC_GRANULAR_MINDLIN_RESCALE_FORCE)
                       ? 1.0
                       : 0.0;
    law->step = 1.0;
    law->cohesion_crit = p->surfaceEnergy;
    law->cohesion_crit_rsq = 0.0;
    law->jkr_2pi = MBC_GRANULAR_2PI;
    law->jkr_wall_2021 = 0.0;
}

void mbc_contact_granular_law(const mbc_contact_granular_params *p, mbc_granular_law *law)
{
    law_of(p, law);
    if (p->lammps2021)
        pair_law_2021(p, law);
}

void mbc_contact_granular_wall_law(const mbc_contact_granular_params *p, mbc_granular_law *law)
{
    law_of(p, law);
    if (p->lammps2021)
        wall_law_2021(p, law);
}

/* ------------------------------------------------------------------ checks */

/* The name of a normal model: the spec's choices (its generated header). */
static const char *normal_name(int normal)
{
    static const char *const names[] = MBC_CONTACT_GRANULAR_NORMAL_MODEL_NAMES;
    _Static_assert(sizeof names / sizeof names[0] == MBC_GRANULAR_NORMAL_COUNT,
                   "one name per normal model");
    return normal >= 0 && normal < MBC_GRANULAR_NORMAL_COUNT ? names[normal] : "?";
}

/* The material models need both moduli > 0 (E* is their harmonic sum). */
mbc_status mbc_contact_granular_check_material(const mbc_contact_granular_params *p, mbc_error *err)
{
    if (!material_model(p->normalModel) || (p->youngsModulus[0] > 0 && p->youngsModulus[1] > 0))
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "youngsModulus", 0,
                          "must be > 0 for both spheres with normalModel %d (%s), given [%g, %g]",
                          p->normalModel, normal_name(p->normalModel), p->youngsModulus[0],
                          p->youngsModulus[1]);
}

/* LAMMPS refuses limit_damping with the cohesive models. */
mbc_status mbc_contact_granular_check_limit_damping(const mbc_contact_granular_params *p,
                                                    mbc_error *err)
{
    if (!p->limitDamping ||
        (p->normalModel != MBC_GRANULAR_DMT && p->normalModel != MBC_GRANULAR_JKR))
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "limitDamping", 0,
                          "must be False with normalModel %d (%s): a cohesive model's normal "
                          "force is attractive by design, given True",
                          p->normalModel, normal_name(p->normalModel));
}

/* k_t: >= 0, or -1 (from the materials) with a mindlin model and a material
 * normal model; > 0 where the sliding rescale divides by it. */
mbc_status mbc_contact_granular_check_tangential(const mbc_contact_granular_params *p,
                                                 mbc_error *err)
{
    const int t = p->tangentialModel;
    const double k = p->tangentialStiffness;
    if (t == MBC_GRANULAR_LINEAR_NOHISTORY)
        return MBC_OK;
    if (k == -1.0) {
        if (t == MBC_GRANULAR_LINEAR_HISTORY)
            return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "tangentialStiffness", 0,
                                  "-1 (from the materials) needs a mindlin model "
                                  "(tangentialModel 2 to 5), given tangentialModel 1");
        if (!material_model(p->normalModel))
            return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "tangentialStiffness", 0,
                                  "-1 (from the materials) needs a material normal model "
                                  "(normalModel 2, 3 or 4), given normalModel %d (%s)",
                                  p->normalModel, normal_name(p->normalModel));
        return MBC_OK;
    }
    const bool divides = t == MBC_GRANULAR_LINEAR_HISTORY || t == MBC_GRANULAR_MINDLIN ||
                         t == MBC_GRANULAR_MINDLIN_RESCALE;
    if (divides && !(k > 0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "tangentialStiffness", 0,
                              "must be > 0 with tangentialModel %d (a sliding contact's "
                              "history is the force over it), or -1, given %g",
                              t, k);
    if (!(k >= 0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "tangentialStiffness", 0,
                              "must be >= 0, or -1 (from the materials), given %g", k);
    return MBC_OK;
}

mbc_status mbc_contact_granular_check_rolling(const mbc_contact_granular_params *p, mbc_error *err)
{
    if (p->rollingModel != MBC_GRANULAR_ROLL_SDS || p->rollingStiffness > 0)
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "rollingStiffness", 0,
                          "must be > 0 with rollingModel 1 (sds: a sliding contact's history "
                          "is the force over it), given %g",
                          p->rollingStiffness);
}

/* sds divides by its stiffness; marshall by k a^2/2, which needs a
 * tangential model with a spring. */
mbc_status mbc_contact_granular_check_twisting(const mbc_contact_granular_params *p, mbc_error *err)
{
    if (p->twistingModel == MBC_GRANULAR_TWIST_SDS && !(p->twistingStiffness > 0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "twistingStiffness", 0,
                              "must be > 0 with twistingModel 1 (sds), given %g",
                              p->twistingStiffness);
    if (p->twistingModel == MBC_GRANULAR_TWIST_MARSHALL &&
        (p->tangentialModel == MBC_GRANULAR_LINEAR_NOHISTORY ||
         !(p->tangentialStiffness > 0 || p->tangentialStiffness == -1.0)))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "twistingModel", 0,
                              "2 (marshall) takes its stiffness k_t a^2/2 from the tangential "
                              "model, which needs a spring (tangentialModel 1 to 5 and "
                              "tangentialStiffness > 0 or -1), given tangentialModel %d with "
                              "tangentialStiffness %g",
                              p->tangentialModel, p->tangentialStiffness);
    return MBC_OK;
}

/* ------------------------------------------------------------ evaluation */

/* What every hook assumes (mbconnect/state_check.h): both rigid markers and
 * the 9 finite data coordinates (and the start-of-step copy) were checked
 * by the dispatch, the parameters passed validation (the one_of rules keep
 * the model choices in range). Asserted, not checked again. */
static void gr_assert_state(const mbc_contact_granular_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(s->marker[0] != NULL && s->marker[1] != NULL);
    assert(s->data != NULL && s->data_start != NULL &&
           s->data_count == MBC_CONTACT_GRANULAR_DATA_COUNT);
    (void)p;
    (void)s;
}

/* One evaluation of the pair: the markers as spheres, the contact, the
 * instances of the law. rec is read and written. */
typedef struct gr_eval {
    double omega[2][3]; /* global angular velocities */
    mbc_granular_sphere sphere[2];
    mbc_granular_contact contact;
    mbc_granular_result res;
    mbc_granular_law law;
    double rec[MBC_GRANULAR_RECORD]; /* the record the result was computed with */
} gr_eval;

static void gr_spheres(const mbc_contact_granular_params *p, const mbc_state *s, gr_eval *e)
{
    for (int m = 0; m < 2; m++) {
        const mbc_rigid_marker *mk = s->marker[m];
        mbc_mat3_mul(mk->rotation, mk->angular_velocity_local, e->omega[m]);
        e->sphere[m] = (mbc_granular_sphere){mk->position, mk->velocity, e->omega[m],
                                             p->spheresRadii[m], p->spheresMasses[m]};
    }
    mbc_granular_pair_contact(&e->sphere[0], &e->sphere[1], &e->contact);
}

static bool gr_evaluate(const mbc_contact_granular_params *p, const mbc_state *s, double *rec,
                        bool update, gr_eval *e)
{
    mbc_contact_granular_law(p, &e->law);
    gr_spheres(p, s, e);
    return mbc_granular_evaluate(&e->law, mbc_granular_kernels_for(&e->law), &e->contact, rec,
                                 update, &e->res);
}

/* A contact whose force or torques are not finite: one line with the
 * overlap, the contact radius and the record it was computed from (the
 * data given: a history too large for the law overflows). */
static mbc_status gr_not_finite(mbc_error *err, const mbc_granular_result *r, const double *rec)
{
    return mbc_fail(err, MBC_ERR_INPUT,
                    TYPE ": contact force not finite (overlap %g, contact radius %g; from the data "
                         "[%g, %g, %g, %g, %g, %g, %g, %g, %g])",
                    r->delta, r->a, rec[0], rec[1], rec[2], rec[3], rec[4], rec[5], rec[6], rec[7],
                    rec[8]);
}

static bool finite_result(const mbc_granular_result *r)
{
    double ta[3], tb[3], sum = 0.0;
    mbc_granular_total_torques(r, ta, tb);
    for (int i = 0; i < 3; i++)
        sum += r->force[i] + ta[i] + tb[i];
    return isfinite(sum);
}

/* The law with the current record and no step: in contact when the record
 * says so and the spheres still touch (the law is undefined at negative
 * overlap). */
static mbc_status gr_current(const mbc_contact_granular_params *p, const mbc_state *s, gr_eval *e,
                             mbc_error *err)
{
    memset(&e->res, 0, sizeof e->res);
    if (!p->activeConnector || s->data[MBC_GRANULAR_TOUCH] == 0.0) {
        gr_spheres(p, s, e);
        return MBC_OK;
    }
    memcpy(e->rec, s->data, sizeof e->rec);
    if (gr_evaluate(p, s, e->rec, false, e) && !finite_result(&e->res))
        return gr_not_finite(err, &e->res, s->data);
    return MBC_OK;
}

/* Force evaluation (no switching: the contact flag comes from the data).
 * out->force[0] = f_a, out->force[1] = -f_a; torques on a and b. */
mbc_status mbc_contact_granular_forces(const mbc_contact_granular_params *p, const mbc_state *s,
                                       mbc_forces *out, mbc_error *err)
{
    assert(out != NULL);
    gr_assert_state(p, s);
    gr_eval e = {0};
    const mbc_status st = gr_current(p, s, &e, err);
    if (st != MBC_OK)
        return st;
    mbc_granular_total_torques(&e.res, out->torque[0], out->torque[1]);
    for (int i = 0; i < 3; i++) {
        out->force[0][i] = e.res.force[i];
        out->force[1][i] = -e.res.force[i];
    }
    return MBC_OK;
}

/* PostNewtonStep: the record of the start of the step, stepped once by
 * timeStep at this state (contact test, history update, sliding rescale);
 * out of contact the record is cleared. Error: |F_n| of a contact that
 * starts relative to the current data (the solver repeats the step with
 * it). activeConnector == false: data copied, error 0. */
mbc_status mbc_contact_granular_post_newton_step(const mbc_contact_granular_params *p,
                                                 const mbc_state *s, mbc_post_newton *out,
                                                 mbc_error *err)
{
    assert(out != NULL && out->data != NULL);
    gr_assert_state(p, s);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    memcpy(out->data, p->activeConnector ? s->data_start : s->data,
           MBC_GRANULAR_RECORD * sizeof(double));
    if (!p->activeConnector)
        return MBC_OK;
    gr_eval e = {0};
    const bool touching = gr_evaluate(p, s, out->data, true, &e);
    if (touching && !finite_result(&e.res))
        return gr_not_finite(err, &e.res, s->data_start);
    if (touching && s->data[MBC_GRANULAR_TOUCH] == 0.0)
        out->error = fabs(e.res.f_n);
    return MBC_OK;
}

/* Outputs (global): Force on a, Torque [on a, on b], Normal (from b to a),
 * Overlap, ContactRadius, NormalForce, TangentialForce, RollingForce,
 * TwistingTorque, StoredEnergy, DissipatedPower, their parts and
 * EnergyFlows (runtime/connectors/contact_granular/granular_energy.h),
 * as force evaluation sees them (zero out of contact but
 * Normal and Overlap, which follow the positions). */
mbc_status mbc_contact_granular_outputs(const mbc_contact_granular_params *p, const mbc_state *s,
                                        size_t var, double *out, size_t size, mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_GRANULAR_OUTPUT_COUNT);
    gr_assert_state(p, s);
    gr_eval e = {0};
    const mbc_status st = gr_current(p, s, &e, err);
    if (st != MBC_OK)
        return st;
    const mbc_granular_result *r = &e.res;
    const mbc_granular_contact *c = &e.contact;
    const double dist = sqrt(c->rsq);
    switch (var) {
    case MBC_CONTACT_GRANULAR_OUTPUT_FORCE:
        memcpy(out, r->force, 3 * sizeof(double));
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_TORQUE:
        mbc_granular_total_torques(r, out, out + 3);
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_NORMAL:
        for (int i = 0; i < 3; i++)
            out[i] = dist > 0.0 ? c->del[i] / dist : (i == 0);
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP:
        out[0] = c->radsum - dist;
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS:
        out[0] = r->a;
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE:
        out[0] = r->f_n;
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_TANGENTIAL_FORCE:
        memcpy(out, r->f_t, 3 * sizeof(double));
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_ROLLING_FORCE:
        memcpy(out, r->f_roll, 3 * sizeof(double));
        break;
    case MBC_CONTACT_GRANULAR_OUTPUT_TWISTING_TORQUE:
        out[0] = r->m_twist;
        break;
    default: { /* StoredEnergy, DissipatedPower, their parts, EnergyFlows (the flows of the
                * step from the start-of-step data) */
        mbc_contact_granular_law(p, &e.law); /* out of touch too: jkr's pull-off */
        /* a step was taken where the data differ from the start-of-step data */
        const bool stepped = s->data_start != s->data && record_changed(s->data_start, s->data);
        const mbc_granular_energy en =
            mbc_granular_energy_of(&e.law, c, stepped ? s->data_start : NULL, e.rec, r);
        if (var == MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY)
            out[0] = mbc_granular_energy_sum(en.stored);
        else if (var == MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER)
            out[0] = mbc_granular_power_total(&en);
        else if (var == MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY_PARTS)
            memcpy(out, en.stored, MBC_GRANULAR_E_COUNT * sizeof(double));
        else if (var == MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER_PARTS)
            memcpy(out, en.power, MBC_GRANULAR_E_COUNT * sizeof(double));
        else
            memcpy(out, en.flow, MBC_GRANULAR_F_COUNT * sizeof(double));
        break;
    }
    }
    (void)size;
    return MBC_OK;
}
