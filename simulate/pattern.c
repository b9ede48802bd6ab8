/* SPDX-License-Identifier: BSD-3-Clause */
/* The force blocks of a run and the sparsity pattern of its Newton matrix
 * (run.h): one dense block per dynamic cable element, spring, 3D body
 * (gyroscopic terms) and connector with forces; then the diagonal, the cable
 * mass blocks, the blocks and the constraint entries, built once (sparse.h)
 * so that stepping only writes values. */
#include "run.h"

#include <stdlib.h>
#include <string.h>

static int add_dof(int *dofs, int count, int dof)
{
    if (dof < 0)
        return count;
    for (int i = 0; i < count; ++i)
        if (dofs[i] == dof)
            return count;
    dofs[count] = dof;
    return count + 1;
}

/* Coordinates a marker's kinematics depend on (at most 8 per marker). */
static int marker_dofs(const sim_run *r, int marker, int *dofs, int count)
{
    const sim_model *m = r->model;
    const sim_marker *mk = &m->markers[marker];
    switch (mk->kind) {
    case SIM_MARKER_BODY: {
        const sim_body *b = &m->bodies[mk->body];
        for (int k = 0; k < b->nq; ++k)
            count = add_dof(dofs, count, b->offset + k);
        break;
    }
    case SIM_MARKER_COORDINATE:
        count = add_dof(dofs, count, sim_marker_dof(r, marker));
        break;
    case SIM_MARKER_CABLE_SHAPE:
    case SIM_MARKER_CABLE_COORDINATES: {
        const sim_cable *c = &m->cables[mk->cable];
        for (int j = 0; j < 2 && c->node[0] >= 0; ++j)
            for (int k = 0; k < 4; ++k)
                count = add_dof(dofs, count, m->bodies[c->node[j]].offset + k);
        break;
    }
    }
    return count;
}

/* Appends a block over ndof coordinates (none when ndof is 0). The caller
 * sized r->work.blocks for every block. */
static mbc_status new_block(sim_run *r, sim_block_kind kind, int index, const int *dofs, int ndof,
                            mbc_error *err)
{
    if (ndof == 0)
        return MBC_OK;
    sim_block *b = &r->work.blocks[r->work.block_count++];
    b->kind = kind;
    b->index = index;
    b->ndof = ndof;
    b->dofs = malloc((size_t)ndof * sizeof *b->dofs);
    b->map = malloc((size_t)ndof * (size_t)ndof * sizeof *b->map);
    if (b->dofs == NULL || b->map == NULL)
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", r->model->scene_name);
    memcpy(b->dofs, dofs, (size_t)ndof * sizeof *dofs);
    return MBC_OK;
}

/* Blocks over the markers of an element or connector. */
static mbc_status marker_block(sim_run *r, sim_block_kind kind, int index, const int marker[2],
                               mbc_error *err)
{
    int dofs[16];
    int count = 0;
    for (int k = 0; k < 2; ++k)
        if (marker[k] >= 0)
            count = marker_dofs(r, marker[k], dofs, count);
    return new_block(r, kind, index, dofs, count, err);
}

/* Blocks in the order forces are summed: cables, springs, 3D gyroscopic
 * terms, connectors. */
static mbc_status build_blocks(sim_run *r, mbc_error *err)
{
    const sim_model *m = r->model;
    const int most = m->cable_count + m->element_count + m->body_count + m->connector_count;
    r->work.blocks = calloc((size_t)most + 1, sizeof *r->work.blocks);
    if (r->work.blocks == NULL)
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", m->scene_name);
    mbc_status st = MBC_OK;
    for (int k = 0; st == MBC_OK && k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] >= 0) {
            int dofs[8];
            for (int j = 0; j < 2; ++j)
                for (int i = 0; i < 4; ++i)
                    dofs[4 * j + i] = m->bodies[c->node[j]].offset + i;
            st = new_block(r, SIM_BLOCK_CABLE, k, dofs, 8, err);
        }
    }
    for (int i = 0; st == MBC_OK && i < m->element_count; ++i) {
        const sim_element *el = &m->elements[i];
        if (el->kind == SIM_SPRING_DAMPER || el->kind == SIM_COORDINATE_SPRING)
            st = marker_block(r, SIM_BLOCK_ELEMENT, i, el->marker, err);
    }
    for (int i = 0; st == MBC_OK && i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_RIGID_3D) {
            const int dofs[3] = {b->offset + 3, b->offset + 4, b->offset + 5};
            st = new_block(r, SIM_BLOCK_GYRO, i, dofs, 3, err);
        }
    }
    for (int i = 0; st == MBC_OK && i < m->connector_count; ++i)
        if (m->connectors[i].object->type->forces != NULL)
            st = marker_block(r, SIM_BLOCK_CONNECTOR, i, m->connectors[i].marker, err);
    return st;
}

