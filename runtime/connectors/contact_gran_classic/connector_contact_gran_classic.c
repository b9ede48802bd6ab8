/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranClassic: hooks forces, post_newton_step and outputs, and the
 * law of a parameter set.
 *
 * Specification: specs/ContactGranClassic.lua (the theory) and
 * docs/physics-gran-classic.rst; the law is gran_classic_law.h, the one
 * kernel every path calls.
 *
 * Units: SI. Vectors are global. Marker m0 is the center of sphere a
 * (LAMMPS's atom i), m1 that of sphere b; n points from b to a. Forces and
 * torques returned are the physical ones acting ON each marker.
 *
 * Data coordinates: the record of gran_classic_law.h (contact flag, shear
 * history). PostNewtonStep applies the contact test to the start-of-step
 * record and steps the history by timeStep (LAMMPS's force computation in
 * a time step); force evaluation and outputs evaluate the law with the
 * current record and no step (LAMMPS's set-up computation). */
#include "mbconnect/generated/contact_gran_classic.h"

#include "contact_gran_classic.h"
#include "gran_classic_energy.h"
#include "mbconnect/vec.h"

#include <assert.h>
#include <math.h>
#include <string.h>

_Static_assert(MBC_CONTACT_GRAN_CLASSIC_DATA_COUNT == MBC_GRAN_CLASSIC_RECORD,
               "the spec's data layout is the record of gran_classic_law.h");
_Static_assert(MBC_CONTACT_GRAN_CLASSIC_DATA_TOUCHING == MBC_GRAN_CLASSIC_TOUCH &&
                   MBC_CONTACT_GRAN_CLASSIC_DATA_SHEAR_X == MBC_GRAN_CLASSIC_SHEAR,
               "the spec's data coordinates are in the order of the record");

#define TYPE "ContactGranClassic"

void mbc_contact_gran_classic_law(const mbc_contact_gran_classic_params *p,
                                  mbc_gran_classic_law *law)
{
    memset(law, 0, sizeof *law);
    law->kn = p->normalStiffness;
    law->kt = p->tangentialStiffness;
    law->gamman = p->normalDamping;
    law->gammat = p->tangentialDampingOn ? p->tangentialDamping : 0.0;
    law->xmu = p->frictionCoefficient;
    law->limit_floor = p->limitDamping ? 0.0 : -INFINITY;
    law->dt = p->timeStep;
    law->lammps2021 = p->lammps2021 ? 1.0 : 0.0;
}

/* k_t = 0 where LAMMPS 2021 divides by it: a history model with the
 * tangential damping on slides on the damping force alone, and its
 * truncation (gran_classic_law.h) is then 0/0 or inf - inf. */
mbc_status mbc_contact_gran_classic_check_tangential(const mbc_contact_gran_classic_params *p,
                                                     mbc_error *err)
{
    const bool history =
        p->model == MBC_GRAN_CLASSIC_HOOKE_HISTORY || p->model == MBC_GRAN_CLASSIC_HERTZ_HISTORY;
    const bool damped = p->tangentialDampingOn && p->tangentialDamping > 0.0;
    if (!history || !damped || !p->lammps2021 || p->tangentialStiffness > 0.0)
        return MBC_OK;
    return mbc_fail_param(err, MBC_ERR_VALUE, TYPE, "tangentialStiffness", 0,
                          "must be > 0 with a shear history, tangential damping and lammps2021 "
                          "(LAMMPS 2021 divides by it when the contact slides: the history is "
                          "then not a number; set it > 0, or tangentialDampingOn or lammps2021 "
                          "False), given 0");
}

/* ------------------------------------------------------------ evaluation */

/* What every hook assumes (mbconnect/state_check.h): both rigid markers and
 * the finite data coordinates (and the start-of-step copy) were checked by
 * the dispatch, the parameters passed validation (one_of keeps the model
 * in range). Asserted, not checked again. */
static void gc_assert_state(const mbc_contact_gran_classic_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(s->marker[0] != NULL && s->marker[1] != NULL);
    assert(s->data != NULL && s->data_start != NULL &&
           s->data_count == MBC_CONTACT_GRAN_CLASSIC_DATA_COUNT);
    (void)p;
    (void)s;
}

/* The markers as the law's contact, with the shear history of rec. */
static mbc_gran_classic_in gc_in(const mbc_contact_gran_classic_params *p, const mbc_state *s,
                                 const double *rec)
{
    double omega[2][3];
    for (int m = 0; m < 2; m++)
        mbc_mat3_mul(s->marker[m]->rotation, s->marker[m]->angular_velocity_local, omega[m]);
    const mbc_rigid_marker *a = s->marker[0], *b = s->marker[1];
    return mbc_contact_gran_classic_pair_in(
        a->position, b->position, a->velocity, b->velocity, omega[0], omega[1], p->spheresRadii[0],
        p->spheresRadii[1], p->spheresMasses[0], p->spheresMasses[1], rec + MBC_GRAN_CLASSIC_SHEAR);
}

/* The law on the markers with the record rec, with or without a step. */
static mbc_gran_classic_out gc_evaluate(const mbc_contact_gran_classic_params *p,
                                        const mbc_state *s, const double *rec, int step)
{
    mbc_gran_classic_law law;
    mbc_contact_gran_classic_law(p, &law);
    return mbc_gran_classic_contact(&law, (int)p->model, 0, step, gc_in(p, s, rec));
}

/* The distance of the markers (the centers) [m]. */
static double gc_distance(const mbc_state *s)
{
    const double *xa = s->marker[0]->position, *xb = s->marker[1]->position;
    const double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]};
    return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

/* The error of a contact whose force is not finite (coincident centers: a
 * distance of 0). */
static mbc_status gc_not_finite(const mbc_state *s, const mbc_gran_classic_out *o, mbc_error *err)
{
    return mbc_fail(err, MBC_ERR_INPUT,
                    TYPE ": contact force not finite (center distance %g, overlap %g)",
                    gc_distance(s), o->overlap);
}

static int gc_finite(const mbc_gran_classic_out *o)
{
    double sum = 0.0;
    for (int k = 0; k < 3; k++)
        sum += o->force[k] + o->torque_a[k] + o->torque_b[k];
    return isfinite(sum);
}

/* The law with the current record and no step: in contact when the record
 * says so and the spheres still touch. */
static mbc_status gc_current(const mbc_contact_gran_classic_params *p, const mbc_state *s,
                             mbc_gran_classic_out *o, mbc_error *err)
{
    memset(o, 0, sizeof *o);
    if (!p->activeConnector || s->data[MBC_GRAN_CLASSIC_TOUCH] == 0.0)
        return MBC_OK;
    *o = gc_evaluate(p, s, s->data, 0);
    if (o->touch != 0.0 && !gc_finite(o))
        return gc_not_finite(s, o, err);
    return MBC_OK;
}

/* Force evaluation (no switching: the contact flag comes from the data).
 * out->force[0] = f_a, out->force[1] = -f_a; torques on a and b. */
mbc_status mbc_contact_gran_classic_forces(const mbc_contact_gran_classic_params *p,
                                           const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    assert(out != NULL);
    gc_assert_state(p, s);
    mbc_gran_classic_out o;
    const mbc_status st = gc_current(p, s, &o, err);
    if (st != MBC_OK)
        return st;
    for (int k = 0; k < 3; k++) {
        out->force[0][k] = o.force[k];
        out->force[1][k] = -o.force[k];
        out->torque[0][k] = o.torque_a[k];
        out->torque[1][k] = o.torque_b[k];
    }
    return MBC_OK;
}

/* PostNewtonStep: the record of the start of the step, stepped once by
 * timeStep at this state (contact test, shear increment and projection,
 * truncation of a sliding contact); out of contact the record is cleared.
 * Error: |F_n| of a contact that starts relative to the current data.
 * activeConnector == false: data copied, error 0. */
mbc_status mbc_contact_gran_classic_post_newton_step(const mbc_contact_gran_classic_params *p,
                                                     const mbc_state *s, mbc_post_newton *out,
                                                     mbc_error *err)
{
    assert(out != NULL && out->data != NULL);
    gc_assert_state(p, s);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    if (!p->activeConnector) {
        memcpy(out->data, s->data, MBC_GRAN_CLASSIC_RECORD * sizeof(double));
        return MBC_OK;
    }
    const mbc_gran_classic_out o = gc_evaluate(p, s, s->data_start, 1);
    out->data[MBC_GRAN_CLASSIC_TOUCH] = o.touch;
    for (int k = 0; k < 3; k++)
        out->data[MBC_GRAN_CLASSIC_SHEAR + k] = o.shear[k];
    if (o.touch != 0.0 && !gc_finite(&o))
        return gc_not_finite(s, &o, err);
    if (o.touch != 0.0 && s->data[MBC_GRAN_CLASSIC_TOUCH] == 0.0)
        out->error = fabs(o.fn);
    return MBC_OK;
}

/* The energy books (gran_classic_energy.h) of the current state: the law
 * with the current record and no step (o); where a step was taken (the
 * data differ from the start-of-step data) the slip loss of the step from
 * the start-of-step data, as PostNewtonStep takes it. */
static mbc_gran_classic_energy gc_books(const mbc_contact_gran_classic_params *p,
                                        const mbc_state *s, const mbc_gran_classic_out *o)
{
    mbc_gran_classic_law law;
    mbc_contact_gran_classic_law(p, &law);
    const int model = (int)p->model;
    bool stepped = false; /* the data differ from the start-of-step data, by value */
    for (int k = 0; s->data_start != s->data && k < MBC_GRAN_CLASSIC_RECORD; k++)
        stepped = stepped || s->data_start[k] != s->data[k];
    mbc_gran_classic_energy e = mbc_gran_classic_energy_of(&law, model, 0, o);
    if (stepped && o->touch != 0.0) {
        const mbc_gran_classic_out step = gc_evaluate(p, s, s->data_start, 1);
        e.flow[MBC_GRAN_CLASSIC_F_SLIP] =
            mbc_gran_classic_energy_of(&law, model, 1, &step).flow[MBC_GRAN_CLASSIC_F_SLIP];
    }
    return e;
}

/* Outputs (global): Force on a, Torque [on a, on b], Normal (from b to a),
 * Overlap, NormalForce, TangentialForce, StoredEnergy, DissipatedPower,
 * their parts and EnergyFlows (gran_classic_energy.h), as force evaluation
 * sees them (zero out of contact but Normal and Overlap, which follow the
 * positions). */
mbc_status mbc_contact_gran_classic_outputs(const mbc_contact_gran_classic_params *p,
                                            const mbc_state *s, size_t var, double *out,
                                            size_t size, mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_GRAN_CLASSIC_OUTPUT_COUNT);
    gc_assert_state(p, s);
    mbc_gran_classic_out o;
    const mbc_status st = gc_current(p, s, &o, err);
    if (st != MBC_OK)
        return st;
    const double *xa = s->marker[0]->position, *xb = s->marker[1]->position;
    const double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]};
    const double dist = gc_distance(s);
    switch (var) {
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_FORCE:
        memcpy(out, o.force, 3 * sizeof(double));
        break;
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_TORQUE:
        memcpy(out, o.torque_a, 3 * sizeof(double));
        memcpy(out + 3, o.torque_b, 3 * sizeof(double));
        break;
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_NORMAL:
        for (int k = 0; k < 3; k++)
            out[k] = dist > 0.0 ? d[k] / dist : (k == 0);
        break;
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_OVERLAP:
        out[0] = p->spheresRadii[0] + p->spheresRadii[1] - dist;
        break;
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_NORMAL_FORCE:
        out[0] = o.fn;
        break;
    case MBC_CONTACT_GRAN_CLASSIC_OUTPUT_TANGENTIAL_FORCE:
        memcpy(out, o.ft, 3 * sizeof(double));
        break;
    default: { /* the energy books */
        const mbc_gran_classic_energy e = gc_books(p, s, &o);
        if (var == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY)
            out[0] = mbc_gran_classic_stored(&e);
        else if (var == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER)
            out[0] = mbc_gran_classic_dissipated(&e);
        else if (var == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY_PARTS)
            memcpy(out, e.stored, sizeof e.stored);
        else if (var == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER_PARTS)
            memcpy(out, e.power, sizeof e.power);
        else
            memcpy(out, e.flow, sizeof e.flow);
        break;
    }
    }
    (void)size;
    return MBC_OK;
}
