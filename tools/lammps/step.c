/* SPDX-License-Identifier: BSD-3-Clause */
/* The force callback of fix ML_FIX: every pair of the half neighbor list
 * whose spheres touch (center distance < r_i + r_j) and whose atom types
 * have a law is evaluated by that law (docs/lammps.rst, "Each step"):
 *
 * 1. the pair's data coordinates: its contact record, or the type's
 *    initial data for a pair that just touched;
 * 2. PostNewtonStep on the current state (start-of-step data = the record),
 *    so that contact onset is not a step late; skipped for a known pair
 *    when LAMMPS calls again at the same step (the set-up of a `run`), so
 *    that no state advances twice;
 * 3. forces and torques with the new data, on the owned atoms of the pair
 *    (newton off: a pair with a ghost is evaluated by both owners);
 * 4. the new data into the pair's record, kept by atom i of the list
 *    element (contacts.h); the records of pairs no longer touching are
 *    dropped.
 *
 * Sphere a of the binding is the atom with the lower ID, so both owners of
 * a pair evaluate it in the same order. Velocities are global; LAMMPS's
 * omega is global, so the markers' rotation is the identity and their
 * local angular velocity is omega. Units are LAMMPS's (`units si`: SI).
 *
 * The fix vector sums over pairs, each pair once (half from each owner when
 * the partner is a ghost): contacts, mean overlap (m), then the laws'
 * scalar outputs; "Energy" also goes to the fix's energy (thermo pe with
 * fix_modify energy yes, which mbconnect pair sets). The virial of the
 * contact forces, summed over ranks, is the fix's global virial (press;
 * fix_modify virial yes). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "batch.h"
#include "mbconnect/evaluate.h"
#include "pages.h"
#include "step.h"
#include "step_atoms.h"

#define NEIGHMASK 0x3FFFFFFF /* LAMMPS's neighbor index bits */
/* The evaluation context of one pair, reused for every pair of a call (the
 * markers' rotation stays the identity). */
typedef struct step_pair {
    mbc_rigid_marker marker[2];
    double start[ML_DATA_MAX], now[ML_DATA_MAX];
    mbc_error err;
} step_pair;

static int capacity_error(ml_run *r, const step_atoms *a, int i)
{
    return ml_error_atoms(r,
                          "mbconnect: atom %d touches more than %d spheres, the contact capacity "
                          "(raise it with `mbconnect capacity N` before the first run)",
                          a->tag[i], a->contacts.capacity);
}

/* The record of pair c in this step (contacts.h): its slot in the row of
 * atom[0], which keeps it (-1 for atom[1]), and the pair's stored data
 * (NULL for a new pair): atom[0]'s record, else atom[1]'s (which kept the
 * pair in the step before: LAMMPS reordered the atoms, or the pair started
 * to cross ranks). Returns 0, or the pending status when atom[0] has no
 * room for another record. */
static int records(ml_run *r, step_atoms *a, const step_contact *c, int slot[2],
                   const double **stored)
{
    int found = 0;
    slot[1] = -1;
    slot[0] = ml_contacts_use(&a->contacts, c->atom[0], c->tag[1], &found);
    if (slot[0] < 0)
        return capacity_error(r, a, c->atom[0]);
    *stored = found ? ml_contacts_data(&a->contacts, c->atom[0], slot[0])
                    : ml_contacts_other(&a->contacts, c->atom[1], a->nlocal, c->tag[0], a->last);
    return 0;
}

static void set_marker(mbc_rigid_marker *m, const step_atoms *a, int i)
{
    for (int k = 0; k < 3; k++) {
        m->position[k] = a->x[i][k];
        m->velocity[k] = a->v[i][k];
        m->angular_velocity_local[k] = a->omega[i][k];
    }
}

/* Steps 2 and 3: new data into p->now, forces into fo. */
static mbc_status evaluate(ml_law *law, step_pair *p, const double *stored, int advance,
                           mbc_forces *fo, mbc_error *err)
{
    mbc_object *o = law->object;
    const size_t n = law->data_count;
    memcpy(p->start, stored ? stored : law->initial, n * sizeof(double));
    mbc_state s = {.marker = {&p->marker[0], &p->marker[1]},
                   .data = p->start,
                   .data_start = p->start,
                   .data_count = n};
    mbc_status st = MBC_OK;
    if (o->type->initialize) /* derived parameters may depend on the radii */
        st = o->type->initialize(o->params, err);
    if (st == MBC_OK && o->type->post_newton_step && (advance || !stored)) {
        mbc_post_newton pn = {.data = p->now};
        st = mbc_object_post_newton_step(o, &s, &pn, err);
    } else {
        memcpy(p->now, p->start, n * sizeof(double));
    }
    s.data = p->now;
    return st == MBC_OK ? mbc_object_forces(o, &s, fo, err) : st;
}

