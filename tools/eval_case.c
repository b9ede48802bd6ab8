/* `mbc eval CASE.lua` (contract: ../shared/design/eval-cases.md).
 *
 * Decisions beyond the contract:
 * - The case runs in the spec sandbox (generator/sandbox.c): no io, os,
 *   require, load, debug; bounded memory and instructions.
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
 * - Every number the case gives must be finite. For a joint with a
 *   Cable2DCoordinates marker, data[1] (x_data0) must be a whole number in
 *   [0, #cables - 1]; `ale.q` is required, `ale.q_t` defaults to 0,
 *   lagrangeMultipliers to {0, 0}. A Cable2DShape marker needs `points` and
 *   `length` (pointVelocities default 0, aleCoordinate 0) or `cable` (q and
 *   length required; q_t, verticalOffset default 0) with `segments`.
 * - A rigid marker's rotation must be a rotation matrix (|A^T A - I| <= 1e-9,
 *   det A > 0).
 * - JSON: real numbers with exactly 17 significant digits ("%#.17g", trailing
 *   zeros kept); markerNumber1 is an integer. Outputs are always arrays (also
 *   size-1 outputs). A type without a force hook (JointALEMoving2D) has no
 *   "forces" key: its joint forces are the Lagrange multipliers, reported as
 *   outputs.Force. Types with algebraic equations also get "jacobianVelocity"
 *   (the velocity-level Jacobians). The Jacobian "cable" columns are those of
 *   the current sliding element cables[x_data0 + 1] (Lua index).
 * - Results are built in memory and printed only when everything succeeded;
 *   a non-finite result is an error.
 */
#include "eval_case.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "json_out.h"
#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"
#include "sandbox.h"

#define FIELD_SIZE   160
#define MESSAGE_SIZE 1024

typedef enum marker_kind { MARKER_RIGID, MARKER_CABLE_SHAPE, MARKER_CABLE_COORDINATES } marker_kind;

/* Everything read from the case and everything the evaluation owns. */
typedef struct eval_ctx {
    const char *case_name;
    char message[MESSAGE_SIZE]; /* the one error line, without newline */
    lua_State *L;

    mbc_object *object;
    const mbc_type_info *type;
    marker_kind kinds[2];

    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    double *cable_points;
    double *cable_velocities;

    mbc_cable_element *cables;
    size_t cable_count;
    double ale_q, ale_q_t;
    double lagrange[2];

    double *data;
    double *data_start;
    size_t data_count;
} eval_ctx;

/* ------------------------------------------------------------------ errors */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
fail(eval_ctx *c, const char *field, const char *fmt, ...)
{
    size_t len = (size_t)snprintf(c->message, sizeof c->message, "%s:%s: ", c->case_name, field);
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

/* "Type.param: rest" -> field "PREFIXparam"-style message "rest (Type.param)". */
static bool fail_library(eval_ctx *c, const char *field, const char *library_message,
                         const char *extra)
{
    const char *sep = strstr(library_message, ": ");
    if (!sep)
        return fail(c, field, "%s%s", library_message, extra ? extra : "");
    return fail(c, field, "%s (%.*s%s)", sep + 2, (int)(sep - library_message), library_message,
                extra ? extra : "");
}

/* ------------------------------------------------------------ lua helpers */

/* Pushes t[name] (raw) for the table at absolute index t. */
static int get_field(lua_State *L, int t, const char *name)
{
    lua_pushstring(L, name);
    return lua_rawget(L, t);
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
    mbc_error err = {{0}};
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
        return fail_library(c, field, err.message, NULL);
    return true;
}

/* Default marker and node numbers 0, 1, ...: a case has no model in which a
 * solver would number them, but validate() requires them to be set. */
static void set_default_indices(eval_ctx *c)
{
    const mbc_type_info *t = c->type;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->kind != MBC_VALUE_INDEX || !p->must_be_set || p->shape == MBC_VECTOR ||
            p->role != MBC_ROLE_INPUT || p->size > 8)
            continue;
        double v[8];
        for (size_t k = 0; k < p->size; k++)
            v[k] = (double)k;
        mbc_error err;
        (void)mbc_object_set_array(c->object, p->name, v, p->size, &err);
    }
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
    set_default_indices(c);
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

