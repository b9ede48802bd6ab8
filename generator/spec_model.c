/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads specs/NAME.lua into the spec model, validating everything before
 * anything is written: unknown keys, defaults that do not fit type or size,
 * duplicate names, missing descriptions, names that are no identifiers, wrong
 * table shapes. Every problem becomes one "FILE:LINE: what is wrong (what
 * was given)" diagnostic. The parameters are spec_params.c's and
 * spec_param_rules.c's, the type registry spec_types.c's, the blocks
 * invariants, pair_binding and wall_binding their own files'. */
#include "spec_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/input.h"

#include "loader.h"
#include "naming.h"
#include "sandbox.h"
#include "spec_param_rules.h"
#include "spec_params.h"
#include "spec_units.h"

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

/* ---------------------------------------------------------------- counts */

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
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: the default of the count '%s' must be at most %d (given %.17g)", what,
                        p->name, MBC_INPUT_MAX_SEGMENTS, p->def.num[0]);
}

/* ---------------------------------------------------------------- outputs, data */

static void read_count(loader *ld, int t, const char *key, int line, const char *what,
                       const spec_connector *c, spec_count *out)
{
    lua_State *L = ld->L;
    char buf[96];
    out->factor = 1;
    out->per = NULL;
    mbc_reader_table table = loader_table(ld->r, t, line, what);
    if (!mbc_reader_value(ld->r, &table, key, MBC_READER_REQUIRED)) {
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
        long n;
        if (loader_int(ld, line, what, key, 1, 1 << 20, &n))
            out->factor = (int)n;
    } else if (lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1) && lua_rawlen(L, -1) == 2) {
        int s = lua_gettop(L);
        lua_rawgeti(L, s, 1);
        long n = 1;
        loader_int(ld, line, what, key, 1, 1 << 20, &n);
        out->factor = (int)n;
        lua_rawgeti(L, s, 2);
        const char *name = lua_tostring(L, -1);
        out->per = spec_find_param(c, name);
        const spec_param *close = out->per ? NULL : spec_suggest_param(c, name);
        if (is_count_param(out->per))
            check_count_default(ld, line, what, out->per);
        else if (!loader_names_broken_param(ld, out->per) && close && first_bad_count(ld, name))
            mbc_reader_fail(
                ld->r, line, NULL,
                "%s: '%s' = {factor, \"param\"} must name an integer parameter of a type "
                ">= 0 such as UInt or PInt (given %s; did you mean '%s'?)",
                what, key, mbc_reader_describe(L, -1, buf, sizeof buf), close->name);
        else if (!loader_names_broken_param(ld, out->per) && first_bad_count(ld, name))
            mbc_reader_fail(
                ld->r, line, NULL,
                "%s: '%s' = {factor, \"param\"} must name an integer parameter of a type "
                ">= 0 such as UInt or PInt (given %s)",
                what, key, mbc_reader_describe(L, -1, buf, sizeof buf));
        lua_pop(L, 2);
    } else {
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: '%s' must be a count or {factor, \"parameter\"} (given %s)", what, key,
                        mbc_reader_describe(L, -1, buf, sizeof buf));
    }
    lua_pop(L, 1);
}

static const char *const output_keys[] = {"symbol", "description", "seed_text",
                                          "size",   "reference",   NULL};

