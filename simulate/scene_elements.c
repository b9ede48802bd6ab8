/* SPDX-License-Identifier: BSD-3-Clause */
/* Elements of a scene file (docs/simulate.rst "Elements"): spring-dampers,
 * coordinate springs and constraints, forces and torques. */
#include "scene_reader.h"

#include <stdio.h>
#include <string.h>

static mbc_status spring_damper(scene_ctx *c, sim_element *el, const sim_key *keys)
{
    const sim_marker_kind body2[2] = {SIM_MARKER_BODY, SIM_MARKER_BODY};
    el->kind = SIM_SPRING_DAMPER;
    if (scene_keys_allowed(c, keys, NULL) ||
        scene_marker_list(c, "markers", 2, el->marker, body2) ||
        scene_positive(c, "stiffness", 0, 1, &el->stiffness) ||
        scene_positive(c, "damping", 0, 1, &el->damping) ||
        scene_positive(c, "referenceLength", 0, 1, &el->reference_length) ||
        scene_function(c, "force", "a function(t, length, lengthRate) returning the tension",
                       &el->function))
        return scene_status(c);
    return MBC_OK;
}

static mbc_status coordinate_element(scene_ctx *c, sim_element *el, int constraint,
                                     const sim_key *keys)
{
    const sim_marker_kind coord2[2] = {SIM_MARKER_COORDINATE, SIM_MARKER_COORDINATE};
    el->kind = constraint ? SIM_COORDINATE_CONSTRAINT : SIM_COORDINATE_SPRING;
    const unsigned fin = MBC_READER_FINITE;
    int failed =
        scene_keys_allowed(c, keys, NULL) || scene_marker_list(c, "markers", 1, el->marker, coord2);
    if (constraint) {
        failed = failed || mbc_reader_number(&c->r, &c->item, "factor", fin, NULL, &el->factor) ||
                 scene_value_or_function(c, "offset", 1, &el->offset, &el->function);
    } else {
        failed = failed || scene_positive(c, "stiffness", 0, 1, &el->stiffness) ||
                 scene_positive(c, "damping", 0, 1, &el->damping) ||
                 mbc_reader_number(&c->r, &c->item, "offset", fin, NULL, &el->offset);
    }
    return failed ? scene_status(c) : MBC_OK;
}

static mbc_status load(scene_ctx *c, sim_element *el, int force, const sim_key *keys)
{
    const char *mn = NULL;
    el->kind = force ? SIM_FORCE : SIM_TORQUE;
    if (scene_keys_allowed(c, keys, NULL) ||
        mbc_reader_string(&c->r, &c->item, "marker", MBC_READER_REQUIRED, &mn))
        return scene_status(c);
    el->marker[0] = scene_find_marker(c->m, mn);
    if (el->marker[0] < 0 || c->m->markers[el->marker[0]].kind != SIM_MARKER_BODY)
        return scene_fail(c, "marker", "\"%s\" is not a Position or Rigid marker", mn);
    if (!scene_has(c, "value"))
        return scene_missing(c, "value", "{x, y, z} or function(t)");
    return scene_value_or_function(c, "value", 3, el->value, &el->function);
}

mbc_status scene_read_element(scene_ctx *c, const mbc_reader_table *list, size_t i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, list, i, "element", scene_find_element, name, &it) != MBC_OK)
        return scene_status(c);
    const char *type = it->type;
    sim_element *el = sim_add_element(c->m);
    if (el == NULL)
        return scene_nomem(c);
    snprintf(el->name, sizeof el->name, "%s", name);
    el->line = c->item.line;
    if (strcmp(type, "SpringDamper") == 0)
        return spring_damper(c, el, it->keys);
    if (strcmp(type, "CoordinateSpringDamper") == 0 || strcmp(type, "CoordinateConstraint") == 0)
        return coordinate_element(c, el, type[10] == 'C', it->keys);
    return load(c, el, type[0] == 'F', it->keys);
}
