/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading the Lua tables of a scene file (scene_reader.h) with the front
 * end's table reader.
 *
 * Lua keeps no record of where a table was written, so the reader finds
 * LINE in the scene text: an item's line is the line of `name = "ITEM"`
 * after the top of its list, a field's the line of `FIELD =` after it (the
 * top of the list when an item was built by a loop). */
#include "scene_reader.h"

#include "mbconnect/format_number.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#define MAX_KEYS 32 /* keys of one item type in the catalog */

mbc_status scene_status(const scene_ctx *c)
{
    return mbc_reader_status(&c->r);
}

mbc_status scene_nomem(scene_ctx *c)
{
    return mbc_reader_nomem(&c->r);
}

double *scene_scratch(scene_ctx *c, int slot, size_t count)
{
    free(c->scratch[slot]);
    c->scratch[slot] = calloc(count + 1, sizeof(double));
    return c->scratch[slot];
}

/* "PATH.key: RULE" (key NULL: "PATH: RULE") at line. */
static mbc_status fail_field(scene_ctx *c, int line, const char *key, const char *rule)
{
    char field[MBC_READER_NAME_SIZE + 64];
    mbc_reader_field(&c->item, key, field, sizeof field);
    return mbc_reader_fail(&c->r, line, field, "%s", rule);
}

