/* SPDX-License-Identifier: BSD-3-Clause */
/* The one error path of mbc-lammps: an error is recorded on the rank that
 * finds it, with how it is to be reported (ml.h, ml_error_kind), and ranks
 * agree at fixed points (the end of each mbconnect command and of each
 * force callback) through one reduction, so that exactly one error is
 * reported (the lowest failing rank's) and every rank stops, none waiting
 * for another. host.cpp raises the agreed error in LAMMPS's form ("ERROR:
 * text (file:line)", "ERROR on proc N: text (file:line)") or prints the
 * project's out of memory line "WHAT: out of memory" (status 71). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ml.h"

int ml_fail(ml_run *r, const char *file, int line, int status, int kind, const char *fmt, ...)
{
    if (r->status != 0)
        return r->status;
    va_list ap;
    va_start(ap, fmt);
    (void)vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    (void)snprintf(r->source, sizeof r->source, "%s", file);
    r->source_line = line;
    r->kind = kind;
    r->error_rank = r->rank;
    r->status = status;
    return status;
}

int ml_error_nomem(ml_run *r)
{
    return ml_error(r, ML_EXIT_NOMEM, "%s: out of memory", r->script ? r->script : "mbc-lammps");
}

_Noreturn void ml_exit(ml_run *r, int status)
{
    (void)fflush(stdout);
    if (r->free_bridge)
        r->free_bridge(r);
    if (r->free_args)
        r->free_args(r);
    if (status == ML_EXIT_ERROR) /* as lmp after an error: every rank has stopped */
        MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    exit(status);
}

int ml_agree_known(ml_run *r, int ranks_with_error)
{
    if (ranks_with_error == 0)
        return 0;
    int mine = r->status != 0 ? r->rank : INT_MAX, first = INT_MAX;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, r->comm);
    int head[4] = {r->status, r->kind, r->error_rank, r->source_line};
    MPI_Bcast(head, 4, MPI_INT, first, r->comm);
    MPI_Bcast(r->source, (int)sizeof r->source, MPI_CHAR, first, r->comm);
    MPI_Bcast(r->message, (int)sizeof r->message, MPI_CHAR, first, r->comm);
    r->status = head[0];
    r->kind = head[1];
    r->error_rank = head[2];
    r->source_line = head[3];
    return r->status;
}

int ml_all(ml_run *r, int ok)
{
    int all = 0;
    ok = ok != 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, r->comm);
    return all;
}

int ml_agree(ml_run *r)
{
    int mine = r->status != 0, count = 0;
    MPI_Allreduce(&mine, &count, 1, MPI_INT, MPI_SUM, r->comm);
    return ml_agree_known(r, count);
}

void ml_error_step(ml_run *r, long long step)
{
    static const char prefix[] = "mbconnect: ";
    if (r->status == 0 || r->kind == ML_ERROR_LINE)
        return;
    const size_t n = strncmp(r->message, prefix, sizeof prefix - 1) == 0 ? sizeof prefix - 1 : 0;
    char text[ML_MESSAGE_SIZE];
    /* at most 11 + 5 + 20 + 2 characters before the rest of the message */
    (void)snprintf(text, sizeof text, "%.*sstep %lld: %.*s", (int)n, r->message, step,
                   ML_MESSAGE_SIZE - 40, r->message + n);
    memcpy(r->message, text, sizeof text);
}
