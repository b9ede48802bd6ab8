/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads the `parameters` and `visualization` lists of a connector spec
 * (spec_params.h): each param "name" { ... } entry's name, type, symbol,
 * role, size, documented default and default value; its rules are
 * spec_param_rules.c's. */
#include "spec_params.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/suggest.h"

#include "naming.h"
#include "sandbox.h"
#include "spec_defaults.h"
#include "spec_param_rules.h"
#include "spec_units.h"
#include "spec_types.h"

static const char *const param_keys[] = {"type",      "symbol",      "size", "default",
                                         "choices",   "description", "role", "rules",
                                         "seed_text", "doc",         NULL};
static const char *const doc_keys[] = {"default", "size", NULL};
static const char *const role_names[] = {"input", "derived", "state"};

/* ---------------------------------------------------------------- values */

/* A default given as the name of a choice (the string at the top of the
 * stack): its value into *x. */
static int read_choice(loader *ld, const spec_param *p, int line, const char *what, double *x)
{
    const char *name = lua_tostring(ld->L, -1);
    mbc_suggestion s;
    mbc_suggest_begin(&s, name);
    strbuf *names = &ld->sb; /* the loader's: a raise leaves nothing behind */
    sb_free(names);
    for (size_t i = 0; i < p->choices.count; i++) {
        if (strcmp(p->choices.items[i], name) == 0) {
            *x = (double)i;
            return 1;
        }
        mbc_suggest_offer(&s, p->choices.items[i]);
        sb_printf(names, "%s%s", i ? ", " : "", p->choices.items[i]);
    }
    if (sb_failed(names))
        mbc_reader_raise_nomem(ld->r);
    mbc_reader_fail(ld->r, line, NULL,
                    "%s: default must be one of the choices %s, or a number (given '%s'%s%s%s)",
                    what, sb_str(names), name, s.best ? "; did you mean '" : "",
                    s.best ? s.best : "", s.best ? "'?" : "");
    return 0;
}

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
            mbc_reader_fail(ld->r, line, NULL, "%s: default must not contain a NUL byte", what);
            return 0;
        }
        *s = arena_strdup(ld->mem, lua_tostring(L, -1));
        return 1;
    case SPEC_INT:
    case SPEC_INDEX:
    case SPEC_REAL: {
        if (lua_type(L, -1) == LUA_TSTRING && p->choices.count)
            return read_choice(ld, p, line, what, x);
        if (lua_type(L, -1) != LUA_TNUMBER)
            break;
        double v = lua_tonumber(L, -1);
        if (!isfinite(v)) {
            mbc_reader_fail(ld->r, line, NULL, "%s: default must be finite (given %s)", what,
                            mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->value != SPEC_REAL && (v != floor(v) || fabs(v) > 2147483647.0)) {
            mbc_reader_fail(ld->r, line, NULL,
                            "%s: default must be a whole number for type %s (given %s)", what,
                            ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->value == SPEC_INDEX && v < -1) {
            mbc_reader_fail(ld->r, line, NULL,
                            "%s: an index default must be >= 0 or -1 for invalid (given %s)", what,
                            mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        if (ty->has_min && (ty->min_exclusive ? !(v > ty->min) : !(v >= ty->min))) {
            mbc_reader_fail(ld->r, line, NULL, "%s: default must be %s (%s) (given %s)", what,
                            ty->rule, ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
            return 0;
        }
        *x = v;
        return 1;
    }
    }
    mbc_reader_fail(ld->r, line, NULL, "%s: default does not fit type %s (given %s)", what,
                    ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
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
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: default must be a list { ... } for type %s (given %s)", what,
                        p->type->name, mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    int t = lua_gettop(L);
    size_t n = lua_rawlen(L, t);
    mbc_reader_table table = loader_table(ld->r, t, line, what);
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    if (p->shape == SPEC_FIXED && n != (size_t)p->size) {
        mbc_reader_fail(ld->r, line, NULL, "%s: default has %zu elements, type %s needs %d", what,
                        n, p->type->name, p->size);
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

/* ------------------------------------------------------------ one parameter */

/* name, keys, type, symbol, description, seed_text and role of the
 * parameter whose table t is (labeled "LIST 'NAME'"). */
static void load_param_head(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    const int line = t->line;
    const char *what = t->name;
    const char *rule = naming_spec_name_rule(p->name);
    if (rule)
        mbc_reader_fail(ld->r, line, NULL, "%s: the name %s (given '%s')", what, rule, p->name);
    mbc_reader_check_keys(ld->r, t, param_keys, 0);
    char *type = loader_req_string(ld, t->idx, "type", line, what);
    p->type = spec_types_find(ld->reg, type);
    if (type && !p->type) {
        char known[1024] = "";
        for (size_t i = 0; i < ld->reg->count; i++) {
            if (i)
                strncat(known, ", ", sizeof known - strlen(known) - 1);
            strncat(known, ld->reg->types[i].name, sizeof known - strlen(known) - 1);
        }
        mbc_reader_fail(ld->r, line, NULL, "%s: unknown type '%s' (known: %s)", what, type, known);
    }
    p->symbol = loader_opt_string(ld, t->idx, "symbol", line, what);
    p->description = loader_req_string(ld, t->idx, "description", line, what);
    p->seed_text = loader_opt_string(ld, t->idx, "seed_text", line, what);
    spec_units_check(ld->r, line, what, p->description, SPEC_UNITS_DESCRIPTION);
    spec_units_check(ld->r, line, what, p->seed_text, SPEC_UNITS_SEED);
    char *role = loader_opt_string(ld, t->idx, "role", line, what);
    const int r = role ? loader_enum(role, role_names, 3) : 0;
    if (r < 0)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: 'role' must be input, derived or state (given '%s')", what, role);
    p->role = r < 0 ? SPEC_INPUT : (spec_param_role)r;
}

/* size: fixes the element count of a variable-size type, or restates a
 * fixed type's. */
static void load_param_size(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    p->shape = p->type->shape;
    p->size = p->type->size;
    long n = 0;
    if (mbc_reader_integer(ld->r, t, "size", 0, 1, 4096, &n) != MBC_OK || n == 0)
        return;
    if (p->type->shape == SPEC_SCALAR) {
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: 'size' does not apply to scalar type %s (given %ld)", t->name,
                        p->type->name, n);
    } else if (p->type->shape == SPEC_FIXED && n != p->type->size) {
        mbc_reader_fail(ld->r, t->line, NULL, "%s: type %s has size %d (given %ld)", t->name,
                        p->type->name, p->type->size, n);
    } else {
        p->shape = SPEC_FIXED;
        p->size = (int)n;
    }
    p->size_in_docs = 1;
}

/* A choice's name: a letter, then letters, digits, '_', '/', '-' or '.'
 * (the words of a solver's input, "hertz/material"), at most 63 characters. */
static int is_choice_name(const char *s)
{
    if (!isalpha((unsigned char)s[0]) || strlen(s) > NAMING_MAX_NAME)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("_/-.", *s))
            return 0;
    return 1;
}

/* The constant of a choice in the type's header: MBC_<TYPE>_<PARAM>_<NAME>. */
static void choice_constant(const loader *ld, const spec_param *p, const char *choice, strbuf *out)
{
    const spec_connector *c = ld->target;
    sb_puts(out, "MBC_");
    naming_constant(c->type_name ? c->type_name : "", out);
    sb_putc(out, '_');
    naming_choice_constant(p->name, choice, out);
}

/* The choices' names give distinct C constants. */
static void check_choice_constants(loader *ld, int line, const char *what, const spec_param *p)
{
    for (size_t i = 1; i < p->choices.count; i++)
        for (size_t j = 0; j < i; j++) {
            strbuf a, b;
            sb_init(&a);
            sb_init(&b);
            choice_constant(ld, p, p->choices.items[i], &a);
            choice_constant(ld, p, p->choices.items[j], &b);
            const int failed = sb_failed(&a) || sb_failed(&b);
            if (!failed && strcmp(sb_str(&a), sb_str(&b)) == 0)
                mbc_reader_fail(ld->r, line, NULL,
                                "%s: choice '%s' gives the same C constant as choice '%s' (%s); "
                                "rename one",
                                what, p->choices.items[i], p->choices.items[j], sb_str(&a));
            sb_free(&a);
            sb_free(&b);
            if (failed)
                mbc_reader_raise_nomem(ld->r);
        }
}

/* choices = { "name", ... }: the names of the values 0 .. n-1 of an
 * integer scalar whose type admits 0 (docs/spec-language.rst). */
static void load_param_choices(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    const size_t before = loader_errors(ld);
    loader_string_list(ld, t->idx, "choices", t->line, t->name, &p->choices);
    if (!p->choices.items)
        return;
    const int line = mbc_reader_key_line(ld->r, "choices", t->line);
    const spec_type *ty = p->type;
    if (ty->value != SPEC_INT || p->shape != SPEC_SCALAR ||
        (ty->has_min && (ty->min_exclusive ? !(0 > ty->min) : !(0 >= ty->min))))
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: choices name the values 0, 1, 2, ... of an integer scalar whose type "
                        "admits 0, such as UInt (given type %s)",
                        t->name, ty->name);
    else if ((p->choices.count == 0 && loader_errors(ld) == before) || p->choices.count > 64)
        mbc_reader_fail(ld->r, line, NULL, "%s: choices must list 1 to 64 names (given %zu)",
                        t->name, p->choices.count);
    for (size_t i = 0; i < p->choices.count; i++)
        if (!is_choice_name(p->choices.items[i]))
            mbc_reader_fail(ld->r, line, NULL,
                            "%s: a choice must be a word of at most 63 characters: a letter, "
                            "then letters, digits, '_', '/', '-' or '.' (given '%s')",
                            t->name, p->choices.items[i]);
    if (loader_errors(ld) == before)
        check_choice_constants(ld, line, t->name, p);
    if (loader_errors(ld) != before)
        p->choices.count = 0; /* reported: the default is not read against them */
}

/* The values of the choices are the rule one_of = {0, ..., n-1}, which the
 * spec does not give itself; the default is one of them. */
static void apply_choices(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    spec_rules *ru = &p->rules;
    const size_t n = p->choices.count;
    if (n == 0)
        return;
    if (ru->one_of_count || ru->has_range) {
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: choices set the values 0 to %zu, so rules.%s does not apply (given "
                        "both: remove it)",
                        t->name, n - 1, ru->one_of_count ? "one_of" : "range");
        return;
    }
    ru->one_of = arena_alloc(ld->mem, n * sizeof *ru->one_of);
    for (size_t i = 0; i < n; i++)
        ru->one_of[i] = (double)i;
    ru->one_of_count = n;
    if (p->def.num && p->def.count == 1 && !(p->def.num[0] >= 0 && p->def.num[0] < (double)n))
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: default must be one of the choices' values 0 to %zu, or a name "
                        "(given %.17g)",
                        t->name, n - 1, p->def.num[0]);
}

/* doc = { default = "text", size = true/false }: returns doc.default or NULL. */
static char *load_param_doc(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    mbc_reader_table doc;
    char *doc_default = NULL;
    if (mbc_reader_subtable(ld->r, t, "doc", 0, "a table", &doc) == MBC_OK && doc.idx) {
        doc.line = t->line; /* its messages point at the parameter */
        mbc_reader_check_keys(ld->r, &doc, doc_keys, 0);
        doc_default = loader_opt_string(ld, doc.idx, "default", doc.line, doc.name);
        p->size_in_docs = loader_opt_bool(ld, doc.idx, "size", doc.line, doc.name, p->size_in_docs);
    }
    lua_pop(ld->L, 1);
    return doc_default;
}

/* default: the value (index types: invalid, -1, when absent); 1 when p has one. */
static int load_param_default(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    const int line = t->line;
    int ok = 0;
    if (mbc_reader_value(ld->r, t, "default", 0)) {
        ok = read_value(ld, p, line, t->name, &p->def);
        if (ok && p->shape == SPEC_VECTOR && p->def.count > 0) {
            /* the generated init sets vectors to empty without allocating */
            mbc_reader_fail(
                ld->r, line, NULL,
                "%s: default of a variable-size parameter must be empty (given %zu values)",
                t->name, p->def.count);
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
        loader_missing(ld, t->idx, line, t->name, "default");
    }
    lua_pop(ld->L, 1);
    return ok;
}

/* The default as the docs write it: doc.default when it denotes the value. */
static void set_doc_default(loader *ld, const mbc_reader_table *t, spec_param *p, int ok,
                            char *doc_default)
{
    strbuf *sb = &ld->sb; /* the loader's: arena_strdup may leave the protected call */
    sb_free(sb);
    if (ok)
        spec_format_default(p, &p->def, sb);
    if (sb_failed(sb))
        mbc_reader_raise_nomem(ld->r);
    if (doc_default) {
        if (ok && !spec_default_matches(p, doc_default, &p->def))
            mbc_reader_fail(ld->r, t->line, NULL,
                            "%s: doc.default '%s' does not denote the default %s", t->name,
                            doc_default, sb_str(sb));
        p->doc_default = doc_default;
    } else {
        p->doc_default = arena_strdup(ld->mem, sb_str(sb));
    }
}

void spec_params_load_one(loader *ld, int idx, spec_param *p, const char *list)
{
    ld->param_errors = loader_errors(ld);
    const int line = mbc_sandbox_table_line(ld->L, idx);
    const char *name = mbc_sandbox_table_name(ld->L, idx);
    p->line = line;
    p->name = arena_strdup(ld->mem, name ? name : "");
    char what[160];
    snprintf(what, sizeof what, "%s '%s'", list, name ? name : "?");
    mbc_reader_table t = loader_table(ld->r, idx, line, what);
    load_param_head(ld, &t, p);
    if (!p->type)
        return;
    load_param_size(ld, &t, p);
    load_param_choices(ld, &t, p);
    /* a mistake in the keys or the choices is the one line: a default by
     * name cannot be read without them */
    if (loader_errors(ld) != ld->param_errors)
        return;
    char *doc_default = load_param_doc(ld, &t, p);
    const int ok = load_param_default(ld, &t, p);
    set_doc_default(ld, &t, p, ok, doc_default);
    spec_param_rules_load(ld, &t, p);
    apply_choices(ld, &t, p);
}

/* The standard parameter of types.lua named by standard "name" { ... } (the
 * table at idx), with the spec's keys over its own, as a param table the
 * spec could have written at that line (pushed); 0 (nothing pushed) when
 * types.lua has none of that name (reported). */
static int push_standard(loader *ld, int idx, const char *what)
{
    lua_State *L = ld->L;
    const char *name = mbc_sandbox_table_name(L, idx);
    const int line = mbc_sandbox_table_line(L, idx);
    const spec_standard *st = spec_types_find_standard(ld->reg, name);
    if (!st) {
        mbc_suggestion s;
        mbc_suggest_begin(&s, name);
        strbuf *known = &ld->sb; /* the loader's: a raise leaves nothing behind */
        sb_free(known);
        for (size_t i = 0; i < ld->reg->standard_count; i++) {
            mbc_suggest_offer(&s, ld->reg->standards[i].name);
            sb_printf(known, "%s%s", i ? ", " : "", ld->reg->standards[i].name);
        }
        if (sb_failed(known))
            mbc_reader_raise_nomem(ld->r);
        mbc_reader_fail(ld->r, line, NULL,
                        "%s '%s': standard must name a standard parameter of types.lua (given "
                        "'%s'; %s%s%sknown: %s)",
                        what, name, name, s.best ? "did you mean '" : "", s.best ? s.best : "",
                        s.best ? "'? " : "", known->len ? sb_str(known) : "none");
        return 0;
    }
    lua_createtable(L, 0, (int)st->field_count + 2);
    const int t = lua_gettop(L);
    for (size_t i = 0; i < st->field_count; i++) {
        const spec_standard_field *f = &st->fields[i];
        if (f->kind == SPEC_FIELD_STRING)
            lua_pushstring(L, f->text);
        else if (f->kind == SPEC_FIELD_NUMBER)
            lua_pushnumber(L, f->number);
        else if (f->kind == SPEC_FIELD_BOOL)
            lua_pushboolean(L, f->number != 0.0);
        else {
            lua_createtable(L, (int)f->count, 0);
            for (size_t k = 0; k < f->count; k++) {
                lua_pushnumber(L, f->list[k]);
                lua_rawseti(L, -2, (lua_Integer)k + 1);
            }
        }
        lua_setfield(L, t, f->key);
    }
    for (lua_pushnil(L); lua_next(L, idx);) { /* the spec's keys */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, t);
    }
    mbc_sandbox_table_record(L, t, "param", name, line);
    return 1;
}

void spec_params_load(loader *ld, int idx, int line, const char *key, const char *what,
                      spec_param **out, size_t *count)
{
    int list;
    size_t n = loader_list_begin(ld, idx, key, line, "param", &list);
    *out = arena_alloc(ld->mem, (n ? n : 1) * sizeof **out);
    *count = 0;
    for (size_t i = 1; i <= n; i++) {
        if (loader_list_entry(ld, list, i, key, line, "param")) {
            const char *kind = mbc_sandbox_table_kind(ld->L, -1);
            if (strcmp(kind, "standard") == 0 && !push_standard(ld, lua_gettop(ld->L), what)) {
                lua_pop(ld->L, 1);
                continue;
            }
            spec_param *p = &(*out)[(*count)++];
            spec_params_load_one(ld, lua_gettop(ld->L), p, what);
            if (strcmp(kind, "standard") == 0)
                lua_pop(ld->L, 1); /* the table push_standard made */
            for (size_t j = 0; j + 1 < *count; j++)
                if (strcmp((*out)[j].name, p->name) == 0)
                    mbc_reader_fail(ld->r, p->line, NULL,
                                    "%s '%s': duplicate name (first at line %d)", what, p->name,
                                    (*out)[j].line);
        }
        lua_pop(ld->L, 1);
    }
    lua_pop(ld->L, 1);
}
