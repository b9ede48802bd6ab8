/* SPDX-License-Identifier: BSD-3-Clause */
/* Connectors of a scene file (docs/simulate.rst "Connectors"): any type of
 * the registry, its parameters set by name through the library's checked
 * setters in the type's declaration order. */
#include "scene_reader.h"

#include "mbconnect/input.h"
#include "mbconnect/plugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sim_marker_kind scene_kind_for(mbc_marker_kind k)
{
    switch (k) {
    case MBC_MARKER_CABLE2D_SHAPE:
        return SIM_MARKER_CABLE_SHAPE;
    case MBC_MARKER_CABLE2D_COORDINATES:
        return SIM_MARKER_CABLE_COORDINATES;
    default:
        return SIM_MARKER_BODY;
    }
}

/* Entry k (1-based) of the list on top as a number (index parameters: a
 * marker name too). */
static mbc_status list_value(scene_ctx *c, const mbc_param_info *p, size_t k, double *out)
{
    lua_State *L = c->r.L;
    char given[96];
    mbc_status st = MBC_OK;
    lua_rawgeti(L, -1, (lua_Integer)k);
    if (p->kind == MBC_VALUE_INDEX && lua_type(L, -1) == LUA_TSTRING) {
        const int mk = scene_find_marker(c->m, lua_tostring(L, -1));
        if (mk < 0) {
            st = scene_fail(c, p->name, "element %zu: no marker is called \"%s\"", k,
                            lua_tostring(L, -1));
        }
        *out = mk;
    } else if (lua_type(L, -1) == LUA_TNUMBER ||
               (lua_isboolean(L, -1) && p->kind == MBC_VALUE_BOOL)) {
        *out = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
    } else {
        st = scene_fail(c, p->name, "element %zu must be %s (given %s)", k,
                        p->kind == MBC_VALUE_BOOL ? "true or false" : "a number",
                        mbc_reader_describe(L, -1, given, sizeof given));
    }
    lua_pop(L, 1);
    return st;
}

/* The parameter's list as numbers (index parameters: marker names too), in
 * scratch slot 3. */
static mbc_status parameter_list(scene_ctx *c, const mbc_param_info *p, double **out, size_t *n)
{
    mbc_reader_table list;
    mbc_status st = mbc_reader_list(&c->r, &c->item, p->name, 0, "a list", &list, n);
    if (st == MBC_OK && *n > 100000)
        st = scene_fail(c, p->name, "must have at most 100000 values (given %zu)", *n);
    double *vals = *out = st == MBC_OK ? scene_scratch(c, 3, *n) : NULL;
    if (st == MBC_OK && vals == NULL)
        st = scene_nomem(c);
    for (size_t k = 1; st == MBC_OK && k <= *n; ++k)
        st = list_value(c, p, k, &vals[k - 1]);
    lua_pop(c->r.L, 1); /* the list */
    return st;
}

/* The library's error about a parameter, after "PATH: " at the line of the
 * parameter (the library names the type and the parameter itself). */
static mbc_status library_error(scene_ctx *c, mbc_status st, const char *key, const mbc_error *e)
{
    if (st == MBC_ERR_NOMEM)
        return scene_nomem(c);
    const int line = key != NULL ? mbc_reader_line(&c->r, &c->item, key) : c->item.line;
    return mbc_reader_fail(&c->r, line, c->item.name, "%s", e->message);
}

/* Sets one parameter from the Lua value on top of the stack (the item's
 * value of p->name): a number, a boolean, a string, a list of numbers, or
 * (index parameters) marker names. */
