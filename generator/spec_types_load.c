/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads specs/types.lua (spec_types.h): its types (spec_types.c reads each)
 * and then its standard parameters, each checked as a spec's parameter is
 * (spec_params.c), once every type is known. */
#include "spec_types_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "sandbox.h"
#include "spec_params.h"

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
    if (loader_errors(ld) != before)
        return; /* a value of no kind is the one line */
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
            spec_types_load_type(ld, lua_gettop(L), ty);
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
    if (loader_errors(ld))
        return; /* the standard parameters are read against the types: one line */
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
    else if (!(box = loader_sandbox_new()))
        diag_add_nomem(diag, path), st = MBC_ERR_NOMEM;
    else
        st = loader_run(box, reg->file, buf, len, &reg->mem, reg, read_types, reg, diag);
    mbc_sandbox_free(box);
    free(buf);
    if (st != MBC_OK)
        spec_types_free(reg);
    return st;
}
