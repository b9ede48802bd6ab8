/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts: hooks forces, post_newton_step, outputs and the
 * parameter checks mbc_contact_liggghts_check_*.
 *
 * Specification: specs/ContactLiggghts.lua (the theory) and
 * docs/liggghts.rst; the law is liggghts_law.h with its sub-models, run
 * through the kernel of its model combination (mbc_liggghts_law_of,
 * mbconnect/liggghts_contact.h).
 *
 * Units: SI. Vectors are global. Marker m0 is the center of sphere a
 * (LIGGGHTS's atom i), m1 that of sphere b; en points from b to a. Forces
 * and torques returned are the physical ones acting ON each marker.
 *
 * Data coordinates: the contact flag, then the tangential displacement and
 * the rolling spring torque, in the places mbc_liggghts_law_of gives the
 * law (shear_at, roll_at). LIGGGHTS computes a contact's force in the same
 * pass that steps its history (the spring slides or not, the rolling
 * spring grows, in one decision), so every hook does the same: it steps
 * the start-of-step data by timeStep at the current state (LIGGGHTS's
 * force computation in a time step). PostNewtonStep applies the contact
 * test and keeps the stepped data; force evaluation and outputs read the
 * contact flag of the current data and keep nothing. */
#include "mbconnect/generated/contact_liggghts.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "liggghts_geometry.h"
#include "liggghts_law.h"
#include "mbconnect/liggghts_contact.h"
#include "mbconnect/vec.h"

#define TYPE "ContactLiggghts"

_Static_assert(MBC_CONTACT_LIGGGHTS_DATA_COUNT == 7 && MBC_CONTACT_LIGGGHTS_DATA_TOUCHING == 0 &&
                   MBC_CONTACT_LIGGGHTS_DATA_ROLLING_TORQUE_X ==
                       MBC_CONTACT_LIGGGHTS_DATA_TANGENTIAL_DISPLACEMENT_X + 3,
               "the data: the contact flag, the displacement, the rolling spring torque");

/* ------------------------------------------------------------------ checks */

mbc_status mbc_contact_liggghts_check_hooke(const mbc_contact_liggghts_params *p, mbc_error *err)
{
    if (p->normalModel != MBC_LIGGGHTS_HOOKE || p->characteristicVelocity > 0)
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "characteristicVelocity", 0,
                          "must be > 0 with normalModel 0 (hooke: the stiffness is that of "
                          "an impact at this speed), given %g",
                          p->characteristicVelocity);
}

mbc_status mbc_contact_liggghts_check_rolling(const mbc_contact_liggghts_params *p, mbc_error *err)
{
    if (p->rollingModel != MBC_LIGGGHTS_EPSD3 || p->rollingStiffness > 0)
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "rollingStiffness", 0,
                          "must be > 0 with rollingModel 4 (epsd3: k_r = k_r0 k_n mu_r^2 R*^2), "
                          "given %g",
                          p->rollingStiffness);
}

mbc_status mbc_contact_liggghts_check_viscous(const mbc_contact_liggghts_params *p, mbc_error *err)
{
    if (!p->viscous)
        return MBC_OK;
    if (p->normalModel != MBC_LIGGGHTS_HOOKE)
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "viscous", 0,
                              "needs normalModel 0 (hooke), given normalModel %d", p->normalModel);
    if (!(p->fluidViscosity > 0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "fluidViscosity", 0,
                              "must be > 0 with viscous, given %g", p->fluidViscosity);
    if (!(p->maximumRestitution > 0 && p->maximumRestitution <= 1))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "maximumRestitution", 0,
                              "must be in (0, 1] with viscous, given %g", p->maximumRestitution);
    if (!(p->criticalStokes > 0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "criticalStokes", 0,
                              "must be > 0 with viscous, given %g", p->criticalStokes);
    return MBC_OK;
}

/* ------------------------------------------------------------ evaluation */

/* What every hook assumes (mbconnect/state_check.h): both rigid markers and
 * the 7 finite data coordinates (and the start-of-step copy) were checked
 * by the dispatch, the parameters passed validation. */
static void lg_assert_state(const mbc_contact_liggghts_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(s->marker[0] != NULL && s->marker[1] != NULL);
    assert(s->data != NULL && s->data_start != NULL &&
           s->data_count == MBC_CONTACT_LIGGGHTS_DATA_COUNT);
    (void)p;
    (void)s;
}

/* One evaluation of the pair: the global angular velocities, the contact,
 * the law, its result. */
typedef struct lg_eval {
    double omega[2][3];
    mbc_liggghts_contact contact;
    mbc_liggghts_law law;
    mbc_liggghts_result res;
    int touching; /* the spheres touch */
} lg_eval;

static void lg_prepare(const mbc_contact_liggghts_params *p, const mbc_state *s, lg_eval *e)
{
    for (int m = 0; m < 2; m++) {
        const mbc_rigid_marker *mk = s->marker[m];
        mbc_mat3_mul(mk->rotation, mk->angular_velocity_local, e->omega[m]);
    }
    const mbc_rigid_marker *a = s->marker[0], *b = s->marker[1];
    e->touching = lg_pair_contact(a->position, b->position, a->velocity, b->velocity, e->omega[0],
                                  e->omega[1], p->spheresRadii[0], p->spheresRadii[1],
                                  p->spheresMasses[0], p->spheresMasses[1], &e->contact);
    /* the parameters passed validation (the dispatch's guarantee) */
    mbc_liggghts_law_of(p, &e->law);
}

