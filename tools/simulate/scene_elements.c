/* SPDX-License-Identifier: BSD-3-Clause */
/* Elements of a scene file (docs/simulate.rst "Elements"): spring-dampers,
 * coordinate springs and constraints, forces and torques. */
#include "scene_reader.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

static mbc_status spring_damper(scene_ctx *c, sim_element *el, const sim_key *keys)
{
    const sim_marker_kind body2[2] = {SIM_MARKER_BODY, SIM_MARKER_BODY};
    el->kind = SIM_SPRING_DAMPER;
    if (scene_check_keys(c, -1, keys, NULL) ||
        scene_marker_list(c, "markers", 2, el->marker, body2) ||
        scene_positive(c, -1, "stiffness", 0, 1, &el->stiffness) ||
        scene_positive(c, -1, "damping", 0, 1, &el->damping) ||
        scene_positive(c, -1, "referenceLength", 0, 1, &el->reference_length)) {
        return c->status;
    }
    lua_getfield(c->L, -1, "force");
    if (lua_isfunction(c->L, -1)) {
        el->function = luaL_ref(c->L, LUA_REGISTRYINDEX);
        return MBC_OK;
    }
    const int bad = !lua_isnil(c->L, -1);
    char b[80];
    scene_describe(c->L, -1, b, sizeof b);
    lua_pop(c->L, 1);
    if (bad) {
        return scene_field_fail(c, "force",
                                "must be a function(t, length, lengthRate) returning the tension "
                                "(got %s)",
                                b);
    }
    return MBC_OK;
}

static mbc_status coordinate_element(scene_ctx *c, sim_element *el, int constraint,
                                     const sim_key *keys)
{
    const sim_marker_kind coord2[2] = {SIM_MARKER_COORDINATE, SIM_MARKER_COORDINATE};
    el->kind = constraint ? SIM_COORDINATE_CONSTRAINT : SIM_COORDINATE_SPRING;
    if (scene_check_keys(c, -1, keys, NULL) ||
        scene_marker_list(c, "markers", 1, el->marker, coord2)) {
        return c->status;
    }
    if (constraint) {
        return scene_result(
            c, scene_number(c, -1, "factor", 0, &el->factor, NULL) ||
                   scene_value_or_function(c, -1, "offset", 1, &el->offset, &el->function));
    }
    return scene_result(c, scene_positive(c, -1, "stiffness", 0, 1, &el->stiffness) ||
                               scene_positive(c, -1, "damping", 0, 1, &el->damping) ||
                               scene_number(c, -1, "offset", 0, &el->offset, NULL));
}

static mbc_status load(scene_ctx *c, sim_element *el, int force, const sim_key *keys)
{
    const char *mn = NULL;
    el->kind = force ? SIM_FORCE : SIM_TORQUE;
    if (scene_check_keys(c, -1, keys, NULL) || scene_string(c, -1, "marker", 1, &mn)) {
        return c->status;
    }
    el->marker[0] = scene_find_marker(c->m, mn);
    if (el->marker[0] < 0) {
        return scene_field_fail(c, "marker", "no marker is called \"%s\"", mn);
    }
    if (c->m->markers[el->marker[0]].kind != SIM_MARKER_BODY) {
        return scene_field_fail(c, "marker", "\"%s\" is not a Position or Rigid marker", mn);
    }
    if (!scene_has(c, -1, "value")) {
        return scene_fail_at(c, c->item_line, "%s: 'value' is required ({x, y, z} or function(t))",
                             c->path);
    }
    return scene_value_or_function(c, -1, "value", 3, el->value, &el->function);
}

mbc_status scene_read_element(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, "elements", i, "element", scene_find_element, name, &it) != MBC_OK) {
        return c->status;
    }
    const char *type = it->type;
    sim_element *el = sim_add_element(c->m);
    if (el == NULL) {
        return scene_out_of_memory(c);
    }
    snprintf(el->name, sizeof el->name, "%s", name);
    el->line = c->item_line;
    if (strcmp(type, "SpringDamper") == 0) {
        return spring_damper(c, el, it->keys);
    }
    if (strcmp(type, "CoordinateSpringDamper") == 0 || strcmp(type, "CoordinateConstraint") == 0) {
        return coordinate_element(c, el, type[10] == 'C', it->keys);
    }
    return load(c, el, type[0] == 'F', it->keys);
}
