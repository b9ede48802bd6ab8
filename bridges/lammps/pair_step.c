/* SPDX-License-Identifier: BSD-3-Clause */
/* One force evaluation of a pair style (pair_step.h). */
#include "pair_step.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/generated/contact_gran_classic.h"
#include "mbconnect/generated/contact_granular.h"

#define NEIGHMASK 0x3FFFFFFF /* LAMMPS's neighbor index bits */
#if defined(__GNUC__)
#define ML_STEP_INLINE static inline __attribute__((always_inline))
#else
#define ML_STEP_INLINE static inline
#endif
#define SUM_CAPACITY 32 /* distinct scalar outputs summed */

/* One law's pairs of the chunk. */
typedef struct law_chunk {
    const ml_law *law;
    size_t count;
    unsigned flags; /* MBC_PAIR_* of its pairs (a call never mixes them) */
    mbc_pair pair[ML_STEP_CHUNK];
    unsigned char contact[ML_STEP_CHUNK];
    mbc_pair_result result[ML_STEP_CHUNK];
    double *outputs;     /* ML_STEP_CHUNK x the law's output_count: per pair */
    double *output_sums; /* the law's output_count: this evaluation's */
    int *slot;           /* the law's output_count: their sums' slots */
} law_chunk;

/* A pair of the chunk, in the list's order (kept when the pairs are
 * added here: ml_step.ordered). */
typedef struct entry {
    int i, j;  /* the list's atom and its neighbor */
    int law;   /* its law's chunk */
    int index; /* its place there */
} entry;

struct ml_step {
    law_chunk *chunks; /* one per law of ml_laws */
    size_t chunk_count;
    entry entries[ML_STEP_CHUNK];
    int *touch[ML_STEP_CHUNK]; /* each entry's contact flag in FixNeighHistory */
    size_t count;
    /* this evaluation keeps the entries: several laws, or per-pair tallies
     * (with one law and none, entry n is its chunk's pair n) */
    int ordered;
    int laws_used; /* distinct laws among the entries (1: the kernel may add in place) */
    const char *sum_names[SUM_CAPACITY];
    double sums[SUM_CAPACITY];
    size_t sum_count;
};

static void free_chunks(ml_step *s)
{
    for (size_t k = 0; k < s->chunk_count; k++) {
        free(s->chunks[k].outputs);
        free(s->chunks[k].output_sums);
        free(s->chunks[k].slot);
    }
    free(s->chunks);
    s->chunks = NULL;
    s->chunk_count = 0;
}

mbc_status ml_step_create(ml_step **out, mbc_error *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? MBC_OK : mbc_fail_nomem(err, "mbc-lammps");
}

void ml_step_destroy(ml_step *s)
{
    if (!s)
        return;
    free_chunks(s);
    free(s);
}

mbc_status ml_step_laws(ml_step *s, const ml_laws *L, mbc_error *err)
{
    free_chunks(s);
    s->sum_count = ml_laws_sum_names(L, s->sum_names, SUM_CAPACITY);
    if (s->sum_count > SUM_CAPACITY) {
        s->sum_count = 0;
        return mbc_fail(err, MBC_ERR_SIZE, "%s: more than %d distinct scalar outputs", L->style,
                        SUM_CAPACITY);
    }
    s->chunks = calloc(L->law_count + 1, sizeof *s->chunks);
    if (!s->chunks)
        return mbc_fail_nomem(err, L->style);
    s->chunk_count = L->law_count;
    for (size_t k = 0; k < L->law_count; k++) {
        law_chunk *c = &s->chunks[k];
        const ml_law *law = L->laws[k];
        const size_t n = law->output_count;
        c->law = law;
        c->outputs = calloc(ML_STEP_CHUNK * n + 1, sizeof *c->outputs);
        c->output_sums = calloc(n + 1, sizeof *c->output_sums);
        c->slot = calloc(n + 1, sizeof *c->slot);
        if (!c->outputs || !c->output_sums || !c->slot)
            return mbc_fail_nomem(err, L->style);
        for (size_t q = 0; q < n; q++)
            c->slot[q] = ml_step_sum_slot(s, law->object->type->outputs[law->outputs[q]].name);
    }
    return MBC_OK;
}

