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
 *   instructions. Its table is read with the table reader (reader.h), inside
 *   a protected call; everything malloc'd meanwhile belongs to the context,
 *   so that a memory error raised by Lua leaks nothing.
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
#include "mbconnect/format_number.h"
#include "mbconnect/input.h"
#include "mbconnect/object.h"
#include "mbconnect/plugin.h"
#include "mbconnect/result.h"
#include "reader.h"
#include "sandbox.h"

#define FIELD_SIZE 160
#define GIVEN_SIZE 96

_Static_assert(MBC_CASE_MAX_FILE_BYTES == MBC_SANDBOX_MAX_FILE_BYTES, "case.h and sandbox.h agree");

/* Everything read from the case and everything the evaluation owns. */
typedef struct eval_ctx {
    const char *case_name;
    const mbc_registry *registry;
    mbc_reader reader; /* the case's tables; its errors go to `error` */
    mbc_error error;   /* the one error (the first; out of memory wins) */
    bool failed;
    lua_State *L;

    mbc_object *object;
    const mbc_type_info *type;
    mbc_input input; /* the state, once the object is initialized */
    bool has_input;
    /* lists being read: owned here, so that a Lua error cannot leak them */
    double *points, *velocities;
    mbc_cable_element *cables;
} eval_ctx;

/* ------------------------------------------------------------------ errors */

/* Keeps the first error (the reader's report function); an out-of-memory
 * error replaces an earlier one. */
static void keep_error(void *ctx, const mbc_error *e)
{
    eval_ctx *c = ctx;
    if (c->failed && !(e->status == MBC_ERR_NOMEM && c->error.status != MBC_ERR_NOMEM))
        return;
    c->error = *e;
    c->error.file = c->case_name;
    c->error.type_name = c->type ? c->type->type_name : NULL;
    c->failed = true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
fail(eval_ctx *c, const char *field, const char *fmt, ...)
{
    char rule[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    mbc_reader_fail(&c->reader, 0, field, "%s", rule);
    return false;
}

static bool out_of_memory(eval_ctx *c)
{
    mbc_reader_nomem(&c->reader);
    return false;
}

/* A library error (status st, record err) as the case's error on `field`:
 * "CASE:FIELD: rule (Type.param)" with the library error's fields; `field`
 * NULL: the library message names the field itself ("FIELD: rule (given)",
 * mbc_input). Out of memory is "CASE: out of memory". */
static bool fail_library(eval_ctx *c, mbc_status st, const char *field, const mbc_error *err,
                         const char *extra)
{
    if (st == MBC_ERR_NOMEM)
        return out_of_memory(c);
    const char *more = extra ? extra : "";
    const char *rule = err->message + err->rule_offset;
    mbc_error e = {0};
    size_t prefix = strlen(c->case_name) + 1;
    if (!field)
        mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, prefix + err->rule_offset, "%s:%s",
                        c->case_name, err->message);
    else if (!err->type_name)
        mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, prefix + strlen(field) + 2, "%s:%s: %s%s",
                        c->case_name, field, err->message, more);
    else if (err->param_name)
        mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, prefix + strlen(field) + 2,
                        "%s:%s: %s (%s.%s%s)", c->case_name, field, rule, err->type_name,
                        err->param_name, more);
    else
        mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, prefix + strlen(field) + 2,
                        "%s:%s: %s (%s%s)", c->case_name, field, rule, err->type_name, more);
    keep_error(c, &e);
    if (err->type_name)
        c->error.type_name = err->type_name;
    c->error.param_name = err->param_name;
    c->error.param_number = err->param_number;
    return false;
}

/* A library error on the state (mbc_input, mbc_result): its message names
 * the field. */
static bool fail_input(eval_ctx *c, mbc_status st, const mbc_error *err)
{
    return fail_library(c, st, NULL, err, NULL);
}

/* ------------------------------------------------------------- the tables */

static mbc_reader_table table_at(eval_ctx *c, int idx, const char *path)
{
    mbc_reader_table t;
    mbc_reader_table_at(&c->reader, &t, idx, MBC_READER_PATH, 0, "%s", path);
    return t;
}

