/* SPDX-License-Identifier: BSD-3-Clause */
/* Assembly of a scene model (sim.h): coordinate numbering, the Jacobian
 * pattern, forces of bodies, cables, elements and connectors, constraints,
 * finite-difference Jacobian blocks, PostNewtonStep and energies.
 *
 * Connectors are evaluated through the public API only (mbc_object_forces,
 * mbc_object_post_newton_step, mbc_object_output,
 * mbc_object_algebraic_equations); what a connector receives follows from
 * the kinds of the scene markers it names, never from its type name. */
#include "sim.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/rotation.h"
#include "mbconnect/vec.h"
#include "sandbox.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

/* A group of coordinates whose forces are evaluated together: the Jacobian
 * gets the dense dofs x dofs block by finite differences. */
typedef enum block_kind { BLOCK_CABLE, BLOCK_ELEMENT, BLOCK_CONNECTOR, BLOCK_GYRO } block_kind;

typedef struct sim_block {
    block_kind kind;
    int index;
    int ndof;
    int *dofs;
    int *map; /* ndof x ndof positions in the matrix */
} sim_block;

void sim_blocks_free(sim_model *m)
{
    for (int i = 0; i < m->block_count; ++i) {
        free(m->blocks[i].dofs);
        free(m->blocks[i].map);
    }
    free(m->blocks);
    m->blocks = NULL;
    m->block_count = 0;
}

/* ------------------------------------------------------------------------ */
/* kinematics                                                               */

static void mat3_mul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
        }
    }
}

static void rot_z(double phi, double R[9])
{
    const double c = cos(phi), s = sin(phi);
    const double M[9] = {c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0};
    memcpy(R, M, sizeof M);
}

void sim_body_marker(const sim_model *m, int body, const double *q, const double *v,
                     mbc_rigid_marker *out)
{
    const sim_body *b = &m->bodies[body];
    memset(out, 0, sizeof *out);
    out->rotation[0] = out->rotation[4] = out->rotation[8] = 1.0;
    const double *bq = q + b->offset, *bv = v + b->offset;
    switch (b->kind) {
    case SIM_GROUND:
        memcpy(out->position, b->position, sizeof out->position);
        break;
    case SIM_POINT_2D:
    case SIM_RIGID_2D:
    case SIM_CABLE_NODE:
        for (int k = 0; k < 2; ++k) {
            out->position[k] = bq[k];
            out->velocity[k] = bv[k];
        }
        if (b->kind == SIM_RIGID_2D) {
            rot_z(bq[2], out->rotation);
            out->angular_velocity_local[2] = bv[2];
        } else if (b->kind == SIM_CABLE_NODE) {
            /* orientation of the node: the slope direction */
            const double n2 = bq[2] * bq[2] + bq[3] * bq[3];
            rot_z(atan2(bq[3], bq[2]), out->rotation);
            out->angular_velocity_local[2] = n2 > 0.0 ? (bq[2] * bv[3] - bq[3] * bv[2]) / n2 : 0.0;
        }
        break;
    case SIM_POINT_3D:
    case SIM_RIGID_3D:
        for (int k = 0; k < 3; ++k) {
            out->position[k] = bq[k];
            out->velocity[k] = bv[k];
        }
        if (b->kind == SIM_RIGID_3D) {
            double E[9];
            mbc_rotation_exp(bq + 3, E);
            mat3_mul(b->rotation_ref, E, out->rotation);
            for (int k = 0; k < 3; ++k) {
                out->angular_velocity_local[k] = bv[3 + k];
            }
        }
        break;
    case SIM_ALE_NODE:
        break;
    }
}

/* Adds a global force f and torque tau acting on a body's reference point to
 * the generalized forces F. */
static void body_apply(const sim_model *m, int body, const double *q, const double f[3],
                       const double tau[3], double *F)
{
    const sim_body *b = &m->bodies[body];
    double *bf = F + b->offset;
    const double *bq = q + b->offset;
    switch (b->kind) {
    case SIM_POINT_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        break;
    case SIM_RIGID_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        bf[2] += tau[2];
        break;
    case SIM_CABLE_NODE: {
        bf[0] += f[0];
        bf[1] += f[1];
        /* a torque on the slope angle phi = atan2(y', x') */
        const double n2 = bq[2] * bq[2] + bq[3] * bq[3];
        if (n2 > 0.0) {
            bf[2] += -bq[3] / n2 * tau[2];
            bf[3] += bq[2] / n2 * tau[2];
        }
        break;
    }
    case SIM_POINT_3D:
        for (int k = 0; k < 3; ++k) {
            bf[k] += f[k];
        }
        break;
    case SIM_RIGID_3D: {
        double E[9], A[9];
        mbc_rotation_exp(bq + 3, E);
        mat3_mul(b->rotation_ref, E, A);
        for (int k = 0; k < 3; ++k) {
            bf[k] += f[k];
            /* local torque A^T tau */
            bf[3 + k] += A[k] * tau[0] + A[3 + k] * tau[1] + A[6 + k] * tau[2];
        }
        break;
    }
    case SIM_GROUND:
    case SIM_ALE_NODE:
        break;
    }
}

static int translations(const sim_body *b)
{
    switch (b->kind) {
    case SIM_POINT_2D:
    case SIM_RIGID_2D:
    case SIM_CABLE_NODE:
        return 2;
    case SIM_POINT_3D:
    case SIM_RIGID_3D:
        return 3;
    default:
        return 0;
    }
}

