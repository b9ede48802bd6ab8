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
 */
#include "mbconnect/generated/contact_sphere_sphere.h"

#include "mbconnect/contact_laws.h"
#include "contact_sphere_sphere.h"
#include "mbconnect/friction.h"
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

/* Kinematics of the sphere pair at one state. */
typedef struct ss_kinematics {
    double d[3];   /* p_m1 - p_m0, m */
    double n[3];   /* unit normal from m0 to m1 */
    double gap;    /* g = |d| - (r_0 + r_1), m */
    double delta;  /* overlap -g, m */
    double v_n;    /* (v_m1 - v_m0) . n, m/s */
    double v_t[3]; /* tangential relative velocity at the contact point, m/s */
    double v_rel;  /* |v_t|, m/s */
} ss_kinematics;

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
 * passes here; the hooks and the batch entry points (runtime/sphere_batch.c)
 * still call this once per evaluation for a parameter struct written
 * directly after validation, with the same messages. */
mbc_status mbc_contact_sphere_sphere_check_model(const mbc_contact_sphere_sphere_params *p,
                                                 mbc_error *err)
{
    const int m = p->impactModel;
    if (m != MBC_IMPACT_EAPM && m != MBC_IMPACT_HUNT_CROSSLEY && m != MBC_IMPACT_MIXED) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "impactModel", 0,
                              "must be one of 0, 1, 2 (UInt), got %d", m);
    }
    if (m == MBC_IMPACT_EAPM &&
        !(p->contactPlasticityRatio >= 0.0 && p->contactPlasticityRatio < 1.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "contactPlasticityRatio",
                              0, "must be in [0, 1) (UReal), got %g", p->contactPlasticityRatio);
    }
    if (m != MBC_IMPACT_EAPM &&
        !(p->restitutionCoefficient > 0.0 && p->restitutionCoefficient <= 1.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "restitutionCoefficient",
                              0, "must be in (0, 1] (PReal), got %g", p->restitutionCoefficient);
    }
    if (!(p->contactStiffnessExponent > 0.0)) {
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactSphereSphere", "contactStiffnessExponent",
                              0, "must be > 0 (PReal), got %g", p->contactStiffnessExponent);
    }
    return MBC_OK;
}

/* Seed "Connector Forces": n, g, delta, v_n and the tangential relative
 * velocity v_t = (v_a1 - v_a0) - v_n n at the contact point with
 *   v_a0 = v_m0 + omega_m0 x ( n (r_0 - delta/2)),
 *   v_a1 = v_m1 + omega_m1 x (-n (r_1 - delta/2)),
 * omega = A omega_local (notes, "Marker inputs"). Coincident centers: n = e_x. */
static void ss_kinematics_eval(const mbc_contact_sphere_sphere_params *p, const mbc_state *s,
                               ss_kinematics *k)
{
    const mbc_rigid_marker *m0 = s->marker[0];
    const mbc_rigid_marker *m1 = s->marker[1];
    for (int i = 0; i < 3; ++i) {
        k->d[i] = m1->position[i] - m0->position[i];
    }
    const double dist = mbc_norm3(k->d);
    if (dist > 0.0) {
        for (int i = 0; i < 3; ++i) {
            k->n[i] = k->d[i] / dist;
        }
    } else {
        k->n[0] = 1.0;
        k->n[1] = 0.0;
        k->n[2] = 0.0;
    }
    const double r0 = p->spheresRadii[0];
    const double r1 = p->spheresRadii[1];
    k->gap = dist - (r0 + r1);
    k->delta = -k->gap;

    double dv[3];
    for (int i = 0; i < 3; ++i) {
        dv[i] = m1->velocity[i] - m0->velocity[i];
    }
    k->v_n = mbc_dot3(dv, k->n);

    double w0[3], w1[3], a0[3], a1[3], wa0[3], wa1[3];
    mbc_mat3_mul(m0->rotation, m0->angular_velocity_local, w0);
    mbc_mat3_mul(m1->rotation, m1->angular_velocity_local, w1);
    const double l0 = r0 - 0.5 * k->delta;
    const double l1 = r1 - 0.5 * k->delta;
    for (int i = 0; i < 3; ++i) {
        a0[i] = k->n[i] * l0;
        a1[i] = -k->n[i] * l1;
    }
    mbc_cross3(w0, a0, wa0);
    mbc_cross3(w1, a1, wa1);
    for (int i = 0; i < 3; ++i) {
        const double va0 = m0->velocity[i] + wa0[i];
        const double va1 = m1->velocity[i] + wa1[i];
        k->v_t[i] = (va1 - va0) - k->v_n * k->n[i];
    }
    k->v_rel = mbc_norm3(k->v_t);
}

