/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks of a DEM run on the contacts that start (guard.h). */
#include "guard.h"

#include <math.h>
#include <stdio.h>

#include "host.h"

int ml_guard_coincident(ml_run *r, const int tag[2])
{
    return ml_error_atoms(r,
                          "mbconnect: atoms %d and %d have coincident centers: the contact normal "
                          "is undefined",
                          tag[0], tag[1]);
}

void ml_guard_deep(ml_guard *g, const int tag[2], double rsq, double rsum, double rmin,
                   double weight)
{
    const double overlap = rsum - sqrt(rsq), ratio = overlap / rmin;
    g->count += weight;
    if (ratio > g->ratio) {
        g->ratio = ratio;
        g->overlap = overlap;
        g->radius = rmin;
        g->tag[0] = tag[0] < tag[1] ? tag[0] : tag[1];
        g->tag[1] = tag[0] < tag[1] ? tag[1] : tag[0];
    }
}

void ml_guard_report(const ml_run *r, const ml_guard *g, long long step, double count)
{
    struct {
        double ratio;
        int rank;
    } mine = {g->ratio, r->rank}, deepest = {0.0, 0};
    MPI_Allreduce(&mine, &deepest, 1, MPI_DOUBLE_INT, MPI_MAXLOC, r->comm);
    double pair[4] = {g->overlap, g->radius, g->tag[0], g->tag[1]};
    MPI_Bcast(pair, 4, MPI_DOUBLE, deepest.rank, r->comm);
    char text[400];
    (void)snprintf(text, sizeof text,
                   "mbconnect: step %lld: atoms %.0f and %.0f start their contact overlapping by "
                   "%g, %.0f %% of the smaller radius %g (%.0f contacts started deeper than %.0f "
                   "%% of it): atoms placed overlapping, or a time step too long for the impacts? "
                   "(said once)",
                   step, pair[2], pair[3], pair[0], 100.0 * pair[0] / pair[1], pair[1], count,
                   100.0 * ML_DEEP_OVERLAP);
    ml_host_warning(r, __FILE__, __LINE__, text);
}
