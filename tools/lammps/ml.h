/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps: runs a LAMMPS input command by command through the LAMMPS C
 * library and adds the command `mbconnect`, which makes connector types of
 * mbconnect the pair interaction of the run (docs/lammps.rst).
 *
 * The launcher's shared context. Every rank holds one ml_run; every rank
 * executes the same commands in the same order (the script is read on rank
 * 0 and broadcast, as LAMMPS reads its input), so set-up decisions agree
 * without communication, and errors found on some ranks only are agreed on
 * through ml_agree (fail.c): no rank waits for one that has stopped. */
#ifndef ML_H
#define ML_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "mbconnect/object.h"

/* Exit statuses: a LAMMPS-style error (as lmp), a command-line error, out of
 * memory (every mbconnect tool). */
enum { ML_EXIT_ERROR = 1, ML_EXIT_USAGE = 2, ML_EXIT_NOMEM = 71 };

#define ML_MESSAGE_SIZE 1024

struct ml_bridge;
struct ml_script;
struct ml_args;

typedef struct ml_run {
    void *lmp; /* the LAMMPS instance */
    MPI_Comm comm;
    int rank, size;
    const char *script;    /* the -in file: WHAT of "WHAT: out of memory" */
    const char *file;      /* the script file being read (for messages) */
    int line;              /* and the line its current command starts on */
    mbc_registry registry; /* built-in types and those of --plugin files */
    /* what the run holds, freed by ml_exit on every exit (after out of
     * memory too: nothing of the tool's is left allocated) */
    struct ml_bridge *bridge;  /* the mbconnect interaction (bridge.c) */
    struct ml_script *reading; /* the script being read (script.c), or NULL */
    struct ml_args *args;      /* the command line's arrays (main.c), or NULL */
    /* how to free each, and the force callback (step.c) that the bridge
     * installs: set by main.c, so that fail.c and bridge.c call up into no
     * file of a higher level */
    void (*free_bridge)(struct ml_run *r);
    void (*free_reading)(struct ml_run *r);
    void (*free_args)(struct ml_run *r);
    void (*step_callback)(void *run, int64_t step, int nlocal, int *ids, double **x, double **f);
    char *scratch_path; /* rank 0: a temporary file for substitutions and `info` */
    /* this rank's pending error: status (0 = none) and its one line */
    int status;
    char message[ML_MESSAGE_SIZE];
} ml_run;

/* ---- fail.c: the one error path ---- */

/* Records this rank's error (first one wins): status and the one-line
 * message, printf-style. Returns status. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int ml_error(ml_run *r, int status, const char *fmt, ...);
/* As ml_error for a command of the script: "ERROR: TEXT (FILE:LINE)". */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int ml_error_at(ml_run *r, const char *fmt, ...);
/* Out of memory while processing the script: "SCRIPT: out of memory", 71. */
int ml_error_nomem(ml_run *r);
/* Collective: when any rank has a pending error, the lowest such rank
 * prints its line on stderr and every rank closes LAMMPS, finalizes MPI
 * and exits with that rank's status. Returns only when no rank has one. */
void ml_agree(ml_run *r);
/* Collective: 1 when ok on every rank. Before a collective step that
 * follows something only one rank may fail (an allocation), so that every
 * rank skips that step together and none waits for another. */
int ml_all(ml_run *r, int ok);
/* The same as ml_agree, with the count of ranks that have an error already
 * known (from a reduction the caller makes anyway). */
void ml_agree_known(ml_run *r, int ranks_with_error);
/* Removes the scratch file, frees what the run holds (bridge, script,
 * command line), finalizes MPI and exits; status 0 closes LAMMPS first (its
 * closing report), an error exits as LAMMPS's own errors do. */
_Noreturn void ml_exit(ml_run *r, int status);

/* ---- script.c: the input, command by command ---- */

/* Runs the script at path (rank 0 reads it) to its end. */
void ml_script_run(ml_run *r, const char *path);
/* Frees the script being read (r->reading: its files, line and label). */
void ml_script_free(ml_run *r);

/* ---- lammps_call.c: LAMMPS on every rank ---- */

/* Executes one LAMMPS command on every rank; returns LAMMPS's name of the
 * command, or NULL when LAMMPS skipped it (a comment, or while it scans for
 * a label). */
const char *ml_lammps(ml_run *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Text rank 0 wrote to the scratch file after the last command, broadcast
 * to every rank (malloc'd, without the final newline); NULL when out of
 * memory (pending error set). */
char *ml_scratch_read(ml_run *r);

#endif
