/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactSphereSphere: hooks forces, post_newton_step, outputs.
 *
 * Specification: seed ObjectContactSphereSphere.rst ("Connector Forces") as
 * amended by physics-notes.md, section "ContactSphereSphere".
 *
 * Units: SI (m, m/s, rad/s, N, N m). Vectors are global. Forces and torques
 * returned are the physical ones acting ON each marker (notes, "Physical
 * forces"); the seed's equations are physical already.
 *
 * Geometry (seed): d = p_m1 - p_m0, n = d / |d| (from m0 to m1; [1,0,0] when
 * |d| = 0, notes), gap g = |d| - (r_0 + r_1), overlap delta = -g,
 * v_n = (v_m1 - v_m0) . n (> 0 separating).
 *
 * Data coordinates x = [gap, |v_t|, impact velocity, plastic overlap]
 * (spec data layout). Force evaluation never switches: contact is active iff
 * x_0 <= 0, the friction branch comes from x_1, the restitution impact velocity
 * from x_2 and the EAPM plastic overlap from x_3 (notes, "Active set").
 *
 * The law itself is written once, in contact_sphere_sphere_kernel.h: these
 * hooks, the batch entry points (sphere_batch.c) and the in-place pair path
 * (contact_sphere_sphere_pairs.c) call the same kernels. The hooks take its
 * general forms (mbc_contact_power, mbc_hypot3) and the parameters' model.
 */
#include "mbconnect/generated/contact_sphere_sphere.h"

#include "mbconnect/contact_laws.h"
#include "contact_sphere_sphere.h"
#include "contact_sphere_sphere_kernel.h"
#include "mbconnect/vec.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

/* Data layout of specs/ContactSphereSphere.lua. */
enum {
    SS_DATA_GAP = 0,
    SS_DATA_TANGENTIAL_VELOCITY = 1,
    SS_DATA_IMPACT_VELOCITY = 2,
    SS_DATA_PLASTIC_OVERLAP = 3,
    SS_DATA_COUNT = 4
};

/* What every hook assumes (mbconnect/state_check.h): the dispatch
 * (mbc_object_forces and the others) has checked both rigid markers and the 4
 * finite data coordinates (and the start-of-step copy) once; a direct
 * caller of a typed hook guarantees the same. Asserted, not checked again. */
static void ss_assert_state(const mbc_contact_sphere_sphere_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(s->marker[0] != NULL && s->marker[1] != NULL);
    assert(s->data != NULL && s->data_start != NULL && s->data_count == SS_DATA_COUNT);
    (void)p;
    (void)s;
}

/* The impact model and its parameters must be usable. The setters and
 * validate() check these rules from the spec (impactModel one_of 0, 1, 2;
 * contactPlasticityRatio in [0, 1); restitutionCoefficient in (0, 1];
 * contactStiffnessExponent > 0), so a parameter set that passed validation
 * passes here; the hooks and the batch entry points (runtime/eval/sphere_batch.c)
 * still call this once per evaluation for a parameter struct written
 * directly after validation, with the same messages. */
mbc_status mbc_contact_sphere_sphere_check_model(const mbc_contact_sphere_sphere_params *p,
                                                 mbc_error *err)
{
    const int m = p->impactModel;
    if (m != MBC_IMPACT_EAPM && m != MBC_IMPACT_HUNT_CROSSLEY && m != MBC_IMPACT_MIXED) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "impactModel", 0,
                              "must be one of 0, 1, 2 (UInt), given %d", m);
    }
    if (m == MBC_IMPACT_EAPM &&
        !(p->contactPlasticityRatio >= 0.0 && p->contactPlasticityRatio < 1.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "contactPlasticityRatio",
                              0, "must be in [0, 1) (UReal), given %g", p->contactPlasticityRatio);
    }
    if (m != MBC_IMPACT_EAPM &&
        !(p->restitutionCoefficient > 0.0 && p->restitutionCoefficient <= 1.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "restitutionCoefficient",
                              0, "must be in (0, 1] (PReal), given %g", p->restitutionCoefficient);
    }
    if (!(p->contactStiffnessExponent > 0.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "contactStiffnessExponent",
                              0, "must be > 0 (PReal), given %g", p->contactStiffnessExponent);
    }
    return MBC_OK;
}

/* The pair's kinematics (contact_sphere_sphere_kernel.h) at state s, with
 * omega = A omega_local (notes, "Marker inputs"). */
