/* SPDX-License-Identifier: BSD-3-Clause */
/* The command mbc-lammps adds to LAMMPS's (docs/lammps.rst):
 *
 *   mbconnect pair I J TYPE [NAME VALUE]...   the law of the atom type pairs I x J
 *   mbconnect pair I J granular WORDS...      the same with the words of pair_style
 *                                             granular's pair_coeff I J
 *   mbconnect pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS...
 *                                             the same with the words of that
 *                                             pair_style line
 *   mbconnect wall ID GROUP granular WORDS... STYLE ARGS [KEYWORD VALUES]
 *   mbconnect wall ID GROUP hooke|hooke/history|hertz/history WORDS... STYLE ARGS [...]
 *   mbconnect wall ID GROUP TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]
 *                                             a wall, as fix ID GROUP wall/gran
 *   mbconnect capacity N                      contacts per atom (default 16)
 *   mbconnect off                             no more mbconnect pair interaction
 *
 * I and J are atom types or ranges as in pair_coeff: N, *, *N, N*, M*N. */
#ifndef ML_COMMAND_H
#define ML_COMMAND_H

#include "ml.h"

/* Executes one mbconnect command: argv are its arguments (argv[0] the
 * subcommand), as LAMMPS parsed them, variables substituted. Returns 0, or
 * the pending status (this rank's: host.cpp makes the ranks agree). */
int ml_command(ml_run *r, int argc, char **argv);

#endif
