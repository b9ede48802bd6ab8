/* SPDX-License-Identifier: BSD-3-Clause */
/* The one reader of Lua tables (reader.h): typed getters, key checks, list
 * shapes, source lines and one error form for spec, case and scene files. */
#include "reader.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/format_number.h"
#include "sandbox.h"

#define GIVEN_SIZE  96   /* the text of a given value */
#define FIELD_SIZE  256  /* a field in a message */
#define MAX_UNKNOWN 32   /* unknown keys of one table reported */
#define LIST_SIZE   1024 /* "A, B, C" of allowed keys */

mbc_status mbc_reader_init(mbc_reader *r, lua_State *L, const char *file, const char *src,
                           size_t len, unsigned flags)
{
    memset(r, 0, sizeof *r);
    r->L = L;
    r->file = file;
    r->flags = flags;
    if (src && line_index_init(&r->lines, src, len) != 0) {
        memset(&r->lines, 0, sizeof r->lines);
        return MBC_ERR_NOMEM;
    }
    return MBC_OK;
}

void mbc_reader_free(mbc_reader *r)
{
    line_index_free(&r->lines);
}

void mbc_reader_set_report(mbc_reader *r, mbc_reader_report_fn fn, void *ctx)
{
    r->report = fn;
    r->report_ctx = ctx;
}

void mbc_reader_table_at(mbc_reader *r, mbc_reader_table *t, int idx, mbc_reader_naming naming,
                         int line, const char *name, ...)
{
    t->idx = lua_absindex(r->L, idx);
    t->line = line;
    t->naming = naming;
    va_list ap;
    va_start(ap, name);
    vsnprintf(t->name, sizeof t->name, name, ap);
    va_end(ap);
}

void mbc_reader_table_named(mbc_reader *r, mbc_reader_table *t, int idx, mbc_reader_naming naming,
                            int line, const char *name)
{
    t->idx = lua_absindex(r->L, idx);
    t->line = line;
    t->naming = naming;
    size_t n = strlen(name);
    if (n >= sizeof t->name)
        n = sizeof t->name - 1; /* cut as mbc_reader_table_at's snprintf cuts */
    memcpy(t->name, name, n);
    t->name[n] = '\0';
}

/* ------------------------------------------------------------------ errors */

static void deliver(mbc_reader *r, const mbc_error *e)
{
    if (r->errors++ == 0)
        r->first = *e;
    if (r->report)
        r->report(r->report_ctx, e);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 0)))
#endif
static mbc_status
vfail(mbc_reader *r, int line, const char *field, const char *fmt, va_list ap)
{
    char rule[MBC_ERROR_SIZE];
    vsnprintf(rule, sizeof rule, fmt, ap);
    mbc_error e = {0};
    if (!field || !field[0]) {
        mbc_fail_at(&e, MBC_ERR_INPUT, r->file, line, "%s", rule);
    } else {
        /* "FILE:LINE: FIELD: rule", or "FILE:FIELD: rule" for a field
         * without a line where the reader names locations by field */
        const char *file = r->file ? r->file : "";
        char prefix[FIELD_SIZE + 256];
        int n = line > 0 ? snprintf(prefix, sizeof prefix, "%s:%d: %s: ", file, line, field)
                : (r->flags & MBC_READER_FIELD_LOCATION)
                    ? snprintf(prefix, sizeof prefix, "%s:%s: ", file, field)
                    : snprintf(prefix, sizeof prefix, "%s: %s: ", file, field);
        mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, n < 0 ? 0 : (size_t)n, "%s%s", prefix,
                        rule);
        e.file = r->file;
        e.line = line > 0 ? line : 0;
    }
    deliver(r, &e);
    return MBC_ERR_INPUT;
}

mbc_status mbc_reader_fail(mbc_reader *r, int line, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(r, line, field, fmt, ap);
    va_end(ap);
    return MBC_ERR_INPUT;
}

