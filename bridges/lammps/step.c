/* SPDX-License-Identifier: BSD-3-Clause */
/* The force callback of fix ML_FIX: every pair of the half neighbor list
 * whose spheres touch (center distance < r_i + r_j) and whose atom types
 * have a law is evaluated by that law (docs/lammps.rst, "Each step"), in one
 * pass over the list:
 *
 * 1. the distance test (and, for a law whose contacts outlive touching,
 *    a pair with a record up to the law's reach beyond it);
 * 2. the pair's contact record, kept by atom i of the list element
 *    (contacts.h): its data coordinates in place; a pair that just touched
 *    starts from the type's initial data, written into its new record;
 * 3. the pair joins its law's chunk (batch.h): two atom indices and the
 *    record's address; every chunk runs through mbc_pair_eval
 *    (mbconnect/pair_eval.h), which reads the atoms where LAMMPS keeps them,
 *    runs PostNewtonStep on the current state (start-of-step data = the
 *    record, so that contact onset is not a step late) and the forces with
 *    the new data, writes the new data into the record and adds forces and
 *    torques to the owned atoms (newton off: a pair with a ghost is
 *    evaluated by both owners; newton on: by one, which adds the forces
 *    on the ghost atom too, and LAMMPS's reverse communication takes them
 *    to its owner). When LAMMPS calls again at the same step (the set-up
 *    of a `run`), a known pair keeps its record (forces only), so that no
 *    state advances twice; and every call of LAMMPS's set-up says so
 *    (MBC_PAIR_SETUP: a law that writes its record without a step, as
 *    pair_style granular's set-up, does so);
 * 4. the records of pairs no longer touching, or whose law ended the
 *    contact, are dropped.
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
#include "host.h"
#include "pages.h"
#include "restore.h"
#include "step.h"
#include "step_atoms.h"

#define NEIGHMASK 0x3FFFFFFF /* LAMMPS's neighbor index bits */

static int capacity_error(ml_run *r, const step_atoms *a, int i)
{
    return ml_error_atoms(r,
                          "mbconnect: atom %d touches more than %d spheres, the contact capacity "
                          "(raise it with `mbconnect capacity N` before the first run)",
                          a->tag[i], a->contacts.capacity);
}

/* A touching pair of law that starts its contact (it has no record): atoms
 * i (owned) and j, their IDs ti and tj, the squared distance of their
 * centers rsq and the sum of their radii rsum. Checks coincident centers
 * and a deep overlap (guard.h) and, at the bridge's first evaluation,
 * counts the contacts that start without their history. Returns 0, or the
 * pending status. Out of line and by value: most pairs are known, and the
 * pair's values stay in registers. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
onset(ml_run *r, step_atoms *a, const ml_law *law, int i, int j, int ti, int tj, double rsq,
      double rsum)
{
    const int tag[2] = {ti, tj};
    if (ml_guard_touching(r, tag, rsq) != 0)
        return r->status;
    /* a pair with a ghost: evaluated by both owners with newton off, by one with it on */
    const double weight = (j < a->nlocal || a->newton) ? 1.0 : 0.5;
    ml_guard_onset(&a->guard, tag, rsq, rsum, a->radius[i], a->radius[j], weight);
    if (a->first && law->data_count > 0)
        a->fresh += weight;
    return 0;
}

/* The record of pair c in this step, in place (contacts.h): its slot in the
 * row of atom[0], which keeps it (owner: the atom and the slot), holding the
 * pair's data: atom[0]'s record, else a copy of atom[1]'s (which kept the
 * pair in the step before: LAMMPS reordered the atoms, or the pair started
 * to cross ranks), else the law's initial data (*known = 0). A pair beyond
 * touching (within the reach of a law whose contacts outlive it) only
 * while it has a record. NULL when the pair has none to take, or with the
 * pending status when atom[0] has no room for another record. */
