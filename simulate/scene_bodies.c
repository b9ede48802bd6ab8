/* SPDX-License-Identifier: BSD-3-Clause */
/* Bodies of a scene file (docs/simulate.rst "Bodies"): ground, mass points,
 * rigid bodies, ALE nodes and ANCF Cable2D cables (nodes and elements). */
#include "scene_reader.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A straight cable: `from`, `to` and `elements`. */
static mbc_status straight_cable(scene_ctx *c, double **nodes, int *ne)
{
    double from[2], to[2];
    int count = 0;
    const unsigned req = MBC_READER_REQUIRED | MBC_READER_FINITE;
    if (mbc_reader_numbers(&c->r, &c->item, "from", req, 2, from) ||
        mbc_reader_numbers(&c->r, &c->item, "to", req, 2, to) ||
        scene_index(c, "elements", MBC_READER_REQUIRED, 1, 100000, &count))
        return scene_status(c);
    const double dx = to[0] - from[0], dy = to[1] - from[1], len = hypot(dx, dy);
    if (len <= 0.0)
        return scene_fail(c, "to", "must differ from 'from' (the cable has length 0)");
    double *p = *nodes = scene_scratch(c, 0, 4 * ((size_t)count + 1));
    if (p == NULL)
        return scene_nomem(c);
    *ne = count;
    for (int i = 0; i <= count; ++i) {
        p[4 * i] = from[0] + dx * i / count;
        p[4 * i + 1] = from[1] + dy * i / count;
        p[4 * i + 2] = dx / len;
        p[4 * i + 3] = dy / len;
    }
    return MBC_OK;
}

/* Node i (0-based) of the node list at the top: {x, y, x', y'} into p. */
static int read_node(lua_State *L, int i, double *p, char *given, size_t size)
{
    lua_rawgeti(L, -1, i + 1);
    int ok = lua_istable(L, -1) && lua_rawlen(L, -1) == 4;
    if (!ok)
        mbc_reader_describe(L, -1, given, size);
    for (int k = 0; ok && k < 4; ++k) {
        lua_rawgeti(L, -1, k + 1);
        ok = lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1));
        if (!ok) /* the value given: the element that is not a finite number */
            mbc_reader_describe(L, -1, given, size);
        p[k] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return ok;
}

/* Node coordinates {x, y, x', y'} of a cable (in scratch slot 0): from
 * `nodes`, or a straight line from/to with `elements` elements. */
static mbc_status cable_nodes(scene_ctx *c, double **nodes, int *ne)
{
    if (!scene_has(c, "nodes"))
        return straight_cable(c, nodes, ne);
    static const char hint[] = "a list of 2 to 100000 nodes {x, y, x', y'}";
    mbc_reader_table list;
    size_t nn = 0;
    mbc_status st = mbc_reader_list(&c->r, &c->item, "nodes", 0, hint, &list, &nn);
    if (st == MBC_OK && (nn < 2 || nn > 100000))
        st = scene_fail(c, "nodes", "must be %s (given %zu nodes)", hint, nn);
    double *p = st == MBC_OK ? scene_scratch(c, 0, 4 * nn) : NULL;
    if (st == MBC_OK && p == NULL)
        st = scene_nomem(c);
    for (size_t i = 0; st == MBC_OK && i < nn; ++i) {
        char given[80] = "";
        if (!read_node(c->r.L, (int)i, p + 4 * i, given, sizeof given)) {
            st = scene_fail(c, "nodes",
                            "node %zu must be a list of 4 finite numbers {x, y, x', y'} (given %s)",
                            i, given);
        }
    }
    lua_pop(c->r.L, 1); /* the list */
    *nodes = p;
    *ne = (int)nn - 1;
    return st;
}

/* Element reference lengths (scratch slot 1): `lengths`, or the chords. */
static mbc_status cable_lengths(scene_ctx *c, const double *nodes, int ne, double **out)
{
    double *lengths = *out = scene_scratch(c, 1, (size_t)ne);
    if (lengths == NULL)
        return scene_nomem(c);
    for (int i = 0; i < ne; ++i) {
        lengths[i] =
            hypot(nodes[4 * (i + 1)] - nodes[4 * i], nodes[4 * (i + 1) + 1] - nodes[4 * i + 1]);
    }
    if (mbc_reader_numbers(&c->r, &c->item, "lengths", MBC_READER_FINITE, (size_t)ne, lengths))
        return scene_status(c);
    for (int i = 0; i < ne; ++i) {
        if (!(lengths[i] > 0.0)) {
            return scene_fail(c, "lengths", "every element length must be > 0 (element %d has %g)",
                              i, lengths[i]);
        }
    }
    return MBC_OK;
}

/* Node velocities (scratch slot 2): `velocities = {vx, vy}`, a uniform
 * translation, or rest. */
