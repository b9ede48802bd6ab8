/* SPDX-License-Identifier: BSD-3-Clause */
/* Case files (include/mbconnect/case.h; the format is docs/eval.rst): read
 * the Lua table, set the parameters, describe the state with mbc_input
 * (mbconnect/input.h, which checks the values) and evaluate it with
 * mbc_result (mbconnect/result.h). What is checked here is what only Lua
 * values can get wrong: types, unknown keys, list shapes.
 *
 * Decisions beyond the format:
 * - The case runs in the sandbox (sandbox/sandbox.h) without the spec
 *   constructors: no io, os, require, load, debug; bounded memory and
 *   instructions.
 * - Every table is checked for unknown keys; the first unknown key in
 *   alphabetical order is reported. Lists index from 1 in field names, as in
 *   Lua ("markers[1]" is marker m0); paths into the JSON result (non-finite
 *   results) index from 0, as in JSON.
 * - Index parameters a solver would fill in and that must be set
 *   (markerNumbers, nodeNumber, nodeNumbers) default to the numbers 0, 1, ...
 *   (a case has no model to number them) unless the case sets them;
 *   list-valued ones (slidingMarkerNumbers) must be given by the case.
 * - Parameters are set in the type's declaration order; visualization
 *   parameters as `visualization = { show = true }` or "visualization.show".
 * - Results are built in memory and returned only when everything
 *   succeeded; a non-finite result is an error.
 */

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "mbconnect/case.h"
#include "mbconnect/input.h"
#include "mbconnect/object.h"
#include "mbconnect/result.h"
#include "sandbox.h"

#define FIELD_SIZE   160
#define MESSAGE_SIZE (2 * MBC_ERROR_SIZE) /* cut to MBC_ERROR_SIZE by mbc_fail */

_Static_assert(MBC_CASE_MAX_FILE_BYTES == MBC_SANDBOX_MAX_FILE_BYTES, "case.h and sandbox.h agree");

/* Everything read from the case and everything the evaluation owns. */
typedef struct eval_ctx {
    const char *case_name;
    const mbc_registry *registry;
    char message[MESSAGE_SIZE]; /* the one error line, without newline */
    /* the error's structured fields (mbc_error): where the rule starts in
     * message (after "CASE:FIELD: "), and the type and parameter concerned */
    size_t rule_offset;
    const char *type_name, *param_name;
    size_t param_number;
    lua_State *L;

    mbc_object *object;
    const mbc_type_info *type;
    mbc_input input; /* the state, once the object is initialized */
    bool has_input;
} eval_ctx;

/* ------------------------------------------------------------------ errors */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
fail(eval_ctx *c, const char *field, const char *fmt, ...)
{
    size_t len = (size_t)snprintf(c->message, sizeof c->message, "%s:%s: ", c->case_name, field);
    c->rule_offset = len;
    c->type_name = c->type ? c->type->type_name : NULL;
    c->param_name = NULL;
    c->param_number = 0;
    if (len < sizeof c->message) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->message + len, sizeof c->message - len, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* Keeps the error on one line. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

/* What a Lua value is, for "(got ...)": a number's value, a short string's
 * text, otherwise its kind. */
static const char *describe(lua_State *L, int idx, char *buf, size_t size)
{
    switch (lua_type(L, idx)) {
    case LUA_TNONE:
    case LUA_TNIL:
        return "nil";
    case LUA_TBOOLEAN:
        return lua_toboolean(L, idx) ? "true" : "false";
    case LUA_TNUMBER:
        mbc_format_number(lua_tonumber(L, idx), buf, size);
        return buf;
    case LUA_TSTRING: {
        size_t len = 0;
        const char *s = lua_tolstring(L, idx, &len);
        if (len > 40)
            snprintf(buf, size, "\"%.37s...\"", s);
        else
            snprintf(buf, size, "\"%s\"", s);
        one_line(buf);
        return buf;
    }
    case LUA_TTABLE:
        return "a table";
    case LUA_TFUNCTION:
        return "a function";
    default:
        snprintf(buf, size, "a %s", lua_typename(L, lua_type(L, idx)));
        return buf;
    }
}

/* A library error on the case's field: its rule first, then the type and
 * parameter it names, from the error's fields ("rule (Type.param)"). */
static bool fail_library(eval_ctx *c, const char *field, const mbc_error *err, const char *extra)
{
    const char *more = extra ? extra : "";
    const char *rule = err->message + err->rule_offset;
    if (!err->type_name)
        fail(c, field, "%s%s", err->message, more);
    else if (err->param_name)
        fail(c, field, "%s (%s.%s%s)", rule, err->type_name, err->param_name, more);
    else
        fail(c, field, "%s (%s%s)", rule, err->type_name, more);
    if (err->type_name)
        c->type_name = err->type_name;
    c->param_name = err->param_name;
    c->param_number = err->param_number;
    return false;
}

/* A library message "FIELD: what (given)" as the case's error, with the
 * library error's fields. */
static bool fail_input(eval_ctx *c, const mbc_error *err)
{
    snprintf(c->message, sizeof c->message, "%s:%s", c->case_name, err->message);
    c->rule_offset = strlen(c->case_name) + 1 + err->rule_offset; /* cut by mbc_fail_fields */
    c->type_name = err->type_name ? err->type_name : c->type ? c->type->type_name : NULL;
    c->param_name = err->param_name;
    c->param_number = err->param_number;
    return false;
}

/* ------------------------------------------------------------ lua helpers */

/* Pushes t[name] (raw) for the table at absolute index t. */
static int get_field(lua_State *L, int t, const char *name)
{
    lua_pushstring(L, name);
    return lua_rawget(L, t);
}

/* The number of entries of the table at absolute index t (its keys of
 * every kind; compare lua_rawlen for a list without holes). */
static size_t count_entries(lua_State *L, int t)
{
    size_t entries = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        entries++;
    }
    return entries;
}

