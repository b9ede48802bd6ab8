/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranClassic in place on a particle engine's arrays: the pairs of
 * mbc_pair_eval (mbconnect/pair_eval.h, spec key `kernel = true`) and the
 * walls of mbc_wall_eval (mbconnect/wall_eval.h, spec key wall_binding).
 *
 * Each call makes the law once and runs, block by block, the kernel
 * instance of its model, of pairs or walls and of whether the call takes a
 * history step (gran_classic_law.h): the contacts gathered from the
 * engine's arrays into the block's columns, the kernel over them in a
 * vectorized loop, then the results added to the atoms in the order of the
 * contacts, as LAMMPS adds them (the force, then the torque, on a, then on
 * b): an engine that offers the pairs in LAMMPS's order gets LAMMPS's sums
 * to the bit.
 *
 * Orientation: sphere a is call->pairs[k].atom[0]. The law is odd under the
 * exchange of a and b (the shear history with it): an engine that keeps
 * each record in one orientation (mbc-lammps: the lower atom ID first) gets
 * the forces of either orientation to the bit. */
#include "mbconnect/generated/contact_gran_classic.h"

#include <math.h>
#include <string.h>

#include "contact_gran_classic.h"
#include "gran_classic_energy.h"
#include "mbconnect/pair_kernel.h"

#define GC_TYPE "ContactGranClassic"

/* Contacts per block: its columns (about 16 KiB) stay in L1. */
#define GC_BLOCK 64

#if defined(_OPENMP) || defined(MBC_PAIR_OPENMP_SIMD)
/* NOLINTBEGIN(bugprone-macro-parentheses): an OpenMP clause takes names */
#define GC_PRAGMA(text) _Pragma(#text)
#define GC_SIMD         GC_PRAGMA(omp simd)
#define GC_SIMD_SUM(a, b, c, d, e, f, g, h)                                                        \
    GC_PRAGMA(omp simd reduction(+ : a, b, c, d, e, f, g, h))
#define GC_SIMD_SUM1(x) GC_PRAGMA(omp simd reduction(+ : x))
/* NOLINTEND(bugprone-macro-parentheses) */
#else
#define GC_SIMD
#define GC_SIMD_SUM(a, b, c, d, e, f, g, h)
#define GC_SIMD_SUM1(x)
#endif

/* A block of contacts, column by column: the law's inputs and results. */
typedef struct gc_block {
    size_t count;
    double del[3][GC_BLOCK], vr[3][GC_BLOCK], shear[3][GC_BLOCK];
    /* the angular velocities of a and b (a wall: b's unused); r_a w_a +
     * r_b w_b is the kernel's, in its vectorized loop */
    double w_a[3][GC_BLOCK], w_b[3][GC_BLOCK];
    double r_a[GC_BLOCK], r_b[GC_BLOCK], rsq[GC_BLOCK]; /* rsq: walls only */
    /* the masses of a and b (a wall: b's unused); the effective mass is
     * the kernel's, in its vectorized loop (a scalar division here stalled
     * the gathering) */
    double m_a[GC_BLOCK], m_b[GC_BLOCK];
    double force[3][GC_BLOCK], torque_a[3][GC_BLOCK], torque_b[3][GC_BLOCK];
    double shear_out[3][GC_BLOCK], fn[GC_BLOCK], overlap[GC_BLOCK], touch[GC_BLOCK];
    double w[GC_BLOCK]; /* the weight of each contact in the sums (0 out of touch) */
    /* the energy books (gran_classic_energy.h) of each contact: StoredEnergy
     * and DissipatedPower, computed only when a call sums or returns one */
    double e_stored[GC_BLOCK], e_power[GC_BLOCK];
    int books;
    double bad; /* the kernel's count of contacts whose force or torques are not finite */
} gc_block;