/* Element coordinates and velocities of cable element k. */
static void cable_state(const sim_model *m, int k, const double *q, const double *v, double eq[8],
                        double ev[8])
{
    const sim_cable *c = &m->cables[k];
    if (c->node[0] < 0) {
        memcpy(eq, c->q_fixed, 8 * sizeof *eq);
        memset(ev, 0, 8 * sizeof *ev);
        return;
    }
    for (int j = 0; j < 2; ++j) {
        const sim_body *b = &m->bodies[c->node[j]];
        for (int i = 0; i < 4; ++i) {
            eq[4 * j + i] = q[b->offset + i];
            ev[4 * j + i] = v[b->offset + i];
        }
    }
}

/* Adds element forces f (8) to the dynamic element's coordinates. */
static void cable_apply(const sim_model *m, int k, const double f[8], double *F)
{
    const sim_cable *c = &m->cables[k];
    if (c->node[0] < 0) {
        return;
    }
    for (int j = 0; j < 2; ++j) {
        const int off = m->bodies[c->node[j]].offset;
        for (int i = 0; i < 4; ++i) {
            F[off + i] += f[4 * j + i];
        }
    }
}

static int marker_dof(const sim_model *m, int marker)
{
    const sim_marker *mk = &m->markers[marker];
    const sim_body *b = &m->bodies[mk->body];
    return b->nq > mk->coordinate ? b->offset + mk->coordinate : -1;
}

/* ------------------------------------------------------------------------ */
/* Lua functions                                                            */