static void load_outputs(loader *ld, int t, int line, spec_connector *c)
{
    int list;
    size_t n = loader_list_begin(ld, t, "outputs", line, "output", &list);
    c->outputs = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->outputs);
    for (size_t i = 1; i <= n; i++) {
        if (loader_list_entry(ld, list, i, "outputs", line, "output")) {
            int e = lua_gettop(ld->L);
            spec_output *o = &c->outputs[c->output_count++];
            o->line = mbc_sandbox_table_line(ld->L, e);
            o->name = arena_strdup(ld->mem, mbc_sandbox_table_name(ld->L, e));
            char what[128];
            snprintf(what, sizeof what, "output '%s'", o->name);
            mbc_reader_table table = loader_table(ld->r, e, o->line, what);
            mbc_reader_check_keys(ld->r, &table, output_keys, 0);
            const char *rule = naming_spec_name_rule(o->name);
            if (rule)
                mbc_reader_fail(ld->r, o->line, NULL, "%s: the name %s (given '%s')", what, rule,
                                o->name);
            o->symbol = loader_opt_string(ld, e, "symbol", o->line, what);
            o->description = loader_req_string(ld, e, "description", o->line, what);
            o->seed_text = loader_opt_string(ld, e, "seed_text", o->line, what);
            spec_units_check(ld->r, o->line, what, o->description, SPEC_UNITS_DESCRIPTION);
            spec_units_check(ld->r, o->line, what, o->seed_text, SPEC_UNITS_SEED);
            o->in_reference = loader_opt_bool(ld, e, "reference", o->line, what, 1);
            read_count(ld, e, "size", o->line, what, c, &o->size);
            for (size_t j = 0; j + 1 < c->output_count; j++)
                if (strcmp(c->outputs[j].name, o->name) == 0)
                    mbc_reader_fail(ld->r, o->line, NULL, "%s: duplicate name (first at line %d)",
                                    what, c->outputs[j].line);
        }
        lua_pop(ld->L, 1);
    }
    lua_pop(ld->L, 1);
}

static const char *const data_keys[] = {"per", NULL};
static const char *const coordinate_keys[] = {"initial", "description", "seed_text", "index_into",
                                              NULL};

/* data.per: the parameter that counts each block's coordinates. */
static void load_data_per(loader *ld, int d, int line, spec_connector *c)
{
    char *per = loader_opt_string(ld, d, "per", line, "data");
    if (!per)
        return;
    c->data.per = spec_find_param(c, per);
    const spec_param *close = c->data.per ? NULL : spec_suggest_param(c, per);
    if (is_count_param(c->data.per))
        check_count_default(ld, line, "data", c->data.per);
    else if (!loader_names_broken_param(ld, c->data.per) && close && first_bad_count(ld, per))
        mbc_reader_fail(ld->r, line, NULL,
                        "data: 'per' must name an integer parameter of a type >= 0 such as UInt "
                        "or PInt (given '%s'; did you mean '%s'?)",
                        per, close->name);
    else if (!loader_names_broken_param(ld, c->data.per) && first_bad_count(ld, per))
        mbc_reader_fail(ld->r, line, NULL,
                        "data: 'per' must name an integer parameter of a type >= 0 such as UInt "
                        "or PInt (given '%s')",
                        per);
}

/* index_into: the variable-size parameter the coordinate is an index into,
 * the current element of a BodyCable2DCoordinates marker. */
static void load_index_into(loader *ld, const mbc_reader_table *t, const spec_connector *c,
                            spec_data_block *b)
{
    char *into = loader_opt_string(ld, t->idx, "index_into", t->line, t->name);
    b->index_into = into ? spec_find_param(c, into) : NULL;
    if (!into || loader_names_broken_param(ld, b->index_into))
        return; /* none, or a parameter whose mistake is reported where it is */
    if (!b->index_into && spec_suggest_param(c, into))
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: 'index_into' must name a variable-size parameter (given '%s'; did "
                        "you mean '%s'?)",
                        t->name, into, spec_suggest_param(c, into)->name);
    else if (!b->index_into || b->index_into->shape != SPEC_VECTOR)
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: 'index_into' must name a variable-size parameter (given '%s')",
                        t->name, into);
    else if (!(ld->broken & SPEC_BROKEN_MARKERS) &&
             c->marker_kinds[0] != SPEC_MARKER_CABLE2D_COORDINATES &&
             c->marker_kinds[1] != SPEC_MARKER_CABLE2D_COORDINATES)
        mbc_reader_fail(ld->r, t->line, NULL,
                        "%s: 'index_into' is for the current element of a "
                        "BodyCable2DCoordinates marker, which the type does not have",
                        t->name);
}