static bool is_allowed(const char *key, const char *const *allowed, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(key, allowed[i]) == 0)
            return true;
    return false;
}

static void join(const char *const *names, size_t n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", names[i]);
}

/* snprintf into a field buffer; long names are cut (never overflow). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
format_to(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, size, fmt, ap);
    va_end(ap);
}

/* Field path "base.key" (or "key" when base is empty). */
static void sub_field(char *out, const char *base, const char *key)
{
    if (base[0])
        format_to(out, FIELD_SIZE, "%s.%s", base, key);
    else
        format_to(out, FIELD_SIZE, "%s", key);
}

/* The table at t must have only string keys from `allowed`. */
static bool check_keys(eval_ctx *c, int t, const char *field, const char *const *allowed, size_t n)
{
    lua_State *L = c->L;
    const char *unknown = NULL;
    int bad_key_type = LUA_TNIL;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            if (bad_key_type == LUA_TNIL || lua_type(L, -1) == LUA_TNUMBER)
                bad_key_type = lua_type(L, -1);
            continue;
        }
        const char *key = lua_tostring(L, -1); /* kept alive by the table */
        if (!is_allowed(key, allowed, n) && (!unknown || strcmp(key, unknown) < 0))
            unknown = key;
    }
    char list[512];
    join(allowed, n, list, sizeof list);
    if (bad_key_type != LUA_TNIL)
        return fail(c, field[0] ? field : "return",
                    "must be a table of named fields: %s (got a table with a %s key)", list,
                    lua_typename(L, bad_key_type));
    if (unknown) {
        char f[FIELD_SIZE];
        sub_field(f, field, unknown);
        return fail(c, f, "unknown key (allowed: %s)", list);
    }
    return true;
}

/* The value at idx must be a list (sequence) of finite numbers. Returns a
 * malloc'd array (never NULL on success) and its length. */
static double *read_list(eval_ctx *c, int idx, const char *field, const char *what, size_t *count)
{
    lua_State *L = c->L;
    char given[64];
    if (lua_type(L, idx) != LUA_TTABLE) {
        fail(c, field, "must be %s (got %s)", what, describe(L, idx, given, sizeof given));
        return NULL;
    }
    size_t n = (size_t)lua_rawlen(L, idx);
    size_t entries = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        entries++;
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || (size_t)lua_tointeger(L, -1) > n) {
            lua_pop(L, 1);
            fail(c, field, "must be %s (got a table with keys other than 1..%zu)", what, n);
            return NULL;
        }
    }
    if (entries != n) {
        fail(c, field, "must be %s (got a table with holes)", what);
        return NULL;
    }
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) {
        fail(c, field, "out of memory (got %zu values)", n);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        char f[FIELD_SIZE];
        snprintf(f, sizeof f, "%s[%zu]", field, i + 1);
        if (lua_type(L, -1) != LUA_TNUMBER) {
            fail(c, f, "must be a number (got %s)", describe(L, -1, given, sizeof given));
            lua_pop(L, 1);
            free(v);
            return NULL;
        }
        v[i] = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (!isfinite(v[i])) {
            mbc_format_number(v[i], given, sizeof given);
            fail(c, f, "must be finite (got %s)", given);
            free(v);
            return NULL;
        }
    }
    *count = n;
    return v;
}