static bool initialise(eval_ctx *c)
{
    mbc_error first = {{0}};
    size_t violations = 0;
    if (mbc_object_initialise(c->object, &first, 1, &violations) == MBC_OK)
        return true;
    /* "Type.param: message" -> field parameters.param */
    const char *msg = first.message;
    size_t tn = strlen(c->type->type_name);
    char field[FIELD_SIZE] = "parameters";
    const char *sep = strstr(msg, ": ");
    if (strncmp(msg, c->type->type_name, tn) == 0 && msg[tn] == '.' && sep &&
        (size_t)(sep - msg) > tn + 1)
        snprintf(field, sizeof field, "parameters.%.*s", (int)(sep - msg - (ptrdiff_t)tn - 1),
                 msg + tn + 1);
    char extra[64] = "";
    if (violations > 1)
        snprintf(extra, sizeof extra, "; %zu more violation%s", violations - 1,
                 violations == 2 ? "" : "s");
    if (!msg[0])
        return fail(c, "parameters", "initialisation failed (%zu violations)", violations);
    return fail_library(c, field, msg, extra);
}

/* ----------------------------------------------------------------- markers */

static bool read_rigid_marker(eval_ctx *c, int mt, const char *base, mbc_rigid_marker *m)
{
    static const char *const keys[] = {"position", "velocity", "rotation", "angularVelocityLocal"};
    if (!check_keys(c, mt, base, keys, 4))
        return false;
    memset(m, 0, sizeof *m);
    m->rotation[0] = m->rotation[4] = m->rotation[8] = 1.0;
    if (!read_fixed_field(c, mt, base, "position", m->position, 3, true) ||
        !read_fixed_field(c, mt, base, "velocity", m->velocity, 3, true) ||
        !read_fixed_field(c, mt, base, "rotation", m->rotation, 9, false) ||
        !read_fixed_field(c, mt, base, "angularVelocityLocal", m->angular_velocity_local, 3, false))
        return false;
    /* A^T A = I and det A > 0 */
    const double *a = m->rotation;
    double dev = 0.0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0.0;
            for (int k = 0; k < 3; k++)
                s += a[3 * k + i] * a[3 * k + j];
            dev = fmax(dev, fabs(s - (i == j ? 1.0 : 0.0)));
        }
    double det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) +
                 a[2] * (a[3] * a[7] - a[4] * a[6]);
    if (dev > 1e-9 || det <= 0.0) {
        char f[FIELD_SIZE];
        sub_field(f, base, "rotation");
        return fail(c, f,
                    "must be a rotation matrix, row-major local -> global (got max |A^T A - I| "
                    "= %.3g, det A = %.3g)",
                    dev, det);
    }
    return true;
}

/* numberOfContactSegments of the object, or 0 when the type has none. */
static size_t contact_segments(eval_ctx *c)
{
    double v = 0.0;
    size_t n = 0;
    mbc_error err;
    if (!mbc_object_find_param(c->object, "numberOfContactSegments") ||
        mbc_object_get(c->object, "numberOfContactSegments", &v, 1, &n, &err) != MBC_OK || n != 1 ||
        v < 1)
        return 0;
    return (size_t)v;
}

static bool read_cable_element(eval_ctx *c, int et, const char *base, mbc_cable_element *e,
                               bool allow_shape_keys, double *offset, double ale[2], bool *has_ale)
{
    static const char *const keys[] = {"q", "q_t", "length", "verticalOffset", "ale"};
    if (!check_keys(c, et, base, keys, allow_shape_keys ? 5 : 3))
        return false;
    memset(e, 0, sizeof *e);
    if (!read_fixed_field(c, et, base, "q", e->q, 8, true) ||
        !read_fixed_field(c, et, base, "q_t", e->q_t, 8, false) ||
        !read_number_field(c, et, base, "length", &e->length,
                           "the element's reference length L in m"))
        return false;
    if (!(e->length > 0.0)) {
        char f[FIELD_SIZE], given[64];
        sub_field(f, base, "length");
        mbc_format_number(e->length, given, sizeof given);
        return fail(c, f, "must be > 0 (got %s)", given);
    }
    if (!allow_shape_keys)
        return true;
    if (!read_number_field(c, et, base, "verticalOffset", offset, NULL))
        return false;
    get_field(c->L, et, "ale");
    *has_ale = !lua_isnil(c->L, -1);
    lua_pop(c->L, 1);
    if (!read_fixed_field(c, et, base, "ale", ale, 2, false))
        return false;
    if (*has_ale && *offset != 0.0) {
        char f[FIELD_SIZE], given[64];
        sub_field(f, base, "verticalOffset");
        mbc_format_number(*offset, given, sizeof given);
        return fail(c, f, "must be 0 for an ALE cable (one with 'ale') (got %s)", given);
    }
    return true;
}

