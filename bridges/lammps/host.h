/* SPDX-License-Identifier: BSD-3-Clause */
/* LAMMPS as mbc-lammps runs it (host.cpp): as lmp does, with the styles of
 * mbc-lammps registered into LAMMPS's maps (styles.h) and the `mbconnect`
 * command into its commands, so that LAMMPS's own reader reads every input;
 * the command's C code (command.c) reaches LAMMPS through these functions.
 * Every function runs on every rank of the LAMMPS world unless it says
 * otherwise. */
#ifndef ML_HOST_H
#define ML_HOST_H

#include "ml.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Creates LAMMPS with argv (LAMMPS's command line, argv[0] the program),
 * registers the styles and `mbconnect` (r->command runs it), reads the
 * input as lmp does and deletes LAMMPS at its end. An error ends the
 * process from inside, as in lmp: LAMMPS's own (status 1, or MPI_Abort for
 * an error that LAMMPS finds on one rank only), `quit N` (status N),
 * mbc-lammps's (agreed on by the ranks: status 1 with "ERROR: ..." or
 * "ERROR on proc N: ..." on the screen and in the log, 71 with "WHAT: out
 * of memory" on stderr). Whatever ends it, what the run holds is freed
 * (atexit). */
mbc_status ml_host_main(ml_run *r, int argc, char **argv, mbc_error *err);

/* One LAMMPS command (echoed to the log as LAMMPS echoes commands); LAMMPS
 * ends the process on an error of the command, as in lmp. */
void ml_host_command(ml_run *r, const char *command);

/* Rank 0: text (with its newline) on the screen and in the log. */
void ml_host_print(const ml_run *r, const char *text);
/* Rank 0: "WARNING: text (file:line)" on the screen and in the log. */
void ml_host_warning(const ml_run *r, const char *file, int line, const char *text);

/* The pair style ("" when none), whether a fix with ID `fix` exists, and
 * whether it has style `style`. */
const char *ml_host_pair_style(const ml_run *r);
int ml_host_fix_exists(const ml_run *r, const char *fix);
int ml_host_fix_is(const ml_run *r, const char *fix, const char *style);
/* unfix for every fix of style `style`. */
void ml_host_unfix_style(ml_run *r, const char *style);
/* Whether a simulation box exists, the number of atom types. */
int ml_host_box_exists(const ml_run *r);
int ml_host_ntypes(const ml_run *r);

#ifdef __cplusplus
}
#endif

#endif
