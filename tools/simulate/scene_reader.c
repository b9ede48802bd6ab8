/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading the Lua tables of a scene file (scene_reader.h).
 *
 * Lua keeps no record of where a table was written, so LINE is found in the
 * scene text: the line of `name = "ITEM"` and, after it, the line of
 * `FIELD =` (the top of the list, or line 1, when an item was built by a
 * loop). */
#include "scene_reader.h"

#include "mbconnect/format_number.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

mbc_status scene_result(const scene_ctx *c, int failed)
{
    return failed ? c->status : MBC_OK;
}

mbc_status scene_out_of_memory(scene_ctx *c)
{
    c->status = mbc_fail(c->err, MBC_ERR_NOMEM, "%s: out of memory", c->m->scene_name);
    return c->status;
}

double *scene_scratch(scene_ctx *c, int slot, size_t count)
{
    free(c->scratch[slot]);
    c->scratch[slot] = calloc(count + 1, sizeof(double));
    return c->scratch[slot];
}

/* ------------------------------------------------------------------------ */
/* line numbers and errors                                                  */

int scene_find_line(const char *text, int from, const char *word, char follow)
{
    int line = 1;
    const size_t wl = strlen(word);
    for (const char *p = text; *p; ++p) {
        if (*p == '\n') {
            ++line;
            continue;
        }
        if (line < from || strncmp(p, word, wl) != 0) {
            continue;
        }
        if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) {
            continue;
        }
        const char *q = p + wl;
        while (*q == ' ' || *q == '\t') {
            ++q;
        }
        if (follow == 0 || *q == follow) {
            if (follow == '=' && q[1] == '=') {
                continue;
            }
            return line;
        }
    }
    return 0;
}

/* The line of `name = "NAME"` at or after the top of the list. */
static int item_line_of(const scene_ctx *c, const char *list, const char *name)
{
    char pattern[SIM_NAME_SIZE + 8];
    snprintf(pattern, sizeof pattern, "\"%s\"", name);
    const int top = scene_find_line(c->text, 1, list, '=');
    int line = 1;
    for (const char *p = c->text; *p; ++p) {
        if (*p == '\n') {
            ++line;
        } else if (line >= top && strncmp(p, pattern, strlen(pattern)) == 0) {
            const char *b = p;
            while (b > c->text && (b[-1] == ' ' || b[-1] == '\t')) {
                --b;
            }
            if (b > c->text && b[-1] == '=') {
                return line;
            }
        }
    }
    return top > 0 ? top : 1;
}

int scene_field_line(const scene_ctx *c, const char *field)
{
    const int l = scene_find_line(c->text, c->item_line, field, '=');
    return l > 0 ? l : c->item_line;
}

mbc_status scene_fail_at(scene_ctx *c, int line, const char *fmt, ...)
{
    char msg[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->status = mbc_fail(c->err, MBC_ERR_VALUE, "%s:%d: %s", c->m->scene_name, line, msg);
    return c->status;
}

mbc_status scene_field_fail(scene_ctx *c, const char *field, const char *fmt, ...)
{
    char msg[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return scene_fail_at(c, scene_field_line(c, field), "%s.%s: %s", c->path, field, msg);
}

const char *scene_describe(lua_State *L, int idx, char *buf, size_t size)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        mbc_format_number(lua_tonumber(L, idx), buf, size);
    } else if (lua_type(L, idx) == LUA_TSTRING) {
        snprintf(buf, size, "\"%.60s\"", lua_tostring(L, idx));
    } else if (lua_type(L, idx) == LUA_TBOOLEAN) {
        snprintf(buf, size, "%s", lua_toboolean(L, idx) ? "true" : "false");
    } else if (lua_type(L, idx) == LUA_TTABLE) {
        snprintf(buf, size, "a table of %zu entr%s", (size_t)lua_rawlen(L, idx),
                 lua_rawlen(L, idx) == 1 ? "y" : "ies");
    } else {
        snprintf(buf, size, "a %s", luaL_typename(L, idx));
    }
    return buf;
}