size_t ml_step_sum_count(const ml_step *s)
{
    return s->sum_count;
}

const char *ml_step_sum_name(const ml_step *s, size_t k)
{
    return s->sum_names[k];
}

const double *ml_step_sums(const ml_step *s)
{
    return s->sums;
}

int ml_step_sum_slot(const ml_step *s, const char *name)
{
    for (size_t k = 0; k < s->sum_count; k++)
        if (strcmp(s->sum_names[k], name) == 0)
            return (int)k;
    return -1;
}

void ml_step_transfer(const ml_laws *L, const double *source, double *target)
{
    for (int q = 0; q < L->width; q++)
        target[q] = source[q];
    if (!L->owner_orient)
        return;
    if (L->classic_orient) {
        for (int q = MBC_CONTACT_GRAN_CLASSIC_DATA_SHEAR_X;
             q <= MBC_CONTACT_GRAN_CLASSIC_DATA_SHEAR_Z; q++)
            target[q] = -source[q];
        return;
    }
    const int last = L->transfer_2021 ? MBC_CONTACT_GRANULAR_DATA_TWISTING_HISTORY
                                      : MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_Z;
    for (int q = MBC_CONTACT_GRANULAR_DATA_TANGENTIAL_HISTORY_X; q <= last; q++)
        target[q] = -source[q];
}

/* ----------------------------------------------------------- the chunk */

/* The sums of the law's call, with its outputs when they are summed or
 * given per pair. */
static mbc_pair_sums call_sums(const law_chunk *c, int outputs)
{
    mbc_pair_sums sums = {0};
    if (outputs) {
        sums.outputs = c->law->outputs;
        sums.output_count = c->law->output_count;
        sums.output_sums = c->output_sums;
    }
    return sums;
}

/* The error of a law's call, naming the pair's atoms. */
static mbc_status law_failed(const ml_step_frame *f, const law_chunk *c, const mbc_pair_sums *sums,
                             ml_step_report *rep, const mbc_error *e, mbc_error *err)
{
    const size_t k = sums->failed < c->count ? sums->failed : 0;
    const int a = c->pair[k].atom[0], b = c->pair[k].atom[1];
    rep->bad_atom = f->tag[a];
    return mbc_fail(err, e->status, "atoms %d and %d: %s", f->tag[a], f->tag[b], e->message);
}

/* Law chunk c's call: in place (the kernel adds the forces), or its
 * results. Adds the contacts and overlap to the report. */
static mbc_status run_law(law_chunk *c, const ml_step_frame *f, int results, ml_step_report *rep,
                          mbc_error *err)
{
    if (c->count == 0)
        return MBC_OK;
    const ml_law *law = c->law;
    const mbc_pair_call call = {&f->atoms, c->pair,   c->count, c->flags | law->flags,
                                f->dt,     c->contact};
    const int per_pair = results && f->tally && law->energy >= 0;
    mbc_pair_sums sums = call_sums(c, f->sums || per_pair);
    mbc_error e = {0};
    const mbc_status st = results ? mbc_pair_eval_results(law->object, &call, c->result,
                                                          per_pair ? c->outputs : NULL, &sums, &e)
                                  : mbc_pair_eval(law->object, &call, &sums, &e);
    if (st != MBC_OK)
        return law_failed(f, c, &sums, rep, &e, err);
    rep->contacts += sums.contacts;
    rep->overlap += sums.overlap;
    return MBC_OK;
}

/* Pair result r of law into its atoms a, b (owned ones), the parts in the
 * law's order. */