static mbc_status set_parameter(scene_ctx *c, sim_connector *con, const mbc_param_info *p)
{
    lua_State *L = c->r.L;
    mbc_error err;
    mbc_status st = MBC_OK;
    char given[96];
    if (p->kind == MBC_VALUE_STRING) {
        const char *s = NULL;
        if (mbc_reader_string(&c->r, &c->item, p->name, 0, &s) != MBC_OK)
            return scene_status(c);
        st = mbc_object_set_string(con->object, p->name, s, &err);
    } else if (lua_istable(L, -1)) {
        double *vals = NULL;
        size_t n = 0;
        if (parameter_list(c, p, &vals, &n) != MBC_OK)
            return scene_status(c);
        st = mbc_object_set_array(con->object, p->name, vals, n, &err);
    } else if (lua_type(L, -1) == LUA_TNUMBER ||
               (lua_isboolean(L, -1) && p->kind == MBC_VALUE_BOOL)) {
        /* true/false only for Bool parameters: true is not a stiffness of 1 */
        const double x = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
        st = mbc_object_set(con->object, p->name, x, &err);
    } else if (lua_type(L, -1) == LUA_TSTRING && mbc_param_choice_name(p, 0)) {
        /* a named choice by its name ("hertz") */
        st = mbc_object_set_string(con->object, p->name, lua_tostring(L, -1), &err);
    } else if (p->kind == MBC_VALUE_INDEX && lua_type(L, -1) == LUA_TSTRING) {
        const int mk = scene_find_marker(c->m, lua_tostring(L, -1));
        if (mk < 0)
            return scene_fail(c, p->name, "no marker is called \"%s\"", lua_tostring(L, -1));
        st = mbc_object_set(con->object, p->name, mk, &err);
    } else {
        return scene_fail(c, p->name, "must be %s (given %s)",
                          p->kind == MBC_VALUE_BOOL    ? "true or false"
                          : p->kind == MBC_VALUE_INDEX ? "a marker name, a number or a list"
                                                       : "a number or a list of numbers",
                          mbc_reader_describe(L, -1, given, sizeof given));
    }
    return st == MBC_OK ? MBC_OK : library_error(c, st, p->name, &err);
}

/* Every parameter the item sets, in the type's declaration order. */
static mbc_status set_parameters(scene_ctx *c, sim_connector *con, const mbc_type_info *t)
{
    lua_State *L = c->r.L;
    mbc_error err;
    for (size_t k = 0; k < t->param_count; ++k) {
        const mbc_param_info *p = &t->params[k];
        lua_pushstring(L, p->name);
        lua_rawget(L, c->item.idx);
        const int absent = lua_isnil(L, -1);
        mbc_status st = MBC_OK;
        if (absent) {
            /* node numbers: the simulator gives each connector its own data
             * coordinates, so a placeholder satisfies "must be set" */
            if (p->kind == MBC_VALUE_INDEX && p->must_be_set && p->shape != MBC_VECTOR &&
                strcmp(p->name, "markerNumbers") != 0) {
                double zeros[8] = {0};
                st = mbc_object_set_array(con->object, p->name, zeros, p->size < 8 ? p->size : 8,
                                          &err);
                st = st == MBC_ERR_NOMEM ? scene_nomem(c) : MBC_OK;
            }
        } else if (p->role != MBC_ROLE_INPUT) {
            st = scene_fail(c, p->name, "is computed by %s (%s), not set by a scene", t->type_name,
                            p->role == MBC_ROLE_DERIVED ? "derived" : "state");
        } else {
            st = set_parameter(c, con, p);
        }
        lua_pop(L, 1);
        if (st != MBC_OK)
            return st;
    }
    return MBC_OK;
}

/* aleNode and slidingMarkerNumbers of a type with a Cable2DCoordinates marker. */
static mbc_status ale_joint(scene_ctx *c, sim_connector *con)
{
    const char *an = NULL;
    mbc_error err;
    if (mbc_reader_string(&c->r, &c->item, "aleNode", MBC_READER_REQUIRED, &an) != MBC_OK)
        return scene_status(c);
    con->ale_body = scene_find_body(c->m, an);
    if (con->ale_body < 0 || c->m->bodies[con->ale_body].kind != SIM_ALE_NODE)
        return scene_fail(c, "aleNode", "no ALENode body is called \"%s\"", an);
    double idx[256];
    size_t n = 0;
    if (mbc_object_get(con->object, "slidingMarkerNumbers", idx, 256, &n, &err) != MBC_OK ||
        n == 0 || n > 256) {
        return scene_fail(c, NULL,
                          "slidingMarkerNumbers must list 1 to 256 CableCoordinates markers");
    }
    con->sliding = calloc(n, sizeof *con->sliding);
    if (con->sliding == NULL)
        return scene_nomem(c);
    con->sliding_count = (int)n;
    for (size_t k = 0; k < n; ++k) {
        const int mk = (int)idx[k];
        const sim_model *m = c->m;
        if (mk < 0 || mk >= m->marker_count ||
            m->markers[mk].kind != SIM_MARKER_CABLE_COORDINATES ||
            m->cables[m->markers[mk].cable].node[0] >= 0) {
            return scene_fail(c, "slidingMarkerNumbers",
                              "element %zu must be a CableCoordinates marker of a "
                              "Cable2DPrescribed cable (given marker number %d)",
                              k + 1, mk);
        }
        con->sliding[k] = mk;
    }
    return MBC_OK;
}

