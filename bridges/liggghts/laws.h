/* SPDX-License-Identifier: BSD-3-Clause */
/* The laws of a LIGGGHTS contact model's pairs of atom types: what LIGGGHTS
 * hands a model (the sub-models of its hash, the words of its pair_style or
 * fix wall/gran line, its fix property/global tables) as the parameters of
 * ContactLiggghts, one set per pair of types, set through the type's
 * checked setters and validated, and the law of each
 * (mbc_liggghts_law_of, mbconnect/liggghts_contact.h). */
#ifndef MBC_LIGGGHTS_LAWS_H
#define MBC_LIGGGHTS_LAWS_H

#include <string>
#include <vector>

#include "mbconnect/liggghts_contact.h"

namespace mbc_liggghts
{

/* A model's inputs. The tables are LIGGGHTS's (1-based: row 0 unused),
 * NULL where the model reads none. */
struct Materials {
    int normal, tangential, cohesion, rolling; /* MBC_LIGGGHTS_* */
    bool tangential_damping, limit_force, kt_to_kn, tangential_reduce, torsion_torque, viscous;
    bool liggghts38;
    int dimension;
    double dt;
    int max_type;
    const double *youngs, *poisson; /* per type */
    double **restitution, **friction, **cohesion_density, **roll_friction, **roll_damping;
    double **viscosity, **restitution_max, **critical_stokes; /* viscous hooke */
    double char_vel, roll_stiffness;
};

/* The law of every pair of types i, j in 1..max_type at laws[i (max_type +
 * 1) + j]. false: the first value the type refuses, as one line naming the
 * types, the parameter, its fix property/global table, the rule and the
 * value, in `message`. */
bool make_laws(const Materials &m, std::vector<mbc_liggghts_law> &laws, std::string &message);

} // namespace mbc_liggghts

#endif
