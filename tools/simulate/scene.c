/* SPDX-License-Identifier: BSD-3-Clause */
/* Scene files of `mbc simulate` (docs/simulate.rst): a Lua chunk, run in the
 * sandbox (sandbox/sandbox.h, without the spec constructors), returning a
 * table, or a function that receives the `--set name=value` parameters and
 * returns the table.
 *
 * Every table is checked for unknown keys; every error is one line
 * "SCENE:LINE: PATH: what is wrong (got VALUE)". Lua keeps no record of
 * where a table was written, so LINE is found in the scene text: the line of
 * `name = "ITEM"` and, after it, the line of `FIELD =` (the top of the list
 * or line 1 when an item was built by a loop). Indices (node, element,
 * coordinate) count from 0, as marker and node numbers in the C API. */
#include "sim.h"

#include "mbconnect/input.h"
#include "sandbox.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

/* Elements of one cable: far more than a reference simulator integrates,
 * and a bound on what `elements = n` makes the loader allocate. */
#define SCENE_MAX_CABLE_ELEMENTS 100000

typedef struct scene_ctx {
    sim_model *m;
    lua_State *L;
    const char *text; /* the scene source, for line numbers */
    const mbc_registry *registry;
    char path[256]; /* "bodies.ball" */
    int item_line;  /* line of the current item */
} scene_ctx;

/* ------------------------------------------------------------------------ */
/* line numbers                                                             */

/* Line (1-based) of the first occurrence of word at or after line `from`
 * that is followed (after blanks) by `follow` (0: anything); 0 if none. */
static int find_line(const char *text, int from, const char *word, char follow)
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

