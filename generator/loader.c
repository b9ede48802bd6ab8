/* SPDX-License-Identifier: BSD-3-Clause */
/* The state of one load of a spec file and its shared getters (loader.h). */
#include "loader.h"

#include <stdio.h>
#include <string.h>

#include "sandbox.h"

/* ------------------------------------------------------- reading a file */

typedef struct protected_read {
    loader *ld;
    void (*read)(loader *ld, int idx);
} protected_read;

/* pr->read on the chunk's result, inside the protected call (mbc_sandbox_call). */
static int read_protected(lua_State *L)
{
    protected_read *pr = lua_touserdata(L, 1);
    pr->ld->L = L;
    pr->read(pr->ld, 2);
    return 0;
}

/* The loaders' arena cannot allocate: leave the protected call. */
static void raise_nomem(void *ctx)
{
    mbc_reader_raise_nomem(ctx);
}

/* Diagnostics collect every error of the reader. */
static void to_diag(void *ctx, const mbc_error *e)
{
    diag_add_error(ctx, e);
}

mbc_status loader_run(mbc_sandbox *box, const char *file, const char *text, size_t len, arena *mem,
                      const spec_type_registry *reg, void (*read)(loader *ld, int idx),
                      void *target, diag_list *diag)
{
    lua_State *L = mbc_sandbox_state(box);
    const int top = lua_gettop(L);
    mbc_reader r;
    loader ld = {L, &r, mem, reg, {0}, target, 0, 0, {NULL}, 0};
    sb_init(&ld.sb);
    mbc_error err = {0};
    mbc_status st = mbc_reader_init(&r, L, file, text, len, 0);
    if (st != MBC_OK) {
        diag_add_nomem(diag, file);
    } else {
        mbc_reader_set_report(&r, to_diag, diag);
        st = mbc_sandbox_run_chunk(box, file, text, len, &err);
        if (st == MBC_OK) {
            protected_read pr = {&ld, read};
            arena_on_nomem(mem, raise_nomem, &r);
            st = mbc_sandbox_call(box, file, read_protected, &pr, 1, &err);
            arena_on_nomem(mem, NULL, NULL);
        }
        if (st != MBC_OK && !r.nomem)
            diag_add_error(diag, &err);
        if (st == MBC_OK && sb_failed(&ld.sb))
            st = mbc_reader_nomem(&r);
        if (st == MBC_OK)
            st = mbc_reader_status(&r);
    }
    sb_free(&ld.sb);
    mbc_reader_free(&r);
    lua_settop(L, top); /* the sandbox runs the next spec */
    return st;
}

/* ------------------------------------------------------------- helpers */

mbc_reader_table loader_table(mbc_reader *r, int idx, int line, const char *what)
{
    mbc_reader_table t;
    mbc_reader_table_named(r, &t, idx, MBC_READER_LABEL, line, what);
    return t;
}

char *loader_copy(loader *ld, const char *s)
{
    return s ? arena_strdup(ld->mem, s) : NULL;
}

