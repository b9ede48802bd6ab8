/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy balance of one collision of two spheres, run as a particle
 * engine runs it (LAMMPS's velocity Verlet through mbc_pair_eval, the law's
 * PostNewtonStep at each step), for the convergence tests of the energy
 * books (tests/energy/): kinetic + rotational energy + the law's
 * StoredEnergy + the time integral of its DissipatedPower (advanced by
 * power * h in every step, as mbc-lammps does) must stay at its initial
 * value; the largest departure over the run, at h, h/2 and h/4, shrinks at
 * least at first order. Test-only; not part of the library. */
#ifndef MBC_TESTS_ENERGY_BALANCE_H
#define MBC_TESTS_ENERGY_BALANCE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#include "mbconnect/object.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/params.h"

/* One parameter of a case: a number, an array of two, or a choice's name. */
typedef struct eb_param {
    const char *name;
    double value[2];
    int count; /* 1 or 2 numbers; 0: `choice` */
    const char *choice;
} eb_param;

#define EB_NUM(n, v)                                                                               \
    {                                                                                              \
        (n), {(v), 0.0}, 1, NULL                                                                   \
    }
#define EB_PAIR(n, a, b)                                                                           \
    {                                                                                              \
        (n), {(a), (b)}, 2, NULL                                                                   \
    }
#define EB_CHOICE(n, s)                                                                            \
    {                                                                                              \
        (n), {0.0, 0.0}, 0, (s)                                                                    \
    }
#define EB_MAX_PARAMS 24

/* One collision: the law, the spheres' radii and masses, and the initial
 * relative motion (sphere b at rest at the origin, sphere a approaching
 * along -x with a tangential velocity and spins). */
typedef struct eb_case {
    const char *name;
    const char *type;
    eb_param params[EB_MAX_PARAMS];
    size_t stored, power; /* the indices of StoredEnergy and DissipatedPower */
    double r[2], m[2];
    double v0[3];    /* velocity of a (m/s) */
    double w0[2][3]; /* angular velocities (rad/s) */
    double gap0;     /* initial gap (m) */
    double duration; /* s */
    double h;        /* the largest step (s) */
} eb_case;

/* The run's results: the largest |balance - initial| (J), the initial
 * energy, what was dissipated at the end, the steps in contact. */
typedef struct eb_result {
    double error, initial, dissipated, stored_max;
    long contact_steps;
} eb_result;

static mbc_object *eb_law(const eb_case *c)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create(c->type, &err);
    if (o == NULL)
        print_error("%s: %s\n", c->name, err.message);
    assert_non_null(o);
    for (size_t i = 0; i < EB_MAX_PARAMS && c->params[i].name != NULL; i++) {
        const eb_param *p = &c->params[i];
        mbc_status st;
        if (p->count == 0)
            st = mbc_object_set_string(o, p->name, p->choice, &err);
        else if (p->count == 1)
            st = mbc_object_set(o, p->name, p->value[0], &err);
        else
            st = mbc_object_set_array(o, p->name, p->value, 2, &err);
        if (st != MBC_OK)
            print_error("%s: %s\n", c->name, err.message);
        assert_int_equal(st, MBC_OK);
    }
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    const mbc_status st = mbc_object_initialize(o, &err, 1, &violations);
    if (st != MBC_OK)
        print_error("%s: %s\n", c->name, err.message);
    assert_int_equal(st, MBC_OK);
    return o;
}

typedef struct eb_state {
    double x[2][3], v[2][3], w[2][3], r[2], m[2], f[2][3], t[2][3];
    double rec[64];
    mbc_pair pair;
    int in_contact;
} eb_state;

static double eb_kinetic(const eb_state *s)
{
    double e = 0.0;
    for (int a = 0; a < 2; a++) {
        const double inertia = 0.4 * s->m[a] * s->r[a] * s->r[a];
        for (int i = 0; i < 3; i++)
            e += 0.5 * s->m[a] * s->v[a][i] * s->v[a][i] + 0.5 * inertia * s->w[a][i] * s->w[a][i];
    }
    return e;
}

/* The forces at the current positions and (half-step) velocities, with the
 * law's step when `step`; the law's stored energy and dissipated power. */
static void eb_forces(mbc_object *o, const eb_case *c, eb_state *s, double h, int step,
                      double *stored, double *power)
{
    memset(s->f, 0, sizeof s->f);
    memset(s->t, 0, sizeof s->t);
    *stored = *power = 0.0;
    double d2 = 0.0;
    for (int i = 0; i < 3; i++)
        d2 += (s->x[1][i] - s->x[0][i]) * (s->x[1][i] - s->x[0][i]);
    const double radsum = s->r[0] + s->r[1];
    const double reach = mbc_pair_eval_reach(o, s->r[0], s->r[1]);
    if (!s->in_contact && !(d2 < radsum * radsum))
        return;
    if (s->in_contact && !(sqrt(d2) < radsum + reach)) {
        s->in_contact = 0;
        return;
    }
    if (!s->in_contact) {
        mbc_initial_data(o->type, o->params, s->rec);
        s->in_contact = 1;
    }
    const mbc_pair_atoms at = {.position = (const double(*)[3])s->x,
                               .velocity = (const double(*)[3])s->v,
                               .angular_velocity = (const double(*)[3])s->w,
                               .radius = s->r,
                               .mass = s->m,
                               .force = s->f,
                               .torque = s->t,
                               .owned = 2};
    s->pair.atom[0] = 0;
    s->pair.atom[1] = 1;
    s->pair.data = s->rec;
    unsigned char contact = 1;
    const mbc_pair_call call = {&at, &s->pair, 1, step ? MBC_PAIR_POST_NEWTON : MBC_PAIR_SETUP,
                                h,   &contact};
    const size_t outs[2] = {c->stored, c->power};
    double sums_out[2] = {0.0, 0.0};
    mbc_pair_sums sums = {0};
    sums.outputs = outs;
    sums.output_count = 2;
    sums.output_sums = sums_out;
    mbc_error err = {0};
    const mbc_status st = mbc_pair_eval(o, &call, &sums, &err);
    if (st != MBC_OK)
        print_error("%s: %s\n", c->name, err.message);
    assert_int_equal(st, MBC_OK);
    *stored = sums_out[0];
    *power = sums_out[1];
    if (!contact)
        s->in_contact = 0;
}