MBC_GRAN_CLASSIC_INLINE mbc_gran_classic_in gc_in_of(const gc_block *b, size_t j, const int wall)
{
    mbc_gran_classic_in in;
    for (int k = 0; k < 3; k++) {
        in.del[k] = b->del[k][j];
        in.vr[k] = b->vr[k][j];
        /* a wall: r_a w_a (its r_b may be infinite) */
        in.wsum[k] =
            wall ? b->r_a[j] * b->w_a[k][j] : b->r_a[j] * b->w_a[k][j] + b->r_b[j] * b->w_b[k][j];
        in.shear[k] = b->shear[k][j];
    }
    in.r_a = b->r_a[j];
    in.r_b = b->r_b[j];
    /* a wall: the sphere's mass (fix_wall_gran.cpp) */
    in.meff = wall ? b->m_a[j] : mbc_gran_classic_meff(b->m_a[j], b->m_b[j]);
    in.rsq = wall ? b->rsq[j] : 0.0; /* pairs: from del */
    return in;
}

MBC_GRAN_CLASSIC_INLINE void gc_out_to(gc_block *b, size_t j, const mbc_gran_classic_out o)
{
    for (int k = 0; k < 3; k++) {
        b->force[k][j] = o.force[k];
        b->torque_a[k][j] = o.torque_a[k];
        b->torque_b[k][j] = o.torque_b[k];
        b->shear_out[k][j] = o.shear[k];
    }
    b->fn[j] = o.fn;
    b->overlap[j] = o.overlap;
    b->touch[j] = o.touch;
}

/* 1.0 if contact j's force or torques are not finite (a wall's torque_b
 * is not used), else 0.0: summed by the kernel's loop, so that a block of
 * finite contacts is not searched again (gc_first_bad). */
MBC_GRAN_CLASSIC_INLINE double gc_nonfinite(const mbc_gran_classic_out *o, const int wall)
{
    double s = 0.0;
    for (int k = 0; k < 3; k++)
        s += o->force[k] + o->torque_a[k] + (wall ? 0.0 : o->torque_b[k]);
    return (o->touch != 0.0 && !(s - s == 0.0)) ? 1.0 : 0.0;
}

/* The result and the energy books (a history step: with its slip loss)
 * of contact j into the block. */
MBC_GRAN_CLASSIC_INLINE void gc_books_to(const mbc_gran_classic_law *law, const int model,
                                         const int step, gc_block *b, size_t j,
                                         const mbc_gran_classic_out o)
{
    gc_out_to(b, j, o);
    const mbc_gran_classic_energy e = mbc_gran_classic_energy_of(law, model, step, &o);
    b->e_stored[j] = mbc_gran_classic_stored(&e);
    b->e_power[j] = mbc_gran_classic_dissipated(&e);
}

/* The kernel over a block: one instance per model M, pairs or walls W and
 * history step S, each a loop without and a loop with the energy books. */
typedef void (*gc_instance)(const mbc_gran_classic_law *law, gc_block *b);

#define GC_INSTANCE(M, W, S)                                                                       \
    static MBC_PAIR_CLONES void gc_run_##M##_##W##_##S(const mbc_gran_classic_law *law,            \
                                                       gc_block *b)                                \
    {                                                                                              \
        const size_t n = b->count;                                                                 \
        double bad = 0.0;                                                                          \
        if (!b->books) {                                                                           \
            GC_SIMD_SUM1(bad)                                                                      \
            for (size_t j = 0; j < n; j++) {                                                       \
                const mbc_gran_classic_out o =                                                     \
                    mbc_gran_classic_contact(law, M, W, S, gc_in_of(b, j, W));                     \
                gc_out_to(b, j, o);                                                                \
                bad += gc_nonfinite(&o, W);                                                        \
            }                                                                                      \
            b->bad = bad;                                                                          \
            return;                                                                                \
        }                                                                                          \
        GC_SIMD_SUM1(bad)                                                                          \
        for (size_t j = 0; j < n; j++) {                                                           \
            const mbc_gran_classic_out o =                                                         \
                mbc_gran_classic_contact(law, M, W, S, gc_in_of(b, j, W));                         \
            gc_books_to(law, M, S, b, j, o);                                                       \
            bad += gc_nonfinite(&o, W);                                                            \
        }                                                                                          \
        b->bad = bad;                                                                              \
    }
GC_INSTANCE(0, 0, 0)
GC_INSTANCE(0, 0, 1)
GC_INSTANCE(0, 1, 0)
GC_INSTANCE(0, 1, 1)
GC_INSTANCE(1, 0, 0)
GC_INSTANCE(1, 0, 1)
GC_INSTANCE(1, 1, 0)
GC_INSTANCE(1, 1, 1)
GC_INSTANCE(2, 0, 0)
GC_INSTANCE(2, 0, 1)
GC_INSTANCE(2, 1, 0)
GC_INSTANCE(2, 1, 1)