static ss_kin ss_state_kinematics(const mbc_contact_sphere_sphere_params *p, const mbc_state *s)
{
    const mbc_rigid_marker *m0 = s->marker[0];
    const mbc_rigid_marker *m1 = s->marker[1];
    double w0[3], w1[3];
    mbc_mat3_mul(m0->rotation, m0->angular_velocity_local, w0);
    mbc_mat3_mul(m1->rotation, m1->angular_velocity_local, w1);
    const double r0 = p->spheresRadii[0], r1 = p->spheresRadii[1];
    const mbc_pair_geometry g =
        mbc_pair_geometry_of(m1->position[0] - m0->position[0], m1->position[1] - m0->position[1],
                             m1->position[2] - m0->position[2], r0, r1, 0);
    return ss_kinematics(g.n[0], g.n[1], g.n[2], g.gap, r0, r1, m0->velocity[0], m0->velocity[1],
                         m0->velocity[2], m1->velocity[0], m1->velocity[1], m1->velocity[2], w0[0],
                         w0[1], w0[2], w1[0], w1[1], w1[2], 0);
}

/* The kernel's friction form for p: none when mu_d = 0 (the hook adds no
 * tangential force), else the regularized Coulomb force. */
static int ss_friction_of(const ss_law *L)
{
    return L->mu != 0.0 ? SS_FRICTION_ON : SS_FRICTION_OFF;
}

/* Force on marker 1 and torques (N, N m) for the active set in `data`, in
 * contact (data[0] <= 0, active): the kernel's ss_forces with f_1,n of
 * data[2], data[3]. The friction magnitude uses |f_1,n| (notes; the seed
 * uses the signed f_1,n, which pushes along the slip and adds energy when
 * the normal force is tensile), so f_1,t . v_t <= 0. */
static mbc_status ss_contact_forces(const ss_law *L, const ss_kin *k, const double *data, ss_frc *f,
                                    mbc_error *err)
{
    const double f_n =
        ss_normal_force(L, k->delta, k->v_n, data[SS_DATA_IMPACT_VELOCITY],
                        data[SS_DATA_PLASTIC_OVERLAP], SS_EXP_GENERAL, SS_EXP_GENERAL, L->model);
    *f = ss_forces(L, *k, data[SS_DATA_GAP], data[SS_DATA_TANGENTIAL_VELOCITY], f_n,
                   ss_friction_of(L));
    if (f->bad) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        "ContactSphereSphere: normal force not finite (delta = %g, v_n = %g)",
                        k->delta, k->v_n);
    }
    return MBC_OK;
}

/* Force evaluation ("Newton", no switching). out->force[0/1], out->torque[0/1]:
 * physical force (N) and torque (N m) on m0 / m1, global; f_m0 = -f_m1.
 * activeConnector == false or data[0] > 0: all zero. */
mbc_status mbc_contact_sphere_sphere_forces(const mbc_contact_sphere_sphere_params *p,
                                            const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    assert(out != NULL);
    ss_assert_state(p, s);
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            out->force[j][i] = 0.0;
            out->torque[j][i] = 0.0;
        }
    }
    if (!p->activeConnector || !(s->data[SS_DATA_GAP] <= 0.0))
        return MBC_OK; /* inactive, or open by the active set: no kinematics needed */
    mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st != MBC_OK)
        return st;
    ss_law L;
    ss_law_init(&L, p, SS_LAW_SHAPE);
    const ss_kin k = ss_state_kinematics(p, s);
    ss_frc f;
    st = ss_contact_forces(&L, &k, s->data, &f, err);
    if (st != MBC_OK)
        return st;
    const double fm1[3] = {f.fx, f.fy, f.fz};
    const double t0[3] = {f.t0x, f.t0y, f.t0z}, t1[3] = {f.t1x, f.t1y, f.t1z};
    for (int i = 0; i < 3; ++i) {
        out->force[1][i] = fm1[i];
        out->force[0][i] = -fm1[i];
        out->torque[0][i] = t0[i];
        out->torque[1][i] = t1[i];
    }
    return MBC_OK;
}

/* PostNewtonStep (notes, "ContactSphereSphere"), new current data:
 *   x_0 = g;  x_1 = |v_t| at the contact point;
 *   x_2 = -v_n when contact begins in this step (start-of-step gap > 0 and g <= 0),
 *         else the start-of-step value;
 *   x_3 = max(lambda_P^(1/n_exp) delta, start-of-step x_3) while g <= 0, else 0.
 * Error (N): |g k_c| when the contact state differs from the one the Newton
 * iteration used (current x_0); then, if the step started open, recommended
 * step |g_startOfStep / v_n| (s). Plus mu_d |f_1,n| / v_reg * | |v_t| - v_reg |
 * when |v_t| crossed v_reg relative to the current x_1 (in contact only).
 * activeConnector == false: data copied, error 0. */
