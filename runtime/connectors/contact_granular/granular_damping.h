/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's normal damping models (granular_law.h has the
 * conventions): velocity, mass_velocity, viscoelastic and tsuji. */
#ifndef MBC_RUNTIME_GRANULAR_DAMPING_H
#define MBC_RUNTIME_GRANULAR_DAMPING_H

#include "granular_law.h"

/* The damping prefactor eta_n (the normal damping force is -eta_n v_n):
 * velocity eta_n0; mass_velocity eta_n0 m*; viscoelastic eta_n0 a m*;
 * tsuji alpha sqrt(m* knfac). `family`: MBC_GRANULAR_DAMPING_*, the
 * model within the linear family law->damping. */
MBC_GRANULAR_INLINE double mbc_granular_damping(const mbc_granular_law *law, const int family,
                                                double meff, double a, double knfac, double lane)
{
    int velocity = 0;
    double damp;
    if (family == MBC_GRANULAR_DAMPING_TSUJI) {
        damp = sqrt(meff * knfac);
    } else {
        velocity = mbc_granular_lane(lane, law->velocity);
        const int mass = mbc_granular_lane(lane, law->mass_velocity);
        damp = velocity ? 1.0 : mass ? meff : a * meff;
    }
    /* two frozen atoms (infinite masses, which do not move): no damping of
     * a model that weighs it by the mass (LAMMPS takes one atom's finite
     * mass; at rest the forces are the same) */
    return law->eta_n0 * ((meff > DBL_MAX && !velocity) ? 0.0 : damp);
}

#endif /* MBC_RUNTIME_GRANULAR_DAMPING_H */
