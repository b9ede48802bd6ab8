/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular in place on a particle engine's arrays: the pairs of
 * mbc_pair_eval (mbconnect/pair_eval.h, spec key `kernel = true`), the
 * walls of mbc_wall_eval (mbconnect/wall_eval.h, spec key wall_binding) and
 * the reach of a jkr contact beyond touching (`reach = true`).
 *
 * Each call makes the law once (mbc_contact_granular_law, the call's dt as
 * the history step) and picks its instances once
 * (mbc_granular_kernels_for: stage A for the normal, damping and tangential
 * models, stage B for rolling and twisting), then runs them per chunk of
 * contacts: no per-contact branch on a model and no per-contact call
 * through a pointer. Each contact is formed from the positions as
 * pair_granular.cpp (fix_wall_gran.cpp for a wall) forms it, so the force
 * and the torques of every contact are LAMMPS's bits, and they are added to
 * the atoms in LAMMPS's order (the force, then the friction, twisting and
 * rolling torques one after the other): an engine that offers the pairs in
 * LAMMPS's order gets LAMMPS's sums to the bit.
 *
 * Orientation: sphere a is call->pairs[k].atom[0]. The law is odd under the
 * exchange of a and b in every quantity but the rolling and twisting
 * history, which are even (granular_contact.h,
 * mbc_granular_record_exchange): an engine that keeps each record in one
 * orientation (mbc-lammps: the lower atom ID first) gets the forces of
 * either orientation to the bit. */
#include "mbconnect/generated/contact_granular.h"

#include <math.h>
#include <string.h>

#include "contact_granular.h"
#include "granular_energy.h"
#include "granular_kernels.h"
#include "mbconnect/pair_kernel.h"

#define GP_TYPE "ContactGranular"

/* The reductions of the vectorized sums and checks (mbconnect/pair_kernel.h
 * says when `omp simd` is on). */
#if defined(_OPENMP) || defined(MBC_PAIR_OPENMP_SIMD)
/* NOLINTBEGIN(bugprone-macro-parentheses): an OpenMP clause takes names */
#define GP_PRAGMA(text) _Pragma(#text)
#define GP_SIMD_MIN(x)  GP_PRAGMA(omp simd reduction(min : x))
/* 8 lanes: the loop reads 32-bit indices, for which the compiler would
 * take 16 lanes, one vector iteration per block of 32 and the rest in its
 * scalar remainder */
#define GP_SIMD_FILL    GP_PRAGMA(omp simd simdlen(8))
#define GP_SIMD_SUM1(x) GP_PRAGMA(omp simd reduction(+ : x))
#define GP_SIMD_SUM(a, b, c, d, e, f, g, h)                                                        \
    GP_PRAGMA(omp simd reduction(+ : a, b, c, d, e, f, g, h))
/* NOLINTEND(bugprone-macro-parentheses) */
#else
#define GP_SIMD_MIN(x)
#define GP_SIMD_FILL
#define GP_SIMD_SUM1(x)
#define GP_SIMD_SUM(a, b, c, d, e, f, g, h)
#endif

/* The column of block b that holds output `output` (gp_check_outputs:
 * one of the six scalar outputs). */
static const double *gp_output_column(const mbc_granular_block *b, size_t output)
{
    switch (output) {
    case MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY:
        return b->e_stored;
    case MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER:
        return b->e_power;
    case MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP:
        return b->delta;
    case MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS:
        return b->a;
    case MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE:
        return b->f_n;
    default: /* TwistingTorque */
        return b->m_twist;
    }
}

static mbc_status gp_check_outputs(const mbc_pair_sums *sums, mbc_error *err)
{
    if (sums->output_count > MBC_PAIR_OUTPUT_MAX)
        return mbc_fail(err, MBC_ERR_SIZE, GP_TYPE ": more than %d outputs summed in one call",
                        MBC_PAIR_OUTPUT_MAX);
    for (size_t q = 0; q < sums->output_count; q++) {
        const size_t k = sums->outputs[q];
        if (k != MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_TWISTING_TORQUE &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER)
            return mbc_fail(err, MBC_ERR_VALUE, GP_TYPE ": output %zu is not a scalar output", k);
    }
    return MBC_OK;
}

/* One call's law, instances, record handling and the columns of the
 * outputs it sums (in the block it runs). */
typedef struct gp_call {
    mbc_granular_law law;
    mbc_granular_kernels k;
    bool keep;   /* the records stay as they are */
    bool energy; /* the call sums StoredEnergy or DissipatedPower */
    size_t outputs;
    const double *column[MBC_PAIR_OUTPUT_MAX];
} gp_call;

