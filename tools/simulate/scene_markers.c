/* SPDX-License-Identifier: BSD-3-Clause */
/* Markers of a scene file (docs/simulate.rst "Markers"): Position, Rigid,
 * Coordinate, CableShape and CableCoordinates, and lists of marker names. */
#include "scene_reader.h"

#include <stdio.h>
#include <string.h>

mbc_status scene_marker_body(scene_ctx *c, int *body, int allow_ale)
{
    const char *bn = NULL;
    if (scene_string(c, -1, "body", 1, &bn) != MBC_OK) {
        return c->status;
    }
    const int b = scene_find_body(c->m, bn);
    const int g = scene_find_group(c->m, bn);
    const int has_node = scene_has(c, -1, "node");
    if (g >= 0) {
        const sim_cable_group *gr = &c->m->groups[g];
        int node = -1;
        if (gr->first_node < 0) {
            return scene_field_fail(c, "body",
                                    "\"%s\" is a prescribed cable: it has no nodes to mark "
                                    "(use CableShape or CableCoordinates markers)",
                                    bn);
        }
        if (!has_node) {
            return scene_fail_at(c, c->item_line,
                                 "%s: 'node' is required for the cable \"%s\" (0 to %d)", c->path,
                                 bn, gr->element_count);
        }
        if (scene_index(c, -1, "node", 1, gr->element_count + 1, &node) != MBC_OK) {
            return c->status;
        }
        *body = gr->first_node + node;
        return MBC_OK;
    }
    if (b < 0) {
        return scene_field_fail(c, "body", "no body or cable is called \"%s\"", bn);
    }
    if (has_node) {
        return scene_field_fail(c, "node", "only cables have nodes (\"%s\" is not a cable)", bn);
    }
    if (c->m->bodies[b].kind == SIM_ALE_NODE && !allow_ale) {
        return scene_field_fail(c, "body", "\"%s\" is an ALE node: it has no position", bn);
    }
    *body = b;
    return MBC_OK;
}

/* cable = "NAME", element = k: the cable element index. */
static mbc_status cable_element(scene_ctx *c, int *element)
{
    const char *cn = NULL;
    if (scene_string(c, -1, "cable", 1, &cn) != MBC_OK) {
        return c->status;
    }
    const int g = scene_find_group(c->m, cn);
    if (g < 0) {
        return scene_field_fail(c, "cable", "no cable is called \"%s\"", cn);
    }
    int k = 0;
    if (scene_index(c, -1, "element", 1, c->m->groups[g].element_count, &k) != MBC_OK) {
        return c->status;
    }
    *element = c->m->groups[g].first_element + k;
    return MBC_OK;
}

static mbc_status body_marker(scene_ctx *c, sim_marker *mk, const char *type, const sim_key *keys)
{
    mk->kind = SIM_MARKER_BODY;
    if (scene_check_keys(c, -1, keys, NULL) || scene_marker_body(c, &mk->body, 0)) {
        return c->status;
    }
    const sim_body_kind k = c->m->bodies[mk->body].kind;
    if (type[0] == 'R' && (k == SIM_POINT_2D || k == SIM_POINT_3D)) {
        return scene_field_fail(c, "type", "a mass point has no orientation: use \"Position\"");
    }
    return MBC_OK;
}

static mbc_status coordinate_marker(scene_ctx *c, sim_marker *mk, const sim_key *keys)
{
    mk->kind = SIM_MARKER_COORDINATE;
    if (scene_check_keys(c, -1, keys, NULL) || scene_marker_body(c, &mk->body, 0)) {
        return c->status;
    }
    const int nq = c->m->bodies[mk->body].nq;
    if (nq == 0) {
        return scene_field_fail(c, "body", "\"%s\" has no coordinates",
                                c->m->bodies[mk->body].name);
    }
    return scene_index(c, -1, "coordinate", 1, nq, &mk->coordinate);
}

static mbc_status shape_marker(scene_ctx *c, sim_marker *mk, const sim_key *keys)
{
    mk->kind = SIM_MARKER_CABLE_SHAPE;
    mk->segments = 8;
    if (scene_check_keys(c, -1, keys, NULL) || cable_element(c, &mk->cable) ||
        scene_index(c, -1, "segments", 0, 0, &mk->segments) ||
        scene_number(c, -1, "verticalOffset", 0, &mk->vertical_offset, NULL)) {
        return c->status;
    }
    if (mk->segments < 1 || mk->segments > 1000) {
        return scene_field_fail(c, "segments", "must be from 1 to 1000 (got %d)", mk->segments);
    }
    return MBC_OK;
}

mbc_status scene_read_marker(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, "markers", i, "marker", scene_find_marker, name, &it) != MBC_OK) {
        return c->status;
    }
    const char *type = it->type;
    sim_marker *mk = sim_add_marker(c->m);
    if (mk == NULL) {
        return scene_out_of_memory(c);
    }
    snprintf(mk->name, sizeof mk->name, "%s", name);
    mk->line = c->item_line;
    if (strcmp(type, "Position") == 0 || strcmp(type, "Rigid") == 0) {
        return body_marker(c, mk, type, it->keys);
    }
    if (strcmp(type, "Coordinate") == 0) {
        return coordinate_marker(c, mk, it->keys);
    }
    if (strcmp(type, "CableShape") == 0) {
        return shape_marker(c, mk, it->keys);
    }
    mk->kind = SIM_MARKER_CABLE_COORDINATES;
    return scene_result(c, scene_check_keys(c, -1, it->keys, NULL) || cable_element(c, &mk->cable));
}

mbc_status scene_marker_list(scene_ctx *c, const char *key, int n_min, int *out,
                             const sim_marker_kind *need)
{
    static const char *const kinds[] = {"Position or Rigid", "Coordinate", "CableShape",
                                        "CableCoordinates"};
    lua_getfield(c->L, -1, key);
    const long long len = lua_istable(c->L, -1) ? (long long)lua_rawlen(c->L, -1) : -1;
    if (len < n_min || len > 2) {
        char b[80];
        scene_describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        return scene_field_fail(c, key, "must be a list of %s marker names (got %s)",
                                n_min == 2 ? "2" : "1 or 2", b);
    }
    for (int k = 0; k < (int)len; ++k) {
        lua_rawgeti(c->L, -1, k + 1);
        const int is_name = lua_type(c->L, -1) == LUA_TSTRING;
        const char *nm = is_name ? lua_tostring(c->L, -1) : NULL;
        const int mk = nm != NULL ? scene_find_marker(c->m, nm) : -1;
        char b[80];
        scene_describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        if (mk < 0) {
            lua_pop(c->L, 1);
            if (!is_name) {
                return scene_field_fail(c, key, "element %d must be a marker name (got %s)", k + 1,
                                        b);
            }
            return scene_field_fail(c, key, "element %d: no marker is called \"%s\"", k + 1, nm);
        }
        if (need != NULL && c->m->markers[mk].kind != need[k]) {
            lua_pop(c->L, 1);
            return scene_field_fail(c, key,
                                    "element %d: \"%s\" is a %s marker; a %s marker is needed",
                                    k + 1, nm, kinds[c->m->markers[mk].kind], kinds[need[k]]);
        }
        out[k] = mk;
    }
    lua_pop(c->L, 1);
    return MBC_OK;
}
