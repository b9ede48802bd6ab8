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

/* The style of the bridge's fix without callbacks of its own (host.cpp,
 * registered with LAMMPS's fix styles): its init() calls r->init_callback in
 * each run's set-up, before the neighbor lists are set up, and its
 * set_arrays() r->atom_created for each atom fix pour or deposit inserts. */
#define ML_FIX_ATOMS_STYLE "mbconnect/atoms"

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
/* Fix `fix` (fix external) calls r->wall_callback(ctx, ...) at each force
 * evaluation (then raises the error it agreed on); ctx starts with its
 * ml_run *. Returns 0, or -1 when the fix does not exist. */
int ml_host_fix_wall(ml_run *r, const char *fix, void *ctx);
/* Makes ML_FIX_ATOMS_STYLE a fix style of the current LAMMPS (before the
 * fix is made: `clear` forgets the styles registered before). */
void ml_host_register_atoms_fix(ml_run *r);
/* Whether a fix with ID `fix` exists. */
int ml_host_fix_exists(const ml_run *r, const char *fix);
/* Whether fix `fix` exists and is the one ml_host_fix_setup set up with
 * extensive (false after `clear` or `unfix` removed it). */
int ml_host_fix_is(const ml_run *r, const char *fix, const int *extensive);

/* The per-atom data that the restart file read last holds for fix `fix` of
 * style `style`, while LAMMPS keeps it (from read_restart until the first
 * run's set-up) and no fix has taken it: taken now, so that LAMMPS neither
 * hands it to the fix of that ID when it is made (restore.c reads it
 * instead) nor reports it unused. Returns its index, or -1. */
int ml_host_restart_take(ml_run *r, const char *fix, const char *style);
/* Owned atom i's values in the restart data `entry` (ml_host_restart_take):
 * *n doubles (an integer is kept in the bits of its double, as LAMMPS's
 * ubuf); NULL when the atom's restart data do not hold them. */
const double *ml_host_restart_values(const ml_run *r, int entry, int i, int *n);
/* Keeps what `write_data` would write for the bridge out of data files:
 * the Pair Coeffs of its pair_style zero (a data file with them cannot be
 * read before a pair style is set; `mbconnect pair` sets the style anew)
 * and the section of the contact records' fix `fix` (read_data does not
 * know it). Data files hold no contact history (docs/lammps.rst). */
void ml_host_no_data_file(const ml_run *r, const char *fix);

/* comm_modify vel yes (ghost atoms carry velocities) */
int ml_host_ghost_velocity(const ml_run *r);
/* The pair cutoff LAMMPS's neighbor lists are built for (the largest
 * neighbor cutoff less the skin), from the set-up of the current run. */
double ml_host_neighbor_cutoff(const ml_run *r);
/* A neighbor list's arrays as LAMMPS keeps them (NeighList): element e is
 * atom ilist[e], with numneigh[ilist[e]] neighbors firstneigh[ilist[e]][k]
 * (index bits and special bits). */
typedef struct ml_neighbors {
    int inum;
    const int *ilist, *numneigh;
    int *const *firstneigh;
} ml_neighbors;
/* The arrays of neighbor list `list` (lammps_find_pair_neighlist's index);
 * 0, or -1 without such a list. */
int ml_host_neighbors(const ml_run *r, int list, ml_neighbors *out);
/* 1 while LAMMPS computes the forces of a run's set-up (update->setupflag). */
int ml_host_setup(const ml_run *r);
/* LAMMPS's reverse communication of forces and torques: what ghost atoms
 * hold in atom->f and atom->torque is added to their owners' (collective). */
void ml_host_reverse_comm(ml_run *r);
/* The bit of group `group` in the atoms' mask, 0 when there is none. */
int ml_host_group_bit(const ml_run *r, const char *group);
/* The group bit of fix freeze (its atoms do not move: an infinite mass in
 * the laws, as pair_style granular takes them), 0 without one. */
int ml_host_freeze_bit(const ml_run *r);
/* Per atom type t = 1..ntypes, the largest radius of the dynamic atoms and
 * of fix freeze's atoms, as pair_style granular's init_style finds them:
 * fix pour's and then fix deposit's radius of t (the atoms they will
 * insert), and the atoms' (collective). dynamic, frozen: ntypes + 1. */
void ml_host_type_radii(ml_run *r, double *dynamic, double *frozen);
/* The cutoffs of pair_style zero per type pair, cut[i * (ntypes + 1) + j],
 * after its own init (the neighbor lists use them; ml_host_type_radii's
 * caller computes them as pair_style granular's init_one). Returns 0, or -1
 * when the pair style is not zero. */
int ml_host_set_cutoffs(ml_run *r, const double *cut);
/* The atom style, and the pair style ("" when none). */
const char *ml_host_atom_style(const ml_run *r);
const char *ml_host_pair_style(const ml_run *r);

#ifdef __cplusplus
}
#endif

#endif