static bool read_cable_shape_marker(eval_ctx *c, int mt, const char *base)
{
    lua_State *L = c->L;
    size_t ncs = contact_segments(c);
    char f[FIELD_SIZE], given[64];
    get_field(L, mt, "cable");
    bool element_form = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (element_form) {
        static const char *const keys[] = {"cable", "segments"};
        if (!check_keys(c, mt, base, keys, 2))
            return false;
        double segments = 0.0;
        if (!read_number_field(c, mt, base, "segments", &segments,
                               "the number of segments, = numberOfContactSegments"))
            return false;
        sub_field(f, base, "segments");
        if (!(segments >= 1.0 && segments <= 1e6 && segments == floor(segments))) {
            mbc_format_number(segments, given, sizeof given);
            return fail(c, f, "must be a whole number >= 1 (got %s)", given);
        }
        if (ncs && (size_t)segments != ncs)
            return fail(c, f, "must equal numberOfContactSegments = %zu (got %zu)", ncs,
                        (size_t)segments);
        size_t n = (size_t)segments;
        if (!push_table_field(c, mt, base, "cable",
                              "a table {q = {8 numbers}, q_t = ..., length = ...}", true))
            return false;
        char cb[FIELD_SIZE];
        sub_field(cb, base, "cable");
        mbc_cable_element e;
        double offset = 0.0, ale[2] = {0.0, 0.0};
        bool has_ale = false;
        if (!read_cable_element(c, lua_gettop(L), cb, &e, true, &offset, ale, &has_ale))
            return false;
        lua_pop(L, 1);
        c->cable_points = malloc(2 * (n + 1) * sizeof(double));
        c->cable_velocities = malloc(2 * (n + 1) * sizeof(double));
        if (!c->cable_points || !c->cable_velocities)
            return fail(c, f, "out of memory (got %zu)", n);
        int r1 = mbc_cable2d_shape_points(e.q, e.length, offset, (int)n, c->cable_points);
        int r2 = mbc_cable2d_shape_point_velocities(e.q, e.q_t, e.length, offset, ale[1], (int)n,
                                                    c->cable_velocities);
        if (r1 < 0 || r2 < 0)
            return fail(c, f, "cannot build the cable points (got %zu segments)", n);
        if ((r1 | r2) & MBC_CABLE2D_WARN_ZERO_SLOPE) {
            sub_field(f, cb, "verticalOffset");
            mbc_format_number(offset, given, sizeof given);
            return fail(c, f,
                        "the cable slope is zero at a point, so the offset direction is "
                        "undefined (got %s)",
                        given);
        }
        c->cable.segment_count = n;
        c->cable.length = e.length;
        c->cable.ale_coordinate = ale[0];
    } else {
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
        c->cable_points =
            read_list(c, lua_gettop(L), f, "a list of numbers x0,y0, x1,y1, ...", &np);
        lua_pop(L, 1);
        if (!c->cable_points)
            return false;
        if (ncs && np != 2 * (ncs + 1))
            return fail(c, f, "must have 2 * (numberOfContactSegments + 1) = %zu numbers (got %zu)",
                        2 * (ncs + 1), np);
        if (np < 4 || np % 2)
            return fail(c, f, "must have 2 (n + 1) numbers for n >= 1 segments (got %zu)", np);
        size_t n = np / 2 - 1;
        c->cable_velocities = calloc(np, sizeof(double));
        if (!c->cable_velocities)
            return fail(c, f, "out of memory (got %zu numbers)", np);
        get_field(L, mt, "pointVelocities");
        bool has_v = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (has_v &&
            !read_fixed_field(c, mt, base, "pointVelocities", c->cable_velocities, np, false))
            return false;
        double length = 0.0, ale = 0.0;
        if (!read_number_field(c, mt, base, "length", &length,
                               "the cable's reference length L in m") ||
            !read_number_field(c, mt, base, "aleCoordinate", &ale, NULL))
            return false;
        if (!(length > 0.0)) {
            sub_field(f, base, "length");
            mbc_format_number(length, given, sizeof given);
            return fail(c, f, "must be > 0 (got %s)", given);
        }
        c->cable.segment_count = n;
        c->cable.length = length;
        c->cable.ale_coordinate = ale;
    }
    c->cable.points = c->cable_points;
    c->cable.point_velocities = c->cable_velocities;
    return true;
}

