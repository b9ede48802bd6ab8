/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact histories across reassigned atom IDs (atom_ids.h). */
#include "atom_ids.h"

#include <stdlib.h>
#include <string.h>

#include "ml.h"

/* An atom whose ID changed: then and now. */
typedef struct id_change {
    int then, now;
} id_change;

static int by_then(const void *a, const void *b)
{
    const int x = ((const id_change *)a)->then, y = ((const id_change *)b)->then;
    return (x > y) - (x < y);
}

static int by_int(const void *a, const void *b)
{
    const int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The changes of every rank, sorted by the old ID (*all), and the new IDs
 * sorted (*now); total: their count. */
static mbc_status gather(MPI_Comm comm, int nlocal, const int *tag, const int *then, int mine,
                         int total, id_change **all, int **now, mbc_error *err)
{
    int size = 1;
    MPI_Comm_size(comm, &size);
    id_change *local = malloc(((size_t)mine + 1) * sizeof *local);
    *all = malloc((size_t)total * sizeof **all);
    *now = malloc((size_t)total * sizeof **now);
    int *counts = malloc((size_t)size * sizeof *counts),
        *displs = malloc((size_t)size * sizeof *displs);
    const int ok = local && *all && *now && counts && displs;
    if (ml_all(comm, ok)) {
        int n = 0;
        for (int i = 0; i < nlocal; i++)
            if (then[i] != 0 && then[i] != tag[i])
                local[n++] = (id_change){then[i], tag[i]};
        const int words = 2 * mine;
        MPI_Allgather(&words, 1, MPI_INT, counts, 1, MPI_INT, comm);
        for (int r = 0, at = 0; r < size; at += counts[r++])
            displs[r] = at;
        MPI_Allgatherv(local, words, MPI_INT, *all, counts, displs, MPI_INT, comm);
        if (total > 0 && *all && *now) { /* none anywhere: nothing to sort */
            qsort(*all, (size_t)total, sizeof **all, by_then);
            for (int k = 0; k < total; k++)
                (*now)[k] = (*all)[k].now;
            qsort(*now, (size_t)total, sizeof **now, by_int);
        }
    }
    free(local);
    free(counts);
    free(displs);
    return ok ? MBC_OK : mbc_fail_nomem(err, "mbc-lammps: the atom IDs' remap");
}

/* Atom i's partner list remapped in place (changes sorted by old ID, now
 * the new IDs sorted), or with apply 0 left as it is; counts what moves
 * and what is dropped. */
static void remap_atom(int mine_then, int mine_now, int *n, int *partner, double *values, int width,
                       int by_id, int apply, const id_change *all, const int *now, int total,
                       long long *moved, long long *dropped)
{
    int keep = 0;
    for (int m = 0; m < *n; m++) {
        const int p = partner[m];
        const id_change key = {p, 0};
        const id_change *c = bsearch(&key, all, (size_t)total, sizeof *all, by_then);
        int np = p;
        int drop = 0;
        if (c)
            np = c->now;
        else if (bsearch(&p, now, (size_t)total, sizeof *now, by_int))
            drop = 1; /* a deleted partner's ID, another atom's now */
        if (!drop && by_id && ((mine_then < p) != (mine_now < np)))
            drop = 1; /* the pair's order by ID, and so its record's orientation, changed */
        if (drop) {
            (*dropped)++;
            continue;
        }
        *moved += np != p || mine_then != mine_now;
        if (!apply)
            continue;
        partner[keep] = np;
        if (keep != m)
            memmove(values + (size_t)keep * (size_t)width, values + (size_t)m * (size_t)width,
                    (size_t)width * sizeof *values);
        keep++;
    }
    if (apply)
        *n = keep;
}

mbc_status ml_ids_remap(MPI_Comm comm, int nlocal, const int *tag, const int *then, int *npartner,
                        int **partner, double **values, int width, int by_id, int apply,
                        long long *moved, long long *dropped, mbc_error *err)
{
    long long counts[2] = {0, 0};
    *moved = *dropped = 0;
    int mine = 0, total = 0;
    for (int i = 0; i < nlocal; i++)
        mine += then[i] != 0 && then[i] != tag[i];
    MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, comm);
    if (total == 0)
        return MBC_OK;
    id_change *all = NULL;
    int *now = NULL;
    const mbc_status st = gather(comm, nlocal, tag, then, mine, total, &all, &now, err);
    if (st == MBC_OK)
        for (int i = 0; i < nlocal; i++)
            remap_atom(then[i] ? then[i] : tag[i], tag[i], &npartner[i], partner[i], values[i],
                       width, by_id, apply, all, now, total, &counts[0], &counts[1]);
    free(all);
    free(now);
    long long sums[2] = {0, 0};
    MPI_Allreduce(counts, sums, 2, MPI_LONG_LONG, MPI_SUM, comm);
    *moved = sums[0];
    *dropped = sums[1];
    return st;
}
