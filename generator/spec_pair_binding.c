/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads and validates the `pair_binding` block of a connector spec:
 *
 *   pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii",
 *                    masses = "sphereMasses", kernel = true, reach = true },
 *
 * kind: "spheres" (the only kind); centers: the markers at the centers of
 * sphere a and sphere b, "m0" and "m1" in either order, each a Position or
 * Position+Orientation marker; radii: an input parameter of two real
 * elements that receives [r_a, r_b]; masses (optional): another such
 * parameter, which receives [m_a, m_b]; kernel and reach (optional
 * booleans): the type defines mbc_<type>_pair_evaluate (its in-place
 * kernel, mbconnect/pair_kernel.h) and mbc_<type>_pair_reach (how far
 * beyond touching its contacts last). The type needs the forces hook. Every
 * problem names the file, the line of `pair_binding`, the field, the rule
 * and the value given. */
#include "spec_pair_binding.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lua.h>

#include "reader.h"
#include "sandbox.h"
#include "spec_model_types.h"

typedef struct binding_loader {
    mbc_reader *r; /* the spec's table reader: messages, lines, key checks */
    const spec_connector *c;
    int line; /* of `pair_binding =` */
    int errors;
    /* SPEC_BROKEN_* of the blocks the binding names (markers, parameters,
     * hooks) that had an error, and an unknown key in the block: what a
     * mistake there leaves missing is not reported again (one line each) */
    unsigned broken;
    int misspelled;
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
    mbc_reader_fail(ld->r, ld->line, NULL, "%s", msg);
    ld->errors++;
}

/* A list of up to 4 entries as the spec writes it, e.g. { "m0", "m0" }. */
static const char *given_list(lua_State *L, int v, char *buf, size_t size)
{
    if (!lua_istable(L, v))
        return mbc_reader_describe(L, v, buf, size);
    size_t n = lua_rawlen(L, v), used = (size_t)snprintf(buf, size, "{");
    char item[64];
    for (size_t i = 1; i <= n && i <= 4 && used < size; i++) {
        lua_rawgeti(L, v, (lua_Integer)i);
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        const char *shown = item;
        if (s)
            snprintf(item, sizeof item, "\"%.40s\"", s);
        else
            shown = mbc_reader_describe(L, -1, item, sizeof item); /* "nil" is not in item */
        used += (size_t)snprintf(buf + used, size - used, "%s %s", i > 1 ? "," : "", shown);
        lua_pop(L, 1);
    }
    if (used < size)
        snprintf(buf + used, size - used, "%s }", n > 4 ? ", ..." : "");
    return buf;
}

