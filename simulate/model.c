/* SPDX-License-Identifier: BSD-3-Clause */
/* The scene description's containers, defaults and layout (model.h). */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include <lauxlib.h> /* LUA_NOREF */
#include <lua.h>

sim_model *sim_model_create(void)
{
    sim_model *m = calloc(1, sizeof *m);
    if (m != NULL)
        sim_settings_default(&m->settings);
    return m;
}

void sim_settings_default(sim_settings *s)
{
    s->method = SIM_GENERALIZED_ALPHA;
    s->rho_inf = 0.8;
    s->step = 1e-3;
    s->min_step = 1e-10;
    s->end_time = 1.0;
    s->honour_recommended_step = 1;
    s->newton_tolerance = 1e-10;
    s->newton_max_iterations = 25;
    s->newton_modified = 1;
    s->discontinuous_tolerance = 1e-6;
    s->discontinuous_max_iterations = 8;
    s->recovery_steps = 10;
    s->recovery_iterations = 7;
    s->output_step = 0.0; /* every step */
    s->linear = SIM_LINEAR_AUTO;
}

void sim_model_destroy(sim_model *m)
{
    if (m == NULL)
        return;
    for (int i = 0; i < m->connector_count; ++i) {
        mbc_object_destroy(m->connectors[i].object);
        free(m->connectors[i].sliding);
    }
    free(m->bodies);
    free(m->cables);
    free(m->groups);
    free(m->markers);
    free(m->elements);
    free(m->connectors);
    free(m->sensors);
    free(m);
}

/* Appends one zeroed item to a growable array; NULL when out of memory. */
static void *grow(void **items, int *count, int *cap, size_t size)
{
    if (*count == *cap) {
        const int ncap = *cap ? 2 * *cap : 8;
        void *p = realloc(*items, (size_t)ncap * size);
        if (p == NULL)
            return NULL;
        *items = p;
        *cap = ncap;
    }
    char *item = (char *)*items + (size_t)(*count)++ * size;
    memset(item, 0, size);
    return item;
}

#define GROW(m, field, count, cap)                                                                 \
    grow((void **)&(m)->field, &(m)->count, &(m)->cap, sizeof *(m)->field)

sim_body *sim_add_body(sim_model *m)
{
    sim_body *b = GROW(m, bodies, body_count, body_cap);
    if (b != NULL)
        for (int i = 0; i < 9; ++i)
            b->orientation[i] = (i % 4 == 0) ? 1.0 : 0.0;
    return b;
}

sim_cable *sim_add_cable(sim_model *m)
{
    return GROW(m, cables, cable_count, cable_cap);
}

sim_cable_group *sim_add_group(sim_model *m)
{
    return GROW(m, groups, group_count, group_cap);
}

sim_marker *sim_add_marker(sim_model *m)
{
    return GROW(m, markers, marker_count, marker_cap);
}

sim_element *sim_add_element(sim_model *m)
{
    sim_element *e = GROW(m, elements, element_count, element_cap);
    if (e != NULL) {
        e->marker[0] = e->marker[1] = -1;
        e->function = LUA_NOREF;
        e->factor = 1.0;
        e->z_offset = -1;
    }
    return e;
}

sim_connector *sim_add_connector(sim_model *m)
{
    sim_connector *c = GROW(m, connectors, connector_count, connector_cap);
    if (c != NULL) {
        c->marker[0] = c->marker[1] = -1;
        c->ale_body = -1;
        c->z_offset = -1;
    }
    return c;
}

sim_sensor *sim_add_sensor(sim_model *m)
{
    return GROW(m, sensors, sensor_count, sensor_cap);
}

int sim_body_translations(const sim_body *b)
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

static int sensor_size(const sim_model *m, const sim_sensor *s)
{
    switch (s->kind) {
    case SIM_SENSOR_BODY:
        if (s->quantity == SIM_Q_COORDINATES || s->quantity == SIM_Q_VELOCITIES)
            return m->bodies[s->target].nq;
        return s->quantity == SIM_Q_ORIENTATION ? 9 : 3;
    case SIM_SENSOR_CONNECTOR: {
        const mbc_object *o = m->connectors[s->target].object;
        return (int)mbc_output_size(o->type, o->params, s->output);
    }
    default:
        return 1;
    }
}

void sim_model_number(sim_model *m)
{
    int n = 0, nz = 0, nd = 0, ns = 0;
    for (int i = 0; i < m->body_count; ++i) {
        m->bodies[i].offset = n;
        n += m->bodies[i].nq;
    }
    for (int k = 0; k < m->cable_count; ++k)
        sim_cable_mass_matrix(&m->cables[k].props, m->cables[k].mass);
    for (int i = 0; i < m->element_count; ++i)
        if (m->elements[i].kind == SIM_COORDINATE_CONSTRAINT)
            m->elements[i].z_offset = nz++;
    for (int i = 0; i < m->connector_count; ++i) {
        sim_connector *c = &m->connectors[i];
        const mbc_type_info *t = c->object->type;
        c->data_offset = nd;
        c->data_count = (int)mbc_data_count(t, c->object->params);
        nd += c->data_count;
        if (t->algebraic_equations != NULL) {
            c->z_offset = nz;
            nz += 2;
        }
        c->point_count = 0;
        for (int k = 0; k < 2; ++k) {
            const sim_marker *mk = c->marker[k] >= 0 ? &m->markers[c->marker[k]] : NULL;
            if (mk != NULL && mk->kind == SIM_MARKER_CABLE_SHAPE)
                c->point_count = mk->segments + 1;
        }
    }
    for (int i = 0; i < m->sensor_count; ++i) {
        m->sensors[i].size = sensor_size(m, &m->sensors[i]);
        m->sensors[i].offset = ns;
        ns += m->sensors[i].size;
    }
    m->n = n;
    m->nz = nz;
    m->nd = nd;
    m->sensor_values = ns;
}
