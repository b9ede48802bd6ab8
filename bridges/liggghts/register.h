/* SPDX-License-Identifier: BSD-3-Clause */
/* Puts mbc-liggghts's contact model in place of LIGGGHTS's native ones
 * (register.cpp). */
#ifndef MBC_LIGGGHTS_REGISTER_H
#define MBC_LIGGGHTS_REGISTER_H

namespace LAMMPS_NS
{
class LAMMPS;
}

namespace mbc_liggghts
{

/* After LIGGGHTS's constructor (which registers its native styles): every
 * model combination ContactLiggghts computes, for pairs and walls, is
 * created as mbc-liggghts's model; a pair_style gran or fix wall/gran line
 * of another combination says, once, that LIGGGHTS computes it. Returns
 * the number of combinations. */
int register_models(LAMMPS_NS::LAMMPS *lmp);

/* After LIGGGHTS's constructor, with or without -sf mbc: `pair_style gran
 * model mbc law TYPE ...` creates the plugin model (plugin_model.h), and
 * `fix wall/gran ... model mbc` is refused in one line. */
void register_plugin_model(LAMMPS_NS::LAMMPS *lmp);

} // namespace mbc_liggghts

#endif