/* Step 4 and the totals: forces onto the owned atoms, records, sums. */
static void apply(const ml_law *law, step_atoms *a, const step_pair *p, const mbc_forces *fo,
                  const int atom[2], const int slot[2], double **f, double *totals, double overlap)
{
    const mbc_pair_binding *bind = law->binding;
    const int local[2] = {1, atom[1] < a->nlocal};
    for (int k = 0; k < 2; k++) {
        if (!local[k])
            continue;
        const int is_a = a->tag[atom[k]] < a->tag[atom[1 - k]];
        const int m = bind->center_markers[is_a ? 0 : 1];
        for (int c = 0; c < 3; c++) {
            f[atom[k]][c] += fo->force[m][c];
            a->torque[atom[k]][c] += fo->torque[m][c];
        }
        if (slot[k] >= 0)
            memcpy(ml_contacts_data(&a->contacts, atom[k], slot[k]), p->now,
                   law->data_count * sizeof(double));
    }
    const double w = local[1] ? 1.0 : 0.5;
    totals[ML_VECTOR_CONTACTS] += w;
    totals[ML_VECTOR_OVERLAP] += w * overlap;
    const int ia = a->tag[atom[0]] < a->tag[atom[1]] ? atom[0] : atom[1];
    const int ib = ia == atom[0] ? atom[1] : atom[0];
    const double d[3] = {a->x[ib][0] - a->x[ia][0], a->x[ib][1] - a->x[ia][1],
                         a->x[ib][2] - a->x[ia][2]};
    virial_add(a->virial, d, fo->force[bind->center_markers[1]], w);
}

/* The outputs of one pair into the totals. */
static mbc_status add_outputs(const ml_bridge *b, size_t li, const ml_law *law, step_pair *p,
                              double w, double *totals, mbc_error *err)
{
    if (law->output_count == 0)
        return MBC_OK;
    mbc_state s = {.marker = {&p->marker[0], &p->marker[1]},
                   .data = p->now,
                   .data_start = p->start,
                   .data_count = law->data_count};
    for (size_t k = 0; k < law->output_count; k++) {
        double value = 0.0;
        mbc_status st = mbc_object_output(law->object, &s, law->outputs[k], &value, 1, err);
        if (st != MBC_OK)
            return st;
        totals[ML_VECTOR_FIXED + b->sum_slot[li][k]] += w * value;
    }
    return MBC_OK;
}

/* One touching pair c of law li. Returns 0, or the pending status. */
static int pair(ml_run *r, ml_bridge *b, step_atoms *a, step_pair *p, const step_contact *c, int li,
                double **f, double *totals)
{
    ml_law *law = b->laws[li];
    const double *stored = NULL;
    int slot[2];
    if (records(r, a, c, slot, &stored) != 0)
        return r->status;
    if (law->batch) { /* evaluated a chunk at a time, while its arrays are in cache */
        ml_batch_add(law->batch, a, c, slot, stored, law->initial);
        return law->batch->count == ML_BATCH_CHUNK ? ml_batch_run(r, law, a, f, totals) : 0;
    }
    const int i = c->atom[0], j = c->atom[1];
    const int ia = c->tag[0] < c->tag[1] ? i : j, ib = ia == i ? j : i;
    set_marker(&p->marker[law->binding->center_markers[0]], a, ia);
    set_marker(&p->marker[law->binding->center_markers[1]], a, ib);
    law->radii[0] = a->radius[ia];
    law->radii[1] = a->radius[ib];
    mbc_forces fo;
    mbc_status st = evaluate(law, p, stored, a->advance, &fo, &p->err);
    if (st == MBC_OK)
        st = add_outputs(b, (size_t)li, law, p, j < a->nlocal ? 1.0 : 0.5, totals, &p->err);
    if (st != MBC_OK)
        return ml_error_atoms(r, "mbconnect: atoms %d and %d: %s", a->tag[ia], a->tag[ib],
                              p->err.message);
    apply(law, a, p, &fo, c->atom, slot, f, totals, c->rsum - sqrt(c->rsq));
    return 0;
}

/* The count of used records per owned atom, all zero: ml_contacts_sweep
 * zeroes the counts it reads at the end of each step, and new room is
 * zeroed here (grown with nlocal: no allocation in a step unless the rank
 * holds more atoms than ever). */
static int *used_counts(ml_run *r, ml_bridge *b, int nlocal)
{
    if ((size_t)nlocal > b->used_size) {
        const size_t n = (size_t)nlocal + (size_t)nlocal / 4 + 64;
        int *used = realloc(b->used, n * sizeof *used);
        if (!used) {
            ml_error_nomem(r);
            return NULL;
        }
        memset(used + b->used_size, 0, (n - b->used_size) * sizeof *used);
        b->used = used;
        b->used_size = n;
    }
    return b->used;
}