/* centers = { "m0", "m1" } or { "m1", "m0" }; each a rigid or position marker. */
static void load_centers(binding_loader *ld, int b, spec_pair_binding *out)
{
    lua_State *L = ld->r->L;
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
    if (lua_isnil(L, v) && ld->misspelled) {
        /* a misspelled `centers` is reported as the unknown key */
    } else if (m[0] < 0 || m[1] < 0 || m[0] == m[1]) {
        binding_fail(ld,
                     "pair_binding.centers: must list the two markers, { \"m0\", \"m1\" } or "
                     "{ \"m1\", \"m0\" } (given %s)",
                     given_list(L, v, buf, sizeof buf));
    } else {
        for (int i = 0; i < 2 && !(ld->broken & SPEC_BROKEN_MARKERS); i++) {
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

/* KEY = "PARAM": an input parameter of exactly two real elements (radii,
 * masses); its index, or -1 (not given: *given = 0; else reported). */
static long load_pair_param(binding_loader *ld, int b, const char *key, const char *what,
                            const char *example, int *given)
{
    lua_State *L = ld->r->L;
    char buf[96];
    long index = -1;
    lua_getfield(L, b, key);
    *given = !lua_isnil(L, -1);
    if (!*given) {
        /* optional (masses), or a misspelled key reported as the unknown key */
    } else if (lua_type(L, -1) != LUA_TSTRING) {
        binding_fail(ld,
                     "pair_binding.%s: must name the parameter that receives the two %s, e.g. "
                     "\"%s\" (given %s)",
                     key, what, example, mbc_reader_describe(L, -1, buf, sizeof buf));
    } else {
        const char *name = lua_tostring(L, -1);
        const spec_param *p = spec_find_param(ld->c, name);
        if (p ? !p->type : (ld->broken & SPEC_BROKEN_PARAMS) != 0)
            ; /* a parameter of unknown type, or parameters with an error: reported there */
        else if (!p && spec_suggest_param(ld->c, name))
            binding_fail(ld,
                         "pair_binding.radii: no parameter '%s' in 'parameters' (did you mean "
                         "'%s'?)",
                         name, spec_suggest_param(ld->c, name)->name);
        else if (!p)
            binding_fail(ld, "pair_binding.%s: no parameter '%s' in 'parameters'", key, name);
        else if (p->type->value != SPEC_REAL || strcmp(p->type->c_type, "double") != 0 ||
                 p->shape != SPEC_FIXED || p->size != 2 || p->role != SPEC_INPUT)
            binding_fail(ld,
                         "pair_binding.%s: parameter '%s' must be an input of two real "
                         "(double) elements, e.g. type Vector2D (given type %s)",
                         key, name, p->type->name);
        else
            index = (long)(p - ld->c->params);
    }
    lua_pop(L, 1);
    return index;
}

/* radii (required) and masses (optional, another parameter than radii). */
static void load_params(binding_loader *ld, int b, spec_pair_binding *out)
{
    int given = 0;
    const long radii = load_pair_param(ld, b, "radii", "radii", "spheresRadii", &given);
    if (!given && !ld->misspelled)
        binding_fail(ld, "pair_binding.radii: must name the parameter that receives the two "
                         "radii, e.g. \"spheresRadii\" (given nil)");
    if (radii >= 0)
        out->radii_param = (size_t)radii;
    const long masses = load_pair_param(ld, b, "masses", "masses", "sphereMasses", &given);
    if (masses >= 0 && masses == radii)
        binding_fail(ld, "pair_binding.masses: parameter '%s' receives the radii already",
                     ld->c->params[masses].name);
    else if (masses >= 0)
        out->masses_param = (size_t)masses + 1;
}

/* KEY = true/false (optional): *flag. */
static void load_flag(binding_loader *ld, int b, const char *key, const char *meaning, int *flag)
{
    lua_State *L = ld->r->L;
    char buf[96];
    lua_getfield(L, b, key);
    if (lua_isboolean(L, -1))
        *flag = lua_toboolean(L, -1);
    else if (!lua_isnil(L, -1))
        binding_fail(ld, "pair_binding.%s: must be true or false (%s) (given %s)", key, meaning,
                     mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
}

int spec_pair_binding_load(mbc_reader *r, const mbc_reader_table *ct, spec_connector *c)
{
    static const char *const keys[] = {"kind",   "centers", "radii", "masses",
                                       "kernel", "reach",   NULL};
    lua_State *L = r->L;
    lua_getfield(L, ct->idx, "pair_binding");
    const int b = lua_gettop(L);
    if (lua_isnil(L, b)) {
        lua_pop(L, 1);
        return 0;
    }
    binding_loader ld = {
        r, c, mbc_reader_word_line(r, "pair_binding", ct->line), 0, c->invariants.broken, 0};
    spec_pair_binding *out = &c->pair_binding;
    out->declared = 1;
    char buf[96];
    if (!lua_istable(L, b) || mbc_sandbox_table_kind(L, b)) {
        binding_fail(&ld,
                     "pair_binding: must be a table { kind = \"spheres\", centers = { \"m0\", "
                     "\"m1\" }, radii = \"PARAM\" } (given %s)",
                     mbc_reader_describe(L, b, buf, sizeof buf));
        lua_pop(L, 1);
        return ld.errors;
    }
    mbc_reader_table bt;
    mbc_reader_table_at(r, &bt, b, MBC_READER_LABEL, ld.line, "pair_binding");
    const size_t before = r->errors;
    mbc_reader_check_keys(r, &bt, keys, 0);
    ld.errors += (int)(r->errors - before);
    ld.misspelled = r->errors > before;
    lua_getfield(L, b, "kind");
    if (lua_isnil(L, -1) && ld.misspelled)
        ; /* a misspelled `kind` is reported as the unknown key */
    else if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "spheres") != 0)
        binding_fail(&ld, "pair_binding.kind: must be \"spheres\" (given %s)",
                     mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    load_centers(&ld, b, out);
    load_params(&ld, b, out);
    load_flag(&ld, b, "kernel", "the type defines its in-place kernel, mbc_<type>_pair_evaluate",
              &out->kernel);
    load_flag(&ld, b, "reach", "the type defines mbc_<type>_pair_reach", &out->reach);
    if (!c->hooks[SPEC_HOOK_FORCES] && !(ld.broken & SPEC_BROKEN_HOOKS))
        binding_fail(&ld, "pair_binding: needs the 'forces' hook (hooks = { \"forces\", ... })");
    lua_pop(L, 1);
    return ld.errors;
}