static double *record(ml_run *r, step_atoms *a, const ml_law *law, const step_contact *c,
                      int touching, int owner[2], int *known)
{
    ml_contacts *cs = &a->contacts;
    const double *other = NULL;
    if (!touching && ml_contacts_find(cs, c->atom[0], c->tag[1]) < 0 &&
        !(other = ml_contacts_other(cs, c->atom[1], a->nlocal, c->tag[0], a->last)))
        return NULL; /* not touching and not in contact: no law, no record */
    int found = 0;
    const int slot = ml_contacts_use(cs, c->atom[0], c->tag[1], &found);
    if (slot < 0) {
        capacity_error(r, a, c->atom[0]);
        return NULL;
    }
    double *data = ml_contacts_data(cs, c->atom[0], slot);
    if (!found) {
        if (!other)
            other = ml_contacts_other(cs, c->atom[1], a->nlocal, c->tag[0], a->last);
        memcpy(data, other ? other : law->initial, law->data_count * sizeof *data);
        ml_contacts_sign(cs, c->atom[0]);
    }
    owner[0] = c->atom[0];
    owner[1] = slot;
    *known = found || other;
    if (!*known &&
        onset(r, a, law, c->atom[0], c->atom[1], c->tag[0], c->tag[1], c->rsq, c->rsum) != 0)
        return NULL;
    return data;
}

/* One pair c of law li in reach: its record, then its place in the law's
 * chunk (run when full, or when a repeated step switches between known and
 * new pairs). The chunk of another law runs first when the pairs switch
 * law, so that the forces are added in the order of the neighbor list, as
 * LAMMPS adds them (the same sums to the bit, with several laws too).
 * Returns 0, or the pending status. */