static void gp_prepare(const mbc_contact_granular_params *p, bool wall, unsigned flags, double dt,
                       const mbc_pair_sums *sums, const mbc_granular_block *b, gp_call *g)
{
    g->outputs = sums->output_count; /* at most MBC_PAIR_OUTPUT_MAX (gp_check_outputs) */
    g->energy = false;
    for (size_t q = 0; q < g->outputs; q++) {
        g->column[q] = gp_output_column(b, sums->outputs[q]);
        g->energy |= sums->outputs[q] == MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY ||
                     sums->outputs[q] == MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER;
    }
    if (wall)
        mbc_contact_granular_wall_law(p, &g->law);
    else
        mbc_contact_granular_law(p, &g->law);
    g->law.dt = dt;
    g->k = mbc_granular_kernels_for(&g->law);
    const bool setup = (flags & MBC_PAIR_SETUP) != 0;
    /* one history step: PostNewtonStep, not the set-up */
    g->law.step = ((flags & MBC_PAIR_POST_NEWTON) && !setup) ? 1.0 : 0.0;
    g->keep = !(flags & MBC_PAIR_POST_NEWTON) && !setup;
}

/* The energy books of the block's contacts after the stages (only when the
 * call sums them): the law's result and new record of column j. */
static void gp_energy(const gp_call *g, mbc_granular_block *b)
{
    for (size_t j = 0; j < b->count; j++) {
        b->e_stored[j] = b->e_power[j] = 0.0;
        if (!b->touching[j])
            continue;
        mbc_granular_contact c;
        mbc_granular_result r;
        double rec[MBC_GRANULAR_RECORD];
        for (int i = 0; i < 3; i++) {
            c.del[i] = b->del[i][j];
            c.vr[i] = b->vr[i][j];
            c.wr[i] = b->wr[i][j];
            c.relrot[i] = b->relrot[i][j];
            r.n[i] = b->n[i][j];
            r.f_t[i] = b->f_t[i][j];
            r.f_roll[i] = b->f_roll[i][j];
        }
        c.rsq = b->rsq[j];
        c.radsum = b->radsum[j];
        c.reff = b->reff[j];
        c.meff = b->meff[j];
        c.r_a = b->r_a[j];
        c.r_b = b->r_b[j];
        c.shift = b->shift[j];
        r.touching = true;
        r.delta = b->delta[j];
        r.a = b->a[j];
        r.f_n = b->f_n[j];
        r.fncrit = b->fncrit[j];
        r.k_t = b->k_t[j];
        r.damp_t = b->damp_t[j];
        r.m_twist = b->m_twist[j];
        for (int q = 0; q < MBC_GRANULAR_RECORD; q++)
            rec[q] = b->rec[q][j];
        const mbc_granular_energy e = mbc_granular_energy_of(&g->law, &c, rec, &r);
        b->e_stored[j] = mbc_granular_energy_sum(e.stored);
        b->e_power[j] = mbc_granular_energy_sum(e.power);
    }
}

/* The stages over the block's contacts (and the energy books when summed). */
static void gp_run(const gp_call *g, mbc_granular_block *b)
{
    g->k.stage_a(&g->law, b);
    if (g->k.stage_b)
        g->k.stage_b(&g->law, b);
    if (g->energy)
        gp_energy(g, b);
}

/* The first column of the block's n whose force or torques are not finite
 * (a wall's sphere b: its torque_b is not used, and infinite for a plane;
 * `twist_roll`: the law has twisting and rolling torques, else they are
 * zero), or n; vectorized. */
static MBC_PAIR_CLONES size_t gp_first_bad(const mbc_granular_block *b, size_t n, const int wall,
                                           const int twist_roll)
{
    size_t first = n;
    if (twist_roll) {
        GP_SIMD_MIN(first)
        for (size_t j = 0; j < n; j++) {
            double s = 0.0;
            for (int i = 0; i < 3; i++)
                s += b->force[i][j] + b->torque_a[i][j] + (wall ? 0.0 : b->torque_b[i][j]) +
                     b->twist[i][j] + b->roll[i][j];
            first = (b->touching[j] && !(s - s == 0.0) && j < first) ? j : first;
        }
    } else {
        GP_SIMD_MIN(first)
        for (size_t j = 0; j < n; j++) {
            double s = 0.0;
            for (int i = 0; i < 3; i++)
                s += b->force[i][j] + b->torque_a[i][j] + (wall ? 0.0 : b->torque_b[i][j]);
            first = (b->touching[j] && !(s - s == 0.0) && j < first) ? j : first;
        }
    }
    return first;
}