/* Pushes t[key]. */
static void push_field(eval_ctx *c, const mbc_reader_table *t, const char *key)
{
    lua_pushstring(c->L, key);
    lua_rawget(c->L, t->idx);
}

static bool has_field(eval_ctx *c, const mbc_reader_table *t, const char *key)
{
    push_field(c, t, key);
    bool present = !lua_isnil(c->L, -1);
    lua_pop(c->L, 1);
    return present;
}

/* -------------------------------------------------------------- parameters */

/* Sets parameter `name` from t[key] (a number, boolean, string or list). */
static bool set_param(eval_ctx *c, const mbc_reader_table *t, const char *key, const char *name)
{
    lua_State *L = c->L;
    static const char what[] = "a number, boolean, string or list of numbers";
    char field[FIELD_SIZE], given[GIVEN_SIZE];
    mbc_reader_field(t, key, field, sizeof field);
    mbc_error err = {0};
    mbc_status st = MBC_OK;
    push_field(c, t, key);
    const int type = lua_type(L, -1);
    /* true/false only for a Bool (true is not a stiffness of 1), text only
     * for a String: named here with the value given */
    const mbc_param_info *p = mbc_object_find_param(c->object, name);
    int wrong = 0;
    if (p && type == LUA_TBOOLEAN)
        wrong = p->kind != MBC_VALUE_BOOL;
    else if (p && (type == LUA_TSTRING || p->kind == MBC_VALUE_STRING))
        /* a named choice by its name too ("hertz") */
        wrong = (type == LUA_TSTRING) !=
                (p->kind == MBC_VALUE_STRING || mbc_param_choice_name(p, 0) != NULL);
    if (wrong) {
        fail(c, field, "must be %s (%s), given %s (%s.%s)",
             p->kind == MBC_VALUE_BOOL     ? "true or false"
             : p->kind == MBC_VALUE_STRING ? "a string"
                                           : "a number",
             p->type, mbc_reader_describe(L, -1, given, sizeof given), c->type->type_name, p->name);
        c->error.param_name = p->name;
        return false;
    }
    if (type == LUA_TNUMBER)
        st = mbc_object_set(c->object, name, lua_tonumber(L, -1), &err);
    else if (type == LUA_TBOOLEAN)
        st = mbc_object_set(c->object, name, lua_toboolean(L, -1) ? 1.0 : 0.0, &err);
    else if (type == LUA_TSTRING)
        st = mbc_object_set_string(c->object, name, lua_tostring(L, -1), &err);
    else if (type != LUA_TTABLE)
        return fail(c, field, "must be %s (given %s)", what,
                    mbc_reader_describe(L, -1, given, sizeof given));
    lua_pop(L, 1);
    if (type == LUA_TTABLE) {
        size_t n = 0;
        if (mbc_reader_number_list(&c->reader, t, key, MBC_READER_FINITE, what, &c->points, &n) !=
            MBC_OK)
            return false;
        st = mbc_object_set_array(c->object, name, c->points, n, &err);
        free(c->points);
        c->points = NULL;
    }
    return st == MBC_OK || fail_library(c, st, field, &err, NULL);
}

static bool read_visualization(eval_ctx *c, const mbc_reader_table *vt)
{
    const mbc_type_info *t = c->type;
    const char *names[33];
    size_t n = t->vparam_count < 32 ? t->vparam_count : 32;
    for (size_t i = 0; i < n; i++)
        names[i] = t->vparams[i].name;
    names[n] = NULL;
    if (mbc_reader_check_keys(&c->reader, vt, names, 0) != MBC_OK)
        return false;
    for (size_t i = 0; i < n; i++) {
        char name[FIELD_SIZE];
        snprintf(name, sizeof name, "visualization.%s", names[i]);
        if (has_field(c, vt, names[i]) && !set_param(c, vt, names[i], name))
            return false;
    }
    return true;
}