/* A list of exactly n numbers into out. */
static bool read_fixed(eval_ctx *c, int idx, const char *field, double *out, size_t n)
{
    char what[64];
    snprintf(what, sizeof what, "a list of %zu numbers", n);
    size_t count = 0;
    double *v = read_list(c, idx, field, what, &count);
    if (!v)
        return false;
    bool ok = count == n;
    if (ok)
        memcpy(out, v, n * sizeof *v);
    else
        fail(c, field, "must have %zu numbers (got %zu)", n, count);
    free(v);
    return ok;
}

/* Optional fixed list t[key]: keeps out unchanged when absent; with
 * `required`, absence is a "missing" error. */
static bool read_fixed_field(eval_ctx *c, int t, const char *base, const char *key, double *out,
                             size_t n, bool required)
{
    lua_State *L = c->L;
    char f[FIELD_SIZE];
    sub_field(f, base, key);
    get_field(L, t, key);
    bool ok = true;
    if (lua_isnil(L, -1)) {
        if (required)
            ok = fail(c, f, "missing (a list of %zu numbers)", n);
    } else {
        ok = read_fixed(c, lua_gettop(L), f, out, n);
    }
    lua_pop(L, 1);
    return ok;
}

/* A finite number t[key]; `hint` describes it for a "missing" error, NULL
 * when optional (out unchanged). */
static bool read_number_field(eval_ctx *c, int t, const char *base, const char *key, double *out,
                              const char *hint)
{
    lua_State *L = c->L;
    char f[FIELD_SIZE], given[64];
    sub_field(f, base, key);
    get_field(L, t, key);
    bool ok = true;
    if (lua_isnil(L, -1)) {
        if (hint)
            ok = fail(c, f, "missing (%s)", hint);
    } else if (lua_type(L, -1) != LUA_TNUMBER) {
        ok = fail(c, f, "must be a number (got %s)", describe(L, -1, given, sizeof given));
    } else {
        double x = lua_tonumber(L, -1);
        if (!isfinite(x)) {
            mbc_format_number(x, given, sizeof given);
            ok = fail(c, f, "must be finite (got %s)", given);
        } else {
            *out = x;
        }
    }
    lua_pop(L, 1);
    return ok;
}

/* Pushes t[key]; it must be a table (or, when optional, nil). */
static bool push_table_field(eval_ctx *c, int t, const char *base, const char *key,
                             const char *hint, bool required)
{
    lua_State *L = c->L;
    char f[FIELD_SIZE], given[64];
    sub_field(f, base, key);
    get_field(L, t, key);
    if (lua_isnil(L, -1)) {
        if (required)
            return fail(c, f, "missing (%s)", hint);
        return true;
    }
    if (lua_type(L, -1) != LUA_TTABLE)
        return fail(c, f, "must be %s (got %s)", hint, describe(L, -1, given, sizeof given));
    return true;
}

/* -------------------------------------------------------------- parameters */

static bool set_param(eval_ctx *c, const char *name, int idx, const char *field)
{
    lua_State *L = c->L;
    mbc_error err = {0};
    mbc_status st = MBC_OK;
    char given[64];
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        st = mbc_object_set(c->object, name, lua_tonumber(L, idx), &err);
        break;
    case LUA_TBOOLEAN:
        st = mbc_object_set(c->object, name, lua_toboolean(L, idx) ? 1.0 : 0.0, &err);
        break;
    case LUA_TSTRING:
        st = mbc_object_set_string(c->object, name, lua_tostring(L, idx), &err);
        break;
    case LUA_TTABLE: {
        size_t n = 0;
        double *v = read_list(c, idx, field, "a number, boolean, string or list of numbers", &n);
        if (!v)
            return false;
        st = mbc_object_set_array(c->object, name, v, n, &err);
        free(v);
        break;
    }
    default:
        return fail(c, field, "must be a number, boolean, string or list of numbers (got %s)",
                    describe(L, idx, given, sizeof given));
    }
    if (st != MBC_OK)
        return fail_library(c, field, &err, NULL);
    return true;
}