int sim_call(sim_model *m, int ref, const double *args, int nargs, double *res, int nres,
             const char *what, const char *name, int line)
{
    lua_State *L = m->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    for (int i = 0; i < nargs; ++i) {
        lua_pushnumber(L, args[i]);
    }
    /* the sandbox's limits hold per call */
    if (mbc_sandbox_pcall(mbc_sandbox_of(L), nargs, nres) != LUA_OK) {
        sim_fail(m, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return -1;
    }
    for (int i = 0; i < nres; ++i) {
        const int idx = -nres + i;
        if (!lua_isnumber(L, idx) || !isfinite(lua_tonumber(L, idx))) {
            sim_fail(m,
                     "%s:%d: elements.%s: %s returned %s as value %d at t = %g (a finite "
                     "number is required)",
                     m->scene_name, line, name, what,
                     lua_isnumber(L, idx) ? "a non-finite number" : luaL_typename(L, idx), i + 1,
                     nargs > 0 ? args[0] : 0.0);
            lua_pop(L, nres);
            return -1;
        }
        res[i] = lua_tonumber(L, idx);
    }
    lua_pop(L, nres);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* connector state                                                          */

typedef struct conn_eval {
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    mbc_state state;
} conn_eval;

static void connector_state(sim_model *m, sim_connector *c, const double *q, const double *v,
                            const double *z, const double *data, conn_eval *e)
{
    memset(e, 0, sizeof *e);
    mbc_state *st = &e->state;
    st->data = data + c->data_offset;
    st->data_start = m->data_start + c->data_offset;
    st->data_count = (size_t)c->data_count;
    for (int i = 0; i < 2; ++i) {
        if (c->marker[i] < 0) {
            continue;
        }
        const sim_marker *mk = &m->markers[c->marker[i]];
        if (mk->kind == SIM_MARKER_BODY) {
            sim_body_marker(m, mk->body, q, v, &e->rigid[i]);
            st->marker[i] = &e->rigid[i];
        } else if (mk->kind == SIM_MARKER_CABLE_SHAPE) {
            double eq[8], ev[8];
            cable_state(m, mk->cable, q, v, eq, ev);
            const double L = m->cables[mk->cable].props.length;
            mbc_ancf_cable2d_shape_points(eq, L, mk->vertical_offset, mk->segments, c->points,
                                          NULL);
            mbc_ancf_cable2d_shape_point_velocities(eq, ev, L, mk->vertical_offset, 0.0,
                                                    mk->segments, c->point_velocities, NULL);
            e->cable.segment_count = (size_t)mk->segments;
            e->cable.points = c->points;
            e->cable.point_velocities = c->point_velocities;
            e->cable.length = L;
            st->cable = &e->cable;
        }
    }
    if (c->ale_body >= 0) {
        for (int k = 0; k < c->sliding_count; ++k) {
            const sim_marker *mk = &m->markers[c->sliding[k]];
            cable_state(m, mk->cable, q, v, c->cables[k].q, c->cables[k].q_t);
            c->cables[k].length = m->cables[mk->cable].props.length;
        }
        st->cables = c->cables;
        st->cable_count = (size_t)c->sliding_count;
        const sim_body *ale = &m->bodies[c->ale_body];
        st->ale_q = q[ale->offset];
        st->ale_q_t = v[ale->offset];
        st->lagrange = z + c->z_offset;
    }
}

static int connector_forces(sim_model *m, int i, const double *q, const double *v, double *F)
{
    sim_connector *c = &m->connectors[i];
    if (c->object->type->forces == NULL) {
        return 0;
    }
    conn_eval e;
    connector_state(m, c, q, v, m->z, m->data, &e);
    mbc_forces out;
    memset(&out, 0, sizeof out);
    const sim_marker *m1 = c->marker[1] >= 0 ? &m->markers[c->marker[1]] : NULL;
    if (m1 != NULL && m1->kind == SIM_MARKER_CABLE_SHAPE) {
        out.cable_point_forces = c->point_forces;
        out.cable_point_count = (size_t)m1->segments + 1;
    }
    mbc_error err;
    if (mbc_object_forces(c->object, &e.state, &out, &err) != MBC_OK) {
        return sim_fail(m, "%s:%d: connectors.%s at t = %g: %s", m->scene_name, c->line, c->name,
                        m->t, err.message);
    }
    for (int k = 0; k < 2; ++k) {
        if (c->marker[k] < 0) {
            continue;
        }
        const sim_marker *mk = &m->markers[c->marker[k]];
        if (mk->kind == SIM_MARKER_BODY) {
            body_apply(m, mk->body, q, out.force[k], out.torque[k], F);
        } else if (mk->kind == SIM_MARKER_CABLE_SHAPE && m->cables[mk->cable].node[0] >= 0) {
            /* cable point forces -> generalized element forces J^T f */
            double eq[8], ev[8], f[8] = {0};
            cable_state(m, mk->cable, q, v, eq, ev);
            mbc_ancf_cable2d_shape_point_jacobian(eq, m->cables[mk->cable].props.length,
                                                  mk->vertical_offset, mk->segments,
                                                  c->point_jacobian, NULL);
            const int rows = 2 * (mk->segments + 1);
            for (int r = 0; r < rows; ++r) {
                for (int j = 0; j < 8; ++j) {
                    f[j] += c->point_jacobian[r * 8 + j] * c->point_forces[r];
                }
            }
            cable_apply(m, mk->cable, f, F);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* elements                                                                 */

static int element_forces(sim_model *m, int i, const double *q, const double *v, double t,
                          double *F)
{
    sim_element *el = &m->elements[i];
    const double zero[3] = {0.0, 0.0, 0.0};
    switch (el->kind) {
    case SIM_SPRING_DAMPER: {
        mbc_rigid_marker a, b;
        sim_body_marker(m, m->markers[el->marker[0]].body, q, v, &a);
        sim_body_marker(m, m->markers[el->marker[1]].body, q, v, &b);
        double d[3], dv[3];
        for (int k = 0; k < 3; ++k) {
            d[k] = b.position[k] - a.position[k];
            dv[k] = b.velocity[k] - a.velocity[k];
        }
        const double L = mbc_norm3(d);
        if (L <= 0.0) {
            return sim_fail(m,
                            "%s:%d: elements.%s: at t = %g the markers coincide (length 0, no "
                            "direction)",
                            m->scene_name, el->line, el->name, t);
        }
        double e[3] = {d[0] / L, d[1] / L, d[2] / L};
        const double Ldot = mbc_dot3(e, dv);
        double T; /* tension (positive pulls the markers together) */
        if (el->function != LUA_NOREF) {
            const double args[3] = {t, L, Ldot};
            if (sim_call(m, el->function, args, 3, &T, 1, "the force function", el->name,
                         el->line) != 0) {
                return -1;
            }
        } else {
            T = el->stiffness * (L - el->reference_length) + el->damping * Ldot;
        }
        el->force = T;
        double fa[3] = {T * e[0], T * e[1], T * e[2]};
        double fb[3] = {-fa[0], -fa[1], -fa[2]};
        body_apply(m, m->markers[el->marker[0]].body, q, fa, zero, F);
        body_apply(m, m->markers[el->marker[1]].body, q, fb, zero, F);
        break;
    }
    case SIM_COORDINATE_SPRING: {
        const int a = marker_dof(m, el->marker[0]);
        const int b = el->marker[1] >= 0 ? marker_dof(m, el->marker[1]) : -1;
        const double qa = a >= 0 ? q[a] : 0.0, va = a >= 0 ? v[a] : 0.0;
        const double qb = b >= 0 ? q[b] : 0.0, vb = b >= 0 ? v[b] : 0.0;
        /* force on coordinate a: -(k (qa - qb - offset) + d (va - vb)) */
        const double f = el->stiffness * (qa - qb - el->offset) + el->damping * (va - vb);
        el->force = f;
        if (a >= 0) {
            F[a] -= f;
        }
        if (b >= 0) {
            F[b] += f;
        }
        break;
    }
    case SIM_FORCE:
    case SIM_TORQUE: {
        double val[3];
        memcpy(val, el->value, sizeof val);
        if (el->function != LUA_NOREF && sim_call(m, el->function, &t, 1, val, 3,
                                                  "the load function", el->name, el->line) != 0) {
            return -1;
        }
        const sim_marker *mk = &m->markers[el->marker[0]];
        if (el->kind == SIM_FORCE) {
            body_apply(m, mk->body, q, val, zero, F);
        } else {
            body_apply(m, mk->body, q, zero, val, F);
        }
        break;
    }
    case SIM_COORDINATE_CONSTRAINT:
        break;
    }
    return 0;
}

/* Forces of one Jacobian block. */
static int block_forces(sim_model *m, const sim_block *b, const double *q, const double *v,
                        double t, double *F)
{
    switch (b->kind) {
    case BLOCK_CABLE: {
        double eq[8], ev[8], Q[8];
        cable_state(m, b->index, q, v, eq, ev);
        sim_cable_internal_force(&m->cables[b->index].props, eq, ev, Q);
        for (int k = 0; k < 8; ++k) {
            Q[k] = -Q[k];
        }
        cable_apply(m, b->index, Q, F);
        return 0;
    }
    case BLOCK_ELEMENT:
        return element_forces(m, b->index, q, v, t, F);
    case BLOCK_CONNECTOR:
        return connector_forces(m, b->index, q, v, F);
    case BLOCK_GYRO: {
        const sim_body *bd = &m->bodies[b->index];
        const double *w = v + bd->offset + 3;
        const double Jw[3] = {bd->inertia[0] * w[0], bd->inertia[1] * w[1], bd->inertia[2] * w[2]};
        double g[3];
        mbc_cross3(w, Jw, g);
        for (int k = 0; k < 3; ++k) {
            F[bd->offset + 3 + k] -= g[k];
        }
        return 0;
    }
    }
    return 0;
}

int sim_forces(sim_model *m, const double *q, const double *v, double t, double *F)
{
    memset(F, 0, (size_t)m->n * sizeof *F);
    /* gravity */
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_CABLE_NODE) {
            continue;
        }
        const int nt = translations(b);
        for (int k = 0; k < nt; ++k) {
            F[b->offset + k] += b->mass * m->gravity[k];
        }
    }
    for (int k = 0; k < m->cable_count; ++k) {
        if (m->cables[k].node[0] >= 0) {
            double f[8];
            sim_cable_gravity_force(&m->cables[k].props, m->gravity, f);
            cable_apply(m, k, f, F);
        }
    }
    /* loads (no Jacobian block: functions of t only) */
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element_kind k = m->elements[i].kind;
        if ((k == SIM_FORCE || k == SIM_TORQUE) && element_forces(m, i, q, v, t, F) != 0) {
            return -1;
        }
    }
    for (int i = 0; i < m->block_count; ++i) {
        if (block_forces(m, &m->blocks[i], q, v, t, F) != 0) {
            return -1;
        }
    }
    for (int i = 0; i < m->n; ++i) {
        if (!isfinite(F[i])) {
            return sim_fail(m, "%s: the forces are not finite at t = %g (coordinate %d)",
                            m->scene_name, t, i);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* constraints                                                              */

/* Evaluates every constraint at (q, v, z, t): writes C / beta_h2 into R[n..]
 * and adds C_q^T z to R[0..n) (when R is not NULL); when fill, writes the
 * constraint entries of the Newton matrix. */
static int constraints(sim_model *m, const double *q, const double *v, const double *z, double t,
                       double beta_h2, double *R, int fill)
{
    const int n = m->n;
    double *val = m->jac.values;
    int *map = m->constraint_map;
    int p = 0; /* running index into constraint_map (same order as the pattern) */
    for (int i = 0; i < m->element_count; ++i) {
        sim_element *el = &m->elements[i];
        if (el->kind != SIM_COORDINATE_CONSTRAINT) {
            continue;
        }
        const int a = marker_dof(m, el->marker[0]);
        const int b = el->marker[1] >= 0 ? marker_dof(m, el->marker[1]) : -1;
        double offset = el->offset;
        if (el->function != LUA_NOREF && sim_call(m, el->function, &t, 1, &offset, 1,
                                                  "the offset function", el->name, el->line) != 0) {
            return -1;
        }
        const int r = el->z_offset;
        const double lam = z[r];
        el->force = lam;
        if (R != NULL) {
            const double C = (a >= 0 ? q[a] : 0.0) - el->factor * (b >= 0 ? q[b] : 0.0) - offset;
            R[n + r] = C / beta_h2;
            if (a >= 0) {
                R[a] += lam;
            }
            if (b >= 0) {
                R[b] -= el->factor * lam;
            }
        }
        if (fill) {
            if (a >= 0) {
                val[map[p++]] += 1.0; /* (n + r, a) */
                val[map[p++]] += 1.0; /* (a, n + r) */
            }
            if (b >= 0) {
                val[map[p++]] -= el->factor;
                val[map[p++]] -= el->factor;
            }
        }
    }
    for (int i = 0; i < m->connector_count; ++i) {
        sim_connector *c = &m->connectors[i];
        if (c->z_offset < 0) {
            continue;
        }
        conn_eval e;
        connector_state(m, c, q, v, z, m->data, &e);
        mbc_algebraic alg;
        mbc_error err;
        if (mbc_object_algebraic_equations(c->object, &e.state, &alg, &err) != MBC_OK) {
            return sim_fail(m, "%s:%d: connectors.%s at t = %g: %s", m->scene_name, c->line,
                            c->name, t, err.message);
        }
        const sim_body *b0 = &m->bodies[m->markers[c->marker[0]].body];
        const sim_body *ale = &m->bodies[c->ale_body];
        const int nt = translations(b0);
        for (int r = 0; r < 2; ++r) {
            const int row = n + c->z_offset + r;
            if (R != NULL) {
                R[row] = alg.position[r] / beta_h2;
                for (int k = 0; k < nt; ++k) {
                    R[b0->offset + k] += alg.d_marker0[3 * r + k] * z[c->z_offset + r];
                }
                R[ale->offset] += alg.d_ale[r] * z[c->z_offset + r];
            }
            if (fill) {
                for (int k = 0; k < nt; ++k) {
                    val[map[p++]] += alg.d_marker0[3 * r + k];
                    val[map[p++]] += alg.d_marker0[3 * r + k];
                }
                val[map[p++]] += alg.d_ale[r];
                val[map[p++]] += alg.d_ale[r];
                for (int k = 0; k < 2; ++k) {
                    val[map[p++]] += alg.d_lagrange[2 * r + k] / beta_h2;
                }
            }
        }
    }
    return 0;
}

/* The (row, column) pairs of the constraint entries in the order
 * constraints() fills them. Returns the count; rows/cols may be NULL. */
static int constraint_pattern(sim_model *m, int *rows, int *cols)
{
    const int n = m->n;
    int p = 0;
#define PAIR(r_, c_)                                                                               \
    do {                                                                                           \
        if (rows != NULL) {                                                                        \
            rows[p] = (r_);                                                                        \
            cols[p] = (c_);                                                                        \
        }                                                                                          \
        ++p;                                                                                       \
    } while (0)
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element *el = &m->elements[i];
        if (el->kind != SIM_COORDINATE_CONSTRAINT) {
            continue;
        }
        const int a = marker_dof(m, el->marker[0]);
        const int b = el->marker[1] >= 0 ? marker_dof(m, el->marker[1]) : -1;
        if (a >= 0) {
            PAIR(n + el->z_offset, a);
            PAIR(a, n + el->z_offset);
        }
        if (b >= 0) {
            PAIR(n + el->z_offset, b);
            PAIR(b, n + el->z_offset);
        }
    }
    for (int i = 0; i < m->connector_count; ++i) {
        const sim_connector *c = &m->connectors[i];
        if (c->z_offset < 0) {
            continue;
        }
        const sim_body *b0 = &m->bodies[m->markers[c->marker[0]].body];
        const int nt = translations(b0);
        const int ale = m->bodies[c->ale_body].offset;
        for (int r = 0; r < 2; ++r) {
            const int row = n + c->z_offset + r;
            for (int k = 0; k < nt; ++k) {
                PAIR(row, b0->offset + k);
                PAIR(b0->offset + k, row);
            }
            PAIR(row, ale);
            PAIR(ale, row);
            for (int k = 0; k < 2; ++k) {
                PAIR(row, n + c->z_offset + k);
            }
        }
    }
#undef PAIR
    return p;
}

/* ------------------------------------------------------------------------ */
/* Newton matrix and residual                                               */

static void mass_times(const sim_model *m, const double *x, double *y)
{
    for (int i = 0; i < m->n; ++i) {
        y[i] = m->mass_diag[i] * x[i];
    }
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0) {
            continue;
        }
        int dofs[8];
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 4; ++i) {
                dofs[4 * j + i] = m->bodies[c->node[j]].offset + i;
            }
        }
        for (int r = 0; r < 8; ++r) {
            double acc = 0.0;
            for (int s = 0; s < 8; ++s) {
                acc += c->mass[r * 8 + s] * x[dofs[s]];
            }
            y[dofs[r]] += acc;
        }
    }
}

