/* SPDX-License-Identifier: BSD-3-Clause */
/* Sensors of a run (run.h): sampling of body, connector, element and energy
 * sensors at the accepted state. */
#include "run.h"

#include "mbconnect/vec.h"

#include <math.h>
#include <string.h>

const double *sim_sensor_values(const sim_run *r, int i)
{
    return r->work.sensor_values + r->model->sensors[i].offset;
}

static void body_sensor(sim_run *r, const sim_sensor *s, double *values)
{
    const sim_body *b = &r->model->bodies[s->target];
    mbc_rigid_marker mk;
    sim_body_marker(r, s->target, r->state.q, r->state.v, &mk);
    if (s->quantity == SIM_Q_POSITION) {
        memcpy(values, mk.position, 3 * sizeof *values);
    } else if (s->quantity == SIM_Q_VELOCITY) {
        memcpy(values, mk.velocity, 3 * sizeof *values);
    } else if (s->quantity == SIM_Q_ORIENTATION) {
        memcpy(values, mk.rotation, 9 * sizeof *values);
    } else if (s->quantity == SIM_Q_ANGULAR_VELOCITY) {
        const double *A = mk.rotation, *w = mk.angular_velocity_local;
        for (int k = 0; k < 3; ++k) /* global: A omega_local */
            values[k] = A[3 * k] * w[0] + A[3 * k + 1] * w[1] + A[3 * k + 2] * w[2];
    } else {
        const double *src = s->quantity == SIM_Q_COORDINATES ? r->state.q : r->state.v;
        memcpy(values, src + b->offset, (size_t)b->nq * sizeof *values);
    }
}

mbc_status sim_sensors_sample(sim_run *r, mbc_error *err)
{
    const sim_model *m = r->model;
    /* element forces are recorded by the force evaluation: evaluate once at
     * the accepted state (Newton's last evaluation may be a perturbed one) */
    for (int i = 0; i < m->sensor_count; ++i) {
        if (m->sensors[i].kind == SIM_SENSOR_ELEMENT) {
            const mbc_status st =
                sim_forces(r, r->state.q, r->state.v, r->state.t, r->work.work, err);
            if (st != MBC_OK)
                return st;
            break;
        }
    }
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        double *values = r->work.sensor_values + s->offset;
        switch (s->kind) {
        case SIM_SENSOR_BODY:
            body_sensor(r, s, values);
            break;
        case SIM_SENSOR_CONNECTOR: {
            const mbc_status st =
                sim_connector_output(r, s->target, s->output, values, (size_t)s->size, err);
            if (st != MBC_OK)
                return st;
            break;
        }
        case SIM_SENSOR_ELEMENT: {
            const sim_element *el = &m->elements[s->target];
            values[0] = el->kind == SIM_COORDINATE_CONSTRAINT ? r->state.z[el->z_offset]
                                                              : r->work.element_force[s->target];
            break;
        }
        case SIM_SENSOR_ENERGY:
            values[0] = sim_energy(r);
            break;
        }
        for (int k = 0; k < s->size; ++k) {
            if (!isfinite(values[k])) {
                return mbc_fail(err, MBC_ERR_VALUE,
                                "%s:%d: sensors.%s: the value is not finite at t = %.17g",
                                m->scene_name, s->line, s->name, r->state.t);
            }
        }
    }
    return MBC_OK;
}

/* E plus the potential of spring-dampers without a force law and of
 * coordinate springs (added in element order). */
static double add_spring_energy(sim_run *r, double E)
{
    const sim_model *m = r->model;
    for (int i = 0; i < m->element_count; ++i) {
        const sim_element *el = &m->elements[i];
        if (el->kind == SIM_SPRING_DAMPER && el->function == LUA_NOREF) {
            mbc_rigid_marker a, b;
            sim_body_marker(r, m->markers[el->marker[0]].body, r->state.q, r->state.v, &a);
            sim_body_marker(r, m->markers[el->marker[1]].body, r->state.q, r->state.v, &b);
            double d[3] = {b.position[0] - a.position[0], b.position[1] - a.position[1],
                           b.position[2] - a.position[2]};
            const double s = mbc_norm3(d) - el->reference_length;
            E += 0.5 * el->stiffness * s * s;
        } else if (el->kind == SIM_COORDINATE_SPRING) {
            const int a = sim_marker_dof(r, el->marker[0]);
            const int b = el->marker[1] >= 0 ? sim_marker_dof(r, el->marker[1]) : -1;
            const double *q = r->state.q;
            const double s = (a >= 0 ? q[a] : 0.0) - (b >= 0 ? q[b] : 0.0) - el->offset;
            E += 0.5 * el->stiffness * s * s;
        }
    }
    return E;
}

double sim_energy(sim_run *r)
{
    const sim_model *m = r->model;
    const double *q = r->state.q, *v = r->state.v;
    const int n = m->n;
    double *Mv = r->work.work + 5 * n;
    double E = 0.0;
    sim_mass_times(r, v, Mv);
    for (int i = 0; i < n; ++i)
        E += 0.5 * v[i] * Mv[i];
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind != SIM_CABLE_NODE)
            for (int k = 0; k < sim_body_translations(b); ++k)
                E -= b->mass * m->gravity[k] * q[b->offset + k];
    }
    for (int k = 0; k < m->cable_count; ++k) {
        const sim_cable *c = &m->cables[k];
        if (c->node[0] < 0)
            continue;
        double eq[8], ev[8], f[8];
        sim_cable_state(r, k, q, v, eq, ev);
        sim_cable_gravity_force(&c->props, m->gravity, f);
        for (int j = 0; j < 8; ++j)
            E -= f[j] * eq[j];
        E += sim_cable_strain_energy(&c->props, eq);
    }
    return add_spring_energy(r, E);
}
