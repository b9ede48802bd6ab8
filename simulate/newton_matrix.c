/* SPDX-License-Identifier: BSD-3-Clause */
/* The Newton matrix and residual of an implicit step (run.h):
 *   R = M acc - F(q, v, t) + C_q^T z,   C(q, z) / beta_h2,
 *   dR/dacc = M - beta_h2 dF/dq - gamma_h dF/dv (+ constraint blocks),
 * with the constant mass matrix (bodies: diagonal, cables: 8x8 blocks) and
 * dF/dq, dF/dv by forward differences over each force block. */
#include "run.h"

#include <math.h>
#include <string.h>

void sim_mass_times(const sim_run *r, const double *x, double *y)
{
    const sim_model *m = r->model;
    for (int i = 0; i < m->n; ++i)
        y[i] = r->work.mass_diag[i] * x[i];
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0)
            continue;
        int dofs[8];
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 4; ++i)
                dofs[4 * j + i] = m->bodies[c->node[j]].offset + i;
        for (int row = 0; row < 8; ++row) {
            double acc = 0.0;
            for (int s = 0; s < 8; ++s)
                acc += c->mass[row * 8 + s] * x[dofs[s]];
            y[dofs[row]] += acc;
        }
    }
}

static void fill_mass(sim_run *r)
{
    const sim_model *m = r->model;
    sim_matrix *jac = &r->work.jac;
    for (int i = 0; i < m->n; ++i)
        jac->values[sim_matrix_find(jac, i, i)] += r->work.mass_diag[i];
    int p = 0;
    for (int k = 0; k < m->cable_count; ++k) {
        if (m->cables[k].node[0] < 0)
            continue;
        for (int e = 0; e < 64; ++e)
            jac->values[r->work.mass_map[p++]] += m->cables[k].mass[e];
    }
}

mbc_status sim_residual(sim_run *r, const double *q, const double *v, const double *acc,
                        const double *z, double t, double beta_h2, double *R, mbc_error *err)
{
    double *F = r->work.work;
    const mbc_status st = sim_forces(r, q, v, t, F, err);
    if (st != MBC_OK)
        return st;
    sim_mass_times(r, acc, R);
    for (int i = 0; i < r->model->n; ++i)
        R[i] -= F[i];
    return sim_constraints(r, q, v, z, t, beta_h2, R, 0, err);
}

mbc_status sim_mass_matrix(sim_run *r, const double *q, int with_constraints, mbc_error *err)
{
    sim_matrix_zero(&r->work.jac);
    fill_mass(r);
    if (with_constraints && r->model->nz > 0)
        return sim_constraints(r, q, r->state.v, r->state.z, r->state.t, 1.0, NULL, 1, err);
    /* multipliers without constraint rows would be singular: never the case */
    return MBC_OK;
}

/* -(beta_h2 dF/dq + gamma_h dF/dv) of one force block by forward differences
 * at (qp, vp), added to the matrix; F0 and F1 are scratch vectors. */
static mbc_status block_jacobian(sim_run *r, const sim_block *b, double *qp, double *vp, double t,
                                 double beta_h2, double gamma_h, double *F0, double *F1,
                                 mbc_error *err)
{
    for (int k = 0; k < b->ndof; ++k)
        F0[b->dofs[k]] = 0.0;
    mbc_status st = sim_block_forces(r, b, qp, vp, t, F0, err);
    if (st != MBC_OK)
        return st;
    for (int j = 0; j < b->ndof; ++j) {
        const int dj = b->dofs[j];
        for (int pass = 0; pass < 2; ++pass) {
            double *x = pass == 0 ? qp : vp;
            const double scale = pass == 0 ? beta_h2 : gamma_h;
            const double xj = x[dj];
            const double dx = 1e-7 * (1.0 + fabs(xj));
            for (int k = 0; k < b->ndof; ++k)
                F1[b->dofs[k]] = 0.0;
            x[dj] = xj + dx;
            st = sim_block_forces(r, b, qp, vp, t, F1, err);
            x[dj] = xj;
            if (st != MBC_OK)
                return st;
            for (int i = 0; i < b->ndof; ++i) {
                const int di = b->dofs[i];
                r->work.jac.values[b->map[i * b->ndof + j]] -= scale * (F1[di] - F0[di]) / dx;
            }
        }
    }
    return MBC_OK;
}

mbc_status sim_jacobian(sim_run *r, const double *q, const double *v, const double *z, double t,
                        double beta_h2, double gamma_h, mbc_error *err)
{
    const int n = r->model->n;
    double *w = r->work.work;
    double *qp = w + n, *vp = w + 2 * n, *F0 = w + 3 * n, *F1 = w + 4 * n;
    memcpy(qp, q, (size_t)n * sizeof *qp);
    memcpy(vp, v, (size_t)n * sizeof *vp);
    sim_matrix_zero(&r->work.jac);
    fill_mass(r);
    for (int bi = 0; bi < r->work.block_count; ++bi) {
        const mbc_status st =
            block_jacobian(r, &r->work.blocks[bi], qp, vp, t, beta_h2, gamma_h, F0, F1, err);
        if (st != MBC_OK)
            return st;
    }
    /* re-evaluate at the base point so element diagnostics (forces) are current */
    if (r->model->nz > 0) {
        const mbc_status st = sim_constraints(r, q, v, z, t, beta_h2, NULL, 1, err);
        if (st != MBC_OK)
            return st;
    }
    r->state.stats.jacobians++;
    return MBC_OK;
}
