/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads specs/types.lua and specs/NAME.lua into the spec model, validating
 * everything before anything is written: unknown keys, unknown types,
 * defaults that do not fit type or size, duplicate names, missing
 * descriptions, invalid identifiers and wrong table shapes. Every problem
 * becomes one "FILE:LINE: what is wrong (what was given)" diagnostic. */
#include "spec_model.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/format_number.h"
#include "mbconnect/input.h"

#include <lauxlib.h>

#include "naming.h"
#include "reader.h"
#include "sandbox.h"

const spec_hook_info spec_hooks[SPEC_HOOK_COUNT] = {
#define SPEC_HOOK_INFO(ID, NAME, FIELD, WRITES, ARGS, CALL) {#NAME, #FIELD, #WRITES, #ARGS, #CALL},
    MBC_HOOKS(SPEC_HOOK_INFO)
#undef SPEC_HOOK_INFO
};

const char *const spec_hook_names[SPEC_HOOK_COUNT] = {
#define SPEC_HOOK_NAME(ID, NAME, FIELD, WRITES, ARGS, CALL) #NAME,
    MBC_HOOKS(SPEC_HOOK_NAME)
#undef SPEC_HOOK_NAME
};

/* The state of one load: the spec's tables are read with the front end's
 * table reader (sandbox/reader.h), whose errors go to the diagnostics. */
typedef struct loader {
    lua_State *L;
    mbc_reader *r; /* the reader of the file's tables: messages, lines, key checks */
    arena *mem;
    const spec_type_registry *reg;
    strbuf sb;           /* scratch text, freed after the protected call */
    void *target;        /* what is read: the registry or the connector */
    unsigned broken;     /* SPEC_BROKEN_* of the blocks that had an error */
    size_t param_errors; /* errors before the parameter being loaded */
    /* parameters already reported as not fit to count (data, output sizes) */
    char *bad_counts[8];
    int bad_count_count;
} loader;

/* The problems found so far (every one is an error of the reader). */
static size_t errors_of(const loader *ld)
{
    return ld->r->errors;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
fail(loader *ld, int line, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    mbc_reader_fail(ld->r, line, NULL, "%s", msg);
}

/* The reader's view of the table at idx, named by its label `what`. */
static mbc_reader_table labeled(loader *ld, int idx, int line, const char *what)
{
    mbc_reader_table t;
    mbc_reader_table_at(ld->r, &t, idx, MBC_READER_LABEL, line, "%s", what);
    return t;
}

/* The loaders' arena cannot allocate: leave the protected call. */
static void raise_nomem(void *ctx)
{
    mbc_reader_raise_nomem(ctx);
}

/* A copy of s in the spec's arena (NULL stays NULL). */
static char *copy(loader *ld, const char *s)
{
    return s ? arena_strdup(ld->mem, s) : NULL;
}

/* Diagnostics collect every error of the reader. */
static void to_diag(void *ctx, const mbc_error *e)
{
    diag_add_error(ctx, e);
}

/* The table at idx had an unknown key or a "missing" reported (the reader
 * then reports no more "missing" for it: a misspelled key is one mistake). */
static int is_flagged(loader *ld, int idx, int line, const char *what)
{
    mbc_reader_table t = labeled(ld, idx, line, what);
    return mbc_reader_flagged(ld->r, &t);
}

/* "WHAT: missing 'KEY'" for the table at idx (not after an unknown key). */
static void missing(loader *ld, int idx, int line, const char *what, const char *key)
{
    mbc_reader_table t = labeled(ld, idx, line, what);
    mbc_reader_missing(ld->r, &t, key, NULL);
}

/* A name: letter or '_' first, then letters, digits, '_'; at most 63 characters. */
static int is_name(const char *s)
{
    return naming_is_identifier(s) && strlen(s) <= NAMING_MAX_NAME;
}

/* A name that can also be a C identifier in generated code. */
static int is_identifier(const char *s)
{
    return naming_is_spec_name(s);
}

/* Field getters. Each reads t[key] for the table at idx (absolute index). */
static char *opt_string(loader *ld, int idx, const char *key, int line, const char *what)
{
    mbc_reader_table t = labeled(ld, idx, line, what);
    const char *s = NULL;
    mbc_reader_string(ld->r, &t, key, 0, &s);
    return copy(ld, s);
}

static char *req_string(loader *ld, int idx, const char *key, int line, const char *what)
{
    mbc_reader_table t = labeled(ld, idx, line, what);
    const char *s = NULL;
    mbc_reader_string(ld->r, &t, key, MBC_READER_REQUIRED | MBC_READER_NONEMPTY, &s);
    return copy(ld, s);
}

static int opt_bool(loader *ld, int idx, const char *key, int line, const char *what, int dflt)
{
    mbc_reader_table t = labeled(ld, idx, line, what);
    int out = dflt;
    mbc_reader_boolean(ld->r, &t, key, 0, &out);
    return out;
}

/* Reads an integral number in [lo, hi] from the value at the top of the stack. */
static int to_int(loader *ld, int line, const char *what, const char *key, long lo, long hi,
                  long *out)
{
    mbc_reader_table t = labeled(ld, 0, line, what);
    return mbc_reader_check_integer(ld->r, &t, key, -1, lo, hi, out) == MBC_OK;
}

/* Reads the list of strings at stack index v; `where` names it in messages. */
static void read_string_list_at(loader *ld, int v, int line, const char *where,
                                spec_string_list *out)
{
    lua_State *L = ld->L;
    char buf[96];
    out->items = NULL;
    out->count = 0;
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        fail(ld, line, "%s must be a list of strings (given %s)", where,
             mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    mbc_reader_table list = labeled(ld, v, line, where);
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
            fail(ld, line, "%s[%zu] must be a non-empty string (given '')", where, i);
        else if (dup)
            fail(ld, line, "%s[%zu]: '%s' is listed twice", where, i, item);
        else
            out->items[out->count++] = copy(ld, item);
    }
}

/* Reads t[key] (absent: empty) as a list of strings. */
static void read_string_list(loader *ld, int idx, const char *key, int line, const char *what,
                             spec_string_list *out)
{
    line = mbc_reader_key_line(ld->r, key, line);
    out->items = NULL;
    out->count = 0;
    lua_getfield(ld->L, idx, key);
    if (!lua_isnil(ld->L, -1)) {
        char where[256];
        snprintf(where, sizeof where, "%s: '%s'", what, key);
        read_string_list_at(ld, lua_gettop(ld->L), line, where, out);
    }
    lua_pop(ld->L, 1);
}

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

/* Runs text (file's, len bytes) in box and reads its result with read(ld,
 * idx) inside a protected call, allocating in mem, into target. Every
 * problem goes to diag; out of memory is one "FILE: out of memory". */
static mbc_status load_text(mbc_sandbox *box, const char *file, const char *text, size_t len,
                            arena *mem, const spec_type_registry *reg,
                            void (*read)(loader *ld, int idx), void *target, diag_list *diag)
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

/* ---------------------------------------------------------------- types */

static const char *const type_keys[] = {"value",       "shape",  "size",     "min",
                                        "exclusive",   "c_type", "size_doc", "visualization",
                                        "description", NULL};

static int parse_enum(const char *s, const char *const names[], int count)
{
    for (int i = 0; s && i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static const char *const value_kind_names[] = {"bool", "int", "real", "string", "index"};
static const char *const shape_names[] = {"scalar", "fixed", "vector"};

static void load_type(loader *ld, int t, spec_type *ty)
{
    lua_State *L = ld->L;
    int line = mbc_sandbox_table_line(L, t);
    const char *name = mbc_sandbox_table_name(L, t);
    char what[128];
    snprintf(what, sizeof what, "type '%s'", name ? name : "?");
    const size_t errors_before = errors_of(ld);
    mbc_reader_table table = labeled(ld, t, line, what);
    mbc_reader_check_keys(ld->r, &table, type_keys, 0);
    ty->line = line;
    ty->name = arena_strdup(ld->mem, name ? name : "");
    if (!is_name(ty->name))
        fail(ld, line, "%s: invalid name (given '%s')", what, ty->name);
    char *value = req_string(ld, t, "value", line, what);
    const size_t before_shape = errors_of(ld);
    char *shape = opt_string(ld, t, "shape", line, what);
    int v = parse_enum(value, value_kind_names, 5);
    if (value && v < 0)
        fail(ld, line, "%s: 'value' must be one of bool, int, real, string, index (given '%s')",
             what, value);
    ty->value = v < 0 ? SPEC_REAL : (spec_value_kind)v;
    int s = shape ? parse_enum(shape, shape_names, 3) : SPEC_SCALAR;
    if (s < 0)
        fail(ld, line, "%s: 'shape' must be one of scalar, fixed, vector (given '%s')", what,
             shape);
    ty->shape = s < 0 ? SPEC_SCALAR : (spec_shape)s;
    ty->size = ty->shape == SPEC_SCALAR ? 1 : 0;
    /* with a wrong or misspelled shape, the size is not checked against it */
    const int shape_known = errors_of(ld) == before_shape && !is_flagged(ld, t, line, what);
    lua_getfield(L, t, "size");
    if (!shape_known) {
    } else if (!lua_isnil(L, -1)) {
        long n;
        if (ty->shape != SPEC_FIXED)
            fail(ld, line, "%s: 'size' is only for shape 'fixed'", what);
        else if (to_int(ld, line, what, "size", 1, 4096, &n))
            ty->size = (int)n;
    } else if (ty->shape == SPEC_FIXED) {
        fail(ld, line, "%s: shape 'fixed' needs 'size'", what);
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "min");
    if (lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1))) {
        ty->has_min = 1;
        ty->min = lua_tonumber(L, -1);
    } else if (!lua_isnil(L, -1)) {
        char buf[96];
        fail(ld, line, "%s: 'min' must be a finite number (given %s)", what,
             mbc_reader_describe(L, -1, buf, sizeof buf));
    }
    lua_pop(L, 1);
    ty->min_exclusive = opt_bool(ld, t, "exclusive", line, what, 0);
    if (ty->has_min) {
        char rule[64];
        snprintf(rule, sizeof rule, "%s %g", ty->min_exclusive ? ">" : ">=", ty->min);
        ty->rule = arena_strdup(ld->mem, rule);
    }
    ty->c_type = req_string(ld, t, "c_type", line, what);
    ty->size_doc = opt_string(ld, t, "size_doc", line, what);
    if (!ty->size_doc)
        ty->size_doc = arena_strdup(ld->mem, "size = %d");
    else {
        const char *p = strchr(ty->size_doc, '%');
        if (!p || p[1] != 'd' || strchr(p + 1, '%'))
            fail(ld, line, "%s: 'size_doc' must contain exactly one %%d (given '%s')", what,
                 ty->size_doc);
    }
    ty->description = req_string(ld, t, "description", line, what);
    const int is_visualization = opt_bool(ld, t, "visualization", line, what, 0);
    if (is_visualization) {
        if (ld->reg->visualization)
            fail(ld, line, "%s: only one type may be the visualization type", what);
        ((spec_type_registry *)ld->reg)->visualization = ty;
    }
    /* the runtime reads a field by its value kind (mbc_value_kind), so the
     * C type must be the one of that kind (checked in an entry without
     * other errors: a misspelled `visualization` is not also a wrong void) */
    static const char *const c_types[] = {"bool", "int", "double", "char *", "mbc_index"};
    if (errors_of(ld) == errors_before && ty->c_type && v >= 0 &&
        strcmp(ty->c_type, c_types[v]) != 0 &&
        !(v == SPEC_REAL && strcmp(ty->c_type, "float") == 0) &&
        !(is_visualization && strcmp(ty->c_type, "void") == 0))
        fail(ld, line, "%s: 'c_type' must be \"%s\"%s for value '%s' (given '%s')", what,
             c_types[v], v == SPEC_REAL ? " or \"float\"" : "", value_kind_names[v], ty->c_type);
}

/* The list of types a types.lua returned (the value at t). */
static void read_types(loader *ld, int t)
{
    lua_State *L = ld->L;
    spec_type_registry *reg = ld->target;
    if (!lua_istable(L, t)) {
        char b[96];
        fail(ld, 0, "must return a list of type \"Name\" { ... } entries (returned %s)",
             mbc_reader_describe(L, t, b, sizeof b));
        return;
    }
    mbc_reader_table table = labeled(ld, t, 0, "type list");
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    size_t n = lua_rawlen(L, t);
    reg->types = arena_alloc(&reg->mem, (n ? n : 1) * sizeof *reg->types);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i);
        const char *kind = mbc_sandbox_table_kind(L, -1);
        if (!kind || strcmp(kind, "type") != 0) {
            char b[96];
            fail(ld, 0, "entry %zu: expected type \"Name\" { ... } (given %s)", i,
                 mbc_reader_describe(L, -1, b, sizeof b));
        } else {
            spec_type *ty = &reg->types[reg->count++];
            load_type(ld, lua_gettop(L), ty);
            for (size_t j = 0; j + 1 < reg->count; j++)
                if (strcmp(reg->types[j].name, ty->name) == 0)
                    fail(ld, ty->line, "type '%s': duplicate name (first at line %d)", ty->name,
                         reg->types[j].line);
        }
        lua_pop(L, 1);
    }
    if (!errors_of(ld) && !reg->visualization)
        fail(ld, 0, "no type is marked visualization = true");
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
        st = load_text(box, reg->file, buf, len, &reg->mem, reg, read_types, reg, diag);
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

