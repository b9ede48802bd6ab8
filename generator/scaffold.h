/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen --new-type and --new-project: a working connector type to start
 * from, a linear spring-damper between two Position markers with the outputs
 * Distance, Force and Energy, with its spec, runtime hooks, cmocka test
 * (hand-computed values) and an example case for `mbc eval`; --new-project
 * --pair: a sphere contact that mbc-lammps runs as a LAMMPS pair law. */
#ifndef MBCGEN_SCAFFOLD_H
#define MBCGEN_SCAFFOLD_H

#include <stdio.h>

#include "mbconnect/error.h"

/* In the project root (where specs/types.lua is): writes specs/NAME.lua,
 * runtime/connectors/<snake>/<hooks>.c, tests/connectors/test_<hooks>.c and
 * examples/cases/<snake>.lua, listing them on out. Refuses an invalid NAME,
 * a missing specs/types.lua and any existing file (nothing is written
 * then). Returns MBC_OK, or the problem in err: MBC_ERR_INPUT (a name, a
 * place or a file that is not right), MBC_ERR_IO (a directory or file that
 * cannot be written) or MBC_ERR_NOMEM ("mbcgen: out of memory", nothing
 * written). */
mbc_status scaffold_new_type(const char *name, FILE *out, mbc_error *err);

/* A standalone CMake project in dir (created; must not hold the files):
 * CMakeLists.txt (find_package(mbconnect) + mbconnect_add_connectors with
 * the mbc plugin), specs/NAME.lua, src/<hooks>.c, tests/test_<hooks>.c,
 * cases/<snake>.lua, README.md with the exact build, test and
 * `mbc --plugin` command lines, and the plugin tests' expected output
 * (tests/mbc_describe.expected, tests/mbc_eval.expected, checked by
 * tests/check_output.cmake). With pair (--pair) the type is instead a
 * linear spring-dashpot contact between two spheres with a pair_binding,
 * the pair law of mbc-lammps, and the project also holds lammps/collide.in
 * (two spheres collide on 2 ranks; it checks the momentum and the rebound
 * speed) with its test and tests/lammps_collide.expected. With
 * SCAFFOLD_HISTORY (--pair --history) the sphere contact has a tangential
 * spring whose extension, kept in data coordinates, the hooks integrate
 * over the step in the state (mbc_state.dt): a law with history written
 * as hooks only; its LAMMPS inputs lammps/shear.in (an oblique impact on 2
 * ranks) and lammps/shear_restart.in (continues from shear.in's restart
 * file, to the same state bit for bit) have their tests. Refuses a
 * built-in type's name (its registration would fail). Returns as
 * scaffold_new_type. */
enum { SCAFFOLD_PLAIN = 0, SCAFFOLD_PAIR = 1, SCAFFOLD_HISTORY = 2 };
mbc_status scaffold_new_project(const char *dir, const char *name, int kind, FILE *out,
                                mbc_error *err);

#endif
