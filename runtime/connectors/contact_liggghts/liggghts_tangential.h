/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's tangential models: LIGGGHTS 3.8's no_history and
 * history (tangential_model_no_history.h, tangential_model_history.h;
 * liggghts_law.h has the conventions).
 *
 * no_history: F_t = -gamma v_tr with gamma = min(gamma_t, mu |F_n| / |v_tr|).
 * history: the displacement xi grows by v_tr dt, then loses its part along
 * en (its length is not kept); the spring F_e = -k_t xi slides when
 * |F_e| > mu |F_n|: F_t = F_e scaled to mu |F_n| and xi = -F_t / k_t, no
 * damping; else it sticks and F_t = F_e - gamma_t v_tr. Cundall and
 * Strack's spring, the Coulomb test on the spring alone. */
#ifndef MBC_RUNTIME_LIGGGHTS_TANGENTIAL_H
#define MBC_RUNTIME_LIGGGHTS_TANGENTIAL_H

#include <math.h>

#include "liggghts_motion.h"

LG_INLINE void lg_no_history(const mbc_liggghts_law *L, const lg_motion *m, double fn,
                             double gammat, double ft[3])
{
    const double vrel = lg_norm(m->vtr);
    const double ft_friction = L->mu * fabs(fn);
    const double gamma = ft_friction < gammat * vrel ? ft_friction / vrel : gammat;
    for (int k = 0; k < 3; k++)
        ft[k] = -gamma * m->vtr[k];
}

/* shear: the contact's displacement, advanced and written when `update`. */
LG_INLINE void lg_history(const mbc_liggghts_law *L, const mbc_liggghts_contact *c,
                          const lg_motion *m, double fn, double kt, double gammat, double *shear,
                          double ft[3])
{
    const double *en = c->en;
    double s[3] = {shear[0], shear[1], shear[2]};
    if (L->update) {
        for (int k = 0; k < 3; k++)
            s[k] += m->vtr[k] * L->dt;
        const double rsht = s[0] * en[0] + s[1] * en[1] + s[2] * en[2];
        for (int k = 0; k < 3; k++)
            s[k] -= rsht * en[k];
    }
    const double shrmag = lg_norm(s);
    for (int k = 0; k < 3; k++)
        ft[k] = -(kt * s[k]);
    const double ft_shear = kt * shrmag;
    const double ft_friction = L->mu * fabs(fn);
    if (ft_shear > ft_friction) {
        if (shrmag != 0.0) {
            const double ratio = ft_friction / ft_shear;
            for (int k = 0; k < 3; k++)
                ft[k] *= ratio;
            if (L->update)
                for (int k = 0; k < 3; k++)
                    s[k] = -ft[k] / kt;
        } else {
            ft[0] = ft[1] = ft[2] = 0.0;
        }
    } else {
        for (int k = 0; k < 3; k++)
            ft[k] -= gammat * m->vtr[k];
    }
    if (L->update)
        for (int k = 0; k < 3; k++)
            shear[k] = s[k];
}

#endif