const spec_type *spec_types_find(const spec_type_registry *reg, const char *name)
{
    for (size_t i = 0; name && i < reg->count; i++)
        if (strcmp(reg->types[i].name, name) == 0)
            return &reg->types[i];
    return NULL;
}

/* ---------------------------------------------------------------- values */

/* Reads one element of a value from the top of the stack into *x (or *s). */
static int read_element(loader *ld, const spec_param *p, int line, const char *what, double *x,
                        char **s)
{
    lua_State *L = ld->L;
    char buf[96];
    const spec_type *ty = p->type;
    switch (ty->value) {
    case SPEC_BOOL:
        if (!lua_isboolean(L, -1))
            break;
        *x = lua_toboolean(L, -1);
        return 1;
    case SPEC_STRING:
        if (lua_type(L, -1) != LUA_TSTRING)
            break;
        if (strlen(lua_tostring(L, -1)) != lua_rawlen(L, -1)) {
            fail(ld, line, "%s: default must not contain a NUL byte", what);
            return 0;
        }
        *s = arena_strdup(ld->mem, lua_tostring(L, -1));
        return 1;
    case SPEC_INT:
    case SPEC_INDEX:
    case SPEC_REAL: {
        if (lua_type(L, -1) != LUA_TNUMBER)
            break;
        double v = lua_tonumber(L, -1);
        if (!isfinite(v)) {
            fail(ld, line, "%s: default must be finite (given %s)", what,
                 mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->value != SPEC_REAL && (v != floor(v) || fabs(v) > 2147483647.0)) {
            fail(ld, line, "%s: default must be a whole number for type %s (given %s)", what,
                 ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->value == SPEC_INDEX && v < -1) {
            fail(ld, line, "%s: an index default must be >= 0 or -1 for invalid (given %s)", what,
                 mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->has_min && (ty->min_exclusive ? !(v > ty->min) : !(v >= ty->min))) {
            fail(ld, line, "%s: default must be %s (%s) (given %s)", what, ty->rule, ty->name,
                 mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        *x = v;
        return 1;
    }
    }
    fail(ld, line, "%s: default does not fit type %s (given %s)", what, ty->name,
         mbc_reader_describe(L, -1, buf, sizeof buf));
    return 0;
}

/* Reads the value at the top of the stack as a default of parameter p. */
static int read_value(loader *ld, const spec_param *p, int line, const char *what, spec_value *out)
{
    lua_State *L = ld->L;
    char buf[96];
    memset(out, 0, sizeof *out);
    if (p->shape == SPEC_SCALAR) {
        out->count = 1;
        out->num = arena_alloc(ld->mem, sizeof *out->num);
        return read_element(ld, p, line, what, out->num, &out->str);
    }
    if (!lua_istable(L, -1) || mbc_sandbox_table_kind(L, -1)) {
        fail(ld, line, "%s: default must be a list { ... } for type %s (given %s)", what,
             p->type->name, mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    int t = lua_gettop(L);
    size_t n = lua_rawlen(L, t);
    mbc_reader_table table = labeled(ld, t, line, what);
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    if (p->shape == SPEC_FIXED && n != (size_t)p->size) {
        fail(ld, line, "%s: default has %zu elements, type %s needs %d", what, n, p->type->name,
             p->size);
        return 0;
    }
    out->count = n;
    out->num = arena_alloc(ld->mem, (n ? n : 1) * sizeof *out->num);
    int ok = 1;
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i + 1);
        char *unused = NULL;
        ok &= read_element(ld, p, line, what, &out->num[i], &unused);
        lua_pop(L, 1);
    }
    return ok;
}

static void format_real(double x, strbuf *out)
{
    if (x == floor(x) && fabs(x) < 1e15) {
        sb_printf(out, "%.0f.", x);
        return;
    }
    char buf[40];
    mbc_format_number(x, buf, sizeof buf);
    sb_puts(out, buf);
}

void spec_format_default(const spec_param *p, const spec_value *v, strbuf *out)
{
    const spec_type *ty = p->type;
    if (ty->value == SPEC_STRING) {
        sb_printf(out, "'%s'", v->str ? v->str : "");
        return;
    }
    if (p->shape == SPEC_SCALAR) {
        double x = v->count ? v->num[0] : 0.0;
        switch (ty->value) {
        case SPEC_BOOL:
            sb_puts(out, x != 0.0 ? "True" : "False");
            break;
        case SPEC_INDEX:
            if (x < 0)
                sb_puts(out, "invalid (-1)");
            else
                sb_printf(out, "%.0f", x);
            break;
        case SPEC_INT:
            sb_printf(out, "%.0f", x);
            break;
        default:
            format_real(x, out);
        }
        return;
    }
    if (v->count == 0) {
        sb_puts(out, "[]");
        return;
    }
    if (ty->value == SPEC_INDEX) {
        sb_puts(out, "[ ");
        for (size_t i = 0; i < v->count; i++) {
            if (i)
                sb_puts(out, ", ");
            if (v->num[i] < 0)
                sb_puts(out, "invalid [-1]");
            else
                sb_printf(out, "%.0f", v->num[i]);
        }
        sb_puts(out, " ]");
        return;
    }
    sb_putc(out, '[');
    for (size_t i = 0; i < v->count; i++) {
        if (i)
            sb_putc(out, ',');
        if (ty->value == SPEC_REAL)
            format_real(v->num[i], out);
        else
            sb_printf(out, "%.0f", v->num[i]);
    }
    sb_putc(out, ']');
}

/* Parses one scalar as the docs write it: a number, True/False, invalid (-1). */
static int parse_doc_scalar(const char *s, size_t n, double *x)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (!strcmp(buf, "True") || !strcmp(buf, "False")) {
        *x = buf[0] == 'T';
        return 1;
    }
    if (!strcmp(buf, "invalid (-1)") || !strcmp(buf, "invalid [-1]")) {
        *x = -1;
        return 1;
    }
    char *end;
    *x = strtod(buf, &end);
    return *end == '\0';
}

/* Checks that a documented default text denotes the value v. */
static int doc_default_matches(const spec_param *p, const char *text, const spec_value *v)
{
    if (p->type->value == SPEC_STRING) {
        size_t n = strlen(text);
        return n >= 2 && text[0] == '\'' && text[n - 1] == '\'' && v->str &&
               strlen(v->str) == n - 2 && strncmp(text + 1, v->str, n - 2) == 0;
    }
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (p->shape == SPEC_SCALAR) {
        double x;
        return parse_doc_scalar(s, strlen(s), &x) && v->count == 1 && x == v->num[0];
    }
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n < 2 || s[0] != '[' || s[n - 1] != ']')
        return 0;
    s++, n -= 2;
    size_t count = 0;
    size_t start = 0;
    int depth = 0;
    int blank = 1;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] == '[')
            depth++;
        if (i < n && s[i] == ']')
            depth--;
        if (i < n && !isspace((unsigned char)s[i]))
            blank = 0;
        if (i == n || (s[i] == ',' && depth == 0)) {
            if (i == n && blank && count == 0)
                break; /* "[]" */
            double x;
            if (count >= v->count || !parse_doc_scalar(s + start, i - start, &x) ||
                x != v->num[count])
                return 0;
            count++;
            start = i + 1;
        }
    }
    return count == v->count;
}

