/* SPDX-License-Identifier: BSD-3-Clause */
/* Connectors of a run (run.h), evaluated through the public API only
 * (mbc_object_forces, mbc_object_output): what a connector receives follows
 * from the kinds of the scene markers it names, never from its type name.
 * Cable point forces act on a dynamic element through the point Jacobian,
 * f_q = J^T f. */
#include "run.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"

#include <string.h>

void sim_connector_state(sim_run *r, int i, const double *q, const double *v, const double *z,
                         sim_connector_eval *e)
{
    const sim_model *m = r->model;
    const sim_connector *c = &m->connectors[i];
    sim_connector_work *w = &r->work.connectors[i];
    const int markers[2] = {c->marker[0], r->state.marker1[i]};
    memset(e, 0, sizeof *e);
    mbc_state *st = &e->state;
    st->data = r->state.data + c->data_offset;
    st->data_start = r->state.data_start + c->data_offset;
    st->data_count = (size_t)c->data_count;
    /* inside an attempt: an iteration of the step of size h from data_start */
    st->dt = r->state.h;
    st->phase = r->state.h > 0.0 ? MBC_PHASE_ITERATION : MBC_PHASE_NONE;
    for (int k = 0; k < 2; ++k) {
        if (markers[k] < 0)
            continue;
        const sim_marker *mk = &m->markers[markers[k]];
        if (mk->kind == SIM_MARKER_BODY) {
            sim_body_marker(r, mk->body, q, v, &e->rigid[k]);
            st->marker[k] = &e->rigid[k];
        } else if (mk->kind == SIM_MARKER_CABLE_SHAPE) {
            double eq[8], ev[8];
            sim_cable_state(r, mk->cable, q, v, eq, ev);
            const double L = m->cables[mk->cable].props.length;
            mbc_ancf_cable2d_shape_points(eq, L, mk->vertical_offset, mk->segments, w->points,
                                          NULL);
            mbc_ancf_cable2d_shape_point_velocities(eq, ev, L, mk->vertical_offset, 0.0,
                                                    mk->segments, w->point_velocities, NULL);
            e->cable.segment_count = (size_t)mk->segments;
            e->cable.points = w->points;
            e->cable.point_velocities = w->point_velocities;
            e->cable.length = L;
            st->cable = &e->cable;
        }
    }
    if (c->ale_body >= 0) {
        for (int k = 0; k < c->sliding_count; ++k) {
            const sim_marker *mk = &m->markers[c->sliding[k]];
            sim_cable_state(r, mk->cable, q, v, w->cables[k].q, w->cables[k].q_t);
            w->cables[k].length = m->cables[mk->cable].props.length;
        }
        st->cables = w->cables;
        st->cable_count = (size_t)c->sliding_count;
        const sim_body *ale = &m->bodies[c->ale_body];
        st->ale_q = q[ale->offset];
        st->ale_q_t = v[ale->offset];
        st->lagrange = z + c->z_offset;
    }
}

/* Cable point forces -> generalized forces of the dynamic element, J^T f. */
static void cable_point_forces(sim_run *r, int i, const sim_marker *mk, const double *q,
                               const double *v, double *F)
{
    sim_connector_work *w = &r->work.connectors[i];
    double eq[8], ev[8], f[8] = {0};
    sim_cable_state(r, mk->cable, q, v, eq, ev);
    mbc_ancf_cable2d_shape_point_jacobian(eq, r->model->cables[mk->cable].props.length,
                                          mk->vertical_offset, mk->segments, w->point_jacobian,
                                          NULL);
    const int rows = 2 * (mk->segments + 1);
    for (int row = 0; row < rows; ++row)
        for (int j = 0; j < 8; ++j)
            f[j] += w->point_jacobian[row * 8 + j] * w->point_forces[row];
    sim_cable_apply(r, mk->cable, f, F);
}

mbc_status sim_connector_forces(sim_run *r, int i, const double *q, const double *v, double *F,
                                mbc_error *err)
{
    const sim_model *m = r->model;
    const sim_connector *c = &m->connectors[i];
    if (c->object->type->forces == NULL)
        return MBC_OK;
    sim_connector_eval e;
    sim_connector_state(r, i, q, v, r->state.z, &e);
    mbc_forces out;
    memset(&out, 0, sizeof out);
    const int markers[2] = {c->marker[0], r->state.marker1[i]};
    const sim_marker *m1 = markers[1] >= 0 ? &m->markers[markers[1]] : NULL;
    if (m1 != NULL && m1->kind == SIM_MARKER_CABLE_SHAPE) {
        out.cable_point_forces = r->work.connectors[i].point_forces;
        out.cable_point_count = (size_t)m1->segments + 1;
    }
    mbc_error lib;
    const mbc_status st = mbc_object_forces(c->object, &e.state, &out, &lib);
    if (st != MBC_OK) {
        return mbc_fail(err, st, "%s:%d: connectors.%s at t = %g: %s", m->scene_name, c->line,
                        c->name, r->state.t, lib.message);
    }
    for (int k = 0; k < 2; ++k) {
        if (markers[k] < 0)
            continue;
        const sim_marker *mk = &m->markers[markers[k]];
        if (mk->kind == SIM_MARKER_BODY)
            sim_body_apply(r, mk->body, q, out.force[k], out.torque[k], F);
        else if (mk->kind == SIM_MARKER_CABLE_SHAPE && m->cables[mk->cable].node[0] >= 0)
            cable_point_forces(r, i, mk, q, v, F);
    }
    return MBC_OK;
}

mbc_status sim_connector_output(sim_run *r, int connector, size_t output, double *out, size_t size,
                                mbc_error *err)
{
    const sim_connector *c = &r->model->connectors[connector];
    sim_connector_eval e;
    sim_connector_state(r, connector, r->state.q, r->state.v, r->state.z, &e);
    /* a sensor reads the state of the last accepted step: its start-of-step
     * data and its size, so that the energy books' flows (a jump of stored
     * energy over the step, e.g. EnergyFlows) see the step */
    e.state.data_start = r->state.data_last + c->data_offset;
    e.state.dt = r->state.h_last;
    e.state.phase = r->state.h_last > 0.0 ? MBC_PHASE_STEP_END : MBC_PHASE_NONE;
    mbc_error lib;
    const mbc_status st = mbc_object_output(c->object, &e.state, output, out, size, &lib);
    if (st != MBC_OK) {
        return mbc_fail(err, st, "%s:%d: connectors.%s at t = %g: output: %s", r->model->scene_name,
                        c->line, c->name, r->state.t, lib.message);
    }
    return MBC_OK;
}
