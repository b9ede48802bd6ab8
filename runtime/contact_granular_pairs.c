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
 * history, which are even (runtime/granular_inline.h,
 * mbc_granular_record_exchange): an engine that keeps each record in one
 * orientation (mbc-lammps: the lower atom ID first) gets the forces of
 * either orientation to the bit. */
#include "mbconnect/generated/contact_granular.h"

#include <math.h>
#include <string.h>

#include "contact_granular.h"
#include "granular_kernels.h"
#include "mbconnect/pair_kernel.h"

#define GP_TYPE "ContactGranular"
/* Contacts per chunk: their inputs, records and results stay in L1. */
#define GP_CHUNK 32

/* The scalar outputs an engine may sum, from the result of a contact. */
static double gp_output(const mbc_granular_result *r, size_t output)
{
    switch (output) {
    case MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP:
        return r->delta;
    case MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS:
        return r->a;
    case MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE:
        return r->f_n;
    default: /* TwistingTorque (gp_check_outputs) */
        return r->m_twist;
    }
}

static mbc_status gp_check_outputs(const mbc_pair_sums *sums, mbc_error *err)
{
    for (size_t q = 0; q < sums->output_count; q++) {
        const size_t k = sums->outputs[q];
        if (k != MBC_CONTACT_GRANULAR_OUTPUT_OVERLAP &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_CONTACT_RADIUS &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_NORMAL_FORCE &&
            k != MBC_CONTACT_GRANULAR_OUTPUT_TWISTING_TORQUE)
            return mbc_fail(err, MBC_ERR_VALUE, GP_TYPE ": output %zu is not a scalar output", k);
    }
    return MBC_OK;
}

/* One call's law, instances and record handling. */
typedef struct gp_call {
    mbc_granular_law law;
    mbc_granular_kernels k;
    bool update; /* one history step (PostNewtonStep, not the set-up) */
    bool keep;   /* the records stay as they are: the chunk works on copies */
    bool masses; /* the atoms' masses (else 1, the binding's default) */
} gp_call;

static void gp_prepare(const mbc_contact_granular_params *p, unsigned flags, double dt,
                       const mbc_pair_atoms *at, gp_call *g)
{
    mbc_contact_granular_law(p, &g->law);
    g->law.dt = dt;
    g->k = mbc_granular_kernels_for(&g->law);
    const bool setup = (flags & MBC_PAIR_SETUP) != 0;
    g->update = (flags & MBC_PAIR_POST_NEWTON) && !setup;
    g->keep = !(flags & MBC_PAIR_POST_NEWTON) && !setup;
    g->masses = at->mass != NULL;
}

/* One chunk's contacts, record pointers and results. */
typedef struct gp_chunk {
    mbc_granular_contact c[GP_CHUNK];
    double *rec[GP_CHUNK];
    double copy[GP_CHUNK][MBC_GRANULAR_RECORD];
    mbc_granular_result res[GP_CHUNK];
} gp_chunk;

/* The record of contact j of a chunk: in place, or a copy the call drops. */
static void gp_record(const gp_call *g, gp_chunk *ch, size_t j, double *data)
{
    if (g->keep) {
        memcpy(ch->copy[j], data, sizeof ch->copy[j]);
        ch->rec[j] = ch->copy[j];
    } else {
        ch->rec[j] = data;
    }
}

/* Stages A and B over the chunk's n contacts. */
static void gp_run(const gp_call *g, gp_chunk *ch, size_t n)
{
    if (g->k.stage_a(&g->law, n, ch->c, ch->rec, g->update, ch->res) && g->k.stage_b)
        g->k.stage_b(&g->law, n, ch->c, ch->rec, g->update, ch->res);
}

static mbc_granular_sphere gp_sphere(const mbc_pair_atoms *at, const gp_call *g, int i)
{
    const mbc_granular_sphere s = {at->position[i], at->velocity[i], at->angular_velocity[i],
                                   at->radius[i], g->masses ? at->mass[i] : 1.0};
    return s;
}

