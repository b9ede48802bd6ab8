/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactSpringSphere (tests/lammps/spring/specs): a pair law without data
 * coordinates.
 *
 *   d = p_m1 - p_m0, n = d / |d| (e_x when |d| = 0), delta = r0 + r1 - |d|;
 *   while delta > 0: force on m1 k_c delta n (N), on m0 its negative;
 *   Energy k_c delta^2 / 2 (J). */
#include "mbconnect/generated/contact_spring_sphere.h"
#include "mbconnect/vec.h"

/* The overlap and the normal of a state. */
static double overlap(const mbc_contact_spring_sphere_params *p, const mbc_state *s, double n[3])
{
    double d[3];
    for (int i = 0; i < 3; i++)
        d[i] = s->marker[1]->position[i] - s->marker[0]->position[i];
    const double len = mbc_norm3(d);
    for (int i = 0; i < 3; i++)
        n[i] = len > 0.0 ? d[i] / len : (i == 0 ? 1.0 : 0.0);
    return p->radii[0] + p->radii[1] - len;
}

mbc_status mbc_contact_spring_sphere_forces(const mbc_contact_spring_sphere_params *p,
                                            const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    (void)err;
    double n[3];
    const double delta = overlap(p, s, n), f = delta > 0.0 ? p->contactStiffness * delta : 0.0;
    for (int i = 0; i < 3; i++) {
        out->force[1][i] = f * n[i];
        out->force[0][i] = -f * n[i];
        out->torque[0][i] = out->torque[1][i] = 0.0;
    }
    return MBC_OK;
}

mbc_status mbc_contact_spring_sphere_outputs(const mbc_contact_spring_sphere_params *p,
                                             const mbc_state *s, size_t output, double *out,
                                             size_t size, mbc_error *err)
{
    (void)output; /* Energy, the only one */
    (void)size;
    (void)err;
    double n[3];
    const double delta = overlap(p, s, n);
    out[0] = delta > 0.0 ? 0.5 * p->contactStiffness * delta * delta : 0.0;
    return MBC_OK;
}