/* The keys of the parameters table are the type's parameter names. */
static bool check_parameter_names(eval_ctx *c, const mbc_reader_table *pt)
{
    lua_State *L = c->L;
    const mbc_type_info *t = c->type;
    const char *unknown = NULL; /* the first alphabetically */
    bool bad_key = false;
    lua_pushnil(L);
    while (lua_next(L, pt->idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            bad_key = true;
            continue;
        }
        const char *key = lua_tostring(L, -1); /* kept alive by the table */
        if (strcmp(key, "visualization") != 0 && !mbc_type_find_param(t, key) &&
            (!unknown || strcmp(key, unknown) < 0))
            unknown = key;
    }
    if (bad_key)
        return fail(c, "parameters",
                    "must be a table of parameters by name (given a table with "
                    "a key that is not a name)");
    if (unknown) {
        char f[FIELD_SIZE];
        snprintf(f, sizeof f, "parameters.%s", unknown);
        const mbc_param_info *close = mbc_type_suggest_param(t, unknown);
        if (close)
            return fail(c, f, "unknown parameter (%s has no parameter '%s'; did you mean '%s'?)",
                        t->type_name, unknown, close->name);
        return fail(c, f, "unknown parameter (%s has no parameter '%s'; see 'mbc describe %s')",
                    t->type_name, unknown, t->type_name);
    }
    return true;
}

static bool read_parameters(eval_ctx *c, const mbc_reader_table *root)
{
    const mbc_type_info *t = c->type;
    /* marker and node numbers 0, 1, ...: a case has no model in which a
     * solver would number them, but validation requires them to be set */
    mbc_object_set_default_indices(c->object);
    mbc_reader_table pt;
    if (mbc_reader_subtable(&c->reader, root, "parameters", 0, "a table of parameters by name",
                            &pt) != MBC_OK)
        return false;
    if (!pt.idx) {
        lua_pop(c->L, 1);
        return true;
    }
    if (!check_parameter_names(c, &pt))
        return false;
    for (size_t i = 0; i < t->param_count; i++) {
        const char *name = t->params[i].name;
        if (has_field(c, &pt, name) && !set_param(c, &pt, name, name))
            return false;
    }
    mbc_reader_table vt;
    if (mbc_reader_subtable(&c->reader, &pt, "visualization", 0,
                            "a table of visualization parameters by name", &vt) != MBC_OK)
        return false;
    if (vt.idx && !read_visualization(c, &vt))
        return false;
    lua_pop(c->L, 1);
    for (size_t i = 0; i < t->vparam_count; i++) {
        char name[FIELD_SIZE];
        snprintf(name, sizeof name, "visualization.%s", t->vparams[i].name);
        if (has_field(c, &pt, name) && !set_param(c, &pt, name, name))
            return false;
    }
    lua_pop(c->L, 1);
    return true;
}

static bool initialize(eval_ctx *c)
{
    mbc_error first = {0};
    size_t violations = 0;
    mbc_status st = mbc_object_initialize(c->object, &first, 1, &violations);
    if (st == MBC_OK)
        return true;
    /* the violated parameter names the field: parameters.param */
    char field[FIELD_SIZE] = "parameters";
    if (first.param_name)
        snprintf(field, sizeof field, "parameters.%s", first.param_name);
    char extra[64] = "";
    if (violations > 1)
        snprintf(extra, sizeof extra, "; %zu more violation%s", violations - 1,
                 violations == 2 ? "" : "s");
    if (st != MBC_ERR_NOMEM && !first.message[0])
        return fail(c, "parameters", "initialization failed (%zu violations)", violations);
    return fail_library(c, st, field, &first, extra);
}

/* ----------------------------------------------------------------- markers */

static bool read_rigid_marker(eval_ctx *c, const mbc_reader_table *mt, int m)
{
    static const char *const keys[] = {"position", "velocity", "rotation", "angularVelocityLocal",
                                       NULL};
    mbc_reader *r = &c->reader;
    if (mbc_reader_check_keys(r, mt, keys, 0) != MBC_OK)
        return false;
    double p[3], v[3], rot[9], w[3];
    const bool has_rot = has_field(c, mt, "rotation");
    const bool has_w = has_field(c, mt, "angularVelocityLocal");
    const unsigned req = MBC_READER_REQUIRED | MBC_READER_FINITE;
    if (mbc_reader_numbers(r, mt, "position", req, 3, p) != MBC_OK ||
        mbc_reader_numbers(r, mt, "velocity", req, 3, v) != MBC_OK ||
        mbc_reader_numbers(r, mt, "rotation", MBC_READER_FINITE, 9, rot) != MBC_OK ||
        mbc_reader_numbers(r, mt, "angularVelocityLocal", MBC_READER_FINITE, 3, w) != MBC_OK)
        return false;
    mbc_error err = {0};
    mbc_status st = mbc_input_set_rigid_marker(&c->input, m, p, v, has_rot ? rot : NULL,
                                               has_w ? w : NULL, &err);
    return st == MBC_OK || fail_input(c, st, &err);
}