static mbc_status cable_velocities(scene_ctx *c, int ne, double **out)
{
    double *vel = *out = scene_scratch(c, 2, 4 * ((size_t)ne + 1));
    if (vel == NULL)
        return scene_nomem(c);
    if (!scene_has(c, "velocities"))
        return MBC_OK;
    if (mbc_reader_numbers(&c->r, &c->item, "velocities", MBC_READER_FINITE, 2, vel))
        return scene_status(c);
    for (int i = ne; i >= 0; --i) {
        vel[4 * i] = vel[0];
        vel[4 * i + 1] = vel[1];
        vel[4 * i + 2] = vel[4 * i + 3] = 0.0;
    }
    return MBC_OK;
}

static mbc_status cable_material(scene_ctx *c, sim_cable_properties *props)
{
    const unsigned req = MBC_READER_REQUIRED;
    if (scene_positive(c, "massPerLength", req, 0, &props->mass_per_length) ||
        scene_positive(c, "axialStiffness", req, 0, &props->axial_stiffness) ||
        scene_positive(c, "bendingStiffness", 0, 1, &props->bending_stiffness) ||
        scene_positive(c, "axialDamping", 0, 1, &props->axial_damping) ||
        scene_positive(c, "bendingDamping", 0, 1, &props->bending_damping))
        return scene_status(c);
    return MBC_OK;
}

/* The group, its nodes (dynamic) and its elements. */
static mbc_status add_cable(scene_ctx *c, const char *name, int prescribed, int ne,
                            const double *nodes, const double *lengths, const double *vel,
                            const sim_cable_properties *props)
{
    sim_model *m = c->m;
    if (nodes == NULL || lengths == NULL || (!prescribed && vel == NULL))
        return scene_nomem(c); /* the buffers' allocations failed */
    sim_cable_group *g = sim_add_group(m);
    if (g == NULL)
        return scene_nomem(c);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->line = c->item.line;
    g->first_element = m->cable_count;
    g->element_count = ne;
    g->first_node = prescribed ? -1 : m->body_count;
    const int first_node = g->first_node;
    for (int i = 0; !prescribed && i <= ne; ++i) {
        sim_body *b = sim_add_body(m);
        if (b == NULL)
            return scene_nomem(c);
        b->kind = SIM_CABLE_NODE;
        snprintf(b->name, sizeof b->name, "%.40s[%d]", name, i);
        b->line = c->item.line;
        b->nq = 4;
        memcpy(b->q0, nodes + 4 * i, 4 * sizeof *nodes);
        memcpy(b->v0, vel + 4 * i, 4 * sizeof *vel);
    }
    for (int i = 0; i < ne; ++i) {
        sim_cable *e = sim_add_cable(m);
        if (e == NULL)
            return scene_nomem(c);
        e->props = *props;
        e->props.length = lengths[i];
        if (prescribed) {
            e->node[0] = e->node[1] = -1;
            memcpy(e->q_fixed, nodes + 4 * i, 8 * sizeof *nodes);
        } else {
            e->node[0] = first_node + i;
            e->node[1] = first_node + i + 1;
        }
    }
    return MBC_OK;
}

static mbc_status read_cable(scene_ctx *c, const char *name, const char *type)
{
    const int prescribed = strcmp(type, "Cable2DPrescribed") == 0;
    double *nodes = NULL, *lengths = NULL, *vel = NULL;
    int ne = 0;
    sim_cable_properties props = {0};
    mbc_status st = scene_keys_allowed(c, sim_item_type_find("bodies", type)->keys, NULL);
    if (st == MBC_OK)
        st = cable_nodes(c, &nodes, &ne);
    if (st == MBC_OK && !prescribed)
        st = cable_material(c, &props);
    if (st == MBC_OK)
        st = cable_lengths(c, nodes, ne, &lengths);
    if (st == MBC_OK)
        st = prescribed ? MBC_OK : cable_velocities(c, ne, &vel);
    if (st == MBC_OK)
        st = add_cable(c, name, prescribed, ne, nodes, lengths, vel, &props);
    return st;
}

/* |A^T A - I| <= 1e-9 and det A > 0. */
static mbc_status check_rotation(scene_ctx *c, const double *A)
{
    double dev = 0.0;
    for (int r = 0; r < 3; ++r) {
        for (int s = 0; s < 3; ++s) {
            double d = (r == s) ? -1.0 : 0.0;
            for (int k = 0; k < 3; ++k)
                d += A[3 * k + r] * A[3 * k + s];
            dev = fmax(dev, fabs(d));
        }
    }
    const double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
                       A[2] * (A[3] * A[7] - A[4] * A[6]);
    if (dev > 1e-9 || det <= 0.0) {
        return scene_fail(c, "orientation",
                          "must be a rotation matrix, row-major (|A^T A - I| = %g, det = %g)", dev,
                          det);
    }
    return MBC_OK;
}