mbc_status mbc_contact_sphere_sphere_post_newton_step(const mbc_contact_sphere_sphere_params *p,
                                                      const mbc_state *s, mbc_post_newton *out,
                                                      mbc_error *err)
{
    assert(out != NULL && out->data != NULL);
    ss_assert_state(p, s);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    const double *cur = s->data;
    const double *start = s->data_start;
    if (!p->activeConnector) {
        for (int i = 0; i < SS_DATA_COUNT; ++i)
            out->data[i] = cur[i];
        return MBC_OK;
    }
    const mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st != MBC_OK)
        return st;
    ss_law L; /* the normal force only at a friction switch, which forms its shape */
    ss_law_init(&L, p, 0);
    const ss_kin k = ss_state_kinematics(p, s);
    const ss_pns pn = ss_post_newton(&L, k, cur[SS_DATA_GAP], cur[SS_DATA_TANGENTIAL_VELOCITY],
                                     start[SS_DATA_GAP], start[SS_DATA_IMPACT_VELOCITY],
                                     start[SS_DATA_PLASTIC_OVERLAP], SS_EXP_GENERAL, SS_EXP_GENERAL,
                                     L.model, ss_friction_of(&L), 0);
    if (pn.bad) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        "ContactSphereSphere: normal force not finite (delta = %g, v_n = %g)",
                        k.delta, k.v_n);
    }
    out->data[SS_DATA_GAP] = pn.x0;
    out->data[SS_DATA_TANGENTIAL_VELOCITY] = pn.x1;
    out->data[SS_DATA_IMPACT_VELOCITY] = pn.x2;
    out->data[SS_DATA_PLASTIC_OVERLAP] = pn.x3;
    out->error = pn.error;
    out->recommended_step = pn.step;
    return MBC_OK;
}

/* Output variables (notes, "Outputs"), global:
 *   Director3 = n; Displacement = p_m1 - p_m0 (m); DisplacementLocal = [0, 0, g] (m);
 *   Velocity = v_m1 - v_m0 (m/s); Force = force on m1 (N, as in force evaluation:
 *   zero when data[0] > 0 or inactive); Torque = torque on m0 (N m); the
 *   energy books StoredEnergy (J), DissipatedPower (W) and its parts
 *   [normal damping, friction, plastic work] of ss_energy_of. */
mbc_status mbc_contact_sphere_sphere_outputs(const mbc_contact_sphere_sphere_params *p,
                                             const mbc_state *s, size_t var, double *out,
                                             size_t size, mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_SPHERE_SPHERE_OUTPUT_COUNT);
    ss_assert_state(p, s);
    (void)size;
    const ss_kin k = ss_state_kinematics(p, s);
    switch (var) {
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY:
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER:
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER_PARTS: {
        const mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
        if (st != MBC_OK)
            return st;
        ss_law L;
        ss_law_init(&L, p, SS_LAW_SHAPE);
        const double *x = s->data;
        const ss_energy e =
            ss_energy_of(&L, k, x[SS_DATA_GAP], x[SS_DATA_TANGENTIAL_VELOCITY],
                         x[SS_DATA_IMPACT_VELOCITY], x[SS_DATA_PLASTIC_OVERLAP], SS_EXP_GENERAL,
                         SS_EXP_GENERAL, L.model, ss_friction_of(&L));
        if (var == MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY) {
            out[0] = e.stored;
        } else if (var == MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER) {
            out[0] = (e.p[0] + e.p[1]) + e.p[2];
        } else {
            out[0] = e.p[0];
            out[1] = e.p[1];
            out[2] = e.p[2];
        }
        break;
    }
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DIRECTOR3:
        out[0] = k.nx;
        out[1] = k.ny;
        out[2] = k.nz;
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT:
        for (int i = 0; i < 3; ++i)
            out[i] = s->marker[1]->position[i] - s->marker[0]->position[i];
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT_LOCAL:
        out[0] = 0.0;
        out[1] = 0.0;
        out[2] = k.gap;
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_VELOCITY:
        for (int i = 0; i < 3; ++i)
            out[i] = s->marker[1]->velocity[i] - s->marker[0]->velocity[i];
        break;
    default: { /* Force or Torque: the forces hook's (zero out of contact) */
        double f_m1[3] = {0.0, 0.0, 0.0};
        if (p->activeConnector && s->data[SS_DATA_GAP] <= 0.0) {
            const mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
            if (st != MBC_OK)
                return st;
            ss_law L;
            ss_law_init(&L, p, SS_LAW_SHAPE);
            ss_frc f;
            const mbc_status fs = ss_contact_forces(&L, &k, s->data, &f, err);
            if (fs != MBC_OK)
                return fs;
            f_m1[0] = f.fx;
            f_m1[1] = f.fy;
            f_m1[2] = f.fz;
        }
        if (var == MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE) {
            for (int i = 0; i < 3; ++i)
                out[i] = f_m1[i];
        } else { /* tau_m0 = -l_0 n x f_m1 (the kernel's torque) */
            const double n[3] = {k.nx, k.ny, k.nz};
            double nxf[3];
            mbc_cross3(n, f_m1, nxf);
            for (int i = 0; i < 3; ++i)
                out[i] = -k.l0 * nxf[i];
        }
        break;
    }
    }
    return MBC_OK;
}
