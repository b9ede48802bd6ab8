/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular's normal models (granular_law.h has the conventions):
 * the elastic normal force of hooke, hertz (and hertz/material), dmt and jkr
 * with the contact radius, and jkr's pull-off distance. */
#ifndef MBC_RUNTIME_GRANULAR_NORMAL_H
#define MBC_RUNTIME_GRANULAR_NORMAL_H

#include "granular_law.h"

/* The JKR pull-off overlap delta_c < 0 at which a contact that touched
 * breaks: a_c = (9 pi gamma R^2 / (4 E))^(1/3), delta_c = a_c^2/R -
 * 2 sqrt(pi gamma a_c / E). The neighbor cutoff of a jkr pair is
 * r_a + r_b - delta_c. */
MBC_GRANULAR_INLINE double mbc_granular_jkr_pulloff(const mbc_granular_law *law, double reff)
{
    const double e = law->e_jkr;
    const double coh = law->cohesion;
    const double r2 = reff * reff;
    const double a = cbrt(9.0 * MBC_GRANULAR_PI * coh * r2 / (4 * e));
    return a * a / reff - 2 * sqrt(MBC_GRANULAR_PI * coh * a / e);
}

/* LAMMPS 2021's fix wall/gran (pulloff_distance): the same with the
 * sphere's radius r where the pair has R*^2 and R*, a_c' = (9 pi gamma r /
 * (4 E))^(1/3), delta_c' = a_c'^2/r - 2 sqrt(pi gamma a_c' / E), which it
 * adds to the radius: a contact that touched holds while the distance to
 * the wall is at most r + delta_c' (docs/physics-departures.rst, "jkr
 * walls"). */
MBC_GRANULAR_INLINE double mbc_granular_jkr_pulloff_wall_2021(const mbc_granular_law *law, double r)
{
    const double e = law->e_jkr;
    const double coh = law->cohesion;
    const double a = cbrt(9 * MBC_GRANULAR_PI * coh * r / (4 * e));
    return a * a / r - 2 * sqrt(MBC_GRANULAR_PI * coh * a / e);
}

/* The contact radius a of the JKR law: the root of delta = a^2/R -
 * 2 sqrt(pi gamma a/E), in closed form (pair_granular.cpp's t0..t6). */
/* Out of line (one copy per jkr file, size). */
static __attribute__((noinline, unused)) double mbc_granular_jkr_radius(const mbc_granular_law *law,
                                                                        double reff, double dR)
{
    const double e = law->e_jkr;
    const double coh = law->cohesion;
    const double r2 = reff * reff;
    const double dR2 = dR * dR;
    const double t0 = coh * coh * r2 * r2 * e;
    const double t1 = MBC_GRANULAR_PI27SQ * t0;
    const double t2 = 8 * dR * dR2 * e * e * e;
    const double t3 = 4 * dR2 * e;
    const double sqrt1 = mbc_granular_max0(t0 * (t1 + 2 * t2));
    const double t4 = cbrt(t1 + t2 + MBC_GRANULAR_THREEROOT3 * MBC_GRANULAR_PI * sqrt(sqrt1));
    const double t5 = t3 / t4 + t4 / e;
    const double sqrt2 = mbc_granular_max0(2 * dR + t5);
    const double t6 = sqrt(sqrt2);
    const double sqrt3 = mbc_granular_max0(
        4 * dR - t5 + MBC_GRANULAR_SIXROOT6 * coh * MBC_GRANULAR_PI * r2 / (e * t6));
    return MBC_GRANULAR_INVROOT6 * (t6 + sqrt(sqrt3));
}

/* Elastic normal force F_ne, contact radius a and the stiffness knfac that
 * tsuji damping reads:
 *   hooke  F = k_n delta,            knfac = k_n,   a = sqrt(R delta)
 *   hertz  F = k_n a delta,          knfac = k_n a  (hertz/material: k_n = 4/3 E*)
 *   dmt    F = k_n a delta - 4 pi gamma R
 *   jkr    F = k_n a^3/R - 2 pi a^2 sqrt(4 gamma E/(pi a)), knfac = k_n a
 *          (2 pi: law->jkr_2pi). */
typedef struct mbc_granular_normal_force {
    double fne, a, knfac;
} mbc_granular_normal_force;

MBC_GRANULAR_INLINE mbc_granular_normal_force mbc_granular_normal(const mbc_granular_law *law,
                                                                  int normal, double delta,
                                                                  double reff)
{
    const double dR = delta * reff;
    mbc_granular_normal_force f;
    if (normal == MBC_GRANULAR_JKR) {
        const double e = law->e_jkr;
        f.a = mbc_granular_jkr_radius(law, reff, dR);
        const double a2 = f.a * f.a;
        f.knfac = law->k_n * f.a;
        f.fne = f.knfac * a2 / reff -
                law->jkr_2pi * a2 * sqrt(4 * law->cohesion * e / (MBC_GRANULAR_PI * f.a));
    } else {
        f.knfac = law->k_n;
        f.fne = f.knfac * delta;
        f.a = sqrt(dR);
        if (normal != MBC_GRANULAR_HOOKE) {
            f.fne *= f.a;
            f.knfac *= f.a;
        }
        if (normal == MBC_GRANULAR_DMT)
            f.fne -= 4 * MBC_GRANULAR_PI * law->cohesion * reff;
    }
    return f;
}

#endif /* MBC_RUNTIME_GRANULAR_NORMAL_H */