static const gc_instance gc_instances[MBC_GRAN_CLASSIC_MODELS][2][2] = {
    {{gc_run_0_0_0, gc_run_0_0_1}, {gc_run_0_1_0, gc_run_0_1_1}},
    {{gc_run_1_0_0, gc_run_1_0_1}, {gc_run_1_1_0, gc_run_1_1_1}},
    {{gc_run_2_0_0, gc_run_2_0_1}, {gc_run_2_1_0, gc_run_2_1_1}},
};

/* One call's law, instance and record handling, and the block's columns
 * of the outputs it sums. */
typedef struct gc_call {
    mbc_gran_classic_law law;
    gc_instance run;
    int history; /* the model keeps a shear history */
    int keep;    /* the records stay as they are */
    size_t outputs;
    const double *column[MBC_PAIR_OUTPUT_MAX];
} gc_call;

static mbc_status gc_prepare(const mbc_contact_gran_classic_params *p, unsigned flags, double dt,
                             int wall, const mbc_pair_sums *sums, gc_block *b, gc_call *g,
                             mbc_error *err)
{
    mbc_contact_gran_classic_law(p, &g->law);
    g->law.dt = dt;
    const int setup = (flags & MBC_PAIR_SETUP) != 0;
    const int step = (flags & MBC_PAIR_POST_NEWTON) && !setup;
    g->run = gc_instances[p->model][wall][step];
    g->history = p->model != MBC_GRAN_CLASSIC_HOOKE;
    g->keep = !(flags & MBC_PAIR_POST_NEWTON) && !setup;
    g->outputs = 0;
    if (sums->output_count > MBC_PAIR_OUTPUT_MAX)
        return mbc_fail(err, MBC_ERR_SIZE, GC_TYPE ": more than %d outputs summed in one call",
                        MBC_PAIR_OUTPUT_MAX);
    g->outputs = sums->output_count;
    b->books = 0;
    for (size_t q = 0; q < g->outputs; q++) {
        const size_t k = sums->outputs[q];
        const int stored = k == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY;
        const int power = k == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER;
        b->books |= stored || power;
        if (k == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_OVERLAP)
            g->column[q] = b->overlap;
        else if (k == MBC_CONTACT_GRAN_CLASSIC_OUTPUT_NORMAL_FORCE)
            g->column[q] = b->fn;
        else if (stored || power)
            g->column[q] = stored ? b->e_stored : b->e_power;
        else
            return mbc_fail(err, MBC_ERR_VALUE, GC_TYPE ": output %zu is not a scalar output", k);
    }
    return MBC_OK;
}

/* The block's contacts from the engine's arrays, with their shear
 * history. A scalar loop: gcc's vector form of this gathering (the atoms'
 * values by index, a record by pointer) moved each index to a scalar
 * register and took more time than plain loads. */
static void gc_fill(gc_block *b, const mbc_pair_atoms *at, const mbc_pair *pairs, size_t n,
                    int history)
{
    MBC_PAIR_ARRAYS(at);
    for (size_t j = 0; j < n; j++) {
        const int ia = pairs[j].atom[0], ib = pairs[j].atom[1];
        const double ra = r_[ia], rb = r_[ib];
        const double *data = pairs[j].data;
        for (int k = 0; k < 3; k++) {
            b->del[k][j] = x_[ia][k] - x_[ib][k];
            b->vr[k][j] = v_[ia][k] - v_[ib][k];
            b->w_a[k][j] = w_[ia][k];
            b->w_b[k][j] = w_[ib][k];
            b->shear[k][j] = history ? data[MBC_GRAN_CLASSIC_SHEAR + k] : 0.0;
        }
        b->r_a[j] = ra;
        b->r_b[j] = rb;
        b->m_a[j] = m_[ia];
        b->m_b[j] = m_[ib];
    }
    b->count = n;
}

/* The first contact of the block whose force or torques are not finite (a
 * wall's torque_b is not used), or n: searched only when the kernel counted
 * one. */