static bool read_markers(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    size_t listed = 0;
    for (int m = 0; m < 2; m++)
        if (c->kinds[m] != MARKER_CABLE_COORDINATES)
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
    size_t entries = 0;
    lua_pushnil(L);
    while (lua_next(L, lt)) {
        lua_pop(L, 1);
        entries++;
    }
    if (entries != n || n != listed)
        return fail(c, "markers", "must be %s (got %zu entr%s)", hint, entries,
                    entries == 1 ? "y" : "ies");
    size_t k = 0;
    for (int m = 0; m < 2; m++) {
        if (c->kinds[m] == MARKER_CABLE_COORDINATES)
            continue;
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "markers[%zu]", k + 1);
        lua_rawgeti(L, lt, (lua_Integer)k + 1);
        k++;
        if (lua_type(L, -1) != LUA_TTABLE)
            return fail(c, base, "must be a table describing marker m%d (%s) (got %s)", m,
                        t->marker_types[m], describe(L, -1, given, sizeof given));
        bool ok = c->kinds[m] == MARKER_CABLE_SHAPE
                      ? read_cable_shape_marker(c, lua_gettop(L), base)
                      : read_rigid_marker(c, lua_gettop(L), base, &c->rigid[m]);
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
    size_t entries = 0;
    lua_pushnil(L);
    while (lua_next(L, lt)) {
        lua_pop(L, 1);
        entries++;
    }
    if (entries != n || n != sn)
        return fail(c, "cables",
                    "must have one element per entry of slidingMarkerNumbers (%zu) (got %zu)", sn,
                    entries);
    c->cables = calloc(n ? n : 1, sizeof *c->cables);
    if (!c->cables)
        return fail(c, "cables", "out of memory (got %zu elements)", n);
    c->cable_count = n;
    char given[64];
    for (size_t i = 0; i < n; i++) {
        char base[FIELD_SIZE];
        snprintf(base, sizeof base, "cables[%zu]", i + 1);
        lua_rawgeti(L, lt, (lua_Integer)i + 1);
        if (lua_type(L, -1) != LUA_TTABLE)
            return fail(c, base, "must be a table {q = ..., q_t = ..., length = ...} (got %s)",
                        describe(L, -1, given, sizeof given));
        if (!read_cable_element(c, lua_gettop(L), base, &c->cables[i], false, NULL, NULL, NULL))
            return false;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    if (!push_table_field(c, root, "", "ale", "a table {q = ALE coordinate, q_t = its velocity}",
                          true))
        return false;
    static const char *const ale_keys[] = {"q", "q_t"};
    int at = lua_gettop(L);
    if (!check_keys(c, at, "ale", ale_keys, 2) ||
        !read_number_field(c, at, "ale", "q", &c->ale_q, "the ALE coordinate q_ALE in m") ||
        !read_number_field(c, at, "ale", "q_t", &c->ale_q_t, NULL))
        return false;
    lua_pop(L, 1);
    return true;
}

static bool read_data(eval_ctx *c, int root)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    size_t n = mbc_data_count(t, c->object->params);
    c->data_count = n;
    c->data = calloc(n ? n : 1, sizeof(double));
    c->data_start = calloc(n ? n : 1, sizeof(double));
    if (!c->data || !c->data_start)
        return fail(c, "data", "out of memory (got %zu coordinates)", n);
    mbc_initial_data(t, c->object->params, c->data);
    static const char *const keys[] = {"data", "dataStartOfStep"};
    double *dst[2] = {c->data, c->data_start};
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
            if (count != n) {
                free(v);
                return fail(c, keys[k],
                            "must have %zu numbers, the data coordinates of %s (got "
                            "%zu)",
                            n, t->type_name, count);
            }
            memcpy(dst[k], v, n * sizeof *v);
            free(v);
        }
        lua_pop(L, 1);
        if (k == 0 && n)
            memcpy(c->data_start, c->data, n * sizeof(double));
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
    mbc_error err = {{0}};
    c->object = mbc_object_create(name, &err);
    if (!c->object) {
        const mbc_type_info *known = NULL;
        char list[512];
        size_t len = 0;
        list[0] = '\0';
        for (size_t i = 0; i < mbc_registry_count() && len < sizeof list; i++) {
            known = mbc_registry_at(i);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                    known->type_name);
        }
        if (mbc_registry_find(name)) /* known but creation failed */
            return fail_library(c, "object", err.message, NULL);
        return fail(c, "object", "unknown connector type (got %s; known: %s)",
                    describe(L, -1, given, sizeof given), list);
    }
    lua_pop(L, 1);
    c->type = c->object->type;
    bool ale = false;
    for (int m = 0; m < 2; m++) {
        const char *kind = c->type->marker_types[m];
        c->kinds[m] = strstr(kind, "Cable2DShape")         ? MARKER_CABLE_SHAPE
                      : strstr(kind, "Cable2DCoordinates") ? MARKER_CABLE_COORDINATES
                                                           : MARKER_RIGID;
        ale = ale || c->kinds[m] == MARKER_CABLE_COORDINATES;
    }
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
    if (!read_parameters(c, root) || !initialise(c) || !read_markers(c, root))
        return false;
    if (ale && !read_ale_inputs(c, root))
        return false;
    if (algebraic && !read_fixed_field(c, root, "", "lagrangeMultipliers", c->lagrange, 2, false))
        return false;
    if (!read_data(c, root))
        return false;
    if (ale && c->data_count >= 1) {
        /* x_data0 selects the current element: cables[x_data0 + 1] */
        double x = c->data[0];
        if (!(x >= 0.0 && x <= (double)c->cable_count - 1.0 && x == floor(x))) {
            char given[64];
            mbc_format_number(x, given, sizeof given);
            return fail(c, "data[1]",
                        "must be the current sliding index, a whole number in [0, %zu] (got %s)",
                        c->cable_count - 1, given);
        }
    }
    return true;
}

