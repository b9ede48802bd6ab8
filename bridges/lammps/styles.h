/* SPDX-License-Identifier: BSD-3-Clause */
/* What the styles of mbc-lammps (pair_mbc.cpp, fix_wall_mbc.cpp,
 * fix_mbc.cpp) share with host.cpp, which runs LAMMPS and registers them:
 * the run of the process, and raising an error in LAMMPS's form. C++ only. */
#ifndef ML_STYLES_H
#define ML_STYLES_H

#include "lammps_views.h"

extern "C" {
#include "ml.h"
}

namespace mbc_lammps
{

/* The run of this process when lmp is the LAMMPS instance mbc-lammps
 * started, else NULL (a LAMMPS that Python code creates). */
ml_run *hosted_run(LAMMPS_NS::LAMMPS *lmp);

/* The run of lmp, or LAMMPS's error naming `style` (on every rank). */
ml_run *style_run(LAMMPS_NS::LAMMPS *lmp, const char *style);

/* An error every rank found alike: LAMMPS's Error::all with its message,
 * or, out of memory, "WHAT: out of memory" on stderr and status 71 (as
 * every mbconnect tool). */
[[noreturn]] void raise_all(LAMMPS_NS::LAMMPS *lmp, const mbc_error &err, const char *file,
                            int line);

/* An error every rank agreed on (ml_agree), found on rank `rank` about its
 * atoms: "ERROR on proc N: TEXT (FILE:LINE)" on the screen and in the log
 * (rank 0 writes it), then every rank ends as after LAMMPS's Error::all
 * (status 1). */
[[noreturn]] void raise_atoms(LAMMPS_NS::LAMMPS *lmp, const mbc_error &err, int rank,
                              const char *file, int line);

/* The styles of mbc-lammps into lmp's maps: granular/mbc, mbconnect and
 * the classic gran/hooke/mbc, gran/hooke/history/mbc,
 * gran/hertz/history/mbc (pairs), wall/gran/mbc, wall/gran/region/mbc and
 * wall/mbconnect (walls), and the fixes the styles make for themselves
 * (mbconnect/ids, mbconnect/sums). */
void register_styles(LAMMPS_NS::LAMMPS *lmp);

/* The fix style that keeps each atom's ID of the end of the last run
 * (fix_mbc.cpp): a pair style of mbc-lammps makes one, so that records of
 * atoms whose IDs were reassigned since (reset_atom_ids, delete_atoms
 * compress yes) can be remapped, not attached to another pair (pair_style
 * mbconnect; the styles of LAMMPS's keep them as LAMMPS 2021 does unless
 * mbconnect corrected yes). */
#define ML_FIX_IDS_STYLE "mbconnect/ids"
/* The fix style of `mbconnect pair`'s fix mbconnect: its global vector
 * (contacts, mean overlap, the laws' output sums, the dissipated energy). */
#define ML_FIX_SUMS_STYLE "mbconnect/sums"

/* The IDs a fix of ML_FIX_IDS_STYLE keeps: per owned atom, the atom's ID
 * at the end of the last run, 0 for an atom made since. */
const int *fix_ids_then(LAMMPS_NS::Fix *ids);
/* Every owned atom's current ID into the fix (the end of a run). */
void fix_ids_refresh(LAMMPS_NS::Fix *ids);

} // namespace mbc_lammps

#endif