static int item_line_of(scene_ctx *c, const char *list, const char *name)
{
    char pattern[SIM_NAME_SIZE + 8];
    snprintf(pattern, sizeof pattern, "\"%s\"", name);
    const int top = find_line(c->text, 1, list, '=');
    /* the line holding name = "NAME" */
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

static int field_line(scene_ctx *c, const char *field)
{
    const int l = find_line(c->text, c->item_line, field, '=');
    return l > 0 ? l : c->item_line;
}

static int fail_at(scene_ctx *c, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail_at(scene_ctx *c, int line, const char *fmt, ...)
{
    char msg[SIM_MESSAGE_SIZE - 300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    (void)sim_fail(c->m, "%s:%d: %s", c->m->scene_name, line, msg);
    return -1; /* as sim_fail, visible here to the analyzers */
}

/* Fails with "SCENE:LINE: PATH.field: message". */
#define FIELD_FAIL(c, field, ...) field_fail(c, field, __VA_ARGS__)
static int field_fail(scene_ctx *c, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int field_fail(scene_ctx *c, const char *field, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail_at(c, field_line(c, field), "%s.%s: %s", c->path, field, msg);
}

/* ------------------------------------------------------------------------ */
/* reading values                                                           */

/* Describes the value at idx for messages: "-1", "\"abc\"", "a table". */
static const char *describe(lua_State *L, int idx, char *buf, size_t size)
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

/* Checks that the table at idx has only the allowed keys (NULL-terminated;
 * extra may hold more, or be NULL). Reports the first unknown key in
 * alphabetical order. */
static int check_keys(scene_ctx *c, int idx, const char *const *allowed, const mbc_type_info *t)
{
    idx = lua_absindex(c->L, idx);
    char worst[128] = "";
    lua_pushnil(c->L);
    while (lua_next(c->L, idx) != 0) {
        lua_pop(c->L, 1);
        if (lua_type(c->L, -1) != LUA_TSTRING) {
            char b[64];
            lua_pop(c->L, 1);
            return fail_at(c, c->item_line, "%s: keys must be names (got %s)", c->path,
                           describe(c->L, -1, b, sizeof b));
        }
        const char *k = lua_tostring(c->L, -1);
        int ok = 0;
        for (int i = 0; allowed[i] && !ok; ++i) {
            ok = strcmp(allowed[i], k) == 0;
        }
        if (!ok && t != NULL) {
            ok = mbc_type_find_param(t, k) != NULL;
        }
        if (!ok && (worst[0] == '\0' || strcmp(k, worst) < 0)) {
            snprintf(worst, sizeof worst, "%s", k);
        }
    }
    if (worst[0] != '\0') {
        char list[512] = "";
        for (int i = 0; allowed[i]; ++i) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, allowed[i], sizeof list - strlen(list) - 1);
        }
        return fail_at(c, field_line(c, worst), "%s: unknown key '%s' (known: %s%s)", c->path,
                       worst, list, t ? " and the parameters of the type" : "");
    }
    return 0;
}

/* "'KEY' is required" with the keys the table at idx has instead, so that
 * a misspelled key shows: "(got the keys name, typ)". */
static int required_key(scene_ctx *c, int idx, const char *key)
{
    char keys[160] = "";
    size_t len = 0;
    idx = lua_absindex(c->L, idx);
    lua_pushnil(c->L);
    while (lua_next(c->L, idx) != 0) {
        lua_pop(c->L, 1);
        char b[64];
        const char *k = lua_type(c->L, -1) == LUA_TSTRING ? lua_tostring(c->L, -1)
                                                          : describe(c->L, -1, b, sizeof b);
        if (len < sizeof keys) {
            len += (size_t)snprintf(keys + len, sizeof keys - len, "%s%.40s", len ? ", " : "", k);
        }
    }
    if (len == 0) {
        return fail_at(c, c->item_line, "%s: '%s' is required (got an empty table)", c->path, key);
    }
    return fail_at(c, c->item_line, "%s: '%s' is required (got the keys %s)", c->path, key, keys);
}

/* Number field; present = 0 when absent (and not required). */
static int get_number(scene_ctx *c, int idx, const char *key, int required, double *out,
                      int *present)
{
    lua_getfield(c->L, idx, key);
    if (present) {
        *present = !lua_isnil(c->L, -1);
    }
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return required ? required_key(c, idx, key) : 0;
    }
    if (lua_type(c->L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(c->L, -1))) {
        char b[80];
        describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        return FIELD_FAIL(c, key, "must be a finite number (got %s)", b);
    }
    *out = lua_tonumber(c->L, -1);
    lua_pop(c->L, 1);
    return 0;
}

static int get_positive(scene_ctx *c, int idx, const char *key, int required, int allow_zero,
                        double *out)
{
    if (get_number(c, idx, key, required, out, NULL) != 0) {
        return -1;
    }
    if (allow_zero ? *out < 0.0 : *out <= 0.0) {
        char b[64];
        mbc_format_number(*out, b, sizeof b);
        return FIELD_FAIL(c, key, "must be %s 0 (got %s)", allow_zero ? ">=" : ">", b);
    }
    return 0;
}

/* Index field (whole number >= 0, < limit when limit > 0, an int always). */
static int get_index(scene_ctx *c, int idx, const char *key, int required, int limit, int *out)
{
    double x = *out;
    int present = 0;
    if (get_number(c, idx, key, required, &x, &present) != 0) {
        return -1;
    }
    if (!present) {
        return 0;
    }
    if (limit <= 0) {
        limit = INT_MAX;
    }
    if (x != floor(x) || x < 0.0 || x >= limit) {
        char b[64];
        mbc_format_number(x, b, sizeof b);
        return FIELD_FAIL(c, key, "must be a whole number from 0 to %d (got %s)", limit - 1, b);
    }
    *out = (int)x;
    return 0;
}

/* List of exactly n finite numbers. */
static int get_vector(scene_ctx *c, int idx, const char *key, int n, int required, double *out)
{
    lua_getfield(c->L, idx, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return required ? required_key(c, idx, key) : 0;
    }
    char b[80];
    if (!lua_istable(c->L, -1) || (int)lua_rawlen(c->L, -1) != n) {
        if (lua_istable(c->L, -1)) {
            snprintf(b, sizeof b, "a list of %d", (int)lua_rawlen(c->L, -1));
        } else {
            describe(c->L, -1, b, sizeof b);
        }
        lua_pop(c->L, 1);
        return FIELD_FAIL(c, key, "must be a list of %d numbers (got %s)", n, b);
    }
    for (int i = 0; i < n; ++i) {
        lua_rawgeti(c->L, -1, i + 1);
        if (lua_type(c->L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(c->L, -1))) {
            describe(c->L, -1, b, sizeof b);
            lua_pop(c->L, 2);
            return FIELD_FAIL(c, key, "element %d must be a finite number (got %s)", i + 1, b);
        }
        out[i] = lua_tonumber(c->L, -1);
        lua_pop(c->L, 1);
    }
    lua_pop(c->L, 1);
    return 0;
}

static int get_string(scene_ctx *c, int idx, const char *key, int required, const char **out)
{
    lua_getfield(c->L, idx, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        if (!required)
            return 0;
        required_key(c, idx, key);
        return -1;
    }
    if (lua_type(c->L, -1) != LUA_TSTRING) {
        char b[80];
        describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        (void)FIELD_FAIL(c, key, "must be a string (got %s)", b);
        return -1;
    }
    const char *v = lua_tostring(c->L, -1); /* kept alive by the scene table */
    *out = v ? v : "";                      /* (never NULL for a string) */
    lua_pop(c->L, 1);
    return 0;
}

static int get_bool(scene_ctx *c, int idx, const char *key, int *out)
{
    lua_getfield(c->L, idx, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return 0;
    }
    if (!lua_isboolean(c->L, -1)) {
        char b[80];
        describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        return FIELD_FAIL(c, key, "must be true or false (got %s)", b);
    }
    *out = lua_toboolean(c->L, -1);
    lua_pop(c->L, 1);
    return 0;
}

/* A number list of n values or a Lua function (stored as a registry ref). */
static int get_value_or_function(scene_ctx *c, int idx, const char *key, int n, double *out,
                                 int *ref)
{
    lua_getfield(c->L, idx, key);
    if (lua_isfunction(c->L, -1)) {
        *ref = luaL_ref(c->L, LUA_REGISTRYINDEX);
        return 0;
    }
    lua_pop(c->L, 1);
    if (n == 1) {
        return get_number(c, idx, key, 0, out, NULL);
    }
    return get_vector(c, idx, key, n, 0, out);
}

/* ------------------------------------------------------------------------ */
/* names                                                                    */

static int begin_item(scene_ctx *c, const char *list, int i, char *name, const char *kind)
{
    const char *nm = NULL;
    c->item_line = find_line(c->text, 1, list, '=');
    if (c->item_line == 0) {
        c->item_line = 1;
    }
    snprintf(c->path, sizeof c->path, "%s[%d]", list, i + 1);
    if (!lua_istable(c->L, -1)) {
        char b[80];
        return fail_at(c, c->item_line, "%s: each %s must be a table (got %s)", c->path, kind,
                       describe(c->L, -1, b, sizeof b));
    }
    if (get_string(c, -1, "name", 0, &nm) != 0) {
        return -1;
    }
    if (nm == NULL) {
        snprintf(name, SIM_NAME_SIZE, "%s%d", kind, i + 1);
        return 0;
    }
    if (strlen(nm) == 0 || strlen(nm) >= SIM_NAME_SIZE) {
        return fail_at(c, c->item_line, "%s.name: must have 1 to %d characters (got \"%.80s\")",
                       c->path, SIM_NAME_SIZE - 1, nm);
    }
    snprintf(name, SIM_NAME_SIZE, "%s", nm);
    c->item_line = item_line_of(c, list, nm);
    snprintf(c->path, sizeof c->path, "%s.%s", list, nm);
    return 0;
}

static int find_body(const sim_model *m, const char *name)
{
    for (int i = 0; i < m->body_count; ++i) {
        if (m->bodies[i].kind != SIM_CABLE_NODE && strcmp(m->bodies[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

static int find_group(const sim_model *m, const char *name)
{
    for (int i = 0; i < m->group_count; ++i) {
        if (strcmp(m->groups[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

static int find_marker(const sim_model *m, const char *name)
{
    for (int i = 0; i < m->marker_count; ++i) {
        if (strcmp(m->markers[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

static int duplicate(scene_ctx *c, int found, const char *name)
{
    if (found >= 0) {
        return fail_at(c, c->item_line, "%s: the name \"%s\" is used twice", c->path, name);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* bodies                                                                   */

static const char *const body_types =
    "Ground, MassPoint2D, MassPoint3D, RigidBody2D, RigidBody3D, Cable2D, Cable2DPrescribed, "
    "ALENode";

static int read_cable(scene_ctx *c, const char *name, int prescribed)
{
    static const char *const keys[] = {"name",
                                       "type",
                                       "nodes",
                                       "from",
                                       "to",
                                       "elements",
                                       "massPerLength",
                                       "axialStiffness",
                                       "bendingStiffness",
                                       "axialDamping",
                                       "bendingDamping",
                                       "lengths",
                                       "velocities",
                                       NULL};
    lua_State *L = c->L;
    if (check_keys(c, -1, keys, NULL) != 0) {
        return -1;
    }
    /* node coordinates: nodes = {{x, y, x', y'}, ...} or from/to/elements */
    int ne = 0;
    double *nodes = NULL;
    lua_getfield(L, -1, "nodes");
    const int has_nodes = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (has_nodes) {
        lua_getfield(L, -1, "nodes");
        if (!lua_istable(L, -1) || lua_rawlen(L, -1) < 2) {
            char b[80];
            describe(L, -1, b, sizeof b);
            lua_pop(L, 1);
            return FIELD_FAIL(c, "nodes",
                              "must be a list of at least 2 nodes {x, y, x', y'} (got %s)", b);
        }
        if (lua_rawlen(L, -1) > SCENE_MAX_CABLE_ELEMENTS + 1) {
            const size_t given = lua_rawlen(L, -1);
            lua_pop(L, 1);
            return FIELD_FAIL(c, "nodes", "must have at most %d nodes (got %zu)",
                              SCENE_MAX_CABLE_ELEMENTS + 1, given);
        }
        const int nn = (int)lua_rawlen(L, -1);
        ne = nn - 1;
        nodes = calloc(4 * (size_t)nn, sizeof *nodes);
        if (nodes == NULL) {
            lua_pop(L, 1);
            return sim_fail(c->m, "out of memory");
        }
        for (int i = 0; i < nn; ++i) {
            lua_rawgeti(L, -1, i + 1);
            char b[80] = "";
            int ok = lua_istable(L, -1) && lua_rawlen(L, -1) == 4;
            if (!ok) {
                describe(L, -1, b, sizeof b);
            }
            for (int k = 0; ok && k < 4; ++k) {
                lua_rawgeti(L, -1, k + 1);
                ok = lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1));
                if (!ok) {
                    describe(L, -1, b, sizeof b);
                }
                nodes[4 * i + k] = lua_tonumber(L, -1);
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
            if (!ok) {
                lua_pop(L, 1);
                free(nodes);
                return FIELD_FAIL(c, "nodes",
                                  "node %d must be a list of 4 finite numbers "
                                  "{x, y, x', y'} (got %s)",
                                  i, b);
            }
        }
        lua_pop(L, 1);
    } else {
        double from[2], to[2];
        int count = 0;
        if (get_vector(c, -1, "from", 2, 1, from) != 0 || get_vector(c, -1, "to", 2, 1, to) != 0 ||
            get_index(c, -1, "elements", 1, 0, &count) != 0) {
            return -1;
        }
        if (count < 1 || count > SCENE_MAX_CABLE_ELEMENTS) {
            return FIELD_FAIL(c, "elements", "must be from 1 to %d (got %d)",
                              SCENE_MAX_CABLE_ELEMENTS, count);
        }
        const double dx = to[0] - from[0], dy = to[1] - from[1], len = hypot(dx, dy);
        if (len <= 0.0) {
            return FIELD_FAIL(c, "to", "must differ from 'from' (the cable has length 0)");
        }
        ne = count;
        nodes = calloc(4 * ((size_t)ne + 1), sizeof *nodes);
        if (nodes == NULL) {
            return sim_fail(c->m, "out of memory");
        }
        for (int i = 0; i <= ne; ++i) {
            nodes[4 * i] = from[0] + dx * i / ne;
            nodes[4 * i + 1] = from[1] + dy * i / ne;
            nodes[4 * i + 2] = dx / len;
            nodes[4 * i + 3] = dy / len;
        }
    }
    sim_cable_properties props = {0};
    int fail = 0;
    if (!prescribed) {
        fail = get_positive(c, -1, "massPerLength", 1, 0, &props.mass_per_length) ||
               get_positive(c, -1, "axialStiffness", 1, 0, &props.axial_stiffness) ||
               get_positive(c, -1, "bendingStiffness", 0, 1, &props.bending_stiffness) ||
               get_positive(c, -1, "axialDamping", 0, 1, &props.axial_damping) ||
               get_positive(c, -1, "bendingDamping", 0, 1, &props.bending_damping);
    }
    double *lengths = calloc((size_t)ne, sizeof *lengths);
    double *vel = calloc(4 * ((size_t)ne + 1), sizeof *vel);
    if (!fail && (lengths == NULL || vel == NULL)) {
        (void)sim_fail(c->m, "out of memory");
        fail = -1;
    }
    for (int i = 0; !fail && i < ne; ++i) {
        lengths[i] =
            hypot(nodes[4 * (i + 1)] - nodes[4 * i], nodes[4 * (i + 1) + 1] - nodes[4 * i + 1]);
    }
    if (!fail) {
        lua_getfield(L, -1, "lengths");
        const int has = !lua_isnil(L, -1);
        lua_pop(L, 1);
        fail = has && get_vector(c, -1, "lengths", ne, 1, lengths);
        for (int i = 0; !fail && i < ne; ++i) {
            if (!(lengths[i] > 0.0)) {
                fail = FIELD_FAIL(c, "lengths",
                                  "every element length must be > 0 (element %d "
                                  "has %g)",
                                  i, lengths[i]);
            }
        }
    }
    if (!fail && !prescribed) {
        lua_getfield(L, -1, "velocities");
        const int has = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (has) {
            fail = get_vector(c, -1, "velocities", 2, 1, vel);
            for (int i = ne; !fail && i >= 0; --i) { /* uniform translation {vx, vy} */
                vel[4 * i] = vel[0];
                vel[4 * i + 1] = vel[1];
                vel[4 * i + 2] = vel[4 * i + 3] = 0.0;
            }
        }
    }
    sim_cable_group *g = fail ? NULL : sim_add_group(c->m);
    if (!fail && g == NULL) {
        fail = sim_fail(c->m, "out of memory");
    }
    if (!fail && g != NULL) {
        snprintf(g->name, sizeof g->name, "%s", name);
        g->line = c->item_line;
        g->first_element = c->m->cable_count;
        g->element_count = ne;
        g->first_node = prescribed ? -1 : c->m->body_count;
        for (int i = 0; !prescribed && !fail && i <= ne; ++i) {
            sim_body *b = sim_add_body(c->m);
            if (b == NULL) {
                fail = sim_fail(c->m, "out of memory");
                break;
            }
            b->kind = SIM_CABLE_NODE;
            snprintf(b->name, sizeof b->name, "%.40s[%d]", name, i);
            b->line = c->item_line;
            b->nq = 4;
            memcpy(b->q0, nodes + 4 * i, 4 * sizeof *nodes);
            memcpy(b->v0, vel + 4 * i, 4 * sizeof *vel);
        }
        const int first_node = c->m->groups[c->m->group_count - 1].first_node;
        for (int i = 0; !fail && i < ne; ++i) {
            sim_cable *e = sim_add_cable(c->m);
            if (e == NULL) {
                fail = sim_fail(c->m, "out of memory");
                break;
            }
            e->props = props;
            e->props.length = lengths[i];
            if (prescribed) {
                e->node[0] = e->node[1] = -1;
                memcpy(e->q_fixed, nodes + 4 * i, 8 * sizeof *nodes);
            } else {
                e->node[0] = first_node + i;
                e->node[1] = first_node + i + 1;
            }
        }
    }
    free(nodes);
    free(lengths);
    free(vel);
    return fail ? -1 : 0;
}

static int read_body(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    if (begin_item(c, "bodies", i, name, "body") != 0) {
        return -1;
    }
    if (duplicate(c, find_body(c->m, name) >= 0 || find_group(c->m, name) >= 0 ? 0 : -1, name) !=
        0) {
        return -1;
    }
    const char *type = NULL;
    if (get_string(c, -1, "type", 1, &type) != 0) {
        return -1;
    }
    if (strcmp(type, "Cable2D") == 0 || strcmp(type, "Cable2DPrescribed") == 0) {
        return read_cable(c, name, strcmp(type, "Cable2DPrescribed") == 0);
    }
    static const char *const ground_keys[] = {"name", "type", "position", NULL};
    static const char *const point_keys[] = {"name", "type", "mass", "position", "velocity", NULL};
    static const char *const rigid2_keys[] = {"name",     "type",  "mass",     "inertia",
                                              "position", "angle", "velocity", "angularVelocity",
                                              NULL};
    static const char *const rigid3_keys[] = {
        "name", "type", "mass", "inertia", "position", "orientation", "velocity", "angularVelocity",
        NULL};
    static const char *const ale_keys[] = {"name", "type", "coordinate", "velocity", "mass", NULL};
    sim_body *b = sim_add_body(c->m);
    if (b == NULL) {
        return sim_fail(c->m, "out of memory");
    }
    snprintf(b->name, sizeof b->name, "%s", name);
    b->line = c->item_line;
    if (strcmp(type, "Ground") == 0) {
        b->kind = SIM_GROUND;
        return check_keys(c, -1, ground_keys, NULL) ||
               get_vector(c, -1, "position", 3, 0, b->position);
    }
    if (strcmp(type, "MassPoint2D") == 0 || strcmp(type, "MassPoint3D") == 0) {
        const int d = type[9] == '2' ? 2 : 3;
        b->kind = d == 2 ? SIM_POINT_2D : SIM_POINT_3D;
        b->nq = d;
        return check_keys(c, -1, point_keys, NULL) || get_positive(c, -1, "mass", 1, 0, &b->mass) ||
               get_vector(c, -1, "position", d, 0, b->q0) ||
               get_vector(c, -1, "velocity", d, 0, b->v0);
    }
    if (strcmp(type, "RigidBody2D") == 0) {
        b->kind = SIM_RIGID_2D;
        b->nq = 3;
        return check_keys(c, -1, rigid2_keys, NULL) ||
               get_positive(c, -1, "mass", 1, 0, &b->mass) ||
               get_positive(c, -1, "inertia", 1, 0, &b->inertia[2]) ||
               get_vector(c, -1, "position", 2, 0, b->q0) ||
               get_number(c, -1, "angle", 0, &b->q0[2], NULL) ||
               get_vector(c, -1, "velocity", 2, 0, b->v0) ||
               get_number(c, -1, "angularVelocity", 0, &b->v0[2], NULL);
    }
    if (strcmp(type, "RigidBody3D") == 0) {
        b->kind = SIM_RIGID_3D;
        b->nq = 6;
        double w[3] = {0, 0, 0};
        if (check_keys(c, -1, rigid3_keys, NULL) || get_positive(c, -1, "mass", 1, 0, &b->mass) ||
            get_vector(c, -1, "inertia", 3, 1, b->inertia) ||
            get_vector(c, -1, "position", 3, 0, b->q0) ||
            get_vector(c, -1, "orientation", 9, 0, b->rotation_ref) ||
            get_vector(c, -1, "velocity", 3, 0, b->v0) ||
            get_vector(c, -1, "angularVelocity", 3, 0, w)) {
            return -1;
        }
        for (int k = 0; k < 3; ++k) {
            if (!(b->inertia[k] > 0.0)) {
                return FIELD_FAIL(c, "inertia", "every principal moment must be > 0 (got %g)",
                                  b->inertia[k]);
            }
        }
        const double *A = b->rotation_ref;
        double dev = 0.0;
        for (int r = 0; r < 3; ++r) {
            for (int s = 0; s < 3; ++s) {
                double d = (r == s) ? -1.0 : 0.0;
                for (int k = 0; k < 3; ++k) {
                    d += A[3 * k + r] * A[3 * k + s];
                }
                dev = fmax(dev, fabs(d));
            }
        }
        const double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
                           A[2] * (A[3] * A[7] - A[4] * A[6]);
        if (dev > 1e-9 || det <= 0.0) {
            return FIELD_FAIL(c, "orientation",
                              "must be a rotation matrix, row-major (|A^T A - I| = %g, det = %g)",
                              dev, det);
        }
        /* angularVelocity is global; the coordinates hold the body-frame one */
        for (int k = 0; k < 3; ++k) {
            b->v0[3 + k] = A[k] * w[0] + A[3 + k] * w[1] + A[6 + k] * w[2];
        }
        return 0;
    }
    if (strcmp(type, "ALENode") == 0) {
        b->kind = SIM_ALE_NODE;
        b->nq = 1;
        return check_keys(c, -1, ale_keys, NULL) ||
               get_number(c, -1, "coordinate", 0, &b->q0[0], NULL) ||
               get_number(c, -1, "velocity", 0, &b->v0[0], NULL) ||
               get_positive(c, -1, "mass", 0, 1, &b->mass);
    }
    return FIELD_FAIL(c, "type", "unknown body type \"%s\" (known: %s)", type, body_types);
}

/* ------------------------------------------------------------------------ */
/* markers                                                                  */

/* body = "NAME" (and node = k for a cable): the body index. */
static int marker_body(scene_ctx *c, int *body, int allow_ale)
{
    const char *bn = NULL;
    if (get_string(c, -1, "body", 1, &bn) != 0) {
        return -1;
    }
    const int b = find_body(c->m, bn);
    const int g = find_group(c->m, bn);
    int node = -1;
    lua_getfield(c->L, -1, "node");
    const int has_node = !lua_isnil(c->L, -1);
    lua_pop(c->L, 1);
    if (g >= 0) {
        const sim_cable_group *gr = &c->m->groups[g];
        if (gr->first_node < 0) {
            return FIELD_FAIL(c, "body",
                              "\"%s\" is a prescribed cable: it has no nodes to mark "
                              "(use CableShape or CableCoordinates markers)",
                              bn);
        }
        if (!has_node) {
            return fail_at(c, c->item_line, "%s: 'node' is required for the cable \"%s\" (0 to %d)",
                           c->path, bn, gr->element_count);
        }
        if (get_index(c, -1, "node", 1, gr->element_count + 1, &node) != 0) {
            return -1;
        }
        *body = gr->first_node + node;
        return 0;
    }
    if (b < 0) {
        return FIELD_FAIL(c, "body", "no body or cable is called \"%s\"", bn);
    }
    if (has_node) {
        return FIELD_FAIL(c, "node", "only cables have nodes (\"%s\" is not a cable)", bn);
    }
    if (c->m->bodies[b].kind == SIM_ALE_NODE && !allow_ale) {
        return FIELD_FAIL(c, "body", "\"%s\" is an ALE node: it has no position", bn);
    }
    *body = b;
    return 0;
}

static int cable_element(scene_ctx *c, int *element)
{
    const char *cn = NULL;
    if (get_string(c, -1, "cable", 1, &cn) != 0) {
        return -1;
    }
    const int g = find_group(c->m, cn);
    if (g < 0) {
        return FIELD_FAIL(c, "cable", "no cable is called \"%s\"", cn);
    }
    int k = 0;
    if (get_index(c, -1, "element", 1, c->m->groups[g].element_count, &k) != 0) {
        return -1;
    }
    *element = c->m->groups[g].first_element + k;
    return 0;
}

static int read_marker(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    if (begin_item(c, "markers", i, name, "marker") != 0 ||
        duplicate(c, find_marker(c->m, name), name) != 0) {
        return -1;
    }
    const char *type = NULL;
    if (get_string(c, -1, "type", 1, &type) != 0) {
        return -1;
    }
    sim_marker *mk = sim_add_marker(c->m);
    if (mk == NULL) {
        return sim_fail(c->m, "out of memory");
    }
    snprintf(mk->name, sizeof mk->name, "%s", name);
    mk->line = c->item_line;
    if (strcmp(type, "Position") == 0 || strcmp(type, "Rigid") == 0) {
        static const char *const keys[] = {"name", "type", "body", "node", NULL};
        mk->kind = SIM_MARKER_BODY;
        if (check_keys(c, -1, keys, NULL) || marker_body(c, &mk->body, 0)) {
            return -1;
        }
        const sim_body_kind k = c->m->bodies[mk->body].kind;
        if (type[0] == 'R' && (k == SIM_POINT_2D || k == SIM_POINT_3D)) {
            return FIELD_FAIL(c, "type", "a mass point has no orientation: use \"Position\"");
        }
        return 0;
    }
    if (strcmp(type, "Coordinate") == 0) {
        static const char *const keys[] = {"name", "type", "body", "node", "coordinate", NULL};
        mk->kind = SIM_MARKER_COORDINATE;
        if (check_keys(c, -1, keys, NULL) || marker_body(c, &mk->body, 0)) {
            return -1;
        }
        const int nq = c->m->bodies[mk->body].nq;
        if (nq == 0) {
            return FIELD_FAIL(c, "body", "\"%s\" has no coordinates", c->m->bodies[mk->body].name);
        }
        return get_index(c, -1, "coordinate", 1, nq, &mk->coordinate);
    }
    if (strcmp(type, "CableShape") == 0) {
        static const char *const keys[] = {"name",     "type",           "cable", "element",
                                           "segments", "verticalOffset", NULL};
        mk->kind = SIM_MARKER_CABLE_SHAPE;
        mk->segments = 8;
        if (check_keys(c, -1, keys, NULL) || cable_element(c, &mk->cable) ||
            get_index(c, -1, "segments", 0, 0, &mk->segments) ||
            get_number(c, -1, "verticalOffset", 0, &mk->vertical_offset, NULL)) {
            return -1;
        }
        if (mk->segments < 1 || mk->segments > 1000) {
            return FIELD_FAIL(c, "segments", "must be from 1 to 1000 (got %d)", mk->segments);
        }
        return 0;
    }
    if (strcmp(type, "CableCoordinates") == 0) {
        static const char *const keys[] = {"name", "type", "cable", "element", NULL};
        mk->kind = SIM_MARKER_CABLE_COORDINATES;
        return check_keys(c, -1, keys, NULL) || cable_element(c, &mk->cable);
    }
    return FIELD_FAIL(c, "type",
                      "unknown marker type \"%s\" (known: Position, Rigid, Coordinate, "
                      "CableShape, CableCoordinates)",
                      type);
}

/* markers = {"a", "b"} (n_min to 2 names) */
static int marker_list(scene_ctx *c, const char *key, int n_min, int *out,
                       const sim_marker_kind *need)
{
    lua_getfield(c->L, -1, key);
    const int len = lua_istable(c->L, -1) ? (int)lua_rawlen(c->L, -1) : -1;
    char b[80];
    if (len < n_min || len > 2) {
        describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        return FIELD_FAIL(c, key, "must be a list of %s marker names (got %s)",
                          n_min == 2 ? "2" : "1 or 2", b);
    }
    for (int k = 0; k < len; ++k) {
        lua_rawgeti(c->L, -1, k + 1);
        if (lua_type(c->L, -1) != LUA_TSTRING) {
            describe(c->L, -1, b, sizeof b);
            lua_pop(c->L, 2);
            return FIELD_FAIL(c, key, "element %d must be a marker name (got %s)", k + 1, b);
        }
        const char *nm = lua_tostring(c->L, -1); /* kept alive by the scene table */
        const int mk = find_marker(c->m, nm);
        lua_pop(c->L, 1);
        if (mk < 0) {
            lua_pop(c->L, 1);
            return FIELD_FAIL(c, key, "element %d: no marker is called \"%s\"", k + 1, nm);
        }
        if (need != NULL && c->m->markers[mk].kind != need[k]) {
            lua_pop(c->L, 1);
            static const char *const kinds[] = {"Position or Rigid", "Coordinate", "CableShape",
                                                "CableCoordinates"};
            return FIELD_FAIL(c, key, "element %d: \"%s\" is a %s marker; a %s marker is needed",
                              k + 1, nm, kinds[c->m->markers[mk].kind], kinds[need[k]]);
        }
        out[k] = mk;
    }
    lua_pop(c->L, 1);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* elements                                                                 */

static int read_element(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    if (begin_item(c, "elements", i, name, "element") != 0) {
        return -1;
    }
    for (int k = 0; k < c->m->element_count; ++k) {
        if (duplicate(c, strcmp(c->m->elements[k].name, name) == 0 ? 0 : -1, name) != 0) {
            return -1;
        }
    }
    const char *type = NULL;
    if (get_string(c, -1, "type", 1, &type) != 0) {
        return -1;
    }
    sim_element *el = sim_add_element(c->m);
    if (el == NULL) {
        return sim_fail(c->m, "out of memory");
    }
    snprintf(el->name, sizeof el->name, "%s", name);
    el->line = c->item_line;
    const sim_marker_kind body2[2] = {SIM_MARKER_BODY, SIM_MARKER_BODY};
    const sim_marker_kind coord2[2] = {SIM_MARKER_COORDINATE, SIM_MARKER_COORDINATE};
    if (strcmp(type, "SpringDamper") == 0) {
        static const char *const keys[] = {
            "name", "type", "markers", "stiffness", "damping", "referenceLength", "force", NULL};
        el->kind = SIM_SPRING_DAMPER;
        if (check_keys(c, -1, keys, NULL) || marker_list(c, "markers", 2, el->marker, body2) ||
            get_positive(c, -1, "stiffness", 0, 1, &el->stiffness) ||
            get_positive(c, -1, "damping", 0, 1, &el->damping) ||
            get_positive(c, -1, "referenceLength", 0, 1, &el->reference_length)) {
            return -1;
        }
        lua_getfield(c->L, -1, "force");
        if (lua_isfunction(c->L, -1)) {
            el->function = luaL_ref(c->L, LUA_REGISTRYINDEX);
        } else {
            const int bad = !lua_isnil(c->L, -1);
            lua_pop(c->L, 1);
            if (bad) {
                lua_getfield(c->L, -1, "force");
                char b[80];
                describe(c->L, -1, b, sizeof b);
                lua_pop(c->L, 1);
                return FIELD_FAIL(c, "force",
                                  "must be a function(t, length, lengthRate) "
                                  "returning the tension (got %s)",
                                  b);
            }
        }
        return 0;
    }
    if (strcmp(type, "CoordinateSpringDamper") == 0 || strcmp(type, "CoordinateConstraint") == 0) {
        const int constraint = type[10] == 'C';
        static const char *const skeys[] = {"name",    "type",   "markers", "stiffness",
                                            "damping", "offset", NULL};
        static const char *const ckeys[] = {"name", "type", "markers", "factor", "offset", NULL};
        el->kind = constraint ? SIM_COORDINATE_CONSTRAINT : SIM_COORDINATE_SPRING;
        if (check_keys(c, -1, constraint ? ckeys : skeys, NULL) ||
            marker_list(c, "markers", 1, el->marker, coord2)) {
            return -1;
        }
        if (constraint) {
            return get_number(c, -1, "factor", 0, &el->factor, NULL) ||
                   get_value_or_function(c, -1, "offset", 1, &el->offset, &el->function);
        }
        return get_positive(c, -1, "stiffness", 0, 1, &el->stiffness) ||
               get_positive(c, -1, "damping", 0, 1, &el->damping) ||
               get_number(c, -1, "offset", 0, &el->offset, NULL);
    }
    if (strcmp(type, "Force") == 0 || strcmp(type, "Torque") == 0) {
        static const char *const keys[] = {"name", "type", "marker", "value", NULL};
        el->kind = type[0] == 'F' ? SIM_FORCE : SIM_TORQUE;
        const char *mn = NULL;
        if (check_keys(c, -1, keys, NULL) || get_string(c, -1, "marker", 1, &mn)) {
            return -1;
        }
        el->marker[0] = find_marker(c->m, mn);
        if (el->marker[0] < 0) {
            return FIELD_FAIL(c, "marker", "no marker is called \"%s\"", mn);
        }
        if (c->m->markers[el->marker[0]].kind != SIM_MARKER_BODY) {
            return FIELD_FAIL(c, "marker", "\"%s\" is not a Position or Rigid marker", mn);
        }
        lua_getfield(c->L, -1, "value");
        const int missing = lua_isnil(c->L, -1);
        lua_pop(c->L, 1);
        if (missing) {
            return fail_at(c, c->item_line, "%s: 'value' is required ({x, y, z} or function(t))",
                           c->path);
        }
        return get_value_or_function(c, -1, "value", 3, el->value, &el->function);
    }
    return FIELD_FAIL(c, "type",
                      "unknown element type \"%s\" (known: SpringDamper, CoordinateSpringDamper, "
                      "CoordinateConstraint, Force, Torque)",
                      type);
}

/* ------------------------------------------------------------------------ */
/* connectors                                                               */

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

/* Sets one parameter from the Lua value on top of the stack: a number, a
 * boolean, a string, a list of numbers, or (index parameters) marker names. */
static int set_parameter(scene_ctx *c, sim_connector *con, const mbc_param_info *p)
{
    lua_State *L = c->L;
    mbc_error err;
    mbc_status st = MBC_OK;
    char b[80];
    if (p->kind == MBC_VALUE_STRING) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            return FIELD_FAIL(c, p->name, "must be a string (got %s)",
                              describe(L, -1, b, sizeof b));
        }
        st = mbc_object_set_string(con->object, p->name, lua_tostring(L, -1), &err);
    } else if (lua_istable(L, -1)) {
        const size_t n = lua_rawlen(L, -1);
        double *vals = calloc(n + 1, sizeof *vals);
        if (vals == NULL) {
            return sim_fail(c->m, "out of memory");
        }
        for (size_t k = 0; k < n; ++k) {
            lua_rawgeti(L, -1, (lua_Integer)k + 1);
            if (p->kind == MBC_VALUE_INDEX && lua_type(L, -1) == LUA_TSTRING) {
                const int mk = find_marker(c->m, lua_tostring(L, -1));
                if (mk < 0) {
                    const int fail =
                        FIELD_FAIL(c, p->name, "element %zu: no marker is called \"%s\"", k + 1,
                                   lua_tostring(L, -1));
                    lua_pop(L, 1);
                    free(vals);
                    return fail;
                }
                vals[k] = mk;
            } else if (lua_type(L, -1) == LUA_TNUMBER ||
                       (lua_isboolean(L, -1) && p->kind == MBC_VALUE_BOOL)) {
                vals[k] = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
            } else {
                const int fail =
                    FIELD_FAIL(c, p->name, "element %zu must be %s (got %s)", k + 1,
                               p->kind == MBC_VALUE_BOOL ? "true or false" : "a number",
                               describe(L, -1, b, sizeof b));
                lua_pop(L, 1);
                free(vals);
                return fail;
            }
            lua_pop(L, 1);
        }
        st = mbc_object_set_array(con->object, p->name, vals, n, &err);
        free(vals);
    } else if (lua_type(L, -1) == LUA_TNUMBER ||
               (lua_isboolean(L, -1) && p->kind == MBC_VALUE_BOOL)) {
        /* true/false only for Bool parameters: true is not a stiffness of 1 */
        const double x = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
        st = mbc_object_set(con->object, p->name, x, &err);
    } else if (p->kind == MBC_VALUE_INDEX && lua_type(L, -1) == LUA_TSTRING) {
        const int mk = find_marker(c->m, lua_tostring(L, -1));
        if (mk < 0) {
            return FIELD_FAIL(c, p->name, "no marker is called \"%s\"", lua_tostring(L, -1));
        }
        st = mbc_object_set(con->object, p->name, mk, &err);
    } else {
        return FIELD_FAIL(c, p->name, "must be %s (got %s)",
                          p->kind == MBC_VALUE_BOOL    ? "true or false"
                          : p->kind == MBC_VALUE_INDEX ? "a marker name, a number or a list"
                                                       : "a number or a list of numbers",
                          describe(L, -1, b, sizeof b));
    }
    if (st != MBC_OK) {
        return fail_at(c, field_line(c, p->name), "%s: %s", c->path, err.message);
    }
    return 0;
}

static int read_connector(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    lua_State *L = c->L;
    if (begin_item(c, "connectors", i, name, "connector") != 0) {
        return -1;
    }
    for (int k = 0; k < c->m->connector_count; ++k) {
        if (duplicate(c, strcmp(c->m->connectors[k].name, name) == 0 ? 0 : -1, name) != 0) {
            return -1;
        }
    }
    const char *type = NULL;
    if (get_string(c, -1, "type", 1, &type) != 0) {
        return -1;
    }
    mbc_error err;
    const mbc_type_info *t = mbc_registry_lookup(c->registry, type);
    if (t == NULL) {
        mbc_object *probe = mbc_registry_create(c->registry, type, &err);
        mbc_object_destroy(probe);
        return FIELD_FAIL(c, "type", "%s", err.message);
    }
    static const char *const keys[] = {"name", "type", "markers", "aleNode", NULL};
    if (check_keys(c, -1, keys, t) != 0) {
        return -1;
    }
    sim_connector *con = sim_add_connector(c->m);
    if (con == NULL) {
        return sim_fail(c->m, "out of memory");
    }
    snprintf(con->name, sizeof con->name, "%s", name);
    con->line = c->item_line;
    con->object = mbc_object_create_type(t, &err);
    if (con->object == NULL) {
        return fail_at(c, c->item_line, "%s: %s", c->path, err.message);
    }
    const sim_marker_kind need[2] = {scene_kind_for(t->marker_kinds[0]),
                                     scene_kind_for(t->marker_kinds[1])};
    con->marker[0] = con->marker[1] = -1;
    if (marker_list(c, "markers", 2, con->marker, need) != 0) {
        return -1;
    }
    const double nums[2] = {con->marker[0], con->marker[1]};
    if (mbc_object_set_array(con->object, "markerNumbers", nums, 2, &err) != MBC_OK) {
        return fail_at(c, c->item_line, "%s: %s", c->path, err.message);
    }
    /* parameters in the type's declaration order */
    for (size_t k = 0; k < t->param_count; ++k) {
        const mbc_param_info *p = &t->params[k];
        lua_getfield(L, -1, p->name);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            /* node numbers: the simulator gives each connector its own data
             * coordinates, so a placeholder satisfies "must be set" */
            if (p->kind == MBC_VALUE_INDEX && p->must_be_set && p->shape != MBC_VECTOR &&
                strcmp(p->name, "markerNumbers") != 0) {
                double zeros[8] = {0};
                mbc_object_set_array(con->object, p->name, zeros, p->size < 8 ? p->size : 8, &err);
            }
            continue;
        }
        if (p->role != MBC_ROLE_INPUT) {
            lua_pop(L, 1);
            return FIELD_FAIL(c, p->name, "is computed by %s (%s), not set by a scene",
                              t->type_name, p->role == MBC_ROLE_DERIVED ? "derived" : "state");
        }
        const int st = set_parameter(c, con, p);
        lua_pop(L, 1);
        if (st != 0) {
            return -1;
        }
    }
    if (t->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES) {
        const char *an = NULL;
        if (get_string(c, -1, "aleNode", 1, &an) != 0) {
            return -1;
        }
        con->ale_body = find_body(c->m, an);
        if (con->ale_body < 0 || c->m->bodies[con->ale_body].kind != SIM_ALE_NODE) {
            return FIELD_FAIL(c, "aleNode", "no ALENode body is called \"%s\"", an);
        }
        double idx[256];
        size_t n = 0;
        if (mbc_object_get(con->object, "slidingMarkerNumbers", idx, 256, &n, &err) != MBC_OK ||
            n == 0 || n > 256) {
            return fail_at(c, c->item_line,
                           "%s: slidingMarkerNumbers must list 1 to 256 "
                           "CableCoordinates markers",
                           c->path);
        }
        con->sliding = calloc(n, sizeof *con->sliding);
        if (con->sliding == NULL) {
            return sim_fail(c->m, "out of memory");
        }
        con->sliding_count = (int)n;
        for (size_t k = 0; k < n; ++k) {
            const int mk = (int)idx[k];
            if (mk < 0 || mk >= c->m->marker_count ||
                c->m->markers[mk].kind != SIM_MARKER_CABLE_COORDINATES ||
                c->m->cables[c->m->markers[mk].cable].node[0] >= 0) {
                return FIELD_FAIL(c, "slidingMarkerNumbers",
                                  "element %zu must be a CableCoordinates marker of a "
                                  "Cable2DPrescribed cable (got marker number %d)",
                                  k + 1, mk);
            }
            con->sliding[k] = mk;
        }
    } else {
        lua_getfield(L, -1, "aleNode");
        const int has = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (has) {
            return FIELD_FAIL(c, "aleNode", "%s has no ALE coordinate", t->type_name);
        }
    }
    /* a count (data or output `per`) of a billion would allocate gigabytes at
     * the first step: the bound of mbc eval's cable segments */
    for (size_t k = 0; k <= t->output_count; ++k) {
        const int per = k < t->output_count ? t->outputs[k].per : t->data_per;
        double count = 0.0;
        size_t got = 0;
        if (per >= 0 && (size_t)per < t->param_count &&
            mbc_object_get(con->object, t->params[per].name, &count, 1, &got, &err) == MBC_OK &&
            got == 1 && count > MBC_INPUT_MAX_SEGMENTS) {
            return FIELD_FAIL(c, t->params[per].name, "must be at most %d (got %.17g)",
                              MBC_INPUT_MAX_SEGMENTS, count);
        }
    }
    mbc_error errs[4];
    size_t violations = 0;
    if (mbc_object_initialize(con->object, errs, 4, &violations) != MBC_OK) {
        return fail_at(c, c->item_line, "%s: %s", c->path,
                       violations > 0 ? errs[0].message : "initialize failed");
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* sensors                                                                  */

static int read_sensor(scene_ctx *c, int i)
{
    char name[SIM_NAME_SIZE];
    if (begin_item(c, "sensors", i, name, "sensor") != 0) {
        return -1;
    }
    for (int k = 0; k < c->m->sensor_count; ++k) {
        if (duplicate(c, strcmp(c->m->sensors[k].name, name) == 0 ? 0 : -1, name) != 0) {
            return -1;
        }
    }
    const char *type = NULL;
    if (get_string(c, -1, "type", 1, &type) != 0) {
        return -1;
    }
    sim_sensor *s = sim_add_sensor(c->m);
    if (s == NULL) {
        return sim_fail(c->m, "out of memory");
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    s->line = c->item_line;
    if (strcmp(type, "Body") == 0) {
        static const char *const keys[] = {"name", "type", "body", "node", "quantity", NULL};
        static const char *const quantities[] = {"position",   "velocity",        "coordinates",
                                                 "velocities", "angularVelocity", "orientation",
                                                 NULL};
        const char *q = "position";
        s->kind = SIM_SENSOR_BODY;
        if (check_keys(c, -1, keys, NULL) || marker_body(c, &s->target, 1) ||
            get_string(c, -1, "quantity", 0, &q)) {
            return -1;
        }
        for (int k = 0; quantities[k]; ++k) {
            if (strcmp(q, quantities[k]) == 0) {
                s->quantity = (sim_quantity)k;
                if (c->m->bodies[s->target].kind == SIM_ALE_NODE && k != SIM_Q_COORDINATES &&
                    k != SIM_Q_VELOCITIES) {
                    return FIELD_FAIL(c, "quantity",
                                      "an ALE node has only \"coordinates\" and \"velocities\" "
                                      "(got \"%s\")",
                                      q);
                }
                return 0;
            }
        }
        return FIELD_FAIL(c, "quantity",
                          "unknown quantity \"%s\" (known: position, velocity, coordinates, "
                          "velocities, angularVelocity, orientation)",
                          q);
    }
    if (strcmp(type, "Connector") == 0) {
        static const char *const keys[] = {"name", "type", "connector", "output", NULL};
        const char *cn = NULL, *out = NULL;
        s->kind = SIM_SENSOR_CONNECTOR;
        if (check_keys(c, -1, keys, NULL) || get_string(c, -1, "connector", 1, &cn) ||
            get_string(c, -1, "output", 1, &out)) {
            return -1;
        }
        s->target = -1;
        for (int k = 0; k < c->m->connector_count; ++k) {
            if (strcmp(c->m->connectors[k].name, cn) == 0) {
                s->target = k;
            }
        }
        if (s->target < 0) {
            return FIELD_FAIL(c, "connector", "no connector is called \"%s\"", cn);
        }
        const mbc_type_info *t = c->m->connectors[s->target].object->type;
        const int o = mbc_type_find_output(t, out);
        if (o < 0) {
            char list[512] = "";
            for (size_t k = 0; k < t->output_count; ++k) {
                strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, t->outputs[k].name, sizeof list - strlen(list) - 1);
            }
            return FIELD_FAIL(c, "output", "%s has no output \"%s\" (known: %s)", t->type_name, out,
                              list);
        }
        s->output = (size_t)o;
        return 0;
    }
    if (strcmp(type, "Element") == 0) {
        static const char *const keys[] = {"name", "type", "element", NULL};
        const char *en = NULL;
        s->kind = SIM_SENSOR_ELEMENT;
        if (check_keys(c, -1, keys, NULL) || get_string(c, -1, "element", 1, &en)) {
            return -1;
        }
        s->target = -1;
        for (int k = 0; k < c->m->element_count; ++k) {
            const sim_element *el = &c->m->elements[k];
            if (strcmp(el->name, en) == 0 && el->kind != SIM_FORCE && el->kind != SIM_TORQUE) {
                s->target = k;
            }
        }
        if (s->target < 0) {
            return FIELD_FAIL(c, "element",
                              "no spring-damper, coordinate spring or constraint is called \"%s\"",
                              en);
        }
        return 0;
    }
    if (strcmp(type, "Energy") == 0) {
        static const char *const keys[] = {"name", "type", NULL};
        s->kind = SIM_SENSOR_ENERGY;
        return check_keys(c, -1, keys, NULL);
    }
    return FIELD_FAIL(c, "type",
                      "unknown sensor type \"%s\" (known: Body, Connector, Element, "
                      "Energy)",
                      type);
}

/* ------------------------------------------------------------------------ */
/* solver settings                                                          */

static int read_solver(scene_ctx *c)
{
    lua_State *L = c->L;
    sim_settings *s = &c->m->settings;
    lua_getfield(L, -1, "solver");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    c->item_line = find_line(c->text, 1, "solver", '=');
    snprintf(c->path, sizeof c->path, "solver");
    if (!lua_istable(L, -1)) {
        char b[80];
        describe(L, -1, b, sizeof b);
        lua_pop(L, 1);
        return fail_at(c, c->item_line, "solver: must be a table (got %s)", b);
    }
    static const char *const keys[] = {"method",
                                       "spectralRadius",
                                       "stepSize",
                                       "endTime",
                                       "steps",
                                       "minStepSize",
                                       "recommendedStepSize",
                                       "newton",
                                       "discontinuous",
                                       "linearSolver",
                                       "outputStep",
                                       NULL};
    const char *method = NULL, *linear = NULL;
    int steps = 0, has_steps = 0, has_end = 0;
    double end = s->end_time;
    int fail = check_keys(c, -1, keys, NULL) || get_string(c, -1, "method", 0, &method) ||
               get_number(c, -1, "spectralRadius", 0, &s->rho_inf, NULL) ||
               get_positive(c, -1, "stepSize", 0, 0, &s->step) ||
               get_number(c, -1, "endTime", 0, &end, &has_end) ||
               get_positive(c, -1, "minStepSize", 0, 0, &s->min_step) ||
               get_bool(c, -1, "recommendedStepSize", &s->honour_recommended_step) ||
               get_string(c, -1, "linearSolver", 0, &linear) ||
               get_positive(c, -1, "outputStep", 0, 1, &s->output_step);
    if (!fail) {
        lua_getfield(L, -1, "steps");
        has_steps = !lua_isnil(L, -1);
        lua_pop(L, 1);
        fail = get_index(c, -1, "steps", 0, 0, &steps);
    }
    if (!fail && (s->rho_inf < 0.0 || s->rho_inf > 1.0)) {
        fail = FIELD_FAIL(c, "spectralRadius", "must be in [0, 1] (got %g)", s->rho_inf);
    }
    if (!fail && has_steps && has_end) {
        fail = FIELD_FAIL(c, "steps", "give endTime or steps, not both");
    }
    if (!fail && has_end && !(end > 0.0)) {
        fail = FIELD_FAIL(c, "endTime", "must be > 0 (got %g)", end);
    }
    if (!fail) {
        s->end_time = has_steps ? steps * s->step : end;
    }
    if (!fail && method != NULL) {
        if (strcmp(method, "generalizedAlpha") == 0) {
            s->method = SIM_GENERALIZED_ALPHA;
        } else if (strcmp(method, "newmark") == 0) {
            s->method = SIM_NEWMARK;
        } else if (strcmp(method, "RK4") == 0) {
            s->method = SIM_RK4;
        } else {
            fail =
                FIELD_FAIL(c, "method",
                           "unknown method \"%s\" (known: generalizedAlpha, newmark, RK4)", method);
        }
    }
    if (!fail && linear != NULL) {
        if (strcmp(linear, "auto") == 0) {
            s->linear = SIM_LINEAR_AUTO;
        } else if (strcmp(linear, "dense") == 0) {
            s->linear = SIM_LINEAR_DENSE;
        } else if (strcmp(linear, "sparse") == 0) {
            s->linear = SIM_LINEAR_SPARSE;
        } else {
            fail = FIELD_FAIL(c, "linearSolver",
                              "unknown linear solver \"%s\" (known: auto, dense, sparse)", linear);
        }
    }
    static const char *const nkeys[] = {"tolerance", "maxIterations", "modified", NULL};
    static const char *const dkeys[] = {"tolerance", "maxIterations", NULL};
    for (int k = 0; k < 2 && !fail; ++k) {
        const char *key = k == 0 ? "newton" : "discontinuous";
        lua_getfield(L, -1, key);
        if (lua_istable(L, -1)) {
            snprintf(c->path, sizeof c->path, "solver.%s", key);
            int it = k == 0 ? s->newton_max_iterations : s->discontinuous_max_iterations;
            double *tol = k == 0 ? &s->newton_tolerance : &s->discontinuous_tolerance;
            fail = check_keys(c, -1, k == 0 ? nkeys : dkeys, NULL) ||
                   get_positive(c, -1, "tolerance", 0, 0, tol) ||
                   get_index(c, -1, "maxIterations", 0, 0, &it) ||
                   (k == 0 && get_bool(c, -1, "modified", &s->newton_modified));
            if (!fail && it < 1) {
                fail = FIELD_FAIL(c, "maxIterations", "must be >= 1 (got %d)", it);
            }
            *(k == 0 ? &s->newton_max_iterations : &s->discontinuous_max_iterations) = it;
        } else if (!lua_isnil(L, -1)) {
            char b[80];
            fail = fail_at(c, c->item_line, "solver.%s: must be a table (got %s)", key,
                           describe(L, -1, b, sizeof b));
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return fail ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* the scene                                                                */

static int read_list(scene_ctx *c, const char *key, int (*read)(scene_ctx *, int))
{
    lua_getfield(c->L, -1, key);
    if (lua_isnil(c->L, -1)) {
        lua_pop(c->L, 1);
        return 0;
    }
    if (!lua_istable(c->L, -1)) {
        const int line = find_line(c->text, 1, key, '=');
        char b[80];
        describe(c->L, -1, b, sizeof b);
        lua_pop(c->L, 1);
        return fail_at(c, line ? line : 1, "%s: must be a list of tables (got %s)", key, b);
    }
    const int n = (int)lua_rawlen(c->L, -1);
    for (int i = 0; i < n; ++i) {
        lua_rawgeti(c->L, -1, i + 1);
        const int st = read(c, i);
        lua_pop(c->L, 1);
        if (st != 0) {
            lua_pop(c->L, 1);
            return -1;
        }
    }
    lua_pop(c->L, 1);
    return 0;
}

/* A Lua error of the scene as one line naming it ("SCENE: message" when
 * error(msg, 0) gave no position; newlines of the message become blanks). */
static int scene_error(sim_model *m, const char *path, const char *msg)
{
    const size_t n = strlen(path);
    const int named = strncmp(msg, path, n) == 0 && msg[n] == ':';
    (void)sim_fail(m, "%s%s%s", named ? "" : path, named ? "" : ": ", msg);
    for (char *p = m->message; *p; ++p) {
        if (*p == '\n' || *p == '\r') {
            *p = ' ';
        }
    }
    return -1;
}

int sim_scene_load(sim_model *m, const char *path, const mbc_registry *registry,
                   const char *const *params, int param_count, void *sandbox_out)
{
    mbc_sandbox **box = sandbox_out;
    m->scene_name = path;
    char err[SIM_MESSAGE_SIZE];
    size_t len = 0;
    char *text = mbc_sandbox_read_file(path, NULL, &len, err, sizeof err);
    if (text == NULL) {
        return sim_fail(m, "%s", err);
    }
    mbc_sandbox *sb = *box = mbc_sandbox_new("scene", "scenes", 0);
    if (sb == NULL) {
        free(text);
        return sim_fail(m, "%s: cannot create the Lua state (out of memory)", path);
    }
    m->L = mbc_sandbox_state(sb);
    if (mbc_sandbox_run(sb, path, text, len, err, sizeof err) != 0) {
        free(text);
        return scene_error(m, path, err);
    }
    lua_State *L = m->L;
    scene_ctx c = {m, L, text, registry, "", 1};
    if (lua_isfunction(L, -1)) {
        /* a parameterised scene: function(params) return { ... } end */
        lua_newtable(L);
        for (int i = 0; i < param_count; ++i) {
            const char *eq = strchr(params[i], '=');
            if (eq == NULL || eq == params[i]) {
                free(text);
                return sim_fail(m, "%s: --set %s: expected NAME=VALUE", path, params[i]);
            }
            lua_pushlstring(L, params[i], (size_t)(eq - params[i]));
            char *end = NULL;
            const double x = strtod(eq + 1, &end);
            if (end != eq + 1 && *end == '\0') {
                lua_pushnumber(L, x);
            } else {
                lua_pushstring(L, eq + 1);
            }
            lua_settable(L, -3);
        }
        const int status = mbc_sandbox_pcall(sb, 1, 1);
        if (status != LUA_OK) {
            free(text);
            if (status == LUA_ERRMEM) {
                return sim_fail(m, "%s: not enough memory (a scene may use at most %zu MiB)", path,
                                mbc_sandbox_limits_of(sb).memory_bytes / (1024u * 1024u));
            }
            if (lua_type(L, -1) != LUA_TSTRING) { /* error({...}), error(nil) */
                return sim_fail(m, "%s: the scene function called error() with a %s, not a message",
                                path, luaL_typename(L, -1));
            }
            return scene_error(m, path, lua_tostring(L, -1));
        }
    } else if (param_count > 0) {
        free(text);
        return sim_fail(m, "%s: --set needs a scene that returns a function(params)", path);
    }
    if (!lua_istable(L, -1)) {
        char b[80];
        const int line = find_line(text, 1, "return", 0);
        free(text);
        return sim_fail(m, "%s:%d: a scene must return a table (got %s)", path, line ? line : 1,
                        describe(L, -1, b, sizeof b));
    }
    static const char *const keys[] = {"gravity",  "solver",     "bodies",  "markers",
                                       "elements", "connectors", "sensors", NULL};
    c.item_line = 1;
    snprintf(c.path, sizeof c.path, "scene");
    int fail = check_keys(&c, -1, keys, NULL) || get_vector(&c, -1, "gravity", 3, 0, m->gravity) ||
               read_solver(&c) || read_list(&c, "bodies", read_body) ||
               read_list(&c, "markers", read_marker) || read_list(&c, "elements", read_element) ||
               read_list(&c, "connectors", read_connector) || read_list(&c, "sensors", read_sensor);
    if (!fail && m->settings.output_step > 0.0 && m->settings.output_step < m->settings.step) {
        m->settings.output_step = 0.0;
    }
    free(text);
    return fail ? -1 : 0;
}
