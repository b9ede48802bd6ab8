/* SPDX-License-Identifier: BSD-3-Clause */
/* The one error path of mbc-lammps: an error is recorded on the rank that
 * finds it, and ranks agree at fixed points (after each command, at the end
 * of each force callback) through one reduction, so that exactly one line is
 * printed (by the lowest rank with an error) and every rank stops, none
 * waiting for another. Lines follow LAMMPS ("ERROR: text (file:line)",
 * "ERROR on proc N: text" for one rank's atoms) or the project's out of
 * memory line "WHAT: out of memory" (status 71). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <lammps/library.h>

#include "ml.h"

int ml_error(ml_run *r, int status, const char *fmt, ...)
{
    if (r->status != 0)
        return r->status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    r->status = status;
    return status;
}

int ml_error_at(ml_run *r, const char *fmt, ...)
{
    if (r->status != 0)
        return r->status;
    char text[ML_MESSAGE_SIZE - 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (r->file)
        return ml_error(r, ML_EXIT_ERROR, "ERROR: %s (%s:%d)", text, r->file, r->line);
    return ml_error(r, ML_EXIT_ERROR, "ERROR: %s", text);
}

int ml_error_nomem(ml_run *r)
{
    return ml_error(r, ML_EXIT_NOMEM, "%s: out of memory", r->script ? r->script : "mbc-lammps");
}

_Noreturn void ml_exit(ml_run *r, int status)
{
    (void)fflush(stdout);
    if (status == 0 && r->lmp)
        lammps_close(r->lmp); /* on errors as LAMMPS's own: exit, which flushes its log */
    r->lmp = NULL;
    if (r->free_bridge)
        r->free_bridge(r);
    if (r->free_reading)
        r->free_reading(r);
    if (r->free_args)
        r->free_args(r);
    if (r->scratch_path) {
        (void)unlink(r->scratch_path);
        free(r->scratch_path);
        r->scratch_path = NULL;
    }
    MPI_Finalize();
    exit(status);
}

void ml_agree_known(ml_run *r, int ranks_with_error)
{
    if (ranks_with_error == 0)
        return;
    int mine = r->status != 0 ? r->rank : INT_MAX, first = INT_MAX;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, r->comm);
    int status = r->status;
    MPI_Bcast(&status, 1, MPI_INT, first, r->comm);
    if (r->rank == first) {
        (void)fflush(stdout);
        (void)fprintf(stderr, "%s\n", r->message);
        (void)fflush(stderr);
    }
    ml_exit(r, status);
}

int ml_all(ml_run *r, int ok)
{
    int all = 0;
    ok = ok != 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, r->comm);
    return all;
}

void ml_agree(ml_run *r)
{
    int mine = r->status != 0, count = 0;
    MPI_Allreduce(&mine, &count, 1, MPI_INT, MPI_SUM, r->comm);
    ml_agree_known(r, count);
}