/* Adds t to torque row, component by component (LAMMPS's separate sums). */
static inline void gp_add(double row[3], const double t[3])
{
    row[0] += t[0];
    row[1] += t[1];
    row[2] += t[2];
}

static inline void gp_sub(double row[3], const double t[3])
{
    row[0] -= t[0];
    row[1] -= t[1];
    row[2] -= t[2];
}

/* The sums of one contact in touch with weight w: count, overlap, virial
 * (d = x_b - x_a = -del, the force on b -f_a: w del_i f_a,j), outputs. */
static void gp_sum(mbc_pair_sums *sums, const mbc_granular_contact *c, const mbc_granular_result *r,
                   double w, bool virial)
{
    sums->contacts += w;
    sums->overlap += w * r->delta;
    if (virial)
        mbc_pair_virial_add(sums->virial, c->del, r->force, w);
    for (size_t q = 0; q < sums->output_count; q++)
        sums->output_sums[q] += w * gp_output(r, sums->outputs[q]);
}

/* The force and the torques of a contact are finite (a wall's sphere b:
 * its torque_b is not used, and infinite for a plane). */
static bool gp_finite(const mbc_granular_result *r, bool wall)
{
    double s = 0.0;
    for (int i = 0; i < 3; i++)
        s +=
            r->force[i] + r->torque_a[i] + (wall ? 0.0 : r->torque_b[i]) + r->twist[i] + r->roll[i];
    return isfinite(s);
}

/* Pair k (chunk position j) into the atoms, in LAMMPS's order: force on a,
 * its friction, twisting and rolling torques, then the same on b. Returns
 * false when its force is not finite. */
static bool gp_pair_add(const mbc_pair_call *call, mbc_pair_sums *sums, size_t k,
                        const gp_chunk *ch, size_t j)
{
    const mbc_pair_atoms *at = call->atoms;
    const mbc_granular_result *r = &ch->res[j];
    if (call->contact)
        call->contact[k] = (unsigned char)r->touching;
    if (!r->touching)
        return true;
    if (!gp_finite(r, false))
        return false;
    const int a = call->pairs[k].atom[0], b = call->pairs[k].atom[1];
    const bool own_a = a < at->owned, own_b = b < at->owned;
    if (own_a) {
        gp_add(at->force[a], r->force);
        gp_add(at->torque[a], r->torque_a);
        gp_add(at->torque[a], r->twist);
        gp_add(at->torque[a], r->roll);
    }
    if (own_b) {
        gp_sub(at->force[b], r->force);
        gp_add(at->torque[b], r->torque_b);
        gp_sub(at->torque[b], r->twist);
        gp_sub(at->torque[b], r->roll);
    }
    gp_sum(sums, &ch->c[j], r, (own_a && own_b) ? 1.0 : 0.5, true);
    return true;
}

/* Without activeConnector: no forces, records kept, every pair in contact
 * while the spheres touch (as the hooks path). */
static void gp_inactive(const mbc_pair_call *call, mbc_pair_sums *sums)
{
    const mbc_pair_atoms *at = call->atoms;
    for (size_t k = 0; k < call->count; k++) {
        const int a = call->pairs[k].atom[0], b = call->pairs[k].atom[1];
        const double *xa = at->position[a], *xb = at->position[b];
        const double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]};
        const double delta =
            at->radius[a] + at->radius[b] - sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (call->contact)
            call->contact[k] = 1;
        const double w = (a < at->owned && b < at->owned) ? 1.0 : 0.5;
        sums->contacts += w;
        sums->overlap += w * delta;
    }
}