static void fill_mass(sim_model *m)
{
    for (int i = 0; i < m->n; ++i) {
        m->jac.values[sim_matrix_find(&m->jac, i, i)] += m->mass_diag[i];
    }
    int p = 0;
    for (int k = 0; k < m->cable_count; ++k) {
        if (m->cables[k].node[0] < 0) {
            continue;
        }
        for (int e = 0; e < 64; ++e) {
            m->jac.values[m->mass_map[p++]] += m->cables[k].mass[e];
        }
    }
}

int sim_residual(sim_model *m, const double *q, const double *v, const double *acc, const double *z,
                 double t, double beta_h2, double *R)
{
    double *F = m->work;
    if (sim_forces(m, q, v, t, F) != 0) {
        return -1;
    }
    mass_times(m, acc, R);
    for (int i = 0; i < m->n; ++i) {
        R[i] -= F[i];
    }
    return constraints(m, q, v, z, t, beta_h2, R, 0);
}

int sim_mass_matrix(sim_model *m, const double *q, int with_constraints)
{
    sim_matrix_zero(&m->jac);
    fill_mass(m);
    if (with_constraints && m->nz > 0) {
        if (constraints(m, q, m->v, m->z, m->t, 1.0, NULL, 1) != 0) {
            return -1;
        }
    }
    /* multipliers without constraint rows would be singular: never the case */
    return 0;
}