void mbc_reader_note(mbc_reader *r, int line, const char *fmt, ...)
{
    char text[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    mbc_error e = {0};
    mbc_fail_at(&e, MBC_OK, r->file, line, "note: %s", text);
    if (r->report)
        r->report(r->report_ctx, &e);
}

mbc_status mbc_reader_nomem(mbc_reader *r)
{
    if (!r->nomem) {
        r->nomem = 1;
        mbc_error e = {0};
        mbc_fail_nomem(&e, r->file);
        deliver(r, &e);
    }
    return MBC_ERR_NOMEM;
}

/* The error value of mbc_reader_raise_nomem: a light userdata (pushing it
 * allocates nothing). */
static const char nomem_marker = 'm';

void mbc_reader_raise_nomem(mbc_reader *r)
{
    mbc_reader_nomem(r);
    lua_pushlightuserdata(r->L, (void *)&nomem_marker);
    lua_error(r->L);
    abort(); /* lua_error does not return */
}

mbc_status mbc_reader_status(const mbc_reader *r)
{
    return r->nomem ? MBC_ERR_NOMEM : r->errors ? MBC_ERR_INPUT : MBC_OK;
}

const char *mbc_reader_describe(lua_State *L, int idx, char *buf, size_t size)
{
    switch (lua_type(L, idx)) {
    case LUA_TNONE:
    case LUA_TNIL:
        return "nil";
    case LUA_TBOOLEAN:
        return lua_toboolean(L, idx) ? "true" : "false";
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            snprintf(buf, size, "%lld", (long long)lua_tointeger(L, idx));
        else
            mbc_format_number(lua_tonumber(L, idx), buf, size);
        return buf;
    case LUA_TSTRING: {
        size_t len = 0;
        const char *s = lua_tolstring(L, idx, &len); /* a string: converts nothing */
        if (len > 40)
            snprintf(buf, size, "'%.40s...'", s);
        else
            snprintf(buf, size, "'%s'", s);
        return buf; /* a control character in it is escaped by mbc_fail */
    }
    case LUA_TTABLE: {
        const char *kind = mbc_sandbox_table_kind(L, idx);
        const char *name = mbc_sandbox_table_name(L, idx);
        if (kind && name)
            snprintf(buf, size, "%s '%s'", kind, name);
        else
            snprintf(buf, size, "a table");
        return buf;
    }
    default:
        snprintf(buf, size, "a %s", lua_typename(L, lua_type(L, idx)));
        return buf;
    }
}

/* ----------------------------------------------------------- field names */

void mbc_reader_field(const mbc_reader_table *t, const char *key, char *out, size_t size)
{
    if (t->naming == MBC_READER_LABEL || !key)
        snprintf(out, size, "%s", t->name);
    else if (t->name[0])
        snprintf(out, size, "%s.%s", t->name, key);
    else
        snprintf(out, size, "%s", key);
}

/* The key as the rule names it: "'key' " (label naming) or "" (path). */
static void key_ref(const mbc_reader_table *t, const char *key, char *out, size_t size)
{
    if (t->naming == MBC_READER_LABEL && key)
        snprintf(out, size, "'%s' ", key);
    else
        out[0] = '\0';
}

int mbc_reader_line(const mbc_reader *r, const mbc_reader_table *t, const char *key)
{
    if ((r->flags & MBC_READER_KEY_LINES) && key)
        return mbc_reader_key_line(r, key, t->line);
    return t->line;
}

/* The field of the table itself (its own errors: unknown keys, shapes). */
static const char *table_field(const mbc_reader *r, const mbc_reader_table *t)
{
    return t->name[0] || !r->root ? t->name : r->root;
}

/* An error about `elem` of t, which is t[key] or an element "key[i]" of
 * it: named as elem, pointing at the line of `key =` (the source has no
 * line of an element). */
static mbc_status vfail_element(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                const char *elem, const char *fmt, va_list ap)
{
    char field[FIELD_SIZE], ref[FIELD_SIZE], rule[MBC_ERROR_SIZE];
    mbc_reader_field(t, elem, field, sizeof field);
    key_ref(t, elem, ref, sizeof ref);
    vsnprintf(rule, sizeof rule, fmt, ap);
    return mbc_reader_fail(r, mbc_reader_line(r, t, key), field, "%s%s", ref, rule);
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static mbc_status
fail_element(mbc_reader *r, const mbc_reader_table *t, const char *key, const char *elem,
             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const mbc_status st = vfail_element(r, t, key, elem, fmt, ap);
    va_end(ap);
    return st;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static mbc_status
fail_key(mbc_reader *r, const mbc_reader_table *t, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const mbc_status st = vfail_element(r, t, key, key, fmt, ap);
    va_end(ap);
    return st;
}

static void flag(mbc_reader *r, const mbc_reader_table *t)
{
    if (t->idx && r->flagged_count < sizeof r->flagged / sizeof r->flagged[0] &&
        !mbc_reader_flagged(r, t))
        r->flagged[r->flagged_count++] = lua_topointer(r->L, t->idx);
}

int mbc_reader_flagged(const mbc_reader *r, const mbc_reader_table *t)
{
    const void *p = t->idx ? lua_topointer(r->L, t->idx) : NULL;
    for (size_t i = 0; p && i < r->flagged_count; i++)
        if (r->flagged[i] == p)
            return 1;
    return 0;
}

mbc_status mbc_reader_missing(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              const char *hint)
{
    if (mbc_reader_flagged(r, t))
        return MBC_ERR_INPUT; /* the misspelled key, or the first missing one, is reported */
    flag(r, t);
    char field[FIELD_SIZE], ref[FIELD_SIZE] = "";
    mbc_reader_field(t, key, field, sizeof field);
    if (t->naming == MBC_READER_LABEL)
        snprintf(ref, sizeof ref, " '%s'", key);
    return mbc_reader_fail(r, t->line, field, "missing%s%s%s%s", ref, hint ? " (" : "",
                           hint ? hint : "", hint ? ")" : "");
}

/* ------------------------------------------------------------------ getters */

/* Pushes t[key] (raw); returns 1 when present, 0 (after a "missing" error
 * when required, popping nothing) when nil. */
static int push_field(mbc_reader *r, const mbc_reader_table *t, const char *key)
{
    if (!lua_checkstack(r->L, 8)) /* the value and what a getter pushes after it */
        mbc_reader_raise_nomem(r);
    lua_pushstring(r->L, key);
    lua_rawget(r->L, t->idx);
    return !lua_isnil(r->L, -1);
}

/* The common start of a getter: pushes t[key]; *status MBC_OK and 0 when
 * absent and optional (value popped), the error when absent and required. */
static int present(mbc_reader *r, const mbc_reader_table *t, const char *key, unsigned flags,
                   const char *hint, mbc_status *status)
{
    *status = MBC_OK;
    if (push_field(r, t, key))
        return 1;
    lua_pop(r->L, 1);
    if (flags & MBC_READER_REQUIRED)
        *status = mbc_reader_missing(r, t, key, hint);
    return 0;
}

int mbc_reader_value(mbc_reader *r, const mbc_reader_table *t, const char *key, unsigned flags)
{
    if (push_field(r, t, key))
        return 1;
    if (flags & MBC_READER_REQUIRED)
        mbc_reader_missing(r, t, key, NULL);
    return 0;
}

mbc_status mbc_reader_string(mbc_reader *r, const mbc_reader_table *t, const char *key,
                             unsigned flags, const char **out)
{
    lua_State *L = r->L;
    mbc_status st;
    if (!present(r, t, key, flags, NULL, &st))
        return st;
    char given[GIVEN_SIZE];
    size_t len = 0;
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    if (!s)
        st = fail_key(r, t, key, "must be a string (given %s)",
                      mbc_reader_describe(L, -1, given, sizeof given));
    else if (strlen(s) != len)
        st = fail_key(r, t, key, "must not contain a NUL byte");
    else if ((flags & MBC_READER_NONEMPTY) && len == 0)
        st = fail_key(r, t, key, "must not be empty (given '')");
    else
        *out = s; /* kept alive by the table */
    lua_pop(L, 1);
    return st;
}

mbc_status mbc_reader_boolean(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, int *out)
{
    mbc_status st;
    if (!present(r, t, key, flags, NULL, &st))
        return st;
    char given[GIVEN_SIZE];
    if (lua_isboolean(r->L, -1))
        *out = lua_toboolean(r->L, -1);
    else
        st = fail_key(r, t, key, "must be true or false (given %s)",
                      mbc_reader_describe(r->L, -1, given, sizeof given));
    lua_pop(r->L, 1);
    return st;
}

/* The number at the top of the stack, which is elem (t[key] or an element
 * "key[i]"), finite with MBC_READER_FINITE. */
static mbc_status top_number(mbc_reader *r, const mbc_reader_table *t, const char *key,
                             const char *elem, unsigned flags, double *out)
{
    char given[GIVEN_SIZE];
    if (lua_type(r->L, -1) != LUA_TNUMBER)
        return fail_element(r, t, key, elem, "must be a number (given %s)",
                            mbc_reader_describe(r->L, -1, given, sizeof given));
    const double x = lua_tonumber(r->L, -1);
    if ((flags & MBC_READER_FINITE) && !isfinite(x))
        return fail_element(r, t, key, elem, "must be finite (given %s)",
                            mbc_reader_describe(r->L, -1, given, sizeof given));
    *out = x;
    return MBC_OK;
}

mbc_status mbc_reader_number(mbc_reader *r, const mbc_reader_table *t, const char *key,
                             unsigned flags, const char *hint, double *out)
{
    mbc_status st;
    if (!present(r, t, key, flags, hint, &st))
        return st;
    st = top_number(r, t, key, key, flags, out);
    lua_pop(r->L, 1);
    return st;
}

mbc_status mbc_reader_check_integer(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                    int idx, long lo, long hi, long *out)
{
    const double x = lua_type(r->L, idx) == LUA_TNUMBER ? lua_tonumber(r->L, idx) : NAN;
    char given[GIVEN_SIZE];
    if (!(x == floor(x) && x >= (double)lo && x <= (double)hi))
        return fail_key(r, t, key, "must be a whole number in [%ld, %ld] (given %s)", lo, hi,
                        mbc_reader_describe(r->L, idx, given, sizeof given));
    *out = (long)x;
    return MBC_OK;
}

mbc_status mbc_reader_integer(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, long lo, long hi, long *out)
{
    mbc_status st;
    if (!present(r, t, key, flags, NULL, &st))
        return st;
    st = mbc_reader_check_integer(r, t, key, -1, lo, hi, out);
    lua_pop(r->L, 1);
    return st;
}

/* The list at the top of the stack: keys 1..n only (n = #list); the first
 * other key is the error. */
static mbc_status check_list_shape(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                   const char *hint, size_t *n_out)
{
    lua_State *L = r->L;
    const int v = lua_gettop(L);
    const size_t n = (size_t)lua_rawlen(L, v);
    char given[GIVEN_SIZE];
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || (size_t)lua_tointeger(L, -1) > n) {
            mbc_reader_describe(L, -1, given, sizeof given);
            lua_pop(L, 1);
            return fail_key(r, t, key, "must be %s (given a table with the key %s)",
                            hint ? hint : "a list", given);
        }
    }
    *n_out = n;
    return MBC_OK;
}

/* Pushes t[key], which must be a list: *n its length; MBC_OK and *n = 0 (nil
 * pushed) when absent and optional. */
static mbc_status push_list(mbc_reader *r, const mbc_reader_table *t, const char *key,
                            unsigned flags, const char *hint, size_t *n)
{
    char given[GIVEN_SIZE];
    *n = 0;
    if (!push_field(r, t, key))
        return (flags & MBC_READER_REQUIRED) ? mbc_reader_missing(r, t, key, hint) : MBC_OK;
    if (!lua_istable(r->L, -1) || mbc_sandbox_table_kind(r->L, -1))
        return fail_key(r, t, key, "must be %s (given %s)", hint ? hint : "a list",
                        mbc_reader_describe(r->L, -1, given, sizeof given));
    return check_list_shape(r, t, key, hint, n);
}

/* Element i (1-based) of the list at v, t[key], as a number; its errors
 * point at the line of `key =`. */
static mbc_status list_number(mbc_reader *r, const mbc_reader_table *t, const char *key, int v,
                              size_t i, unsigned flags, double *out)
{
    char elem[FIELD_SIZE];
    snprintf(elem, sizeof elem, "%s[%zu]", key, i);
    lua_rawgeti(r->L, v, (lua_Integer)i);
    mbc_status st = top_number(r, t, key, elem, flags, out);
    lua_pop(r->L, 1);
    return st;
}

mbc_status mbc_reader_numbers(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, size_t n, double *out)
{
    char hint[64];
    snprintf(hint, sizeof hint, "a list of %zu numbers", n);
    size_t count = 0;
    mbc_status st = push_list(r, t, key, flags, hint, &count);
    const int v = lua_gettop(r->L);
    if (st == MBC_OK && !lua_isnil(r->L, v) && count != n)
        st = fail_key(r, t, key, "must have %zu numbers (given %zu)", n, count);
    /* all elements are checked before out changes */
    double x;
    for (size_t i = 1; st == MBC_OK && !lua_isnil(r->L, v) && i <= n; i++)
        st = list_number(r, t, key, v, i, flags, &x);
    for (size_t i = 1; st == MBC_OK && !lua_isnil(r->L, v) && i <= n; i++) {
        lua_rawgeti(r->L, v, (lua_Integer)i);
        out[i - 1] = lua_tonumber(r->L, -1);
        lua_pop(r->L, 1);
    }
    lua_pop(r->L, 1);
    return st;
}

mbc_status mbc_reader_number_list(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                  unsigned flags, const char *hint, double **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    size_t n = 0;
    mbc_status st = push_list(r, t, key, flags, hint, &n);
    const int v = lua_gettop(r->L);
    if (st != MBC_OK || lua_isnil(r->L, v)) {
        lua_pop(r->L, 1);
        return st;
    }
    /* nothing below allocates in Lua: a raised error cannot leak the array */
    double *a = malloc((n ? n : 1) * sizeof *a);
    if (!a) {
        lua_pop(r->L, 1);
        return mbc_reader_nomem(r);
    }
    for (size_t i = 1; st == MBC_OK && i <= n; i++)
        st = list_number(r, t, key, v, i, flags, &a[i - 1]);
    lua_pop(r->L, 1);
    if (st != MBC_OK) {
        free(a);
        return st;
    }
    *out = a;
    *count = n;
    return MBC_OK;
}

/* sub describes the table at the top of the stack, t[key]. */
static void name_sub(mbc_reader *r, const mbc_reader_table *t, const char *key,
                     mbc_reader_table *sub)
{
    const int line = mbc_reader_key_line(r, key, t->line);
    if (t->naming == MBC_READER_LABEL)
        mbc_reader_table_at(r, sub, -1, t->naming, line, "%s: %s", t->name, key);
    else if (t->name[0])
        mbc_reader_table_at(r, sub, -1, t->naming, line, "%s.%s", t->name, key);
    else
        mbc_reader_table_at(r, sub, -1, t->naming, line, "%s", key);
}

mbc_status mbc_reader_subtable(mbc_reader *r, const mbc_reader_table *t, const char *key,
                               unsigned flags, const char *hint, mbc_reader_table *sub)
{
    char given[GIVEN_SIZE];
    sub->idx = 0;
    if (!push_field(r, t, key))
        return (flags & MBC_READER_REQUIRED) ? mbc_reader_missing(r, t, key, hint) : MBC_OK;
    if (!lua_istable(r->L, -1) || mbc_sandbox_table_kind(r->L, -1))
        return fail_key(r, t, key, "must be %s (given %s)", hint ? hint : "a table",
                        mbc_reader_describe(r->L, -1, given, sizeof given));
    name_sub(r, t, key, sub);
    return MBC_OK;
}

mbc_status mbc_reader_list(mbc_reader *r, const mbc_reader_table *t, const char *key,
                           unsigned flags, const char *hint, mbc_reader_table *sub, size_t *n)
{
    sub->idx = 0;
    mbc_status st = push_list(r, t, key, flags, hint, n);
    if (st == MBC_OK && !lua_isnil(r->L, -1))
        name_sub(r, t, key, sub);
    return st;
}

/* An error about entry i of list: "NAME[i]: rule" (path naming) or
 * "NAME[i] rule" (label naming). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static mbc_status
fail_entry(mbc_reader *r, const mbc_reader_table *list, size_t i, const char *fmt, ...)
{
    char elem[FIELD_SIZE], rule[MBC_ERROR_SIZE];
    snprintf(elem, sizeof elem, "%s[%zu]", list->name, i);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    if (list->naming == MBC_READER_LABEL)
        return mbc_reader_fail(r, list->line, NULL, "%s %s", elem, rule);
    return mbc_reader_fail(r, list->line, elem, "%s", rule);
}

mbc_status mbc_reader_entry(mbc_reader *r, const mbc_reader_table *list, size_t i, const char *hint,
                            mbc_reader_table *sub)
{
    char given[GIVEN_SIZE];
    sub->idx = 0;
    if (!lua_checkstack(r->L, 8))
        mbc_reader_raise_nomem(r);
    lua_rawgeti(r->L, list->idx, (lua_Integer)i);
    if (!lua_istable(r->L, -1))
        return fail_entry(r, list, i, "must be %s (given %s)", hint ? hint : "a table",
                          mbc_reader_describe(r->L, -1, given, sizeof given));
    mbc_reader_table_at(r, sub, -1, list->naming, list->line, "%s[%zu]", list->name, i);
    return MBC_OK;
}

mbc_status mbc_reader_string_at(mbc_reader *r, const mbc_reader_table *list, size_t i,
                                const char **out)
{
    char given[GIVEN_SIZE];
    lua_rawgeti(r->L, list->idx, (lua_Integer)i);
    mbc_status st = MBC_OK;
    size_t len = 0;
    const char *s = lua_type(r->L, -1) == LUA_TSTRING ? lua_tolstring(r->L, -1, &len) : NULL;
    if (!s || strlen(s) != len)
        st = fail_entry(r, list, i, "must be a string (given %s)",
                        mbc_reader_describe(r->L, -1, given, sizeof given));
    else
        *out = s; /* kept alive by the list */
    lua_pop(r->L, 1);
    return st;
}

