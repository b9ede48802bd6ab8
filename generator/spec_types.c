/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter-type registry (spec_types.h): one type "Name" { ... } of
 * specs/types.lua read and checked, and the lookups by name
 * (spec_types_load.c reads the whole file). */
#include "spec_types.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "naming.h"
#include "sandbox.h"

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

void spec_types_load_type(loader *ld, int idx, spec_type *ty)
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
