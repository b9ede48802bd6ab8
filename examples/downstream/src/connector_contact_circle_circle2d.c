/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactCircleCircle2D runtime hooks (examples/downstream): penalty contact
 * with regularized Coulomb friction between two circles in the x-y plane.
 * The prototypes come from the header mbcgen generates from
 * specs/ContactCircleCircle2D.lua; the contact law and the friction law are
 * the installed library's (mbconnect/contact_laws.h, mbconnect/friction.h).
 *
 * Geometry (x and y components only):
 *   d = p_m1 - p_m0, L = |d|, n = d / L (n = e_x for L = 0), t = [-n_y, n_x],
 *   g = L - (r0 + r1); contact point in the middle of the overlap, at the
 *   lever arms l0 = r0 + g/2 from center 0 and l1 = r1 + g/2 from center 1.
 *   v_n = (v_m1 - v_m0) . n,
 *   v_t = (v_m1 - v_m0) . t - omega_1 l1 - omega_0 l0   (omega = z of A omega_local).
 * Forces, contact when data[0] < 0 (never switched in force evaluation):
 *   f_n = k_c g + d_c v_n;
 *   f_t = -mu |f_n| v_t / v_reg  (|v_t| < v_reg),  -mu |f_n| sign(v_t)  (otherwise);
 *   force on m1 = -f_n n + f_t t, on m0 its negative;
 *   torque_z on m1 = -l1 f_t, on m0 = -l0 f_t (moments balance since l0 + l1 = L).
 * PostNewtonStep: data[0] = g; error |k_c g| when the contact state changed. */
#include <math.h>
#include <stdio.h>

#include "mbconnect/contact_laws.h"
#include "mbconnect/friction.h"
#include "mbconnect/generated/contact_circle_circle2d.h"
#include "mbconnect/vec.h"

#define TYPE_NAME "ContactCircleCircle2D"

typedef struct kinematics {
    double d[3];   /* p_m1 - p_m0 (3D, for the Displacement output) */
    double n[2];   /* normal, circle 0 -> circle 1 */
    double t[2];   /* tangent [-n_y, n_x] */
    double gap;    /* L - (r0 + r1) */
    double l0, l1; /* lever arms of the contact point */
    double v_n, v_t;
} kinematics;

mbc_status mbc_contact_circle_circle2d_check_radii(const mbc_contact_circle_circle2d_params *p,
                                                   mbc_error *err)
{
    const double *r = p->circlesRadii;
    if (!(r[0] > 0.0 && r[1] > 0.0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE_NAME, "circlesRadii", 0,
                              "both radii must be > 0, given [%g, %g]", r[0], r[1]);
    return MBC_OK;
}

mbc_status mbc_contact_circle_circle2d_check_friction(const mbc_contact_circle_circle2d_params *p,
                                                      mbc_error *err)
{
    if (p->dynamicFriction > 0.0 && !(p->frictionProportionalZone > 0.0))
        return mbc_fail_param(err, MBC_ERR_VALUE, TYPE_NAME, "frictionProportionalZone", 0,
                              "must be > 0 when dynamicFriction > 0, given %g",
                              p->frictionProportionalZone);
    return MBC_OK;
}

static mbc_status check_state(const mbc_contact_circle_circle2d_params *p, const mbc_state *s,
                              mbc_error *err)
{
    if (!s || !s->marker[0] || !s->marker[1])
        return mbc_fail(err, MBC_ERR_INPUT, TYPE_NAME ": needs the rigid markers m0 and m1");
    if (!s->data || s->data_count != 1)
        return mbc_fail(err, MBC_ERR_INPUT, TYPE_NAME ": needs 1 data coordinate, given %zu",
                        s && s->data ? s->data_count : (size_t)0);
    mbc_error e;
    if (mbc_contact_circle_circle2d_check_radii(p, &e) != MBC_OK)
        return mbc_fail(err, MBC_ERR_STATE, "%s", e.message);
    return MBC_OK;
}

/* z component of the global angular velocity A * omega_local. */
static double omega_z(const mbc_rigid_marker *m)
{
    double w[3];
    mbc_mat3_mul(m->rotation, m->angular_velocity_local, w);
    return w[2];
}

static void kinematics_eval(const mbc_contact_circle_circle2d_params *p, const mbc_state *s,
                            kinematics *k)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    for (int i = 0; i < 3; i++)
        k->d[i] = m1->position[i] - m0->position[i];
    const double len = mbc_hypot2(k->d[0], k->d[1]);
    k->n[0] = len > 0.0 ? k->d[0] / len : 1.0;
    k->n[1] = len > 0.0 ? k->d[1] / len : 0.0;
    k->t[0] = -k->n[1];
    k->t[1] = k->n[0];
    k->gap = len - (p->circlesRadii[0] + p->circlesRadii[1]);
    k->l0 = p->circlesRadii[0] + 0.5 * k->gap;
    k->l1 = p->circlesRadii[1] + 0.5 * k->gap;
    const double dv[2] = {m1->velocity[0] - m0->velocity[0], m1->velocity[1] - m0->velocity[1]};
    k->v_n = mbc_dot2(dv, k->n);
    k->v_t = mbc_dot2(dv, k->t) - omega_z(m1) * k->l1 - omega_z(m0) * k->l0;
}