/* ---------------------------------------------------------------- parameters */

static const char *const param_keys[] = {"type", "symbol", "size",      "default", "description",
                                         "role", "rules",  "seed_text", "doc",     NULL};
static const char *const rule_keys[] = {
    "must_be_set", "min_length", "same_length_as", "non_decreasing", "positive_when",
    "check",       "one_of",     "range",          "required",       NULL};
static const char *const doc_keys[] = {"default", "size", NULL};
static const char *const role_names[] = {"input", "derived", "state"};

/* Parses a range "[a, b)": brackets "[" / "(" and "]" / ")", bounds numbers
 * or -inf / inf (open), a < b. Writes the bounds and the rule text the
 * runtime messages use ("> 0", ">= 0", "< 1", "in [0, 1)"). */
static int parse_range(loader *ld, const char *s, spec_rules *ru)
{
    char lo_text[64], hi_text[64], open_c, close_c;
    int used = 0;
    if (strlen(s) >= 64 ||
        sscanf(s, " %c %63[^, ] , %63[^]) ] %c %n", &open_c, lo_text, hi_text, &close_c, &used) !=
            4 ||
        s[used] != '\0' || (open_c != '[' && open_c != '(') || (close_c != ']' && close_c != ')'))
        return 0;
    char *end;
    const double lo = strcmp(lo_text, "-inf") == 0 ? -INFINITY : strtod(lo_text, &end);
    if (isfinite(lo) && *end)
        return 0;
    const double hi = strcmp(hi_text, "inf") == 0 ? INFINITY : strtod(hi_text, &end);
    if (isfinite(hi) && *end)
        return 0;
    if (isnan(lo) || isnan(hi) || !(lo < hi) || lo == INFINITY || hi == -INFINITY ||
        (isinf(lo) && open_c == '[') || (isinf(hi) && close_c == ']'))
        return 0;
    ru->has_range = 1;
    ru->range_min = lo, ru->range_max = hi;
    ru->range_min_open = open_c == '(', ru->range_max_open = close_c == ')';
    char rule[160];
    if (isinf(hi))
        snprintf(rule, sizeof rule, "%s %s", ru->range_min_open ? ">" : ">=", lo_text);
    else if (isinf(lo))
        snprintf(rule, sizeof rule, "%s %s", ru->range_max_open ? "<" : "<=", hi_text);
    else
        snprintf(rule, sizeof rule, "in %c%s, %s%c", open_c, lo_text, hi_text, close_c);
    ru->range_rule = arena_strdup(ld->mem, rule);
    return 1;
}

/* x satisfies the range and one_of rules of ru. */
static int rules_allow(const spec_rules *ru, double x)
{
    if (ru->has_range && (ru->range_min_open ? !(x > ru->range_min) : !(x >= ru->range_min)))
        return 0;
    if (ru->has_range && (ru->range_max_open ? !(x < ru->range_max) : !(x <= ru->range_max)))
        return 0;
    for (size_t i = 0; i < ru->one_of_count; i++)
        if (x == ru->one_of[i])
            return 1;
    return ru->one_of_count == 0;
}