static bool read_visualization(eval_ctx *c, int vt)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    const char *names[32];
    size_t n = t->vparam_count < 32 ? t->vparam_count : 32;
    for (size_t i = 0; i < n; i++)
        names[i] = t->vparams[i].name;
    if (!check_keys(c, vt, "parameters.visualization", names, n))
        return false;
    for (size_t i = 0; i < n; i++) {
        char name[FIELD_SIZE], field[FIELD_SIZE];
        snprintf(name, sizeof name, "visualization.%s", names[i]);
        snprintf(field, sizeof field, "parameters.visualization.%s", names[i]);
        get_field(L, vt, names[i]);
        bool ok = lua_isnil(L, -1) || set_param(c, name, lua_gettop(L), field);
        lua_pop(L, 1);
        if (!ok)
            return false;
    }
    return true;
}

static bool read_parameters(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    /* marker and node numbers 0, 1, ...: a case has no model in which a
     * solver would number them, but validation requires them to be set */
    mbc_object_set_default_indices(c->object);
    if (!push_table_field(c, root, "", "parameters", "a table of parameters by name", false))
        return false;
    int pt = lua_gettop(L);
    if (lua_isnil(L, pt)) {
        lua_pop(L, 1);
        return true;
    }
    /* unknown names first, alphabetically */
    const char *unknown = NULL;
    bool bad_key = false;
    lua_pushnil(L);
    while (lua_next(L, pt)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            bad_key = true;
            continue;
        }
        const char *key = lua_tostring(L, -1);
        if (strcmp(key, "visualization") != 0 && !mbc_type_find_param(t, key) &&
            (!unknown || strcmp(key, unknown) < 0))
            unknown = key;
    }
    if (bad_key)
        return fail(c, "parameters",
                    "must be a table of parameters by name (got a table with "
                    "a key that is not a name)");
    if (unknown) {
        char f[FIELD_SIZE];
        snprintf(f, sizeof f, "parameters.%s", unknown);
        return fail(c, f, "unknown parameter (%s has no parameter '%s'; see 'mbc describe %s')",
                    t->type_name, unknown, t->type_name);
    }
    for (size_t i = 0; i < t->param_count; i++) {
        const char *name = t->params[i].name;
        char field[FIELD_SIZE];
        snprintf(field, sizeof field, "parameters.%s", name);
        get_field(L, pt, name);
        bool ok = lua_isnil(L, -1) || set_param(c, name, lua_gettop(L), field);
        lua_pop(L, 1);
        if (!ok)
            return false;
    }
    char given[64];
    get_field(L, pt, "visualization");
    if (!lua_isnil(L, -1)) {
        if (lua_type(L, -1) != LUA_TTABLE)
            return fail(c, "parameters.visualization",
                        "must be a table of visualization parameters by name (got %s)",
                        describe(L, -1, given, sizeof given));
        if (!read_visualization(c, lua_gettop(L)))
            return false;
    }
    lua_pop(L, 1);
    for (size_t i = 0; i < t->vparam_count; i++) {
        char name[FIELD_SIZE];
        snprintf(name, sizeof name, "visualization.%s", t->vparams[i].name);
        get_field(L, pt, name);
        char field[FIELD_SIZE];
        format_to(field, sizeof field, "parameters.%s", name);
        bool ok = lua_isnil(L, -1) || set_param(c, name, lua_gettop(L), field);
        lua_pop(L, 1);
        if (!ok)
            return false;
    }
    lua_pop(L, 1);
    return true;
}

static bool initialize(eval_ctx *c)
{
    mbc_error first = {0};
    size_t violations = 0;
    if (mbc_object_initialize(c->object, &first, 1, &violations) == MBC_OK)
        return true;
    /* the violated parameter names the field: parameters.param */
    const char *msg = first.message;
    char field[FIELD_SIZE] = "parameters";
    if (first.param_name)
        snprintf(field, sizeof field, "parameters.%s", first.param_name);
    char extra[64] = "";
    if (violations > 1)
        snprintf(extra, sizeof extra, "; %zu more violation%s", violations - 1,
                 violations == 2 ? "" : "s");
    if (!msg[0])
        return fail(c, "parameters", "initialization failed (%zu violations)", violations);
    return fail_library(c, field, &first, extra);
}