/* Normal force f_1,n = f_c + f_d on marker 1 along n (N, > 0 repulsive),
 * seed "Connector Forces" with notes "ContactSphereSphere":
 *   f_d = -d_c v_n;
 *   model 0: EAPM f_c (three cases, k_2 = k_c/(1 - lambda_P), adhesion term
 *            with n_adh; lambda_P = 0: plain k_c delta^n_exp) with delta_p = x_3;
 *   model 1/2: f_c = k_c delta^n + lambda delta^n v_n, lambda of Hunt-Crossley /
 *            the mixed law with delta-dot-minus = max(v_min, x_2) (0: lambda = 0).
 * Powers for n = 1 and 1.5 avoid pow (contact_laws.h). */
static mbc_status ss_normal_force(const mbc_contact_sphere_sphere_params *p, const ss_kinematics *k,
                                  double impact_velocity, double plastic_overlap, double *f_1n,
                                  mbc_error *err)
{
    double f_c = 0.0;
    if (p->impactModel == MBC_IMPACT_EAPM) {
        const struct mbc_eapm_params e = {
            .k_c = p->contactStiffness,
            .n_exp = p->contactStiffnessExponent,
            .lambda_p = p->contactPlasticityRatio,
            .f_adh = p->constantPullOffForce,
            .k_adh = p->adhesionCoefficient,
            .n_adh = p->adhesionExponent,
        };
        if (mbc_eapm_force(&e, k->delta, plastic_overlap, &f_c, NULL) != MBC_OK) {
            return mbc_fail(
                err, MBC_ERR_VALUE,
                "ContactSphereSphere: EAPM parameters invalid (lambda_P = %g, n_exp = %g)",
                p->contactPlasticityRatio, p->contactStiffnessExponent);
        }
    } else {
        double lambda = 0.0;
        const double v_imp = mbc_impact_velocity(p->minimumImpactVelocity, impact_velocity);
        if (mbc_restitution_lambda(p->impactModel, p->contactStiffness, p->restitutionCoefficient,
                                   v_imp, &lambda) != MBC_OK) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "ContactSphereSphere: restitution model %d invalid (e_res = %g)",
                            p->impactModel, p->restitutionCoefficient);
        }
        f_c = mbc_restitution_force(p->contactStiffness, p->contactStiffnessExponent, lambda,
                                    k->delta, k->v_n);
    }
    const double f_d = -p->contactDamping * k->v_n;
    *f_1n = f_c + f_d;
    if (!isfinite(*f_1n)) {
        return mbc_fail(err, MBC_ERR_INPUT,
                        "ContactSphereSphere: normal force not finite (delta = %g, v_n = %g)",
                        k->delta, k->v_n);
    }
    return MBC_OK;
}

/* Force on marker 1 (N) for the active set in `data`: zero when data[0] > 0,
 * else f_m1 = f_1,n n + f_1,t with the regularized friction
 *   f_1,t = -v_t mu_d |f_1,n| / v_reg   if data[1] < v_reg,
 *   f_1,t = -v_t mu_d |f_1,n| / |v_t|   otherwise
 * (branch from data[1], notes). The magnitude uses |f_1,n| (notes; the seed
 * uses the signed f_1,n, which pushes along the slip and adds energy when
 * the normal force is tensile: adhesion, or damping while separating fast).
 * So f_1,t . v_t <= 0: friction never does positive work. */