static inline void add_result(const mbc_pair_atoms *at, const mbc_pair *p, const mbc_pair_result *r,
                              int couples)
{
    const int a = p->atom[0], b = p->atom[1];
    if (a < at->owned)
        for (int d = 0; d < 3; d++) {
            at->force[a][d] -= r->force[d];
            at->torque[a][d] += r->torque[0][d];
            if (couples) {
                at->torque[a][d] += r->couple[0][d];
                at->torque[a][d] += r->couple[1][d];
            }
        }
    if (b < at->owned)
        for (int d = 0; d < 3; d++) {
            at->force[b][d] += r->force[d];
            at->torque[b][d] += r->torque[1][d];
            if (couples) {
                at->torque[b][d] -= r->couple[0][d];
                at->torque[b][d] -= r->couple[1][d];
            }
        }
}

/* Entry e's pair tallied: the force on its atom i and x_i - x_j. */
static void tally(const ml_step_frame *f, const entry *e, const law_chunk *c)
{
    const mbc_pair *p = &c->pair[e->index];
    const mbc_pair_result *r = &c->result[e->index];
    const double sign = p->atom[0] == e->i ? -1.0 : 1.0; /* r->force is on sphere b */
    const double fi[3] = {sign * r->force[0], sign * r->force[1], sign * r->force[2]};
    const double *xi = f->atoms.position[e->i], *xj = f->atoms.position[e->j];
    const double del[3] = {xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]};
    const int energy = c->law->energy;
    const double u =
        energy >= 0 ? c->outputs[(size_t)e->index * c->law->output_count + (size_t)energy] : 0.0;
    f->tally(f->ctx, e->i, e->j, u, fi, del);
}

/* The chunk's pairs through their laws, their forces into the atoms in
 * the list's order, their contact flags into FixNeighHistory's. */
static mbc_status run_chunk(ml_step *s, const ml_step_frame *f, ml_step_report *rep, mbc_error *err)
{
    const int results = s->laws_used > 1 || f->tally;
    mbc_status st = MBC_OK;
    for (size_t k = 0; k < s->chunk_count && st == MBC_OK; k++)
        st = run_law(&s->chunks[k], f, results, rep, err);
    if (!s->ordered && st == MBC_OK) {
        const unsigned char *contact = s->chunks[0].contact;
        for (size_t n = 0; n < s->count; n++)
            *s->touch[n] = contact[n];
    }
    for (size_t n = 0; n < s->count && st == MBC_OK && s->ordered; n++) {
        const entry *e = &s->entries[n];
        const law_chunk *c = &s->chunks[e->law];
        const int contact = c->contact[e->index];
        *s->touch[n] = contact;
        if (!results)
            continue;
        add_result(&f->atoms, &c->pair[e->index], &c->result[e->index], c->law->granular);
        if (f->tally && contact)
            tally(f, e, c);
    }
    for (size_t k = 0; k < s->chunk_count; k++)
        s->chunks[k].count = 0;
    s->count = 0;
    s->laws_used = 0;
    return st;
}

/* ----------------------------------------------------------- the loop */

