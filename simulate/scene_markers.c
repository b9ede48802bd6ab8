/* SPDX-License-Identifier: BSD-3-Clause */
/* Markers of a scene file (docs/simulate.rst "Markers"): Position, Rigid,
 * Coordinate, CableShape and CableCoordinates, and lists of marker names. */
#include "scene_reader.h"

#include <stdio.h>
#include <string.h>

mbc_status scene_marker_body(scene_ctx *c, int *body, int allow_ale)
{
    const char *bn = NULL;
    if (mbc_reader_string(&c->r, &c->item, "body", MBC_READER_REQUIRED, &bn) != MBC_OK)
        return scene_status(c);
    const int b = scene_find_body(c->m, bn);
    const int g = scene_find_group(c->m, bn);
    const int has_node = scene_has(c, "node");
    if (g >= 0) {
        const sim_cable_group *gr = &c->m->groups[g];
        int node = -1;
        if (gr->first_node < 0) {
            return scene_fail(c, "body",
                              "\"%s\" is a prescribed cable: it has no nodes to mark "
                              "(use CableShape or CableCoordinates markers)",
                              bn);
        }
        if (!has_node) {
            return scene_missing(c, "node", "a node of the cable \"%s\", 0 to %d", bn,
                                 gr->element_count);
        }
        if (scene_index(c, "node", 0, 0, gr->element_count, &node) != MBC_OK)
            return scene_status(c);
        *body = gr->first_node + node;
        return MBC_OK;
    }
    if (b < 0)
        return scene_fail(c, "body", "no body or cable is called \"%s\"", bn);
    if (has_node)
        return scene_fail(c, "node", "only cables have nodes (\"%s\" is not a cable)", bn);
    if (c->m->bodies[b].kind == SIM_ALE_NODE && !allow_ale)
        return scene_fail(c, "body", "\"%s\" is an ALE node: it has no position", bn);
    *body = b;
    return MBC_OK;
}

/* cable = "NAME", element = k: the cable element index. */
static mbc_status cable_element(scene_ctx *c, int *element)
{
    const char *cn = NULL;
    if (mbc_reader_string(&c->r, &c->item, "cable", MBC_READER_REQUIRED, &cn) != MBC_OK)
        return scene_status(c);
    const int g = scene_find_group(c->m, cn);
    if (g < 0)
        return scene_fail(c, "cable", "no cable is called \"%s\"", cn);
    int k = 0;
    const int last = c->m->groups[g].element_count - 1;
    if (scene_index(c, "element", MBC_READER_REQUIRED, 0, last, &k) != MBC_OK)
        return scene_status(c);
    *element = c->m->groups[g].first_element + k;
    return MBC_OK;
}

static mbc_status body_marker(scene_ctx *c, sim_marker *mk, const char *type, const sim_key *keys)
{
    mk->kind = SIM_MARKER_BODY;
    if (scene_keys_allowed(c, keys, NULL) || scene_marker_body(c, &mk->body, 0))
        return scene_status(c);
    const sim_body_kind k = c->m->bodies[mk->body].kind;
    if (type[0] == 'R' && (k == SIM_POINT_2D || k == SIM_POINT_3D))
        return scene_fail(c, "type", "a mass point has no orientation: use \"Position\"");
    return MBC_OK;
}

static mbc_status coordinate_marker(scene_ctx *c, sim_marker *mk, const sim_key *keys)
{
    mk->kind = SIM_MARKER_COORDINATE;
    if (scene_keys_allowed(c, keys, NULL) || scene_marker_body(c, &mk->body, 0))
        return scene_status(c);
    const int nq = c->m->bodies[mk->body].nq;
    if (nq == 0)
        return scene_fail(c, "body", "\"%s\" has no coordinates", c->m->bodies[mk->body].name);
    return scene_index(c, "coordinate", MBC_READER_REQUIRED, 0, nq - 1, &mk->coordinate);
}

static mbc_status shape_marker(scene_ctx *c, sim_marker *mk, const sim_key *keys)
{
    mk->kind = SIM_MARKER_CABLE_SHAPE;
    mk->segments = 8;
    if (scene_keys_allowed(c, keys, NULL) || cable_element(c, &mk->cable) ||
        scene_index(c, "segments", 0, 1, 1000, &mk->segments) ||
        mbc_reader_number(&c->r, &c->item, "verticalOffset", MBC_READER_FINITE, NULL,
                          &mk->vertical_offset))
        return scene_status(c);
    return MBC_OK;
}

mbc_status scene_read_marker(scene_ctx *c, const mbc_reader_table *list, size_t i)
{
    char name[SIM_NAME_SIZE];
    const sim_item_type *it = NULL;
    if (scene_begin_typed(c, list, i, "marker", scene_find_marker, name, &it) != MBC_OK)
        return scene_status(c);
    const char *type = it->type;
    sim_marker *mk = sim_add_marker(c->m);
    if (mk == NULL)
        return scene_nomem(c);
    snprintf(mk->name, sizeof mk->name, "%s", name);
    mk->line = c->item.line;
    if (strcmp(type, "Position") == 0 || strcmp(type, "Rigid") == 0)
        return body_marker(c, mk, type, it->keys);
    if (strcmp(type, "Coordinate") == 0)
        return coordinate_marker(c, mk, it->keys);
    if (strcmp(type, "CableShape") == 0)
        return shape_marker(c, mk, it->keys);
    mk->kind = SIM_MARKER_CABLE_COORDINATES;
    if (scene_keys_allowed(c, it->keys, NULL) || cable_element(c, &mk->cable))
        return scene_status(c);
    return MBC_OK;
}

mbc_status scene_marker_list(scene_ctx *c, const char *key, int n_min, int *out,
                             const sim_marker_kind *need)
{
    static const char *const kinds[] = {"Position or Rigid", "Coordinate", "CableShape",
                                        "CableCoordinates"};
    const char *hint = n_min == 2 ? "a list of 2 marker names" : "a list of 1 or 2 marker names";
    mbc_reader_table list;
    size_t n = 0;
    mbc_status st = mbc_reader_list(&c->r, &c->item, key, MBC_READER_REQUIRED, hint, &list, &n);
    if (st == MBC_OK && (n < (size_t)n_min || n > 2))
        st = scene_fail(c, key, "must be %s (given %zu name%s)", hint, n, n == 1 ? "" : "s");
    for (size_t k = 1; st == MBC_OK && k <= n; ++k) {
        const char *nm = NULL;
        st = mbc_reader_string_at(&c->r, &list, k, &nm);
        const int mk = st == MBC_OK ? scene_find_marker(c->m, nm) : -1;
        if (st == MBC_OK && mk < 0) {
            st = scene_fail(c, key, "element %zu: no marker is called \"%s\"", k, nm);
        } else if (st == MBC_OK && need != NULL && c->m->markers[mk].kind != need[k - 1]) {
            st = scene_fail(c, key, "element %zu: \"%s\" is a %s marker; a %s marker is needed", k,
                            nm, kinds[c->m->markers[mk].kind], kinds[need[k - 1]]);
        } else if (st == MBC_OK) {
            out[k - 1] = mk;
        }
    }
    lua_pop(c->r.L, 1); /* the list */
    return st;
}
