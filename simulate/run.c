/* SPDX-License-Identifier: BSD-3-Clause */
/* A run's state and workspace (run.h): allocated once for a numbered model,
 * with the initial state (coordinates, velocities, orientations, mass
 * diagonal). */
#include "run.h"

#include <stdlib.h>
#include <string.h>

static void state_free(sim_state *s)
{
    free(s->q);
    free(s->v);
    free(s->acc);
    free(s->a);
    free(s->z);
    free(s->data);
    free(s->data_start);
    free(s->data_last);
    free(s->rotation_ref);
    free(s->marker1);
}

static void work_free(sim_work *w, int connector_count)
{
    for (int i = 0; i < w->block_count; ++i) {
        free(w->blocks[i].dofs);
        free(w->blocks[i].map);
    }
    free(w->blocks);
    sim_matrix_free(&w->jac);
    free(w->mass_map);
    free(w->constraint_map);
    free(w->mass_diag);
    free(w->work);
    for (int i = 0; w->connectors != NULL && i < connector_count; ++i) {
        sim_connector_work *c = &w->connectors[i];
        free(c->points);
        free(c->point_velocities);
        free(c->point_forces);
        free(c->point_jacobian);
        free(c->cables);
        free(c->post_data);
    }
    free(w->connectors);
    free(w->element_force);
    free(w->sensor_values);
}

void sim_run_destroy(sim_run *r)
{
    if (r != NULL) {
        state_free(&r->state);
        work_free(&r->work, r->model->connector_count);
        free(r);
    }
}

/* 1 when every pointer is set (the allocations below, checked together). */
static int all_set(void *const *p, int count)
{
    for (int i = 0; i < count; ++i)
        if (p[i] == NULL)
            return 0;
    return 1;
}

static int alloc_state(sim_run *r)
{
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    const size_t n = (size_t)m->n + 1, nz = (size_t)m->nz + 1, nd = (size_t)m->nd + 1;
    s->q = calloc(n, sizeof *s->q);
    s->v = calloc(n, sizeof *s->v);
    s->acc = calloc(n, sizeof *s->acc);
    s->a = calloc(n, sizeof *s->a);
    s->z = calloc(nz, sizeof *s->z);
    s->data = calloc(nd, sizeof *s->data);
    s->data_start = calloc(nd, sizeof *s->data_start);
    s->data_last = calloc(nd, sizeof *s->data_last);
    s->rotation_ref = calloc(9 * (size_t)m->body_count + 1, sizeof *s->rotation_ref);
    s->marker1 = calloc((size_t)m->connector_count + 1, sizeof *s->marker1);
    void *const p[] = {s->q,          s->v,         s->acc,          s->a,      s->z, s->data,
                       s->data_start, s->data_last, s->rotation_ref, s->marker1};
    return all_set(p, (int)(sizeof p / sizeof *p));
}

static int alloc_connector_work(const sim_connector *c, sim_connector_work *w)
{
    const size_t pts = 2 * (size_t)c->point_count + 1;
    w->post_data = calloc((size_t)c->data_count + 1, sizeof *w->post_data);
    if (w->post_data == NULL)
        return 0;
    if (c->point_count > 0) {
        w->points = calloc(pts, sizeof *w->points);
        w->point_velocities = calloc(pts, sizeof *w->point_velocities);
        w->point_forces = calloc(pts, sizeof *w->point_forces);
        w->point_jacobian = calloc(8 * pts, sizeof *w->point_jacobian);
        void *const p[] = {w->points, w->point_velocities, w->point_forces, w->point_jacobian};
        if (!all_set(p, 4))
            return 0;
    }
    if (c->z_offset >= 0) {
        w->cables = calloc((size_t)c->sliding_count + 1, sizeof *w->cables);
        return w->cables != NULL;
    }
    return 1;
}

static int alloc_work(sim_run *r)
{
    const sim_model *m = r->model;
    sim_work *w = &r->work;
    const size_t N = (size_t)m->n + (size_t)m->nz;
    w->mass_diag = calloc((size_t)m->n + 1, sizeof *w->mass_diag);
    w->work = calloc(24 * N + 24, sizeof *w->work);
    w->element_force = calloc((size_t)m->element_count + 1, sizeof *w->element_force);
    w->sensor_values = calloc((size_t)m->sensor_values + 1, sizeof *w->sensor_values);
    w->connectors = calloc((size_t)m->connector_count + 1, sizeof *w->connectors);
    void *const p[] = {w->mass_diag, w->work, w->element_force, w->sensor_values, w->connectors};
    if (!all_set(p, 5))
        return 0;
    for (int i = 0; i < m->connector_count; ++i)
        if (!alloc_connector_work(&m->connectors[i], &w->connectors[i]))
            return 0;
    return 1;
}

/* Mass per coordinate of the bodies (cable nodes have their mass blocks). */
static void mass_diagonal(const sim_body *b, double *md)
{
    switch (b->kind) {
    case SIM_POINT_2D:
    case SIM_POINT_3D:
        for (int k = 0; k < b->nq; ++k)
            md[k] = b->mass;
        break;
    case SIM_RIGID_2D:
        md[0] = md[1] = b->mass;
        md[2] = b->inertia[2];
        break;
    case SIM_RIGID_3D:
        for (int k = 0; k < 3; ++k) {
            md[k] = b->mass;
            md[3 + k] = b->inertia[k];
        }
        break;
    case SIM_ALE_NODE:
        md[0] = b->mass;
        break;
    default:
        break;
    }
}

static void initial_state(sim_run *r)
{
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        for (int k = 0; k < b->nq; ++k) {
            s->q[b->offset + k] = b->q0[k];
            s->v[b->offset + k] = b->v0[k];
        }
        memcpy(s->rotation_ref + 9 * i, b->orientation, sizeof b->orientation);
        mass_diagonal(b, r->work.mass_diag + b->offset);
    }
    for (int i = 0; i < m->connector_count; ++i)
        s->marker1[i] = m->connectors[i].marker[1];
    s->t = 0.0;
    s->stats.first_unconverged_time = -1.0;
    s->stats.smallest_step = -1.0;
    s->stats.largest_step = -1.0;
}

mbc_status sim_run_create(const sim_model *m, lua_State *L, sim_run **out, mbc_error *err)
{
    *out = NULL;
    sim_run *r = calloc(1, sizeof *r);
    if (r == NULL)
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", m->scene_name);
    r->model = m;
    r->L = L;
    if (!alloc_state(r) || !alloc_work(r)) {
        sim_run_destroy(r);
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", m->scene_name);
    }
    initial_state(r);
    *out = r;
    return MBC_OK;
}
