/* SPDX-License-Identifier: BSD-3-Clause */
/* Generalized forces of a run (run.h): gravity, loads, cable internal
 * forces, spring-dampers and coordinate springs, 3D gyroscopic terms and
 * connectors, F(q, v, t) with M q_tt = F - C_q^T lambda. */
#include "run.h"

#include "mbconnect/vec.h"

#include <math.h>
#include <string.h>

/* Tension T = k (L - L0) + d L_t (or the scene's force function), pulling
 * the two markers together. */
static mbc_status spring_damper(sim_run *r, int i, const double *q, const double *v, double t,
                                double *F, mbc_error *err)
{
    const sim_model *m = r->model;
    const sim_element *el = &m->elements[i];
    const double zero[3] = {0.0, 0.0, 0.0};
    mbc_rigid_marker a, b;
    sim_body_marker(r, m->markers[el->marker[0]].body, q, v, &a);
    sim_body_marker(r, m->markers[el->marker[1]].body, q, v, &b);
    double d[3], dv[3];
    for (int k = 0; k < 3; ++k) {
        d[k] = b.position[k] - a.position[k];
        dv[k] = b.velocity[k] - a.velocity[k];
    }
    const double L = mbc_norm3(d);
    if (L <= 0.0) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s:%d: elements.%s: at t = %g the markers coincide (length 0, no "
                        "direction)",
                        m->scene_name, el->line, el->name, t);
    }
    double e[3] = {d[0] / L, d[1] / L, d[2] / L};
    const double Ldot = mbc_dot3(e, dv);
    double T; /* tension (positive pulls the markers together) */
    if (el->function != LUA_NOREF) {
        const double args[3] = {t, L, Ldot};
        const mbc_status st = sim_call(r, el->function, args, 3, &T, 1, "the force function",
                                       el->name, el->line, err);
        if (st != MBC_OK)
            return st;
    } else {
        T = el->stiffness * (L - el->reference_length) + el->damping * Ldot;
    }
    r->work.element_force[i] = T;
    double fa[3] = {T * e[0], T * e[1], T * e[2]};
    double fb[3] = {-fa[0], -fa[1], -fa[2]};
    sim_body_apply(r, m->markers[el->marker[0]].body, q, fa, zero, F);
    sim_body_apply(r, m->markers[el->marker[1]].body, q, fb, zero, F);
    return MBC_OK;
}

static mbc_status element_forces(sim_run *r, int i, const double *q, const double *v, double t,
                                 double *F, mbc_error *err)
{
    const sim_element *el = &r->model->elements[i];
    const double zero[3] = {0.0, 0.0, 0.0};
    switch (el->kind) {
    case SIM_SPRING_DAMPER:
        return spring_damper(r, i, q, v, t, F, err);
    case SIM_COORDINATE_SPRING: {
        const int a = sim_marker_dof(r, el->marker[0]);
        const int b = el->marker[1] >= 0 ? sim_marker_dof(r, el->marker[1]) : -1;
        const double qa = a >= 0 ? q[a] : 0.0, va = a >= 0 ? v[a] : 0.0;
        const double qb = b >= 0 ? q[b] : 0.0, vb = b >= 0 ? v[b] : 0.0;
        /* force on coordinate a: -(k (qa - qb - offset) + d (va - vb)) */
        const double f = el->stiffness * (qa - qb - el->offset) + el->damping * (va - vb);
        r->work.element_force[i] = f;
        if (a >= 0)
            F[a] -= f;
        if (b >= 0)
            F[b] += f;
        return MBC_OK;
    }
    case SIM_FORCE:
    case SIM_TORQUE: {
        double val[3];
        memcpy(val, el->value, sizeof val);
        if (el->function != LUA_NOREF) {
            const mbc_status st = sim_call(r, el->function, &t, 1, val, 3, "the load function",
                                           el->name, el->line, err);
            if (st != MBC_OK)
                return st;
        }
        const sim_marker *mk = &r->model->markers[el->marker[0]];
        if (el->kind == SIM_FORCE)
            sim_body_apply(r, mk->body, q, val, zero, F);
        else
            sim_body_apply(r, mk->body, q, zero, val, F);
        return MBC_OK;
    }
    case SIM_COORDINATE_CONSTRAINT:
        break;
    }
    return MBC_OK;
}

mbc_status sim_block_forces(sim_run *r, const sim_block *b, const double *q, const double *v,
                            double t, double *F, mbc_error *err)
{
    switch (b->kind) {
    case SIM_BLOCK_CABLE: {
        double eq[8], ev[8], Q[8];
        sim_cable_state(r, b->index, q, v, eq, ev);
        sim_cable_internal_force(&r->model->cables[b->index].props, eq, ev, Q);
        for (int k = 0; k < 8; ++k)
            Q[k] = -Q[k];
        sim_cable_apply(r, b->index, Q, F);
        return MBC_OK;
    }
    case SIM_BLOCK_ELEMENT:
        return element_forces(r, b->index, q, v, t, F, err);
    case SIM_BLOCK_CONNECTOR:
        return sim_connector_forces(r, b->index, q, v, F, err);
    case SIM_BLOCK_GYRO: {
        const sim_body *bd = &r->model->bodies[b->index];
        const double *w = v + bd->offset + 3;
        const double Jw[3] = {bd->inertia[0] * w[0], bd->inertia[1] * w[1], bd->inertia[2] * w[2]};
        double g[3];
        mbc_cross3(w, Jw, g);
        for (int k = 0; k < 3; ++k)
            F[bd->offset + 3 + k] -= g[k];
        return MBC_OK;
    }
    }
    return MBC_OK;
}

/* Gravity on bodies and dynamic cable elements. */
static void gravity_forces(const sim_run *r, double *F)
{
    const sim_model *m = r->model;
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_CABLE_NODE)
            continue;
        const int nt = sim_body_translations(b);
        for (int k = 0; k < nt; ++k)
            F[b->offset + k] += b->mass * m->gravity[k];
    }
    for (int k = 0; k < m->cable_count; ++k) {
        if (m->cables[k].node[0] >= 0) {
            double f[8];
            sim_cable_gravity_force(&m->cables[k].props, m->gravity, f);
            sim_cable_apply(r, k, f, F);
        }
    }
}

mbc_status sim_forces(sim_run *r, const double *q, const double *v, double t, double *F,
                      mbc_error *err)
{
    const sim_model *m = r->model;
    memset(F, 0, (size_t)m->n * sizeof *F);
    gravity_forces(r, F);
    /* loads (no Jacobian block: functions of t only) */
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element_kind k = m->elements[i].kind;
        if (k == SIM_FORCE || k == SIM_TORQUE) {
            const mbc_status st = element_forces(r, i, q, v, t, F, err);
            if (st != MBC_OK)
                return st;
        }
    }
    for (int i = 0; i < r->work.block_count; ++i) {
        const mbc_status st = sim_block_forces(r, &r->work.blocks[i], q, v, t, F, err);
        if (st != MBC_OK)
            return st;
    }
    for (int i = 0; i < m->n; ++i) {
        if (!isfinite(F[i])) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: the forces are not finite at t = %g (coordinate %d)",
                            m->scene_name, t, i);
        }
    }
    return MBC_OK;
}