/* q (required), q_t (default 0) and length (required) of an ANCF element. */
static bool read_cable_element(eval_ctx *c, const mbc_reader_table *et, mbc_cable_element *e,
                               bool allow_shape_keys)
{
    static const char *const keys[] = {"q", "q_t", "length", "verticalOffset", "ale", NULL};
    static const char *const element_keys[] = {"q", "q_t", "length", NULL};
    mbc_reader *r = &c->reader;
    if (mbc_reader_check_keys(r, et, allow_shape_keys ? keys : element_keys, 0) != MBC_OK)
        return false;
    memset(e, 0, sizeof *e);
    return mbc_reader_numbers(r, et, "q", MBC_READER_REQUIRED | MBC_READER_FINITE, 8, e->q) ==
               MBC_OK &&
           mbc_reader_numbers(r, et, "q_t", MBC_READER_FINITE, 8, e->q_t) == MBC_OK &&
           mbc_reader_number(r, et, "length", MBC_READER_REQUIRED | MBC_READER_FINITE,
                             "the element's reference length L in m", &e->length) == MBC_OK;
}

/* markers[k] = {cable = {q, q_t, length, verticalOffset, ale}, segments = n} */
static bool read_cable_element_marker(eval_ctx *c, const mbc_reader_table *mt, int m)
{
    static const char *const keys[] = {"cable", "segments", NULL};
    mbc_reader *r = &c->reader;
    if (mbc_reader_check_keys(r, mt, keys, 0) != MBC_OK)
        return false;
    double segments = 0.0;
    if (mbc_reader_number(r, mt, "segments", MBC_READER_REQUIRED | MBC_READER_FINITE,
                          "the number of segments, = numberOfContactSegments", &segments) != MBC_OK)
        return false;
    if (!(segments >= 1.0 && segments <= MBC_INPUT_MAX_SEGMENTS && segments == floor(segments))) {
        char f[FIELD_SIZE], given[GIVEN_SIZE];
        mbc_reader_field(mt, "segments", f, sizeof f);
        mbc_format_number(segments, given, sizeof given);
        return fail(c, f, "must be a whole number >= 1 (given %s)", given);
    }
    mbc_reader_table et;
    if (mbc_reader_subtable(r, mt, "cable", MBC_READER_REQUIRED,
                            "a table {q = {8 numbers}, q_t = ..., length = ...}", &et) != MBC_OK)
        return false;
    mbc_cable_element e;
    double offset = 0.0, ale[2] = {0.0, 0.0};
    const bool has_ale = has_field(c, &et, "ale");
    if (!read_cable_element(c, &et, &e, true) ||
        mbc_reader_number(r, &et, "verticalOffset", MBC_READER_FINITE, NULL, &offset) != MBC_OK ||
        mbc_reader_numbers(r, &et, "ale", MBC_READER_FINITE, 2, ale) != MBC_OK)
        return false;
    lua_pop(c->L, 1);
    mbc_error err = {0};
    mbc_status st = mbc_input_set_cable_element(&c->input, m, &e, offset, has_ale ? ale : NULL,
                                                (size_t)segments, &err);
    return st == MBC_OK || fail_input(c, st, &err);
}

