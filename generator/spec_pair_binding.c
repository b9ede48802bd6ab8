/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads and validates the `pair_binding` block of a connector spec:
 *
 *   pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii" },
 *
 * kind: "spheres" (the only kind); centers: the markers at the centers of
 * sphere a and sphere b, "m0" and "m1" in either order, each a Position or
 * Position+Orientation marker; radii: an input parameter of two real
 * elements that receives [r_a, r_b]. The type needs the forces hook. Every
 * problem names the file, the line of `pair_binding`, the field, the rule
 * and the value given. */
#include "spec_pair_binding.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "line_index.h"
#include "sandbox.h"
#include "spec_model.h"

typedef struct binding_loader {
    lua_State *L;
    diag_list *diag;
    const spec_connector *c;
    int line; /* of `pair_binding =` */
    int errors;
} binding_loader;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
binding_fail(binding_loader *ld, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(ld->diag, ld->c->file, ld->line, "%s", msg);
    ld->errors++;
}

/* The value at idx as a message quotes it: 'text', a number, or its Lua type. */
static const char *given(lua_State *L, int idx, char *buf, size_t size)
{
    if (lua_type(L, idx) == LUA_TSTRING)
        snprintf(buf, size, "'%.40s'", lua_tostring(L, idx));
    else if (lua_type(L, idx) == LUA_TNUMBER)
        snprintf(buf, size, "%.17g", lua_tonumber(L, idx));
    else
        snprintf(buf, size, "a %s", luaL_typename(L, idx));
    return buf;
}

/* The line of the first whole word `pair_binding` after line `from`. */
static int binding_line(const char *src, size_t len, int from)
{
    line_index lines = {0};
    if (!src || line_index_init(&lines, src, len) != 0)
        return from;
    static const char key[] = "pair_binding";
    const char *end = src + len;
    const char *q = line_index_start(&lines, from);
    int found = from;
    while (q && (q = line_index_find(q, end, key, sizeof key - 1)) != NULL) {
        const int after = q + sizeof key - 1 < end ? (unsigned char)q[sizeof key - 1] : ' ';
        if ((q == src || q[-1] != '_') && after != '_') {
            found = line_index_line_of(&lines, q);
            break;
        }
        q += sizeof key - 1;
    }
    line_index_free(&lines);
    return found;
}

/* A list of up to 4 entries as the spec writes it, e.g. { "m0", "m0" }. */
static const char *given_list(lua_State *L, int v, char *buf, size_t size)
{
    if (!lua_istable(L, v))
        return given(L, v, buf, size);
    size_t n = lua_rawlen(L, v), used = (size_t)snprintf(buf, size, "{");
    char item[64];
    for (size_t i = 1; i <= n && i <= 4 && used < size; i++) {
        lua_rawgeti(L, v, (lua_Integer)i);
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (s)
            snprintf(item, sizeof item, "\"%.40s\"", s);
        else
            given(L, -1, item, sizeof item);
        used += (size_t)snprintf(buf + used, size - used, "%s %s", i > 1 ? "," : "", item);
        lua_pop(L, 1);
    }
    if (used < size)
        snprintf(buf + used, size - used, "%s }", n > 4 ? ", ..." : "");
    return buf;
}

