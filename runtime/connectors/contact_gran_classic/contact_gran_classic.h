/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranClassic beyond its generated API
 * (mbconnect/generated/contact_gran_classic.h): the law of a parameter set,
 * as the type's hooks (connector_contact_gran_classic.c) and an engine's
 * loops (contact_gran_classic_pairs.c) resolve it, and a contact of two
 * spheres as the law sees it.
 *
 * Internal to the runtime (not installed, not exported). */
#ifndef MBC_RUNTIME_CONTACT_GRAN_CLASSIC_H
#define MBC_RUNTIME_CONTACT_GRAN_CLASSIC_H

#include "gran_classic_law.h"
#include "mbconnect/generated/contact_gran_classic.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The law of a validated parameter set: the coefficients, gamma_t = 0
 * without tangentialDampingOn (LAMMPS's dampflag 0), limit_damping, the
 * time step, lammps2021. */
void mbc_contact_gran_classic_law(const mbc_contact_gran_classic_params *p,
                                  mbc_gran_classic_law *law);

/* The contact of spheres a and b (center, velocity, global angular
 * velocity, radius, mass; +inf: an atom that does not move) with the shear
 * history `shear`, as pair_gran_*.cpp forms it. */
static inline mbc_gran_classic_in
mbc_contact_gran_classic_pair_in(const double xa[3], const double xb[3], const double va[3],
                                 const double vb[3], const double wa[3], const double wb[3],
                                 double r_a, double r_b, double m_a, double m_b,
                                 const double shear[3])
{
    mbc_gran_classic_in in;
    for (int k = 0; k < 3; k++) {
        in.del[k] = xa[k] - xb[k];
        in.vr[k] = va[k] - vb[k];
        in.wsum[k] = r_a * wa[k] + r_b * wb[k];
        in.shear[k] = shear[k];
    }
    in.r_a = r_a;
    in.r_b = r_b;
    in.meff = mbc_gran_classic_meff(m_a, m_b);
    in.rsq = 0.0;
    return in;
}

#ifdef __cplusplus
}
#endif

#endif