/* ----------------------------------------------------------------- markers */

static bool read_rigid_marker(eval_ctx *c, int mt, const char *base, int m)
{
    static const char *const keys[] = {"position", "velocity", "rotation", "angularVelocityLocal"};
    if (!check_keys(c, mt, base, keys, 4))
        return false;
    double p[3], v[3], rot[9], w[3];
    bool has_rot = false, has_w = false;
    lua_State *L = c->L;
    get_field(L, mt, "rotation");
    has_rot = !lua_isnil(L, -1);
    get_field(L, mt, "angularVelocityLocal");
    has_w = !lua_isnil(L, -1);
    lua_pop(L, 2);
    if (!read_fixed_field(c, mt, base, "position", p, 3, true) ||
        !read_fixed_field(c, mt, base, "velocity", v, 3, true) ||
        !read_fixed_field(c, mt, base, "rotation", rot, 9, false) ||
        !read_fixed_field(c, mt, base, "angularVelocityLocal", w, 3, false))
        return false;
    mbc_error err = {0};
    if (mbc_input_set_rigid_marker(&c->input, m, p, v, has_rot ? rot : NULL, has_w ? w : NULL,
                                   &err) != MBC_OK)
        return fail_input(c, &err);
    return true;
}

/* q (required), q_t (default 0) and length (required) of an ANCF element. */
static bool read_cable_element(eval_ctx *c, int et, const char *base, mbc_cable_element *e,
                               bool allow_shape_keys)
{
    static const char *const keys[] = {"q", "q_t", "length", "verticalOffset", "ale"};
    if (!check_keys(c, et, base, keys, allow_shape_keys ? 5 : 3))
        return false;
    memset(e, 0, sizeof *e);
    return read_fixed_field(c, et, base, "q", e->q, 8, true) &&
           read_fixed_field(c, et, base, "q_t", e->q_t, 8, false) &&
           read_number_field(c, et, base, "length", &e->length,
                             "the element's reference length L in m");
}

/* markers[k] = {cable = {q, q_t, length, verticalOffset, ale}, segments = n} */
static bool read_cable_element_marker(eval_ctx *c, int mt, const char *base, int m)
{
    lua_State *L = c->L;
    char f[FIELD_SIZE], given[64];
    static const char *const keys[] = {"cable", "segments"};
    if (!check_keys(c, mt, base, keys, 2))
        return false;
    double segments = 0.0;
    if (!read_number_field(c, mt, base, "segments", &segments,
                           "the number of segments, = numberOfContactSegments"))
        return false;
    sub_field(f, base, "segments");
    if (!(segments >= 1.0 && segments <= MBC_INPUT_MAX_SEGMENTS && segments == floor(segments))) {
        mbc_format_number(segments, given, sizeof given);
        return fail(c, f, "must be a whole number >= 1 (got %s)", given);
    }
    if (!push_table_field(c, mt, base, "cable",
                          "a table {q = {8 numbers}, q_t = ..., length = ...}", true))
        return false;
    char cb[FIELD_SIZE];
    sub_field(cb, base, "cable");
    int et = lua_gettop(L);
    mbc_cable_element e;
    double offset = 0.0, ale[2] = {0.0, 0.0};
    get_field(L, et, "ale");
    bool has_ale = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!read_cable_element(c, et, cb, &e, true) ||
        !read_number_field(c, et, cb, "verticalOffset", &offset, NULL) ||
        !read_fixed_field(c, et, cb, "ale", ale, 2, false))
        return false;
    lua_pop(L, 1);
    mbc_error err = {0};
    if (mbc_input_set_cable_element(&c->input, m, &e, offset, has_ale ? ale : NULL,
                                    (size_t)segments, &err) != MBC_OK)
        return fail_input(c, &err);
    return true;
}

