/* SPDX-License-Identifier: BSD-3-Clause */
/* LAMMPS as the host of the mbconnect command (host.cpp): the one C++ file
 * of mbc-lammps. It runs LAMMPS as lmp does, with `mbconnect` registered
 * as one of LAMMPS's commands, so that LAMMPS's own reader reads every
 * input; it raises mbc-lammps's errors in LAMMPS's form; and it reads the
 * few settings that LAMMPS's C library (library.h, 2021) has no getter for.
 * Every function runs on every rank of the LAMMPS world unless it says
 * otherwise. */
#ifndef ML_HOST_H
#define ML_HOST_H

#include "ml.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Creates LAMMPS with argv (LAMMPS's command line, argv[0] the program),
 * registers `mbconnect` (r->command runs it), reads the input as lmp does
 * and deletes LAMMPS at its end; returns 0 then (or the pending status when
 * the exit handler cannot be registered). An error ends the process
 * from inside, as in lmp: LAMMPS's own (status 1, or MPI_Abort for an error
 * that LAMMPS finds on one rank only), `quit N` (status N), mbc-lammps's
 * (agreed on by the ranks: status 1 with "ERROR: ..." or "ERROR on proc N:
 * ..." on the screen and in the log, 71 with "WHAT: out of memory" on
 * stderr). Whatever ends it, what the run holds is freed (atexit). */
int ml_host_main(ml_run *r, int argc, char **argv);

/* One LAMMPS command of the bridge's set-up (echoed to the log as LAMMPS
 * echoes commands), unless an error is pending; LAMMPS ends the process on
 * an error of the command, as in lmp. Returns r->status. */
int ml_host_command(ml_run *r, const char *command);

/* Rank 0: text (with its newline) on the screen and in the log. */
void ml_host_print(const ml_run *r, const char *text);
/* Rank 0: "WARNING: text (file:line)" on the screen and in the log. */
void ml_host_warning(const ml_run *r, const char *file, int line, const char *text);

/* Fix `fix` (fix external) calls r->step_callback at each force
 * evaluation (then raises the error it agreed on); its global vector has
 * length entries, each flagged by extensive (1: extensive, divided by the
 * atom count under thermo_modify norm yes, as LAMMPS's own extensive
 * quantities; 0: intensive), which must outlive the fix. Returns 0, or -1
 * when the fix does not exist. */
int ml_host_fix_setup(ml_run *r, const char *fix, int length, int *extensive);
/* Whether fix `fix` exists and is the one ml_host_fix_setup set up with
 * extensive (false after `clear` or `unfix` removed it). */
int ml_host_fix_is(const ml_run *r, const char *fix, const int *extensive);

/* comm_modify vel yes (ghost atoms carry velocities) */
int ml_host_ghost_velocity(const ml_run *r);
/* The pair cutoff LAMMPS's neighbor lists are built for (the largest
 * neighbor cutoff less the skin), from the set-up of the current run. */
double ml_host_neighbor_cutoff(const ml_run *r);
/* The atom style, and the pair style ("" when none). */
const char *ml_host_atom_style(const ml_run *r);
const char *ml_host_pair_style(const ml_run *r);

#ifdef __cplusplus
}
#endif

#endif
