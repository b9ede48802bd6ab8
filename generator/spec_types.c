/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads specs/types.lua, the parameter-type registry (spec_types.h): every
 * entry's keys and values are checked before a spec is read against it. */
#include "spec_types.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "naming.h"
#include "sandbox.h"
#include "spec_model.h"
#include "spec_params.h"

static const char *const type_keys[] = {"value",       "shape",  "size",     "min",
                                        "exclusive",   "c_type", "size_doc", "visualization",
                                        "description", NULL};
static const char *const value_kind_names[] = {"bool", "int", "real", "string", "index"};
static const char *const shape_names[] = {"scalar", "fixed", "vector"};

/* value, shape and size; returns the value kind's index, or -1 (reported). */
static int load_value_and_shape(loader *ld, mbc_reader_table *t, spec_type *ty)
{
    const int line = t->line;
    const char *what = t->name;
    char *value = loader_req_string(ld, t->idx, "value", line, what);
    const size_t before_shape = loader_errors(ld);
    char *shape = loader_opt_string(ld, t->idx, "shape", line, what);
    const int v = loader_enum(value, value_kind_names, 5);
    if (value && v < 0)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: 'value' must be one of bool, int, real, string, index (given '%s')",
                        what, value);
    ty->value = v < 0 ? SPEC_REAL : (spec_value_kind)v;
    const int s = shape ? loader_enum(shape, shape_names, 3) : SPEC_SCALAR;
    if (s < 0)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: 'shape' must be one of scalar, fixed, vector (given '%s')", what,
                        shape);
    ty->shape = s < 0 ? SPEC_SCALAR : (spec_shape)s;
    ty->size = ty->shape == SPEC_SCALAR ? 1 : 0;
    /* with a wrong or misspelled shape, the size is not checked against it */
    if (loader_errors(ld) != before_shape || mbc_reader_flagged(ld->r, t))
        return v;
    long n = 0;
    const size_t before_size = loader_errors(ld);
    mbc_reader_integer(ld->r, t, "size", 0, 1, 4096, &n);
    if (n && ty->shape != SPEC_FIXED)
        mbc_reader_fail(ld->r, line, NULL, "%s: 'size' is only for shape 'fixed'", what);
    else if (n)
        ty->size = (int)n;
    else if (ty->shape == SPEC_FIXED && loader_errors(ld) == before_size)
        mbc_reader_fail(ld->r, line, NULL, "%s: shape 'fixed' needs 'size'", what);
    return v;
}

/* min and exclusive: the value rule, and the rule as a person reads it. */
static void load_min(loader *ld, mbc_reader_table *t, spec_type *ty)
{
    double min = NAN;
    mbc_reader_number(ld->r, t, "min", MBC_READER_FINITE, NULL, &min);
    ty->has_min = !isnan(min);
    ty->min = ty->has_min ? min : 0.0;
    ty->min_exclusive = loader_opt_bool(ld, t->idx, "exclusive", t->line, t->name, 0);
    if (ty->has_min) {
        char rule[64];
        snprintf(rule, sizeof rule, "%s %g", ty->min_exclusive ? ">" : ">=", ty->min);
        ty->rule = arena_strdup(ld->mem, rule);
    }
}

/* c_type and size_doc. The runtime reads a field by its value kind
 * (mbc_value_kind), so the C type must be the one of that kind (checked in
 * an entry without other errors: a misspelled `visualization` is not also
 * a wrong void). */
static void load_c_type(loader *ld, mbc_reader_table *t, spec_type *ty, int v, size_t errors_before,
                        int is_visualization)
{
    const int line = t->line;
    const char *what = t->name;
    ty->c_type = loader_req_string(ld, t->idx, "c_type", line, what);
    ty->size_doc = loader_opt_string(ld, t->idx, "size_doc", line, what);
    if (!ty->size_doc) {
        ty->size_doc = arena_strdup(ld->mem, "size = %d");
    } else {
        const char *p = strchr(ty->size_doc, '%');
        if (!p || p[1] != 'd' || strchr(p + 1, '%'))
            mbc_reader_fail(ld->r, line, NULL,
                            "%s: 'size_doc' must contain exactly one %%d (given '%s')", what,
                            ty->size_doc);
    }
    static const char *const c_types[] = {"bool", "int", "double", "char *", "mbc_index"};
    if (loader_errors(ld) == errors_before && ty->c_type && v >= 0 &&
        strcmp(ty->c_type, c_types[v]) != 0 &&
        !(v == SPEC_REAL && strcmp(ty->c_type, "float") == 0) &&
        !(is_visualization && strcmp(ty->c_type, "void") == 0))
        mbc_reader_fail(
            ld->r, line, NULL, "%s: 'c_type' must be \"%s\"%s for value '%s' (given '%s')", what,
            c_types[v], v == SPEC_REAL ? " or \"float\"" : "", value_kind_names[v], ty->c_type);
}

