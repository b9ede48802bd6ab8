/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy books of ContactGranClassic (outputs StoredEnergy,
 * DissipatedPower, StoredEnergyParts, DissipatedPowerParts, EnergyFlows)
 * from one result of the law (gran_classic_law.h): the hooks
 * (connector_contact_gran_classic.c) and an engine's loops
 * (contact_gran_classic_pairs.c) call it, nothing else computes them.
 *
 * With s = sqrt(delta R*) (hertz/history) or 1 (hooke, hooke/history),
 * F_ne = s k_n delta the elastic part of the normal force and
 * v_n = (v_a - v_b) . n:
 * Stored (J):
 *   normal      hooke: k_n delta^2/2; hertz: (2/5) k_n s delta^2
 *               (the integral of F_ne: (1/2 or 2/5) delta F_ne)
 *   tangential  k_t s |xi|^2/2 of the new shear history (0 for hooke)
 * Dissipated power (W), what the forces' power on the spheres does not
 * put into the stored energy:
 *   normal      -(F_n - F_ne) v_n (the damping, limit_damping included)
 *   tangential  -F_t . v_tr - k_t s xi . v_tr (hooke: -F_t . v_tr); the
 *               friction torques' lever arms are the radii, so that the
 *               friction's power on the spheres is F_t . v_tr
 * Flows (W):
 *   stiffness   the power hertz/history's stiffness k_t s puts into the
 *               shear spring at constant history: dE_t/ds ds/dt =
 *               E_t (d delta/dt)/(2 delta), d delta/dt = -v_n
 *   slip        the spring energy the Coulomb limit takes in a history
 *               step that slides (the law's slip) over the time step
 * DissipatedPower is the parts' sum plus the slip loss minus the stiffness
 * power: the stored energy plus its time integral is then the work of the
 * contact forces and torques on the spheres (to first order in the step).
 *
 * Internal to the runtime. */
#ifndef MBC_RUNTIME_GRAN_CLASSIC_ENERGY_H
#define MBC_RUNTIME_GRAN_CLASSIC_ENERGY_H

#include "gran_classic_law.h"

/* Components of the parts (StoredEnergyParts, DissipatedPowerParts) and
 * of the flows (EnergyFlows), the outputs' order. */
enum {
    MBC_GRAN_CLASSIC_E_NORMAL = 0,
    MBC_GRAN_CLASSIC_E_TANGENTIAL = 1,
    MBC_GRAN_CLASSIC_E_COUNT = 2
};
enum {
    MBC_GRAN_CLASSIC_F_STIFFNESS = 0,
    MBC_GRAN_CLASSIC_F_SLIP = 1,
    MBC_GRAN_CLASSIC_F_COUNT = 2
};

typedef struct mbc_gran_classic_energy {
    double stored[MBC_GRAN_CLASSIC_E_COUNT]; /* J */
    double power[MBC_GRAN_CLASSIC_E_COUNT];  /* dissipated, W */
    double flow[MBC_GRAN_CLASSIC_F_COUNT];   /* W: into the spring; lost */
} mbc_gran_classic_energy;

/* The books of result o of the law (model: MBC_GRAN_CLASSIC_*); stepped:
 * o is a history step of law->dt (its slip is the step's loss), else a
 * force evaluation without a step (no slip loss). Zero out of touch. */
MBC_GRAN_CLASSIC_INLINE mbc_gran_classic_energy
mbc_gran_classic_energy_of(const mbc_gran_classic_law *law, const int model, const int stepped,
                           const mbc_gran_classic_out *o)
{
    mbc_gran_classic_energy e;
    const int touching = o->touch != 0.0;
    const int hertz = model == MBC_GRAN_CLASSIC_HERTZ_HISTORY;
    const double delta = touching ? o->overlap : 0.0;
    const double fne = law->kn * delta * o->scale;
    e.stored[MBC_GRAN_CLASSIC_E_NORMAL] = (hertz ? 0.4 : 0.5) * delta * fne;
    e.power[MBC_GRAN_CLASSIC_E_NORMAL] = -(o->fn - fne) * o->vn;
    const double *xi = o->shear, *v = o->vtr, *ft = o->ft;
    const double ks = model == MBC_GRAN_CLASSIC_HOOKE ? 0.0 : law->kt * o->scale;
    const double xi2 = xi[0] * xi[0] + xi[1] * xi[1] + xi[2] * xi[2];
    const double xiv = xi[0] * v[0] + xi[1] * v[1] + xi[2] * v[2];
    const double ftv = ft[0] * v[0] + ft[1] * v[1] + ft[2] * v[2];
    const double et = 0.5 * ks * xi2;
    e.stored[MBC_GRAN_CLASSIC_E_TANGENTIAL] = et;
    e.power[MBC_GRAN_CLASSIC_E_TANGENTIAL] = -ftv - ks * xiv;
    e.flow[MBC_GRAN_CLASSIC_F_STIFFNESS] = (hertz && delta > 0.0) ? -et * o->vn / (2 * delta) : 0.0;
    e.flow[MBC_GRAN_CLASSIC_F_SLIP] = (stepped && law->dt > 0.0) ? o->slip / law->dt : 0.0;
    if (!touching)
        e = (mbc_gran_classic_energy){{0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}};
    return e;
}

/* StoredEnergy: the parts' sum (J). */
MBC_GRAN_CLASSIC_INLINE double mbc_gran_classic_stored(const mbc_gran_classic_energy *e)
{
    return e->stored[0] + e->stored[1];
}

/* DissipatedPower: the parts' sum plus the slip loss minus the stiffness
 * power (W). */
MBC_GRAN_CLASSIC_INLINE double mbc_gran_classic_dissipated(const mbc_gran_classic_energy *e)
{
    return (e->power[0] + e->power[1]) +
           (e->flow[MBC_GRAN_CLASSIC_F_SLIP] - e->flow[MBC_GRAN_CLASSIC_F_STIFFNESS]);
}

#endif /* MBC_RUNTIME_GRAN_CLASSIC_ENERGY_H */
