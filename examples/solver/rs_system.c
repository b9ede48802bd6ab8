/* SPDX-License-Identifier: BSD-3-Clause */
/* Reference solver (rs_system.h): model assembly, force and constraint
 * evaluation through libmbconnect, trapezoidal and RK4 integration with the
 * discontinuous iteration (PostNewtonStep) protocol. */
#include "rs_system.h"

#include "rs_rotation.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/rotation.h"
#include "mbconnect/vec.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* errors                                                                   */

static int rs_fail(rs_system *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->message, sizeof s->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* setup                                                                    */

void rs_settings_default(rs_settings *st)
{
    st->integrator = RS_TRAPEZOIDAL;
    st->h_max = 1e-3;
    st->h_min = 1e-9;
    st->honour_recommended_step = 1;
    st->newton_tolerance = 1e-10;
    st->newton_max_iterations = 30;
    st->discontinuous_tolerance = 1e-6;
    st->discontinuous_max_iterations = 8;
    st->fd_epsilon = 1e-7;
}

rs_system *rs_system_create(void)
{
    rs_system *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    rs_settings_default(&s->settings);
    s->stats.h_smallest = INFINITY;
    return s;
}

void rs_system_destroy(rs_system *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < s->connector_count; ++i) {
        rs_connector *c = &s->connectors[i];
        mbc_object_destroy(c->object);
        free(c->sliding_markers);
        free(c->points);
        free(c->point_velocities);
        free(c->point_forces);
        free(c->point_jacobian);
        free(c->cables);
        free(c->post_data);
    }
    free(s->q);
    free(s->u);
    free(s->z);
    free(s->data);
    free(s->data_start);
    free(s->mass);
    free(s->work);
    free(s->pivots);
    free(s);
}