/* ------------------------------------------------------------------------ */
/* keys                                                                     */

static int known_key(const sim_key *keys, const mbc_type_info *t, const char *k)
{
    for (int i = 0; keys[i].name; ++i) {
        if (strcmp(keys[i].name, k) == 0) {
            return 1;
        }
    }
    return t != NULL && mbc_type_find_param(t, k) != NULL;
}

mbc_status scene_check_keys(scene_ctx *c, int idx, const sim_key *keys, const mbc_type_info *t)
{
    idx = lua_absindex(c->L, idx);
    char worst[128] = "";
    lua_pushnil(c->L);
    while (lua_next(c->L, idx) != 0) {
        lua_pop(c->L, 1);
        if (lua_type(c->L, -1) != LUA_TSTRING) {
            char b[64];
            scene_describe(c->L, -1, b, sizeof b);
            lua_pop(c->L, 1);
            return scene_fail_at(c, c->item_line, "%s: keys must be names (got %s)", c->path, b);
        }
        const char *k = lua_tostring(c->L, -1);
        if (!known_key(keys, t, k) && (worst[0] == '\0' || strcmp(k, worst) < 0)) {
            snprintf(worst, sizeof worst, "%s", k);
        }
    }
    if (worst[0] != '\0') {
        char list[512] = "";
        for (int i = 0; keys[i].name; ++i) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, keys[i].name, sizeof list - strlen(list) - 1);
        }
        return scene_fail_at(c, scene_field_line(c, worst), "%s: unknown key '%s' (known: %s%s)",
                             c->path, worst, list, t ? " and the parameters of the type" : "");
    }
    return MBC_OK;
}

/* ------------------------------------------------------------------------ */
/* values                                                                   */

int scene_has(scene_ctx *c, int idx, const char *key)
{
    lua_getfield(c->L, idx, key);
    const int has = !lua_isnil(c->L, -1);
    lua_pop(c->L, 1);
    return has;
}

/* "'KEY' is required" with the keys the item has instead, so that a
 * misspelled key shows: "(got the keys name, typ)". The item is the table
 * at idx. */
static mbc_status required_missing(scene_ctx *c, int idx, const char *key)
{
    char keys[160] = "";
    size_t len = 0;
    idx = lua_absindex(c->L, idx);
    lua_pushnil(c->L);
    while (lua_next(c->L, idx) != 0) {
        lua_pop(c->L, 1);
        char b[64];
        const char *k = lua_type(c->L, -1) == LUA_TSTRING ? lua_tostring(c->L, -1)
                                                          : scene_describe(c->L, -1, b, sizeof b);
        if (len < sizeof keys) {
            len += (size_t)snprintf(keys + len, sizeof keys - len, "%s%.40s", len ? ", " : "", k);
        }
    }
    if (len == 0) {
        return scene_fail_at(c, c->item_line, "%s: '%s' is required (got an empty table)", c->path,
                             key);
    }
    return scene_fail_at(c, c->item_line, "%s: '%s' is required (got the keys %s)", c->path, key,
                         keys);
}

static int is_finite_number(lua_State *L)
{
    return lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1));
}

static int is_string(lua_State *L)
{
    return lua_type(L, -1) == LUA_TSTRING;
}

static int is_boolean(lua_State *L)
{
    return lua_isboolean(L, -1);
}

/* The field `key` of the table at idx: 1 when it is present and passes ok
 * (it is then on top of the stack); else 0 with *st MBC_OK when it is absent
 * and not required, or the error "must be RULE (got VALUE)". */
static int field(scene_ctx *c, int idx, const char *key, int required, int (*ok)(lua_State *),
                 const char *rule, mbc_status *st)
{
    lua_getfield(c->L, idx, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        *st = required ? required_missing(c, idx, key) : MBC_OK;
        return 0;
    }
    if (!ok(c->L)) {
        char b[80];
        scene_describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        *st = scene_field_fail(c, key, "must be %s (got %s)", rule, b);
        return 0;
    }
    return 1;
}