int sim_jacobian(sim_model *m, const double *q, const double *v, const double *z, double t,
                 double beta_h2, double gamma_h)
{
    const int n = m->n;
    double *qp = m->work + n, *vp = m->work + 2 * n, *F0 = m->work + 3 * n, *F1 = m->work + 4 * n;
    memcpy(qp, q, (size_t)n * sizeof *qp);
    memcpy(vp, v, (size_t)n * sizeof *vp);
    sim_matrix_zero(&m->jac);
    fill_mass(m);
    for (int bi = 0; bi < m->block_count; ++bi) {
        const sim_block *b = &m->blocks[bi];
        for (int k = 0; k < b->ndof; ++k) {
            F0[b->dofs[k]] = 0.0;
        }
        if (block_forces(m, b, qp, vp, t, F0) != 0) {
            return -1;
        }
        for (int j = 0; j < b->ndof; ++j) {
            const int dj = b->dofs[j];
            for (int pass = 0; pass < 2; ++pass) {
                double *x = pass == 0 ? qp : vp;
                const double scale = pass == 0 ? beta_h2 : gamma_h;
                const double xj = x[dj];
                const double dx = 1e-7 * (1.0 + fabs(xj));
                for (int k = 0; k < b->ndof; ++k) {
                    F1[b->dofs[k]] = 0.0;
                }
                x[dj] = xj + dx;
                const int st = block_forces(m, b, qp, vp, t, F1);
                x[dj] = xj;
                if (st != 0) {
                    return -1;
                }
                for (int i = 0; i < b->ndof; ++i) {
                    const int di = b->dofs[i];
                    m->jac.values[b->map[i * b->ndof + j]] -= scale * (F1[di] - F0[di]) / dx;
                }
            }
        }
    }
    /* re-evaluate at the base point so element diagnostics (forces) are current */
    if (m->nz > 0 && constraints(m, q, v, z, t, beta_h2, NULL, 1) != 0) {
        return -1;
    }
    m->stats.jacobians++;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* PostNewtonStep                                                           */

int sim_post_newton(sim_model *m, const double *q, const double *v, const double *z, double *error,
                    double *recommended)
{
    *error = 0.0;
    *recommended = -1.0;
    for (int i = 0; i < m->connector_count; ++i) {
        sim_connector *c = &m->connectors[i];
        if (c->object->type->post_newton_step == NULL) {
            continue;
        }
        conn_eval e;
        connector_state(m, c, q, v, z, m->data, &e);
        mbc_post_newton out;
        memset(&out, 0, sizeof out);
        out.data = c->post_data;
        out.marker_number1 = MBC_INVALID_INDEX;
        mbc_error err;
        if (mbc_object_post_newton_step(c->object, &e.state, &out, &err) != MBC_OK) {
            return sim_fail(m, "%s:%d: connectors.%s at t = %g: PostNewtonStep: %s", m->scene_name,
                            c->line, c->name, m->t, err.message);
        }
        memcpy(m->data + c->data_offset, c->post_data, (size_t)c->data_count * sizeof *m->data);
        *error += out.error;
        c->last_error = out.error;
        if (out.recommended_step > 0.0 &&
            (*recommended < 0.0 || out.recommended_step < *recommended)) {
            *recommended = out.recommended_step;
        }
        if (out.marker_number1 != MBC_INVALID_INDEX && out.marker_number1 != c->marker[1]) {
            const int mk = out.marker_number1;
            if (mk < 0 || mk >= m->marker_count ||
                m->markers[mk].kind != m->markers[c->marker[1]].kind) {
                return sim_fail(m,
                                "%s:%d: connectors.%s re-linked marker m1 to %d, which is not "
                                "a marker of the same kind",
                                m->scene_name, c->line, c->name, mk);
            }
            c->marker[1] = mk;
            const double nums[2] = {(double)c->marker[0], (double)mk};
            size_t violations = 0;
            mbc_error e2[2];
            if (mbc_object_set_array(c->object, "markerNumbers", nums, 2, &e2[0]) != MBC_OK ||
                mbc_object_initialize(c->object, e2, 2, &violations) != MBC_OK) {
                return sim_fail(m, "%s:%d: connectors.%s: re-linking marker m1: %s", m->scene_name,
                                c->line, c->name, e2[0].message);
            }
        }
    }
    return 0;
}

int sim_discontinuous_check(sim_model *m, const double *q, const double *v, const double *z,
                            double h, double *h_new, int *redo)
{
    const sim_settings *st = &m->settings;
    double error = 0.0, rec = -1.0;
    if (sim_post_newton(m, q, v, z, &error, &rec) != 0) {
        return -1;
    }
    if (st->honour_recommended_step && rec > 0.0 && rec < 0.99 * h) {
        const double hr = rec > st->min_step ? rec : st->min_step;
        if (hr < 0.99 * h) {
            *h_new = hr;
            *redo = 1;
            return 0;
        }
    }
    return error <= st->discontinuous_tolerance ? 0 : 1;
}

void sim_accept_rotations(sim_model *m, double *q)
{
    for (int i = 0; i < m->body_count; ++i) {
        sim_body *b = &m->bodies[i];
        if (b->kind == SIM_RIGID_3D) {
            double E[9], A[9];
            double *th = q + b->offset + 3;
            mbc_rotation_exp(th, E);
            mat3_mul(b->rotation_ref, E, A);
            memcpy(b->rotation_ref, A, sizeof A);
            th[0] = th[1] = th[2] = 0.0;
        }
    }
}

void sim_step_accepted(sim_model *m, double h, double *h_done)
{
    sim_accept_rotations(m, m->q);
    memcpy(m->data_start, m->data, (size_t)m->nd * sizeof *m->data);
    m->t += h;
    m->stats.steps++;
    if (m->stats.smallest_step < 0.0 || h < m->stats.smallest_step) {
        m->stats.smallest_step = h;
    }
    *h_done = h;
}

int sim_connector_output(sim_model *m, int connector, size_t output, double *out, size_t size)
{
    sim_connector *c = &m->connectors[connector];
    conn_eval e;
    connector_state(m, c, m->q, m->v, m->z, m->data, &e);
    mbc_error err;
    if (mbc_object_output(c->object, &e.state, output, out, size, &err) != MBC_OK) {
        return sim_fail(m, "%s:%d: connectors.%s at t = %g: output: %s", m->scene_name, c->line,
                        c->name, m->t, err.message);
    }
    return 0;
}

double sim_energy(sim_model *m)
{
    const int n = m->n;
    double *Mv = m->work + 5 * n;
    double E = 0.0;
    mass_times(m, m->v, Mv);
    for (int i = 0; i < n; ++i) {
        E += 0.5 * m->v[i] * Mv[i];
    }
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind != SIM_CABLE_NODE) {
            for (int k = 0; k < translations(b); ++k) {
                E -= b->mass * m->gravity[k] * m->q[b->offset + k];
            }
        }
    }
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0) {
            continue;
        }
        double eq[8], ev[8], f[8];
        cable_state(m, k, m->q, m->v, eq, ev);
        sim_cable_gravity_force(&c->props, m->gravity, f);
        for (int j = 0; j < 8; ++j) {
            E -= f[j] * eq[j];
        }
        E += sim_cable_strain_energy(&c->props, eq);
    }
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element *el = &m->elements[i];
        if (el->kind == SIM_SPRING_DAMPER && el->function == LUA_NOREF) {
            mbc_rigid_marker a, b;
            sim_body_marker(m, m->markers[el->marker[0]].body, m->q, m->v, &a);
            sim_body_marker(m, m->markers[el->marker[1]].body, m->q, m->v, &b);
            double d[3] = {b.position[0] - a.position[0], b.position[1] - a.position[1],
                           b.position[2] - a.position[2]};
            const double s = mbc_norm3(d) - el->reference_length;
            E += 0.5 * el->stiffness * s * s;
        } else if (el->kind == SIM_COORDINATE_SPRING) {
            const int a = marker_dof(m, el->marker[0]);
            const int b = el->marker[1] >= 0 ? marker_dof(m, el->marker[1]) : -1;
            const double s = (a >= 0 ? m->q[a] : 0.0) - (b >= 0 ? m->q[b] : 0.0) - el->offset;
            E += 0.5 * el->stiffness * s * s;
        }
    }
    return E;
}