static int pair(ml_run *r, ml_bridge *b, step_atoms *a, const step_contact *c, int li,
                double *totals, int touching)
{
    ml_law *law = b->laws[li];
    int owner[2], known = 0;
    double *data = record(r, a, law, c, touching, owner, &known);
    if (!data)
        return r->status;
    if (a->last_law != li && a->last_law >= 0 &&
        ml_batch_run(r, b->laws[a->last_law], a, totals) != 0)
        return r->status;
    a->last_law = li;
    const unsigned flags =
        ((a->advance || !known) ? MBC_PAIR_POST_NEWTON : 0u) | (a->setup ? MBC_PAIR_SETUP : 0u);
    ml_batch *bt = law->batch;
    if ((bt->count == ML_BATCH_CHUNK || (bt->count > 0 && bt->flags != flags)) &&
        ml_batch_run(r, law, a, totals) != 0)
        return r->status;
    ml_batch_add(bt, c, data, owner, flags);
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

/* Whether LAMMPS's per-atom rows 0..n-1 of a are one array of structs (its
 * 2D arrays are: memory->create and memory->grow allocate one block). */
static int contiguous(double **a, int n)
{
    return n <= 1 || a[n - 1] == a[0] + 3 * (n - 1);
}

/* The masses the laws read: LAMMPS's rmass, or with fix freeze a copy in
 * which its atoms' are +inf (pair_style granular takes the other atom's
 * mass as the effective mass of a pair with a frozen atom). */
static const double *masses(ml_run *r, ml_bridge *b, const step_atoms *a, int nall)
{
    const int freeze = a->rmass ? ml_host_freeze_bit(r) : 0;
    const int *mask = freeze ? lammps_extract_atom(r->lmp, "mask") : NULL;
    if (!mask)
        return a->rmass;
    if ((size_t)nall > b->mass_size) {
        double *m = realloc(b->mass, (size_t)nall * sizeof *m);
        if (!m) {
            ml_error_nomem(r);
            return NULL;
        }
        b->mass = m;
        b->mass_size = (size_t)nall;
    }
    for (int i = 0; i < nall; i++)
        b->mass[i] = (mask[i] & freeze) ? INFINITY : a->rmass[i];
    return b->mass;
}

/* The arrays as mbc_pair_eval reads them (nlocal > 0; f: the fix's forces,
 * or with newton on LAMMPS's own, whose ghost rows the pairs fill). */
static int library_view(ml_run *r, ml_bridge *b, step_atoms *a, double **f)
{
    const int nall = lammps_extract_setting(r->lmp, "nall");
    double **target = a->newton ? lammps_extract_atom(r->lmp, "f") : f;
    if (!target || !contiguous(a->x, nall) || !contiguous(a->v, nall) ||
        !contiguous(a->omega, nall) || !contiguous(a->torque, nall) ||
        !contiguous(target, a->newton ? nall : a->nlocal))
        return ml_error_at(r, "mbconnect: LAMMPS's per-atom arrays are not contiguous (another "
                              "LAMMPS build?)");
    const double *mass = b->masses ? masses(r, b, a, nall) : NULL;
    if (r->status != 0)
        return r->status;
    a->atoms = (mbc_pair_atoms){.position = (const double(*)[3])a->x[0],
                                .velocity = (const double(*)[3])a->v[0],
                                .angular_velocity = (const double(*)[3])a->omega[0],
                                .radius = a->radius,
                                .mass = mass,
                                .force = (double(*)[3])target[0],
                                .torque = (double(*)[3])a->torque[0],
                                .owned = a->newton ? nall : a->nlocal};
    return 0;
}

/* The arrays of this call; 0, or the pending status when one is missing. */
static int gather(ml_run *r, ml_bridge *b, int nlocal, step_atoms *a, double **f)
{
    void *h = r->lmp;
    a->x = lammps_extract_atom(h, "x");
    a->v = lammps_extract_atom(h, "v");
    a->omega = lammps_extract_atom(h, "omega");
    a->radius = lammps_extract_atom(h, "radius");
    a->torque = lammps_extract_atom(h, "torque");
    a->tag = lammps_extract_atom(h, "id");
    a->type = lammps_extract_atom(h, "type");
    a->rmass = b->masses ? lammps_extract_atom(h, "rmass") : NULL;
    const double *dt = lammps_extract_global(h, "dt");
    a->dt = dt ? *dt : 0.0;
    a->nlocal = nlocal;
    for (int k = 0; k < 6; k++)
        a->virial[k] = 0.0;
    /* i2_/d2_ arrays: int ** and double **, whatever lammps_extract_atom_datatype says */
    const int hot = ml_bridge_hot(b);
    a->contacts =
        (ml_contacts){.partner = lammps_extract_atom(h, ML_PARTNER),
                      .stamp = lammps_extract_atom(h, ML_STAMP),
                      .sign = lammps_extract_atom(h, ML_SIGN),
                      .state = lammps_extract_atom(h, ML_STATE),
                      .more = hot < b->capacity ? lammps_extract_atom(h, ML_STATE_MORE) : NULL,
                      .tag = a->tag,
                      .used = used_counts(r, b, nlocal),
                      .capacity = b->capacity,
                      .hot = hot,
                      .width = b->width,
                      .layout = ml_contacts_layout(b->capacity, b->width),
                      .laws = b->laws_fingerprint,
                      .resign = b->resign};
    if (!a->contacts.used)
        return r->status;
    if (!a->x || !a->v || !a->omega || !a->radius || !a->torque || !a->tag || !a->type ||
        (b->masses && !a->rmass) ||
        (nlocal > 0 && (!a->contacts.partner || !a->contacts.stamp || !a->contacts.sign ||
                        !a->contacts.state || (hot < b->capacity && !a->contacts.more))))
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
    return nlocal > 0 ? library_view(r, b, a, f) : 0;
}

/* Settings that may have changed since `mbconnect pair`: ghost velocities
 * (the same on every rank) and the neighbor lists' cutoff; and the count of
 * atoms larger than the radius of their type that the cutoffs were set for
 * (fix pour of a type that is not the first pour's, radii changed during a
 * run): pair_style granular runs on and misses their contacts beyond the
 * cutoff, and so does the bridge, with a warning (ml_step_callback). */
static int check(ml_run *r, const ml_bridge *b, step_atoms *a)
{
    if (ml_bridge_check_run(r, "mbconnect") != 0)
        return r->status;
    for (int i = 0; i < a->nlocal; i++)
        if (a->radius[i] > b->type_radius[a->type[i]]) {
            if (!a->large)
                a->large_tag = a->tag[i];
            a->large++;
        }
    return 0;
}

/* Elements of the neighbor list read ahead of the one evaluated, so that
 * the contact records of their atoms are on their way into the cache when
 * they are needed (a record row is capacity * width doubles per atom, of
 * which the first few are used: rows far apart, which the hardware does
 * not prefetch). */
#define STEP_AHEAD 8
/* The first record lines of a row prefetched: those of 3 records (the
 * half list's share of an atom in a settled bed) and the line the row may
 * start within: 3 lines for 4 data coordinates (ContactSphereSphere), 5 for
 * 9 (ContactGranular; 8 at most). */
static inline int ahead_lines(int width)
{
    const int lines = (3 * width * (int)sizeof(double) + 63) / 64 + 1;
    return lines < 8 ? lines : 8;
}

typedef struct step_element {
    int i, count, *neighbors;
} step_element;

static inline void prefetch_records(const step_atoms *a, int atom)
{
#if defined(__GNUC__)
    __builtin_prefetch(a->contacts.partner[atom], 1);
    const double *s = a->contacts.state[atom];
    for (int line = 0; line < a->ahead_lines; line++)
        __builtin_prefetch(s + 8 * line, 1);
#else
    (void)a;
    (void)atom;
#endif
}

/* The velocity and angular velocity of an atom of a touching pair, which
 * the law reads when the pair's chunk runs (batch.h; the neighbor loop has
 * read its position only), and its force and torque, which it then adds
 * to. */
static inline void prefetch_motion(const step_atoms *a, int atom)
{
#if defined(__GNUC__)
    __builtin_prefetch(a->v[atom]);
    __builtin_prefetch(a->omega[atom]);
    __builtin_prefetch(a->atoms.force[atom], 1);
    __builtin_prefetch(a->atoms.torque[atom], 1);
    if (a->atoms.mass)
        __builtin_prefetch(&a->atoms.mass[atom]);
#else
    (void)a;
    (void)atom;
#endif
}

/* Element e of the list, with the records of atom i, which keeps those of
 * its pairs, prefetched. */
static inline void element(const ml_neighbors *nl, int e, const step_atoms *a, step_element *el)
{
    el->i = nl->ilist[e];
    el->count = nl->numneigh[el->i];
    el->neighbors = nl->firstneigh[el->i];
    prefetch_records(a, el->i);
}

/* Every pair of the neighbor list within reach (the largest reach of the
 * laws, 0 for laws whose contacts end at touching), then the rest of every
 * law's chunk. */
static void pairs(ml_run *r, ml_bridge *b, step_atoms *a, double *totals)
{
    void *h = r->lmp;
    const int list = lammps_find_pair_neighlist(h, "zero", 1, 0, 0);
    ml_neighbors nl;
    if (list < 0 || ml_host_neighbors(r, list, &nl) != 0) {
        ml_error_at(r, "mbconnect: no neighbor list of pair_style zero (was the pair style "
                       "changed after mbconnect pair?)");
        return;
    }
    const int n = nl.inum;
    const double reach = b->reach;
    a->ahead_lines = ahead_lines(a->contacts.width);
    const int *law_row = b->law_of; /* the laws of atom i's type */
    step_element ahead[STEP_AHEAD];
    for (int e = 0; e < n && e < STEP_AHEAD; e++)
        element(&nl, e, a, &ahead[e]);
    for (int e = 0; e < n && r->status == 0; e++) {
        const step_element el = ahead[e % STEP_AHEAD];
        if (e + STEP_AHEAD < n)
            element(&nl, e + STEP_AHEAD, a, &ahead[e % STEP_AHEAD]);
        const int i = el.i;
        const double xi[3] = {a->x[i][0], a->x[i][1], a->x[i][2]}, ri = a->radius[i];
        prefetch_motion(a, i);
        if (b->uniform < 0)
            law_row = b->law_of + a->type[i] * (b->ntypes + 1);
        for (int k = 0; k < el.count && r->status == 0; k++) {
            const int j = el.neighbors[k] & NEIGHMASK;
            const double *xj = a->x[j];
            const double dx = xj[0] - xi[0], dy = xj[1] - xi[1], dz = xj[2] - xi[2];
            const double rsq = dx * dx + dy * dy + dz * dz, rsum = ri + a->radius[j];
            const double range = rsum + reach;
            if (rsq >= range * range) /* out of reach: no law, no record */
                continue;
            const int li = b->uniform >= 0 ? b->uniform : law_row[a->type[j]];
            if (li < 0)
                continue;
            prefetch_motion(a, j);
            const step_contact c = {{i, j}, {a->tag[i], a->tag[j]}, rsq, rsum};
            pair(r, b, a, &c, li, totals, rsq < rsum * rsum);
        }
    }
    for (size_t l = 0; l < b->law_count && r->status == 0; l++)
        ml_batch_run(r, b->laws[l], a, totals);
}

/* The laws' output sums of this call into the totals (their fix vector
 * slots), cleared for the next call. */
static void add_outputs(const ml_bridge *b, double *totals)
{
    for (size_t l = 0; l < b->law_count; l++) {
        ml_law *law = b->laws[l];
        for (size_t k = 0; k < law->output_count; k++) {
            totals[ML_VECTOR_FIXED + b->sum_slot[l][k]] += law->output_sums[k];
            law->output_sums[k] = 0.0;
        }
    }
}

/* The fix vector and energy from the totals of every rank; with the energy
 * books, the dissipated energy advanced by the step's power (not in a
 * set-up call: no time passes). */
static void publish(ml_run *r, ml_bridge *b, const double *sum, int setup)
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
    if (b->energy_books) {
        const double *dt = lammps_extract_global(h, "dt");
        if (!setup && b->power_slot >= 0 && dt)
            b->dissipated += sum[ML_VECTOR_FIXED + b->power_slot] * *dt;
        lammps_fix_external_set_vector(h, ML_FIX, ml_bridge_vector_length(b), b->dissipated);
    }
}

