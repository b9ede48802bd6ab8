/* SPDX-License-Identifier: BSD-3-Clause */
/* The ranks' agreement on an error (ml.h): one reduction finds the lowest
 * failing rank, whose error every rank then takes, so that exactly one error
 * is reported and every rank stops, none waiting for another. */
#include <limits.h>

#include "ml.h"

int ml_agree(MPI_Comm comm, mbc_status st, mbc_error *err)
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    int mine = st != MBC_OK ? rank : INT_MAX, first = INT_MAX;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == INT_MAX)
        return -1;
    int head[2] = {(int)err->status, err->line};
    MPI_Bcast(head, 2, MPI_INT, first, comm);
    MPI_Bcast(err->message, (int)sizeof err->message, MPI_CHAR, first, comm);
    if (rank != first) { /* the pointers of the failing rank mean nothing here */
        err->type_name = err->param_name = err->file = NULL;
        err->param_number = err->rule_offset = 0;
    }
    err->status = (mbc_status)head[0];
    err->line = head[1];
    if (err->status == MBC_OK)
        err->status = MBC_ERR_STATE;
    return first;
}

int ml_all(MPI_Comm comm, int ok)
{
    int all = 0;
    ok = ok != 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm);
    return all;
}