/* ------------------------------------------------------------------------ */
/* set-up                                                                   */

static int add_dof(int *dofs, int count, int dof)
{
    if (dof < 0) {
        return count;
    }
    for (int i = 0; i < count; ++i) {
        if (dofs[i] == dof) {
            return count;
        }
    }
    dofs[count] = dof;
    return count + 1;
}

/* Coordinates a marker's kinematics depend on. */
static int marker_dofs(const sim_model *m, int marker, int *dofs, int count)
{
    const sim_marker *mk = &m->markers[marker];
    switch (mk->kind) {
    case SIM_MARKER_BODY: {
        const sim_body *b = &m->bodies[mk->body];
        for (int k = 0; k < b->nq; ++k) {
            count = add_dof(dofs, count, b->offset + k);
        }
        break;
    }
    case SIM_MARKER_COORDINATE:
        count = add_dof(dofs, count, marker_dof(m, marker));
        break;
    case SIM_MARKER_CABLE_SHAPE:
    case SIM_MARKER_CABLE_COORDINATES: {
        const sim_cable *c = &m->cables[mk->cable];
        for (int j = 0; j < 2 && c->node[0] >= 0; ++j) {
            for (int k = 0; k < 4; ++k) {
                count = add_dof(dofs, count, m->bodies[c->node[j]].offset + k);
            }
        }
        break;
    }
    }
    return count;
}

