/* SPDX-License-Identifier: BSD-3-Clause */
/* The command mbc-lammps adds to LAMMPS's (docs/lammps.rst): the spelled-out
 * form of its styles, and its switches.
 *
 *   mbconnect pair I J TYPE [NAME VALUE]...   pair_style mbconnect (made on first
 *   mbconnect pair I J granular WORDS...      use) and its pair_coeff I J line;
 *   mbconnect pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS...
 *                                             fix mbconnect, its vector
 *   mbconnect wall ID GROUP WORDS...          fix ID GROUP wall/mbconnect WORDS
 *                                             (granular, hooke, hooke/history,
 *                                             hertz/history or a type by name)
 *   mbconnect corrected yes|no                the corrected forms of
 *                                             docs/physics-departures.rst for the
 *                                             granular words of styles made after it
 *   mbconnect energy yes|no                   the energy books, for styles made after it
 *   mbconnect capacity N                      no effect (a warning)
 *   mbconnect off                             pair_style none, fix mbconnect removed
 *
 * I and J are atom types or ranges as in pair_coeff: N, *, *N, N*, M*N. */
#ifndef ML_COMMAND_H
#define ML_COMMAND_H

#include "ml.h"

/* Executes one mbconnect command: argv are its arguments (argv[0] the
 * subcommand), as LAMMPS parsed them, variables substituted. The same on
 * every rank; an error (err) is raised by host.cpp. */
mbc_status ml_command(ml_run *r, int argc, char **argv, mbc_error *err);

#endif
