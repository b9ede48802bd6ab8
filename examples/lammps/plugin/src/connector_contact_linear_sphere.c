/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLinearSphere runtime hooks (examples/lammps/plugin): a linear
 * spring-dashpot contact between two spheres, without friction.
 *
 *   d = p_m1 - p_m0, n = d / |d| (e_x when |d| = 0), delta = r0 + r1 - |d|,
 *   v_n = (v_m1 - v_m0) . n;
 *   contact while data[0] <= 0 (the active set of the last PostNewtonStep):
 *   force on m1 = (k_c delta - d_c v_n) n, on m0 its negative (N);
 *   Energy = k_c delta^2 / 2 (J); MaxOverlap = data[1] (m).
 * PostNewtonStep: data[0] = -delta; data[1] = max(start data[1], delta) while
 * delta >= 0, else 0; error |k_c delta| when the contact state changed. */
#include <math.h>

#include "mbconnect/generated/contact_linear_sphere.h"
#include "mbconnect/vec.h"

typedef struct kinematics {
    double n[3];
    double delta; /* overlap, m */
    double v_n;   /* normal relative velocity, m/s (> 0 separating) */
} kinematics;

static void kinematics_eval(const mbc_contact_linear_sphere_params *p, const mbc_state *s,
                            kinematics *k)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    double d[3], dv[3];
    for (int i = 0; i < 3; i++) {
        d[i] = m1->position[i] - m0->position[i];
        dv[i] = m1->velocity[i] - m0->velocity[i];
    }
    const double len = mbc_norm3(d);
    for (int i = 0; i < 3; i++)
        k->n[i] = len > 0.0 ? d[i] / len : (i == 0 ? 1.0 : 0.0);
    k->delta = p->radii[0] + p->radii[1] - len;
    k->v_n = mbc_dot3(dv, k->n);
}

/* Normal force on m1 along n for the active set in data (N). */
static double normal_force(const mbc_contact_linear_sphere_params *p, const kinematics *k,
                           const double *data)
{
    return data[0] <= 0.0 ? p->contactStiffness * k->delta - p->contactDamping * k->v_n : 0.0;
}

mbc_status mbc_contact_linear_sphere_forces(const mbc_contact_linear_sphere_params *p,
                                            const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    (void)err;
    kinematics k;
    kinematics_eval(p, s, &k);
    const double f = normal_force(p, &k, s->data);
    for (int i = 0; i < 3; i++) {
        out->force[1][i] = f * k.n[i];
        out->force[0][i] = -f * k.n[i];
        out->torque[0][i] = out->torque[1][i] = 0.0;
    }
    return MBC_OK;
}

mbc_status mbc_contact_linear_sphere_post_newton_step(const mbc_contact_linear_sphere_params *p,
                                                      const mbc_state *s, mbc_post_newton *out,
                                                      mbc_error *err)
{
    (void)err;
    kinematics k;
    kinematics_eval(p, s, &k);
    const int contact = k.delta >= 0.0;
    out->data[0] = -k.delta;
    out->data[1] = contact ? fmax(s->data_start[1], k.delta) : 0.0;
    out->error = contact != (s->data[0] <= 0.0) ? fabs(p->contactStiffness * k.delta) : 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    return MBC_OK;
}

mbc_status mbc_contact_linear_sphere_outputs(const mbc_contact_linear_sphere_params *p,
                                             const mbc_state *s, size_t output, double *out,
                                             size_t size, mbc_error *err)
{
    (void)size;
    (void)err;
    kinematics k;
    kinematics_eval(p, s, &k);
    const int contact = s->data[0] <= 0.0;
    switch (output) {
    case MBC_CONTACT_LINEAR_SPHERE_OUTPUT_FORCE:
        for (int i = 0; i < 3; i++)
            out[i] = normal_force(p, &k, s->data) * k.n[i];
        break;
    case MBC_CONTACT_LINEAR_SPHERE_OUTPUT_ENERGY:
        out[0] = contact ? 0.5 * p->contactStiffness * k.delta * k.delta : 0.0;
        break;
    default: /* MaxOverlap */
        out[0] = s->data[1];
        break;
    }
    return MBC_OK;
}
