/* SPDX-License-Identifier: BSD-3-Clause */
/* The scene model's containers, defaults and its one error reporter (sim.h). */
#include "sim.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

sim_model *sim_model_create(void)
{
    sim_model *m = calloc(1, sizeof *m);
    if (m != NULL) {
        sim_settings_default(&m->settings);
        m->stats.smallest_step = -1.0;
    }
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
    s->output_step = 0.0; /* every step */
    s->linear = SIM_LINEAR_AUTO;
}

void sim_model_destroy(sim_model *m)
{
    if (m == NULL) {
        return;
    }
    for (int i = 0; i < m->connector_count; ++i) {
        sim_connector *c = &m->connectors[i];
        mbc_object_destroy(c->object);
        free(c->sliding);
        free(c->points);
        free(c->point_velocities);
        free(c->point_forces);
        free(c->point_jacobian);
        free(c->cables);
        free(c->post_data);
    }
    for (int i = 0; i < m->sensor_count; ++i) {
        free(m->sensors[i].values);
    }
    sim_blocks_free(m);
    sim_matrix_free(&m->jac);
    free(m->bodies);
    free(m->cables);
    free(m->groups);
    free(m->markers);
    free(m->elements);
    free(m->connectors);
    free(m->sensors);
    free(m->q);
    free(m->v);
    free(m->acc);
    free(m->a);
    free(m->z);
    free(m->data);
    free(m->data_start);
    free(m->mass_diag);
    free(m->mass_map);
    free(m->constraint_map);
    free(m->work);
    free(m);
}

/* Appends one zeroed item to a growable array; NULL when out of memory. */
static void *grow(void **items, int *count, int *cap, size_t size)
{
    if (*count == *cap) {
        const int ncap = *cap ? 2 * *cap : 8;
        void *p = realloc(*items, (size_t)ncap * size);
        if (p == NULL) {
            return NULL;
        }
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
    if (b != NULL) {
        for (int i = 0; i < 9; ++i) {
            b->rotation_ref[i] = (i % 4 == 0) ? 1.0 : 0.0;
        }
    }
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
    }
    return e;
}

sim_connector *sim_add_connector(sim_model *m)
{
    sim_connector *c = GROW(m, connectors, connector_count, connector_cap);
    if (c != NULL) {
        c->ale_body = -1;
        c->z_offset = -1;
    }
    return c;
}

sim_sensor *sim_add_sensor(sim_model *m)
{
    return GROW(m, sensors, sensor_count, sensor_cap);
}

int sim_fail(sim_model *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->message, sizeof m->message, fmt, ap);
    va_end(ap);
    return -1;
}