mbc_status mbc_contact_granular_pair_evaluate(const mbc_contact_granular_params *p,
                                              const mbc_pair_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    const mbc_status st = gp_check_outputs(sums, err);
    if (st != MBC_OK)
        return st;
    if (!p->activeConnector) {
        gp_inactive(call, sums);
        return MBC_OK;
    }
    gp_call g;
    gp_prepare(p, call->flags, call->dt, call->atoms, &g);
    gp_chunk ch;
    for (size_t k0 = 0; k0 < call->count; k0 += GP_CHUNK) {
        const size_t n = call->count - k0 < GP_CHUNK ? call->count - k0 : GP_CHUNK;
        for (size_t j = 0; j < n; j++) {
            const mbc_pair *pr = &call->pairs[k0 + j];
            const mbc_granular_sphere sa = gp_sphere(call->atoms, &g, pr->atom[0]);
            const mbc_granular_sphere sb = gp_sphere(call->atoms, &g, pr->atom[1]);
            mbc_granular_pair_contact(&sa, &sb, &ch.c[j]);
            gp_record(&g, &ch, j, pr->data);
        }
        gp_run(&g, &ch, n);
        for (size_t j = 0; j < n; j++)
            if (!gp_pair_add(call, sums, k0 + j, &ch, j))
                return mbc_pair_kernel_fail(err, GP_TYPE, call, sums, k0 + j,
                                            "contact force not finite");
    }
    return MBC_OK;
}

double mbc_contact_granular_pair_reach(const mbc_contact_granular_params *p, double r_a, double r_b)
{
    if (p->normalModel != MBC_GRANULAR_JKR || !p->activeConnector)
        return 0.0;
    mbc_granular_law law;
    mbc_contact_granular_law(p, &law);
    const double reach = -mbc_granular_jkr_pulloff(&law, mbc_granular_reff(r_a, r_b));
    return reach > 0.0 ? reach : 0.0;
}

/* Wall contact k (chunk position j) into its sphere: the force, then the
 * friction, twisting and rolling torques (fix_wall_gran.cpp's order). */
static bool gp_wall_add(const mbc_wall_call *call, mbc_pair_sums *sums, size_t k,
                        const gp_chunk *ch, size_t j)
{
    const mbc_pair_atoms *at = call->atoms;
    const mbc_granular_result *r = &ch->res[j];
    if (call->contact)
        call->contact[k] = (unsigned char)r->touching;
    if (!r->touching)
        return true;
    if (!gp_finite(r, true))
        return false;
    const int a = call->walls[k].atom;
    if (a < at->owned) {
        gp_add(at->force[a], r->force);
        gp_add(at->torque[a], r->torque_a);
        gp_add(at->torque[a], r->twist);
        gp_add(at->torque[a], r->roll);
    }
    gp_sum(sums, &ch->c[j], r, 1.0, false);
    return true;
}

mbc_status mbc_contact_granular_wall_evaluate(const mbc_contact_granular_params *p,
                                              const mbc_wall_call *call, mbc_pair_sums *sums,
                                              mbc_error *err)
{
    const mbc_status st = gp_check_outputs(sums, err);
    if (st != MBC_OK)
        return st;
    if (!p->activeConnector) { /* no forces, records kept, nothing in contact */
        if (call->contact)
            memset(call->contact, 0, call->count);
        return MBC_OK;
    }
    gp_call g;
    gp_prepare(p, call->flags, call->dt, call->atoms, &g);
    gp_chunk ch;
    for (size_t k0 = 0; k0 < call->count; k0 += GP_CHUNK) {
        const size_t n = call->count - k0 < GP_CHUNK ? call->count - k0 : GP_CHUNK;
        for (size_t j = 0; j < n; j++) {
            const mbc_wall_contact *w = &call->walls[k0 + j];
            const mbc_granular_sphere s = gp_sphere(call->atoms, &g, w->atom);
            mbc_granular_wall_contact(&s, w->del, w->velocity, w->radius, &ch.c[j]);
            gp_record(&g, &ch, j, w->data);
        }
        gp_run(&g, &ch, n);
        for (size_t j = 0; j < n; j++)
            if (!gp_wall_add(call, sums, k0 + j, &ch, j)) {
                sums->failed = k0 + j;
                return mbc_fail(err, MBC_ERR_INPUT, GP_TYPE ": wall contact force not finite");
            }
    }
    return MBC_OK;
}