/* ------------------------------------------------------------- key checks */

static int is_listed(const char *const allowed[], const char *key)
{
    for (size_t i = 0; allowed && allowed[i]; i++)
        if (strcmp(allowed[i], key) == 0)
            return 1;
    return 0;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* "A, B, C" (+ ", and TEXT"), or "none". */
static void allowed_list(const char *const allowed[], const char *also_text, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; allowed && allowed[i] && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? ", " : "", allowed[i]);
    if (also_text && len < size)
        snprintf(out + len, size - len, "%s%s", len ? " and " : "", also_text);
    if (!out[0])
        snprintf(out, size, "none");
}

/* The allowed key closest to `key` (allowed, then more's), or NULL. */
static const char *close_key(const char *key, const char *const allowed[],
                             const mbc_reader_more_keys *more)
{
    mbc_suggestion s;
    mbc_suggest_begin(&s, key);
    for (size_t i = 0; allowed && allowed[i]; i++)
        mbc_suggest_offer(&s, allowed[i]);
    if (more && more->offer)
        more->offer(more->ctx, &s);
    return s.best;
}

mbc_status mbc_reader_check_keys_with(mbc_reader *r, const mbc_reader_table *t,
                                      const char *const allowed[], unsigned flags,
                                      const mbc_reader_more_keys *more)
{
    lua_State *L = r->L;
    /* each unknown key: its text as given, then its own text (for its line);
     * sorted by the first. No allocation, a bounded report. */
    char bad[MAX_UNKNOWN][2 * GIVEN_SIZE];
    size_t nbad = 0;
    const size_t n = (size_t)lua_rawlen(L, t->idx);
    lua_pushnil(L);
    while (lua_next(L, t->idx)) {
        lua_pop(L, 1);
        int ok;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -1);
            ok = is_listed(allowed, key) || (more && more->is && more->is(more->ctx, key));
        } else {
            ok = (flags & MBC_READER_LIST) && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
                 (size_t)lua_tointeger(L, -1) <= n;
        }
        if (!ok && nbad < MAX_UNKNOWN) {
            mbc_reader_describe(L, -1, bad[nbad], GIVEN_SIZE);
            snprintf(bad[nbad] + GIVEN_SIZE, GIVEN_SIZE, "%s",
                     lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
            nbad++;
        }
    }
    if (nbad == 0)
        return MBC_OK;
    flag(r, t);
    qsort(bad, nbad, sizeof bad[0], compare_text);
    char list[LIST_SIZE];
    allowed_list(allowed, more ? more->text : NULL, list, sizeof list);
    for (size_t i = 0; i < nbad; i++) {
        const char *name = bad[i] + GIVEN_SIZE;
        const int line = name[0] ? mbc_reader_key_line(r, name, t->line) : t->line;
        const char *close = name[0] ? close_key(name, allowed, more) : NULL;
        if (close)
            mbc_reader_fail(r, line, table_field(r, t),
                            "unknown key %s (did you mean '%s'? allowed: %s)", bad[i], close, list);
        else
            mbc_reader_fail(r, line, table_field(r, t), "unknown key %s (allowed: %s)", bad[i],
                            list);
    }
    return MBC_ERR_INPUT;
}

