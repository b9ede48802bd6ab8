/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactStickySphere (tests/lammps/sticky/specs): one per-pair kernel,
 * called by the hooks and by the in-place loop (mbconnect/pair_kernel.h),
 * as a type outside the tree brings its fast path.
 *
 *   g = |d| - (r_0 + r_1), m_eff = 1 / (1/m_0 + 1/m_1), v_n = (v_1 - v_0).n;
 *   in contact while g < g_r: force on m1 (-k_c g - c m_eff v_n) n, on m0
 *   its negative; Energy k_c g^2 / 2; data x_0 = g (PostNewtonStep). */
#include <math.h>

#include "mbconnect/generated/contact_sticky_sphere.h"
#include "mbconnect/pair_kernel.h"
#include "mbconnect/vec.h"

typedef struct sticky_law {
    double k, c, reach;
} sticky_law;

/* The law: force on sphere b (m1), contact, energy (output 0). */
static inline mbc_pair_out sticky_kernel(const sticky_law *L, const mbc_pair_in in,
                                         const double *start, double *now, const int post_newton,
                                         const int plain)
{
    (void)start;
    (void)plain;
    if (post_newton)
        now[0] = in.gap;
    const double m_eff = 1.0 / (1.0 / in.m[0] + 1.0 / in.m[1]);
    const double v_n = (in.v[1][0] - in.v[0][0]) * in.n[0] + (in.v[1][1] - in.v[0][1]) * in.n[1] +
                       (in.v[1][2] - in.v[0][2]) * in.n[2];
    const int contact = in.gap < L->reach;
    const double f = contact ? -L->k * in.gap - L->c * m_eff * v_n : 0.0;
    mbc_pair_out o = {{f * in.n[0], f * in.n[1], f * in.n[2]},
                      {{0, 0, 0}, {0, 0, 0}},
                      {contact ? 0.5 * L->k * in.gap * in.gap : 0.0},
                      contact,
                      !(fabs(f) <= 1e300),
                      0};
    return o;
}

static sticky_law sticky_law_of(const mbc_contact_sticky_sphere_params *p)
{
    const sticky_law L = {p->contactStiffness, p->massDamping, p->reachDistance};
    return L;
}

/* The pair of a state as the kernel sees it (sphere a at m0). */
static mbc_pair_in sticky_in(const mbc_contact_sticky_sphere_params *p, const mbc_state *s)
{
    const mbc_rigid_marker *m0 = s->marker[0], *m1 = s->marker[1];
    const mbc_pair_geometry g =
        mbc_pair_geometry_of(m1->position[0] - m0->position[0], m1->position[1] - m0->position[1],
                             m1->position[2] - m0->position[2], p->radii[0], p->radii[1], 0);
    const mbc_pair_in in = {{g.n[0], g.n[1], g.n[2]},
                            g.gap,
                            {{m0->velocity[0], m0->velocity[1], m0->velocity[2]},
                             {m1->velocity[0], m1->velocity[1], m1->velocity[2]}},
                            {{0, 0, 0}, {0, 0, 0}},
                            {p->radii[0], p->radii[1]},
                            {p->masses[0], p->masses[1]}};
    return in;
}

mbc_status mbc_contact_sticky_sphere_forces(const mbc_contact_sticky_sphere_params *p,
                                            const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    (void)err;
    const sticky_law L = sticky_law_of(p);
    const mbc_pair_out o = sticky_kernel(&L, sticky_in(p, s), s->data, NULL, 0, 0);
    for (int i = 0; i < 3; i++) {
        out->force[1][i] = o.force[i];
        out->force[0][i] = -o.force[i];
        out->torque[0][i] = out->torque[1][i] = 0.0;
    }
    return MBC_OK;
}

mbc_status mbc_contact_sticky_sphere_post_newton_step(const mbc_contact_sticky_sphere_params *p,
                                                      const mbc_state *s, mbc_post_newton *out,
                                                      mbc_error *err)
{
    (void)err;
    const sticky_law L = sticky_law_of(p);
    (void)sticky_kernel(&L, sticky_in(p, s), s->data_start, out->data, 1, 0);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    return MBC_OK;
}

mbc_status mbc_contact_sticky_sphere_outputs(const mbc_contact_sticky_sphere_params *p,
                                             const mbc_state *s, size_t output, double *out,
                                             size_t size, mbc_error *err)
{
    (void)size;
    (void)err;
    const sticky_law L = sticky_law_of(p);
    const mbc_pair_out o = sticky_kernel(&L, sticky_in(p, s), s->data, NULL, 0, 0);
    if (output == MBC_CONTACT_STICKY_SPHERE_OUTPUT_ENERGY)
        out[0] = o.output[0];
    else
        for (int i = 0; i < 3; i++)
            out[i] = o.force[i];
    return MBC_OK;
}

double mbc_contact_sticky_sphere_pair_reach(const mbc_contact_sticky_sphere_params *p, double r_a,
                                            double r_b)
{
    (void)r_a;
    (void)r_b;
    return p->reachDistance;
}

MBC_PAIR_KERNEL_LOOP(sticky_pns, sticky_law, sticky_kernel, 1, 1, 1, 1)
MBC_PAIR_KERNEL_LOOP(sticky_keep, sticky_law, sticky_kernel, 0, 1, 1, 1)

mbc_status mbc_contact_sticky_sphere_pair_evaluate(const mbc_contact_sticky_sphere_params *p,
                                                   const mbc_pair_call *call, mbc_pair_sums *sums,
                                                   mbc_error *err)
{
    const mbc_status st = mbc_pair_kernel_outputs(err, "ContactStickySphere", sums, 1);
    if (st != MBC_OK)
        return st;
    const sticky_law L = sticky_law_of(p);
    const size_t bad = (call->flags & MBC_PAIR_POST_NEWTON) ? sticky_pns(&L, call, sums)
                                                            : sticky_keep(&L, call, sums);
    return bad < call->count ? mbc_pair_kernel_fail(err, "ContactStickySphere", call, sums, bad,
                                                    "force not finite")
                             : MBC_OK;
}
