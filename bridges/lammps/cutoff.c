/* SPDX-License-Identifier: BSD-3-Clause */
/* The neighbor cutoffs (cutoff.h). */
#include "cutoff.h"

#include "host.h"
#include "mbconnect/pair_eval.h"

/* LAMMPS's MAX(a, b). */
static double larger(double a, double b)
{
    return a > b ? a : b;
}

/* The reach of the type pair's law at radii r_i, r_j (0: no law, or a
 * radius not known). */
static double reach_of(const ml_bridge *b, int law, double r_i, double r_j)
{
    if (law < 0 || !(r_i > 0.0) || !(r_j > 0.0))
        return 0.0;
    return mbc_pair_eval_reach(b->laws[law]->object, r_i, r_j);
}

/* init_one's cutoff of types i and j from the radii known; cutmax when
 * neither type's radius is known (LAMMPS: "not to interfere with the
 * neighbor list"). */
static double pair_cutoff(const ml_bridge *b, int i, int j, double cutmax)
{
    const double *dyn = b->radius_dynamic, *frz = b->radius_frozen;
    const int n = b->ntypes + 1, law = b->law_of[i * n + j];
    const double ct = b->cut_type[i * n + j];
    if (ct > 0.0)
        return ct;
    if (ct == 0.0)
        return 0.0;
    if (!((dyn[i] > 0.0 && dyn[j] > 0.0) || (dyn[i] > 0.0 && frz[j] > 0.0) ||
          (frz[i] > 0.0 && dyn[j] > 0.0)))
        return cutmax;
    double cut = dyn[i] + dyn[j] + reach_of(b, law, dyn[i], dyn[j]);
    cut = larger(cut, frz[i] + dyn[j] + reach_of(b, law, frz[i], dyn[j]));
    return larger(cut, dyn[i] + frz[j] + reach_of(b, law, dyn[i], frz[j]));
}

void ml_cutoffs(ml_run *r, ml_bridge *b)
{
    const int n = b->ntypes;
    ml_host_type_radii(r, b->radius_dynamic, b->radius_frozen);
    double cutmax = 0.0, rmax = 0.0;
    for (int t = 1; t <= n; t++) {
        b->type_radius[t] = larger(b->radius_dynamic[t], b->radius_frozen[t]);
        cutmax = larger(cutmax, 2.0 * b->radius_dynamic[t]);
        cutmax = larger(cutmax, 2.0 * b->radius_frozen[t]);
        rmax = larger(rmax, b->type_radius[t]);
    }
    for (int t = 1; t <= n; t++) /* no radius known: cutmax covers atoms up to half of it */
        if (!(b->type_radius[t] > 0.0))
            b->type_radius[t] = 0.5 * cutmax;
    b->cutoff = 0.0;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++) {
            const double cut = pair_cutoff(b, i, j, cutmax);
            b->cut[i * (n + 1) + j] = cut;
            b->cutoff = larger(b->cutoff, cut);
        }
    b->reach = 0.0;
    for (size_t k = 0; k < b->law_count && rmax > 0.0; k++)
        b->reach = larger(b->reach, mbc_pair_eval_reach(b->laws[k]->object, rmax, rmax));
}