/* markers[k] = {points = ..., pointVelocities = ..., length = L, aleCoordinate = s} */
static bool read_cable_points_marker(eval_ctx *c, int mt, const char *base, int m)
{
    lua_State *L = c->L;
    char f[FIELD_SIZE];
    static const char *const keys[] = {"points",        "pointVelocities", "length",
                                       "aleCoordinate", "cable",           "segments"};
    if (!check_keys(c, mt, base, keys, 6))
        return false;
    sub_field(f, base, "points");
    size_t np = 0;
    get_field(L, mt, "points");
    if (lua_isnil(L, -1))
        return fail(c, f,
                    "missing (a list x0,y0, x1,y1, ... of the n+1 cable points, "
                    "or give 'cable' and 'segments')");
    double *points = read_list(c, lua_gettop(L), f, "a list of numbers x0,y0, x1,y1, ...", &np);
    lua_pop(L, 1);
    if (!points)
        return false;
    double *velocities = NULL;
    get_field(L, mt, "pointVelocities");
    bool has_v = !lua_isnil(L, -1);
    lua_pop(L, 1);
    double length = 0.0, ale = 0.0;
    bool ok = true;
    if (has_v) {
        velocities = calloc(np ? np : 1, sizeof *velocities);
        ok = velocities ? read_fixed_field(c, mt, base, "pointVelocities", velocities, np, false)
                        : fail(c, f, "out of memory (got %zu numbers)", np);
    }
    ok = ok &&
         read_number_field(c, mt, base, "length", &length, "the cable's reference length L in m") &&
         read_number_field(c, mt, base, "aleCoordinate", &ale, NULL);
    mbc_error err = {0};
    if (ok && mbc_input_set_cable_points(&c->input, m, points, np, velocities, length, ale, &err) !=
                  MBC_OK)
        ok = fail_input(c, &err);
    free(points);
    free(velocities);
    return ok;
}

static bool read_markers(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    size_t listed = 0;
    for (int m = 0; m < 2; m++)
        if (t->marker_kinds[m] != MBC_MARKER_CABLE2D_COORDINATES)
            listed++;
    char hint[128], given[64];
    if (listed == 2)
        snprintf(hint, sizeof hint, "a list of 2 markers: m0 (%s), m1 (%s)", t->marker_types[0],
                 t->marker_types[1]);
    else
        snprintf(hint, sizeof hint, "a list of 1 marker: m0 (%s); m1 is given by 'cables'",
                 t->marker_types[0]);
    if (!push_table_field(c, root, "", "markers", hint, true))
        return false;
    int lt = lua_gettop(L);
    size_t n = (size_t)lua_rawlen(L, lt);
    size_t entries = count_entries(L, lt);
    if (entries != n || n != listed)
        return fail(c, "markers", "must be %s (got %zu entr%s)", hint, entries,
                    entries == 1 ? "y" : "ies");
    lua_Integer k = 0;
    for (int m = 0; m < 2; m++) {
        const char *base = mbc_input_marker_field(t, m);
        if (!base)
            continue;
        lua_rawgeti(L, lt, ++k);
        if (lua_type(L, -1) != LUA_TTABLE)
            return fail(c, base, "must be a table describing marker m%d (%s) (got %s)", m,
                        t->marker_types[m], describe(L, -1, given, sizeof given));
        bool ok;
        if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE) {
            get_field(L, lua_gettop(L), "cable");
            bool element_form = !lua_isnil(L, -1);
            lua_pop(L, 1);
            ok = element_form ? read_cable_element_marker(c, lua_gettop(L), base, m)
                              : read_cable_points_marker(c, lua_gettop(L), base, m);
        } else {
            ok = read_rigid_marker(c, lua_gettop(L), base, m);
        }
        if (!ok)
            return false;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return true;
}