/* Once per run: how many atoms are larger than their type's radius of the
 * cutoffs (rank 0 names one of its own, or one of another rank's count). */
static void warn_large(ml_run *r, ml_bridge *b, const step_atoms *a, double count)
{
    char text[400];
    (void)snprintf(text, sizeof text,
                   "mbconnect: %.0f atoms (such as atom %d) are larger than their type's largest "
                   "radius when the run set up the neighbor cutoffs (as pair_style granular, from "
                   "the atoms and the first fix pour or deposit): their contacts beyond the "
                   "cutoff may be missed",
                   count, a->large ? a->large_tag : 0);
    ml_host_warning(r, __FILE__, __LINE__, text);
    b->warned_large = 1;
}

/* Newton on: the ghost rows of LAMMPS's forces and torques, which its
 * reverse communication of this step has added to the owners already, get
 * the pairs' forces on ghost atoms, for ml_host_reverse_comm. */
static void clear_ghosts(ml_run *r, int nlocal)
{
    double **f = lammps_extract_atom(r->lmp, "f"), **t = lammps_extract_atom(r->lmp, "torque");
    const int nall = lammps_extract_setting(r->lmp, "nall");
    for (int i = nlocal; f && t && i < nall; i++)
        for (int c = 0; c < 3; c++)
            f[i][c] = t[i][c] = 0.0;
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
    step_atoms a = {.first = !b->ran,
                    .guard = {.watch = !b->deep_warned},
                    .newton = lammps_extract_setting(r->lmp, "newton_pair") != 0,
                    .setup = ml_host_setup(r),
                    .last_law = -1};
    if (a.newton)
        clear_ghosts(r, nlocal);
    const int ready = gather(r, b, nlocal, &a, f) == 0 && check(r, b, &a) == 0;
    if (!b->ran) /* every rank: the records' step, records of other laws (restore.h) */
        ml_restore_first_call(r, b, ready ? &a.contacts : NULL, nlocal, step);
    if (ready) {
        a.advance = step != b->last_step;
        a.last = b->last_step;
        pairs(r, b, &a, totals);
        if (r->status == 0)
            ml_contacts_sweep(&a.contacts, nlocal, step);
        b->resign = 0; /* the same on every rank */
    }
    ml_error_step(r, step);
    if (a.newton) /* collective: on every rank, after an error too */
        ml_host_reverse_comm(r);
    add_outputs(b, totals);
    for (int k = 0; k < 6; k++)
        totals[ML_TOTAL_VIRIAL + k] = a.virial[k];
    totals[ML_TOTAL_FRESH] = a.fresh;
    totals[ML_TOTAL_DEEP] = a.guard.count;
    totals[ML_TOTAL_LARGE] = a.large;
    totals[ML_TOTALS - 1] = r->status != 0;
    MPI_Allreduce(totals, sum, ML_TOTALS, MPI_DOUBLE, MPI_SUM, r->comm);
    if (ml_agree_known(r, (int)sum[ML_TOTALS - 1]) != 0)
        return; /* host.cpp raises it */
    if (!b->ran && sum[ML_TOTAL_FRESH] > 0.0)
        ml_restore_warn_fresh(r, b, step, sum[ML_TOTAL_FRESH]);
    if (sum[ML_TOTAL_DEEP] > 0.0) {
        ml_guard_report(r, &a.guard, step, sum[ML_TOTAL_DEEP]);
        b->deep_warned = 1;
    }
    if (sum[ML_TOTAL_LARGE] > 0 && !b->warned_large)
        warn_large(r, b, &a, sum[ML_TOTAL_LARGE]);
    publish(r, b, sum, a.setup);
    /* the fix's virial is global: LAMMPS adds it once (1/nprocs from each rank) */
    lammps_fix_external_set_virial_global(r->lmp, ML_FIX, &sum[ML_TOTAL_VIRIAL]);
    b->last_step = step;
    b->ran = 1;
}