/* One run of case c with step h (LAMMPS's velocity Verlet: the half kick,
 * the drift, the forces with the half-step velocities, the half kick). */
static eb_result eb_run(const eb_case *c, double h)
{
    mbc_object *o = eb_law(c);
    eb_state s;
    memset(&s, 0, sizeof s);
    for (int a = 0; a < 2; a++) {
        s.r[a] = c->r[a];
        s.m[a] = c->m[a];
        for (int i = 0; i < 3; i++)
            s.w[a][i] = c->w0[a][i];
    }
    s.x[0][0] = c->r[0] + c->r[1] + c->gap0;
    for (int i = 0; i < 3; i++)
        s.v[0][i] = c->v0[i];
    double stored, power;
    eb_forces(o, c, &s, h, 0, &stored, &power);
    eb_result res = {0};
    res.initial = eb_kinetic(&s) + stored;
    double dissipated = 0.0;
    const long steps = lround(c->duration / h);
    for (long n = 0; n < steps; n++) {
        for (int a = 0; a < 2; a++) {
            const double inertia = 0.4 * s.m[a] * s.r[a] * s.r[a];
            for (int i = 0; i < 3; i++) {
                s.v[a][i] += 0.5 * h * s.f[a][i] / s.m[a];
                s.w[a][i] += 0.5 * h * s.t[a][i] / inertia;
                s.x[a][i] += h * s.v[a][i];
            }
        }
        eb_forces(o, c, &s, h, 1, &stored, &power);
        dissipated += power * h;
        for (int a = 0; a < 2; a++) {
            const double inertia = 0.4 * s.m[a] * s.r[a] * s.r[a];
            for (int i = 0; i < 3; i++) {
                s.v[a][i] += 0.5 * h * s.f[a][i] / s.m[a];
                s.w[a][i] += 0.5 * h * s.t[a][i] / inertia;
            }
        }
        res.contact_steps += s.in_contact;
        res.stored_max = fmax(res.stored_max, fabs(stored));
        const double balance = eb_kinetic(&s) + stored + dissipated;
        ASSERT_FINITE(balance);
        res.error = fmax(res.error, fabs(balance - res.initial));
    }
    res.dissipated = dissipated;
    mbc_object_destroy(o);
    return res;
}

/* Runs c at h, h/2 and h/4, prints one line per step (the docs' table:
 * case, h, error, error/initial, ratio to the next), and asserts that the
 * collision happened, that every error is below max_rel of the initial
 * energy, that each halving of h shrinks the error (by at least 1.1: an
 * event, a branch switch, can take a step more or less) and that the
 * observed order log2(e(h)/e(h/4))/2 is at least min_order. Returns that
 * order. With MBC_ENERGY_MEASURE set in
 * the environment it prints and asserts nothing (docs/figures-src's table). */
static double eb_converges(const eb_case *c, double max_rel, double min_order)
{
    eb_result r[3];
    for (int k = 0; k < 3; k++)
        r[k] = eb_run(c, c->h / (1 << k));
    const double order = log2(r[0].error / r[2].error) / 2.0;
    for (int k = 0; k < 3; k++) {
        printf("balance %-28s h %.4g s  error %.4e J  rel %.3e  dissipated %.3e  contact %ld "
               "steps%s",
               c->name, c->h / (1 << k), r[k].error, r[k].error / r[k].initial,
               r[k].dissipated / r[k].initial, r[k].contact_steps, k < 2 ? "" : "");
        if (k < 2)
            printf("  ratio %.3f\n", r[k].error / r[k + 1].error);
        else
            printf("  order %.2f\n", order);
    }
    if (getenv("MBC_ENERGY_MEASURE") != NULL) /* the docs' table: print only */
        return order;
    for (int k = 0; k < 3; k++) {
        if (r[k].contact_steps < 10) {
            print_error("%s: %ld steps in contact\n", c->name, r[k].contact_steps);
            fail();
        }
        if (!(r[k].error <= max_rel * r[k].initial)) {
            print_error("%s: h %g: error %g J > %g of the initial %g J\n", c->name, c->h / (1 << k),
                        r[k].error, max_rel, r[k].initial);
            fail();
        }
    }
    for (int k = 0; k < 2; k++) {
        const double ratio = r[k].error / r[k + 1].error;
        if (!(ratio >= 1.1)) {
            print_error("%s: error ratio %g from h %g to h/2 < 1.1 (errors %g, %g J)\n", c->name,
                        ratio, c->h / (1 << k), r[k].error, r[k + 1].error);
            fail();
        }
    }
    if (!(order >= min_order)) {
        print_error("%s: observed order %g < %g\n", c->name, order, min_order);
        fail();
    }
    return order;
}

#endif /* MBC_TESTS_ENERGY_BALANCE_H */