static int lg_finite(const mbc_liggghts_result *r)
{
    double sum = 0.0;
    for (int k = 0; k < 3; k++)
        sum += r->force_i[k] + r->torque_i[k] + r->torque_j[k];
    return isfinite(sum);
}

static mbc_status lg_not_finite(const lg_eval *e, mbc_error *err)
{
    return mbc_fail(err, MBC_ERR_INPUT,
                    TYPE ": contact force not finite (overlap %g, normal force %g)", e->res.deltan,
                    e->res.fn);
}

/* The law at this state as LIGGGHTS computes it in a time step: the
 * start-of-step data stepped once (into a copy: the data stay as they
 * are), in contact when the current data say so and the spheres still
 * touch (the law is undefined at negative overlap); else zero. So the
 * forces of every state within a step are those LIGGGHTS would compute
 * there, and equal those of the PostNewtonStep at the same state. */
static mbc_status lg_current(const mbc_contact_liggghts_params *p, const mbc_state *s, lg_eval *e,
                             mbc_error *err)
{
    memset(e, 0, sizeof *e);
    lg_prepare(p, s, e);
    if (!p->activeConnector || s->data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] == 0.0 || !e->touching)
        return MBC_OK;
    double history[MBC_CONTACT_LIGGGHTS_DATA_COUNT];
    memcpy(history, s->data_start, sizeof history);
    mbc_liggghts_evaluate(&e->law, &e->contact, history, &e->res);
    return lg_finite(&e->res) ? MBC_OK : lg_not_finite(e, err);
}

/* Force evaluation (no switching: the contact flag comes from the data).
 * out->force[0] = f_a, out->force[1] = f_b = -f_a; torques on a and b. */
mbc_status mbc_contact_liggghts_forces(const mbc_contact_liggghts_params *p, const mbc_state *s,
                                       mbc_forces *out, mbc_error *err)
{
    assert(out != NULL);
    lg_assert_state(p, s);
    lg_eval e;
    const mbc_status st = lg_current(p, s, &e, err);
    if (st != MBC_OK)
        return st;
    for (int k = 0; k < 3; k++) {
        out->force[0][k] = e.res.force_i[k];
        out->force[1][k] = -e.res.force_i[k];
        out->torque[0][k] = e.res.torque_i[k];
        out->torque[1][k] = e.res.torque_j[k];
    }
    return MBC_OK;
}

/* PostNewtonStep: the data of the start of the step, stepped once by
 * timeStep at this state (contact test, displacement and rolling spring
 * update, their limits); out of contact the data are cleared. Error: |F_n|
 * of a contact that starts relative to the current data (the solver repeats
 * the step with it). activeConnector == false: data copied, error 0. */
mbc_status mbc_contact_liggghts_post_newton_step(const mbc_contact_liggghts_params *p,
                                                 const mbc_state *s, mbc_post_newton *out,
                                                 mbc_error *err)
{
    assert(out != NULL && out->data != NULL);
    lg_assert_state(p, s);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    const size_t bytes = MBC_CONTACT_LIGGGHTS_DATA_COUNT * sizeof(double);
    if (!p->activeConnector) {
        memcpy(out->data, s->data, bytes);
        return MBC_OK;
    }
    lg_eval e;
    memset(&e, 0, sizeof e);
    lg_prepare(p, s, &e);
    if (!e.touching) {
        memset(out->data, 0, bytes);
        return MBC_OK;
    }
    memcpy(out->data, s->data_start, bytes);
    out->data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] = 1.0;
    mbc_liggghts_evaluate(&e.law, &e.contact, out->data, &e.res);
    if (!lg_finite(&e.res))
        return lg_not_finite(&e, err);
    if (s->data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] == 0.0)
        out->error = fabs(e.res.fn);
    return MBC_OK;
}

/* Outputs (global): Force on a, Torque [on a, on b], Normal (from b to a),
 * Overlap, NormalForce, CohesionForce, TangentialForce, RollingTorque (on
 * a), as force evaluation sees them (zero out of contact but Normal and
 * Overlap, which follow the positions). */
mbc_status mbc_contact_liggghts_outputs(const mbc_contact_liggghts_params *p, const mbc_state *s,
                                        size_t var, double *out, size_t size, mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_LIGGGHTS_OUTPUT_COUNT);
    lg_assert_state(p, s);
    lg_eval e;
    const mbc_status st = lg_current(p, s, &e, err);
    if (st != MBC_OK)
        return st;
    const mbc_liggghts_result *r = &e.res;
    const mbc_liggghts_contact *c = &e.contact;
    switch (var) {
    case MBC_CONTACT_LIGGGHTS_OUTPUT_FORCE:
        memcpy(out, r->force_i, 3 * sizeof(double));
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_TORQUE:
        memcpy(out, r->torque_i, 3 * sizeof(double));
        memcpy(out + 3, r->torque_j, 3 * sizeof(double));
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL:
        for (int k = 0; k < 3; k++)
            out[k] = c->r > 0.0 ? c->en[k] : (k == 0);
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_OVERLAP:
        out[0] = p->spheresRadii[0] + p->spheresRadii[1] - c->r;
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE:
        out[0] = r->fn;
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_COHESION_FORCE:
        out[0] = r->f_coh;
        break;
    case MBC_CONTACT_LIGGGHTS_OUTPUT_TANGENTIAL_FORCE:
        memcpy(out, r->f_t, 3 * sizeof(double));
        break;
    default: /* RollingTorque, on a */
        for (int k = 0; k < 3; k++)
            out[k] = -r->m_roll[k];
        break;
    }
    (void)size;
    return MBC_OK;
}