/* markers[k] = {points = ..., pointVelocities = ..., length = L, aleCoordinate = s} */
static bool read_cable_points_marker(eval_ctx *c, const mbc_reader_table *mt, int m)
{
    static const char *const keys[] = {"points", "pointVelocities", "length", "aleCoordinate",
                                       "cable",  "segments",        NULL};
    mbc_reader *r = &c->reader;
    if (mbc_reader_check_keys(r, mt, keys, 0) != MBC_OK)
        return false;
    size_t np = 0;
    if (mbc_reader_number_list(r, mt, "points", MBC_READER_REQUIRED | MBC_READER_FINITE,
                               "a list x0,y0, x1,y1, ... of the n+1 cable points, "
                               "or give 'cable' and 'segments'",
                               &c->points, &np) != MBC_OK)
        return false;
    if (has_field(c, mt, "pointVelocities")) {
        c->velocities = calloc(np ? np : 1, sizeof *c->velocities);
        if (!c->velocities)
            return out_of_memory(c);
        if (mbc_reader_numbers(r, mt, "pointVelocities", MBC_READER_FINITE, np, c->velocities) !=
            MBC_OK)
            return false;
    }
    double length = 0.0, ale = 0.0;
    if (mbc_reader_number(r, mt, "length", MBC_READER_REQUIRED | MBC_READER_FINITE,
                          "the cable's reference length L in m", &length) != MBC_OK ||
        mbc_reader_number(r, mt, "aleCoordinate", MBC_READER_FINITE, NULL, &ale) != MBC_OK)
        return false;
    mbc_error err = {0};
    mbc_status st =
        mbc_input_set_cable_points(&c->input, m, c->points, np, c->velocities, length, ale, &err);
    free(c->points);
    free(c->velocities);
    c->points = c->velocities = NULL;
    return st == MBC_OK || fail_input(c, st, &err);
}

/* markers[k], marker m: a table in the form of its kind. */
static bool read_marker(eval_ctx *c, const mbc_reader_table *list, size_t k, int m)
{
    const mbc_type_info *t = c->type;
    char hint[160];
    snprintf(hint, sizeof hint, "a table describing marker m%d (%s)", m, t->marker_types[m]);
    mbc_reader_table mt;
    if (mbc_reader_entry(&c->reader, list, k, hint, &mt) != MBC_OK)
        return false;
    bool ok;
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE)
        ok = has_field(c, &mt, "cable") ? read_cable_element_marker(c, &mt, m)
                                        : read_cable_points_marker(c, &mt, m);
    else
        ok = read_rigid_marker(c, &mt, m);
    if (ok)
        lua_pop(c->L, 1);
    return ok;
}

static bool read_markers(eval_ctx *c, const mbc_reader_table *root)
{
    const mbc_type_info *t = c->type;
    size_t listed = 0;
    for (int m = 0; m < 2; m++)
        if (t->marker_kinds[m] != MBC_MARKER_CABLE2D_COORDINATES)
            listed++;
    char hint[128];
    if (listed == 2)
        snprintf(hint, sizeof hint, "a list of 2 markers: m0 (%s), m1 (%s)", t->marker_types[0],
                 t->marker_types[1]);
    else
        snprintf(hint, sizeof hint, "a list of 1 marker: m0 (%s); m1 is given by 'cables'",
                 t->marker_types[0]);
    mbc_reader_table lt;
    size_t n = 0;
    if (mbc_reader_list(&c->reader, root, "markers", MBC_READER_REQUIRED, hint, &lt, &n) != MBC_OK)
        return false;
    if (n != listed)
        return fail(c, "markers", "must be %s (given %zu entr%s)", hint, n, n == 1 ? "y" : "ies");
    size_t k = 0;
    for (int m = 0; m < 2; m++)
        if (mbc_input_marker_field(t, m) && !read_marker(c, &lt, ++k, m))
            return false;
    lua_pop(c->L, 1);
    return true;
}

/* The ALE node: ale = {q = ..., q_t = ...}. */
static bool read_ale_node(eval_ctx *c, const mbc_reader_table *root)
{
    static const char *const ale_keys[] = {"q", "q_t", NULL};
    mbc_reader *r = &c->reader;
    mbc_reader_table at;
    double q = 0.0, q_t = 0.0;
    if (mbc_reader_subtable(r, root, "ale", MBC_READER_REQUIRED,
                            "a table {q = ALE coordinate, q_t = its velocity}", &at) != MBC_OK ||
        mbc_reader_check_keys(r, &at, ale_keys, 0) != MBC_OK ||
        mbc_reader_number(r, &at, "q", MBC_READER_REQUIRED | MBC_READER_FINITE,
                          "the ALE coordinate q_ALE in m", &q) != MBC_OK ||
        mbc_reader_number(r, &at, "q_t", MBC_READER_FINITE, NULL, &q_t) != MBC_OK)
        return false;
    lua_pop(c->L, 1);
    mbc_error err = {0};
    mbc_status st = mbc_input_set_ale_node(&c->input, q, q_t, &err);
    return st == MBC_OK || fail_input(c, st, &err);
}