mbc_status scene_number(scene_ctx *c, int idx, const char *key, int required, double *out,
                        int *present)
{
    mbc_status st = MBC_OK;
    const int got = field(c, idx, key, required, is_finite_number, "a finite number", &st);
    if (present) {
        *present = got;
    }
    if (got) {
        *out = lua_tonumber(c->L, -1);
        lua_pop(c->L, 1);
    }
    return st;
}

mbc_status scene_positive(scene_ctx *c, int idx, const char *key, int required, int allow_zero,
                          double *out)
{
    const mbc_status st = scene_number(c, idx, key, required, out, NULL);
    if (st != MBC_OK) {
        return st;
    }
    if (allow_zero ? *out < 0.0 : *out <= 0.0) {
        char b[64];
        mbc_format_number(*out, b, sizeof b);
        return scene_field_fail(c, key, "must be %s 0 (got %s)", allow_zero ? ">=" : ">", b);
    }
    return MBC_OK;
}

mbc_status scene_index(scene_ctx *c, int idx, const char *key, int required, int limit, int *out)
{
    double x = *out;
    int present = 0;
    const mbc_status st = scene_number(c, idx, key, required, &x, &present);
    if (st != MBC_OK || !present) {
        return st;
    }
    if (x != floor(x) || x < 0.0 || (limit > 0 && x >= limit) || x > 1e9) {
        char b[64];
        mbc_format_number(x, b, sizeof b);
        if (limit > 0) {
            return scene_field_fail(c, key, "must be a whole number from 0 to %d (got %s)",
                                    limit - 1, b);
        }
        return scene_field_fail(c, key, "must be a whole number >= 0 (got %s)", b);
    }
    *out = (int)x;
    return MBC_OK;
}

mbc_status scene_vector(scene_ctx *c, int idx, const char *key, int n, int required, double *out)
{
    lua_getfield(c->L, idx, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return required ? required_missing(c, idx, key) : MBC_OK;
    }
    char b[80];
    if (!lua_istable(c->L, -1) || (long long)lua_rawlen(c->L, -1) != n) {
        if (lua_istable(c->L, -1)) {
            snprintf(b, sizeof b, "a list of %lld", (long long)lua_rawlen(c->L, -1));
        } else {
            scene_describe(c->L, -1, b, sizeof b);
        }
        lua_pop(c->L, 1);
        return scene_field_fail(c, key, "must be a list of %d numbers (got %s)", n, b);
    }
    for (int i = 0; i < n; ++i) {
        lua_rawgeti(c->L, -1, i + 1);
        if (lua_type(c->L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(c->L, -1))) {
            scene_describe(c->L, -1, b, sizeof b);
            lua_pop(c->L, 2);
            return scene_field_fail(c, key, "element %d must be a finite number (got %s)", i + 1,
                                    b);
        }
        out[i] = lua_tonumber(c->L, -1);
        lua_pop(c->L, 1);
    }
    lua_pop(c->L, 1);
    return MBC_OK;
}

mbc_status scene_string(scene_ctx *c, int idx, const char *key, int required, const char **out)
{
    mbc_status st = MBC_OK;
    if (field(c, idx, key, required, is_string, "a string", &st)) {
        *out = lua_tostring(c->L, -1); /* kept alive by the scene table */
        lua_pop(c->L, 1);
    }
    return st;
}

mbc_status scene_bool(scene_ctx *c, int idx, const char *key, int *out)
{
    mbc_status st = MBC_OK;
    if (field(c, idx, key, 0, is_boolean, "true or false", &st)) {
        *out = lua_toboolean(c->L, -1);
        lua_pop(c->L, 1);
    }
    return st;
}

mbc_status scene_value_or_function(scene_ctx *c, int idx, const char *key, int n, double *out,
                                   int *ref)
{
    lua_getfield(c->L, idx, key);
    if (lua_isfunction(c->L, -1)) {
        *ref = luaL_ref(c->L, LUA_REGISTRYINDEX);
        return MBC_OK;
    }
    lua_pop(c->L, 1);
    if (n == 1) {
        return scene_number(c, idx, key, 0, out, NULL);
    }
    return scene_vector(c, idx, key, n, 0, out);
}