static size_t gc_first_bad(const gc_block *b, size_t n, const int wall)
{
    for (size_t j = 0; j < n; j++) {
        double s = 0.0;
        for (int k = 0; k < 3; k++)
            s += b->force[k][j] + b->torque_a[k][j] + (wall ? 0.0 : b->torque_b[k][j]);
        if (b->touch[j] != 0.0 && !(s - s == 0.0))
            return j;
    }
    return n;
}

/* The record of contact j into data. */
static inline void gc_record_out(const gc_block *b, size_t j, double *data)
{
    data[MBC_GRAN_CLASSIC_TOUCH] = b->touch[j];
    for (int k = 0; k < 3; k++)
        data[MBC_GRAN_CLASSIC_SHEAR + k] = b->shear_out[k][j];
}

/* Pair k (block column j) into its result (mbc_pair_eval_results): the
 * force on b, the torques on a and b (no couples), and its outputs; zero
 * out of touch. */
static void gc_result(const gc_call *g, const mbc_pair_call_results *res, size_t k,
                      const gc_block *b, size_t j)
{
    mbc_pair_result *r = &res->results[k];
    const int t = b->touch[j] != 0.0;
    for (int i = 0; i < 3; i++) {
        r->force[i] = t ? -b->force[i][j] : 0.0;
        r->torque[0][i] = t ? b->torque_a[i][j] : 0.0;
        r->torque[1][i] = t ? b->torque_b[i][j] : 0.0;
        r->couple[0][i] = r->couple[1][i] = 0.0;
    }
    if (res->outputs)
        for (size_t q = 0; q < g->outputs; q++)
            res->outputs[k * g->outputs + q] = t ? g->column[q][j] : 0.0;
}

/* The weight of pair p in the sums: 1 between owned atoms, 1/2 with a
 * ghost (its other owner evaluates it too), 0 out of touch. */
static inline double gc_weight(const mbc_pair_atoms *at, const mbc_pair *p, const gc_block *b,
                               size_t j)
{
    const int own = (p->atom[0] < at->owned) & (p->atom[1] < at->owned);
    return b->touch[j] * (own ? 1.0 : 0.5); /* touch: 1.0 or 0.0 */
}

/* The block's first n pairs (the call's from k0) into the atoms, in
 * LAMMPS's order: the force on a, its torque, then the same on b (owned
 * atoms only), or into their results (res: a call with MBC_PAIR_RESULTS);
 * the record (unless keep), the contact (into contact, unless NULL) and the
 * weight of each. One pass over the pairs, inlined with keep, the
 * contact's presence and res as constants where they are known. */
MBC_GRAN_CLASSIC_INLINE void gc_pairs_into(const gc_call *g, const mbc_pair_atoms *at,
                                           const mbc_pair *pairs, size_t k0, gc_block *b, size_t n,
                                           const int keep, unsigned char *contact,
                                           const mbc_pair_call_results *res)
{
    const int owned = at->owned;
    double(*force)[3] = at->force;
    double(*torque)[3] = at->torque;
    for (size_t j = 0; j < n; j++) {
        const int ia = pairs[j].atom[0], ib = pairs[j].atom[1];
        if (!keep)
            gc_record_out(b, j, pairs[j].data);
        if (contact)
            contact[j] = (unsigned char)(b->touch[j] != 0.0);
        const double w = gc_weight(at, &pairs[j], b, j);
        b->w[j] = w;
        if (res) {
            gc_result(g, res, k0 + j, b, j);
            continue;
        }
        if (w == 0.0)
            continue;
        if (ia < owned)
            for (int k = 0; k < 3; k++) {
                force[ia][k] += b->force[k][j];
                torque[ia][k] += b->torque_a[k][j];
            }
        if (ib < owned)
            for (int k = 0; k < 3; k++) {
                force[ib][k] -= b->force[k][j];
                torque[ib][k] += b->torque_b[k][j];
            }
    }
}