/* The type of the connector item on top: NULL (error recorded) when unknown. */
static const mbc_type_info *connector_type(scene_ctx *c, const char *type)
{
    const mbc_type_info *t = mbc_registry_lookup(c->registry, type);
    if (t == NULL) {
        mbc_error err;
        char path[256];
        mbc_object *probe = mbc_registry_create(c->registry, type, &err);
        mbc_object_destroy(probe);
        mbc_plugin_search_path(path, sizeof path);
        scene_fail(c, "type",
                   "%s; a type from a plugin needs mbc --plugin PLUGIN (plugin search path: %s)",
                   err.message, path);
    }
    return t;
}

mbc_status scene_read_connector(scene_ctx *c, const mbc_reader_table *list, size_t i)
{
    char name[SIM_NAME_SIZE];
    const char *type = NULL;
    mbc_error err;
    if (scene_begin_item(c, list, i, name, "connector") ||
        scene_duplicate(c, scene_find_connector(c->m, name), name) || scene_type(c, &type))
        return scene_status(c);
    const mbc_type_info *t = connector_type(c, type);
    if (t == NULL || scene_keys_allowed(c, sim_connector_keys(), t) != MBC_OK)
        return scene_status(c);
    sim_connector *con = sim_add_connector(c->m);
    if (con == NULL)
        return scene_nomem(c);
    snprintf(con->name, sizeof con->name, "%s", name);
    con->line = c->item.line;
    con->object = mbc_object_create_type(t, &err);
    if (con->object == NULL) /* a registered type: only memory can fail */
        return scene_nomem(c);
    const sim_marker_kind need[2] = {scene_kind_for(t->marker_kinds[0]),
                                     scene_kind_for(t->marker_kinds[1])};
    if (scene_marker_list(c, "markers", 2, con->marker, need) != MBC_OK)
        return scene_status(c);
    const double nums[2] = {con->marker[0], con->marker[1]};
    mbc_status st = mbc_object_set_array(con->object, "markerNumbers", nums, 2, &err);
    if (st != MBC_OK)
        return library_error(c, st, NULL, &err);
    st = set_parameters(c, con, t);
    if (st == MBC_OK && t->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES)
        st = ale_joint(c, con);
    else if (st == MBC_OK && scene_has(c, "aleNode"))
        st = scene_fail(c, "aleNode", "%s has no ALE coordinate", t->type_name);
    if (st != MBC_OK)
        return st;
    /* a count (data or output `per`) of a billion would allocate gigabytes at
     * the first step: the bound of mbc eval's cable segments */
    for (size_t k = 0; k <= t->output_count; ++k) {
        const int per = k < t->output_count ? t->outputs[k].per : t->data_per;
        double count = 0.0;
        size_t got = 0;
        if (per >= 0 && (size_t)per < t->param_count &&
            mbc_object_get(con->object, t->params[per].name, &count, 1, &got, &err) == MBC_OK &&
            got == 1 && count > MBC_INPUT_MAX_SEGMENTS) {
            return scene_fail(c, t->params[per].name, "must be at most %d (given %.17g)",
                              MBC_INPUT_MAX_SEGMENTS, count);
        }
    }
    mbc_error errs[4];
    size_t violations = 0;
    st = mbc_object_initialize(con->object, errs, 4, &violations);
    if (st == MBC_ERR_NOMEM)
        return scene_nomem(c);
    if (st != MBC_OK)
        return scene_fail(c, NULL, "%s", violations > 0 ? errs[0].message : "initialize failed");
    return MBC_OK;
}