int loader_enum(const char *s, const char *const names[], int count)
{
    for (int i = 0; s && i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

int loader_flagged(loader *ld, int idx, int line, const char *what)
{
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    return mbc_reader_flagged(ld->r, &t);
}

void loader_missing(loader *ld, int idx, int line, const char *what, const char *key)
{
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    mbc_reader_missing(ld->r, &t, key, NULL);
}

int loader_names_broken_param(const loader *ld, const spec_param *p)
{
    return p ? !p->type : (ld->broken & SPEC_BROKEN_PARAMS) != 0;
}

/* --------------------------------------------------------------- getters */

char *loader_opt_string(loader *ld, int idx, const char *key, int line, const char *what)
{
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    const char *s = NULL;
    mbc_reader_string(ld->r, &t, key, 0, &s);
    return loader_copy(ld, s);
}

char *loader_req_string(loader *ld, int idx, const char *key, int line, const char *what)
{
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    const char *s = NULL;
    mbc_reader_string(ld->r, &t, key, MBC_READER_REQUIRED | MBC_READER_NONEMPTY, &s);
    return loader_copy(ld, s);
}

int loader_opt_bool(loader *ld, int idx, const char *key, int line, const char *what, int dflt)
{
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    int out = dflt;
    mbc_reader_boolean(ld->r, &t, key, 0, &out);
    return out;
}

int loader_int(loader *ld, int line, const char *what, const char *key, long lo, long hi, long *out)
{
    mbc_reader_table t = loader_table(ld->r, 0, line, what);
    return mbc_reader_check_integer(ld->r, &t, key, -1, lo, hi, out) == MBC_OK;
}

void loader_string_list_at(loader *ld, int v, int line, const char *where, spec_string_list *out)
{
    lua_State *L = ld->L;
    char buf[96];
    out->items = NULL;
    out->count = 0;
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(ld->r, line, NULL, "%s must be a list of strings (given %s)", where,
                        mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    mbc_reader_table list = loader_table(ld->r, v, line, where);
    mbc_reader_check_keys(ld->r, &list, NULL, MBC_READER_LIST);
    size_t n = lua_rawlen(L, v);
    out->items = arena_alloc(ld->mem, (n ? n : 1) * sizeof *out->items);
    for (size_t i = 1; i <= n; i++) {
        const char *item = NULL;
        if (mbc_reader_string_at(ld->r, &list, i, &item) != MBC_OK)
            continue;
        size_t dup = 0;
        for (size_t j = 0; j < out->count && !dup; j++)
            dup = strcmp(out->items[j], item) == 0 ? j + 1 : 0;
        if (!item[0])
            mbc_reader_fail(ld->r, line, NULL, "%s[%zu] must be a non-empty string (given '')",
                            where, i);
        else if (dup)
            mbc_reader_fail(ld->r, line, NULL, "%s[%zu]: '%s' is listed twice", where, i, item);
        else
            out->items[out->count++] = loader_copy(ld, item);
    }
}

void loader_string_list(loader *ld, int idx, const char *key, int line, const char *what,
                        spec_string_list *out)
{
    out->items = NULL;
    out->count = 0;
    mbc_reader_table t = loader_table(ld->r, idx, line, what), list;
    /* an absent list has no line to find: the search for its key would
     * read the rest of the file (most parameters have no choices) */
    const int present = mbc_reader_value(ld->r, &t, key, 0);
    lua_pop(ld->L, 1);
    if (!present)
        return;
    line = mbc_reader_key_line(ld->r, key, line);
    t = loader_table(ld->r, idx, line, what);
    if (mbc_reader_subtable(ld->r, &t, key, 0, "a list of strings", &list) == MBC_OK && list.idx) {
        char where[256];
        snprintf(where, sizeof where, "%s: '%s'", what, key);
        loader_string_list_at(ld, list.idx, line, where, out);
    }
    lua_pop(ld->L, 1);
}

size_t loader_list_begin(loader *ld, int idx, const char *key, int line, const char *kind,
                         int *list_idx)
{
    lua_State *L = ld->L;
    char hint[96];
    snprintf(hint, sizeof hint, "a list of %s \"name\" { ... } entries", kind);
    line = mbc_reader_key_line(ld->r, key, line);
    mbc_reader_table t = loader_table(ld->r, idx, line, ""), list;
    const mbc_status st = mbc_reader_subtable(ld->r, &t, key, 0, hint, &list);
    *list_idx = lua_gettop(L);
    if (st != MBC_OK || !list.idx)
        return 0;
    lua_pushnil(L);
    while (lua_next(L, list.idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            mbc_reader_fail(ld->r, mbc_reader_key_line(ld->r, lua_tostring(L, -1), line), NULL,
                            "'%s' must be %s, not a table with named keys (found key '%s')", key,
                            hint, lua_tostring(L, -1));
            lua_pop(L, 1);
            return 0;
        }
    }
    list = loader_table(ld->r, list.idx, line, key);
    mbc_reader_check_keys(ld->r, &list, NULL, MBC_READER_LIST);
    return lua_rawlen(L, list.idx);
}

int loader_list_entry(loader *ld, int list, size_t i, const char *key, int line, const char *kind)
{
    lua_State *L = ld->L;
    char buf[96];
    lua_rawgeti(L, list, (lua_Integer)i);
    const char *k = mbc_sandbox_table_kind(L, -1);
    /* a list of parameters takes standard "name" { ... } too */
    const int standard = k && strcmp(kind, "param") == 0 && strcmp(k, "standard") == 0;
    if (!standard && (!k || strcmp(k, kind) != 0)) {
        mbc_reader_fail(ld->r, line, NULL, "%s[%zu]: expected %s \"name\" { ... } (given %s)", key,
                        i, kind, mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    return 1;
}

mbc_sandbox *loader_sandbox_new(void)
{
    return mbc_sandbox_new("spec", "specs", MBC_SANDBOX_SPEC_CONSTRUCTORS);
}
