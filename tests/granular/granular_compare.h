/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the tests that compare ContactGranular with LAMMPS's `lmp`
 * (test_granular_lammps, test_granular_lammps2021): our side of a
 * comparison, from the dumped inputs of each step and the laws of the
 * words, against the dumped forces and torques.
 *
 *   kernel  the law's instances (runtime/connectors/contact_granular/granular_kernels.h) as an
 *           engine runs them: the set-up call without update, then one update per step, on a
 *           record per contact;
 *   hooks   ContactGranular through the generic API: PostNewtonStep from the previous record,
 *           then force evaluation (pairs only).
 *
 * Each comparison gives the largest difference relative to the largest
 * force or torque of a step, and the number of per-atom values that differ
 * from LAMMPS's in any bit (kernel): where every atom has one contact
 * (granular_cases.h's PAIRS, walls without a pair style) LAMMPS's sum is that
 * contact's value, so 0 means equal to the bit. Include after cmocka.h. */
#ifndef MBC_TEST_GRANULAR_COMPARE_H
#define MBC_TEST_GRANULAR_COMPARE_H

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "connectors/contact_granular/contact_granular.h"
#include "connectors/contact_granular/granular_kernels.h"
#include "granular_cases.h"
#include "granular_fixtures.h"
#include "granular_lmp.h"
#include "granular_wall_motion.h"
#include "granular_words.h"
#include "mbconnect/mbconnect.h"

#define TOL 1e-12

/* The state of a pair of dumped atoms for the generic API. */
typedef struct pair_state {
    mbc_rigid_marker m[2];
    mbc_state s;
} pair_state;

static inline void pair_state_init(pair_state *ps, const atom *a, const atom *b, const double *data,
                                   const double *start)
{
    const atom *ab[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        memset(&ps->m[k], 0, sizeof ps->m[k]);
        memcpy(ps->m[k].position, ab[k]->x, sizeof ab[k]->x);
        memcpy(ps->m[k].velocity, ab[k]->v, sizeof ab[k]->v);
        memcpy(ps->m[k].angular_velocity_local, ab[k]->w, sizeof ab[k]->w);
        ps->m[k].rotation[0] = ps->m[k].rotation[4] = ps->m[k].rotation[8] = 1.0;
    }
    ps->s = (mbc_state){.marker = {&ps->m[0], &ps->m[1]},
                        .data = data,
                        .data_start = start,
                        .data_count = MBC_GRANULAR_RECORD};
}

/* One case's comparison, step by step. */
typedef struct compare {
    double kernel, hooks;  /* largest relative difference over the steps */
    int bits;              /* kernel: per-atom values not equal to LAMMPS's, over the steps */
    int contacts, sliding; /* contacts in touch at the last step; of them sliding */
    int slid_to_zero;      /* of them sliding with no tangential force (a history of length 0) */
} compare;

static inline double rel_diff(const double (*ours)[3], const double (*ref)[3])
{
    double scale = 0, diff = 0;
    for (int k = 0; k < NATOMS; k++)
        for (int i = 0; i < 3; i++) {
            scale = fmax(scale, fabs(ref[k][i]));
            diff = fmax(diff, fabs(ours[k][i] - ref[k][i]));
        }
    return scale > 0 ? diff / scale : diff;
}

/* The values of ours that are not ref's (== : the bits, but for the sign of a zero). */
static inline int bits_differ(const double (*ours)[3], const double (*ref)[3])
{
    int n = 0;
    for (int k = 0; k < NATOMS; k++)
        for (int i = 0; i < 3; i++)
            n += !(ours[k][i] == ref[k][i]);
    return n;
}

/* A step's forces and torques of both kinds into the comparison. */
static inline void compare_step(compare *c, const frame *fr, double (*f)[3], double (*t)[3])
{
    c->kernel = fmax(c->kernel, fmax(rel_diff((const double(*)[3])f, fr->f),
                                     rel_diff((const double(*)[3])t, fr->t)));
    c->bits +=
        bits_differ((const double(*)[3])f, fr->f) + bits_differ((const double(*)[3])t, fr->t);
}

static inline void accumulate(double (*f)[3], double (*t)[3], int a, int b, const double force[3],
                              const double ta[3], const double tb[3])
{
    for (int i = 0; i < 3; i++) {
        f[a][i] += force[i];
        f[b][i] -= force[i];
        t[a][i] += ta[i];
        t[b][i] += tb[i];
    }
}

/* A contact's result into the counts of touching, sliding and sliding
 * without force. */
static inline void count_contact(compare *c, const mbc_granular_law *law,
                                 const mbc_granular_result *r)
{
    double ft = 0;
    for (int i = 0; i < 3; i++)
        ft += r->f_t[i] * r->f_t[i];
    c->contacts++;
    /* sliding: the law's limit reached (linear_nohistory: the friction is mu F_n0) */
    c->sliding += sqrt(ft) >= law->mu_t * r->fncrit * (1 - 1e-12) && ft > 0;
    c->slid_to_zero += ft == 0 && law->mu_t * r->fncrit > 0;
}

/* The hooks' forces of pair (a, b) at step s into fh, th: step 0 takes the
 * kernel's set-up record (the flag of the contact test); then
 * PostNewtonStep from the previous record, and force evaluation. */
static inline void hooks_pair(const char *name, mbc_object *o, const atom *A, int a, int b, int s,
                              const double *setup, double *data, double (*fh)[3], double (*th)[3])
{
    if (s == 0) {
        memcpy(data, setup, MBC_GRANULAR_RECORD * sizeof *data);
    } else {
        double start[MBC_GRANULAR_RECORD], next[MBC_GRANULAR_RECORD];
        memcpy(start, data, sizeof start);
        pair_state ps;
        pair_state_init(&ps, &A[a], &A[b], start, start);
        mbc_post_newton pn = {.data = next};
        mbc_error err = {0};
        if (mbc_object_post_newton_step(o, &ps.s, &pn, &err) != MBC_OK)
            fail_msg("%s: %s", name, err.message);
        memcpy(data, next, sizeof next);
    }
    pair_state ps;
    pair_state_init(&ps, &A[a], &A[b], data, data);
    mbc_forces fo;
    memset(&fo, 0, sizeof fo);
    mbc_error err = {0};
    if (mbc_object_forces(o, &ps.s, &fo, &err) != MBC_OK)
        fail_msg("%s: %s", name, err.message);
    accumulate(fh, th, a, b, fo.force[0], fo.torque[0], fo.torque[1]);
}

/* The pair law: both paths over every pair of atoms, steps 0..NSTEPS; as:
 * the switch of LAMMPS 2021's numbers (NULL: the default law). */
static inline compare compare_pairs(const char *name, const laws *L, const frame *frames,
                                    const gf_lammps2021 *as)
{
    static double rec[NATOMS][NATOMS][MBC_GRANULAR_RECORD];
    static double hook_rec[NATOMS][NATOMS][MBC_GRANULAR_RECORD];
    memset(rec, 0, sizeof rec);
    compare c = {0};
    for (int s = 0; s <= NSTEPS; s++) {
        const atom *A = frames[s].a;
        double fk[NATOMS][3] = {{0}}, tk[NATOMS][3] = {{0}};
        double fh[NATOMS][3] = {{0}}, th[NATOMS][3] = {{0}};
        c.contacts = c.sliding = c.slid_to_zero = 0;
        for (int a = 0; a < NATOMS; a++)
            for (int b = a + 1; b < NATOMS; b++) {
                const double radii[2] = {A[a].radius, A[b].radius};
                const double masses[2] = {A[a].mass, A[b].mass};
                mbc_object *o = gf_object_as(&L->law[A[a].type][A[b].type], radii, masses, DT, as);
                assert_non_null(o);
                mbc_granular_law law;
                mbc_contact_granular_law(o->params, &law);
                const mbc_granular_kernels k = mbc_granular_kernels_for(&law);
                const mbc_granular_sphere sa = {A[a].x, A[a].v, A[a].w, A[a].radius, A[a].mass};
                const mbc_granular_sphere sb = {A[b].x, A[b].v, A[b].w, A[b].radius, A[b].mass};
                mbc_granular_contact ct;
                mbc_granular_pair_contact(&sa, &sb, &ct);
                mbc_granular_result r;
                if (mbc_granular_evaluate(&law, k, &ct, rec[a][b], s > 0, &r)) {
                    double ta[3], tb[3];
                    mbc_granular_total_torques(&r, ta, tb);
                    accumulate(fk, tk, a, b, r.force, ta, tb);
                    count_contact(&c, &law, &r);
                }
                hooks_pair(name, o, A, a, b, s, rec[a][b], hook_rec[a][b], fh, th);
                mbc_object_destroy(o);
            }
        compare_step(&c, &frames[s], fk, tk);
        c.hooks = fmax(c.hooks, fmax(rel_diff((const double(*)[3])fh, frames[s].f),
                                     rel_diff((const double(*)[3])th, frames[s].t)));
    }
    return c;
}

/* The wall kernel over every atom, steps 0..NSTEPS (set-up without
 * update): the wall of fix wall/gran's words (geo) at each atom as
 * ml_granular_wall_atom forms it, in the atoms' order (LAMMPS's order of
 * the local atoms on one rank, without sorting); as: the switch of LAMMPS
 * 2021's numbers (NULL: the default law); resume: continue from the
 * records of the last call (a second run) instead of none. */
static inline compare compare_walls(const ml_granular_law *words, const ml_granular_wall *geo,
                                    const frame *frames, const gf_lammps2021 *as, bool resume)
{
    static double rec[NATOMS][MBC_GRANULAR_RECORD];
    if (!resume)
        memset(rec, 0, sizeof rec);
    compare c = {0};
    for (int s = 0; s <= NSTEPS; s++) {
        const atom *A = frames[s].a;
        double f[NATOMS][3] = {{0}}, t[NATOMS][3] = {{0}};
        c.contacts = c.sliding = c.slid_to_zero = 0;
        const double omega = geo->wiggle ? 2.0 * 3.14159265358979323846 / geo->period : 0.0;
        ml_granular_wall_now now = ml_granular_wall_at(geo, omega, s, DT);
        for (int k = 0; k < NATOMS; k++) {
            const double radii[2] = {A[k].radius, A[k].radius}, masses[2] = {A[k].mass, 1};
            mbc_object *o = gf_object_as(words, radii, masses, DT, as);
            assert_non_null(o);
            mbc_granular_law law;
            mbc_contact_granular_wall_law(o->params, &law);
            mbc_object_destroy(o);
            const mbc_granular_kernels kern = mbc_granular_kernels_for(&law);
            const mbc_granular_sphere sa = {A[k].x, A[k].v, A[k].w, A[k].radius, A[k].mass};
            double del[3], vwall[3], r_wall;
            if (!ml_granular_wall_atom(geo, &now, as && as->on, A[k].x, A[k].radius, del, vwall,
                                       &r_wall)) {
                memset(rec[k], 0, sizeof rec[k]);
                continue;
            }
            mbc_granular_contact ct;
            mbc_granular_wall_contact(&sa, del, vwall, r_wall, &ct);
            mbc_granular_result r;
            if (!mbc_granular_evaluate(&law, kern, &ct, rec[k], s > 0, &r))
                continue;
            double tb[3];
            mbc_granular_total_torques(&r, t[k], tb);
            for (int i = 0; i < 3; i++)
                f[k][i] = r.force[i];
            count_contact(&c, &law, &r);
        }
        compare_step(&c, &frames[s], f, t);
    }
    return c;
}

/* A wall of fix wall/gran granular's words (after granular) on the spheres
 * a: `runs` runs of lmp (lmp_runs, between[k] before the k-th), the law and
 * the wall of the words. */
static inline void run_wall(const char *name, const char *words, const atom *a, int runs,
                            const char *const *between, frame (*frames)[NSTEPS + 1],
                            ml_granular_law *law, ml_granular_wall *geo)
{
    char interaction[2048];
    snprintf(interaction, sizeof interaction, "pair_style none\nfix w all wall/gran granular %s",
             words);
    lmp_runs(name, a, 1, interaction, runs, between, frames);
    char buf[1024], *argv[64];
    mbc_error why = {0};
    const int argc = gf_split(words, buf, sizeof buf, argv);
    if (ml_granular_parse_wall(argc, argv, law, geo, &why) != MBC_OK)
        fail_msg("%s: %s", name, why.message);
}

#endif