mbc_status mbc_reader_check_keys(mbc_reader *r, const mbc_reader_table *t,
                                 const char *const allowed[], unsigned flags)
{
    return mbc_reader_check_keys_with(r, t, allowed, flags, NULL);
}

/* ------------------------------------------------------------ source lines */

static int is_word_char(int c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The first match of key at or after line `from` for which accept(...)
 * holds; its line, or `from`. */
static int find_line(const mbc_reader *r, const char *key, int from,
                     int (*accept)(const char *src, const char *end, const char *q, size_t klen))
{
    if (!r->lines.starts || !key)
        return from;
    const size_t klen = strlen(key);
    const char *end = r->lines.src + r->lines.len;
    const char *q = line_index_start(&r->lines, from);
    if (!q || klen == 0)
        return from;
    for (; q < end; q++) {
        const char *c = line_index_find(q, end, key, klen);
        if (!c)
            break;
        q = c;
        if (accept(r->lines.src, end, q, klen))
            return line_index_line_of(&r->lines, q);
    }
    return from;
}

/* `key =`: a word start (not inside a name or a string) and `=` (not `==`). */
static int accept_assignment(const char *src, const char *end, const char *q, size_t klen)
{
    if (q > src && (is_word_char(q[-1]) || q[-1] == '"'))
        return 0;
    const char *j = q + klen;
    while (j < end && (*j == ' ' || *j == '\t'))
        j++;
    return j < end && *j == '=' && (j + 1 >= end || j[1] != '=');
}

/* A whole word. */
static int accept_word(const char *src, const char *end, const char *q, size_t klen)
{
    const int before = q > src ? (unsigned char)q[-1] : ' ';
    const int after = q + klen < end ? (unsigned char)q[klen] : ' ';
    return !is_word_char(before) && !is_word_char(after);
}

/* `= "text"`: the quotes around, `=` before (blanks between). */
static int accept_value(const char *src, const char *end, const char *q, size_t klen)
{
    if (q <= src || q[-1] != '"' || q + klen >= end || q[klen] != '"')
        return 0;
    const char *b = q - 1;
    while (b > src && (b[-1] == ' ' || b[-1] == '\t'))
        b--;
    return b > src && b[-1] == '=';
}

int mbc_reader_key_line(const mbc_reader *r, const char *key, int from)
{
    return find_line(r, key, from, accept_assignment);
}

int mbc_reader_word_line(const mbc_reader *r, const char *word, int from)
{
    return find_line(r, word, from, accept_word);
}

int mbc_reader_value_line(const mbc_reader *r, const char *text, int from)
{
    return find_line(r, text, from, accept_value);
}