mbc_status scene_fail(scene_ctx *c, const char *key, const char *fmt, ...)
{
    char rule[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    const int line = key != NULL ? mbc_reader_line(&c->r, &c->item, key) : c->item.line;
    return fail_field(c, line, key, rule);
}

mbc_status scene_missing(scene_ctx *c, const char *key, const char *hint_fmt, ...)
{
    char hint[MBC_ERROR_SIZE - 16], rule[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, hint_fmt);
    vsnprintf(hint, sizeof hint, hint_fmt, ap);
    va_end(ap);
    snprintf(rule, sizeof rule, "missing (%s)", hint);
    return fail_field(c, c->item.line, key, rule);
}

/* ------------------------------------------------------------------------ */
/* keys and values                                                          */

static int is_parameter(void *type, const char *key)
{
    return mbc_type_find_param(type, key) != NULL;
}

static void offer_parameters(void *type, mbc_suggestion *s)
{
    const mbc_type_info *t = type;
    for (size_t i = 0; i < t->param_count; i++)
        mbc_suggest_offer(s, t->params[i].name);
}

mbc_status scene_keys_allowed(scene_ctx *c, const sim_key *keys, const mbc_type_info *t)
{
    const char *names[MAX_KEYS + 1];
    size_t n = 0;
    for (; n < MAX_KEYS && keys[n].name != NULL; ++n)
        names[n] = keys[n].name;
    names[n] = NULL;
    if (t == NULL)
        return mbc_reader_check_keys(&c->r, &c->item, names, 0);
    const mbc_reader_more_keys params = {is_parameter, offer_parameters, (void *)t,
                                         "the parameters of the type"};
    return mbc_reader_check_keys_with(&c->r, &c->item, names, 0, &params);
}

/* Pushes the item's `key` (raw: scene tables have no metatables). */
static void push_key(scene_ctx *c, const char *key)
{
    lua_pushstring(c->r.L, key);
    lua_rawget(c->r.L, c->item.idx);
}

int scene_has(scene_ctx *c, const char *key)
{
    push_key(c, key);
    const int has = !lua_isnil(c->r.L, -1);
    lua_pop(c->r.L, 1);
    return has;
}

mbc_status scene_positive(scene_ctx *c, const char *key, unsigned flags, int allow_zero,
                          double *out)
{
    double x = NAN; /* stays NAN when absent: a present value is finite */
    const mbc_status st =
        mbc_reader_number(&c->r, &c->item, key, flags | MBC_READER_FINITE, NULL, &x);
    if (st != MBC_OK || isnan(x))
        return st;
    if (allow_zero ? x < 0.0 : x <= 0.0) {
        char given[64];
        mbc_format_number(x, given, sizeof given);
        return scene_fail(c, key, "must be %s 0 (given %s)", allow_zero ? ">=" : ">", given);
    }
    *out = x;
    return MBC_OK;
}

mbc_status scene_index(scene_ctx *c, const char *key, unsigned flags, int lo, int hi, int *out)
{
    long v = *out;
    const mbc_status st = mbc_reader_integer(&c->r, &c->item, key, flags, lo, hi, &v);
    if (st == MBC_OK)
        *out = (int)v;
    return st;
}

mbc_status scene_function(scene_ctx *c, const char *key, const char *hint, int *ref)
{
    lua_State *L = c->r.L;
    push_key(c, key);
    if (lua_isfunction(L, -1)) {
        *ref = luaL_ref(L, LUA_REGISTRYINDEX); /* pops it */
        return MBC_OK;
    }
    mbc_status st = MBC_OK;
    if (!lua_isnil(L, -1)) {
        char given[96];
        st = scene_fail(c, key, "must be %s (given %s)", hint,
                        mbc_reader_describe(L, -1, given, sizeof given));
    }
    lua_pop(L, 1);
    return st;
}

mbc_status scene_value_or_function(scene_ctx *c, const char *key, int n, double *out, int *ref)
{
    push_key(c, key);
    const int is_function = lua_isfunction(c->r.L, -1);
    lua_pop(c->r.L, 1);
    if (is_function)
        return scene_function(c, key, "a function", ref);
    if (n == 1)
        return mbc_reader_number(&c->r, &c->item, key, MBC_READER_FINITE, NULL, out);
    return mbc_reader_numbers(&c->r, &c->item, key, MBC_READER_FINITE, (size_t)n, out);
}

/* ------------------------------------------------------------------------ */
/* items and names                                                          */

mbc_status scene_begin_item(scene_ctx *c, const mbc_reader_table *list, size_t i, char *name,
                            const char *kind)
{
    const char *nm = NULL;
    if (mbc_reader_string(&c->r, &c->item, "name", MBC_READER_NONEMPTY, &nm) != MBC_OK)
        return scene_status(c);
    if (nm == NULL) {
        snprintf(name, SIM_NAME_SIZE, "%s%zu", kind, i);
        return MBC_OK;
    }
    const int line = mbc_reader_value_line(&c->r, nm, list->line);
    if (strlen(nm) >= SIM_NAME_SIZE) {
        char rule[128];
        snprintf(rule, sizeof rule, "must have at most %d characters (given %zu characters)",
                 SIM_NAME_SIZE - 1, strlen(nm));
        return fail_field(c, line, "name", rule);
    }
    snprintf(name, SIM_NAME_SIZE, "%s", nm);
    mbc_reader_table_at(&c->r, &c->item, c->item.idx, MBC_READER_PATH, line, "%s.%s", list->name,
                        nm);
    return MBC_OK;
}

mbc_status scene_type(scene_ctx *c, const char **out)
{
    lua_State *L = c->r.L;
    if (scene_has(c, "type"))
        return mbc_reader_string(&c->r, &c->item, "type", MBC_READER_REQUIRED, out);
    /* missing: with the keys the item has, so that a misspelled `type` shows */
    char keys[200] = "the item's keys:";
    size_t len = strlen(keys);
    lua_pushnil(L);
    while (lua_next(L, c->item.idx) != 0) {
        lua_pop(L, 1);
        char b[64];
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                       : mbc_reader_describe(L, -1, b, sizeof b);
        if (len < sizeof keys)
            len += (size_t)snprintf(keys + len, sizeof keys - len, " %.40s", k);
    }
    return mbc_reader_missing(&c->r, &c->item, "type", keys);
}

mbc_status scene_begin_typed(scene_ctx *c, const mbc_reader_table *list, size_t i, const char *kind,
                             int (*find)(const sim_model *, const char *), char *name,
                             const sim_item_type **type)
{
    const char *t = NULL;
    if (scene_begin_item(c, list, i, name, kind) || scene_duplicate(c, find(c->m, name), name) ||
        scene_type(c, &t))
        return scene_status(c);
    *type = sim_item_type_find(list->name, t);
    if (*type == NULL) {
        char known[256];
        sim_item_type_names(list->name, known, sizeof known);
        return scene_fail(c, "type", "unknown %s type \"%s\" (known: %s)", kind, t, known);
    }
    return MBC_OK;
}

mbc_status scene_read_list(scene_ctx *c, const char *key,
                           mbc_status (*read)(scene_ctx *, const mbc_reader_table *, size_t))
{
    lua_State *L = c->r.L;
    mbc_reader_table list;
    size_t n = 0;
    mbc_status st = mbc_reader_list(&c->r, &c->root, key, 0, "a list of tables", &list, &n);
    for (size_t i = 1; st == MBC_OK && i <= n; ++i) {
        st = mbc_reader_entry(&c->r, &list, i, "a table", &c->item);
        if (st == MBC_OK)
            st = read(c, &list, i);
        lua_pop(L, 1); /* the entry */
    }
    lua_pop(L, 1); /* the list */
    return st;
}

mbc_status scene_duplicate(scene_ctx *c, int found, const char *name)
{
    if (found >= 0)
        return scene_fail(c, NULL, "the name \"%s\" is used twice", name);
    return MBC_OK;
}

int scene_find_body(const sim_model *m, const char *name)
{
    for (int i = 0; i < m->body_count; ++i)
        if (m->bodies[i].kind != SIM_CABLE_NODE && strcmp(m->bodies[i].name, name) == 0)
            return i;
    return -1;
}

/* The index of the item whose name (a char array at name_offset) is name,
 * or -1. */
static int find_named(const void *items, int count, size_t size, size_t name_offset,
                      const char *name)
{
    for (int i = 0; i < count; ++i)
        if (strcmp((const char *)items + (size_t)i * size + name_offset, name) == 0)
            return i;
    return -1;
}

int scene_find_group(const sim_model *m, const char *name)
{
    return find_named(m->groups, m->group_count, sizeof *m->groups, offsetof(sim_cable_group, name),
                      name);
}

int scene_find_marker(const sim_model *m, const char *name)
{
    return find_named(m->markers, m->marker_count, sizeof *m->markers, offsetof(sim_marker, name),
                      name);
}

int scene_find_element(const sim_model *m, const char *name)
{
    return find_named(m->elements, m->element_count, sizeof *m->elements,
                      offsetof(sim_element, name), name);
}

int scene_find_sensor(const sim_model *m, const char *name)
{
    return find_named(m->sensors, m->sensor_count, sizeof *m->sensors, offsetof(sim_sensor, name),
                      name);
}

int scene_find_connector(const sim_model *m, const char *name)
{
    return find_named(m->connectors, m->connector_count, sizeof *m->connectors,
                      offsetof(sim_connector, name), name);
}
