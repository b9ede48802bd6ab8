/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps: LAMMPS, run as lmp runs it, with pair and wall styles whose
 * forces are spec laws (granular/mbc, wall/gran/mbc by `-sf mbc`;
 * pair_style mbconnect, fix wall/mbconnect) and the `mbconnect` command
 * (docs/lammps.rst).
 *
 * The launcher's shared context: every rank holds one ml_run. LAMMPS reads
 * the input (host.cpp) and runs each command on every rank of its world,
 * so set-up decisions agree without communication. Functions that can fail
 * return an mbc_status with an mbc_error; where only some ranks may fail
 * (an allocation, a rank's atoms), the ranks agree on the error of the
 * lowest failing rank (ml_agree) before it is raised in LAMMPS's form, so
 * that no rank waits for one that has stopped. */
#ifndef ML_H
#define ML_H

#include <stddef.h>

#include <mpi.h>

#include "mbconnect/error.h"
#include "mbconnect/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses: a LAMMPS-style error (as lmp), a command-line error, out of
 * memory (every mbconnect tool). */
enum { ML_EXIT_ERROR = 1, ML_EXIT_USAGE = 2, ML_EXIT_NOMEM = MBC_EXIT_NOMEM };

struct ml_args;

/* What a style of mbc-lammps holds that mbconnect's C code allocated (its
 * laws, its step's buffers): a node inside the style, linked into its run
 * while the style lives, so that the exit handler frees it when LAMMPS ends
 * the process (an error, out of memory) without deleting the style. */
typedef struct ml_held {
    struct ml_held *prev, *next;
    void (*release)(struct ml_held *h); /* frees what is held (idempotent) */
} ml_held;

typedef struct ml_run {
    void *lmp;     /* the LAMMPS instance (host.cpp), NULL before and after it */
    MPI_Comm comm; /* LAMMPS's world (a partition's processes with -partition) */
    int rank, size;
    const char *script;    /* the -in file: WHAT of "WHAT: out of memory" */
    mbc_registry registry; /* built-in types and those of --plugin files */
    /* `mbconnect corrected yes`: the granular words of the styles made
     * from now on take the corrected forms of docs/physics-departures.rst
     * (default: LAMMPS 2021's numbers) */
    int corrected;
    /* `mbconnect energy yes`: the laws of styles made from now on sum their
     * energy books */
    int books;
    struct ml_args *args; /* the command line's arrays (main.c), or NULL */
    /* set by main.c, so that no file calls up into one of a higher level:
     * how to free the command line, and the mbconnect command (command.c)
     * that host.cpp registers */
    void (*free_args)(struct ml_run *r);
    mbc_status (*command)(struct ml_run *r, int argc, char **argv, mbc_error *err);
    ml_held *held; /* the first of the styles' holdings (ml_hold), or NULL */
} ml_run;

/* h into r's holdings / out of them (when its style is deleted). */
static inline void ml_hold(ml_run *r, ml_held *h)
{
    h->prev = NULL;
    h->next = r->held;
    if (r->held)
        r->held->prev = h;
    r->held = h;
}

static inline void ml_unhold(ml_run *r, ml_held *h)
{
    if (h->prev)
        h->prev->next = h->next;
    else if (r->held == h)
        r->held = h->next;
    if (h->next)
        h->next->prev = h->prev;
    h->prev = h->next = NULL;
}

/* Collective: the error of the lowest rank whose st is not MBC_OK, on
 * every rank (err), and that rank; -1 when no rank failed. */
int ml_agree(MPI_Comm comm, mbc_status st, mbc_error *err);
/* Collective: 1 when ok on every rank. Before a collective step that
 * follows something only one rank may fail (an allocation). */
int ml_all(MPI_Comm comm, int ok);

#ifdef __cplusplus
}
#endif

#endif
