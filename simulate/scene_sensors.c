/* SPDX-License-Identifier: BSD-3-Clause */
/* Sensors of a scene file (docs/simulate.rst "Sensors"): Body, Connector,
 * Element and Energy. */
#include "scene_reader.h"

#include <stdio.h>
#include <string.h>

static mbc_status body_sensor(scene_ctx *c, sim_sensor *s, const sim_key *keys)
{
    static const char *const quantities[] = {"position",   "velocity",        "coordinates",
                                             "velocities", "angularVelocity", "orientation",
                                             NULL};
    const char *q = "position";
    s->kind = SIM_SENSOR_BODY;
    if (scene_keys_allowed(c, keys, NULL) || scene_marker_body(c, &s->target, 1) ||
        mbc_reader_string(&c->r, &c->item, "quantity", 0, &q))
        return scene_status(c);
    for (int k = 0; quantities[k]; ++k) {
        if (strcmp(q, quantities[k]) == 0) {
            s->quantity = (sim_quantity)k;
            if (c->m->bodies[s->target].kind == SIM_ALE_NODE && k != SIM_Q_COORDINATES &&
                k != SIM_Q_VELOCITIES) {
                return scene_fail(
                    c, "quantity",
                    "an ALE node has only \"coordinates\" and \"velocities\" (given '%s')", q);
            }
            return MBC_OK;
        }
    }
    return scene_fail(c, "quantity",
                      "unknown quantity \"%s\" (known: position, velocity, coordinates, "
                      "velocities, angularVelocity, orientation)",
                      q);
}

static mbc_status connector_sensor(scene_ctx *c, sim_sensor *s, const sim_key *keys)
{
    const char *cn = NULL, *out = NULL;
    s->kind = SIM_SENSOR_CONNECTOR;
    if (scene_keys_allowed(c, keys, NULL) ||
        mbc_reader_string(&c->r, &c->item, "connector", MBC_READER_REQUIRED, &cn) ||
        mbc_reader_string(&c->r, &c->item, "output", MBC_READER_REQUIRED, &out))
        return scene_status(c);
    s->target = scene_find_connector(c->m, cn);
    if (s->target < 0)
        return scene_fail(c, "connector", "no connector is called \"%s\"", cn);
    const mbc_type_info *t = c->m->connectors[s->target].object->type;
    const int o = mbc_type_find_output(t, out);
    if (o < 0) {
        char list[512] = "";
        for (size_t k = 0; k < t->output_count; ++k) {
            strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, t->outputs[k].name, sizeof list - strlen(list) - 1);
        }
        return scene_fail(c, "output", "%s has no output \"%s\" (known: %s)", t->type_name, out,
                          list);
    }
    s->output = (size_t)o;
    return MBC_OK;
}

static mbc_status element_sensor(scene_ctx *c, sim_sensor *s, const sim_key *keys)
{
    const char *en = NULL;
    s->kind = SIM_SENSOR_ELEMENT;
    if (scene_keys_allowed(c, keys, NULL) ||
        mbc_reader_string(&c->r, &c->item, "element", MBC_READER_REQUIRED, &en))
        return scene_status(c);
    s->target = -1;
    for (int k = 0; k < c->m->element_count; ++k) {
        const sim_element *el = &c->m->elements[k];
        if (strcmp(el->name, en) == 0 && el->kind != SIM_FORCE && el->kind != SIM_TORQUE)
            s->target = k;
    }
    if (s->target < 0) {
        return scene_fail(c, "element",
                          "no spring-damper, coordinate spring or constraint is called \"%s\"", en);
    }
    return MBC_OK;
}

mbc_status scene_read_sensor(scene_ctx *c, const mbc_reader_table *list, size_t i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, list, i, "sensor", scene_find_sensor, name, &it) != MBC_OK)
        return scene_status(c);
    const char *type = it->type;
    sim_sensor *s = sim_add_sensor(c->m);
    if (s == NULL)
        return scene_nomem(c);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->line = c->item.line;
    if (strcmp(type, "Body") == 0)
        return body_sensor(c, s, it->keys);
    if (strcmp(type, "Connector") == 0)
        return connector_sensor(c, s, it->keys);
    if (strcmp(type, "Element") == 0)
        return element_sensor(c, s, it->keys);
    s->kind = SIM_SENSOR_ENERGY;
    return scene_keys_allowed(c, it->keys, NULL);
}