static int new_block(sim_model *m, block_kind kind, int index, const int *dofs, int ndof)
{
    if (ndof == 0) {
        return 0;
    }
    sim_block *nb = realloc(m->blocks, (size_t)(m->block_count + 1) * sizeof *nb);
    if (nb == NULL) {
        return sim_fail(m, "out of memory");
    }
    m->blocks = nb;
    sim_block *b = &m->blocks[m->block_count++];
    b->kind = kind;
    b->index = index;
    b->ndof = ndof;
    b->dofs = malloc((size_t)ndof * sizeof *b->dofs);
    b->map = malloc((size_t)ndof * (size_t)ndof * sizeof *b->map);
    if (b->dofs == NULL || b->map == NULL) {
        return sim_fail(m, "out of memory");
    }
    memcpy(b->dofs, dofs, (size_t)ndof * sizeof *dofs);
    return 0;
}

static int setup_connector(sim_model *m, int i, int *nd, int *nz)
{
    sim_connector *c = &m->connectors[i];
    const mbc_type_info *t = c->object->type;
    c->data_offset = *nd;
    c->data_count = (int)mbc_data_count(t, c->object->params);
    *nd += c->data_count;
    c->post_data = calloc((size_t)c->data_count + 1, sizeof *c->post_data);
    if (c->post_data == NULL) {
        return sim_fail(m, "out of memory");
    }
    for (int k = 0; k < 2; ++k) {
        if (c->marker[k] < 0) {
            continue;
        }
        const sim_marker *mk = &m->markers[c->marker[k]];
        if (mk->kind == SIM_MARKER_CABLE_SHAPE) {
            const size_t pts = 2 * ((size_t)mk->segments + 1);
            c->points = calloc(pts, sizeof *c->points);
            c->point_velocities = calloc(pts, sizeof *c->point_velocities);
            c->point_forces = calloc(pts, sizeof *c->point_forces);
            c->point_jacobian = calloc(8 * pts, sizeof *c->point_jacobian);
            if (c->points == NULL || c->point_velocities == NULL || c->point_forces == NULL ||
                c->point_jacobian == NULL) {
                return sim_fail(m, "out of memory");
            }
        }
    }
    if (t->algebraic_equations != NULL) {
        c->z_offset = *nz;
        *nz += 2;
        c->cables = calloc((size_t)c->sliding_count + 1, sizeof *c->cables);
        if (c->cables == NULL) {
            return sim_fail(m, "out of memory");
        }
    }
    if (t->forces != NULL) {
        int dofs[64];
        int count = 0;
        for (int k = 0; k < 2; ++k) {
            if (c->marker[k] >= 0) {
                count = marker_dofs(m, c->marker[k], dofs, count);
            }
        }
        return new_block(m, BLOCK_CONNECTOR, i, dofs, count);
    }
    return 0;
}