/* A touching pair of law that starts its contact (no history): coincident
 * centers are an error; a deep start and, at the first evaluation, a
 * contact without history are counted; its record starts from the law's
 * initial data (ContactGranular's: LAMMPS's zeroed record). Out of line:
 * most pairs are known. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static mbc_status
onset(const ml_step_frame *f, const ml_law *law, int i, int j, double rsq, double rsum,
      double *record, ml_step_report *rep, mbc_error *err)
{
    const int ti = f->tag[i], tj = f->tag[j];
    if (rsq == 0.0) {
        rep->bad_atom = ti;
        return mbc_fail(err, MBC_ERR_INPUT,
                        "atoms %d and %d have coincident centers: the contact normal is undefined",
                        ti < tj ? ti : tj, ti < tj ? tj : ti);
    }
    /* a pair with a ghost: evaluated by both owners with newton off */
    const double weight = j < f->atoms.owned ? 1.0 : 0.5;
    const double ri = f->atoms.radius[i], rj = f->atoms.radius[j];
    const double rmin = ri < rj ? ri : rj, overlap = rsum - sqrt(rsq);
    if (overlap > ML_STEP_DEEP * rmin) {
        rep->deep += weight;
        if (overlap / rmin > rep->deep_ratio) {
            rep->deep_ratio = overlap / rmin;
            rep->deep_overlap = overlap;
            rep->deep_radius = rmin;
            rep->deep_tag[0] = ti < tj ? ti : tj;
            rep->deep_tag[1] = ti < tj ? tj : ti;
        }
    }
    if (f->first && law->data_count > 0)
        rep->fresh += weight;
    if (!law->granular)
        memcpy(record, law->initial, law->data_count * sizeof *record);
    return MBC_OK;
}

/* Whether a pair in contact, no longer touching, is within its law's
 * reach (radii ri, rj, squared distance rsq): the law then says whether the
 * contact holds (a jkr contact until pull-off). Out of line: rare. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
within_reach(const ml_law *law, double ri, double rj, double rsq)
{
    const double reach = mbc_pair_eval_reach(law->object, ri, rj);
    if (!(reach > 0.0))
        return 0;
    const double range = ri + rj + reach;
    return rsq < range * range;
}

/* Pair (i, j) of law index li into its law's chunk (which runs first when
 * its flags differ), in the list's order. one: one law serves every type
 * pair and there are no per-pair tallies (no entries kept), so that a
 * step's pairs (setup 0) all take the same flags; by_id: sphere a is the
 * lower ID. */
ML_STEP_INLINE mbc_status add_pair(ml_step *s, const ml_step_frame *f, int li, int i, int j,
                                   int *touch, double *record, unsigned flags, ml_step_report *rep,
                                   mbc_error *err, const int one, const int setup, const int by_id)
{
    law_chunk *c = &s->chunks[li];
    if ((!one || setup) && c->count > 0 && c->flags != flags) {
        const mbc_status st = run_chunk(s, f, rep, err);
        if (st != MBC_OK)
            return st;
    }
    s->laws_used += c->count == 0;
    const int swap = by_id && f->tag[j] < f->tag[i];
    const size_t k = c->count++;
    c->flags = flags;
    c->pair[k].atom[0] = swap ? j : i;
    c->pair[k].atom[1] = swap ? i : j;
    c->pair[k].data = record;
    if (!one && s->ordered)
        s->entries[s->count] = (entry){i, j, li, (int)k};
    s->touch[s->count++] = touch;
    return s->count == ML_STEP_CHUNK ? run_chunk(s, f, rep, err) : MBC_OK;
}

/* Atom i's neighbors (element of the list). Inlined with one (one law for
 * every type pair, no per-pair tallies: no lookup of the law by type),
 * setup (the set-up evaluation) and by_id (sphere a is the lower ID) as
 * constants where one is set, as values where it is not. */
