/* SPDX-License-Identifier: BSD-3-Clause */
/* Explicit fourth-order Runge-Kutta for scenes without constraints:
 * y = (q, v), q' = v (3D rigid bodies: theta' = J_r^{-1}(theta) omega),
 * v' = M^{-1} F(q, v, t), with the data frozen during a step and the
 * discontinuous iteration (PostNewtonStep, recommended step sizes) after it,
 * as the generalized-alpha step has it (sim_discontinuous_check). */
#include "run.h"

#include "mbconnect/vec.h"

#include <math.h>
#include <string.h>

/* theta' = omega + 1/2 theta x omega + c theta x (theta x omega),
 * c = 1/phi^2 - (1 + cos phi) / (2 phi sin phi). */
static void rotvec_rate(const double th[3], const double w[3], double out[3])
{
    const double phi = mbc_norm3(th);
    const double c = phi < 1e-4 ? 1.0 / 12.0 + phi * phi / 720.0
                                : 1.0 / (phi * phi) - (1.0 + cos(phi)) / (2.0 * phi * sin(phi));
    double tw[3], ttw[3];
    mbc_cross3(th, w, tw);
    mbc_cross3(th, tw, ttw);
    for (int i = 0; i < 3; ++i)
        out[i] = w[i] + 0.5 * tw[i] + c * ttw[i];
}

/* The RK4 stage vectors (n + 1 values apart): y0, the trial yt, k1..k4. */
typedef struct rk4_vectors {
    double *y0, *yt, *k[4];
} rk4_vectors;

static rk4_vectors vectors(const sim_run *r)
{
    const size_t N = (size_t)r->model->n + 1;
    rk4_vectors g;
    g.y0 = r->work.work + 6 * N;
    g.yt = g.y0 + 2 * N;
    for (int s = 0; s < 4; ++s)
        g.k[s] = g.y0 + (4 + 2 * (size_t)s) * N;
    return g;
}

static mbc_status rhs(sim_run *r, const double *y, double t, double *yd, mbc_error *err)
{
    const sim_model *m = r->model;
    const int n = m->n;
    memcpy(yd, y + n, (size_t)n * sizeof *yd);
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_RIGID_3D)
            rotvec_rate(y + b->offset + 3, y + n + b->offset + 3, yd + b->offset + 3);
    }
    const mbc_status st = sim_forces(r, y, y + n, t, yd + n, err);
    if (st != MBC_OK)
        return st;
    if (sim_matrix_solve(&r->work.jac, yd + n) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE, "%s: RK4: singular mass matrix", m->scene_name);
    return MBC_OK;
}

/* 1 when coordinate i belongs to a cable node (mass from the element blocks). */
static int cable_coordinate(const sim_model *m, int i)
{
    for (int b = 0; b < m->body_count; ++b) {
        const sim_body *bd = &m->bodies[b];
        if (bd->kind == SIM_CABLE_NODE && i >= bd->offset && i < bd->offset + bd->nq)
            return 1;
    }
    return 0;
}

mbc_status sim_rk4_init(sim_run *r, mbc_error *err)
{
    const sim_model *m = r->model;
    if (m->nz > 0) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: solver.method = \"RK4\" is for scenes without constraints (this one "
                        "has %d Lagrange multipliers)",
                        m->scene_name, m->nz);
    }
    for (int i = 0; i < m->n; ++i) {
        if (r->work.mass_diag[i] <= 0.0 && !cable_coordinate(m, i)) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: solver.method = \"RK4\" needs a positive mass for every "
                            "coordinate (coordinate %d has none)",
                            m->scene_name, i);
        }
    }
    /* the mass matrix is constant: factorized once, before the first step */
    mbc_status st = sim_mass_matrix(r, r->state.q, 0, err);
    if (st != MBC_OK)
        return st;
    st = sim_matrix_factor(&r->work.jac);
    if (st == MBC_ERR_NOMEM)
        return mbc_fail(err, st, "%s: out of memory", m->scene_name);
    if (st != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE, "%s: RK4: singular mass matrix", m->scene_name);
    return MBC_OK;
}

/* yt = y0 + h (k1 + 2 k2 + 2 k3 + k4) / 6 from y0 = (q, v). */
static mbc_status rk4_solve(sim_run *r, double h, const rk4_vectors *g, mbc_error *err)
{
    const int n = r->model->n, ny = 2 * n;
    const double t = r->state.t;
    memcpy(g->y0, r->state.q, (size_t)n * sizeof *g->y0);
    memcpy(g->y0 + n, r->state.v, (size_t)n * sizeof *g->y0);
    const double c[3] = {0.5, 0.5, 1.0};
    mbc_status st = rhs(r, g->y0, t, g->k[0], err);
    for (int s = 1; st == MBC_OK && s < 4; ++s) {
        for (int i = 0; i < ny; ++i)
            g->yt[i] = g->y0[i] + c[s - 1] * h * g->k[s - 1][i];
        st = rhs(r, g->yt, t + c[s - 1] * h, g->k[s], err);
    }
    for (int i = 0; st == MBC_OK && i < ny; ++i) {
        g->yt[i] =
            g->y0[i] + h / 6.0 * (g->k[0][i] + 2.0 * g->k[1][i] + 2.0 * g->k[2][i] + g->k[3][i]);
    }
    return st;
}

mbc_status sim_rk4_attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err)
{
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    const rk4_vectors g = vectors(r);
    const int n = m->n;
    sim_attempt_begin(r, out);
    for (int it = 1, done = 0; !done; ++it) {
        s->stats.discontinuous_iterations++;
        mbc_status st = rk4_solve(r, h, &g, err);
        if (st == MBC_OK)
            st = sim_discontinuous_check(r, h, it, g.yt, g.yt + n, s->z, out, &done, err);
        if (st != MBC_OK)
            return st;
    }
    for (int i = 0; i < 2 * n; ++i) {
        if (!isfinite(g.yt[i])) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: RK4: the state is not finite at t = %.17g (step %g too large?)",
                            m->scene_name, s->t + h, h);
        }
    }
    return MBC_OK;
}

void sim_rk4_commit(sim_run *r, double h)
{
    const rk4_vectors g = vectors(r);
    const size_t n = (size_t)r->model->n;
    memcpy(r->state.q, g.yt, n * sizeof *r->state.q);
    memcpy(r->state.v, g.yt + n, n * sizeof *r->state.v);
    sim_step_accepted(r, h);
}