/* JointALEMoving2D-style joints: cables, ale, lagrangeMultipliers. */
static bool read_ale_inputs(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    size_t sn = 0;
    if (mbc_object_find_param(c->object, "slidingMarkerNumbers"))
        sn = mbc_param_count(mbc_object_find_param(c->object, "slidingMarkerNumbers"),
                             c->object->params);
    if (!push_table_field(c, root, "", "cables",
                          "a list of ANCF Cable2D elements {q = {8 numbers}, q_t = {8 numbers}, "
                          "length = L}, one per entry of slidingMarkerNumbers",
                          true))
        return false;
    int lt = lua_gettop(L);
    size_t n = (size_t)lua_rawlen(L, lt);
    size_t entries = count_entries(L, lt);
    if (entries != n || n != sn)
        return fail(c, "cables",
                    "must have one element per entry of slidingMarkerNumbers (%zu) (got %zu)", sn,
                    entries);
    mbc_cable_element *cables = calloc(n ? n : 1, sizeof *cables);
    if (!cables)
        return fail(c, "cables", "out of memory (got %zu elements)", n);
    char given[64];
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "cables[%zu]", i + 1);
        lua_rawgeti(L, lt, (lua_Integer)i + 1);
        if (lua_type(L, -1) != LUA_TTABLE)
            ok = fail(c, base, "must be a table {q = ..., q_t = ..., length = ...} (got %s)",
                      describe(L, -1, given, sizeof given));
        else
            ok = read_cable_element(c, lua_gettop(L), base, &cables[i], false);
        lua_pop(L, 1);
    }
    mbc_error err = {0};
    if (ok && mbc_input_set_ale_cables(&c->input, cables, n, &err) != MBC_OK)
        ok = fail_input(c, &err);
    free(cables);
    if (!ok)
        return false;
    lua_pop(L, 1);

    if (!push_table_field(c, root, "", "ale", "a table {q = ALE coordinate, q_t = its velocity}",
                          true))
        return false;
    static const char *const ale_keys[] = {"q", "q_t"};
    int at = lua_gettop(L);
    double q = 0.0, q_t = 0.0;
    if (!check_keys(c, at, "ale", ale_keys, 2) ||
        !read_number_field(c, at, "ale", "q", &q, "the ALE coordinate q_ALE in m") ||
        !read_number_field(c, at, "ale", "q_t", &q_t, NULL))
        return false;
    lua_pop(L, 1);
    if (mbc_input_set_ale_node(&c->input, q, q_t, &err) != MBC_OK)
        return fail_input(c, &err);
    return true;
}

static bool read_data(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    size_t n = c->input.data_count;
    static const char *const keys[] = {"data", "dataStartOfStep"};
    for (int k = 0; k < 2; k++) {
        get_field(L, root, keys[k]);
        if (!lua_isnil(L, -1)) {
            char what[128];
            snprintf(what, sizeof what, "a list of the %zu data coordinates of %s", n,
                     t->type_name);
            size_t count = 0;
            double *v = read_list(c, lua_gettop(L), keys[k], what, &count);
            if (!v)
                return false;
            mbc_error err = {0};
            mbc_status st = k == 0 ? mbc_input_set_data(&c->input, v, count, &err)
                                   : mbc_input_set_data_start(&c->input, v, count, &err);
            free(v);
            if (st != MBC_OK)
                return fail_input(c, &err);
        }
        lua_pop(L, 1);
    }
    return true;
}

/* --------------------------------------------------------------- the case */

static bool read_case(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    char given[64];
    if (lua_type(L, root) != LUA_TTABLE)
        return fail(c, "return",
                    "the case must return a table {object = ..., parameters = ..., "
                    "markers = ...} (got %s)",
                    describe(L, root, given, sizeof given));
    get_field(L, root, "object");
    if (lua_isnil(L, -1))
        return fail(c, "object", "missing (the connector type name, e.g. \"ContactSphereSphere\")");
    if (lua_type(L, -1) != LUA_TSTRING)
        return fail(c, "object", "must be the connector type name as a string (got %s)",
                    describe(L, -1, given, sizeof given));
    const char *name = lua_tostring(L, -1);
    mbc_error err = {0};
    c->object = mbc_registry_create(c->registry, name, &err);
    if (!c->object) {
        if (mbc_registry_lookup(c->registry, name)) /* known but creation failed */
            return fail_library(c, "object", &err, NULL);
        char list[512];
        mbc_registry_names(c->registry, list, sizeof list);
        return fail(c, "object", "unknown connector type (got %s; known: %s)",
                    describe(L, -1, given, sizeof given), list);
    }
    lua_pop(L, 1);
    c->type = c->object->type;
    bool ale = c->type->marker_kinds[0] == MBC_MARKER_CABLE2D_COORDINATES ||
               c->type->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES;
    bool algebraic = c->type->algebraic_equations != NULL;
    const char *keys[8] = {"object", "parameters", "markers", "data", "dataStartOfStep"};
    size_t nkeys = 5;
    if (ale) {
        keys[nkeys++] = "cables";
        keys[nkeys++] = "ale";
    }
    if (algebraic)
        keys[nkeys++] = "lagrangeMultipliers";
    if (!check_keys(c, root, "", keys, nkeys))
        return false;
    if (!read_parameters(c, root) || !initialize(c))
        return false;
    if (mbc_input_init(&c->input, c->object, &err) != MBC_OK)
        return fail_input(c, &err);
    c->has_input = true;
    if (!read_markers(c, root))
        return false;
    if (ale && !read_ale_inputs(c, root))
        return false;
    if (algebraic) {
        get_field(L, root, "lagrangeMultipliers");
        bool given_z = !lua_isnil(L, -1);
        lua_pop(L, 1);
        double z[2] = {0.0, 0.0};
        if (!read_fixed_field(c, root, "", "lagrangeMultipliers", z, 2, false))
            return false;
        if (given_z && mbc_input_set_lagrange(&c->input, z, &err) != MBC_OK)
            return fail_input(c, &err);
    }
    return read_data(c, root);
}