static void load_type(loader *ld, int idx, spec_type *ty)
{
    lua_State *L = ld->L;
    const int line = mbc_sandbox_table_line(L, idx);
    const char *name = mbc_sandbox_table_name(L, idx);
    char what[128];
    snprintf(what, sizeof what, "type '%s'", name ? name : "?");
    const size_t errors_before = loader_errors(ld);
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    mbc_reader_check_keys(ld->r, &t, type_keys, 0);
    ty->line = line;
    ty->name = arena_strdup(ld->mem, name ? name : "");
    if (!naming_is_name(ty->name))
        mbc_reader_fail(ld->r, line, NULL, "%s: the name must be %s (given '%s')", what,
                        NAMING_NAME_RULE, ty->name);
    const int v = load_value_and_shape(ld, &t, ty);
    load_min(ld, &t, ty);
    ty->description = loader_req_string(ld, idx, "description", line, what);
    const int is_visualization = loader_opt_bool(ld, idx, "visualization", line, what, 0);
    if (is_visualization) {
        if (ld->reg->visualization)
            mbc_reader_fail(ld->r, line, NULL, "%s: only one type may be the visualization type",
                            what);
        ((spec_type_registry *)ld->reg)->visualization = ty;
    }
    load_c_type(ld, &t, ty, v, errors_before, is_visualization);
}

/* ------------------------------------------------------------ standards */

/* The keys a standard parameter may give (a spec's standard "x" { ... }
 * may give any param key besides). */
static const char *const standard_keys[] = {"type",        "symbol",    "size", "default",
                                            "description", "seed_text", "role", NULL};

/* One key of a standard parameter: the value at the top of the stack. */
static void load_standard_field(loader *ld, const char *what, int line, const char *key,
                                spec_standard_field *f)
{
    lua_State *L = ld->L;
    f->key = arena_strdup(ld->mem, key);
    if (lua_type(L, -1) == LUA_TSTRING) {
        f->kind = SPEC_FIELD_STRING;
        f->text = arena_strdup(ld->mem, lua_tostring(L, -1));
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
        f->kind = SPEC_FIELD_NUMBER;
        f->number = lua_tonumber(L, -1);
    } else if (lua_isboolean(L, -1)) {
        f->kind = SPEC_FIELD_BOOL;
        f->number = lua_toboolean(L, -1);
    } else if (lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1)) {
        f->kind = SPEC_FIELD_LIST;
        f->count = lua_rawlen(L, -1);
        f->list = arena_alloc(ld->mem, (f->count ? f->count : 1) * sizeof *f->list);
        for (size_t i = 0; i < f->count; i++) {
            lua_rawgeti(L, -1, (lua_Integer)i + 1);
            f->list[i] = lua_tonumber(L, -1); /* a number: the param check says so */
            lua_pop(L, 1);
        }
    } else {
        char buf[96];
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: '%s' must be a string, a number, true or false, or a list of "
                        "numbers (given %s)",
                        what, key, mbc_reader_describe(L, -1, buf, sizeof buf));
    }
}

/* A standard parameter, param "name" { ... } (the table at idx): its keys,
 * checked as a spec's parameter is. */
static void load_standard(loader *ld, int idx, spec_standard *st)
{
    lua_State *L = ld->L;
    const char *name = mbc_sandbox_table_name(L, idx);
    st->name = arena_strdup(ld->mem, name ? name : "");
    st->line = mbc_sandbox_table_line(L, idx);
    char what[128];
    snprintf(what, sizeof what, "standard parameter '%s'", st->name);
    mbc_reader_table t = loader_table(ld->r, idx, st->line, what);
    const size_t before = loader_errors(ld);
    mbc_reader_check_keys(ld->r, &t, standard_keys, 0);
    if (loader_errors(ld) != before)
        return;
    size_t n = 0;
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
        n++;
    st->fields = arena_alloc(ld->mem, (n ? n : 1) * sizeof *st->fields);
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
        load_standard_field(ld, what, st->line, lua_tostring(L, -2),
                            &st->fields[st->field_count++]);
    spec_param p = {0};
    spec_params_load_one(ld, idx, &p, "standard parameter");
}

