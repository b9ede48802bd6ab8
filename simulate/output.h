/* SPDX-License-Identifier: BSD-3-Clause */
/* The result files of `mbc simulate` (docs/simulate.rst): the sensor time
 * series (CSV), the JSON summary, their size estimate, and the temporary
 * names they are written under until the run succeeded.
 *
 * A result file is written as PATH.tmpPID and renamed to PATH only when the
 * whole run succeeded; a PATH that exists and is not a regular file (a
 * device such as /dev/null, a pipe) is written in place instead. SIGINT and SIGTERM remove the
 * temporary files with async-signal-safe calls only (unlink, write, _exit) and end the process with
 * 128 + the signal number (130, 143) and one line on stderr. */
#ifndef SIM_OUTPUT_H
#define SIM_OUTPUT_H

#include <stdio.h>

#include "run.h"

#define SIM_PATH_SIZE 1100

/* A result file written under a temporary name. */
typedef struct sim_out_file {
    const char *path;
    char tmp[SIM_PATH_SIZE];
    int slot;   /* in the signal handler's list, or -1 */
    int direct; /* path is not a regular file (a device or pipe): written in place */
    FILE *f;
} sim_out_file;

/* Installs the SIGINT/SIGTERM handler; progress = 1 when a progress line is
 * on the terminal (the interrupt line then starts on a new line). */
void sim_signals_install(int progress);
/* Adds a file the handler removes; returns its slot or -1 (list full). */
int sim_signals_watch(const char *path);
/* The handler no longer removes this file (committed or removed). */
void sim_signals_forget(int slot);
/* Blocks / unblocks SIGINT and SIGTERM (around renames). */
void sim_signals_block(int block);

/* Opens PATH.tmpPID for writing (nothing when path is NULL). */
mbc_status sim_out_open(sim_out_file *o, const char *path, mbc_error *err);
/* Closes and removes the temporary file. */
void sim_out_discard(sim_out_file *o);
/* Closes the temporary file and renames it to its path. */
mbc_status sim_out_commit(sim_out_file *o, mbc_error *err);

void sim_csv_header(const sim_model *m, FILE *f);
void sim_csv_row(const sim_run *r, FILE *f);
/* Estimated CSV size in bytes: rows from endTime and outputStep (or
 * stepSize), 24 bytes per value. */
double sim_csv_estimate(const sim_model *m, double *rows, int *columns);

/* The JSON summary: scene, final time, step statistics, final sensor values. */
void sim_json_summary(const sim_run *r, FILE *f, double wall_seconds);

#endif
