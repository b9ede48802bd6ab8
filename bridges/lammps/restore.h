/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact records that outlive a set-up (docs/lammps.rst, "Restarts and
 * data files"):
 *
 * - A restart file holds the records: they are values of the fix
 *   property/atom ML_FIX_STATE, which LAMMPS writes per atom. When
 *   `mbconnect pair` makes that fix after read_restart, LAMMPS would hand
 *   the values to it in the new fix's layout, whatever the layout they were
 *   written in (another `mbconnect capacity`, a law with another data
 *   count: every record read wrong). So the records are read here: each
 *   atom's sign names the layout and the laws they were written with and
 *   the atom they belong to (contacts.h). The bridge takes the file's
 *   capacity unless `mbconnect capacity` gave one, and at least its width;
 *   an atom with more records than a capacity given is refused, as are
 *   values in no known layout and records of another atom (atoms created
 *   or deleted before `mbconnect pair`).
 * - When the fix is made anew before the first run (another capacity, a
 *   wider law), its records are kept the same way.
 * - At the first force evaluation: the step of the records. LAMMPS writes
 *   a restart file between two steps, after the force evaluation whose
 *   PostNewtonStep wrote the records; the first evaluation after
 *   read_restart is at that step again (the run's set-up), and the records
 *   say so, so that PostNewtonStep does not run twice (it would run on the
 *   full-step velocities: the continuation would differ from `run N` then
 *   `run M` in one process). Records written by other laws (another
 *   connector type or data count of a type pair) are dropped, as a change
 *   of type in one process drops them.
 * - A contact that touches at the first evaluation and has no record
 *   starts without its history (a new set-up, a data file, dropped
 *   records): one warning says how many. */
#ifndef ML_RESTORE_H
#define ML_RESTORE_H

#include "bridge_state.h"
#include "contacts.h"

/* The records to restore into a state fix about to be made. */
typedef struct ml_restore {
    int entry;      /* the restart file's values (ml_host_restart_take), or -1 */
    double *saved;  /* or the replaced fix's: nlocal rows of `size` values */
    int size;       /* values per row of saved */
    int nlocal;     /* rows of saved */
    long long kept; /* records restored on this rank */
} ml_restore;

/* Before the state fix is made (exists: made anew): the records to keep,
 * those of the fix it replaces or those of the restart file; with the
 * latter the bridge takes the file's capacity (unless given) and at least
 * its width. Collective; returns 0 or the agreed status. */
int ml_restore_begin(ml_run *r, ml_bridge *b, int exists, ml_restore *k);
/* After it is made: the records copied into it, converted to its layout;
 * a line says how many came from a restart file. Collective; returns 0
 * or the agreed status. Frees what begin took. */
int ml_restore_end(ml_run *r, ml_bridge *b, ml_restore *k);
void ml_restore_free(ml_restore *k);

/* The fingerprint of the bridge's laws: the connector type and data count
 * of each type pair (ML_SIGN_LAWS). */
int ml_restore_laws(const ml_bridge *b);

/* At the first force evaluation of the bridge, on every rank (c: this
 * rank's records, NULL when it could not read them): b->last_step becomes
 * `step` when the records are of this step (a restart), and records
 * written by other laws are dropped (b->dropped counts them). */
void ml_restore_first_call(ml_run *r, ml_bridge *b, const ml_contacts *c, int nlocal,
                           long long step);
/* Rank 0: the warning for `fresh` contacts that started without their
 * history at the first evaluation (step). */
void ml_restore_warn_fresh(const ml_run *r, const ml_bridge *b, long long step, double fresh);

#endif
