/* SPDX-License-Identifier: BSD-3-Clause */
/* Region walls (wall_law.h, fix wall/gran/region): each atom's contacts
 * with a region's surfaces, and a record slot per surface touched, kept as
 * LAMMPS 2021's FixWallGranRegion (fix_wall_gran_region.cpp, read for
 * facts) keeps its ncontact, walls and history_many.
 *
 * A record: rec[0] the count of slots in use; slot k at rec + 1 +
 * k slot_width: the surface's iwall, the flag (1: the law holds the
 * contact), the law's data. A slot is dropped when its surface is no longer
 * among the atom's contacts (the last slot moves into its place), and
 * added, flag 0, for a surface touched anew.
 *
 * Two departures of LAMMPS 2021, taken with the law's lammps2021 and
 * corrected without it (docs/physics-departures.rst, "Region walls:
 * where LAMMPS 2021's fix wall/gran/region is corrected"):
 * update_contacts sets c2r[slot] = contact, and post_force reads it as
 * c2r[contact] = slot, so that an atom touching three or more surfaces
 * whose slots are not in the contacts' order gives a contact another
 * surface's history; and a jkr contact not yet touching clears slot 0's
 * history, not its own. */
#include <math.h>
#include <string.h>

#include "wall_law.h"

void ml_wall_region_size(ml_wall *w, int tmax)
{
    w->tmax = tmax;
    w->slot_width = 2 + (int)w->law->data_count;
    w->width = 1 + tmax * w->slot_width;
}

double ml_wall_region_cutoff(const ml_wall *w, double radius)
{
    return radius + mbc_pair_eval_reach(w->law->object, radius, INFINITY);
}

void ml_wall_region_begin(ml_wall *w, ml_wall_report *rep)
{
    memset(rep, 0, sizeof *rep);
    w->count = 0;
}

static double *slot_of(const ml_wall *w, double *rec, int k)
{
    return rec + 1 + (size_t)k * (size_t)w->slot_width;
}

/* The slots of rec after the atom's nc contacts (FixWallGranRegion's
 * update_contacts): slots whose surface is not touched dropped, a slot for
 * each surface touched anew; c2r[slot] = its contact. */
static void follow_surfaces(const ml_wall *w, double *rec, const ml_region_contact *c, int nc,
                            int *c2r)
{
    int n = (int)rec[0];
    for (int k = 0; k < n;) {
        int m = 0;
        while (m < nc && c[m].iwall != (int)slot_of(w, rec, k)[0])
            m++;
        if (m < nc) {
            k++;
            continue;
        }
        n--;
        memmove(slot_of(w, rec, k), slot_of(w, rec, n), (size_t)w->slot_width * sizeof *rec);
    }
    const int kept = n;
    for (int m = 0; m < nc; m++) {
        int k = 0;
        while (k < kept && (int)slot_of(w, rec, k)[0] != c[m].iwall)
            k++;
        if (k < kept) {
            c2r[k] = m;
            continue;
        }
        double *s = slot_of(w, rec, n);
        memset(s, 0, (size_t)w->slot_width * sizeof *s);
        s[0] = c[m].iwall;
        c2r[n++] = m;
    }
    rec[0] = n;
}

mbc_status ml_wall_region_atom(ml_wall *w, const ml_wall_frame *f, int i,
                               const ml_region_contact *c, int nc, ml_wall_report *rep,
                               mbc_error *err)
{
    double *rec = f->records[i];
    int c2r[ML_WALL_CHUNK] = {0}, r2c[ML_WALL_CHUNK] = {0};
    if (nc > ML_WALL_CHUNK || nc > w->tmax)
        return mbc_fail(err, MBC_ERR_VALUE, "atom %d: %d region contacts (at most %d)", f->tag[i],
                        nc, w->tmax < ML_WALL_CHUNK ? w->tmax : ML_WALL_CHUNK);
    follow_surfaces(w, rec, c, nc, c2r);
    for (int k = 0; k < nc; k++)
        r2c[c2r[k]] = k;
    const int lammps2021 = w->law->lammps2021;
    const double rad = f->atoms.radius[i];
    const unsigned step = f->setup ? MBC_PAIR_SETUP : MBC_PAIR_POST_NEWTON;
    for (int ic = 0; ic < nc; ic++) {
        double *s = slot_of(w, rec, lammps2021 ? c2r[ic] : r2c[ic]);
        const int known = s[1] != 0.0;
        const double rsq = c[ic].distance * c[ic].distance;
        if (!known && rsq > rad * rad) { /* jkr: near, not touching yet */
            double *cleared = lammps2021 ? slot_of(w, rec, 0) : s;
            memset(cleared + 1, 0, (size_t)(w->slot_width - 1) * sizeof *cleared);
            continue;
        }
        if (!known && w->law->data_count > 0)
            rep->fresh += 1.0;
        mbc_wall_contact wc = {
            .atom = i, .data = s + 2, .radius = c[ic].radius, .distance = c[ic].distance};
        if (wc.radius == 0.0)
            wc.radius = INFINITY; /* LAMMPS's flat surface */
        memcpy(wc.del, c[ic].del, sizeof wc.del);
        memcpy(wc.velocity, c[ic].velocity, sizeof wc.velocity);
        const mbc_status st =
            ml_wall_push(w, f, &wc, known ? step : (step | MBC_PAIR_POST_NEWTON), rep, err);
        if (st != MBC_OK)
            return st;
    }
    return MBC_OK;
}