static mbc_status read_rigid3d(scene_ctx *c, sim_body *b)
{
    b->kind = SIM_RIGID_3D;
    b->nq = 6;
    double w[3] = {0, 0, 0};
    mbc_reader *r = &c->r;
    const mbc_reader_table *t = &c->item;
    const unsigned fin = MBC_READER_FINITE;
    if (scene_positive(c, "mass", MBC_READER_REQUIRED, 0, &b->mass) ||
        mbc_reader_numbers(r, t, "inertia", MBC_READER_REQUIRED | fin, 3, b->inertia) ||
        mbc_reader_numbers(r, t, "position", fin, 3, b->q0) ||
        mbc_reader_numbers(r, t, "orientation", fin, 9, b->orientation) ||
        mbc_reader_numbers(r, t, "velocity", fin, 3, b->v0) ||
        mbc_reader_numbers(r, t, "angularVelocity", fin, 3, w))
        return scene_status(c);
    for (int k = 0; k < 3; ++k) {
        if (!(b->inertia[k] > 0.0)) {
            return scene_fail(c, "inertia", "every principal moment must be > 0 (given %g)",
                              b->inertia[k]);
        }
    }
    const mbc_status st = check_rotation(c, b->orientation);
    if (st != MBC_OK)
        return st;
    /* angularVelocity is global; the coordinates hold the body-frame one */
    const double *A = b->orientation;
    for (int k = 0; k < 3; ++k)
        b->v0[3 + k] = A[k] * w[0] + A[3 + k] * w[1] + A[6 + k] * w[2];
    return MBC_OK;
}

/* A body that is not a cable: its keys per type. */
static mbc_status read_simple_body(scene_ctx *c, sim_body *b, const char *type, const sim_key *keys)
{
    mbc_reader *r = &c->r;
    const mbc_reader_table *t = &c->item;
    const unsigned fin = MBC_READER_FINITE, req = MBC_READER_REQUIRED;
    int failed = scene_keys_allowed(c, keys, NULL);
    if (strcmp(type, "Ground") == 0) {
        b->kind = SIM_GROUND;
        failed = failed || mbc_reader_numbers(r, t, "position", fin, 3, b->position);
    } else if (strcmp(type, "MassPoint2D") == 0 || strcmp(type, "MassPoint3D") == 0) {
        const size_t d = type[9] == '2' ? 2 : 3;
        b->kind = d == 2 ? SIM_POINT_2D : SIM_POINT_3D;
        b->nq = (int)d;
        failed = failed || scene_positive(c, "mass", req, 0, &b->mass) ||
                 mbc_reader_numbers(r, t, "position", fin, d, b->q0) ||
                 mbc_reader_numbers(r, t, "velocity", fin, d, b->v0);
    } else if (strcmp(type, "RigidBody2D") == 0) {
        b->kind = SIM_RIGID_2D;
        b->nq = 3;
        failed = failed || scene_positive(c, "mass", req, 0, &b->mass) ||
                 scene_positive(c, "inertia", req, 0, &b->inertia[2]) ||
                 mbc_reader_numbers(r, t, "position", fin, 2, b->q0) ||
                 mbc_reader_number(r, t, "angle", fin, NULL, &b->q0[2]) ||
                 mbc_reader_numbers(r, t, "velocity", fin, 2, b->v0) ||
                 mbc_reader_number(r, t, "angularVelocity", fin, NULL, &b->v0[2]);
    } else if (strcmp(type, "RigidBody3D") == 0) {
        return failed ? scene_status(c) : read_rigid3d(c, b);
    } else {
        b->kind = SIM_ALE_NODE;
        b->nq = 1;
        failed = failed || mbc_reader_number(r, t, "coordinate", fin, NULL, &b->q0[0]) ||
                 mbc_reader_number(r, t, "velocity", fin, NULL, &b->v0[0]) ||
                 scene_positive(c, "mass", 0, 1, &b->mass);
    }
    return failed ? scene_status(c) : MBC_OK;
}

/* A body or a cable of that name (they share one list of names). */
static int find_body_or_cable(const sim_model *m, const char *name)
{
    const int b = scene_find_body(m, name);
    return b >= 0 ? b : scene_find_group(m, name);
}

mbc_status scene_read_body(scene_ctx *c, const mbc_reader_table *list, size_t i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, list, i, "body", find_body_or_cable, name, &it) != MBC_OK)
        return scene_status(c);
    if (strncmp(it->type, "Cable2D", 7) == 0)
        return read_cable(c, name, it->type);
    sim_body *b = sim_add_body(c->m);
    if (b == NULL)
        return scene_nomem(c);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->line = c->item.line;
    return read_simple_body(c, b, it->type, it->keys);
}