/* centers = { "m0", "m1" } or { "m1", "m0" }; each a rigid or position marker. */
static void load_centers(binding_loader *ld, int b, spec_pair_binding *out)
{
    lua_State *L = ld->L;
    char buf[256];
    lua_getfield(L, b, "centers");
    const int v = lua_gettop(L);
    int m[2] = {-1, -1};
    if (lua_istable(L, v) && !mbc_sandbox_table_kind(L, v) && lua_rawlen(L, v) == 2) {
        for (int i = 0; i < 2; i++) {
            lua_rawgeti(L, v, i + 1);
            const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
            m[i] = strcmp(s, "m0") == 0 ? 0 : strcmp(s, "m1") == 0 ? 1 : -1;
            lua_pop(L, 1);
        }
    }
    if (m[0] < 0 || m[1] < 0 || m[0] == m[1]) {
        binding_fail(ld,
                     "pair_binding.centers: must list the two markers, { \"m0\", \"m1\" } or "
                     "{ \"m1\", \"m0\" } (given %s)",
                     given_list(L, v, buf, sizeof buf));
    } else {
        for (int i = 0; i < 2; i++) {
            const spec_marker_kind k = ld->c->marker_kinds[m[i]];
            if (k != SPEC_MARKER_POSITION && k != SPEC_MARKER_RIGID)
                binding_fail(ld,
                             "pair_binding.centers: marker m%d must be a Position or "
                             "Position+Orientation marker to be a sphere center (given %s)",
                             m[i],
                             ld->c->marker_types[m[i]].count ? ld->c->marker_types[m[i]].items[0]
                                                             : "none");
        }
        out->centers[0] = m[0];
        out->centers[1] = m[1];
    }
    lua_pop(L, 1);
}

/* radii = "PARAM": an input parameter of exactly two real elements. */
static void load_radii(binding_loader *ld, int b, spec_pair_binding *out)
{
    lua_State *L = ld->L;
    char buf[96];
    lua_getfield(L, b, "radii");
    if (lua_type(L, -1) != LUA_TSTRING) {
        binding_fail(ld,
                     "pair_binding.radii: must name the parameter that receives the two "
                     "radii, e.g. \"spheresRadii\" (given %s)",
                     given(L, -1, buf, sizeof buf));
    } else {
        const char *name = lua_tostring(L, -1);
        const spec_param *p = spec_find_param(ld->c, name);
        if (!p)
            binding_fail(ld, "pair_binding.radii: no parameter '%s' in 'parameters'", name);
        else if (p->type->value != SPEC_REAL || strcmp(p->type->c_type, "double") != 0 ||
                 p->shape != SPEC_FIXED || p->size != 2 || p->role != SPEC_INPUT)
            binding_fail(ld,
                         "pair_binding.radii: parameter '%s' must be an input of two real "
                         "(double) elements, e.g. type Vector2D (given type %s)",
                         name, p->type->name);
        else
            out->radii_param = (size_t)(p - ld->c->params);
    }
    lua_pop(L, 1);
}

int spec_pair_binding_load(lua_State *L, int t, int line, const char *src, size_t src_len,
                           diag_list *diag, spec_connector *c)
{
    lua_getfield(L, t, "pair_binding");
    const int b = lua_gettop(L);
    if (lua_isnil(L, b)) {
        lua_pop(L, 1);
        return 0;
    }
    binding_loader ld = {L, diag, c, binding_line(src, src_len, line), 0};
    spec_pair_binding *out = &c->pair_binding;
    out->declared = 1;
    char buf[96];
    if (!lua_istable(L, b) || mbc_sandbox_table_kind(L, b)) {
        binding_fail(&ld,
                     "pair_binding: must be a table { kind = \"spheres\", centers = { \"m0\", "
                     "\"m1\" }, radii = \"PARAM\" } (given %s)",
                     given(L, b, buf, sizeof buf));
        lua_pop(L, 1);
        return ld.errors;
    }
    lua_pushnil(L);
    while (lua_next(L, b)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strcmp(k, "kind") != 0 && strcmp(k, "centers") != 0 && strcmp(k, "radii") != 0)
            binding_fail(&ld, "pair_binding: unknown key %s (allowed: kind, centers, radii)",
                         given(L, -2, buf, sizeof buf));
        lua_pop(L, 1);
    }
    lua_getfield(L, b, "kind");
    if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "spheres") != 0)
        binding_fail(&ld, "pair_binding.kind: must be \"spheres\" (given %s)",
                     given(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    load_centers(&ld, b, out);
    load_radii(&ld, b, out);
    if (!c->hooks[SPEC_HOOK_FORCES])
        binding_fail(&ld, "pair_binding: needs the 'forces' hook (hooks = { \"forces\", ... })");
    lua_pop(L, 1);
    return ld.errors;
}
