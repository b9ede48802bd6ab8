/* SPDX-License-Identifier: BSD-3-Clause */
/* The bridge between LAMMPS and the pair laws (docs/lammps.rst):
 *
 * - `pair_style zero CUTOFF` + `pair_coeff * *` give the half neighbor list
 *   (CUTOFF: the largest atom diameter when `mbconnect pair` runs, plus the
 *   largest reach of the laws at that diameter, mbc_pair_eval_reach);
 * - fix ML_FIX_STATE (property/atom) holds the contact records (contacts.h);
 * - fix ML_FIX (external pf/callback 1 1) calls r->step_callback (ml_step_callback of step.c)
 *   at every force evaluation (through host.cpp); its global vector and
 *   energy feed thermo, flagged intensive or extensive per entry.
 *
 * The laws apply to pairs of atom types as pair_coeff does: a later
 * `mbconnect pair` line overrides the type pairs it names. */
#ifndef ML_BRIDGE_H
#define ML_BRIDGE_H

#include "bridge_core.h"
#include "bridge_state.h"

/* `mbconnect pair I J ...`: the law (owned from now on) for the type pairs
 * I x J (ranges as in pair_coeff, already parsed), with the words of a
 * `granular` line (or NULL: named parameters); the first call sets up pair
 * style, fixes and callback. Returns 0 or the pending status. */
int ml_bridge_pair(ml_run *r, const int lo[2], const int hi[2], ml_law *law,
                   const ml_granular_law *words);
/* `mbconnect energy yes|no`: the energy books (before the first pair line). */
int ml_bridge_energy(ml_run *r, int on);
/* `mbconnect capacity N`: contacts per atom. */
int ml_bridge_capacity(ml_run *r, int capacity);
/* `mbconnect off`: removes the fixes, the callback and every law. */
int ml_bridge_off(ml_run *r);
/* The settings the bridge needs that a command may change after `mbconnect
 * pair` (ghost velocities, neighbor lists built for the bridge's cutoff),
 * checked at each force evaluation (what: the command, for the message).
 * Returns 0 or the pending status. */
int ml_bridge_check_run(ml_run *r, const char *what);
/* Each run's set-up (r->init_callback, before the neighbor lists): the
 * mixed granular laws, then the neighbor cutoffs set into pair_style zero. */
void ml_bridge_init(ml_run *r);
/* An atom that fix pour or deposit inserted at index i: its rows of the
 * records hold none (r->atom_created). */
void ml_bridge_atom_created(ml_run *r, int i);
/* Before each mbconnect command: when the fixes of the bridge are gone
 * (`clear`, which deletes every fix), forgets everything. */
void ml_bridge_forget_cleared(ml_run *r);
void ml_bridge_free(ml_run *r);

#endif