/* -------------------------------------------------------------- evaluation */

/* The state, every result, and the JSON document (*json on success). */
static bool evaluate(eval_ctx *c, char **json)
{
    const mbc_state *s = NULL;
    mbc_result r;
    mbc_error err = {0};
    if (mbc_input_state(&c->input, &s, &err) != MBC_OK)
        return fail_input(c, &err);
    if (mbc_result_evaluate(&r, c->object, s, &err) != MBC_OK)
        return fail_input(c, &err);
    mbc_status st = mbc_result_json(&r, json, &err);
    mbc_result_free(&r);
    if (st != MBC_OK)
        return fail_input(c, &err);
    return true;
}

static void free_ctx(eval_ctx *c)
{
    if (c->has_input)
        mbc_input_free(&c->input);
    mbc_object_destroy(c->object);
}

/* The case's error line into err through the one error path (cut to
 * MBC_ERROR_SIZE - 1 bytes, as case.h says), on one line, with its fields. */
static mbc_status report(eval_ctx *c, mbc_status st, mbc_error *err)
{
    one_line(c->message);
    return mbc_fail_fields(err, st, c->type_name, c->param_name, c->param_number, c->rule_offset,
                           "%s", c->message);
}

mbc_status mbc_case_run_file(const mbc_registry *r, const char *path, char **json, mbc_error *err)
{
    if (json)
        *json = NULL;
    char message[MESSAGE_SIZE];
    size_t len = 0;
    if (!path)
        return mbc_fail(err, MBC_ERR_INPUT, "mbc_case_run_file: no path");
    char *buf = mbc_sandbox_read_file(path, NULL, &len, message, sizeof message);
    if (!buf) {
        one_line(message);
        return mbc_fail(err, MBC_ERR_INPUT, "%s", message);
    }
    mbc_status st = mbc_case_run_buffer(r, path, buf, len, json, err);
    free(buf);
    return st;
}

mbc_status mbc_case_run_buffer(const mbc_registry *r, const char *name, const char *buf, size_t len,
                               char **json, mbc_error *err)
{
    if (json)
        *json = NULL;
    if (!r || !name || !buf || !json)
        return mbc_fail(err, MBC_ERR_INPUT, "mbc_case_run_buffer: NULL %s",
                        !r      ? "registry"
                        : !name ? "name"
                        : !buf  ? "buffer"
                                : "result pointer");
    eval_ctx c;
    memset(&c, 0, sizeof c);
    c.case_name = name;
    c.registry = r;
    mbc_sandbox *sb = mbc_sandbox_new("case file", "case files", 0);
    if (!sb)
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: cannot create the Lua sandbox (out of memory)",
                        name);
    bool ok = mbc_sandbox_run(sb, name, buf, len, c.message, sizeof c.message) == 0;
    if (!ok) {
        size_t n = strlen(name);
        if (strncmp(c.message, name, n) != 0 || c.message[n] != ':') {
            /* no position (instruction or memory limit, error(msg, 0)) */
            char raw[MESSAGE_SIZE];
            snprintf(raw, sizeof raw, "%s", c.message);
            fail(&c, "run", "%s", raw);
        }
    } else {
        /* reading the result allocates a little (key strings): the limits
         * held only while the script ran (sandbox.h) */
        c.L = mbc_sandbox_state(sb);
        ok = read_case(&c, lua_gettop(c.L));
    }
    if (ok)
        ok = evaluate(&c, json);
    mbc_sandbox_free(sb);
    free_ctx(&c);
    return ok ? MBC_OK : report(&c, MBC_ERR_INPUT, err);
}
