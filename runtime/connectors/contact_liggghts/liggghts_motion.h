/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts's relative motion at the contact point: LIGGGHTS 3.8's
 * surface model `default` (surface_model_default.h), the first stage of
 * every contact (liggghts_law.h has the conventions).
 *
 * With en the normal towards i and the lever arms c_i = r_i - delta/2,
 * c_j = r_j - delta/2 (a wall: c_i = r_i - overlap/2, with the overlap the
 * engine found), the sliding velocity is
 *   v_tr = (v_i - v_j) - v_n en + delta x w_r,
 *   w_r = (c_i omega_i + c_j omega_j) / r      (a wall: c_i omega_i / r),
 * which is v_t - (c_i omega_i + c_j omega_j) x en: the velocity of the
 * points where the friction acts. The operations are LIGGGHTS's, in its
 * order (the product with 1/r, not a division by r). */
#ifndef MBC_RUNTIME_LIGGGHTS_MOTION_H
#define MBC_RUNTIME_LIGGGHTS_MOTION_H

#include "mbconnect/liggghts_contact.h"

#if defined(__GNUC__)
#define LG_INLINE static inline __attribute__((always_inline))
#else
#define LG_INLINE static inline
#endif

/* pi as M_PI (which strict C11 does not define): the same double. */
#define LG_PI 3.14159265358979323846

/* The relative motion of one contact. */
typedef struct lg_motion {
    double vn;       /* (v_i - v_j) . en */
    double deltan;   /* overlap: r_i + r_j - r (a wall: r_i - r) */
    double reff;     /* R* = r_i r_j / (r_i + r_j); a wall: r_i */
    double cri, crj; /* lever arms (a wall: crj unset) */
    double wr[3];    /* the rotation term w_r */
    double vtr[3];   /* the sliding velocity at the contact point */
} lg_motion;

LG_INLINE lg_motion lg_motion_of(const mbc_liggghts_contact *c)
{
    lg_motion m;
    const double *en = c->en;
    const double vr1 = c->v_i[0] - c->v_j[0];
    const double vr2 = c->v_i[1] - c->v_j[1];
    const double vr3 = c->v_i[2] - c->v_j[2];
    const double vn = vr1 * en[0] + vr2 * en[1] + vr3 * en[2];
    const double vt1 = vr1 - vn * en[0];
    const double vt2 = vr2 - vn * en[1];
    const double vt3 = vr3 - vn * en[2];
    const double radi = c->radius_i, radj = c->radius_j;
    const double radsum = c->wall ? radi : radi + radj;
    m.deltan = radsum - c->r;
    m.reff = c->wall ? radi : radi * radj / (radi + radj);
    if (c->wall) {
        const double cr = radi - 0.5 * c->wall_overlap;
        for (int k = 0; k < 3; k++)
            m.wr[k] = cr * c->omega_i[k] * c->rinv;
        m.cri = cr;
        m.crj = 0.0;
    } else {
        const double cri = radi - 0.5 * m.deltan;
        const double crj = radj - 0.5 * m.deltan;
        for (int k = 0; k < 3; k++)
            m.wr[k] = (cri * c->omega_i[k] + crj * c->omega_j[k]) * c->rinv;
        m.cri = cri;
        m.crj = crj;
    }
    const double *d = c->delta;
    m.vtr[0] = vt1 - (d[2] * m.wr[1] - d[1] * m.wr[2]);
    m.vtr[1] = vt2 - (d[0] * m.wr[2] - d[2] * m.wr[0]);
    m.vtr[2] = vt3 - (d[1] * m.wr[0] - d[0] * m.wr[1]);
    m.vn = vn;
    return m;
}

/* a x b, component by component as LIGGGHTS writes it. */
LG_INLINE void lg_cross(const double *a, const double *b, double *out)
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* sqrt(v . v) in LIGGGHTS's order (vectorMag3D). */
LG_INLINE double lg_norm(const double *v)
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* v - (v . en) en: the part of v in the tangential plane. */
LG_INLINE void lg_tangential_part(const double *v, const double *en, double *out)
{
    const double dot = v[0] * en[0] + v[1] * en[1] + v[2] * en[2];
    const double vn[3] = {en[0] * dot, en[1] * dot, en[2] * dot};
    for (int k = 0; k < 3; k++)
        out[k] = v[k] - vn[k];
}

#endif
