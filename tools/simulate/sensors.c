/* SPDX-License-Identifier: BSD-3-Clause */
/* Sensors of a scene (sim.h): sizes and sampling of body, connector, element
 * and energy sensors at the accepted state. */
#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int sim_sensors_setup(sim_model *m)
{
    for (int i = 0; i < m->sensor_count; ++i) {
        sim_sensor *s = &m->sensors[i];
        switch (s->kind) {
        case SIM_SENSOR_BODY: {
            const sim_body *b = &m->bodies[s->target];
            s->size = s->quantity == SIM_Q_ORIENTATION ? 9 : 3;
            if (s->quantity == SIM_Q_COORDINATES || s->quantity == SIM_Q_VELOCITIES) {
                s->size = b->nq;
            }
            break;
        }
        case SIM_SENSOR_CONNECTOR: {
            const mbc_object *o = m->connectors[s->target].object;
            s->size = (int)mbc_output_size(o->type, o->params, s->output);
            break;
        }
        default:
            s->size = 1;
            break;
        }
        s->values = calloc((size_t)s->size + 1, sizeof *s->values);
        if (s->values == NULL) {
            return sim_fail(m, "out of memory");
        }
    }
    return 0;
}

int sim_sensors_sample(sim_model *m)
{
    /* element forces are recorded by the force evaluation: evaluate once at
     * the accepted state (Newton's last evaluation may be a perturbed one) */
    for (int i = 0; i < m->sensor_count; ++i) {
        if (m->sensors[i].kind == SIM_SENSOR_ELEMENT) {
            if (sim_forces(m, m->q, m->v, m->t, m->work) != 0) {
                return -1;
            }
            break;
        }
    }
    for (int i = 0; i < m->sensor_count; ++i) {
        sim_sensor *s = &m->sensors[i];
        switch (s->kind) {
        case SIM_SENSOR_BODY: {
            const sim_body *b = &m->bodies[s->target];
            mbc_rigid_marker mk;
            sim_body_marker(m, s->target, m->q, m->v, &mk);
            if (s->quantity == SIM_Q_POSITION) {
                memcpy(s->values, mk.position, 3 * sizeof *s->values);
            } else if (s->quantity == SIM_Q_VELOCITY) {
                memcpy(s->values, mk.velocity, 3 * sizeof *s->values);
            } else if (s->quantity == SIM_Q_ORIENTATION) {
                memcpy(s->values, mk.rotation, 9 * sizeof *s->values);
            } else if (s->quantity == SIM_Q_ANGULAR_VELOCITY) {
                const double *A = mk.rotation, *w = mk.angular_velocity_local;
                for (int k = 0; k < 3; ++k) { /* global: A omega_local */
                    s->values[k] = A[3 * k] * w[0] + A[3 * k + 1] * w[1] + A[3 * k + 2] * w[2];
                }
            } else {
                const double *src = s->quantity == SIM_Q_COORDINATES ? m->q : m->v;
                memcpy(s->values, src + b->offset, (size_t)b->nq * sizeof *s->values);
            }
            break;
        }
        case SIM_SENSOR_CONNECTOR:
            if (sim_connector_output(m, s->target, s->output, s->values, (size_t)s->size) != 0) {
                return -1;
            }
            break;
        case SIM_SENSOR_ELEMENT:
            s->values[0] = m->elements[s->target].kind == SIM_COORDINATE_CONSTRAINT
                               ? m->z[m->elements[s->target].z_offset]
                               : m->elements[s->target].force;
            break;
        case SIM_SENSOR_ENERGY:
            s->values[0] = sim_energy(m);
            break;
        }
        for (int k = 0; k < s->size; ++k) {
            if (!isfinite(s->values[k])) {
                return sim_fail(m, "%s:%d: sensors.%s: the value is not finite at t = %.17g",
                                m->scene_name, s->line, s->name, m->t);
            }
        }
    }
    return 0;
}