/* JointALEMoving2D-style joints: cables, ale, lagrangeMultipliers. */
static bool read_ale_inputs(eval_ctx *c, const mbc_reader_table *root)
{
    mbc_reader *r = &c->reader;
    size_t sn = 0;
    const mbc_param_info *sliding = mbc_object_find_param(c->object, "slidingMarkerNumbers");
    if (sliding)
        sn = mbc_param_count(sliding, c->object->params);
    mbc_reader_table lt;
    size_t n = 0;
    if (mbc_reader_list(r, root, "cables", MBC_READER_REQUIRED,
                        "a list of ANCF Cable2D elements {q = {8 numbers}, q_t = {8 numbers}, "
                        "length = L}, one per entry of slidingMarkerNumbers",
                        &lt, &n) != MBC_OK)
        return false;
    if (n != sn)
        return fail(c, "cables",
                    "must have one element per entry of slidingMarkerNumbers (%zu) (given %zu)", sn,
                    n);
    c->cables = calloc(n ? n : 1, sizeof *c->cables);
    if (!c->cables)
        return out_of_memory(c);
    for (size_t i = 0; i < n; i++) {
        mbc_reader_table et;
        if (mbc_reader_entry(r, &lt, i + 1, "a table {q = ..., q_t = ..., length = ...}", &et) !=
                MBC_OK ||
            !read_cable_element(c, &et, &c->cables[i], false))
            return false;
        lua_pop(c->L, 1);
    }
    mbc_error err = {0};
    mbc_status st = mbc_input_set_ale_cables(&c->input, c->cables, n, &err);
    free(c->cables);
    c->cables = NULL;
    if (st != MBC_OK)
        return fail_input(c, st, &err);
    lua_pop(c->L, 1);
    return read_ale_node(c, root);
}

static bool read_data(eval_ctx *c, const mbc_reader_table *root)
{
    const mbc_type_info *t = c->type;
    static const char *const keys[] = {"data", "dataStartOfStep"};
    char what[128];
    snprintf(what, sizeof what, "a list of the %zu data coordinates of %s", c->input.data_count,
             t->type_name);
    for (int k = 0; k < 2; k++) {
        size_t count = 0;
        if (mbc_reader_number_list(&c->reader, root, keys[k], MBC_READER_FINITE, what, &c->points,
                                   &count) != MBC_OK)
            return false;
        if (!c->points)
            continue;
        mbc_error err = {0};
        mbc_status st = k == 0 ? mbc_input_set_data(&c->input, c->points, count, &err)
                               : mbc_input_set_data_start(&c->input, c->points, count, &err);
        free(c->points);
        c->points = NULL;
        if (st != MBC_OK)
            return fail_input(c, st, &err);
    }
    return true;
}

/* root.dt [s]: the step from dataStartOfStep to this state, handed to the
 * hooks with the phase of an explicit step (a law with history integrates
 * over it), as Python's evaluate(dt=); absent or 0: no step. */
static bool read_step(eval_ctx *c, const mbc_reader_table *root)
{
    double dt = 0.0;
    if (mbc_reader_number(&c->reader, root, "dt", MBC_READER_FINITE, NULL, &dt) != MBC_OK)
        return false;
    mbc_error err = {0};
    const mbc_status st =
        mbc_input_set_step(&c->input, dt, dt > 0.0 ? MBC_PHASE_EXPLICIT : MBC_PHASE_NONE, &err);
    return st == MBC_OK || fail_input(c, st, &err);
}

