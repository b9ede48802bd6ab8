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

} // namespace mbc_liggghts

#endif