/* -------------------------------------------------------------- evaluation */

static void state_of(const eval_ctx *c, mbc_state *s)
{
    memset(s, 0, sizeof *s);
    for (int m = 0; m < 2; m++)
        if (c->kinds[m] == MARKER_RIGID)
            s->marker[m] = &c->rigid[m];
    if (c->cable_points)
        s->cable = &c->cable;
    s->cables = c->cables;
    s->cable_count = c->cable_count;
    s->ale_q = c->ale_q;
    s->ale_q_t = c->ale_q_t;
    s->lagrange = c->type->algebraic_equations ? c->lagrange : NULL;
    s->data = c->data;
    s->data_start = c->data_start;
    s->data_count = c->data_count;
}

static bool write_forces(eval_ctx *c, const mbc_state *s, json_writer *w)
{
    mbc_forces f;
    memset(&f, 0, sizeof f);
    double *points = NULL;
    if (s->cable) {
        f.cable_point_count = s->cable->segment_count + 1;
        points = calloc(2 * f.cable_point_count, sizeof *points);
        if (!points)
            return fail(c, "forces", "out of memory (got %zu cable points)", f.cable_point_count);
        f.cable_point_forces = points;
    }
    mbc_error err = {{0}};
    if (mbc_object_forces(c->object, s, &f, &err) != MBC_OK) {
        free(points);
        return fail(c, "forces", "%s (force evaluation)", err.message);
    }
    json_begin_object(w, "forces");
    json_begin_array(w, "markers", false);
    for (int m = 0; m < 2; m++) {
        if (c->kinds[m] != MARKER_RIGID) {
            json_null(w, NULL);
            continue;
        }
        json_begin_object(w, NULL);
        json_number_array(w, "force", f.force[m], 3);
        json_number_array(w, "torque", f.torque[m], 3);
        json_end_object(w);
    }
    json_end_array(w);
    if (points)
        json_matrix(w, "cablePoints", points, f.cable_point_count, 2);
    json_end_object(w);
    free(points);
    return true;
}