/* A count parameter (the data layout's or an output's `per`) of a
 * billion would make the evaluation allocate gigabytes: a case evaluates at
 * most MBC_INPUT_MAX_SEGMENTS (cable segments are bounded the same way). */
static bool check_counts(eval_ctx *c)
{
    const mbc_type_info *t = c->type;
    for (size_t k = 0; k <= t->output_count; k++) {
        int per = k < t->output_count ? t->outputs[k].per : t->data_per;
        if (per < 0 || (size_t)per >= t->param_count)
            continue;
        const mbc_param_info *p = &t->params[per];
        double v = 0.0;
        size_t n = 0;
        mbc_error err = {0};
        if (mbc_object_get(c->object, p->name, &v, 1, &n, &err) != MBC_OK || n != 1 ||
            v <= MBC_INPUT_MAX_SEGMENTS)
            continue;
        char field[FIELD_SIZE], given[64];
        snprintf(field, sizeof field, "parameters.%s", p->name);
        mbc_format_number(v, given, sizeof given);
        fail(c, field, "must be at most %d in a case file, given %s (%s.%s)",
             MBC_INPUT_MAX_SEGMENTS, given, t->type_name, p->name);
        c->error.param_name = p->name;
        return false;
    }
    return true;
}

/* --------------------------------------------------------------- the case */

/* c->object from root.object. */
static bool create_object(eval_ctx *c, const mbc_reader_table *root)
{
    lua_State *L = c->L;
    char given[GIVEN_SIZE];
    push_field(c, root, "object");
    if (lua_isnil(L, -1)) {
        /* a misspelled `object` is reported as the unknown key it is */
        static const char *const any_keys[] = {
            "object", "parameters",          "markers", "data", "dataStartOfStep", "dt", "cables",
            "ale",    "lagrangeMultipliers", NULL};
        if (mbc_reader_check_keys(&c->reader, root, any_keys, 0) != MBC_OK)
            return false;
        return fail(c, "object", "missing (the connector type name, e.g. \"ContactSphereSphere\")");
    }
    if (lua_type(L, -1) != LUA_TSTRING)
        return fail(c, "object", "must be the connector type name as a string (given %s)",
                    mbc_reader_describe(L, -1, given, sizeof given));
    const char *name = lua_tostring(L, -1);
    mbc_error err = {0};
    c->object = mbc_registry_create(c->registry, name, &err);
    if (!c->object) {
        if (mbc_registry_lookup(c->registry, name)) /* known but creation failed */
            return fail_library(c, err.status, "object", &err, NULL);
        char list[512], path[256];
        mbc_registry_names(c->registry, list, sizeof list);
        mbc_plugin_search_path(path, sizeof path);
        const char *close = mbc_registry_suggest_type(c->registry, name);
        return fail(c, "object",
                    "unknown connector type (given %s%s%s%s; known: %s); a plugin's type needs "
                    "mbc --plugin or load_plugin first (plugin search path: %s)",
                    mbc_reader_describe(L, -1, given, sizeof given),
                    close ? "; did you mean '" : "", close ? close : "", close ? "'?" : "", list,
                    path);
    }
    lua_pop(L, 1);
    c->type = c->object->type;
    return true;
}