/* The list of types a types.lua returned (the value at t). */
static void read_types(loader *ld, int t)
{
    lua_State *L = ld->L;
    spec_type_registry *reg = ld->target;
    if (!lua_istable(L, t)) {
        char b[96];
        mbc_reader_fail(ld->r, 0, NULL,
                        "must return a list of type \"Name\" { ... } entries (returned %s)",
                        mbc_reader_describe(L, t, b, sizeof b));
        return;
    }
    mbc_reader_table table = loader_table(ld->r, t, 0, "type list");
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    size_t n = lua_rawlen(L, t);
    reg->types = arena_alloc(&reg->mem, (n ? n : 1) * sizeof *reg->types);
    reg->standards = arena_alloc(&reg->mem, (n ? n : 1) * sizeof *reg->standards);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i);
        const char *kind = mbc_sandbox_table_kind(L, -1);
        if (kind && strcmp(kind, "param") == 0) {
            /* a standard parameter: read once every type is known */
        } else if (!kind || strcmp(kind, "type") != 0) {
            char b[96];
            mbc_reader_fail(ld->r, 0, NULL,
                            "entry %zu: expected type \"Name\" { ... } or a standard parameter "
                            "param \"name\" { ... } (given %s)",
                            i, mbc_reader_describe(L, -1, b, sizeof b));
        } else {
            spec_type *ty = &reg->types[reg->count++];
            load_type(ld, lua_gettop(L), ty);
            for (size_t j = 0; j + 1 < reg->count; j++)
                if (strcmp(reg->types[j].name, ty->name) == 0)
                    mbc_reader_fail(ld->r, ty->line, NULL,
                                    "type '%s': duplicate name (first at line %d)", ty->name,
                                    reg->types[j].line);
        }
        lua_pop(L, 1);
    }
    if (!loader_errors(ld) && !reg->visualization)
        mbc_reader_fail(ld->r, 0, NULL, "no type is marked visualization = true");
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i);
        const char *kind = mbc_sandbox_table_kind(L, -1);
        if (kind && strcmp(kind, "param") == 0) {
            spec_standard *st = &reg->standards[reg->standard_count++];
            load_standard(ld, lua_gettop(L), st);
            for (size_t j = 0; j + 1 < reg->standard_count; j++)
                if (strcmp(reg->standards[j].name, st->name) == 0)
                    mbc_reader_fail(ld->r, st->line, NULL,
                                    "standard parameter '%s': duplicate name (first at line %d)",
                                    st->name, reg->standards[j].line);
        }
        lua_pop(L, 1);
    }
}

mbc_status spec_types_load(spec_type_registry *reg, const char *path, diag_list *diag)
{
    memset(reg, 0, sizeof *reg);
    arena_init(&reg->mem);
    reg->file = arena_strdup(&reg->mem, path);
    char *buf = NULL;
    size_t len = 0;
    mbc_error err = {0};
    mbc_sandbox *box = NULL;
    mbc_status st = MBC_ERR_NOMEM;
    if (!reg->file)
        diag_add_nomem(diag, path);
    else if ((st = mbc_sandbox_load_file(path, NULL, &buf, &len, &err)) != MBC_OK)
        diag_add_error(diag, &err);
    else if (!(box = spec_sandbox_new()))
        diag_add_nomem(diag, path), st = MBC_ERR_NOMEM;
    else
        st = loader_run(box, reg->file, buf, len, &reg->mem, reg, read_types, reg, diag);
    mbc_sandbox_free(box);
    free(buf);
    if (st != MBC_OK)
        spec_types_free(reg);
    return st;
}

void spec_types_free(spec_type_registry *reg)
{
    arena_free(&reg->mem);
    memset(reg, 0, sizeof *reg);
}

const spec_standard *spec_types_find_standard(const spec_type_registry *reg, const char *name)
{
    for (size_t i = 0; name && i < reg->standard_count; i++)
        if (strcmp(reg->standards[i].name, name) == 0)
            return &reg->standards[i];
    return NULL;
}

const spec_type *spec_types_find(const spec_type_registry *reg, const char *name)
{
    for (size_t i = 0; name && i < reg->count; i++)
        if (strcmp(reg->types[i].name, name) == 0)
            return &reg->types[i];
    return NULL;
}
