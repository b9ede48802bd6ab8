/* SPDX-License-Identifier: BSD-3-Clause */
/* The bridge's core (bridge_state.h): made on first use, its LAMMPS
 * commands, the laws of the type pairs and the fix vector's slots of their
 * sums. The granular words (granular.c), the walls (wall.c) and the set-up
 * (bridge.c) build on it. */
#ifndef ML_BRIDGE_CORE_H
#define ML_BRIDGE_CORE_H

#include "bridge_state.h"

/* fix ML_FIX_ATOMS, once (the first mbconnect pair or wall line). */
void ml_bridge_atoms_fix(ml_run *r, ml_bridge *b);
/* Adds law (owned from now on) for the type pair (i, j), mixed from the
 * laws of I I and J J at a run's set-up (granular.c): no LAMMPS command,
 * no new fix vector entry. Returns 0 or the pending status. */
int ml_bridge_mixed(ml_run *r, int i, int j, ml_law *law);
/* The type pair (i, j) has no law any more (its mixed law's types lost
 * their granular words). */
void ml_bridge_unmix(ml_bridge *b, int i, int j);
/* One LAMMPS command of the set-up (printf-style), unless an error is
 * pending (then on every rank: the set-up runs after the checks that one
 * rank may fail, ml_all). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void ml_bridge_lammps(ml_run *r, const char *fmt, ...);
/* The bridge, made on first use (on every rank alike), or NULL with the
 * pending status. */
ml_bridge *ml_bridge_get(ml_run *r);
/* Room for one more law (the per type arrays on first use) and the slots of
 * its scalar outputs in the fix vector (by name; slots: the law's row).
 * Return 0 or the pending status. */
int ml_bridge_grow(ml_run *r, ml_bridge *b, const ml_law *law);
int ml_bridge_add_sums(ml_run *r, ml_bridge *b, const ml_law *law, int *slots);
/* The law of the type pair (i, j); whether it changed its connector type
 * or data count. */
int ml_bridge_assign_one(ml_bridge *b, int i, int j, int law);
/* Whether every type pair has the same law (b->uniform). */
void ml_bridge_find_uniform(ml_bridge *b);
/* Forgets every contact record, of the owned atoms and of the ghosts. */
void ml_bridge_clear_records(ml_run *r, const ml_bridge *b);

#endif