static bool write_post_newton(eval_ctx *c, const mbc_state *s, json_writer *w)
{
    double *data = calloc(c->data_count ? c->data_count : 1, sizeof *data);
    if (!data)
        return fail(c, "postNewtonStep", "out of memory (got %zu data coordinates)", c->data_count);
    mbc_post_newton pn = {data, 0.0, -1.0, 0u, MBC_INVALID_INDEX};
    mbc_error err = {{0}};
    if (mbc_object_post_newton_step(c->object, s, &pn, &err) != MBC_OK) {
        free(data);
        return fail(c, "postNewtonStep", "%s (PostNewtonStep)", err.message);
    }
    json_begin_object(w, "postNewtonStep");
    json_number_array(w, "data", data, c->data_count);
    json_number(w, "error", pn.error);
    if (pn.recommended_step < 0.0)
        json_null(w, "recommendedStepSize");
    else
        json_number(w, "recommendedStepSize", pn.recommended_step);
    static const struct {
        unsigned flag;
        const char *name;
    } names[] = {{MBC_WARN_ALE_INDEX_CLAMPED, "aleIndexClamped"},
                 {MBC_WARN_HULL_NOT_CONVERGED, "hullNotConverged"},
                 {MBC_WARN_AXIS_VERTICAL, "axisVertical"},
                 {MBC_WARN_STICK_OUT_OF_RANGE, "stickOutOfRange"}};
    json_begin_array(w, "warnings", true);
    unsigned rest = pn.warnings;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (pn.warnings & names[i].flag) {
            json_string(w, NULL, names[i].name);
            rest &= ~names[i].flag;
        }
    if (rest) {
        char other[32];
        snprintf(other, sizeof other, "unknown(0x%x)", rest);
        json_string(w, NULL, other);
    }
    json_end_array(w);
    if (c->kinds[1] == MARKER_CABLE_COORDINATES)
        json_integer(w, "markerNumber1", (long)pn.marker_number1);
    json_end_object(w);
    free(data);
    return true;
}

static bool write_outputs(eval_ctx *c, const mbc_state *s, json_writer *w)
{
    const mbc_type_info *t = c->type;
    json_begin_object(w, "outputs");
    for (size_t i = 0; i < t->output_count; i++) {
        const mbc_output_info *o = &t->outputs[i];
        size_t n = mbc_output_size(t, c->object->params, i);
        double *v = calloc(n ? n : 1, sizeof *v);
        char field[FIELD_SIZE];
        snprintf(field, sizeof field, "outputs.%s", o->name);
        if (!v)
            return fail(c, field, "out of memory (got %zu values)", n);
        mbc_error err = {{0}};
        if (mbc_object_output(c->object, s, i, v, n, &err) != MBC_OK) {
            free(v);
            return fail(c, field, "%s (output variable)", err.message);
        }
        json_number_array(w, o->name, v, n);
        free(v);
    }
    json_end_object(w);
    return true;
}