/* The (row, column) pairs of the blocks, then of the constraints. */
static void pattern_pairs(const sim_run *r, int *rows, int *cols, size_t *blocks_end)
{
    size_t p = 0;
    for (int i = 0; i < r->work.block_count; ++i) {
        const sim_block *b = &r->work.blocks[i];
        for (int row = 0; row < b->ndof; ++row) {
            for (int c = 0; c < b->ndof; ++c) {
                rows[p] = b->dofs[row];
                cols[p++] = b->dofs[c];
            }
        }
    }
    *blocks_end = p;
    sim_constraint_pattern(r, rows + p, cols + p);
}

/* Where each block entry, constraint entry and cable mass entry sits. */
static void pattern_maps(sim_run *r, const int *rows, const int *cols, size_t constraints_at,
                         int ncon)
{
    const sim_model *m = r->model;
    sim_work *w = &r->work;
    for (int i = 0; i < ncon; ++i) {
        w->constraint_map[i] = sim_matrix_find(&w->jac, rows[constraints_at + (size_t)i],
                                               cols[constraints_at + (size_t)i]);
    }
    for (int i = 0; i < w->block_count; ++i) {
        sim_block *b = &w->blocks[i];
        for (int row = 0; row < b->ndof; ++row)
            for (int c = 0; c < b->ndof; ++c)
                b->map[row * b->ndof + c] = sim_matrix_find(&w->jac, b->dofs[row], b->dofs[c]);
    }
    int mp = 0;
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0)
            continue;
        for (int row = 0; row < 8; ++row) {
            for (int s = 0; s < 8; ++s) {
                const int dr = m->bodies[c->node[row / 4]].offset + row % 4;
                const int ds = m->bodies[c->node[s / 4]].offset + s % 4;
                w->mass_map[mp++] = sim_matrix_find(&w->jac, dr, ds);
            }
        }
    }
}

mbc_status sim_pattern_build(sim_run *r, mbc_error *err)
{
    const sim_model *m = r->model;
    sim_work *w = &r->work;
    mbc_status st = build_blocks(r, err);
    if (st != MBC_OK)
        return st;
    size_t pairs = 0;
    for (int i = 0; i < w->block_count; ++i)
        pairs += (size_t)w->blocks[i].ndof * (size_t)w->blocks[i].ndof;
    const int ncon = sim_constraint_pattern(r, NULL, NULL);
    pairs += (size_t)ncon;
    int *rows = malloc((pairs + 1) * sizeof *rows), *cols = malloc((pairs + 1) * sizeof *cols);
    w->constraint_map = malloc(((size_t)ncon + 1) * sizeof *w->constraint_map);
    w->mass_map = malloc(((size_t)m->cable_count * 64 + 1) * sizeof *w->mass_map);
    if (rows == NULL || cols == NULL || w->constraint_map == NULL || w->mass_map == NULL) {
        free(rows);
        free(cols);
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", m->scene_name);
    }
    size_t constraints_at = 0;
    pattern_pairs(r, rows, cols, &constraints_at);
    st = sim_matrix_build(&w->jac, m->n + m->nz, rows, cols, pairs, m->settings.linear);
    if (st == MBC_OK)
        pattern_maps(r, rows, cols, constraints_at, ncon);
    else
        mbc_fail(err, st, "%s: out of memory", m->scene_name);
    free(rows);
    free(cols);
    return st;
}