/* The block's first n pairs of the call at k0 through gc_pairs_into. */
static void gc_pairs_add(const gc_call *g, const mbc_pair_call *call, size_t k0, gc_block *b,
                         size_t n)
{
    const mbc_pair *pairs = call->pairs + k0;
    const mbc_pair_call_results *res = mbc_pair_call_results_of(call);
    unsigned char *contact = call->contact ? call->contact + k0 : NULL;
    if (!res && !g->keep && contact) /* a step's call of an engine (mbc-lammps) */
        gc_pairs_into(g, call->atoms, pairs, k0, b, n, 0, contact, NULL);
    else
        gc_pairs_into(g, call->atoms, pairs, k0, b, n, g->keep, contact, res);
}

/* The sums of the block's n contacts, each with its weight b->w: count,
 * overlap, virial (d = x_b - x_a = -del, the force on b -f_a: w del_i
 * f_a,j; pairs only), outputs; vectorized. */
static MBC_PAIR_CLONES void gc_sums(const gc_call *g, mbc_pair_sums *sums, const gc_block *b,
                                    size_t n, const int virial)
{
    double c = 0.0, o = 0.0, v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0, v4 = 0.0, v5 = 0.0;
    GC_SIMD_SUM(c, o, v0, v1, v2, v3, v4, v5)
    for (size_t j = 0; j < n; j++) {
        const double w = b->w[j];
        c += w;
        o += w * b->overlap[j];
        v0 += w * b->del[0][j] * b->force[0][j];
        v1 += w * b->del[1][j] * b->force[1][j];
        v2 += w * b->del[2][j] * b->force[2][j];
        v3 += w * b->del[0][j] * b->force[1][j];
        v4 += w * b->del[0][j] * b->force[2][j];
        v5 += w * b->del[1][j] * b->force[2][j];
    }
    sums->contacts += c;
    sums->overlap += o;
    if (virial) {
        const double v[6] = {v0, v1, v2, v3, v4, v5};
        for (int k = 0; k < 6; k++)
            sums->virial[k] += v[k];
    }
    for (size_t q = 0; q < g->outputs; q++) {
        const double *col = g->column[q];
        double t = 0.0;
        GC_SIMD_SUM1(t)
        for (size_t j = 0; j < n; j++)
            t += b->w[j] * col[j];
        sums->output_sums[q] += t;
    }
}

/* Without activeConnector: no forces (zero results), records kept; every
 * pair in contact while the spheres touch (as the hooks path), no wall
 * contact. */
static void gc_inactive(const mbc_pair_call *call, const mbc_wall_call *walls, mbc_pair_sums *sums)
{
    if (walls) {
        if (walls->contact)
            memset(walls->contact, 0, walls->count);
        return;
    }
    const mbc_pair_atoms *at = call->atoms;
    for (size_t k = 0; k < call->count; k++) {
        const int a = call->pairs[k].atom[0], b = call->pairs[k].atom[1];
        const double *xa = at->position[a], *xb = at->position[b];
        const double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]};
        const double delta =
            at->radius[a] + at->radius[b] - sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (call->contact)
            call->contact[k] = 1;
        const mbc_pair_call_results *res = mbc_pair_call_results_of(call);
        if (res) {
            memset(&res->results[k], 0, sizeof res->results[k]);
            for (size_t q = 0; res->outputs && q < sums->output_count; q++)
                res->outputs[k * sums->output_count + q] = 0.0;
        }
        const double w = (a < at->owned && b < at->owned) ? 1.0 : 0.5;
        sums->contacts += w;
        sums->overlap += w * delta;
    }
}

/* ------------------------------------------------------------------ walls */

/* The block's wall contacts: the sphere (sphere a), the wall in sphere b's
 * place (its velocity, its radius of curvature; no rotation, the sphere's
 * mass: fix_wall_gran.cpp's meff). */
static void gc_wall_fill(gc_block *b, const mbc_pair_atoms *at, const mbc_wall_contact *walls,
                         size_t n, int history)
{
    for (size_t j = 0; j < n; j++) {
        const mbc_wall_contact *w = &walls[j];
        const int i = w->atom;
        const double ra = at->radius[i];
        for (int k = 0; k < 3; k++) {
            b->del[k][j] = w->del[k];
            b->vr[k][j] = at->velocity[i][k] - w->velocity[k];
            b->w_a[k][j] = at->angular_velocity[i][k];
            b->w_b[k][j] = 0.0;
            b->shear[k][j] = history ? w->data[MBC_GRAN_CLASSIC_SHEAR + k] : 0.0;
        }
        b->r_a[j] = ra;
        b->r_b[j] = w->radius;
        b->m_a[j] = at->mass[i];
        b->m_b[j] = 0.0;
        b->rsq[j] = w->distance * w->distance;
    }
    b->count = n;
}