int sim_assemble(sim_model *m)
{
    int n = 0;
    for (int i = 0; i < m->body_count; ++i) {
        m->bodies[i].offset = n;
        n += m->bodies[i].nq;
    }
    m->n = n;
    /* blocks: cables, springs, 3D gyroscopic terms, connectors */
    for (int k = 0; k < m->cable_count; ++k) {
        sim_cable *c = &m->cables[k];
        sim_cable_mass_matrix(&c->props, c->mass);
        if (c->node[0] >= 0) {
            int dofs[8];
            for (int j = 0; j < 2; ++j) {
                for (int i = 0; i < 4; ++i) {
                    dofs[4 * j + i] = m->bodies[c->node[j]].offset + i;
                }
            }
            if (new_block(m, BLOCK_CABLE, k, dofs, 8) != 0) {
                return -1;
            }
        }
    }
    int nz = 0;
    for (int i = 0; i < m->element_count; ++i) {
        sim_element *el = &m->elements[i];
        int dofs[64];
        int count = 0;
        if (el->kind == SIM_SPRING_DAMPER || el->kind == SIM_COORDINATE_SPRING) {
            for (int k = 0; k < 2; ++k) {
                if (el->marker[k] >= 0) {
                    count = marker_dofs(m, el->marker[k], dofs, count);
                }
            }
            if (new_block(m, BLOCK_ELEMENT, i, dofs, count) != 0) {
                return -1;
            }
        } else if (el->kind == SIM_COORDINATE_CONSTRAINT) {
            el->z_offset = nz++;
        }
    }
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_RIGID_3D) {
            const int dofs[3] = {b->offset + 3, b->offset + 4, b->offset + 5};
            if (new_block(m, BLOCK_GYRO, i, dofs, 3) != 0) {
                return -1;
            }
        }
    }
    int nd = 0;
    for (int i = 0; i < m->connector_count; ++i) {
        if (setup_connector(m, i, &nd, &nz) != 0) {
            return -1;
        }
    }
    m->nz = nz;
    m->nd = nd;
    const size_t N = (size_t)n + (size_t)nz;
    m->q = calloc((size_t)n + 1, sizeof *m->q);
    m->v = calloc((size_t)n + 1, sizeof *m->v);
    m->acc = calloc((size_t)n + 1, sizeof *m->acc);
    m->a = calloc((size_t)n + 1, sizeof *m->a);
    m->z = calloc((size_t)nz + 1, sizeof *m->z);
    m->data = calloc((size_t)nd + 1, sizeof *m->data);
    m->data_start = calloc((size_t)nd + 1, sizeof *m->data_start);
    m->mass_diag = calloc((size_t)n + 1, sizeof *m->mass_diag);
    m->work = calloc(24 * N + 24, sizeof *m->work);
    if (m->q == NULL || m->v == NULL || m->acc == NULL || m->a == NULL || m->z == NULL ||
        m->data == NULL || m->data_start == NULL || m->mass_diag == NULL || m->work == NULL) {
        return sim_fail(m, "out of memory");
    }
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        for (int k = 0; k < b->nq; ++k) {
            m->q[b->offset + k] = b->q0[k];
            m->v[b->offset + k] = b->v0[k];
        }
        double *md = m->mass_diag + b->offset;
        switch (b->kind) {
        case SIM_POINT_2D:
        case SIM_POINT_3D:
            for (int k = 0; k < b->nq; ++k) {
                md[k] = b->mass;
            }
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
    /* pattern: diagonal, cable mass blocks, Jacobian blocks, constraints */
    size_t pairs = 0;
    for (int i = 0; i < m->block_count; ++i) {
        pairs += (size_t)m->blocks[i].ndof * (size_t)m->blocks[i].ndof;
    }
    const int ncon = constraint_pattern(m, NULL, NULL);
    pairs += (size_t)ncon;
    int *rows = malloc((pairs + 1) * sizeof *rows), *cols = malloc((pairs + 1) * sizeof *cols);
    m->constraint_map = malloc(((size_t)ncon + 1) * sizeof *m->constraint_map);
    m->mass_map = malloc(((size_t)m->cable_count * 64 + 1) * sizeof *m->mass_map);
    if (rows == NULL || cols == NULL || m->constraint_map == NULL || m->mass_map == NULL) {
        free(rows);
        free(cols);
        return sim_fail(m, "out of memory");
    }
    size_t p = 0;
    for (int i = 0; i < m->block_count; ++i) {
        const sim_block *b = &m->blocks[i];
        for (int r = 0; r < b->ndof; ++r) {
            for (int c = 0; c < b->ndof; ++c) {
                rows[p] = b->dofs[r];
                cols[p++] = b->dofs[c];
            }
        }
    }
    constraint_pattern(m, rows + p, cols + p);
    const size_t pc = p;
    p += (size_t)ncon;
    if (sim_matrix_build(&m->jac, (int)N, rows, cols, p, m->settings.linear) != 0) {
        free(rows);
        free(cols);
        return sim_fail(m, "out of memory (Jacobian pattern with %zu entries)", p);
    }
    for (int i = 0; i < ncon; ++i) {
        m->constraint_map[i] = sim_matrix_find(&m->jac, rows[pc + (size_t)i], cols[pc + (size_t)i]);
    }
    free(rows);
    free(cols);
    for (int i = 0; i < m->block_count; ++i) {
        sim_block *b = &m->blocks[i];
        for (int r = 0; r < b->ndof; ++r) {
            for (int c = 0; c < b->ndof; ++c) {
                b->map[r * b->ndof + c] = sim_matrix_find(&m->jac, b->dofs[r], b->dofs[c]);
            }
        }
    }
    int mp = 0;
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0) {
            continue;
        }
        for (int r = 0; r < 8; ++r) {
            for (int s = 0; s < 8; ++s) {
                const int dr = m->bodies[c->node[r / 4]].offset + r % 4;
                const int ds = m->bodies[c->node[s / 4]].offset + s % 4;
                m->mass_map[mp++] = sim_matrix_find(&m->jac, dr, ds);
            }
        }
    }
    /* initial data: the types' initial values, overwritten by the scene's */
    for (int i = 0; i < m->connector_count; ++i) {
        sim_connector *c = &m->connectors[i];
        mbc_initial_data(c->object->type, c->object->params, m->data + c->data_offset);
    }
    memcpy(m->data_start, m->data, (size_t)nd * sizeof *m->data);
    m->t = 0.0;
    /* data consistent with the initial state: one PostNewtonStep at t = 0 */
    double err = 0.0, rec = -1.0;
    if (sim_post_newton(m, m->q, m->v, m->z, &err, &rec) != 0) {
        return -1;
    }
    memcpy(m->data_start, m->data, (size_t)nd * sizeof *m->data);
    return 0;
}