/* The record of column j into data (not when the call keeps the records). */
static void gp_record_out(const gp_call *g, const mbc_granular_block *b, size_t j, double *data)
{
    if (g->keep)
        return;
    for (int q = 0; q < MBC_GRANULAR_RECORD; q++)
        data[q] = b->rec[q][j];
}

/* The sums of the block's n columns, each with its weight b->w (0 out of
 * touch): count, overlap, virial (d = x_b - x_a = -del, the force on b
 * -f_a: w del_i f_a,j; pairs only), outputs; vectorized. */
static MBC_PAIR_CLONES void gp_sums(const gp_call *g, mbc_pair_sums *sums,
                                    const mbc_granular_block *b, size_t n, const int virial)
{
    double c = 0.0, o = 0.0, v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0, v4 = 0.0, v5 = 0.0;
    GP_SIMD_SUM(c, o, v0, v1, v2, v3, v4, v5)
    for (size_t j = 0; j < n; j++) {
        const double w = b->w[j];
        c += w;
        o += w * b->delta[j];
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
        GP_SIMD_SUM1(t)
        for (size_t j = 0; j < n; j++)
            t += b->w[j] * col[j];
        sums->output_sums[q] += t;
    }
}

/* Adds column j's part to row (LAMMPS's separate sums: force, then the
 * friction, twisting and rolling torques). */
static inline void gp_add(double row[3], double (*col)[MBC_GRANULAR_BLOCK], size_t j)
{
    row[0] += col[0][j];
    row[1] += col[1][j];
    row[2] += col[2][j];
}

static inline void gp_sub(double row[3], double (*col)[MBC_GRANULAR_BLOCK], size_t j)
{
    row[0] -= col[0][j];
    row[1] -= col[1][j];
    row[2] -= col[2][j];
}

/* Pair k (block column j) into its result (mbc_pair_eval_results): the
 * force on b, the friction torques, then the twisting and rolling torques
 * as the couples (LAMMPS's order), and its outputs; zero out of touch. */
static void gp_result(const gp_call *g, const mbc_pair_call_results *res, size_t k,
                      const mbc_granular_block *b, size_t j, const int twist_roll)
{
    mbc_pair_result *r = &res->results[k];
    const int t = b->touching[j];
    for (int i = 0; i < 3; i++) {
        r->force[i] = t ? -b->force[i][j] : 0.0;
        r->torque[0][i] = t ? b->torque_a[i][j] : 0.0;
        r->torque[1][i] = t ? b->torque_b[i][j] : 0.0;
        r->couple[0][i] = (t && twist_roll) ? b->twist[i][j] : 0.0;
        r->couple[1][i] = (t && twist_roll) ? b->roll[i][j] : 0.0;
    }
    if (res->outputs)
        for (size_t q = 0; q < g->outputs; q++)
            res->outputs[k * g->outputs + q] = t ? g->column[q][j] : 0.0;
}

/* Pair k (block column j) into the atoms, in LAMMPS's order: force on a,
 * its friction, twisting and rolling torques (`twist_roll`: the law has
 * them), then the same on b (or into its result, res); its record, contact
 * and weight. */
static inline void gp_pair_add(const gp_call *g, const mbc_pair_call *call,
                               const mbc_pair_call_results *res, size_t k, mbc_granular_block *b,
                               size_t j, const int twist_roll)
{
    const mbc_pair_atoms *at = call->atoms;
    gp_record_out(g, b, j, call->pairs[k].data);
    const int touching = b->touching[j];
    if (call->contact)
        call->contact[k] = (unsigned char)(touching != 0);
    if (res)
        gp_result(g, res, k, b, j, twist_roll);
    b->w[j] = 0.0;
    if (!touching)
        return;
    const int ia = call->pairs[k].atom[0], ib = call->pairs[k].atom[1];
    const bool own_a = ia < at->owned, own_b = ib < at->owned;
    b->w[j] = (own_a && own_b) ? 1.0 : 0.5;
    if (res)
        return;
    if (own_a) {
        gp_add(at->force[ia], b->force, j);
        gp_add(at->torque[ia], b->torque_a, j);
        if (twist_roll) {
            gp_add(at->torque[ia], b->twist, j);
            gp_add(at->torque[ia], b->roll, j);
        }
    }
    if (own_b) {
        gp_sub(at->force[ib], b->force, j);
        gp_add(at->torque[ib], b->torque_b, j);
        if (twist_roll) {
            gp_sub(at->torque[ib], b->twist, j);
            gp_sub(at->torque[ib], b->roll, j);
        }
    }
}

