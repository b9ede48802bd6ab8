/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate`: entry point called by cli/mbc.c (docs/simulate.rst). */
#ifndef MBC_SIMULATE_H
#define MBC_SIMULATE_H

#include "mbconnect/object.h"

/* argv: the arguments after "simulate". Returns the exit status: 0 success
 * (also --help and --list), 1 simulation failure (non-convergence, NaN,
 * output), 2 usage or scene error, 71 out of memory; SIGINT/SIGTERM end the
 * process with 130/143 after removing the temporary result files. */
int mbc_simulate_main(int argc, char **argv, const mbc_registry *registry);

#endif