/* One coordinate "name" { ... } block, the table at e. */
static void load_coordinate(loader *ld, int e, spec_connector *c)
{
    lua_State *L = ld->L;
    const int eline = mbc_sandbox_table_line(L, e);
    spec_data_block *b = &c->data.blocks[c->data.block_count++];
    b->name = arena_strdup(ld->mem, mbc_sandbox_table_name(L, e));
    char what[128], buf[96];
    snprintf(what, sizeof what, "coordinate '%s'", b->name);
    mbc_reader_table t = loader_table(ld->r, e, eline, what);
    mbc_reader_check_keys(ld->r, &t, coordinate_keys, 0);
    const char *rule = naming_spec_name_rule(b->name);
    if (rule)
        mbc_reader_fail(ld->r, eline, NULL, "%s: the name %s (given '%s')", what, rule, b->name);
    b->description = loader_req_string(ld, e, "description", eline, what);
    b->seed_text = loader_opt_string(ld, e, "seed_text", eline, what);
    spec_units_check(ld->r, eline, what, b->description, SPEC_UNITS_DESCRIPTION);
    spec_units_check(ld->r, eline, what, b->seed_text, SPEC_UNITS_SEED);
    if (!mbc_reader_value(ld->r, &t, "initial", MBC_READER_REQUIRED))
        ; /* reported */
    else if (lua_type(L, -1) == LUA_TNUMBER && isfinite(lua_tonumber(L, -1)))
        b->initial = lua_tonumber(L, -1);
    else
        mbc_reader_fail(ld->r, eline, NULL, "%s: 'initial' must be a finite number (given %s)",
                        what, mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    load_index_into(ld, &t, c, b);
    for (size_t j = 0; j + 1 < c->data.block_count; j++)
        if (strcmp(c->data.blocks[j].name, b->name) == 0)
            mbc_reader_fail(ld->r, eline, NULL, "%s: duplicate name", what);
}

static void load_data(loader *ld, int t, int line, spec_connector *c)
{
    lua_State *L = ld->L;
    line = mbc_reader_key_line(ld->r, "data", line);
    mbc_reader_table connector = loader_table(ld->r, t, line, ""), data;
    if (mbc_reader_subtable(ld->r, &connector, "data", 0,
                            "a table { per = ..., coordinate \"name\" { ... }, ... }",
                            &data) != MBC_OK ||
        !data.idx) {
        lua_pop(L, 1);
        return;
    }
    const int d = data.idx;
    data = loader_table(ld->r, d, line, "data");
    mbc_reader_check_keys(ld->r, &data, data_keys, MBC_READER_LIST);
    load_data_per(ld, d, line, c);
    size_t n = lua_rawlen(L, d);
    c->data.blocks = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->data.blocks);
    for (size_t i = 1; i <= n; i++) {
        if (loader_list_entry(ld, d, i, "data", line, "coordinate"))
            load_coordinate(ld, lua_gettop(L), c);
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
        int k = loader_enum(l->items[i], marker_names, (int)MARKER_NAME_COUNT);
        if (k < 0) {
            mbc_reader_fail(ld->r, line, NULL,
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
            mbc_reader_fail(
                ld->r, line, NULL,
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
    mbc_reader_table connector = loader_table(ld->r, t, line, "connector");
    const int present = mbc_reader_value(ld->r, &connector, "markers", MBC_READER_REQUIRED);
    int m = lua_gettop(L);
    if (!present) {
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, m) || mbc_sandbox_table_kind(L, m) || lua_rawlen(L, m) != 2) {
        mbc_reader_fail(ld->r, line, NULL,
                        "'markers' must list the requested types of marker m0 and m1, as in "
                        "{ {\"Position\"}, {\"Position\"} } (given %s)",
                        mbc_reader_describe(L, m, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = loader_table(ld->r, m, line, "markers");
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    for (int i = 0; i < 2; i++) {
        lua_rawgeti(L, m, i + 1);
        char what[32];
        snprintf(what, sizeof what, "markers[%d]", i + 1);
        const size_t before = loader_errors(ld);
        loader_string_list_at(ld, lua_gettop(L), line, what, &c->marker_types[i]);
        if (loader_errors(ld) > before) /* reported: not again as a kind */
            ;
        else if (c->marker_types[i].count == 0)
            mbc_reader_fail(ld->r, line, NULL, "%s: must name at least one marker type (given { })",
                            what);
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
    size_t n = loader_list_begin(ld, t, "quantities", line, "quantity", &list);
    c->quantities = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->quantities);
    for (size_t i = 1; i <= n; i++) {
        if (loader_list_entry(ld, list, i, "quantities", line, "quantity")) {
            int e = lua_gettop(ld->L);
            int eline = mbc_sandbox_table_line(ld->L, e);
            spec_quantity *q = &c->quantities[c->quantity_count++];
            q->name = arena_strdup(ld->mem, mbc_sandbox_table_name(ld->L, e));
            char what[160];
            snprintf(what, sizeof what, "quantity '%s'", q->name);
            mbc_reader_table table = loader_table(ld->r, e, eline, what);
            mbc_reader_check_keys(ld->r, &table, quantity_keys, 0);
            q->symbol = loader_opt_string(ld, e, "symbol", eline, what);
            if (!q->symbol)
                q->symbol = arena_strdup(ld->mem, "");
            q->description = loader_req_string(ld, e, "description", eline, what);
            q->seed_text = loader_opt_string(ld, e, "seed_text", eline, what);
            spec_units_check(ld->r, eline, what, q->description, SPEC_UNITS_DESCRIPTION);
            spec_units_check(ld->r, eline, what, q->seed_text, SPEC_UNITS_SEED);
            for (size_t j = 0; j + 1 < c->quantity_count; j++)
                if (strcmp(c->quantities[j].name, q->name) == 0)
                    mbc_reader_fail(ld->r, eline, NULL,
                                    "%s: duplicate name (a row of the quantities table twice)",
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
    mbc_reader_table connector = loader_table(ld->r, t, line, ""), examples;
    if (mbc_reader_subtable(ld->r, &connector, "examples", 0, "a list of {\"file.py\", \"Folder\"}",
                            &examples) != MBC_OK ||
        !examples.idx) {
        lua_pop(L, 1);
        return;
    }
    const int list = examples.idx;
    mbc_reader_table table = loader_table(ld->r, list, line, "examples");
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
            mbc_reader_fail(ld->r, line, NULL,
                            "examples[%zu] must be {\"file.py\", \"Folder\"} (given %s)", i,
                            mbc_reader_describe(L, e, buf, sizeof buf));
        } else if (lua_type(L, -2) != LUA_TSTRING || lua_rawlen(L, -2) == 0) {
            mbc_reader_fail(ld->r, line, NULL,
                            "examples[%zu][1] must be the file name, a non-empty string (given %s)",
                            i, mbc_reader_describe(L, -2, buf, sizeof buf));
        } else if (lua_type(L, -1) != LUA_TSTRING ||
                   (strcmp(lua_tostring(L, -1), "Examples") != 0 &&
                    strcmp(lua_tostring(L, -1), "TestModels") != 0)) {
            mbc_reader_fail(
                ld->r, line, NULL,
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
                mbc_reader_fail(
                    ld->r, line, NULL,
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
    mbc_reader_table connector = loader_table(ld->r, t, line, ""), references;
    mbc_reader_subtable(ld->r, &connector, "references", 0,
                        "a list of { key = ..., after = ..., text = ... }", &references);
    const int list = references.idx;
    size_t n = list ? lua_rawlen(L, list) : 0;
    c->references = arena_alloc(ld->mem, (n ? n : 1) * sizeof *c->references);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, list, (lua_Integer)i);
        int e = lua_gettop(L);
        char what[48];
        snprintf(what, sizeof what, "references[%zu]", i);
        if (!lua_istable(L, -1)) {
            mbc_reader_fail(ld->r, line, NULL,
                            "%s must be { key = ..., after = ..., text = ... } (given %s)", what,
                            mbc_reader_describe(L, e, buf, sizeof buf));
        } else {
            mbc_reader_table table = loader_table(ld->r, e, line, what);
            mbc_reader_check_keys(ld->r, &table, keys, 0);
            spec_reference *r = &c->references[c->reference_count++];
            r->key = loader_req_string(ld, e, "key", line, what);
            r->after = loader_req_string(ld, e, "after", line, what);
            r->text = loader_req_string(ld, e, "text", line, what);
            if (r->key && !naming_is_spec_name(r->key))
                mbc_reader_fail(ld->r, line, NULL, "%s: 'key' must be an identifier (given '%s')",
                                what, r->key);
            for (size_t j = 0; r->key && j + 1 < c->reference_count; j++)
                if (c->references[j].key && strcmp(c->references[j].key, r->key) == 0)
                    mbc_reader_fail(ld->r, line, NULL,
                                    "%s: duplicate key '%s' (first at references[%zu])", what,
                                    r->key, j + 1);
            if (r->after && c->theory && !strstr(c->theory, r->after))
                mbc_reader_fail(ld->r, line, NULL,
                                "%s: 'after' text not found in the theory (given '%s')", what,
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
    loader_string_list(ld, t, "hooks", line, "connector", &hooks);
    for (size_t i = 0; i < hooks.count; i++) {
        int h = loader_enum(hooks.items[i], spec_hook_names, SPEC_HOOK_COUNT);
        if (h < 0) {
            char known[256] = "";
            for (size_t k = 0, len = 0; k < SPEC_HOOK_COUNT && len < sizeof known; k++)
                len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", k ? ", " : "",
                                        spec_hook_names[k]);
            mbc_reader_fail(ld->r, line, NULL, "hooks: unknown hook '%s' (known: %s)",
                            hooks.items[i], known);
        } else if (c->hooks[h])
            mbc_reader_fail(ld->r, line, NULL, "hooks: '%s' listed twice", hooks.items[i]);
        else
            c->hooks[h] = 1;
    }
    /* here, not in check_hooks, so that the invariants do not each ask for it;
     * like check_hooks, only for a spec without errors so far */
    if (!c->hooks[SPEC_HOOK_FORCES] && !c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] &&
        loader_errors(ld) == 0)
        mbc_reader_fail(
            ld->r, line, NULL,
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

/* The constants of the type's header that are not a named choice's
 * (emit_c.c), each after MBC_<TYPE>_, with what gives them, into
 * names[0..] and whats[0..]; returns their count (at most max). */
static size_t other_constants(const spec_connector *c, strbuf *names, strbuf *whats, size_t max)
{
    size_t n = 0;
    static const char *const fixed[] = {"TYPE_NAME", "OUTPUT_COUNT", "DATA_COUNT"};
    for (size_t i = 0; i < 3 && n < max; i++, n++) {
        sb_puts(&names[n], fixed[i]);
        sb_puts(&whats[n], "the header");
    }
    for (size_t i = 0; i < c->output_count && n < max; i++, n++) {
        sb_puts(&names[n], "OUTPUT_");
        naming_constant(c->outputs[i].name, &names[n]);
        sb_printf(&whats[n], "output '%s'", c->outputs[i].name);
    }
    for (size_t i = 0; i < c->data.block_count && n < max; i++, n++) {
        sb_puts(&names[n], "DATA_");
        naming_constant(c->data.blocks[i].name, &names[n]);
        sb_printf(&whats[n], "coordinate '%s'", c->data.blocks[i].name);
    }
    return n;
}

/* A named choice's constant (MBC_<TYPE>_<PARAM>_<NAME>, and
 * MBC_<TYPE>_<PARAM>_NAMES) that another constant of the header has too.
 * Returns 1 when an allocation failed (the caller frees, then raises). */
static int check_choice_constants(loader *ld, const spec_connector *c, const spec_param *p,
                                  const strbuf *names, const strbuf *whats, size_t n)
{
    strbuf macro, x;
    sb_init(&macro);
    sb_init(&x);
    naming_constant(c->type_name, &macro);
    for (size_t k = 0; k <= p->choices.count && !sb_failed(&macro); k++) {
        sb_free(&x);
        if (k < p->choices.count) {
            naming_choice_constant(p->name, p->choices.items[k], &x);
        } else {
            naming_constant(p->name, &x);
            sb_puts(&x, "_NAMES");
        }
        for (size_t i = 0; i < n && !sb_failed(&x); i++)
            if (strcmp(sb_str(&x), sb_str(&names[i])) == 0)
                mbc_reader_fail(ld->r, p->line, NULL,
                                "parameter '%s': %s%s%s gives the C constant MBC_%s_%s, which "
                                "%s gives too; rename one",
                                p->name, k < p->choices.count ? "choice '" : "the names",
                                k < p->choices.count ? p->choices.items[k] : "",
                                k < p->choices.count ? "'" : "", sb_str(&macro), sb_str(&x),
                                sb_str(&whats[i]));
    }
    const int failed = sb_failed(&x) || sb_failed(&macro);
    sb_free(&x);
    sb_free(&macro);
    return failed;
}

/* The named choices' constants against the header's others, and those of
 * the other parameters' choices. */
static void check_choices_constants(loader *ld, const spec_connector *c)
{
    size_t with = 0;
    for (size_t i = 0; i < c->param_count + c->vparam_count; i++)
        with +=
            (i < c->param_count ? &c->params[i] : &c->vparams[i - c->param_count])->choices.count;
    if (!with)
        return;
    enum { MAX = 256 };
    strbuf names[MAX], whats[MAX];
    for (size_t i = 0; i < MAX; i++)
        sb_init(&names[i]), sb_init(&whats[i]);
    size_t n = other_constants(c, names, whats, MAX);
    int failed = 0;
    for (size_t i = 0; i < c->param_count + c->vparam_count && !failed; i++) {
        const spec_param *p = i < c->param_count ? &c->params[i] : &c->vparams[i - c->param_count];
        failed = check_choice_constants(ld, c, p, names, whats, n);
        for (size_t k = 0; k < p->choices.count && n < MAX; k++, n++) {
            naming_choice_constant(p->name, p->choices.items[k], &names[n]);
            sb_printf(&whats[n], "choice '%s' of parameter '%s'", p->choices.items[k], p->name);
        }
    }
    for (size_t i = 0; i < MAX; i++) {
        failed |= sb_failed(&names[i]) || sb_failed(&whats[i]);
        sb_free(&names[i]);
        sb_free(&whats[i]);
    }
    if (failed)
        mbc_reader_raise_nomem(ld->r);
}

static void check_constants(loader *ld, const spec_connector *c)
{
    check_choices_constants(ld, c);
    for (size_t i = 0; i < c->output_count; i++)
        for (size_t j = 0; j < i; j++)
            if (same_constant(ld, c->outputs[i].name, c->outputs[j].name))
                mbc_reader_fail(
                    ld->r, c->outputs[i].line, NULL,
                    "output '%s': gives the same C constant as output '%s' (line %d); rename "
                    "one",
                    c->outputs[i].name, c->outputs[j].name, c->outputs[j].line);
    for (size_t i = 0; i < c->data.block_count; i++)
        for (size_t j = 0; j < i; j++)
            if (same_constant(ld, c->data.blocks[i].name, c->data.blocks[j].name))
                mbc_reader_fail(
                    ld->r, mbc_reader_key_line(ld->r, "data", c->line), NULL,
                    "data: coordinate '%s' gives the same C constant as '%s'; rename one",
                    c->data.blocks[i].name, c->data.blocks[j].name);
}

/* Every hook has what it needs, and what needs a hook has it. */
static void check_hooks(loader *ld, int line, const spec_connector *c)
{
    int hl = mbc_reader_key_line(ld->r, "hooks", line);
    if (c->output_count && !c->hooks[SPEC_HOOK_OUTPUTS])
        mbc_reader_fail(
            ld->r, mbc_reader_key_line(ld->r, "outputs", line), NULL,
            "outputs: %zu output variable%s the 'outputs' hook (add \"outputs\" to hooks)",
            c->output_count, c->output_count == 1 ? " needs" : "s need");
    if (!c->output_count && c->hooks[SPEC_HOOK_OUTPUTS])
        mbc_reader_fail(ld->r, hl, NULL,
                        "hooks: 'outputs' needs at least one output variable (given none)");
    for (size_t i = 0; i < c->param_count; i++) {
        const spec_param *p = &c->params[i];
        if (p->role == SPEC_DERIVED && !c->hooks[SPEC_HOOK_INITIALIZE])
            mbc_reader_fail(
                ld->r, p->line, NULL,
                "parameter '%s': a derived parameter needs the 'initialize' hook, which "
                "computes it (given hooks without it)",
                p->name);
        if (p->role == SPEC_STATE && !c->hooks[SPEC_HOOK_POST_NEWTON_STEP])
            mbc_reader_fail(
                ld->r, p->line, NULL,
                "parameter '%s': a state parameter needs the 'post_newton_step' hook, which "
                "updates it (given hooks without it)",
                p->name);
    }
    if (c->hooks[SPEC_HOOK_POST_NEWTON_STEP] && c->data.block_count == 0)
        mbc_reader_fail(
            ld->r, hl, NULL,
            "hooks: 'post_newton_step' needs data coordinates (a 'data' table), which it "
            "recomputes (given none)");
    if (c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] && !provides(c, "Constraint"))
        mbc_reader_fail(ld->r, hl, NULL,
                        "hooks: 'algebraic_equations' needs provides = { ..., \"Constraint\" }");
    if (!c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] && provides(c, "Constraint"))
        mbc_reader_fail(ld->r, hl, NULL,
                        "hooks: provides \"Constraint\" needs the 'algebraic_equations' hook");
}

static void load_connector(loader *ld, int t, spec_connector *c)
{
    lua_State *L = ld->L;
    int line = mbc_sandbox_table_line(L, t);
    c->line = line;
    mbc_reader_table table = loader_table(ld->r, t, line, "connector");
    mbc_reader_check_keys(ld->r, &table, connector_keys, 0);
    const unsigned all_blocks = SPEC_BROKEN_PARAMS | SPEC_BROKEN_OUTPUTS | SPEC_BROKEN_DATA |
                                SPEC_BROKEN_HOOKS | SPEC_BROKEN_MARKERS;
    if (loader_flagged(ld, t, line,
                       "connector")) /* a misspelled block: names into it not checked */
        ld->broken |= all_blocks;
    c->type_name = loader_req_string(ld, t, "type", line, "connector");
    if (c->type_name && !naming_is_spec_name(c->type_name))
        mbc_reader_fail(ld->r, line, NULL, "connector: 'type' must be an identifier (given '%s')",
                        c->type_name);
    if (c->type_name) {
        size_t n = strlen(c->type_name);
        c->class_name = arena_alloc(ld->mem, n + 7);
        memcpy(c->class_name, "Object", 6);
        memcpy(c->class_name + 6, c->type_name, n + 1);
    }
    c->description = loader_req_string(ld, t, "description", line, "connector");
    c->seed_text = loader_opt_string(ld, t, "seed_text", line, "connector");
    spec_units_check(ld->r, line, "connector", c->description, SPEC_UNITS_DESCRIPTION);
    c->python_name = loader_opt_string(ld, t, "python_name", line, "connector");
    c->python_visualization_name =
        loader_opt_string(ld, t, "python_visualization_name", line, "connector");
    if (c->python_name && !naming_is_name(c->python_name))
        mbc_reader_fail(ld->r, line, NULL,
                        "connector: 'python_name' must be an identifier (given '%s')",
                        c->python_name);
    if (c->python_visualization_name && !naming_is_name(c->python_visualization_name))
        mbc_reader_fail(ld->r, line, NULL,
                        "connector: 'python_visualization_name' must be an identifier (given '%s')",
                        c->python_visualization_name);
    c->theory = loader_req_string(ld, t, "theory", line, "connector");
    loader_string_list(ld, t, "authors", line, "connector", &c->authors);
    size_t before = loader_errors(ld);
    loader_string_list(ld, t, "provides", line, "connector", &c->provides);
    if (c->provides.count == 0 && loader_errors(ld) == before &&
        !loader_flagged(ld, t, line, "connector"))
        mbc_reader_fail(ld->r, line, NULL,
                        "connector: 'provides' must list at least one type (e.g. \"Connector\")");
    loader_string_list(ld, t, "nodes", line, "connector", &c->node_types);
    before = loader_errors(ld);
    load_markers(ld, t, line, c);
    ld->broken |= loader_errors(ld) > before ? SPEC_BROKEN_MARKERS : 0u;
    before = loader_errors(ld);
    spec_params_load(ld, t, line, "parameters", "parameter", &c->params, &c->param_count);
    ld->broken |= loader_errors(ld) > before ? SPEC_BROKEN_PARAMS : 0u;
    spec_params_load(ld, t, line, "visualization", "visualization parameter", &c->vparams,
                     &c->vparam_count);
    spec_param_rules_check_references(ld, c);
    before = loader_errors(ld);
    load_outputs(ld, t, line, c);
    ld->broken |= loader_errors(ld) > before ? SPEC_BROKEN_OUTPUTS : 0u;
    before = loader_errors(ld);
    load_data(ld, t, line, c);
    ld->broken |= loader_errors(ld) > before ? SPEC_BROKEN_DATA : 0u;
    load_quantities(ld, t, line, c);
    load_examples(ld, t, line, c);
    load_references(ld, t, line, c);
    before = loader_errors(ld);
    load_hooks(ld, t, line, c);
    ld->broken |= loader_errors(ld) > before ? SPEC_BROKEN_HOOKS : 0u;
    /* the invariants' names and hooks are checked against a spec without
     * errors only, as check_hooks below: else they repeat those errors */
    c->invariants.broken = ld->broken | (loader_errors(ld) ? all_blocks : 0u);
    mbc_reader_table ct = loader_table(ld->r, t, line, "connector");
    spec_invariants_load(ld->r, &ct, c);
    spec_pair_binding_load(ld->r, &ct, c);
    spec_wall_binding_load(ld->r, &ct, c);
    if (loader_errors(ld) == 0) {
        check_hooks(ld, line, c);
        check_constants(ld, c);
    }
    if (c->param_count == 0 && loader_errors(ld) == 0)
        mbc_reader_fail(ld->r, line, NULL, "connector: 'parameters' must not be empty");
}

/* The connector a spec returned (the value at t). */
static void read_connector(loader *ld, int t)
{
    const char *kind = mbc_sandbox_table_kind(ld->L, t);
    if (!kind || strcmp(kind, "connector") != 0) {
        char b[96];
        mbc_reader_fail(ld->r, 0, NULL, "must return connector { ... } (returned %s)",
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
        st = loader_run(box, out->file, buf, len, &out->mem, reg, read_connector, out, diag);
    if (st != MBC_OK)
        spec_connector_free(out);
    return st;
}

mbc_status spec_connector_load_buffer(spec_connector *out, const spec_type_registry *reg,
                                      const char *display_name, const char *buf, size_t len,
                                      diag_list *diag)
{
    mbc_sandbox *box = loader_sandbox_new();
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