/* The arrays of this call; 0, or the pending status when one is missing. */
static int gather(ml_run *r, ml_bridge *b, int nlocal, step_atoms *a)
{
    void *h = r->lmp;
    a->x = lammps_extract_atom(h, "x");
    a->v = lammps_extract_atom(h, "v");
    a->omega = lammps_extract_atom(h, "omega");
    a->radius = lammps_extract_atom(h, "radius");
    a->torque = lammps_extract_atom(h, "torque");
    a->tag = lammps_extract_atom(h, "id");
    a->type = lammps_extract_atom(h, "type");
    a->nlocal = nlocal;
    for (int k = 0; k < 6; k++)
        a->virial[k] = 0.0;
    /* i2_/d2_ arrays: int ** and double **, whatever lammps_extract_atom_datatype says */
    const int hot = ml_bridge_hot(b);
    a->contacts =
        (ml_contacts){.partner = lammps_extract_atom(h, ML_PARTNER),
                      .stamp = lammps_extract_atom(h, ML_STAMP),
                      .state = lammps_extract_atom(h, ML_STATE),
                      .more = hot < b->capacity ? lammps_extract_atom(h, ML_STATE_MORE) : NULL,
                      .used = used_counts(r, b, nlocal),
                      .capacity = b->capacity,
                      .hot = hot,
                      .width = b->width};
    if (!a->contacts.used)
        return r->status;
    if (!a->x || !a->v || !a->omega || !a->radius || !a->torque || !a->tag || !a->type ||
        (nlocal > 0 && (!a->contacts.partner || !a->contacts.stamp || !a->contacts.state ||
                        (hot < b->capacity && !a->contacts.more))))
        return ml_error_at(r,
                           "mbconnect: per-atom arrays missing (atom style changed, or fix %s "
                           "deleted?)",
                           ML_FIX_STATE);
    const int nmax = lammps_extract_setting(h, "nmax");
    if (nlocal > 0 && (a->contacts.state[0] != b->paged || nmax != b->paged_nmax)) {
        /* new or moved (grown) record arrays: rows of nmax atoms, contiguous */
        ml_pages_huge(a->contacts.state[0],
                      (size_t)nmax * (size_t)(hot * b->width) * sizeof(double));
        ml_pages_huge(a->contacts.partner[0], (size_t)nmax * (size_t)b->capacity * sizeof(int));
        b->paged = a->contacts.state[0];
        b->paged_nmax = nmax;
    }
    return 0;
}

/* Settings that may have changed since `mbconnect pair`: newton off for
 * pairs and ghost velocities (the same on every rank), atoms within the
 * neighbor cutoff. */
static int check(ml_run *r, const ml_bridge *b, const step_atoms *a)
{
    if (ml_bridge_check_run(r, "mbconnect") != 0)
        return r->status;
    for (int i = 0; i < a->nlocal; i++)
        if (2.0 * a->radius[i] > b->cutoff)
            return ml_error_atoms(r,
                                  "mbconnect: atom %d has diameter %g, larger than the neighbor "
                                  "cutoff %g (the largest diameter when `mbconnect pair` ran; give "
                                  "mbconnect pair again after creating larger atoms)",
                                  a->tag[i], 2.0 * a->radius[i], b->cutoff);
    return 0;
}

/* Elements of the neighbor list read ahead of the one evaluated, so that
 * the contact records of their atoms are on their way into the cache when
 * they are needed (a record row is capacity * width doubles per atom, of
 * which the first few are used: rows far apart, which the hardware does
 * not prefetch). */
#define STEP_AHEAD 8
/* The first record lines of a row prefetched: 3 lines hold 6 records of 4
 * data coordinates (ContactSphereSphere). */
#define STEP_AHEAD_LINES 3

typedef struct step_element {
    int i, count, *neighbors;
} step_element;

static inline void prefetch_records(const step_atoms *a, int atom)
{
#if defined(__GNUC__)
    __builtin_prefetch(a->contacts.partner[atom], 1);
    const double *s = a->contacts.state[atom];
    for (int line = 0; line < STEP_AHEAD_LINES; line++)
        __builtin_prefetch(s + 8 * line, 1);
#else
    (void)a;
    (void)atom;
#endif
}

/* Element e of the list, with the records of atom i, which keeps those of
 * its pairs, prefetched. */
static void element(void *h, int list, int e, const step_atoms *a, step_element *el)
{
    lammps_neighlist_element_neighbors(h, list, e, &el->i, &el->count, &el->neighbors);
    prefetch_records(a, el->i);
}