/* Force on m1 (x, y) and the scalar friction force f_t for the active set in data. */
static void force_m1(const mbc_contact_circle_circle2d_params *p, const kinematics *k,
                     const double *data, double f1[2], double *f_t_out)
{
    f1[0] = f1[1] = 0.0;
    *f_t_out = 0.0;
    if (!p->activeConnector || !(data[0] < 0.0))
        return;
    const double f_n =
        mbc_linear_spring_damper(p->contactStiffness, p->contactDamping, k->gap, k->v_n);
    double f_t = 0.0;
    if (p->dynamicFriction > 0.0) {
        const double v_t[3] = {k->v_t, 0.0, 0.0}, vabs = fabs(k->v_t);
        double ft[3];
        mbc_regularized_coulomb_force(v_t, vabs, p->dynamicFriction, fabs(f_n),
                                      p->frictionProportionalZone, ft);
        f_t = ft[0];
    }
    f1[0] = -f_n * k->n[0] + f_t * k->t[0];
    f1[1] = -f_n * k->n[1] + f_t * k->t[1];
    *f_t_out = f_t;
}

mbc_status mbc_contact_circle_circle2d_forces(const mbc_contact_circle_circle2d_params *p,
                                              const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, TYPE_NAME ": NULL force result");
    mbc_status st = check_state(p, s, err);
    if (st != MBC_OK)
        return st;
    kinematics k;
    kinematics_eval(p, s, &k);
    double f1[2], f_t;
    force_m1(p, &k, s->data, f1, &f_t);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++)
            out->force[j][i] = out->torque[j][i] = 0.0;
    for (int i = 0; i < 2; i++) {
        out->force[1][i] = f1[i];
        out->force[0][i] = -f1[i];
    }
    out->torque[1][2] = -k.l1 * f_t;
    out->torque[0][2] = -k.l0 * f_t;
    return MBC_OK;
}

mbc_status mbc_contact_circle_circle2d_post_newton_step(const mbc_contact_circle_circle2d_params *p,
                                                        const mbc_state *s, mbc_post_newton *out,
                                                        mbc_error *err)
{
    if (!out || !out->data)
        return mbc_fail(err, MBC_ERR_INPUT, TYPE_NAME ": NULL PostNewtonStep result");
    mbc_status st = check_state(p, s, err);
    if (st != MBC_OK)
        return st;
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    if (!p->activeConnector) {
        out->data[0] = s->data[0];
        return MBC_OK;
    }
    kinematics k;
    kinematics_eval(p, s, &k);
    if ((k.gap < 0.0) != (s->data[0] < 0.0))
        out->error = fabs(p->contactStiffness * k.gap);
    out->data[0] = k.gap;
    return MBC_OK;
}

mbc_status mbc_contact_circle_circle2d_outputs(const mbc_contact_circle_circle2d_params *p,
                                               const mbc_state *s, size_t output, double *out,
                                               size_t size, mbc_error *err)
{
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, TYPE_NAME ": NULL output buffer");
    if (output >= MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_COUNT)
        return mbc_fail(err, MBC_ERR_NAME,
                        TYPE_NAME ": output variable %zu not available (Force, Displacement, "
                                  "Penetration)",
                        output);
    size_t need = output == MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_PENETRATION ? 1 : 3;
    if (size != need)
        return mbc_fail(err, MBC_ERR_SIZE, TYPE_NAME ": output needs size %zu, given %zu", need,
                        size);
    mbc_status st = check_state(p, s, err);
    if (st != MBC_OK)
        return st;
    kinematics k;
    kinematics_eval(p, s, &k);
    if (output == MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_PENETRATION) {
        out[0] = k.gap < 0.0 ? -k.gap : 0.0; /* m */
    } else if (output == MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_DISPLACEMENT) {
        for (int i = 0; i < 3; i++)
            out[i] = k.d[i];
    } else {
        double f1[2], f_t;
        force_m1(p, &k, s->data, f1, &f_t);
        out[0] = f1[0];
        out[1] = f1[1];
        out[2] = 0.0;
    }
    return MBC_OK;
}