ML_STEP_INLINE mbc_status neighbors(ml_step *s, const ml_laws *L, const ml_step_frame *f, int i,
                                    ml_step_report *rep, mbc_error *err, const int one,
                                    const int setup, const int by_id)
{
    const double(*x)[3] = f->atoms.position;
    const double *radius = f->atoms.radius;
    const int *jlist = f->firstneigh[i];
    const int jnum = f->numneigh[i];
    int *touch = f->touch[i];
    double *history = f->history[i];
    const size_t width = (size_t)L->width;
    const double xi = x[i][0], yi = x[i][1], zi = x[i][2], ri = radius[i];
    const int *law_row = L->law_of + f->type[i] * (L->ntypes + 1);
    const unsigned known_flags = setup ? MBC_PAIR_SETUP : MBC_PAIR_POST_NEWTON;
    for (int jj = 0; jj < jnum; jj++) {
        const int j = jlist[jj] & NEIGHMASK;
        const double dx = xi - x[j][0], dy = yi - x[j][1], dz = zi - x[j][2];
        const double rsq = dx * dx + dy * dy + dz * dz, rsum = ri + radius[j];
        const int li = one ? 0 : law_row[f->type[j]];
        double *record = history + width * (size_t)jj;
        const int offer = li >= 0 && (rsq < rsum * rsum ||
                                      (touch[jj] && within_reach(L->laws[li], ri, radius[j], rsq)));
        if (!offer) {
            if (touch[jj]) { /* out of reach: forgotten (LAMMPS zeroes it) */
                touch[jj] = 0;
                memset(record, 0, width * sizeof *record);
            }
            continue;
        }
#if defined(__GNUC__)
        /* the record: read by the law's gathering of the chunk, then written */
        __builtin_prefetch(record, 1);
#endif
        unsigned flags = known_flags;
        if (!touch[jj]) {
            const mbc_status st = onset(f, L->laws[li], i, j, rsq, rsum, record, rep, err);
            if (st != MBC_OK)
                return st;
            flags |= MBC_PAIR_POST_NEWTON;
        }
        const mbc_status st =
            add_pair(s, f, li, i, j, &touch[jj], record, flags, rep, err, one, setup, by_id);
        if (st != MBC_OK)
            return st;
    }
    return MBC_OK;
}

/* Whether one law serves every type pair of L. */
static int one_law(const ml_laws *L)
{
    if (L->law_count != 1)
        return 0;
    for (int a = 1; a <= L->ntypes; a++)
        for (int b = 1; b <= L->ntypes; b++)
            if (L->law_of[ml_laws_pair(L, a, b)] != 0)
                return 0;
    return 1;
}

/* The list's atoms through neighbors(), its constants chosen once: with one
 * law and no per-pair tallies (a run's steps between thermo outputs), one
 * of four inlined loops; else the general one. */
static mbc_status list_neighbors(ml_step *s, const ml_laws *L, const ml_step_frame *f,
                                 ml_step_report *rep, mbc_error *err)
{
    mbc_status st = MBC_OK;
    const int by_id = !L->owner_orient, setup = f->setup;
    const int one = !s->ordered && one_law(L);
    for (int e = 0; e < f->inum && st == MBC_OK; e++) {
        const int i = f->ilist[e];
        if (!one)
            st = neighbors(s, L, f, i, rep, err, 0, setup, by_id);
        else if (setup)
            st = by_id ? neighbors(s, L, f, i, rep, err, 1, 1, 1)
                       : neighbors(s, L, f, i, rep, err, 1, 1, 0);
        else
            st = by_id ? neighbors(s, L, f, i, rep, err, 1, 0, 1)
                       : neighbors(s, L, f, i, rep, err, 1, 0, 0);
    }
    return st;
}

mbc_status ml_step_run(ml_step *s, const ml_laws *L, const ml_step_frame *f, ml_step_report *rep,
                       mbc_error *err)
{
    memset(rep, 0, sizeof *rep);
    for (size_t k = 0; k < s->chunk_count; k++) {
        memset(s->chunks[k].output_sums, 0,
               s->chunks[k].law->output_count * sizeof *s->chunks[k].output_sums);
        s->chunks[k].count = 0;
    }
    s->count = 0;
    s->laws_used = 0;
    s->ordered = s->chunk_count > 1 || f->tally;
    mbc_status st = list_neighbors(s, L, f, rep, err);
    if (st == MBC_OK)
        st = run_chunk(s, f, rep, err);
    memset(s->sums, 0, sizeof s->sums);
    for (size_t k = 0; k < s->chunk_count; k++) {
        const law_chunk *c = &s->chunks[k];
        for (size_t q = 0; q < c->law->output_count; q++)
            s->sums[c->slot[q]] += c->output_sums[q];
    }
    return st;
}