static mbc_status ss_force_m1(const mbc_contact_sphere_sphere_params *p, const ss_kinematics *k,
                              const double *data, double f_m1[3], double *f_1n_out, mbc_error *err)
{
    for (int i = 0; i < 3; ++i) {
        f_m1[i] = 0.0;
    }
    if (f_1n_out != NULL) {
        *f_1n_out = 0.0;
    }
    if (!p->activeConnector || !(data[SS_DATA_GAP] <= 0.0)) {
        return MBC_OK;
    }
    double f_1n = 0.0;
    const mbc_status st = ss_normal_force(p, k, data[SS_DATA_IMPACT_VELOCITY],
                                          data[SS_DATA_PLASTIC_OVERLAP], &f_1n, err);
    if (st != MBC_OK) {
        return st;
    }
    double f_t[3] = {0.0, 0.0, 0.0};
    if (p->dynamicFriction != 0.0) {
        mbc_regularized_coulomb_force(k->v_t, data[SS_DATA_TANGENTIAL_VELOCITY], p->dynamicFriction,
                                      fabs(f_1n), p->frictionProportionalZone, f_t);
    }
    for (int i = 0; i < 3; ++i) {
        f_m1[i] = f_1n * k->n[i] + f_t[i];
    }
    if (f_1n_out != NULL) {
        *f_1n_out = f_1n;
    }
    return MBC_OK;
}

/* Seed torques (N m):
 *   tau_m1 = -n (r_1 - delta/2) x f_m1,   tau_m0 = n (r_0 - delta/2) x (-f_m1).
 * The contact point p_m0 + n (r_0 - delta/2) = p_m1 - n (r_1 - delta/2), so with
 * the forces applied at the marker positions the moments about any point
 * balance. */
static void ss_torques(const mbc_contact_sphere_sphere_params *p, const ss_kinematics *k,
                       const double f_m1[3], double tau_m0[3], double tau_m1[3])
{
    double nxf[3];
    mbc_cross3(k->n, f_m1, nxf);
    const double l0 = p->spheresRadii[0] - 0.5 * k->delta;
    const double l1 = p->spheresRadii[1] - 0.5 * k->delta;
    for (int i = 0; i < 3; ++i) {
        tau_m1[i] = -l1 * nxf[i];
        tau_m0[i] = -l0 * nxf[i];
    }
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
    if (!p->activeConnector || !(s->data[SS_DATA_GAP] <= 0.0)) {
        return MBC_OK; /* inactive, or open by the active set: no kinematics needed */
    }
    mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st != MBC_OK) {
        return st;
    }
    ss_kinematics k;
    ss_kinematics_eval(p, s, &k);
    double f_m1[3];
    st = ss_force_m1(p, &k, s->data, f_m1, NULL, err);
    if (st != MBC_OK) {
        return st;
    }
    for (int i = 0; i < 3; ++i) {
        out->force[1][i] = f_m1[i];
        out->force[0][i] = -f_m1[i];
    }
    ss_torques(p, &k, f_m1, out->torque[0], out->torque[1]);
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
        for (int i = 0; i < SS_DATA_COUNT; ++i) {
            out->data[i] = cur[i];
        }
        return MBC_OK;
    }
    mbc_status st = mbc_contact_sphere_sphere_check_model(p, err);
    if (st != MBC_OK) {
        return st;
    }
    ss_kinematics k;
    ss_kinematics_eval(p, s, &k);
    const double g = k.gap;
    const int contact = (g <= 0.0);

    double x[SS_DATA_COUNT];
    x[SS_DATA_GAP] = g;
    x[SS_DATA_TANGENTIAL_VELOCITY] = k.v_rel;
    x[SS_DATA_IMPACT_VELOCITY] =
        (start[SS_DATA_GAP] > 0.0 && contact) ? -k.v_n : start[SS_DATA_IMPACT_VELOCITY];
    x[SS_DATA_PLASTIC_OVERLAP] =
        contact ? mbc_eapm_plastic_overlap(p->contactPlasticityRatio, p->contactStiffnessExponent,
                                           k.delta, start[SS_DATA_PLASTIC_OVERLAP])
                : 0.0;

    double error = 0.0;
    const int was_contact = (cur[SS_DATA_GAP] <= 0.0);
    if (contact != was_contact) {
        error += fabs(g * p->contactStiffness);
        if (start[SS_DATA_GAP] > 0.0 && k.v_n != 0.0) {
            const double h = fabs(start[SS_DATA_GAP] / k.v_n);
            if (isfinite(h)) {
                out->recommended_step = h;
            }
        }
    }
    const double v_reg = p->frictionProportionalZone;
    if (contact && p->dynamicFriction != 0.0 && v_reg > 0.0 &&
        ((cur[SS_DATA_TANGENTIAL_VELOCITY] < v_reg) != (k.v_rel < v_reg))) {
        double f_1n = 0.0;
        st = ss_normal_force(p, &k, x[SS_DATA_IMPACT_VELOCITY], x[SS_DATA_PLASTIC_OVERLAP], &f_1n,
                             err);
        if (st != MBC_OK) {
            return st;
        }
        const double term = p->dynamicFriction * fabs(f_1n) / v_reg * fabs(k.v_rel - v_reg);
        if (isfinite(term)) {
            error += term;
        }
    }
    for (int i = 0; i < SS_DATA_COUNT; ++i) {
        out->data[i] = x[i];
    }
    out->error = error;
    return MBC_OK;
}