/* Every pair of the neighbor list. */
static void pairs(ml_run *r, ml_bridge *b, step_atoms *a, double **f, double *totals)
{
    void *h = r->lmp;
    const int list = lammps_find_pair_neighlist(h, "zero", 1, 0, 0);
    if (list < 0) {
        ml_error_at(r, "mbconnect: no neighbor list of pair_style zero (was the pair style "
                       "changed after mbconnect pair?)");
        return;
    }
    const int n = lammps_neighlist_num_elements(h, list);
    step_pair p = {.marker = {{.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}},
                              {.rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1}}}};
    const int *law_row = b->law_of; /* the laws of atom i's type */
    step_element ahead[STEP_AHEAD];
    for (int e = 0; e < n && e < STEP_AHEAD; e++)
        element(h, list, e, a, &ahead[e]);
    for (int e = 0; e < n && r->status == 0; e++) {
        const step_element el = ahead[e % STEP_AHEAD];
        if (e + STEP_AHEAD < n)
            element(h, list, e + STEP_AHEAD, a, &ahead[e % STEP_AHEAD]);
        const int i = el.i;
        const double xi[3] = {a->x[i][0], a->x[i][1], a->x[i][2]}, ri = a->radius[i];
        if (b->uniform < 0)
            law_row = b->law_of + a->type[i] * (b->ntypes + 1);
        for (int k = 0; k < el.count && r->status == 0; k++) {
            const int j = el.neighbors[k] & NEIGHMASK;
            const double *xj = a->x[j];
            const double dx = xj[0] - xi[0], dy = xj[1] - xi[1], dz = xj[2] - xi[2];
            const double rsq = dx * dx + dy * dy + dz * dz, rsum = ri + a->radius[j];
            if (rsq >= rsum * rsum) /* not touching: no law, no record */
                continue;
            const int li = b->uniform >= 0 ? b->uniform : law_row[a->type[j]];
            if (li < 0)
                continue;
            const step_contact c = {{i, j}, {a->tag[i], a->tag[j]}, {dx, dy, dz}, rsq, rsum};
            pair(r, b, a, &p, &c, li, f, totals);
        }
    }
    for (size_t l = 0; l < b->law_count && r->status == 0; l++)
        if (b->laws[l]->batch)
            ml_batch_run(r, b->laws[l], a, f, totals);
}

/* The fix vector and energy from the totals of every rank. */
static void publish(ml_run *r, const ml_bridge *b, const double *sum)
{
    void *h = r->lmp;
    const double contacts = sum[ML_VECTOR_CONTACTS];
    lammps_fix_external_set_vector(h, ML_FIX, ML_VECTOR_CONTACTS + 1, contacts);
    lammps_fix_external_set_vector(h, ML_FIX, ML_VECTOR_OVERLAP + 1,
                                   contacts > 0 ? sum[ML_VECTOR_OVERLAP] / contacts : 0.0);
    for (size_t k = 0; k < b->sum_count; k++)
        lammps_fix_external_set_vector(h, ML_FIX, (int)(ML_VECTOR_FIXED + k + 1),
                                       sum[ML_VECTOR_FIXED + k]);
    if (b->energy >= 0)
        lammps_fix_external_set_energy_global(h, ML_FIX, sum[ML_VECTOR_FIXED + b->energy]);
}

void ml_step_callback(void *ptr, int64_t step, int nlocal, int *ids, double **x, double **f)
{
    ml_run *r = ptr;
    ml_bridge *b = r->bridge;
    (void)ids;
    (void)x;
    for (int i = 0; i < nlocal; i++) /* LAMMPS never clears this array */
        f[i][0] = f[i][1] = f[i][2] = 0.0;
    double totals[ML_TOTALS] = {0}, sum[ML_TOTALS] = {0};
    step_atoms a = {0};
    if (gather(r, b, nlocal, &a) == 0 && check(r, b, &a) == 0) {
        a.advance = step != b->last_step;
        a.last = b->last_step;
        pairs(r, b, &a, f, totals);
        if (r->status == 0)
            ml_contacts_sweep(&a.contacts, nlocal, step);
    }
    for (int k = 0; k < 6; k++)
        totals[ML_TOTAL_VIRIAL + k] = a.virial[k];
    totals[ML_TOTALS - 1] = r->status != 0;
    MPI_Allreduce(totals, sum, ML_TOTALS, MPI_DOUBLE, MPI_SUM, r->comm);
    if (ml_agree_known(r, (int)sum[ML_TOTALS - 1]) != 0)
        return; /* host.cpp raises it */
    publish(r, b, sum);
    /* the fix's virial is global: LAMMPS adds it once (1/nprocs from each rank) */
    lammps_fix_external_set_virial_global(r->lmp, ML_FIX, &sum[ML_TOTAL_VIRIAL]);
    b->last_step = step;
    b->ran = 1;
}
