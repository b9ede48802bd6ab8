/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular beyond its generated API
 * (mbconnect/generated/contact_granular.h): the law of a parameter set, as
 * the type's hooks (runtime/connectors/contact_granular/connector_contact_granular.c) and an engine
 * that evaluates many pairs with one parameter set
 * (runtime/connectors/contact_granular/granular_kernels.h) resolve it.
 *
 * Internal to the runtime (not installed, not exported). */
#ifndef MBC_RUNTIME_CONTACT_GRANULAR_H
#define MBC_RUNTIME_CONTACT_GRANULAR_H

#include "granular_law.h"
#include "mbconnect/generated/contact_granular.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The law of a validated parameter set: model choices, k_n (hooke, hertz:
 * normalStiffness; material models: 4/3 E*), jkr's E = 3/4 k_n, the damping
 * coefficient (tsuji: alpha(e)), k_t (-1: 8 G*), limit_damping, rolling,
 * twisting, the time step. Same operations as pair_granular.cpp's coeff().
 * With lammps2021, the values of LAMMPS 2021's code where it departs from
 * its documentation (the spec's theory, "LAMMPS 2021's numbers"). */
void mbc_contact_granular_law(const mbc_contact_granular_params *p, mbc_granular_law *law);

/* The law of a sphere against a wall (the wall in sphere b's place): the
 * same, and with lammps2021 the values of LAMMPS 2021's fix wall/gran
 * (material k_n and NULL k_t, jkr's pull-off test and 2 pi, tsuji's alpha
 * per initialization) where the pair's law has the pair style's. */
void mbc_contact_granular_wall_law(const mbc_contact_granular_params *p, mbc_granular_law *law);

/* E* = ((1 - nu_a^2)/E_a + (1 - nu_b^2)/E_b)^-1 [Pa]. */
double mbc_contact_granular_effective_modulus(const double e[2], const double nu[2]);

/* G* = (2 (2 - nu_a)(1 + nu_a)/E_a + 2 (2 - nu_b)(1 + nu_b)/E_b)^-1 [Pa];
 * a mindlin model's k_t from the materials is 8 G*. */
double mbc_contact_granular_effective_shear(const double e[2], const double nu[2]);

/* Tsuji's alpha(e) = 1.2728 - 4.2783 e + 11.087 e^2 - 22.348 e^3
 * + 27.467 e^4 - 18.022 e^5 + 4.8218 e^6 (the powers as LAMMPS forms them). */
double mbc_contact_granular_tsuji_alpha(double e);

#ifdef __cplusplus
}
#endif

#endif
