/* SPDX-License-Identifier: BSD-3-Clause */
/* The neighbor cutoff of each atom type pair, found as pair_style
 * granular's init_one finds it (docs/lammps.rst, "Coming from pair_style
 * granular"): from the largest radius of each type (its atoms', fix pour's
 * and fix deposit's, those of fix freeze's group apart) plus the laws'
 * reach beyond touching (a jkr contact's pull-off distance), or the
 * `cutoff` keyword of a granular line. */
#ifndef ML_CUTOFF_H
#define ML_CUTOFF_H

#include "bridge_state.h"

/* Collective: b->radius_dynamic, radius_frozen, cut, cutoff and reach from
 * the atoms and fixes as they are now, and per type the largest radius its
 * atoms may have for those cutoffs (type_radius: the type's largest, or
 * half of the largest diameter of all types when it has no atoms and no
 * fix inserts any: LAMMPS then gives its pairs that diameter). */
void ml_cutoffs(ml_run *r, ml_bridge *b);

#endif
