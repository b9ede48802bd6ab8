/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps: LAMMPS, run as lmp runs it, with one more command,
 * `mbconnect`, which makes connector types of mbconnect the pair
 * interaction of the run (docs/lammps.rst).
 *
 * The launcher's shared context. Every rank holds one ml_run. LAMMPS reads
 * the input (host.cpp) and runs each command on every rank of its world,
 * `mbconnect` too, so set-up decisions agree without communication; errors
 * found on some ranks only are agreed on through ml_agree (fail.c) at the
 * end of each mbconnect command and of each force callback, and then raised
 * in LAMMPS's form (host.cpp): no rank waits for one that has stopped, and
 * none calls MPI_Abort. */
#ifndef ML_H
#define ML_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "mbconnect/object.h"

#ifdef __cplusplus /* host.cpp */
extern "C" {
#define ML_NORETURN [[noreturn]]
#else
#define ML_NORETURN _Noreturn
#endif

/* Exit statuses: a LAMMPS-style error (as lmp), a command-line error, out of
 * memory (every mbconnect tool). */
enum { ML_EXIT_ERROR = 1, ML_EXIT_USAGE = 2, ML_EXIT_NOMEM = 71 };

/* How a pending error is reported (host.cpp). */
typedef enum ml_error_kind {
    ML_ERROR_COMMAND = 0, /* "ERROR: TEXT (FILE:LINE)" and "Last command: ...", as
                           * LAMMPS's Error::all: the same on every rank */
    ML_ERROR_ATOMS,       /* "ERROR on proc N: TEXT (FILE:LINE)", the first line of
                           * LAMMPS's Error::one: about rank N's atoms */
    ML_ERROR_LINE         /* the message is the whole line, for stderr ("WHAT: out of memory") */
} ml_error_kind;

#define ML_MESSAGE_SIZE 1024
#define ML_SOURCE_SIZE  64

struct ml_bridge;
struct ml_args;

typedef struct ml_run {
    void *lmp;     /* the LAMMPS instance (host.cpp), NULL before and after it */
    MPI_Comm comm; /* LAMMPS's world (a partition's processes with -partition) */
    int rank, size;
    const char *script;    /* the -in file: WHAT of "WHAT: out of memory" */
    mbc_registry registry; /* built-in types and those of --plugin files */
    /* what the run holds, freed by ml_exit on every exit (after out of
     * memory too: nothing of the tool's is left allocated) */
    struct ml_bridge *bridge; /* the mbconnect interaction (bridge.c) */
    struct ml_args *args;     /* the command line's arrays (main.c), or NULL */
    /* set by main.c, so that no file calls up into one of a higher level:
     * how to free each, the mbconnect command (command.c) that host.cpp
     * registers, and the force callback (step.c) that the bridge installs */
    void (*free_bridge)(struct ml_run *r);
    void (*free_args)(struct ml_run *r);
    int (*command)(struct ml_run *r, int argc, char **argv);
    void (*step_callback)(void *run, int64_t step, int nlocal, int *ids, double **x, double **f);
    /* a wall's force callback (wall.c; ctx: the wall, which starts with
     * this ml_run *), each run's set-up (bridge.c: the neighbor cutoffs) and
     * an atom that fix pour or deposit inserts (bridge.c: its rows) */
    void (*wall_callback)(void *ctx, int64_t step, int nlocal, int *ids, double **x, double **f);
    void (*init_callback)(struct ml_run *r);
    void (*atom_created)(struct ml_run *r, int i);
    /* this rank's pending error (status 0: none): the status, how it is
     * reported, the rank that found it, where in mbc-lammps's sources
     * (file relative to the source tree, line) and its text */
    int status;
    int kind;
    int error_rank;
    int source_line;
    char source[ML_SOURCE_SIZE];
    char message[ML_MESSAGE_SIZE];
} ml_run;

/* ---- fail.c: the one error path ---- */

/* Records this rank's error (the first one wins): status, kind (an
 * ml_error_kind), the place in the sources and the message, printf-style.
 * Returns the pending status. Called through the macros below. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
int ml_fail(ml_run *r, const char *file, int line, int status, int kind, const char *fmt, ...);
/* An error of the mbconnect command or the run, the same on every rank:
 * "ERROR: TEXT (FILE:LINE)". */
#define ml_error_at(r, ...)                                                                        \
    ml_fail((r), __FILE__, __LINE__, ML_EXIT_ERROR, ML_ERROR_COMMAND, __VA_ARGS__)
/* An error about this rank's atoms: "ERROR on proc N: TEXT (FILE:LINE)"
 * (the lowest failing rank's, after ml_agree). */
#define ml_error_atoms(r, ...)                                                                     \
    ml_fail((r), __FILE__, __LINE__, ML_EXIT_ERROR, ML_ERROR_ATOMS, __VA_ARGS__)
/* A whole line for stderr with its status (the command line, before LAMMPS). */
#define ml_error(r, status, ...)                                                                   \
    ml_fail((r), __FILE__, __LINE__, (status), ML_ERROR_LINE, __VA_ARGS__)
/* Out of memory: "SCRIPT: out of memory", status 71. */
int ml_error_nomem(ml_run *r);
/* This rank's pending error (unless a whole line) names the step of the
 * run in which it was found: "mbconnect: step N: TEXT". */
void ml_error_step(ml_run *r, long long step);
/* Collective: 0 when no rank has a pending error; otherwise every rank
 * takes the error of the lowest rank that has one (status, kind, rank,
 * place, message) and gets its status, for host.cpp to raise. */
int ml_agree(ml_run *r);
/* The same as ml_agree, with the count of ranks that have an error already
 * known (from a reduction the caller makes anyway). */
int ml_agree_known(ml_run *r, int ranks_with_error);
/* Collective: 1 when ok on every rank. Before a collective step that
 * follows something only one rank may fail (an allocation), so that every
 * rank skips that step together and none waits for another. */
int ml_all(ml_run *r, int ok);
/* Frees what the run holds (bridge, command line), finalizes MPI and exits
 * with status (LAMMPS is deleted or was never created). */
ML_NORETURN void ml_exit(ml_run *r, int status);

#ifdef __cplusplus
}
#endif

#endif