/* The block's first n wall contacts into their spheres (the force, then
 * the torque: fix_wall_gran.cpp's order, owned atoms only); the record, the
 * contact and the weight of each. */
static void gc_walls_add(const gc_call *g, const mbc_wall_call *call, size_t k0, gc_block *b,
                         size_t n)
{
    const mbc_pair_atoms *at = call->atoms;
    for (size_t j = 0; j < n; j++) {
        const mbc_wall_contact *w = &call->walls[k0 + j];
        if (!g->keep)
            gc_record_out(b, j, w->data);
        const int touching = b->touch[j] != 0.0;
        if (call->contact)
            call->contact[k0 + j] = (unsigned char)touching;
        b->w[j] = touching ? 1.0 : 0.0;
        if (!touching || w->atom >= at->owned)
            continue;
        for (int k = 0; k < 3; k++) {
            at->force[w->atom][k] += b->force[k][j];
            at->torque[w->atom][k] += b->torque_a[k][j];
        }
    }
}

/* The one path of a call over an engine's pairs (call) or walls (walls; the
 * other NULL), with that call's flags and time step: the law once, then block by block the contacts
 * from the engine's arrays, the kernel instance, the first contact whose force is not finite, the
 * contacts before it into the atoms and the sums, the error at it. Inlined into each entry point,
 * so that the pair or wall choice of each block is made at compile time. */
MBC_GRAN_CLASSIC_INLINE mbc_status gc_engine_evaluate(const mbc_contact_gran_classic_params *p,
                                                      const mbc_pair_call *call,
                                                      const mbc_wall_call *walls, unsigned flags,
                                                      double dt, mbc_pair_sums *sums,
                                                      mbc_error *err)
{
    const int wall = walls != NULL;
    gc_block b;
    gc_call g;
    const mbc_status st = gc_prepare(p, flags, dt, wall, sums, &b, &g, err);
    if (st != MBC_OK)
        return st;
    if (!p->activeConnector) {
        gc_inactive(call, walls, sums);
        return MBC_OK;
    }
    const size_t count = wall ? walls->count : call->count;
    for (size_t k0 = 0; k0 < count; k0 += GC_BLOCK) {
        const size_t n = count - k0 < GC_BLOCK ? count - k0 : GC_BLOCK;
        if (wall)
            gc_wall_fill(&b, walls->atoms, walls->walls + k0, n, g.history);
        else
            gc_fill(&b, call->atoms, call->pairs + k0, n, g.history);
        g.run(&g.law, &b);
        const size_t bad = b.bad != 0.0 ? gc_first_bad(&b, n, wall) : n;
        if (wall)
            gc_walls_add(&g, walls, k0, &b, bad);
        else
            gc_pairs_add(&g, call, k0, &b, bad);
        gc_sums(&g, sums, &b, bad, !wall);
        if (bad < n && wall) {
            sums->failed = k0 + bad;
            return mbc_fail(err, MBC_ERR_INPUT, GC_TYPE ": wall contact force not finite");
        }
        if (bad < n)
            return mbc_pair_kernel_fail(err, GC_TYPE, call, sums, k0 + bad,
                                        "contact force not finite");
    }
    return MBC_OK;
}

mbc_status mbc_contact_gran_classic_pair_evaluate(const mbc_contact_gran_classic_params *p,
                                                  const mbc_pair_call *call, mbc_pair_sums *sums,
                                                  mbc_error *err)
{
    return gc_engine_evaluate(p, call, NULL, call->flags, call->dt, sums, err);
}

mbc_status mbc_contact_gran_classic_wall_evaluate(const mbc_contact_gran_classic_params *p,
                                                  const mbc_wall_call *call, mbc_pair_sums *sums,
                                                  mbc_error *err)
{
    return gc_engine_evaluate(p, NULL, call, call->flags, call->dt, sums, err);
}