/* The block's first n pairs into the atoms or their results (gp_pair_add),
 * specialized by whether the law has rolling or twisting torques. */
static void gp_pairs_add(const gp_call *g, const mbc_pair_call *call, size_t k0,
                         mbc_granular_block *b, size_t n)
{
    const mbc_pair_call_results *res = mbc_pair_call_results_of(call);
    if (g->k.stage_b)
        for (size_t j = 0; j < n; j++)
            gp_pair_add(g, call, res, k0 + j, b, j, 1);
    else
        for (size_t j = 0; j < n; j++)
            gp_pair_add(g, call, res, k0 + j, b, j, 0);
}

/* The block's contacts from the engine's arrays (vectorized: the atoms'
 * values gathered by index), then their records (a plain loop: a pointer
 * per contact). */
static MBC_PAIR_CLONES void gp_fill(mbc_granular_block *b, const mbc_pair_atoms *at,
                                    const mbc_pair *pairs, size_t n)
{
    MBC_PAIR_ARRAYS(at);
    GP_SIMD_FILL for (size_t j = 0; j < n; j++)
    {
        const int ia = pairs[j].atom[0], ib = pairs[j].atom[1];
        mbc_granular_ball sa, sb;
        for (int i = 0; i < 3; i++) {
            sa.x.v[i] = x_[ia][i];
            sa.v.v[i] = v_[ia][i];
            sa.w.v[i] = w_[ia][i];
            sb.x.v[i] = x_[ib][i];
            sb.v.v[i] = v_[ib][i];
            sb.w.v[i] = w_[ib][i];
        }
        sa.r = r_[ia];
        sb.r = r_[ib];
        sa.m = m_[ia];
        sb.m = m_[ib];
        const mbc_granular_contact c = mbc_granular_pair_contact_of(sa, sb);
        for (int i = 0; i < 3; i++) {
            b->del[i][j] = c.del[i];
            b->vr[i][j] = c.vr[i];
            b->wr[i][j] = c.wr[i];
            b->relrot[i][j] = c.relrot[i];
        }
        b->rsq[j] = c.rsq;
        b->radsum[j] = c.radsum;
        b->reff[j] = c.reff;
        b->meff[j] = c.meff;
        b->r_a[j] = c.r_a;
        b->r_b[j] = c.r_b;
        b->shift[j] = c.shift;
    }
    for (size_t j = 0; j < n; j++)
        for (int q = 0; q < MBC_GRANULAR_RECORD; q++)
            b->rec[q][j] = pairs[j].data[q];
    b->count = n;
}

/* Wall contact k (block column j) into its sphere: the force, then the
 * friction, twisting and rolling torques (fix_wall_gran.cpp's order); its
 * record, contact and weight. */
static void gp_wall_add(const gp_call *g, const mbc_wall_call *call, size_t k,
                        mbc_granular_block *b, size_t j)
{
    const mbc_pair_atoms *at = call->atoms;
    gp_record_out(g, b, j, call->walls[k].data);
    const int touching = b->touching[j];
    if (call->contact)
        call->contact[k] = (unsigned char)(touching != 0);
    b->w[j] = touching ? 1.0 : 0.0;
    const int ia = call->walls[k].atom;
    if (!touching || ia >= at->owned)
        return;
    gp_add(at->force[ia], b->force, j);
    gp_add(at->torque[ia], b->torque_a, j);
    gp_add(at->torque[ia], b->twist, j);
    gp_add(at->torque[ia], b->roll, j);
}

/* The block's first n wall contacts into their spheres (gp_wall_add). */
static void gp_walls_add(const gp_call *g, const mbc_wall_call *call, size_t k0,
                         mbc_granular_block *b, size_t n)
{
    for (size_t j = 0; j < n; j++)
        gp_wall_add(g, call, k0 + j, b, j);
}

static mbc_granular_sphere gp_sphere(const mbc_pair_atoms *at, int i)
{
    const mbc_granular_sphere s = {at->position[i], at->velocity[i], at->angular_velocity[i],
                                   at->radius[i], at->mass ? at->mass[i] : 1.0};
    return s;
}