/* Output variables (notes, "Outputs"), each of size 3, global:
 *   Director3 = n; Displacement = p_m1 - p_m0 (m); DisplacementLocal = [0, 0, g] (m);
 *   Velocity = v_m1 - v_m0 (m/s); Force = force on m1 (N, as in force evaluation:
 *   zero when data[0] > 0 or inactive); Torque = torque on m0 (N m). */
mbc_status mbc_contact_sphere_sphere_outputs(const mbc_contact_sphere_sphere_params *p,
                                             const mbc_state *s, size_t var, double *out,
                                             size_t size, mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_SPHERE_SPHERE_OUTPUT_COUNT && size == 3);
    ss_assert_state(p, s);
    (void)size;
    mbc_status st = MBC_OK;
    ss_kinematics k;
    ss_kinematics_eval(p, s, &k);
    switch (var) {
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DIRECTOR3:
        for (int i = 0; i < 3; ++i) {
            out[i] = k.n[i];
        }
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT:
        for (int i = 0; i < 3; ++i) {
            out[i] = k.d[i];
        }
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISPLACEMENT_LOCAL:
        out[0] = 0.0;
        out[1] = 0.0;
        out[2] = k.gap;
        break;
    case MBC_CONTACT_SPHERE_SPHERE_OUTPUT_VELOCITY:
        for (int i = 0; i < 3; ++i) {
            out[i] = s->marker[1]->velocity[i] - s->marker[0]->velocity[i];
        }
        break;
    default: { /* Force or Torque */
        double f_m1[3] = {0.0, 0.0, 0.0};
        if (p->activeConnector) {
            st = mbc_contact_sphere_sphere_check_model(p, err);
            if (st == MBC_OK) {
                st = ss_force_m1(p, &k, s->data, f_m1, NULL, err);
            }
            if (st != MBC_OK) {
                return st;
            }
        }
        if (var == MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE) {
            for (int i = 0; i < 3; ++i) {
                out[i] = f_m1[i];
            }
        } else {
            double tau1[3];
            ss_torques(p, &k, f_m1, out, tau1);
        }
        break;
    }
    }
    return MBC_OK;
}