static bool write_algebraic(eval_ctx *c, const mbc_state *s, json_writer *w)
{
    mbc_algebraic a;
    memset(&a, 0, sizeof a);
    mbc_error err = {{0}};
    if (mbc_object_algebraic_equations(c->object, s, &a, &err) != MBC_OK)
        return fail(c, "algebraicEquations", "%s (algebraic equations)", err.message);
    json_begin_object(w, "algebraicEquations");
    json_number_array(w, "position", a.position, 2);
    json_number_array(w, "velocity", a.velocity, 2);
    json_end_object(w);
    json_begin_object(w, "jacobian");
    json_matrix(w, "marker0Position", a.d_marker0, 2, 3);
    json_matrix(w, "cable", a.d_cable, 2, 8);
    json_matrix(w, "ale", a.d_ale, 2, 1);
    json_matrix(w, "lagrange", a.d_lagrange, 2, 2);
    json_end_object(w);
    json_begin_object(w, "jacobianVelocity");
    json_matrix(w, "marker0Velocity", a.d_marker0, 2, 3);
    json_matrix(w, "cableCoordinates", a.dv_cable, 2, 8);
    json_matrix(w, "cableVelocities", a.d_cable, 2, 8);
    json_matrix(w, "ale", a.dv_ale, 2, 1);
    json_matrix(w, "aleVelocity", a.dv_ale_t, 2, 1);
    json_end_object(w);
    return true;
}

static bool evaluate(eval_ctx *c, json_writer *w)
{
    const mbc_type_info *t = c->type;
    mbc_state s;
    state_of(c, &s);
    json_begin_object(w, NULL);
    json_string(w, "object", t->type_name);
    if (t->forces && !write_forces(c, &s, w))
        return false;
    if (t->post_newton_step && !write_post_newton(c, &s, w))
        return false;
    if (t->output && !write_outputs(c, &s, w))
        return false;
    if (t->algebraic_equations && !write_algebraic(c, &s, w))
        return false;
    json_end_object(w);
    if (json_failed(w)) {
        /* w->error is "PATH: result is not finite (got nan)" or "out of memory ..." */
        const char *sep = strstr(w->error, ": ");
        if (!sep)
            return fail(c, "result", "%s", w->error);
        char field[FIELD_SIZE];
        snprintf(field, sizeof field, "%.*s", (int)(sep - w->error), w->error);
        return fail(c, field, "%s", sep + 2);
    }
    return true;
}

static void free_ctx(eval_ctx *c)
{
    mbc_object_destroy(c->object);
    free(c->cable_points);
    free(c->cable_velocities);
    free(c->cables);
    free(c->data);
    free(c->data_start);
}

int mbc_eval_case(const char *path, FILE *out, FILE *errf)
{
    char message[MESSAGE_SIZE];
    size_t len = 0;
    char *buf = sandbox_read_file(path, &len, message, sizeof message);
    if (!buf) {
        one_line(message);
        fprintf(errf, "%s\n", message);
        return 2;
    }
    int status = mbc_eval_case_buffer(path, buf, len, out, errf);
    free(buf);
    return status;
}

int mbc_eval_case_buffer(const char *path, const char *buf, size_t len, FILE *out, FILE *errf)
{
    eval_ctx c;
    memset(&c, 0, sizeof c);
    c.case_name = path;
    sandbox sb;
    if (sandbox_open(&sb, "case file", "case files") != 0) {
        fprintf(errf, "%s: cannot create the Lua sandbox (out of memory)\n", path);
        return 2;
    }
    bool ok = sandbox_run(&sb, path, buf, len, c.message, sizeof c.message) == 0;
    if (!ok) {
        size_t n = strlen(path);
        if (strncmp(c.message, path, n) != 0 || c.message[n] != ':') {
            /* no position (instruction or memory limit, error(msg, 0)) */
            char raw[MESSAGE_SIZE];
            snprintf(raw, sizeof raw, "%s", c.message);
            fail(&c, "run", "%s", raw);
        }
    } else {
        /* Reading the result allocates a little (key strings); the script's
         * memory limit no longer applies. */
        sb.memory_limit = (size_t)-1;
        c.L = sb.L;
        ok = read_case(&c, lua_gettop(sb.L));
    }
    json_writer w;
    json_init(&w);
    if (ok)
        ok = evaluate(&c, &w);
    sandbox_close(&sb);
    free_ctx(&c);
    int status = 0;
    if (!ok) {
        one_line(c.message);
        fprintf(errf, "%s\n", c.message);
        status = 2;
    } else if (fputs(w.data, out) == EOF || fflush(out) != 0) {
        fprintf(errf, "%s: cannot write the result to standard output\n", path);
        status = 2;
    }
    json_free(&w);
    return status;
}