static rs_body *new_body(rs_system *s, rs_body_kind kind, int nq, int nu)
{
    if (s->finalized || s->body_count >= RS_MAX_BODIES) {
        rs_fail(s, "cannot add body (finalized or more than %d bodies)", RS_MAX_BODIES);
        return NULL;
    }
    rs_body *b = &s->bodies[s->body_count++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->nq = nq;
    b->nu = nu;
    for (int i = 0; i < 9; ++i)
        b->rotation_ref[i] = (i % 4 == 0) ? 1.0 : 0.0;
    return b;
}

int rs_add_ground(rs_system *s, const double position[3])
{
    rs_body *b = new_body(s, RS_GROUND, 0, 0);
    if (b == NULL)
        return -1;
    for (int i = 0; i < 3; ++i)
        b->position[i] = position[i];
    return s->body_count - 1;
}

/* A body with n coordinates (as many velocities), its mass and its initial
 * coordinates q[0..n-1] and velocities u[0..n-1]; NULL when it cannot be
 * added (reported). */
static rs_body *new_body_at(rs_system *s, rs_body_kind kind, int n, double mass, const double *q,
                            const double *u)
{
    rs_body *b = new_body(s, kind, n, n);
    if (b == NULL)
        return NULL;
    b->mass = mass;
    for (int i = 0; i < n; ++i) {
        b->q_init[i] = q[i];
        b->u_init[i] = u[i];
    }
    return b;
}

int rs_add_mass_point_2d(rs_system *s, double mass, const double p[2], const double v[2])
{
    return new_body_at(s, RS_MASS_POINT_2D, 2, mass, p, v) ? s->body_count - 1 : -1;
}

int rs_add_mass_point_3d(rs_system *s, double mass, const double p[3], const double v[3])
{
    return new_body_at(s, RS_MASS_POINT_3D, 3, mass, p, v) ? s->body_count - 1 : -1;
}

int rs_add_rigid_2d(rs_system *s, double mass, double inertia, const double q[3], const double u[3])
{
    rs_body *b = new_body_at(s, RS_RIGID_2D, 3, mass, q, u);
    if (b == NULL)
        return -1;
    b->inertia[2] = inertia;
    return s->body_count - 1;
}

int rs_add_rigid_3d(rs_system *s, double mass, const double inertia[3], const double p[3],
                    const double A0[9], const double v[3], const double omega_local[3])
{
    rs_body *b = new_body(s, RS_RIGID_3D, 6, 6);
    if (b == NULL)
        return -1;
    b->mass = mass;
    for (int i = 0; i < 3; ++i) {
        b->inertia[i] = inertia[i];
        b->q_init[i] = p[i];
        b->q_init[3 + i] = 0.0;
        b->u_init[i] = v[i];
        b->u_init[3 + i] = omega_local[i];
    }
    for (int i = 0; i < 9; ++i)
        b->rotation_ref[i] = A0[i];
    return s->body_count - 1;
}

int rs_add_cable2d_fixed(rs_system *s, const double q[8], double length)
{
    rs_body *b = new_body(s, RS_CABLE2D_FIXED, 0, 0);
    if (b == NULL)
        return -1;
    for (int i = 0; i < 8; ++i) {
        b->cable.q[i] = q[i];
        b->cable.q_t[i] = 0.0;
    }
    b->cable.length = length;
    return s->body_count - 1;
}

static int new_marker(rs_system *s, rs_marker_kind kind, int body, int segments, double h)
{
    if (s->finalized || s->marker_count >= RS_MAX_MARKERS)
        return rs_fail(s, "cannot add marker (finalized or more than %d)", RS_MAX_MARKERS);
    if (body < 0 || body >= s->body_count)
        return rs_fail(s, "marker: body %d does not exist", body);
    rs_marker *m = &s->markers[s->marker_count];
    m->kind = kind;
    m->body = body;
    m->segments = segments;
    m->vertical_offset = h;
    return s->marker_count++;
}

int rs_add_body_marker(rs_system *s, int body)
{
    if (body >= 0 && body < s->body_count &&
        (s->bodies[body].kind == RS_CABLE2D_FIXED || s->bodies[body].kind == RS_ALE_NODE))
        return rs_fail(s, "body marker: body %d has no reference point", body);
    return new_marker(s, RS_MARKER_BODY, body, 0, 0.0);
}

int rs_add_cable_shape_marker(rs_system *s, int cable_body, int segments, double vertical_offset)
{
    if (cable_body < 0 || cable_body >= s->body_count ||
        s->bodies[cable_body].kind != RS_CABLE2D_FIXED || segments < 1) {
        return rs_fail(s, "cable shape marker: body %d is not a cable or segments %d < 1",
                       cable_body, segments);
    }
    return new_marker(s, RS_MARKER_CABLE2D_SHAPE, cable_body, segments, vertical_offset);
}

int rs_add_cable_coordinates_marker(rs_system *s, int cable_body)
{
    if (cable_body < 0 || cable_body >= s->body_count ||
        s->bodies[cable_body].kind != RS_CABLE2D_FIXED)
        return rs_fail(s, "cable coordinates marker: body %d is not a cable", cable_body);
    return new_marker(s, RS_MARKER_CABLE2D_COORDINATES, cable_body, 0, 0.0);
}

int rs_add_data_node(rs_system *s, size_t count, const double *initial)
{
    if (s->finalized || s->node_count >= RS_MAX_NODES)
        return rs_fail(s, "cannot add node (finalized or more than %d)", RS_MAX_NODES);
    const size_t cap = sizeof s->nodes[0].initial / sizeof s->nodes[0].initial[0];
    if (count > cap)
        return rs_fail(s, "data node: %zu coordinates, at most %zu supported", count, cap);
    rs_node *n = &s->nodes[s->node_count];
    memset(n, 0, sizeof *n);
    n->kind = RS_NODE_DATA;
    n->body = -1;
    n->count = count;
    if (initial != NULL) {
        n->has_initial = 1;
        for (size_t i = 0; i < count; ++i)
            n->initial[i] = initial[i];
    }
    return s->node_count++;
}

int rs_add_ale_node(rs_system *s, double s0, double v0, double mass)
{
    if (s->node_count >= RS_MAX_NODES)
        return rs_fail(s, "too many nodes");
    rs_body *b = new_body(s, RS_ALE_NODE, 1, 1);
    if (b == NULL)
        return -1;
    b->mass = mass;
    b->q_init[0] = s0;
    b->u_init[0] = v0;
    rs_node *n = &s->nodes[s->node_count];
    memset(n, 0, sizeof *n);
    n->kind = RS_NODE_ODE2;
    n->body = s->body_count - 1;
    return s->node_count++;
}

int rs_add_connector(rs_system *s, mbc_object *o)
{
    if (o == NULL)
        return rs_fail(s, "connector: NULL object");
    if (s->finalized || s->connector_count >= RS_MAX_CONNECTORS) {
        mbc_object_destroy(o);
        return rs_fail(s, "cannot add connector (finalized or more than %d)", RS_MAX_CONNECTORS);
    }
    const char *name = o->type->type_name;
    rs_connector_kind kind;
    if (strcmp(name, "ContactSphereSphere") == 0) {
        kind = RS_CON_SPHERE_SPHERE;
    } else if (strcmp(name, "ContactConvexRoll") == 0) {
        kind = RS_CON_CONVEX_ROLL;
    } else if (strcmp(name, "ContactFrictionCircleCable2D") == 0) {
        kind = RS_CON_CIRCLE_CABLE;
    } else if (strcmp(name, "JointALEMoving2D") == 0) {
        kind = RS_CON_ALE_JOINT;
    } else {
        mbc_object_destroy(o);
        return rs_fail(s, "connector type %s not supported by the reference solver", name);
    }
    rs_connector *c = &s->connectors[s->connector_count];
    memset(c, 0, sizeof *c);
    c->object = o;
    c->kind = kind;
    c->data_node = -1;
    c->ale_node = -1;
    return s->connector_count++;
}

/* ------------------------------------------------------------------------ */
/* body kinematics and generalized forces                                   */

static void identity3(double A[9])
{
    for (int i = 0; i < 9; ++i)
        A[i] = (i % 4 == 0) ? 1.0 : 0.0;
}

/* Reference-point kinematics of body b at (q, u). */
static void body_marker(const rs_body *b, const double *q, const double *u, mbc_rigid_marker *m)
{
    memset(m, 0, sizeof *m);
    identity3(m->rotation);
    const double *bq = q + b->q_offset;
    const double *bu = u + b->u_offset;
    switch (b->kind) {
    case RS_GROUND:
        for (int i = 0; i < 3; ++i)
            m->position[i] = b->position[i];
        break;
    case RS_MASS_POINT_2D:
        m->position[0] = bq[0];
        m->position[1] = bq[1];
        m->velocity[0] = bu[0];
        m->velocity[1] = bu[1];
        break;
    case RS_MASS_POINT_3D:
        for (int i = 0; i < 3; ++i) {
            m->position[i] = bq[i];
            m->velocity[i] = bu[i];
        }
        break;
    case RS_RIGID_2D:
        m->position[0] = bq[0];
        m->position[1] = bq[1];
        m->velocity[0] = bu[0];
        m->velocity[1] = bu[1];
        rs_rot_z(bq[2], m->rotation);
        m->angular_velocity_local[2] = bu[2];
        break;
    case RS_RIGID_3D: {
        double E[9];
        mbc_rotation_exp(bq + 3, E);
        rs_mat3_mul(b->rotation_ref, E, m->rotation);
        for (int i = 0; i < 3; ++i) {
            m->position[i] = bq[i];
            m->velocity[i] = bu[i];
            m->angular_velocity_local[i] = bu[3 + i];
        }
        break;
    }
    default:
        break;
    }
}

/* Adds the generalized force of a force f and torque tau (global, at the
 * reference point) on body b to F. */
static void body_apply(const rs_body *b, const double *q, const double f[3], const double tau[3],
                       double *F)
{
    double *bf = F + b->u_offset;
    switch (b->kind) {
    case RS_MASS_POINT_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        break;
    case RS_MASS_POINT_3D:
        for (int i = 0; i < 3; ++i)
            bf[i] += f[i];
        break;
    case RS_RIGID_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        bf[2] += tau[2];
        break;
    case RS_RIGID_3D: {
        double E[9], A[9], tl[3];
        mbc_rotation_exp(q + b->q_offset + 3, E);
        rs_mat3_mul(b->rotation_ref, E, A);
        mbc_mat3_tmul(A, tau, tl);
        for (int i = 0; i < 3; ++i) {
            bf[i] += f[i];
            bf[3 + i] += tl[i];
        }
        break;
    }
    default: /* ground, fixed cable: reactions are not integrated */
        break;
    }
}

/* Number of translational coordinates of a body's reference point (they are
 * the first coordinates, in q and in u). */
static int body_translations(const rs_body *b)
{
    switch (b->kind) {
    case RS_MASS_POINT_2D:
    case RS_RIGID_2D:
        return 2;
    case RS_MASS_POINT_3D:
    case RS_RIGID_3D:
        return 3;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------------ */
/* connector state                                                          */

typedef struct rs_eval {
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    mbc_state state;
} rs_eval;

/* Fills e->state for connector c at (q, u, z) with current data `data` and
 * start-of-step data `data_start` (both full system vectors). */
static void connector_state(rs_system *s, rs_connector *c, const double *q, const double *u,
                            const double *z, const double *data, const double *data_start,
                            rs_eval *e)
{
    memset(e, 0, sizeof *e);
    mbc_state *st = &e->state;
    const rs_node *dn = &s->nodes[c->data_node];
    st->data = data + dn->offset;
    st->data_start = data_start + dn->offset;
    st->data_count = dn->count;
    const rs_marker *m0 = &s->markers[c->marker[0]];
    body_marker(&s->bodies[m0->body], q, u, &e->rigid[0]);
    st->marker[0] = &e->rigid[0];
    switch (c->kind) {
    case RS_CON_SPHERE_SPHERE:
    case RS_CON_CONVEX_ROLL: {
        const rs_marker *m1 = &s->markers[c->marker[1]];
        body_marker(&s->bodies[m1->body], q, u, &e->rigid[1]);
        st->marker[1] = &e->rigid[1];
        break;
    }
    case RS_CON_CIRCLE_CABLE: {
        /* Cable2DShape marker: points and point velocities of the element */
        const rs_marker *m1 = &s->markers[c->marker[1]];
        const mbc_cable_element *el = &s->bodies[m1->body].cable;
        mbc_ancf_cable2d_shape_points(el->q, el->length, m1->vertical_offset, m1->segments,
                                      c->points, NULL);
        mbc_ancf_cable2d_shape_point_velocities(el->q, el->q_t, el->length, m1->vertical_offset,
                                                0.0, m1->segments, c->point_velocities, NULL);
        e->cable.segment_count = (size_t)m1->segments;
        e->cable.points = c->points;
        e->cable.point_velocities = c->point_velocities;
        e->cable.length = el->length;
        e->cable.ale_coordinate = 0.0;
        st->cable = &e->cable;
        break;
    }
    case RS_CON_ALE_JOINT: {
        for (size_t k = 0; k < c->sliding_count; ++k) {
            const rs_marker *mk = &s->markers[c->sliding_markers[k]];
            c->cables[k] = s->bodies[mk->body].cable;
        }
        st->cables = c->cables;
        st->cable_count = c->sliding_count;
        const rs_body *ale = &s->bodies[s->nodes[c->ale_node].body];
        st->ale_q = q[ale->q_offset];
        st->ale_q_t = u[ale->u_offset];
        st->lagrange = z + c->z_offset;
        break;
    }
    }
}

/* ------------------------------------------------------------------------ */
/* system functions                                                         */

/* qdot = K(q) u. */
static void eval_kinematics(const rs_system *s, const double *q, const double *u, double *qdot)
{
    for (int i = 0; i < s->body_count; ++i) {
        const rs_body *b = &s->bodies[i];
        const double *bq = q + b->q_offset;
        const double *bu = u + b->u_offset;
        double *bd = qdot + b->q_offset;
        if (b->kind == RS_RIGID_3D) {
            for (int k = 0; k < 3; ++k)
                bd[k] = bu[k];
            rs_rotvec_rate(bq + 3, bu + 3, bd + 3);
        } else {
            for (int k = 0; k < b->nq; ++k)
                bd[k] = bu[k];
        }
    }
}

/* F(q, u): gravity, gyroscopic terms and connector forces (no constraint
 * forces), with the active set read from `data`. */
static int eval_forces(rs_system *s, const double *q, const double *u, const double *data,
                       double *F)
{
    for (int i = 0; i < s->nu; ++i)
        F[i] = 0.0;
    for (int i = 0; i < s->body_count; ++i) {
        const rs_body *b = &s->bodies[i];
        double *bf = F + b->u_offset;
        const int nt = body_translations(b);
        for (int k = 0; k < nt; ++k)
            bf[k] += b->mass * s->gravity[k];
        if (b->kind == RS_RIGID_3D) {
            const double *w = u + b->u_offset + 3;
            const double Jw[3] = {b->inertia[0] * w[0], b->inertia[1] * w[1], b->inertia[2] * w[2]};
            double g[3];
            mbc_cross3(w, Jw, g);
            for (int k = 0; k < 3; ++k)
                bf[3 + k] -= g[k];
        }
    }
    for (int i = 0; i < s->connector_count; ++i) {
        rs_connector *c = &s->connectors[i];
        if (c->kind == RS_CON_ALE_JOINT)
            continue;
        rs_eval e;
        connector_state(s, c, q, u, s->z, data, s->data_start, &e);
        mbc_forces out;
        memset(&out, 0, sizeof out);
        if (c->kind == RS_CON_CIRCLE_CABLE) {
            out.cable_point_forces = c->point_forces;
            out.cable_point_count = c->segments + 1;
        }
        mbc_error err;
        const mbc_status st = mbc_object_forces(c->object, &e.state, &out, &err);
        if (st != MBC_OK) {
            return rs_fail(s, "connector %d (%s): forces: %s", i, c->object->type->type_name,
                           err.message);
        }
        body_apply(&s->bodies[s->markers[c->marker[0]].body], q, out.force[0], out.torque[0], F);
        if (c->kind == RS_CON_CIRCLE_CABLE) {
            /* Cable point forces -> generalized element forces J^T f. The
             * element is fixed here, so this is its reaction (diagnostic);
             * a flexible element would add it to its 8 coordinates. */
            const rs_marker *m1 = &s->markers[c->marker[1]];
            const mbc_cable_element *el = &s->bodies[m1->body].cable;
            mbc_ancf_cable2d_shape_point_jacobian(el->q, el->length, m1->vertical_offset,
                                                  m1->segments, c->point_jacobian, NULL);
            const size_t rows = 2 * (c->segments + 1);
            for (int j = 0; j < 8; ++j) {
                double acc = 0.0;
                for (size_t r = 0; r < rows; ++r)
                    acc += c->point_jacobian[r * 8 + (size_t)j] * c->point_forces[r];
                c->cable_generalized_force[j] = acc;
            }
        } else {
            body_apply(&s->bodies[s->markers[c->marker[1]].body], q, out.force[1], out.torque[1],
                       F);
        }
    }
    return 0;
}

/* Constraints C(q, z) (nz) and Jacobians Cq (nz x nq), Cu (nz x nu: the
 * same derivatives in velocity space, for C_q^T z), Cz (nz x nz). */
static int eval_constraints(rs_system *s, const double *q, const double *u, const double *z,
                            const double *data, double *C, double *Cq, double *Cu, double *Cz)
{
    const int nz = s->nz;
    if (nz == 0)
        return 0;
    memset(Cq, 0, (size_t)nz * (size_t)s->nq * sizeof *Cq);
    memset(Cu, 0, (size_t)nz * (size_t)s->nu * sizeof *Cu);
    memset(Cz, 0, (size_t)nz * (size_t)nz * sizeof *Cz);
    for (int i = 0; i < s->connector_count; ++i) {
        rs_connector *c = &s->connectors[i];
        if (c->kind != RS_CON_ALE_JOINT)
            continue;
        rs_eval e;
        connector_state(s, c, q, u, z, data, s->data_start, &e);
        mbc_algebraic a;
        mbc_error err;
        const mbc_status st = mbc_object_algebraic_equations(c->object, &e.state, &a, &err);
        if (st != MBC_OK) {
            return rs_fail(s, "connector %d (JointALEMoving2D): algebraic equations: %s", i,
                           err.message);
        }
        const rs_body *b0 = &s->bodies[s->markers[c->marker[0]].body];
        const rs_body *ale = &s->bodies[s->nodes[c->ale_node].body];
        const int nt = body_translations(b0) < 3 ? body_translations(b0) : 3;
        for (int r = 0; r < 2; ++r) {
            const size_t row = c->z_offset + (size_t)r;
            C[row] = a.position[r];
            for (int k = 0; k < nt; ++k) {
                Cq[row * (size_t)s->nq + (size_t)(b0->q_offset + k)] += a.d_marker0[3 * r + k];
                Cu[row * (size_t)s->nu + (size_t)(b0->u_offset + k)] += a.d_marker0[3 * r + k];
            }
            Cq[row * (size_t)s->nq + (size_t)ale->q_offset] += a.d_ale[r];
            Cu[row * (size_t)s->nu + (size_t)ale->u_offset] += a.d_ale[r];
            /* a.d_cable: the cable elements are fixed (no coordinates). */
            for (int k = 0; k < 2; ++k)
                Cz[row * (size_t)nz + c->z_offset + (size_t)k] = a.d_lagrange[2 * r + k];
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* finalize                                                                 */

static int get_indices(rs_system *s, const mbc_object *o, const char *name, mbc_index *out,
                       size_t cap, size_t *count)
{
    double v[64];
    mbc_error err;
    err.message[0] = '\0';
    size_t n = 0;
    if (cap > 64 || mbc_object_get(o, name, v, cap, &n, &err) != MBC_OK || n > cap)
        return rs_fail(s, "%s.%s: cannot read (%s)", o->type->type_name, name, err.message);
    for (size_t i = 0; i < n; ++i)
        out[i] = (mbc_index)v[i];
    *count = n;
    return 0;
}

static int check_marker(rs_system *s, mbc_index m, rs_marker_kind kind, const char *what)
{
    if (m < 0 || m >= s->marker_count || s->markers[m].kind != kind)
        return rs_fail(s, "%s: marker %d missing or of the wrong kind", what, (int)m);
    return 0;
}

static int post_newton(rs_system *s, const double *q, const double *u, const double *z,
                       double *error, double *recommended);

static int setup_connector(rs_system *s, int i, size_t *z_count)
{
    rs_connector *c = &s->connectors[i];
    mbc_object *o = c->object;
    mbc_error errs[4];
    size_t violations = 0;
    if (mbc_object_initialize(o, errs, 4, &violations) != MBC_OK) {
        return rs_fail(s, "connector %d (%s): %s", i, o->type->type_name,
                       violations > 0 ? errs[0].message : "initialize failed");
    }
    size_t n = 0;
    if (get_indices(s, o, "markerNumbers", c->marker, 2, &n) != 0 || n != 2)
        return -1;
    mbc_index nodes[2] = {-1, -1};
    if (c->kind == RS_CON_ALE_JOINT) {
        if (get_indices(s, o, "nodeNumbers", nodes, 2, &n) != 0)
            return -1;
        c->data_node = nodes[0];
        c->ale_node = nodes[1];
        if (c->ale_node < 0 || c->ale_node >= s->node_count ||
            s->nodes[c->ale_node].kind != RS_NODE_ODE2) {
            return rs_fail(s, "connector %d: nodeNumbers[1] = %d is not an ALE node", i,
                           c->ale_node);
        }
        mbc_index sm[64];
        if (get_indices(s, o, "slidingMarkerNumbers", sm, 64, &n) != 0)
            return -1;
        c->sliding_count = n;
        c->sliding_markers = malloc(n * sizeof *c->sliding_markers);
        c->cables = malloc(n * sizeof *c->cables);
        if (c->sliding_markers == NULL || c->cables == NULL)
            return rs_fail(s, "out of memory");
        for (size_t k = 0; k < n; ++k) {
            c->sliding_markers[k] = sm[k];
            if (check_marker(s, sm[k], RS_MARKER_CABLE2D_COORDINATES, "slidingMarkerNumbers") != 0)
                return -1;
        }
        c->z_offset = *z_count;
        *z_count += 2;
        if (check_marker(s, c->marker[1], RS_MARKER_CABLE2D_COORDINATES, "ALE joint m1") != 0)
            return -1;
        if (body_translations(&s->bodies[s->markers[c->marker[0]].body]) == 0)
            return rs_fail(s, "ALE joint m0 must be a mass point or rigid body marker");
    } else {
        if (get_indices(s, o, "nodeNumber", nodes, 1, &n) != 0)
            return -1;
        c->data_node = nodes[0];
        if (c->kind == RS_CON_CIRCLE_CABLE) {
            if (check_marker(s, c->marker[1], RS_MARKER_CABLE2D_SHAPE, "circle-cable m1") != 0)
                return -1;
            const size_t segs = (size_t)s->markers[c->marker[1]].segments;
            c->segments = segs;
            c->points = calloc(2 * (segs + 1), sizeof *c->points);
            c->point_velocities = calloc(2 * (segs + 1), sizeof *c->point_velocities);
            c->point_forces = calloc(2 * (segs + 1), sizeof *c->point_forces);
            c->point_jacobian = calloc(16 * (segs + 1), sizeof *c->point_jacobian);
            if (c->points == NULL || c->point_velocities == NULL || c->point_forces == NULL ||
                c->point_jacobian == NULL)
                return rs_fail(s, "out of memory");
        } else if (check_marker(s, c->marker[1], RS_MARKER_BODY, "connector m1") != 0) {
            return -1;
        }
    }
    if (check_marker(s, c->marker[0], RS_MARKER_BODY, "connector m0") != 0)
        return -1;
    if (c->data_node < 0 || c->data_node >= s->node_count ||
        s->nodes[c->data_node].kind != RS_NODE_DATA)
        return rs_fail(s, "connector %d: data node %d missing", i, c->data_node);
    const size_t need = mbc_data_count(o->type, o->params);
    if (s->nodes[c->data_node].count != need) {
        return rs_fail(s, "connector %d (%s): data node has %zu coordinates, type needs %zu", i,
                       o->type->type_name, s->nodes[c->data_node].count, need);
    }
    c->post_data = calloc(need, sizeof *c->post_data);
    if (c->post_data == NULL)
        return rs_fail(s, "out of memory");
    return 0;
}

int rs_system_finalize(rs_system *s)
{
    if (s->finalized)
        return rs_fail(s, "already finalized");
    int nq = 0, nu = 0;
    for (int i = 0; i < s->body_count; ++i) {
        s->bodies[i].q_offset = nq;
        s->bodies[i].u_offset = nu;
        nq += s->bodies[i].nq;
        nu += s->bodies[i].nu;
    }
    size_t nd = 0;
    for (int i = 0; i < s->node_count; ++i) {
        if (s->nodes[i].kind == RS_NODE_DATA) {
            s->nodes[i].offset = nd;
            nd += s->nodes[i].count;
        }
    }
    size_t nz = 0;
    for (int i = 0; i < s->connector_count; ++i)
        if (setup_connector(s, i, &nz) != 0)
            return -1;
    s->nq = nq;
    s->nu = nu;
    s->nz = (int)nz;
    s->nd = nd;
    const size_t n = (size_t)(nq + nu) + nz;
    /* work: x, x0, R, R1, dx, F0, F1, qd0, qd1, C, Cq, Cu, Cz, J, y-stages */
    const size_t work = 8 * n + 4 * (size_t)(nq + nu) + nz + nz * (size_t)nq + nz * (size_t)nu +
                        nz * nz + n * n + 8 * (size_t)(nq + nu) + (size_t)nu * (size_t)nu;
    s->q = calloc((size_t)nq + 1, sizeof *s->q);
    s->u = calloc((size_t)nu + 1, sizeof *s->u);
    s->z = calloc(nz + 1, sizeof *s->z);
    s->data = calloc(nd + 1, sizeof *s->data);
    s->data_start = calloc(nd + 1, sizeof *s->data_start);
    s->mass = calloc((size_t)nu * (size_t)nu + 1, sizeof *s->mass);
    s->work = calloc(work + 1, sizeof *s->work);
    s->pivots = calloc(n + 1, sizeof *s->pivots);
    if (s->q == NULL || s->u == NULL || s->z == NULL || s->data == NULL || s->data_start == NULL ||
        s->mass == NULL || s->work == NULL || s->pivots == NULL)
        return rs_fail(s, "out of memory");
    for (int i = 0; i < s->body_count; ++i) {
        const rs_body *b = &s->bodies[i];
        for (int k = 0; k < b->nq; ++k)
            s->q[b->q_offset + k] = b->q_init[k];
        for (int k = 0; k < b->nu; ++k)
            s->u[b->u_offset + k] = b->u_init[k];
        double diag[6] = {0};
        const int nt = body_translations(b);
        for (int k = 0; k < nt; ++k)
            diag[k] = b->mass;
        if (b->kind == RS_RIGID_2D)
            diag[2] = b->inertia[2];
        else if (b->kind == RS_RIGID_3D)
            for (int k = 0; k < 3; ++k)
                diag[3 + k] = b->inertia[k];
        else if (b->kind == RS_ALE_NODE)
            diag[0] = b->mass;
        for (int k = 0; k < b->nu; ++k) {
            const size_t r = (size_t)(b->u_offset + k);
            s->mass[r * (size_t)nu + r] = diag[k];
        }
    }
    /* initial data: given values, else the type's defaults */
    for (int i = 0; i < s->node_count; ++i) {
        const rs_node *nd_i = &s->nodes[i];
        if (nd_i->kind == RS_NODE_DATA && nd_i->has_initial)
            for (size_t k = 0; k < nd_i->count; ++k)
                s->data[nd_i->offset + k] = nd_i->initial[k];
    }
    for (int i = 0; i < s->connector_count; ++i) {
        const rs_connector *c = &s->connectors[i];
        const rs_node *dn = &s->nodes[c->data_node];
        if (!dn->has_initial)
            mbc_initial_data(c->object->type, c->object->params, s->data + dn->offset);
    }
    memcpy(s->data_start, s->data, nd * sizeof *s->data);
    s->finalized = 1;
    s->t = 0.0;
    /* data consistent with the initial geometry: one PostNewtonStep at t = 0 */
    double err = 0.0, rec = -1.0;
    if (post_newton(s, s->q, s->u, s->z, &err, &rec) != 0)
        return -1;
    memcpy(s->data_start, s->data, nd * sizeof *s->data);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* PostNewtonStep of all connectors                                         */

/* Calls every connector's PostNewtonStep at (q, u, z) with the current and
 * start-of-step data, writes the new current data, re-links the ALE joint's
 * marker m1, and returns the summed error and the smallest recommended step
 * (< 0: none). */
static int post_newton(rs_system *s, const double *q, const double *u, const double *z,
                       double *error, double *recommended)
{
    *error = 0.0;
    *recommended = -1.0;
    for (int i = 0; i < s->connector_count; ++i) {
        rs_connector *c = &s->connectors[i];
        rs_eval e;
        connector_state(s, c, q, u, z, s->data, s->data_start, &e);
        mbc_post_newton out;
        memset(&out, 0, sizeof out);
        out.data = c->post_data;
        mbc_error err;
        const mbc_status st = mbc_object_post_newton_step(c->object, &e.state, &out, &err);
        if (st != MBC_OK) {
            return rs_fail(s, "connector %d (%s): PostNewtonStep: %s", i,
                           c->object->type->type_name, err.message);
        }
        const rs_node *dn = &s->nodes[c->data_node];
        memcpy(s->data + dn->offset, c->post_data, dn->count * sizeof *s->data);
        *error += out.error;
        c->last_error = out.error;
        c->warnings |= out.warnings;
        if (out.recommended_step > 0.0 &&
            (*recommended < 0.0 || out.recommended_step < *recommended))
            *recommended = out.recommended_step;
        if (c->kind == RS_CON_ALE_JOINT && out.marker_number1 != MBC_INVALID_INDEX &&
            out.marker_number1 != c->marker[1]) {
            if (check_marker(s, out.marker_number1, RS_MARKER_CABLE2D_COORDINATES,
                             "ALE joint re-linked m1") != 0)
                return -1;
            c->marker[1] = out.marker_number1; /* re-link marker m1 */
            mbc_error e2;
            const double m1 = (double)out.marker_number1;
            double mk[2] = {(double)c->marker[0], m1};
            if (mbc_object_set_array(c->object, "markerNumbers", mk, 2, &e2) != MBC_OK)
                return rs_fail(s, "ALE joint: re-linking m1: %s", e2.message);
            size_t v = 0;
            mbc_error e3[2];
            if (mbc_object_initialize(c->object, e3, 2, &v) != MBC_OK)
                return rs_fail(s, "ALE joint: re-initialize: %s", v ? e3[0].message : "");
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* trapezoidal rule with Newton                                             */

typedef struct rs_work {
    double *x, *x0, *R, *R1, *dx;
    double *F0, *F1, *qd0, *qd1;
    double *C, *Cq, *Cu, *Cz;
    double *J;
    double *y, *k[4], *yt; /* RK4 */
    double *Mf;            /* RK4: factorized copy of M */
} rs_work;

static void work_layout(const rs_system *s, rs_work *w)
{
    const size_t nq = (size_t)s->nq, nu = (size_t)s->nu, nz = (size_t)s->nz;
    const size_t n = nq + nu + nz, ny = nq + nu;
    double *p = s->work;
    w->x = p;
    p += n;
    w->x0 = p;
    p += n;
    w->R = p;
    p += n;
    w->R1 = p;
    p += n;
    w->dx = p;
    p += n;
    p += 3 * n; /* spare */
    w->F0 = p;
    p += ny;
    w->F1 = p;
    p += ny;
    w->qd0 = p;
    p += ny;
    w->qd1 = p;
    p += ny;
    w->C = p;
    p += nz;
    w->Cq = p;
    p += nz * nq;
    w->Cu = p;
    p += nz * nu;
    w->Cz = p;
    p += nz * nz;
    w->J = p;
    p += n * n;
    w->y = p;
    p += ny;
    for (int i = 0; i < 4; ++i) {
        w->k[i] = p;
        p += ny;
    }
    w->yt = p;
    p += ny;
    p += 2 * ny; /* spare */
    w->Mf = p;
}

/* ODE part of the trapezoidal residual at x = (q1, u1):
 *   R_q = q1 - q0 - h/2 (qd0 + K(q1) u1)
 *   R_u = M (u1 - u0) - h/2 (F0 + F(q1, u1)). */
static int ode_residual(rs_system *s, rs_work *w, double h, const double *x, double *R)
{
    const int nq = s->nq, nu = s->nu;
    const double *q1 = x, *u1 = x + nq;
    eval_kinematics(s, q1, u1, w->qd1);
    if (eval_forces(s, q1, u1, s->data, w->F1) != 0)
        return -1;
    for (int i = 0; i < nq; ++i)
        R[i] = q1[i] - s->q[i] - 0.5 * h * (w->qd0[i] + w->qd1[i]);
    for (int i = 0; i < nu; ++i) {
        double mdu = 0.0;
        for (int j = 0; j < nu; ++j)
            mdu += s->mass[(size_t)i * (size_t)nu + (size_t)j] * (u1[j] - s->u[j]);
        R[nq + i] = mdu - 0.5 * h * (w->F0[i] + w->F1[i]);
    }
    return 0;
}

/* Full residual and (optionally) Jacobian at x = (q1, u1, z). */
static int trap_residual(rs_system *s, rs_work *w, double h, double *x, double *R, double *J)
{
    const int nq = s->nq, nu = s->nu, nz = s->nz;
    const int ny = nq + nu, n = ny + nz;
    if (ode_residual(s, w, h, x, R) != 0)
        return -1;
    if (nz > 0) {
        if (eval_constraints(s, x, x + nq, x + ny, s->data, w->C, w->Cq, w->Cu, w->Cz) != 0)
            return -1;
        for (int i = 0; i < nu; ++i) { /* + h C_u^T z */
            double acc = 0.0;
            for (int r = 0; r < nz; ++r)
                acc += w->Cu[(size_t)r * (size_t)nu + (size_t)i] * x[ny + r];
            R[nq + i] += h * acc;
        }
        for (int r = 0; r < nz; ++r)
            R[ny + r] = w->C[r];
    }
    if (J == NULL)
        return 0;
    memset(J, 0, (size_t)n * (size_t)n * sizeof *J);
    /* finite differences of the ODE part (forces and kinematics) */
    for (int j = 0; j < ny; ++j) {
        const double xj = x[j];
        const double eps = s->settings.fd_epsilon * (1.0 + fabs(xj));
        x[j] = xj + eps;
        const int st = ode_residual(s, w, h, x, w->R1);
        x[j] = xj;
        if (st != 0)
            return -1;
        /* R (ODE rows) without the constraint term: recompute the base */
        for (int i = 0; i < ny; ++i)
            J[(size_t)i * (size_t)n + (size_t)j] = w->R1[i];
    }
    if (ode_residual(s, w, h, x, w->R1) != 0)
        return -1;
    for (int j = 0; j < ny; ++j) {
        const double eps = s->settings.fd_epsilon * (1.0 + fabs(x[j]));
        for (int i = 0; i < ny; ++i) {
            double *e = &J[(size_t)i * (size_t)n + (size_t)j];
            *e = (*e - w->R1[i]) / eps;
        }
    }
    /* constraint blocks from the library (mbc_algebraic); the derivative of
     * C_u^T z with respect to q (geometric stiffness) is neglected. */
    for (int r = 0; r < nz; ++r) {
        for (int j = 0; j < nq; ++j)
            J[(size_t)(ny + r) * (size_t)n + (size_t)j] = w->Cq[(size_t)r * (size_t)nq + (size_t)j];
        for (int k = 0; k < nz; ++k) {
            J[(size_t)(ny + r) * (size_t)n + (size_t)(ny + k)] =
                w->Cz[(size_t)r * (size_t)nz + (size_t)k];
        }
        for (int i = 0; i < nu; ++i) {
            J[(size_t)(nq + i) * (size_t)n + (size_t)(ny + r)] =
                h * w->Cu[(size_t)r * (size_t)nu + (size_t)i];
        }
    }
    return 0;
}

/* Newton solve of the trapezoidal step from the iterate in w->x.
 * Returns 0 (converged), 1 (not converged / singular), -1 (error). */
static int trap_newton(rs_system *s, rs_work *w, double h)
{
    const int n = s->nq + s->nu + s->nz;
    double previous = INFINITY;
    for (int it = 0; it < s->settings.newton_max_iterations; ++it) {
        if (trap_residual(s, w, h, w->x, w->R, w->J) != 0)
            return -1;
        for (int i = 0; i < n; ++i)
            w->dx[i] = -w->R[i];
        s->stats.newton_iterations++;
        if (rs_solve(n, w->J, w->dx, s->pivots) != 0)
            return 1;
        double worst = 0.0;
        for (int i = 0; i < n; ++i) {
            if (!isfinite(w->dx[i]))
                return 1;
            w->x[i] += w->dx[i];
            const double r = fabs(w->dx[i]) / (1.0 + fabs(w->x[i]));
            if (r > worst)
                worst = r;
        }
        if (worst <= s->settings.newton_tolerance)
            return 0;
        /* stagnation at the rounding floor (no more progress, already tiny) */
        if (it > 1 && worst <= 1e3 * s->settings.newton_tolerance && worst >= 0.5 * previous)
            return 0;
        previous = worst;
    }
    return 1;
}

/* ------------------------------------------------------------------------ */
/* RK4                                                                      */

/* y' = (K(q) u, M^{-1} F(q, u)) with the data frozen (current copy). */
static int rk4_rhs(rs_system *s, rs_work *w, const double *y, double *yd)
{
    const int nq = s->nq, nu = s->nu;
    eval_kinematics(s, y, y + nq, yd);
    if (eval_forces(s, y, y + nq, s->data, yd + nq) != 0)
        return -1;
    memcpy(w->Mf, s->mass, (size_t)nu * (size_t)nu * sizeof *w->Mf);
    if (rs_solve(nu, w->Mf, yd + nq, s->pivots) != 0)
        return rs_fail(s, "RK4: singular mass matrix");
    return 0;
}

static int rk4_step(rs_system *s, rs_work *w, double h)
{
    const int ny = s->nq + s->nu;
    double *y0 = w->y;
    memcpy(y0, s->q, (size_t)s->nq * sizeof *y0);
    memcpy(y0 + s->nq, s->u, (size_t)s->nu * sizeof *y0);
    const double c[3] = {0.5, 0.5, 1.0};
    if (rk4_rhs(s, w, y0, w->k[0]) != 0)
        return -1;
    for (int st = 1; st < 4; ++st) {
        for (int i = 0; i < ny; ++i)
            w->yt[i] = y0[i] + c[st - 1] * h * w->k[st - 1][i];
        if (rk4_rhs(s, w, w->yt, w->k[st]) != 0)
            return -1;
    }
    for (int i = 0; i < ny; ++i)
        w->x[i] = y0[i] + h / 6.0 * (w->k[0][i] + 2.0 * w->k[1][i] + 2.0 * w->k[2][i] + w->k[3][i]);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* step with the discontinuous iteration                                    */

static void accept_step(rs_system *s, rs_work *w, double h)
{
    const int nq = s->nq, nu = s->nu;
    memcpy(s->q, w->x, (size_t)nq * sizeof *s->q);
    memcpy(s->u, w->x + nq, (size_t)nu * sizeof *s->u);
    if (s->nz > 0)
        memcpy(s->z, w->x + nq + nu, (size_t)s->nz * sizeof *s->z);
    /* 3D rigid bodies: fold the rotation increment into the reference */
    for (int i = 0; i < s->body_count; ++i) {
        rs_body *b = &s->bodies[i];
        if (b->kind == RS_RIGID_3D) {
            double E[9], A[9];
            double *th = s->q + b->q_offset + 3;
            mbc_rotation_exp(th, E);
            rs_mat3_mul(b->rotation_ref, E, A);
            memcpy(b->rotation_ref, A, sizeof A);
            th[0] = th[1] = th[2] = 0.0;
        }
    }
    /* the accepted current data become the start-of-step data */
    memcpy(s->data_start, s->data, s->nd * sizeof *s->data);
    s->t += h;
    s->stats.steps++;
    if (h < s->stats.h_smallest)
        s->stats.h_smallest = h;
}

int rs_step(rs_system *s, double h, double *h_taken)
{
    if (!s->finalized)
        return rs_fail(s, "rs_step: system not finalized");
    if (s->settings.integrator == RS_RK4 && s->nz > 0)
        return rs_fail(s, "RK4 is for contact-only systems (no algebraic equations)");
    rs_work w;
    work_layout(s, &w);
    const int nq = s->nq, nu = s->nu, nz = s->nz;
    for (int attempt = 0; attempt < 60; ++attempt) {
        /* every attempt starts from the start-of-step data */
        memcpy(s->data, s->data_start, s->nd * sizeof *s->data);
        if (s->settings.integrator == RS_TRAPEZOIDAL) {
            eval_kinematics(s, s->q, s->u, w.qd0);
            if (eval_forces(s, s->q, s->u, s->data_start, w.F0) != 0)
                return -1;
            /* predictor: q1 = q0 + h qd0, u1 = u0, z1 = z0 */
            for (int i = 0; i < nq; ++i)
                w.x[i] = s->q[i] + h * w.qd0[i];
            memcpy(w.x + nq, s->u, (size_t)nu * sizeof *w.x);
            if (nz > 0)
                memcpy(w.x + nq + nu, s->z, (size_t)nz * sizeof *w.x);
        }
        int redo = 0; /* 1: reduced step, 2: Newton failure */
        double new_h = h;
        int it = 0;
        double error = 0.0;
        for (it = 1; it <= s->settings.discontinuous_max_iterations; ++it) {
            s->stats.discontinuous_iterations++;
            if (s->settings.integrator == RS_TRAPEZOIDAL) {
                const int st = trap_newton(s, &w, h);
                if (st < 0)
                    return -1;
                if (st > 0) {
                    redo = 2;
                    new_h = 0.5 * h;
                    break;
                }
            } else if (rk4_step(s, &w, h) != 0) {
                return -1;
            }
            double rec = -1.0;
            if (post_newton(s, w.x, w.x + nq, w.x + nq + nu, &error, &rec) != 0)
                return -1;
            if (s->settings.honour_recommended_step && rec > 0.0 && rec < 0.99 * h) {
                const double hr = fmax(rec, s->settings.h_min);
                if (hr < 0.99 * h) {
                    redo = 1;
                    new_h = hr;
                    break;
                }
            }
            if (error <= s->settings.discontinuous_tolerance)
                break;
        }
        if (redo != 0) {
            if (redo == 1) {
                s->stats.step_reductions++;
            } else {
                s->stats.newton_failures++;
                if (new_h < s->settings.h_min) {
                    return rs_fail(s, "Newton did not converge at t = %g even with h = %g", s->t,
                                   h);
                }
            }
            h = new_h;
            continue;
        }
        if (it > s->settings.discontinuous_max_iterations) {
            it = s->settings.discontinuous_max_iterations;
            s->stats.discontinuous_unconverged++;
        }
        if (it > 1)
            s->stats.discontinuous_repeats++;
        if (it > s->stats.max_discontinuous_iterations)
            s->stats.max_discontinuous_iterations = it;
        accept_step(s, &w, h);
        if (h_taken != NULL)
            *h_taken = h;
        return 0;
    }
    return rs_fail(s, "rs_step: too many step reductions at t = %g", s->t);
}

int rs_simulate(rs_system *s, double t_end, rs_observer observer, void *user)
{
    double h = s->settings.h_max;
    while (s->t < t_end - 1e-12 * fmax(1.0, fabs(t_end))) {
        const double h_try = fmin(h, t_end - s->t);
        double h_done = h_try;
        if (rs_step(s, h_try, &h_done) != 0)
            return -1;
        /* grow back after a reduction */
        h = fmin(s->settings.h_max, 2.0 * h_done);
        if (h_done >= h_try)
            h = s->settings.h_max;
        if (observer != NULL && observer(s, user) != 0)
            break;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* queries                                                                  */

void rs_body_marker_state(const rs_system *s, int body, mbc_rigid_marker *m)
{
    body_marker(&s->bodies[body], s->q, s->u, m);
}

const double *rs_node_data(const rs_system *s, int node)
{
    return s->data + s->nodes[node].offset;
}

mbc_status rs_connector_output(rs_system *s, int connector, size_t output, double *out, size_t size,
                               mbc_error *err)
{
    rs_connector *c = &s->connectors[connector];
    rs_eval e;
    connector_state(s, c, s->q, s->u, s->z, s->data, s->data_start, &e);
    return mbc_object_output(c->object, &e.state, output, out, size, err);
}

mbc_status rs_connector_algebraic(rs_system *s, int connector, mbc_algebraic *out, mbc_error *err)
{
    rs_connector *c = &s->connectors[connector];
    rs_eval e;
    connector_state(s, c, s->q, s->u, s->z, s->data, s->data_start, &e);
    return mbc_object_algebraic_equations(c->object, &e.state, out, err);
}