/* ------------------------------------------------------------------------ */
/* items and names                                                          */

mbc_status scene_begin_item(scene_ctx *c, const char *list, int i, char *name, const char *kind)
{
    const char *nm = NULL;
    c->item_line = scene_find_line(c->text, 1, list, '=');
    if (c->item_line == 0) {
        c->item_line = 1;
    }
    snprintf(c->path, sizeof c->path, "%s[%d]", list, i + 1);
    if (!lua_istable(c->L, -1)) {
        char b[80];
        scene_describe(c->L, -1, b, sizeof b);
        return scene_fail_at(c, c->item_line, "%s: each %s must be a table (got %s)", c->path, kind,
                             b);
    }
    const mbc_status st = scene_string(c, -1, "name", 0, &nm);
    if (st != MBC_OK) {
        return st;
    }
    if (nm == NULL) {
        snprintf(name, SIM_NAME_SIZE, "%s%d", kind, i + 1);
        return MBC_OK;
    }
    if (strlen(nm) == 0 || strlen(nm) >= SIM_NAME_SIZE) {
        return scene_fail_at(c, c->item_line,
                             "%s.name: must have 1 to %d characters (got \"%.80s\")", c->path,
                             SIM_NAME_SIZE - 1, nm);
    }
    snprintf(name, SIM_NAME_SIZE, "%s", nm);
    c->item_line = item_line_of(c, list, nm);
    snprintf(c->path, sizeof c->path, "%s.%s", list, nm);
    return MBC_OK;
}

mbc_status scene_begin_typed(scene_ctx *c, const char *list, int i, const char *kind,
                             int (*find)(const sim_model *, const char *), char *name,
                             const sim_item_type **type)
{
    const char *t = NULL;
    if (scene_begin_item(c, list, i, name, kind) || scene_duplicate(c, find(c->m, name), name) ||
        scene_string(c, -1, "type", 1, &t)) {
        return c->status;
    }
    *type = sim_item_type_find(list, t);
    if (*type == NULL) {
        char known[256];
        sim_item_type_names(list, known, sizeof known);
        return scene_field_fail(c, "type", "unknown %s type \"%s\" (known: %s)", kind, t, known);
    }
    return MBC_OK;
}

mbc_status scene_read_list(scene_ctx *c, const char *key, mbc_status (*read)(scene_ctx *, int))
{
    lua_getfield(c->L, -1, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return MBC_OK;
    }
    if (!lua_istable(c->L, -1)) {
        char b[80];
        scene_describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        const int line = scene_find_line(c->text, 1, key, '=');
        return scene_fail_at(c, line ? line : 1, "%s: must be a list of tables (got %s)", key, b);
    }
    const lua_Unsigned n = lua_rawlen(c->L, -1);
    for (lua_Unsigned i = 0; i < n; ++i) {
        lua_rawgeti(c->L, -1, (lua_Integer)i + 1);
        const mbc_status st = read(c, (int)i);
        lua_pop(c->L, 1);
        if (st != MBC_OK) {
            lua_pop(c->L, 1);
            return st;
        }
    }
    lua_pop(c->L, 1);
    return MBC_OK;
}

mbc_status scene_duplicate(scene_ctx *c, int found, const char *name)
{
    if (found >= 0) {
        return scene_fail_at(c, c->item_line, "%s: the name \"%s\" is used twice", c->path, name);
    }
    return MBC_OK;
}

int scene_find_body(const sim_model *m, const char *name)
{
    for (int i = 0; i < m->body_count; ++i) {
        if (m->bodies[i].kind != SIM_CABLE_NODE && strcmp(m->bodies[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

/* The index of the item whose name (a char array at name_offset) is name,
 * or -1. */
static int find_named(const void *items, int count, size_t size, size_t name_offset,
                      const char *name)
{
    for (int i = 0; i < count; ++i) {
        if (strcmp((const char *)items + (size_t)i * size + name_offset, name) == 0) {
            return i;
        }
    }
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