/* The block's n wall contacts from the engine's arrays, with their records. */
static void gp_wall_fill(mbc_granular_block *b, const mbc_pair_atoms *at,
                         const mbc_wall_contact *walls, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        const mbc_wall_contact *w = &walls[j];
        const mbc_granular_sphere s = gp_sphere(at, w->atom);
        mbc_granular_contact c;
        mbc_granular_wall_contact(&s, w->del, w->velocity, w->radius, &c);
        if (w->distance > 0.0)
            c.rsq = w->distance * w->distance;
        mbc_granular_block_put(b, j, &c, w->data);
    }
    b->count = n;
}

/* Without activeConnector: no forces (zero results), records kept; every
 * pair in contact while the spheres touch (as the hooks path), no wall
 * contact. */
static void gp_inactive(const mbc_pair_call *call, const mbc_wall_call *walls, mbc_pair_sums *sums)
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

/* The one path of a call over an engine's pairs (call) or walls (walls; the
 * other NULL): the law once, then block by block the contacts from the
 * engine's arrays, the stages, the first contact whose force is not finite,
 * the contacts before it into the atoms and the sums, the error at it.
 * Inlined into each entry point, so that the pair or wall choice of each
 * block is made at compile time. */
MBC_GRANULAR_INLINE mbc_status gp_evaluate(const mbc_contact_granular_params *p,
                                           const mbc_pair_call *call, const mbc_wall_call *walls,
                                           mbc_pair_sums *sums, mbc_error *err)
{
    const mbc_status st = gp_check_outputs(sums, err);
    if (st != MBC_OK)
        return st;
    if (!p->activeConnector) {
        gp_inactive(call, walls, sums);
        return MBC_OK;
    }
    const int wall = walls != NULL;
    const size_t count = wall ? walls->count : call->count;
    mbc_granular_block b;
    gp_call g;
    gp_prepare(p, wall, wall ? walls->flags : call->flags, wall ? walls->dt : call->dt, sums, &b,
               &g);
    for (size_t k0 = 0; k0 < count; k0 += MBC_GRANULAR_BLOCK) {
        const size_t n = count - k0 < MBC_GRANULAR_BLOCK ? count - k0 : MBC_GRANULAR_BLOCK;
        if (wall)
            gp_wall_fill(&b, walls->atoms, walls->walls + k0, n);
        else
            gp_fill(&b, call->atoms, call->pairs + k0, n);
        gp_run(&g, &b);
        const size_t bad = gp_first_bad(&b, n, wall, g.k.stage_b != NULL);
        if (wall)
            gp_walls_add(&g, walls, k0, &b, bad);
        else
            gp_pairs_add(&g, call, k0, &b, bad);
        gp_sums(&g, sums, &b, bad, !wall);
        if (bad < n && wall) {
            sums->failed = k0 + bad;
            return mbc_fail(err, MBC_ERR_INPUT, GP_TYPE ": wall contact force not finite");
        }
        if (bad < n)
            return mbc_pair_kernel_fail(err, GP_TYPE, call, sums, k0 + bad,
                                        "contact force not finite");
    }
    return MBC_OK;
}

mbc_status mbc_contact_granular_pair_evaluate(const mbc_contact_granular_params *p,
                                              const mbc_pair_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    return gp_evaluate(p, call, NULL, sums, err);
}

mbc_status mbc_contact_granular_wall_evaluate(const mbc_contact_granular_params *p,
                                              const mbc_wall_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    return gp_evaluate(p, NULL, call, sums, err);
}

double mbc_contact_granular_pair_reach(const mbc_contact_granular_params *p, double r_a, double r_b)
{
    if (p->normalModel != MBC_GRANULAR_JKR || !p->activeConnector)
        return 0.0;
    const double reff = mbc_granular_reff(r_a, r_b);
    if (!(reff > 0.0))
        return 0.0;
    mbc_granular_law law;
    mbc_contact_granular_law(p, &law);
    double reach = -mbc_granular_jkr_pulloff(&law, reff);
    if (p->lammps2021 && !isfinite(r_b)) {
        /* a wall of 2021 (sphere b of infinite radius; an engine asks so
         * for a cylinder too) holds a contact to r_a + delta_c' (a
         * superset); a pair's is its own pull-off distance, as 2021's
         * pulloff_distance() and single() compute it */
        mbc_granular_law wall;
        mbc_contact_granular_wall_law(p, &wall);
        const double held = mbc_granular_jkr_pulloff_wall_2021(&wall, r_a);
        reach = held > reach ? held : reach;
    }
    return reach > 0.0 ? reach : 0.0;
}