static bool read_case(eval_ctx *c, int root_idx)
{
    lua_State *L = c->L;
    char given[GIVEN_SIZE];
    if (lua_type(L, root_idx) != LUA_TTABLE)
        return fail(c, "return",
                    "the case must return a table {object = ..., parameters = ..., "
                    "markers = ...} (given %s)",
                    mbc_reader_describe(L, root_idx, given, sizeof given));
    mbc_reader_table root = table_at(c, root_idx, "");
    if (!create_object(c, &root))
        return false;
    const bool ale = c->type->marker_kinds[0] == MBC_MARKER_CABLE2D_COORDINATES ||
                     c->type->marker_kinds[1] == MBC_MARKER_CABLE2D_COORDINATES;
    const bool algebraic = c->type->algebraic_equations != NULL;
    const char *keys[10] = {"object", "parameters", "markers", "data", "dataStartOfStep", "dt"};
    size_t nkeys = 6;
    if (ale) {
        keys[nkeys++] = "cables";
        keys[nkeys++] = "ale";
    }
    if (algebraic)
        keys[nkeys++] = "lagrangeMultipliers";
    keys[nkeys] = NULL;
    if (mbc_reader_check_keys(&c->reader, &root, keys, 0) != MBC_OK)
        return false;
    if (!read_parameters(c, &root) || !check_counts(c) || !initialize(c))
        return false;
    mbc_error err = {0};
    mbc_status st = mbc_input_init(&c->input, c->object, &err);
    if (st != MBC_OK)
        return fail_input(c, st, &err);
    c->has_input = true;
    if (!read_markers(c, &root))
        return false;
    if (ale && !read_ale_inputs(c, &root))
        return false;
    if (algebraic && has_field(c, &root, "lagrangeMultipliers")) {
        double z[2] = {0.0, 0.0};
        if (mbc_reader_numbers(&c->reader, &root, "lagrangeMultipliers", MBC_READER_FINITE, 2, z) !=
            MBC_OK)
            return false;
        st = mbc_input_set_lagrange(&c->input, z, &err);
        if (st != MBC_OK)
            return fail_input(c, st, &err);
    }
    return read_data(c, &root) && read_step(c, &root);
}

/* read_case inside the protected call (mbc_sandbox_call): the context is
 * argument 1, the case's table argument 2. */
static int read_case_protected(lua_State *L)
{
    eval_ctx *c = lua_touserdata(L, 1);
    c->L = L;
    read_case(c, 2);
    return 0;
}

/* -------------------------------------------------------------- evaluation */

/* The state, every result, and the JSON document (*json on success). */
static bool evaluate(eval_ctx *c, char **json)
{
    const mbc_state *s = NULL;
    mbc_result r;
    mbc_error err = {0};
    mbc_status st = mbc_input_state(&c->input, &s, &err);
    if (st != MBC_OK)
        return fail_input(c, st, &err);
    st = mbc_result_evaluate(&r, c->object, s, &err);
    if (st != MBC_OK)
        return fail_input(c, st, &err);
    st = mbc_result_json(&r, json, &err);
    mbc_result_free(&r);
    return st == MBC_OK || fail_input(c, st, &err);
}

static void free_ctx(eval_ctx *c)
{
    if (c->has_input)
        mbc_input_free(&c->input);
    mbc_object_destroy(c->object);
    free(c->points);
    free(c->velocities);
    free(c->cables);
    mbc_reader_free(&c->reader);
}

/* The case's error into err, with its fields: one line (cut to
 * MBC_ERROR_SIZE - 1 bytes, as case.h says), as mbc_fail wrote it. */
static mbc_status report(eval_ctx *c, mbc_error *err)
{
    if (err)
        *err = c->error;
    return c->error.status;
}

mbc_status mbc_case_run_file(const mbc_registry *r, const char *path, char **json, mbc_error *err)
{
    if (json)
        *json = NULL;
    if (!path)
        return mbc_fail(err, MBC_ERR_INPUT, "mbc_case_run_file: no path");
    char *buf = NULL;
    size_t len = 0;
    mbc_status st = mbc_sandbox_load_file(path, NULL, &buf, &len, err);
    if (st != MBC_OK)
        return st;
    st = mbc_case_run_buffer(r, path, buf, len, json, err);
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
        return mbc_fail_nomem(err, name);
    mbc_status st = mbc_sandbox_run_chunk(sb, name, buf, len, &c.error);
    if (st == MBC_OK) {
        /* no source text: case messages name fields, not lines */
        mbc_reader_init(&c.reader, mbc_sandbox_state(sb), name, NULL, 0, MBC_READER_FIELD_LOCATION);
        c.reader.root = "return";
        mbc_reader_set_report(&c.reader, keep_error, &c);
        mbc_error call = {0};
        if (mbc_sandbox_call(sb, name, read_case_protected, &c, 1, &call) != MBC_OK)
            keep_error(&c, &call);
        if (!c.failed)
            evaluate(&c, json);
        st = c.failed ? c.error.status : MBC_OK;
    } else {
        c.failed = true;
    }
    mbc_sandbox_free(sb);
    free_ctx(&c);
    return st == MBC_OK ? MBC_OK : report(&c, err);
}