/* rules.one_of: a non-empty list of numbers the type admits. */
static void load_one_of(loader *ld, int r, const spec_param *p, int line, const char *where,
                        spec_rules *ru)
{
    lua_State *L = ld->L;
    char buf[96];
    lua_getfield(L, r, "one_of");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    const size_t n = lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1) ? lua_rawlen(L, -1) : 0;
    if (n == 0 || n > 64) {
        fail(ld, line, "%s: one_of must be a list of 1 to 64 numbers (given %s)", where,
             mbc_reader_describe(L, -1, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = labeled(ld, lua_gettop(L), line, where);
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    ru->one_of = arena_alloc(ld->mem, n * sizeof *ru->one_of);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, (lua_Integer)i);
        const double x = lua_tonumber(L, -1);
        const spec_type *ty = p->type;
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(x) ||
            (ty->value != SPEC_REAL && x != floor(x)) ||
            (ty->has_min && (ty->min_exclusive ? !(x > ty->min) : !(x >= ty->min))))
            fail(ld, line, "%s: one_of[%zu] must be a value of type %s (given %s)", where, i,
                 ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
        else
            ru->one_of[ru->one_of_count++] = x;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* rules.one_of, range, required: value rules beyond the type's; the default
 * must satisfy them unless `required` says it is a placeholder. */
static void load_value_rules(loader *ld, int r, const spec_param *p, int line, const char *where,
                             spec_rules *ru)
{
    const int numeric = p->type->value == SPEC_INT || p->type->value == SPEC_REAL;
    load_one_of(ld, r, p, line, where, ru);
    char *range = opt_string(ld, r, "range", line, where);
    if (range && !parse_range(ld, range, ru))
        fail(ld, line, "%s: range must be an interval like \"[0, 1)\" or \"(0, inf)\" (given '%s')",
             where, range);
    ru->required = opt_string(ld, r, "required", line, where);
    if ((ru->one_of_count || ru->has_range) && !numeric)
        fail(ld, line, "%s: one_of and range apply to int and real types only (type %s)", where,
             p->type->name);
    if (ru->required && !ru->required[0])
        fail(ld, line, "%s: required must say how to set the value (given '')", where);
    /* the default against the rules: only for a parameter without errors so
     * far (a rule or default given wrong is reported once, where it is) */
    if (errors_of(ld) != ld->param_errors || is_flagged(ld, r, line, where) || !p->def.num)
        return;
    int default_ok = 1;
    for (size_t i = 0; i < p->def.count && numeric; i++)
        default_ok &= rules_allow(ru, p->def.num[i]);
    strbuf *given = &ld->sb; /* the loader's: a raise leaves nothing behind */
    sb_free(given);
    spec_format_default(p, &p->def, given);
    if (sb_failed(given))
        mbc_reader_raise_nomem(ld->r);
    if (!default_ok && !ru->required)
        fail(ld, line,
             "%s: the default breaks the rule (%s); give a valid default, or `required` when "
             "the default is a placeholder (given %s)",
             where, ru->has_range ? ru->range_rule : "one_of", sb_str(given));
    if (default_ok && ru->required)
        fail(ld, line,
             "%s: required marks a default that breaks the rule, but the default satisfies it "
             "(given %s)",
             where, sb_str(given));
}

static void load_rules(loader *ld, int t, spec_param *p, const char *what)
{
    lua_State *L = ld->L;
    int line = p->line;
    lua_getfield(L, t, "rules");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    char buf[96];
    if (!lua_istable(L, -1) || mbc_sandbox_table_kind(L, -1)) {
        fail(ld, line, "%s: 'rules' must be a table (given %s)", what,
             mbc_reader_describe(L, -1, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    int r = lua_gettop(L);
    char where[256];
    snprintf(where, sizeof where, "%s: rules", what);
    mbc_reader_table table = labeled(ld, r, line, where);
    mbc_reader_check_keys(ld->r, &table, rule_keys, 0);
    spec_rules *ru = &p->rules;
    ru->must_be_set = opt_bool(ld, r, "must_be_set", line, where, 0);
    ru->non_decreasing = opt_bool(ld, r, "non_decreasing", line, where, 0);
    ru->same_length_as = opt_string(ld, r, "same_length_as", line, where);
    ru->positive_when = opt_string(ld, r, "positive_when", line, where);
    ru->check_hook = opt_string(ld, r, "check", line, where);
    lua_getfield(L, r, "min_length");
    if (!lua_isnil(L, -1)) {
        long n;
        if (to_int(ld, line, where, "min_length", 1, 1000000, &n))
            ru->min_length = (int)n;
    }
    lua_pop(L, 1);
    load_value_rules(ld, r, p, line, where, ru);
    if (ru->must_be_set && p->type->value != SPEC_INDEX)
        fail(ld, line, "%s: must_be_set applies to index types only (type %s)", where,
             p->type->name);
    if ((ru->min_length || ru->same_length_as) && p->shape != SPEC_VECTOR)
        fail(ld, line, "%s: length rules apply to variable-size types only (type %s)", where,
             p->type->name);
    if (ru->non_decreasing && (p->shape == SPEC_SCALAR || p->type->value != SPEC_REAL))
        fail(ld, line, "%s: non_decreasing applies to real vectors only (type %s)", where,
             p->type->name);
    if (ru->positive_when && (p->shape != SPEC_SCALAR || p->type->value != SPEC_REAL))
        fail(ld, line, "%s: positive_when applies to real scalars only (type %s)", where,
             p->type->name);
    if (ru->check_hook && !is_identifier(ru->check_hook))
        fail(ld, line, "%s: 'check' must name a C function (given '%s')", where, ru->check_hook);
    lua_pop(L, 1);
}

static void load_param(loader *ld, int t, spec_param *p, const char *list)
{
    lua_State *L = ld->L;
    ld->param_errors = errors_of(ld);
    int line = mbc_sandbox_table_line(L, t);
    const char *name = mbc_sandbox_table_name(L, t);
    char what[160];
    snprintf(what, sizeof what, "%s '%s'", list, name ? name : "?");
    p->line = line;
    p->name = arena_strdup(ld->mem, name ? name : "");
    if (!is_identifier(p->name))
        fail(ld, line, "%s: invalid identifier (given '%s')", what, p->name);
    mbc_reader_table table = labeled(ld, t, line, what);
    mbc_reader_check_keys(ld->r, &table, param_keys, 0);
    char *type = req_string(ld, t, "type", line, what);
    p->type = spec_types_find(ld->reg, type);
    if (type && !p->type) {
        char known[1024] = "";
        for (size_t i = 0; i < ld->reg->count; i++) {
            if (i)
                strncat(known, ", ", sizeof known - strlen(known) - 1);
            strncat(known, ld->reg->types[i].name, sizeof known - strlen(known) - 1);
        }
        fail(ld, line, "%s: unknown type '%s' (known: %s)", what, type, known);
    }
    p->symbol = opt_string(ld, t, "symbol", line, what);
    p->description = req_string(ld, t, "description", line, what);
    p->seed_text = opt_string(ld, t, "seed_text", line, what);
    char *role = opt_string(ld, t, "role", line, what);
    int r = role ? parse_enum(role, role_names, 3) : 0;
    if (r < 0)
        fail(ld, line, "%s: 'role' must be input, derived or state (given '%s')", what, role);
    p->role = r < 0 ? SPEC_INPUT : (spec_param_role)r;
    if (!p->type)
        return;

    p->shape = p->type->shape;
    p->size = p->type->size;
    lua_getfield(L, t, "size");
    if (!lua_isnil(L, -1)) {
        long n;
        if (to_int(ld, line, what, "size", 1, 4096, &n)) {
            if (p->type->shape == SPEC_SCALAR)
                fail(ld, line, "%s: 'size' does not apply to scalar type %s (given %ld)", what,
                     p->type->name, n);
            else if (p->type->shape == SPEC_FIXED && n != p->type->size)
                fail(ld, line, "%s: type %s has size %d (given %ld)", what, p->type->name,
                     p->type->size, n);
            else {
                p->shape = SPEC_FIXED;
                p->size = (int)n;
            }
            p->size_in_docs = 1;
        }
    }
    lua_pop(L, 1);

    lua_getfield(L, t, "doc");
    char *doc_default = NULL;
    if (!lua_isnil(L, -1)) {
        char buf[96];
        if (!lua_istable(L, -1) || mbc_sandbox_table_kind(L, -1)) {
            fail(ld, line, "%s: 'doc' must be a table (given %s)", what,
                 mbc_reader_describe(L, -1, buf, sizeof buf));
        } else {
            int d = lua_gettop(L);
            char where[256];
            snprintf(where, sizeof where, "%s: doc", what);
            mbc_reader_table table = labeled(ld, d, line, where);
            mbc_reader_check_keys(ld->r, &table, doc_keys, 0);
            doc_default = opt_string(ld, d, "default", line, where);
            p->size_in_docs = opt_bool(ld, d, "size", line, where, p->size_in_docs);
        }
    }
    lua_pop(L, 1);

    lua_getfield(L, t, "default");
    int have_default = !lua_isnil(L, -1);
    int ok = 0;
    if (have_default) {
        ok = read_value(ld, p, line, what, &p->def);
        if (ok && p->shape == SPEC_VECTOR && p->def.count > 0) {
            /* the generated init sets vectors to empty without allocating */
            fail(ld, line,
                 "%s: default of a variable-size parameter must be empty (given %zu values)", what,
                 p->def.count);
            ok = 0;
        }
    } else if (p->type->value == SPEC_INDEX) {
        /* Index parameters default to invalid (-1), or empty for variable lists. */
        p->def.count = p->shape == SPEC_VECTOR ? 0 : (size_t)p->size;
        p->def.num = arena_alloc(ld->mem, (p->def.count ? p->def.count : 1) * sizeof(double));
        for (size_t i = 0; i < p->def.count; i++)
            p->def.num[i] = -1;
        ok = 1;
    } else {
        missing(ld, t, line, what, "default");
    }
    lua_pop(L, 1);

    strbuf *sb = &ld->sb; /* the loader's: arena_strdup may leave the protected call */
    sb_free(sb);
    if (ok)
        spec_format_default(p, &p->def, sb);
    if (sb_failed(sb))
        mbc_reader_raise_nomem(ld->r);
    if (doc_default) {
        if (ok && !doc_default_matches(p, doc_default, &p->def))
            fail(ld, line, "%s: doc.default '%s' does not denote the default %s", what, doc_default,
                 sb_str(sb));
        p->doc_default = doc_default;
    } else {
        p->doc_default = arena_strdup(ld->mem, sb_str(sb));
    }
    load_rules(ld, t, p, what);
}

/* Reads a list of named-constructor entries of one kind at t[key]. Returns the count. */
static size_t begin_list(loader *ld, int t, const char *key, int line, const char *kind,
                         int *list_idx)
{
    lua_State *L = ld->L;
    char buf[96];
    line = mbc_reader_key_line(ld->r, key, line);
    lua_getfield(L, t, key);
    *list_idx = lua_gettop(L);
    if (lua_isnil(L, -1))
        return 0;
    if (lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, *list_idx)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) == LUA_TSTRING) {
                fail(ld, mbc_reader_key_line(ld->r, lua_tostring(L, -1), line),
                     "'%s' must be a list of %s \"name\" { ... } entries, not a table with "
                     "named keys (found key '%s')",
                     key, kind, lua_tostring(L, -1));
                lua_pop(L, 1);
                return 0;
            }
        }
    }
    if (!lua_istable(L, -1) || mbc_sandbox_table_kind(L, -1)) {
        fail(ld, line, "'%s' must be a list of %s \"name\" { ... } entries (given %s)", key, kind,
             mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    mbc_reader_table table = labeled(ld, *list_idx, line, key);
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    return lua_rawlen(L, *list_idx);
}

/* Pushes entry i of the list and checks its constructor kind; returns 1 when it fits. */
static int list_entry(loader *ld, int list, size_t i, const char *key, int line, const char *kind)
{
    lua_State *L = ld->L;
    char buf[96];
    lua_rawgeti(L, list, (lua_Integer)i);
    const char *k = mbc_sandbox_table_kind(L, -1);
    if (!k || strcmp(k, kind) != 0) {
        fail(ld, line, "%s[%zu]: expected %s \"name\" { ... } (given %s)", key, i, kind,
             mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    return 1;
}

static void load_params(loader *ld, int t, int line, const char *key, const char *what,
                        spec_param **out, size_t *count)
{
    int list;
    size_t n = begin_list(ld, t, key, line, "param", &list);
    *out = arena_alloc(ld->mem, (n ? n : 1) * sizeof **out);
    *count = 0;
    for (size_t i = 1; i <= n; i++) {
        if (list_entry(ld, list, i, key, line, "param")) {
            spec_param *p = &(*out)[(*count)++];
            load_param(ld, lua_gettop(ld->L), p, what);
            for (size_t j = 0; j + 1 < *count; j++)
                if (strcmp((*out)[j].name, p->name) == 0)
                    fail(ld, p->line, "%s '%s': duplicate name (first at line %d)", what, p->name,
                         (*out)[j].line);
        }
        lua_pop(ld->L, 1);
    }
    lua_pop(ld->L, 1);
}

static int is_count_param(const spec_param *p)
{
    /* p->type is NULL for a parameter whose type is unknown (already reported);
     * a count is never negative: the type's rule is >= 0 (UInt) or > 0 (PInt) */
    return p && p->type && p->shape == SPEC_SCALAR && p->type->value == SPEC_INT &&
           p->type->has_min && (p->type->min_exclusive ? p->type->min >= -1 : p->type->min >= 0);
}

/* The first report that `name` cannot count (a wrong type or a misspelled
 * name that several sizes name is one mistake): 1 once per name. */
static int first_bad_count(loader *ld, const char *name)
{
    if (!name)
        return 1;
    for (int i = 0; i < ld->bad_count_count; i++)
        if (strcmp(ld->bad_counts[i], name) == 0)
            return 0;
    if (ld->bad_count_count < (int)(sizeof ld->bad_counts / sizeof ld->bad_counts[0]))
        ld->bad_counts[ld->bad_count_count++] = arena_strdup(ld->mem, name);
    return 1;
}

/* A count's default above the largest count the runtime evaluates
 * (MBC_INPUT_MAX_SEGMENTS): every object would allocate gigabytes. */
static void check_count_default(loader *ld, int line, const char *what, const spec_param *p)
{
    if (p && p->def.num && p->def.count == 1 && p->def.num[0] > MBC_INPUT_MAX_SEGMENTS &&
        first_bad_count(ld, p->name))
        fail(ld, line, "%s: the default of the count '%s' must be at most %d (given %.17g)", what,
             p->name, MBC_INPUT_MAX_SEGMENTS, p->def.num[0]);
}

/* A reference to a parameter whose type is unknown or missing, or to a
 * parameter that is not found while the parameter list had an error: that
 * mistake is reported once, where it is, and not again by every rule that
 * names the parameter (one line per mistake). */
static int names_broken_param(const loader *ld, const spec_param *p)
{
    return p ? !p->type : (ld->broken & SPEC_BROKEN_PARAMS) != 0;
}

/* same_length_as from p back to p (A -> B -> A): every length waits for
 * another. Reported once, at the cycle's first parameter. */
static void check_length_cycle(loader *ld, const spec_connector *c, const spec_param *p)
{
    const spec_param *q = p;
    char chain[256];
    size_t len = (size_t)snprintf(chain, sizeof chain, "%s", p->name);
    for (size_t step = 0; step < c->param_count; step++) {
        q = q->rules.same_length_as ? spec_find_param(c, q->rules.same_length_as) : NULL;
        if (!q || q < p) /* ends, or a cycle through an earlier parameter (reported there) */
            return;
        if (len < sizeof chain)
            len += (size_t)snprintf(chain + len, sizeof chain - len, " -> %s", q->name);
        if (q == p) {
            fail(ld, p->line,
                 "parameter '%s': same_length_as forms a cycle (%s); name the length "
                 "parameter on one side only",
                 p->name, chain);
            return;
        }
    }
}

/* Cross-references between parameters, checked once all are loaded. */
static void check_param_references(loader *ld, const spec_connector *c)
{
    for (size_t i = 0; i < c->param_count; i++) {
        const spec_param *p = &c->params[i];
        const spec_rules *ru = &p->rules;
        if (ru->same_length_as) {
            const spec_param *q = spec_find_param(c, ru->same_length_as);
            const spec_param *close = q ? NULL : spec_suggest_param(c, ru->same_length_as);
            if (!names_broken_param(ld, q) && close)
                fail(ld, p->line,
                     "parameter '%s': same_length_as must name another variable-size "
                     "parameter (given '%s'; did you mean '%s'?)",
                     p->name, ru->same_length_as, close->name);
            else if (!names_broken_param(ld, q) && (!q || q->shape != SPEC_VECTOR || q == p))
                fail(ld, p->line,
                     "parameter '%s': same_length_as must name another variable-size "
                     "parameter (given '%s')",
                     p->name, ru->same_length_as);
            else if (q && q != p)
                check_length_cycle(ld, c, p);
        }
        if (ru->positive_when) {
            const spec_param *q = spec_find_param(c, ru->positive_when);
            const spec_param *close = q ? NULL : spec_suggest_param(c, ru->positive_when);
            if (!names_broken_param(ld, q) && close)
                fail(ld, p->line,
                     "parameter '%s': positive_when must name a Bool parameter (given '%s'; did "
                     "you mean '%s'?)",
                     p->name, ru->positive_when, close->name);
            else if (!names_broken_param(ld, q) &&
                     (!q || q->type->value != SPEC_BOOL || q->shape != SPEC_SCALAR))
                fail(ld, p->line,
                     "parameter '%s': positive_when must name a Bool parameter (given '%s')",
                     p->name, ru->positive_when);
        }
    }
}

/* ---------------------------------------------------------------- outputs, data */

static void read_count(loader *ld, int t, const char *key, int line, const char *what,
                       const spec_connector *c, spec_count *out)
{
    lua_State *L = ld->L;
    char buf[96];
    out->factor = 1;
    out->per = NULL;
    lua_getfield(L, t, key);
    if (lua_isnil(L, -1)) {
        missing(ld, t, line, what, key);
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
        long n;
        if (to_int(ld, line, what, key, 1, 1 << 20, &n))
            out->factor = (int)n;
    } else if (lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1) && lua_rawlen(L, -1) == 2) {
        int s = lua_gettop(L);
        lua_rawgeti(L, s, 1);
        long n = 1;
        to_int(ld, line, what, key, 1, 1 << 20, &n);
        out->factor = (int)n;
        lua_rawgeti(L, s, 2);
        const char *name = lua_tostring(L, -1);
        out->per = spec_find_param(c, name);
        const spec_param *close = out->per ? NULL : spec_suggest_param(c, name);
        if (is_count_param(out->per))
            check_count_default(ld, line, what, out->per);
        else if (!names_broken_param(ld, out->per) && close && first_bad_count(ld, name))
            fail(ld, line,
                 "%s: '%s' = {factor, \"param\"} must name an integer parameter of a type "
                 ">= 0 such as UInt or PInt (given %s; did you mean '%s'?)",
                 what, key, mbc_reader_describe(L, -1, buf, sizeof buf), close->name);
        else if (!names_broken_param(ld, out->per) && first_bad_count(ld, name))
            fail(ld, line,
                 "%s: '%s' = {factor, \"param\"} must name an integer parameter of a type "
                 ">= 0 such as UInt or PInt (given %s)",
                 what, key, mbc_reader_describe(L, -1, buf, sizeof buf));
        lua_pop(L, 2);
    } else {
        fail(ld, line, "%s: '%s' must be a count or {factor, \"parameter\"} (given %s)", what, key,
             mbc_reader_describe(L, -1, buf, sizeof buf));
    }
    lua_pop(L, 1);
}

static const char *const output_keys[] = {"symbol", "description", "seed_text",
                                          "size",   "reference",   NULL};

static void load_outputs(loader *ld, int t, int line, spec_connector *c)
{
    int list;
    size_t n = begin_list(ld, t, "outputs", line, "output", &list);
    c->outputs = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->outputs);
    for (size_t i = 1; i <= n; i++) {
        if (list_entry(ld, list, i, "outputs", line, "output")) {
            int e = lua_gettop(ld->L);
            spec_output *o = &c->outputs[c->output_count++];
            o->line = mbc_sandbox_table_line(ld->L, e);
            o->name = arena_strdup(ld->mem, mbc_sandbox_table_name(ld->L, e));
            char what[128];
            snprintf(what, sizeof what, "output '%s'", o->name);
            mbc_reader_table table = labeled(ld, e, o->line, what);
            mbc_reader_check_keys(ld->r, &table, output_keys, 0);
            if (!is_identifier(o->name))
                fail(ld, o->line, "%s: invalid identifier (given '%s')", what, o->name);
            o->symbol = opt_string(ld, e, "symbol", o->line, what);
            o->description = req_string(ld, e, "description", o->line, what);
            o->seed_text = opt_string(ld, e, "seed_text", o->line, what);
            o->in_reference = opt_bool(ld, e, "reference", o->line, what, 1);
            read_count(ld, e, "size", o->line, what, c, &o->size);
            for (size_t j = 0; j + 1 < c->output_count; j++)
                if (strcmp(c->outputs[j].name, o->name) == 0)
                    fail(ld, o->line, "%s: duplicate name (first at line %d)", what,
                         c->outputs[j].line);
        }
        lua_pop(ld->L, 1);
    }
    lua_pop(ld->L, 1);
}

static const char *const data_keys[] = {"per", NULL};
static const char *const coordinate_keys[] = {"initial", "description", "seed_text", "index_into",
                                              NULL};

static void load_data(loader *ld, int t, int line, spec_connector *c)
{
    lua_State *L = ld->L;
    char buf[96];
    line = mbc_reader_key_line(ld->r, "data", line);
    lua_getfield(L, t, "data");
    int d = lua_gettop(L);
    if (lua_isnil(L, d)) {
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, d) || mbc_sandbox_table_kind(L, d)) {
        fail(ld, line,
             "'data' must be a table { per = ..., coordinate \"name\" { ... }, ... } "
             "(given %s)",
             mbc_reader_describe(L, d, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = labeled(ld, d, line, "data");
    mbc_reader_check_keys(ld->r, &table, data_keys, MBC_READER_LIST);
    char *per = opt_string(ld, d, "per", line, "data");
    if (per) {
        c->data.per = spec_find_param(c, per);
        const spec_param *close = c->data.per ? NULL : spec_suggest_param(c, per);
        if (is_count_param(c->data.per))
            check_count_default(ld, line, "data", c->data.per);
        else if (!names_broken_param(ld, c->data.per) && close && first_bad_count(ld, per))
            fail(ld, line,
                 "data: 'per' must name an integer parameter of a type >= 0 such as UInt or "
                 "PInt (given '%s'; did you mean '%s'?)",
                 per, close->name);
        else if (!names_broken_param(ld, c->data.per) && first_bad_count(ld, per))
            fail(ld, line,
                 "data: 'per' must name an integer parameter of a type >= 0 such as UInt or "
                 "PInt (given '%s')",
                 per);
    }
    size_t n = lua_rawlen(L, d);
    c->data.blocks = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->data.blocks);
    for (size_t i = 1; i <= n; i++) {
        if (list_entry(ld, d, i, "data", line, "coordinate")) {
            int e = lua_gettop(L);
            int eline = mbc_sandbox_table_line(L, e);
            spec_data_block *b = &c->data.blocks[c->data.block_count++];
            b->name = arena_strdup(ld->mem, mbc_sandbox_table_name(L, e));
            char what[128];
            snprintf(what, sizeof what, "coordinate '%s'", b->name);
            mbc_reader_table table = labeled(ld, e, eline, what);
            mbc_reader_check_keys(ld->r, &table, coordinate_keys, 0);
            if (!is_identifier(b->name))
                fail(ld, eline, "%s: invalid identifier (given '%s')", what, b->name);
            b->description = req_string(ld, e, "description", eline, what);
            b->seed_text = opt_string(ld, e, "seed_text", eline, what);
            lua_getfield(L, e, "initial");
            if (lua_isnil(L, -1))
                missing(ld, e, eline, what, "initial");
            else if (lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1)))
                b->initial = lua_tonumber(L, -1);
            else
                fail(ld, eline, "%s: 'initial' must be a finite number (given %s)", what,
                     mbc_reader_describe(L, -1, buf, sizeof buf));
            lua_pop(L, 1);
            char *into = opt_string(ld, e, "index_into", eline, what);
            b->index_into = into ? spec_find_param(c, into) : NULL;
            if (!into || names_broken_param(ld, b->index_into))
                ; /* none, or a parameter whose mistake is reported where it is */
            else if (!b->index_into && spec_suggest_param(c, into))
                fail(ld, eline,
                     "%s: 'index_into' must name a variable-size parameter (given '%s'; did you "
                     "mean '%s'?)",
                     what, into, spec_suggest_param(c, into)->name);
            else if (!b->index_into || b->index_into->shape != SPEC_VECTOR)
                fail(ld, eline, "%s: 'index_into' must name a variable-size parameter (given '%s')",
                     what, into);
            else if (!(ld->broken & SPEC_BROKEN_MARKERS) &&
                     c->marker_kinds[0] != SPEC_MARKER_CABLE2D_COORDINATES &&
                     c->marker_kinds[1] != SPEC_MARKER_CABLE2D_COORDINATES)
                fail(ld, eline,
                     "%s: 'index_into' is for the current element of a BodyCable2DCoordinates "
                     "marker, which the type does not have",
                     what);
            for (size_t j = 0; j + 1 < c->data.block_count; j++)
                if (strcmp(c->data.blocks[j].name, b->name) == 0)
                    fail(ld, eline, "%s: duplicate name", what);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* ---------------------------------------------------------------- connector */

static const char *const connector_keys[] = {"type",         "description",
                                             "authors",      "provides",
                                             "markers",      "nodes",
                                             "python_name",  "python_visualization_name",
                                             "parameters",   "visualization",
                                             "outputs",      "data",
                                             "quantities",   "theory",
                                             "examples",     "hooks",
                                             "invariants",   "references",
                                             "seed_text",    "pair_binding",
                                             "wall_binding", NULL};

const char *const spec_marker_kind_c[SPEC_MARKER_KIND_COUNT] = {
    "MBC_MARKER_POSITION", "MBC_MARKER_RIGID", "MBC_MARKER_CABLE2D_SHAPE",
    "MBC_MARKER_CABLE2D_COORDINATES"};

/* The marker type names a spec may list, and the kinds they combine to. */
static const char *const marker_names[] = {"Position", "Orientation", "BodyCable2DShape",
                                           "BodyCable2DCoordinates"};
#define MARKER_NAME_COUNT (sizeof marker_names / sizeof marker_names[0])

/* The kind of one marker from its list of type names; fails with the
 * field, the rule and the given value. */
static void marker_kind(loader *ld, int line, const char *what, const spec_string_list *l,
                        spec_marker_kind *out)
{
    unsigned mask = 0;
    for (size_t i = 0; i < l->count; i++) {
        int k = parse_enum(l->items[i], marker_names, (int)MARKER_NAME_COUNT);
        if (k < 0) {
            fail(ld, line,
                 "%s: unknown marker type '%s' (known: Position, Orientation, "
                 "BodyCable2DShape, BodyCable2DCoordinates)",
                 what, l->items[i]);
            return;
        }
        mask |= 1u << k;
    }
    switch (mask) {
    case 1u:
        *out = SPEC_MARKER_POSITION;
        return;
    case 3u:
        *out = SPEC_MARKER_RIGID;
        return;
    case 4u:
        *out = SPEC_MARKER_CABLE2D_SHAPE;
        return;
    case 8u:
        *out = SPEC_MARKER_CABLE2D_COORDINATES;
        return;
    default:
        if (l->count) {
            char given[160] = "";
            for (size_t i = 0, len = 0; i < l->count && len < sizeof given; i++)
                len += (size_t)snprintf(given + len, sizeof given - len, "%s\"%s\"", i ? ", " : "",
                                        l->items[i]);
            fail(ld, line,
                 "%s: unsupported combination of marker types (supported: {\"Position\"}, "
                 "{\"Position\", \"Orientation\"}, {\"BodyCable2DShape\"}, "
                 "{\"BodyCable2DCoordinates\"}; given {%s})",
                 what, given);
        }
    }
}

static void load_markers(loader *ld, int t, int line, spec_connector *c)
{
    lua_State *L = ld->L;
    char buf[96];
    line = mbc_reader_key_line(ld->r, "markers", line);
    lua_getfield(L, t, "markers");
    int m = lua_gettop(L);
    if (lua_isnil(L, m)) {
        missing(ld, t, line, "connector", "markers");
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, m) || mbc_sandbox_table_kind(L, m) || lua_rawlen(L, m) != 2) {
        fail(ld, line,
             "'markers' must list the requested types of marker m0 and m1, as in "
             "{ {\"Position\"}, {\"Position\"} } (given %s)",
             mbc_reader_describe(L, m, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = labeled(ld, m, line, "markers");
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    for (int i = 0; i < 2; i++) {
        lua_rawgeti(L, m, i + 1);
        char what[32];
        snprintf(what, sizeof what, "markers[%d]", i + 1);
        const size_t before = errors_of(ld);
        read_string_list_at(ld, lua_gettop(L), line, what, &c->marker_types[i]);
        if (errors_of(ld) > before) /* reported: not again as a kind */
            ;
        else if (c->marker_types[i].count == 0)
            fail(ld, line, "%s: must name at least one marker type (given { })", what);
        else
            marker_kind(ld, line, what, &c->marker_types[i], &c->marker_kinds[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static const char *const quantity_keys[] = {"symbol", "description", "seed_text", NULL};

static void load_quantities(loader *ld, int t, int line, spec_connector *c)
{
    int list;
    size_t n = begin_list(ld, t, "quantities", line, "quantity", &list);
    c->quantities = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->quantities);
    for (size_t i = 1; i <= n; i++) {
        if (list_entry(ld, list, i, "quantities", line, "quantity")) {
            int e = lua_gettop(ld->L);
            int eline = mbc_sandbox_table_line(ld->L, e);
            spec_quantity *q = &c->quantities[c->quantity_count++];
            q->name = arena_strdup(ld->mem, mbc_sandbox_table_name(ld->L, e));
            char what[160];
            snprintf(what, sizeof what, "quantity '%s'", q->name);
            mbc_reader_table table = labeled(ld, e, eline, what);
            mbc_reader_check_keys(ld->r, &table, quantity_keys, 0);
            q->symbol = opt_string(ld, e, "symbol", eline, what);
            if (!q->symbol)
                q->symbol = arena_strdup(ld->mem, "");
            q->description = req_string(ld, e, "description", eline, what);
            q->seed_text = opt_string(ld, e, "seed_text", eline, what);
            for (size_t j = 0; j + 1 < c->quantity_count; j++)
                if (strcmp(c->quantities[j].name, q->name) == 0)
                    fail(ld, eline, "%s: duplicate name (a row of the quantities table twice)",
                         what);
        }
        lua_pop(ld->L, 1);
    }
    lua_pop(ld->L, 1);
}

static void load_examples(loader *ld, int t, int line, spec_connector *c)
{
    lua_State *L = ld->L;
    char buf[96];
    line = mbc_reader_key_line(ld->r, "examples", line);
    lua_getfield(L, t, "examples");
    int list = lua_gettop(L);
    if (lua_isnil(L, list)) {
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, list) || mbc_sandbox_table_kind(L, list)) {
        fail(ld, line, "'examples' must be a list of {\"file.py\", \"Folder\"} (given %s)",
             mbc_reader_describe(L, list, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = labeled(ld, list, line, "examples");
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    size_t n = lua_rawlen(L, list);
    c->examples = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->examples);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, list, (lua_Integer)i);
        int e = lua_gettop(L);
        if (lua_istable(L, e)) {
            lua_rawgeti(L, e, 1);
            lua_rawgeti(L, e, 2);
        } else {
            lua_pushnil(L);
            lua_pushnil(L);
        }
        if (!lua_istable(L, e) || lua_rawlen(L, e) != 2) {
            fail(ld, line, "examples[%zu] must be {\"file.py\", \"Folder\"} (given %s)", i,
                 mbc_reader_describe(L, e, buf, sizeof buf));
        } else if (lua_type(L, -2) != LUA_TSTRING || lua_rawlen(L, -2) == 0) {
            fail(ld, line, "examples[%zu][1] must be the file name, a non-empty string (given %s)",
                 i, mbc_reader_describe(L, -2, buf, sizeof buf));
        } else if (lua_type(L, -1) != LUA_TSTRING ||
                   (strcmp(lua_tostring(L, -1), "Examples") != 0 &&
                    strcmp(lua_tostring(L, -1), "TestModels") != 0)) {
            fail(ld, line,
                 "examples[%zu][2] must be the folder \"Examples\" or \"TestModels\" (given %s)", i,
                 mbc_reader_describe(L, -1, buf, sizeof buf));
        } else {
            size_t dup = 0;
            for (size_t j = 0; j < c->example_count && !dup; j++)
                dup = strcmp(c->examples[j].file, lua_tostring(L, -2)) == 0 &&
                              strcmp(c->examples[j].folder, lua_tostring(L, -1)) == 0
                          ? j + 1
                          : 0;
            if (dup) {
                fail(ld, line,
                     "examples[%zu]: {\"%s\", \"%s\"} is listed twice (first at examples[%zu])", i,
                     lua_tostring(L, -2), lua_tostring(L, -1), dup);
            } else {
                spec_example *x = &c->examples[c->example_count++];
                x->file = arena_strdup(ld->mem, lua_tostring(L, -2));
                x->folder = arena_strdup(ld->mem, lua_tostring(L, -1));
            }
        }
        lua_pop(L, 3);
    }
    lua_pop(L, 1);
}

/* references = { { key = "Name2001", after = "text of the theory", text = "entry" }, ... } */
static void load_references(loader *ld, int t, int line, spec_connector *c)
{
    static const char *const keys[] = {"key", "after", "text", NULL};
    lua_State *L = ld->L;
    char buf[96];
    line = mbc_reader_key_line(ld->r, "references", line);
    lua_getfield(L, t, "references");
    int list = lua_gettop(L);
    if (!lua_isnil(L, list) && (!lua_istable(L, list) || mbc_sandbox_table_kind(L, list)))
        fail(ld, line,
             "'references' must be a list of { key = ..., after = ..., text = ... } (given %s)",
             mbc_reader_describe(L, list, buf, sizeof buf));
    size_t n = lua_istable(L, list) ? lua_rawlen(L, list) : 0;
    c->references = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->references);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, list, (lua_Integer)i);
        int e = lua_gettop(L);
        char what[48];
        snprintf(what, sizeof what, "references[%zu]", i);
        if (!lua_istable(L, -1)) {
            fail(ld, line, "%s must be { key = ..., after = ..., text = ... } (given %s)", what,
                 mbc_reader_describe(L, e, buf, sizeof buf));
        } else {
            mbc_reader_table table = labeled(ld, e, line, what);
            mbc_reader_check_keys(ld->r, &table, keys, 0);
            spec_reference *r = &c->references[c->reference_count++];
            r->key = req_string(ld, e, "key", line, what);
            r->after = req_string(ld, e, "after", line, what);
            r->text = req_string(ld, e, "text", line, what);
            if (r->key && !is_identifier(r->key))
                fail(ld, line, "%s: 'key' must be an identifier (given '%s')", what, r->key);
            for (size_t j = 0; r->key && j + 1 < c->reference_count; j++)
                if (c->references[j].key && strcmp(c->references[j].key, r->key) == 0)
                    fail(ld, line, "%s: duplicate key '%s' (first at references[%zu])", what,
                         r->key, j + 1);
            if (r->after && c->theory && !strstr(c->theory, r->after))
                fail(ld, line, "%s: 'after' text not found in the theory (given '%s')", what,
                     r->after);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void load_hooks(loader *ld, int t, int line, spec_connector *c)
{
    spec_string_list hooks;
    line = mbc_reader_key_line(ld->r, "hooks", line);
    read_string_list(ld, t, "hooks", line, "connector", &hooks);
    for (size_t i = 0; i < hooks.count; i++) {
        int h = parse_enum(hooks.items[i], spec_hook_names, SPEC_HOOK_COUNT);
        if (h < 0) {
            char known[256] = "";
            for (size_t k = 0, len = 0; k < SPEC_HOOK_COUNT && len < sizeof known; k++)
                len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", k ? ", " : "",
                                        spec_hook_names[k]);
            fail(ld, line, "hooks: unknown hook '%s' (known: %s)", hooks.items[i], known);
        } else if (c->hooks[h])
            fail(ld, line, "hooks: '%s' listed twice", hooks.items[i]);
        else
            c->hooks[h] = 1;
    }
    /* here, not in check_hooks, so that the invariants do not each ask for it;
     * like check_hooks, only for a spec without errors so far */
    if (!c->hooks[SPEC_HOOK_FORCES] && !c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] &&
        errors_of(ld) == 0)
        fail(ld, line,
             "hooks: a connector needs 'forces' or 'algebraic_equations' (given neither)");
}

static int provides(const spec_connector *c, const char *what)
{
    for (size_t i = 0; i < c->provides.count; i++)
        if (strcmp(c->provides.items[i], what) == 0)
            return 1;
    return 0;
}

/* Two names that give the same generated constant (MBC_<TYPE>_OUTPUT_<NAME>:
 * "FooBar" and "Foo_bar" are both FOO_BAR) would not compile. */
static int same_constant(loader *ld, const char *a, const char *b)
{
    strbuf x, y;
    sb_init(&x);
    sb_init(&y);
    naming_snake(a, &x);
    naming_snake(b, &y);
    const int failed = sb_failed(&x) || sb_failed(&y);
    int same = strcmp(sb_str(&x), sb_str(&y)) == 0;
    sb_free(&x);
    sb_free(&y);
    if (failed)
        mbc_reader_raise_nomem(ld->r);
    return same;
}

static void check_constants(loader *ld, const spec_connector *c)
{
    for (size_t i = 0; i < c->output_count; i++)
        for (size_t j = 0; j < i; j++)
            if (same_constant(ld, c->outputs[i].name, c->outputs[j].name))
                fail(ld, c->outputs[i].line,
                     "output '%s': gives the same C constant as output '%s' (line %d); rename "
                     "one",
                     c->outputs[i].name, c->outputs[j].name, c->outputs[j].line);
    for (size_t i = 0; i < c->data.block_count; i++)
        for (size_t j = 0; j < i; j++)
            if (same_constant(ld, c->data.blocks[i].name, c->data.blocks[j].name))
                fail(ld, mbc_reader_key_line(ld->r, "data", c->line),
                     "data: coordinate '%s' gives the same C constant as '%s'; rename one",
                     c->data.blocks[i].name, c->data.blocks[j].name);
}

/* Every hook has what it needs, and what needs a hook has it. */
static void check_hooks(loader *ld, int line, const spec_connector *c)
{
    int hl = mbc_reader_key_line(ld->r, "hooks", line);
    if (c->output_count && !c->hooks[SPEC_HOOK_OUTPUTS])
        fail(ld, mbc_reader_key_line(ld->r, "outputs", line),
             "outputs: %zu output variable%s the 'outputs' hook (add \"outputs\" to hooks)",
             c->output_count, c->output_count == 1 ? " needs" : "s need");
    if (!c->output_count && c->hooks[SPEC_HOOK_OUTPUTS])
        fail(ld, hl, "hooks: 'outputs' needs at least one output variable (given none)");
    for (size_t i = 0; i < c->param_count; i++) {
        const spec_param *p = &c->params[i];
        if (p->role == SPEC_DERIVED && !c->hooks[SPEC_HOOK_INITIALIZE])
            fail(ld, p->line,
                 "parameter '%s': a derived parameter needs the 'initialize' hook, which "
                 "computes it (given hooks without it)",
                 p->name);
        if (p->role == SPEC_STATE && !c->hooks[SPEC_HOOK_POST_NEWTON_STEP])
            fail(ld, p->line,
                 "parameter '%s': a state parameter needs the 'post_newton_step' hook, which "
                 "updates it (given hooks without it)",
                 p->name);
    }
    if (c->hooks[SPEC_HOOK_POST_NEWTON_STEP] && c->data.block_count == 0)
        fail(ld, hl,
             "hooks: 'post_newton_step' needs data coordinates (a 'data' table), which it "
             "recomputes (given none)");
    if (c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] && !provides(c, "Constraint"))
        fail(ld, hl, "hooks: 'algebraic_equations' needs provides = { ..., \"Constraint\" }");
    if (!c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] && provides(c, "Constraint"))
        fail(ld, hl, "hooks: provides \"Constraint\" needs the 'algebraic_equations' hook");
}

static void load_connector(loader *ld, int t, spec_connector *c)
{
    lua_State *L = ld->L;
    int line = mbc_sandbox_table_line(L, t);
    c->line = line;
    mbc_reader_table table = labeled(ld, t, line, "connector");
    mbc_reader_check_keys(ld->r, &table, connector_keys, 0);
    const unsigned all_blocks = SPEC_BROKEN_PARAMS | SPEC_BROKEN_OUTPUTS | SPEC_BROKEN_DATA |
                                SPEC_BROKEN_HOOKS | SPEC_BROKEN_MARKERS;
    if (is_flagged(ld, t, line, "connector")) /* a misspelled block: names into it not checked */
        ld->broken |= all_blocks;
    c->type_name = req_string(ld, t, "type", line, "connector");
    if (c->type_name && !is_identifier(c->type_name))
        fail(ld, line, "connector: 'type' must be an identifier (given '%s')", c->type_name);
    if (c->type_name) {
        size_t n = strlen(c->type_name);
        c->class_name = arena_alloc(ld->mem, n + 7);
        memcpy(c->class_name, "Object", 6);
        memcpy(c->class_name + 6, c->type_name, n + 1);
    }
    c->description = req_string(ld, t, "description", line, "connector");
    c->seed_text = opt_string(ld, t, "seed_text", line, "connector");
    c->python_name = opt_string(ld, t, "python_name", line, "connector");
    c->python_visualization_name =
        opt_string(ld, t, "python_visualization_name", line, "connector");
    if (c->python_name && !is_name(c->python_name))
        fail(ld, line, "connector: 'python_name' must be an identifier (given '%s')",
             c->python_name);
    if (c->python_visualization_name && !is_name(c->python_visualization_name))
        fail(ld, line, "connector: 'python_visualization_name' must be an identifier (given '%s')",
             c->python_visualization_name);
    c->theory = req_string(ld, t, "theory", line, "connector");
    read_string_list(ld, t, "authors", line, "connector", &c->authors);
    size_t before = errors_of(ld);
    read_string_list(ld, t, "provides", line, "connector", &c->provides);
    if (c->provides.count == 0 && errors_of(ld) == before && !is_flagged(ld, t, line, "connector"))
        fail(ld, line, "connector: 'provides' must list at least one type (e.g. \"Connector\")");
    read_string_list(ld, t, "nodes", line, "connector", &c->node_types);
    before = errors_of(ld);
    load_markers(ld, t, line, c);
    ld->broken |= errors_of(ld) > before ? SPEC_BROKEN_MARKERS : 0u;
    before = errors_of(ld);
    load_params(ld, t, line, "parameters", "parameter", &c->params, &c->param_count);
    ld->broken |= errors_of(ld) > before ? SPEC_BROKEN_PARAMS : 0u;
    load_params(ld, t, line, "visualization", "visualization parameter", &c->vparams,
                &c->vparam_count);
    check_param_references(ld, c);
    before = errors_of(ld);
    load_outputs(ld, t, line, c);
    ld->broken |= errors_of(ld) > before ? SPEC_BROKEN_OUTPUTS : 0u;
    before = errors_of(ld);
    load_data(ld, t, line, c);
    ld->broken |= errors_of(ld) > before ? SPEC_BROKEN_DATA : 0u;
    load_quantities(ld, t, line, c);
    load_examples(ld, t, line, c);
    load_references(ld, t, line, c);
    before = errors_of(ld);
    load_hooks(ld, t, line, c);
    ld->broken |= errors_of(ld) > before ? SPEC_BROKEN_HOOKS : 0u;
    /* the invariants' names and hooks are checked against a spec without
     * errors only, as check_hooks below: else they repeat those errors */
    c->invariants.broken = ld->broken | (errors_of(ld) ? all_blocks : 0u);
    mbc_reader_table ct = labeled(ld, t, line, "connector");
    spec_invariants_load(ld->r, &ct, c);
    spec_pair_binding_load(ld->r, &ct, c);
    spec_wall_binding_load(ld->r, &ct, c);
    if (errors_of(ld) == 0) {
        check_hooks(ld, line, c);
        check_constants(ld, c);
    }
    if (c->param_count == 0 && errors_of(ld) == 0)
        fail(ld, line, "connector: 'parameters' must not be empty");
}

mbc_sandbox *spec_sandbox_new(void)
{
    return mbc_sandbox_new("spec", "specs", MBC_SANDBOX_SPEC_CONSTRUCTORS);
}

/* The connector a spec returned (the value at t). */
static void read_connector(loader *ld, int t)
{
    const char *kind = mbc_sandbox_table_kind(ld->L, t);
    if (!kind || strcmp(kind, "connector") != 0) {
        char b[96];
        fail(ld, 0, "must return connector { ... } (returned %s)",
             mbc_reader_describe(ld->L, t, b, sizeof b));
        return;
    }
    load_connector(ld, t, ld->target);
}

mbc_status spec_connector_load_in(spec_connector *out, mbc_sandbox *box,
                                  const spec_type_registry *reg, const char *display_name,
                                  const char *buf, size_t len, diag_list *diag)
{
    memset(out, 0, sizeof *out);
    arena_init(&out->mem);
    out->file = arena_strdup(&out->mem, display_name);
    out->visualization_type = reg->visualization;
    mbc_status st = MBC_ERR_NOMEM;
    if (!out->file)
        diag_add_nomem(diag, display_name);
    else
        st = load_text(box, out->file, buf, len, &out->mem, reg, read_connector, out, diag);
    if (st != MBC_OK)
        spec_connector_free(out);
    return st;
}

mbc_status spec_connector_load_buffer(spec_connector *out, const spec_type_registry *reg,
                                      const char *display_name, const char *buf, size_t len,
                                      diag_list *diag)
{
    mbc_sandbox *box = spec_sandbox_new();
    if (!box) {
        memset(out, 0, sizeof *out);
        diag_add_nomem(diag, display_name);
        return MBC_ERR_NOMEM;
    }
    mbc_status st = spec_connector_load_in(out, box, reg, display_name, buf, len, diag);
    mbc_sandbox_free(box);
    return st;
}

mbc_status spec_connector_load_file(spec_connector *out, mbc_sandbox *box,
                                    const spec_type_registry *reg, const char *path,
                                    diag_list *diag)
{
    char *buf = NULL;
    size_t len = 0;
    mbc_error err = {0};
    mbc_status st = mbc_sandbox_load_file(path, NULL, &buf, &len, &err);
    if (st != MBC_OK) {
        memset(out, 0, sizeof *out);
        diag_add_error(diag, &err);
        return st;
    }
    st = box ? spec_connector_load_in(out, box, reg, path, buf, len, diag)
             : spec_connector_load_buffer(out, reg, path, buf, len, diag);
    free(buf);
    return st;
}

mbc_status spec_connector_load(spec_connector *out, const spec_type_registry *reg, const char *path,
                               diag_list *diag)
{
    return spec_connector_load_file(out, NULL, reg, path, diag);
}

void spec_connector_free(spec_connector *c)
{
    arena_free(&c->mem);
    memset(c, 0, sizeof *c);
}
