/* SPDX-License-Identifier: BSD-3-Clause */
/* Constraints of a run (run.h): coordinate constraints
 * qA - factor qB - offset(t) = 0 and the algebraic equations of connectors
 * such as the ALE joint (mbc_object_algebraic_equations), each with its
 * Lagrange multipliers; residual rows C / beta_h2 and the entries of the
 * Newton matrix, in one fixed order shared with the pattern. */
#include "run.h"

#include "mbconnect/evaluate.h"

/* Coordinate constraint i: multiplier row n + z_offset. */
static mbc_status coordinate_constraint(sim_run *r, int i, const double *q, const double *z,
                                        double t, double beta_h2, double *R, int fill, int *p,
                                        mbc_error *err)
{
    const sim_element *el = &r->model->elements[i];
    const int n = r->model->n;
    double *val = r->work.jac.values;
    const int *map = r->work.constraint_map;
    const int a = sim_marker_dof(r, el->marker[0]);
    const int b = el->marker[1] >= 0 ? sim_marker_dof(r, el->marker[1]) : -1;
    double offset = el->offset;
    if (el->function != LUA_NOREF) {
        const mbc_status st = sim_call(r, el->function, &t, 1, &offset, 1, "the offset function",
                                       el->name, el->line, err);
        if (st != MBC_OK)
            return st;
    }
    const int row = el->z_offset;
    const double lam = z[row];
    r->work.element_force[i] = lam;
    if (R != NULL) {
        const double C = (a >= 0 ? q[a] : 0.0) - el->factor * (b >= 0 ? q[b] : 0.0) - offset;
        R[n + row] = C / beta_h2;
        if (a >= 0)
            R[a] += lam;
        if (b >= 0)
            R[b] -= el->factor * lam;
    }
    if (fill) {
        if (a >= 0) {
            val[map[(*p)++]] += 1.0; /* (n + row, a) */
            val[map[(*p)++]] += 1.0; /* (a, n + row) */
        }
        if (b >= 0) {
            val[map[(*p)++]] -= el->factor;
            val[map[(*p)++]] -= el->factor;
        }
    }
    return MBC_OK;
}

/* Algebraic equations of connector i: two rows n + z_offset + {0, 1}. */
static mbc_status connector_constraint(sim_run *r, int i, const double *q, const double *v,
                                       const double *z, double t, double beta_h2, double *R,
                                       int fill, int *p, mbc_error *err)
{
    const sim_model *m = r->model;
    const sim_connector *c = &m->connectors[i];
    double *val = r->work.jac.values;
    const int *map = r->work.constraint_map;
    sim_connector_eval e;
    sim_connector_state(r, i, q, v, z, &e);
    mbc_algebraic alg;
    mbc_error lib;
    const mbc_status st = mbc_object_algebraic_equations(c->object, &e.state, &alg, &lib);
    if (st != MBC_OK) {
        return mbc_fail(err, st, "%s:%d: connectors.%s at t = %g: %s", m->scene_name, c->line,
                        c->name, t, lib.message);
    }
    const sim_body *b0 = &m->bodies[m->markers[c->marker[0]].body];
    const sim_body *ale = &m->bodies[c->ale_body];
    const int nt = sim_body_translations(b0);
    for (int k = 0; k < 2; ++k) {
        const int row = m->n + c->z_offset + k;
        if (R != NULL) {
            R[row] = alg.position[k] / beta_h2;
            for (int j = 0; j < nt; ++j)
                R[b0->offset + j] += alg.d_marker0[3 * k + j] * z[c->z_offset + k];
            R[ale->offset] += alg.d_ale[k] * z[c->z_offset + k];
        }
        if (fill) {
            for (int j = 0; j < nt; ++j) {
                val[map[(*p)++]] += alg.d_marker0[3 * k + j];
                val[map[(*p)++]] += alg.d_marker0[3 * k + j];
            }
            val[map[(*p)++]] += alg.d_ale[k];
            val[map[(*p)++]] += alg.d_ale[k];
            for (int j = 0; j < 2; ++j)
                val[map[(*p)++]] += alg.d_lagrange[2 * k + j] / beta_h2;
        }
    }
    return MBC_OK;
}

mbc_status sim_constraints(sim_run *r, const double *q, const double *v, const double *z, double t,
                           double beta_h2, double *R, int fill, mbc_error *err)
{
    const sim_model *m = r->model;
    int p = 0; /* running index into constraint_map (same order as the pattern) */
    for (int i = 0; i < m->element_count; ++i) {
        if (m->elements[i].kind == SIM_COORDINATE_CONSTRAINT) {
            const mbc_status st = coordinate_constraint(r, i, q, z, t, beta_h2, R, fill, &p, err);
            if (st != MBC_OK)
                return st;
        }
    }
    for (int i = 0; i < m->connector_count; ++i) {
        if (m->connectors[i].z_offset >= 0) {
            const mbc_status st = connector_constraint(r, i, q, v, z, t, beta_h2, R, fill, &p, err);
            if (st != MBC_OK)
                return st;
        }
    }
    return MBC_OK;
}

/* Appends the pair (row, col) when rows is not NULL; counts it always. */
static void pair(int *rows, int *cols, int *p, int row, int col)
{
    if (rows != NULL) {
        rows[*p] = row;
        cols[*p] = col;
    }
    ++*p;
}

int sim_constraint_pattern(const sim_run *r, int *rows, int *cols)
{
    const sim_model *m = r->model;
    const int n = m->n;
    int p = 0;
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element *el = &m->elements[i];
        if (el->kind != SIM_COORDINATE_CONSTRAINT)
            continue;
        const int a = sim_marker_dof(r, el->marker[0]);
        const int b = el->marker[1] >= 0 ? sim_marker_dof(r, el->marker[1]) : -1;
        if (a >= 0) {
            pair(rows, cols, &p, n + el->z_offset, a);
            pair(rows, cols, &p, a, n + el->z_offset);
        }
        if (b >= 0) {
            pair(rows, cols, &p, n + el->z_offset, b);
            pair(rows, cols, &p, b, n + el->z_offset);
        }
    }
    for (int i = 0; i < m->connector_count; ++i) {
        const sim_connector *c = &m->connectors[i];
        if (c->z_offset < 0)
            continue;
        const sim_body *b0 = &m->bodies[m->markers[c->marker[0]].body];
        const int nt = sim_body_translations(b0);
        const int ale = m->bodies[c->ale_body].offset;
        for (int k = 0; k < 2; ++k) {
            const int row = n + c->z_offset + k;
            for (int j = 0; j < nt; ++j) {
                pair(rows, cols, &p, row, b0->offset + j);
                pair(rows, cols, &p, b0->offset + j, row);
            }
            pair(rows, cols, &p, row, ale);
            pair(rows, cols, &p, ale, row);
            for (int j = 0; j < 2; ++j)
                pair(rows, cols, &p, row, n + c->z_offset + j);
        }
    }
    return p;
}
