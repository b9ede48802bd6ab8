/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's law, written once (private to the runtime): the kernel
 * of one contact, which every path runs (the engine's entry
 * mbconnect/liggghts_contact.h, the type's hooks and its in-place pair and
 * wall loops), in the instance of its model combination.
 *
 * Conventions (LIGGGHTS's): body i is sphere a, body j sphere b or a wall;
 * en points towards i; forces and torques are those ON each body. The
 * stages run in LIGGGHTS 3.8's order, surface (liggghts_motion.h), normal,
 * cohesion, tangential, rolling, each adding into the same sums that start
 * at zero, with LIGGGHTS's operations in its order (no fused multiply-add:
 * the runtime compiles with -ffp-contract=off), so that a contact formed
 * as LIGGGHTS forms it gives its bits:
 *   F_i = ((0 + F_n en) + F_coh en) + F_t,  F_j = -(each part),
 *   T_i = (0 - c_i en x F_t) - M_r,  T_j = (0 - c_j en x F_t) + M_r,
 * a wall's parts multiplied by the contact's area_ratio as LIGGGHTS does.
 * The contact's history is read, and written with law->update. */
#ifndef MBC_RUNTIME_LIGGGHTS_LAW_H
#define MBC_RUNTIME_LIGGGHTS_LAW_H

#include "liggghts_cohesion.h"
#include "liggghts_motion.h"
#include "liggghts_normal.h"
#include "liggghts_rolling.h"
#include "liggghts_tangential.h"

/* F into the forces on i and j (a wall: i only, F area_ratio). */
LG_INLINE void lg_add_force(const mbc_liggghts_contact *c, const double f[3],
                            mbc_liggghts_result *out)
{
    for (int k = 0; k < 3; k++) {
        out->force_i[k] += c->wall ? f[k] * c->area_ratio : f[k];
        out->force_j[k] += -f[k];
    }
}

/* A normal force fn along en on i, -fn en on j (a wall: (fn area_ratio) en). */
LG_INLINE void lg_add_normal(const mbc_liggghts_contact *c, double fn, mbc_liggghts_result *out)
{
    if (c->wall) {
        const double fw = fn * c->area_ratio;
        for (int k = 0; k < 3; k++)
            out->force_i[k] += fw * c->en[k];
        return;
    }
    for (int k = 0; k < 3; k++) {
        const double f = fn * c->en[k];
        out->force_i[k] += f;
        out->force_j[k] += -f;
    }
}

/* The friction force ft at the lever arms: -c_i en x ft on i (a wall: times
 * area_ratio), -c_j en x ft on j. */
LG_INLINE void lg_add_friction(const mbc_liggghts_contact *c, const lg_motion *m,
                               const double ft[3], mbc_liggghts_result *out)
{
    double tor[3];
    lg_cross(c->en, ft, tor);
    lg_add_force(c, ft, out);
    for (int k = 0; k < 3; k++) {
        const double ti = -m->cri * tor[k];
        out->torque_i[k] += c->wall ? ti * c->area_ratio : ti;
        out->torque_j[k] += -m->crj * tor[k];
    }
}

/* The contact of c under the law L with the models given as constants (the
 * instances: liggghts_contact.c); history in place at L->shear_at and
 * L->roll_at. */
LG_INLINE void lg_contact(const mbc_liggghts_law *L, const mbc_liggghts_contact *c, double *history,
                          mbc_liggghts_result *out, const int normal, const int tangential,
                          const int cohesion, const int rolling)
{
    for (int k = 0; k < 3; k++)
        out->force_i[k] = out->force_j[k] = out->torque_i[k] = out->torque_j[k] = 0.0;
    const lg_motion m = lg_motion_of(c);
    lg_normal n = normal == MBC_LIGGGHTS_HERTZ ? lg_hertz(L, c, &m) : lg_hooke(L, c, &m);
    n.fn = lg_normal_force(L, &n, &m);
    lg_add_normal(c, n.fn, out);
    out->f_coh = 0.0;
    if (cohesion != MBC_LIGGGHTS_COHESION_OFF) {
        out->f_coh = lg_cohesion_force(L, c, cohesion);
        if (L->tangential_reduce)
            n.fn += out->f_coh;
        lg_add_normal(c, out->f_coh, out);
    }
    double ft[3] = {0.0, 0.0, 0.0};
    if (tangential == MBC_LIGGGHTS_NO_HISTORY)
        lg_no_history(L, &m, n.fn, n.gammat, ft);
    else if (tangential == MBC_LIGGGHTS_HISTORY)
        lg_history(L, c, &m, n.fn, n.kt, n.gammat, history + L->shear_at, ft);
    if (tangential != MBC_LIGGGHTS_TANGENTIAL_OFF)
        lg_add_friction(c, &m, ft, out);
    double mr[3] = {0.0, 0.0, 0.0};
    if (rolling == MBC_LIGGGHTS_CDT)
        lg_cdt(L, c, &m, n.kn, mr);
    else if (rolling != MBC_LIGGGHTS_ROLLING_OFF)
        lg_epsd(L, c, &m, n.kn, n.kt, n.fn, rolling, history + L->roll_at, mr);
    if (rolling != MBC_LIGGGHTS_ROLLING_OFF)
        for (int k = 0; k < 3; k++) {
            out->torque_i[k] -= mr[k];
            out->torque_j[k] += mr[k];
        }
    out->fn = n.fn;
    out->kn = n.kn;
    out->kt = n.kt;
    out->gamman = n.gamman;
    out->gammat = n.gammat;
    out->vn = m.vn;
    out->deltan = m.deltan;
    out->cri = m.cri;
    out->crj = m.crj;
    for (int k = 0; k < 3; k++) {
        out->wr[k] = m.wr[k];
        out->vtr[k] = m.vtr[k];
        out->f_t[k] = ft[k];
        out->m_roll[k] = mr[k];
    }
}

#endif
