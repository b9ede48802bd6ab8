/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc list` and `mbc describe`, as text and as JSON (describe.h). The
 * descriptions in the reflection tables are plain text already (mbcgen
 * renders the specs' RST at generation time, generator/rst_text.h). JSON is
 * written by the library's writer (runtime/base/json_out.h, as `mbc eval`). */
#include "describe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_out.h"
#include "mbconnect/output_text.h"
#include "mbconnect/plugin.h"
#include "mbconnect/unit.h"
#include "mbconnect/wall_eval.h"

static const char *const kind_names[] = {"bool", "int", "real", "float", "string", "index"};
static const char *const shape_names[] = {"scalar", "fixed", "vector"};
static const char *const role_names[] = {"input", "derived", "state"};
static const char *const marker_kind_names[] = {"position", "rigid", "cable2d_shape",
                                                "cable2d_coordinates"};
static const char *origin_text(const mbc_registry *r, size_t i, char *buf, size_t size)
{
    const char *origin = mbc_registry_origin(r, i);
    if (!origin)
        return "built in";
    snprintf(buf, size, "plugin %s", origin);
    return buf;
}

/* Index of the type in r (for its origin). */
static size_t index_of(const mbc_registry *r, const mbc_type_info *t)
{
    size_t i = 0;
    while (i < mbc_registry_size(r) && mbc_registry_entry(r, i) != t)
        i++;
    return i;
}

/* Writes a finished JSON document, or the writer's error: the
 * out-of-memory line (71), or a number it refused (a plugin's non-finite
 * default: 2). */
static int finish_json(json_writer *w, const char *what, FILE *out, FILE *err)
{
    int rc = 0;
    if (json_failed(w) && w->error.status == MBC_ERR_NOMEM) {
        fprintf(err, "%s: out of memory\n", what);
        rc = 71;
    } else if (json_failed(w)) {
        fprintf(err, "%s: %s\n", what, w->error.message);
        rc = 2;
    } else {
        fprintf(out, "%s\n", w->data);
    }
    json_free(w);
    return rc;
}

static void json_origin(json_writer *w, const mbc_registry *r, size_t i)
{
    const char *origin = mbc_registry_origin(r, i);
    json_string(w, "origin", origin ? "plugin" : "builtin");
    if (origin)
        json_string(w, "plugin", origin);
    else
        json_null(w, "plugin");
}

int describe_list(const mbc_registry *r, bool json, FILE *out, FILE *err)
{
    if (json) {
        json_writer w;
        json_init(&w);
        json_begin_object(&w, NULL);
        json_begin_array(&w, "types", false);
        for (size_t i = 0; i < mbc_registry_size(r); i++) {
            const mbc_type_info *t = mbc_registry_entry(r, i);
            json_begin_object(&w, NULL);
            json_string(&w, "type", t->type_name);
            json_string(&w, "class", t->class_name);
            json_origin(&w, r, i);
            json_integer(&w, "parameters", (long)t->param_count);
            json_integer(&w, "visualization", (long)t->vparam_count);
            json_integer(&w, "outputs", (long)t->output_count);
            json_end_object(&w);
        }
        json_end_array(&w);
        json_end_object(&w);
        return finish_json(&w, "mbc list", out, err);
    }
    fprintf(out, "%-30s %10s %14s %8s  %s\n", "type", "parameters", "visualization", "outputs",
            "origin");
    for (size_t i = 0; i < mbc_registry_size(r); i++) {
        const mbc_type_info *t = mbc_registry_entry(r, i);
        char origin[1100];
        fprintf(out, "%-30s %10zu %14zu %8zu  %s\n", t->type_name, t->param_count, t->vparam_count,
                t->output_count, origin_text(r, i, origin, sizeof origin));
    }
    return 0;
}

/* ------------------------------------------------------------------ text */

static void print_params(FILE *out, const char *title, const mbc_param_info *list, size_t count)
{
    fprintf(out, "\n%s (%zu):\n", title, count);
    fprintf(out, "  %-30s %-18s %-5s %s\n", "name", "type", "size", "default");
    for (size_t i = 0; i < count; i++) {
        const mbc_param_info *p = &list[i];
        char size[16];
        if (p->shape == MBC_VECTOR)
            snprintf(size, sizeof size, "any");
        else
            snprintf(size, sizeof size, "%zu", p->size);
        /* a named choice's default with its name: "1 (hertz)" */
        const char *choice =
            p->default_count == 1 ? mbc_param_choice_name(p, p->default_values[0]) : NULL;
        fprintf(out, "  %-30s %-18s %-5s %s%s%s%s%s\n", p->name, p->type, size, p->default_text,
                choice ? " (" : "", choice ? choice : "", choice ? ")" : "",
                p->role == MBC_ROLE_DERIVED ? "  (derived)"
                : p->role == MBC_ROLE_STATE ? "  (state)"
                                            : "");
        fprintf(out, "      %s\n", p->description);
        char rules[512];
        if (mbc_param_rules_text(p, rules, sizeof rules)[0])
            fprintf(out, "      rules: %s\n", rules);
        char units[512];
        if (mbc_unit_describe(p->description, units, sizeof units)[0])
            fprintf(out, "      unit: %s\n", units);
    }
}

/* One output in the library's words (mbconnect/output_text.h), as Python's
 * describe() has it too. */
static void print_output(FILE *out, const mbc_type_info *t, size_t i)
{
    char small[2048];
    const size_t n = mbc_output_text(t, i, small, sizeof small);
    char *text = n < sizeof small ? small : malloc(n + 1);
    if (text && text != small)
        mbc_output_text(t, i, text, n + 1);
    fputs(text ? text : small, out); /* no memory: the text cut to the buffer */
    if (text != small)
        free(text);
}

/* How mbc-lammps's `mbconnect pair` sums output k of a type with a pair
 * binding (bridges/lammps/law.c, find_outputs): 1 in an f_mbconnect entry,
 * 2 an energy book, in an entry with `mbconnect energy yes`, 0 in none (a
 * size other than a fixed 1). */
static int lammps_summed(const mbc_type_info *t, size_t k)
{
    const mbc_output_info *o = &t->outputs[k];
    if (o->per >= 0 || o->factor != 1)
        return 0;
    return strcmp(o->name, "StoredEnergy") == 0 || strcmp(o->name, "DissipatedPower") == 0 ? 2 : 1;
}

/* The f_mbconnect entries of mbc-lammps with this type as the only law. */
static void print_lammps_entries(FILE *out, const mbc_type_info *t)
{
    if (!t->pair_binding)
        return;
    fputs("f_mbconnect (mbc-lammps, this type the only law): [1] contacts, [2] mean overlap (m)",
          out);
    int entry = 3, books = 0;
    for (int book = 0; book < 2; book++)
        for (size_t k = 0; k < t->output_count; k++)
            if (lammps_summed(t, k) == 1 + book)
                fprintf(out, "%s[%d] %s",
                        book && books++ == 0 ? "; with mbconnect energy yes: " : ", ", entry++,
                        t->outputs[k].name);
    if (books)
        fprintf(out, ", [%d] dissipated energy (J), [%d] energy of the inserted atoms (J)", entry,
                entry + 1);
    fputs("\n", out);
    int none = 0;
    for (size_t k = 0; k < t->output_count; k++)
        if (!lammps_summed(t, k))
            fprintf(out, "%s%s",
                    none++ ? ", " : "outputs in no f_mbconnect entry: ", t->outputs[k].name);
    if (none)
        fputs("\n", out);
}

static void describe_text(const mbc_registry *r, const mbc_type_info *t, FILE *out)
{
    char origin[1100];
    fprintf(out, "%s (%s)\n%s\n", t->type_name, t->class_name, t->description);
    fprintf(out, "markers: m0 %s, m1 %s\n", t->marker_types[0], t->marker_types[1]);
    fprintf(out, "origin: %s\n", origin_text(r, index_of(r, t), origin, sizeof origin));
    char binding[512];
    fprintf(out, "pair binding: %s\n", mbc_pair_binding_text(t, binding, sizeof binding));
    print_lammps_entries(out, t);
    fprintf(out, "wall binding: %s\n", mbc_wall_binding_text(t, binding, sizeof binding));
    print_params(out, "Parameters", t->params, t->param_count);
    print_params(out, "Visualization parameters", t->vparams, t->vparam_count);
    fprintf(out, "\nOutput variables (%zu):\n", t->output_count);
    for (size_t i = 0; i < t->output_count; i++)
        print_output(out, t, i);
    fprintf(out, "\nData coordinates (%zu block%s of %s each):\n", t->data_block_count,
            t->data_block_count == 1 ? "" : "s",
            t->data_per >= 0 ? t->params[t->data_per].name : "1");
    for (size_t i = 0; i < t->data_block_count; i++) {
        char initial[32];
        mbc_format_number(t->data[i].initial, initial, sizeof initial);
        fprintf(out, "  %-20s initial %-6s %s\n", t->data[i].name, initial, t->data[i].description);
    }
}

/* ------------------------------------------------------------------ JSON */

/* A number of p's kind: whole for bool, int and index parameters. */
static void json_value(json_writer *w, const char *key, const mbc_param_info *p, double v)
{
    if (p->kind == MBC_VALUE_REAL || p->kind == MBC_VALUE_FLOAT)
        json_number(w, key, v);
    else
        json_integer(w, key, (long)v);
}

/* An end of a range: its number, null when unbounded (JSON has no inf). */
static void json_range_end(json_writer *w, const char *key, const mbc_param_info *p, double v)
{
    if (isinf(v))
        json_null(w, key);
    else
        json_value(w, key, p, v);
}

/* The spec's physical-validity rules: "oneOf" (values or null), "range"
 * (text, ends and whether each end is open, or null), "required" (the hint
 * when the default is a placeholder, or null), "rulesText" (every value
 * rule in words, as the text form shows them, or null), "checkText" (what
 * the parameter's check requires, the spec's rules.check_text, or null) and
 * "choices" (the names of the values 0, 1, ... of a parameter with named
 * choices, or null). */
static void json_rules(json_writer *w, const mbc_param_info *p)
{
    if (p->one_of_count) {
        json_begin_array(w, "oneOf", true);
        for (size_t k = 0; k < p->one_of_count; k++)
            json_value(w, NULL, p, p->one_of[k]);
        json_end_array(w);
    } else {
        json_null(w, "oneOf");
    }
    if (p->has_range) {
        json_begin_object(w, "range");
        json_string(w, "text", p->range_rule);
        json_range_end(w, "min", p, p->range_min);
        json_bool(w, "minOpen", p->range_min_open);
        json_range_end(w, "max", p, p->range_max);
        json_bool(w, "maxOpen", p->range_max_open);
        json_end_object(w);
    } else {
        json_null(w, "range");
    }
    if (p->required)
        json_string(w, "required", p->required);
    else
        json_null(w, "required");
    char rules[512];
    if (mbc_param_rules_text(p, rules, sizeof rules)[0])
        json_string(w, "rulesText", rules);
    else
        json_null(w, "rulesText");
    const char *check = mbc_param_info_check_text(p);
    if (check)
        json_string(w, "checkText", check);
    else
        json_null(w, "checkText");
    size_t n = 0;
    const char *const *names = mbc_param_info_choices(p, &n);
    if (names) {
        json_begin_array(w, "choices", true);
        for (size_t k = 0; k < n; k++)
            json_string(w, NULL, names[k]);
        json_end_array(w);
    } else {
        json_null(w, "choices");
    }
}

/* "units": every unit the description states, as written and in SI base
 * units (mbconnect/unit.h): [{"unit": "N/m", "si": "kg s^-2"}]. */
static void json_units(json_writer *w, const char *description)
{
    char unit[MBC_UNIT_TEXT_SIZE], base[128];
    json_begin_array(w, "units", false);
    for (const char *at = mbc_unit_next(description, unit, sizeof unit); at;
         at = mbc_unit_next(at, unit, sizeof unit)) {
        mbc_unit u;
        json_begin_object(w, NULL);
        json_string(w, "unit", unit);
        if (mbc_unit_parse(unit, strlen(unit), &u, NULL) == MBC_OK)
            json_string(w, "si", mbc_unit_base_text(&u, base, sizeof base));
        else
            json_null(w, "si");
        json_end_object(w);
    }
    json_end_array(w);
}

static void json_param(json_writer *w, const mbc_param_info *p)
{
    char unit[64];
    json_begin_object(w, NULL);
    json_string(w, "name", p->name);
    json_string(w, "type", p->type);
    json_string(w, "kind", kind_names[p->kind]);
    json_string(w, "shape", shape_names[p->shape]);
    if (p->shape == MBC_VECTOR)
        json_null(w, "size");
    else
        json_integer(w, "size", (long)p->size);
    if (p->kind == MBC_VALUE_STRING) {
        /* documented as 'text' */
        const char *d = p->default_text ? p->default_text : "";
        size_t n = strlen(d);
        char text[256];
        if (n >= 2 && d[0] == '\'' && d[n - 1] == '\'' && n - 2 < sizeof text) {
            memcpy(text, d + 1, n - 2);
            text[n - 2] = '\0';
            d = text;
        }
        json_string(w, "default", d);
    } else {
        json_begin_array(w, "default", true);
        for (size_t k = 0; k < p->default_count; k++)
            json_value(w, NULL, p, p->default_values[k]);
        json_end_array(w);
    }
    json_string(w, "defaultText", p->default_text ? p->default_text : "");
    const char *u = mbc_unit_of(p->description, unit, sizeof unit);
    if (u)
        json_string(w, "unit", u);
    else
        json_null(w, "unit");
    json_units(w, p->description);
    if (p->symbol)
        json_string(w, "symbol", p->symbol);
    else
        json_null(w, "symbol");
    if (p->rule)
        json_string(w, "rule", p->rule);
    else
        json_null(w, "rule");
    json_rules(w, p);
    json_string(w, "role", role_names[p->role]);
    json_string(w, "description", p->description ? p->description : "");
    json_end_object(w);
}

static void json_params(json_writer *w, const char *key, const mbc_param_info *list, size_t n)
{
    json_begin_array(w, key, false);
    for (size_t i = 0; i < n; i++)
        json_param(w, &list[i]);
    json_end_array(w);
}

static void json_outputs_and_data(json_writer *w, const mbc_type_info *t)
{
    json_begin_array(w, "outputs", false);
    for (size_t i = 0; i < t->output_count; i++) {
        const mbc_output_info *o = &t->outputs[i];
        json_begin_object(w, NULL);
        json_string(w, "name", o->name);
        json_begin_object(w, "size");
        json_integer(w, "factor", (long)o->factor);
        if (o->per >= 0)
            json_string(w, "per", t->params[o->per].name);
        else
            json_null(w, "per");
        json_end_object(w);
        if (o->symbol)
            json_string(w, "symbol", o->symbol);
        else
            json_null(w, "symbol");
        json_units(w, o->description);
        json_string(w, "description", o->description ? o->description : "");
        json_end_object(w);
    }
    json_end_array(w);
    json_begin_object(w, "data");
    if (t->data_per >= 0)
        json_string(w, "per", t->params[t->data_per].name);
    else
        json_null(w, "per");
    json_begin_array(w, "blocks", false);
    for (size_t i = 0; i < t->data_block_count; i++) {
        json_begin_object(w, NULL);
        json_string(w, "name", t->data[i].name);
        json_number(w, "initial", t->data[i].initial);
        json_units(w, t->data[i].description);
        json_string(w, "description", t->data[i].description ? t->data[i].description : "");
        json_end_object(w);
    }
    json_end_array(w);
    json_end_object(w);
}

/* "wallBinding": {"shapes": ["plane", "cylinder"]} or null. */
static void json_wall_binding(json_writer *w, const mbc_type_info *t)
{
    const unsigned shapes = mbc_wall_eval_shapes(t);
    if (!shapes) {
        json_null(w, "wallBinding");
        return;
    }
    json_begin_object(w, "wallBinding");
    json_begin_array(w, "shapes", true);
    if (shapes & MBC_WALL_PLANE)
        json_string(w, NULL, "plane");
    if (shapes & MBC_WALL_CYLINDER)
        json_string(w, NULL, "cylinder");
    json_end_array(w);
    json_end_object(w);
}

/* "pairBinding": {"kind", "centers": ["m0", "m1"], "radii": PARAMETER,
 * "masses": PARAMETER or null, "kernel": in-place kernel, "reach": contacts
 * outlive touching} or null
 * (a member out of range: "unknown" or null). */
static void json_pair_binding(json_writer *w, const mbc_type_info *t)
{
    mbc_pair_binding_names n;
    if (!mbc_pair_binding_get_names(t, &n)) {
        json_null(w, "pairBinding");
        return;
    }
    json_begin_object(w, "pairBinding");
    json_string(w, "kind", n.kind ? n.kind : "unknown");
    json_begin_array(w, "centers", true);
    for (int i = 0; i < 2; i++)
        if (n.centers[i])
            json_string(w, NULL, n.centers[i]);
        else
            json_null(w, NULL);
    json_end_array(w);
    if (n.radii)
        json_string(w, "radii", n.radii);
    else
        json_null(w, "radii");
    const size_t masses = mbc_pair_binding_masses(t->pair_binding);
    if (masses > 0 && masses - 1 < t->param_count)
        json_string(w, "masses", t->params[masses - 1].name);
    else
        json_null(w, "masses");
    json_bool(w, "kernel", mbc_pair_binding_evaluate(t->pair_binding) != NULL);
    json_bool(w, "reach", mbc_pair_binding_reach(t->pair_binding) != NULL);
    /* the outputs in mbc-lammps's f_mbconnect entries [3]... (this type the
     * only law), the energy books there with `mbconnect energy yes`, and
     * the outputs in none */
    const char *keys[3] = {"lammpsNotSummed", "lammpsSums", "lammpsEnergyBooks"};
    for (int kind = 1; kind <= 3; kind++) {
        json_begin_array(w, keys[kind % 3], true);
        for (size_t k = 0; k < t->output_count; k++)
            if (lammps_summed(t, k) == kind % 3)
                json_string(w, NULL, t->outputs[k].name);
        json_end_array(w);
    }
    json_end_object(w);
}

static int describe_json(const mbc_registry *r, const mbc_type_info *t, FILE *out, FILE *err)
{
    json_writer w;
    json_init(&w);
    json_begin_object(&w, NULL);
    json_string(&w, "type", t->type_name);
    json_string(&w, "class", t->class_name);
    json_origin(&w, r, index_of(r, t));
    json_string(&w, "description", t->description ? t->description : "");
    json_begin_array(&w, "markers", false);
    for (int m = 0; m < 2; m++) {
        json_begin_object(&w, NULL);
        json_string(&w, "types", t->marker_types[m]);
        json_string(&w, "kind", marker_kind_names[t->marker_kinds[m]]);
        json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "hooks", true);
#define HOOK_NAME(ID, NAME, FIELD, WRITES, ARGS, CALL)                                             \
    if (t->FIELD)                                                                                  \
        json_string(&w, NULL, #NAME);
    MBC_HOOKS(HOOK_NAME)
#undef HOOK_NAME
    json_end_array(&w);
    json_params(&w, "parameters", t->params, t->param_count);
    json_params(&w, "visualization", t->vparams, t->vparam_count);
    json_outputs_and_data(&w, t);
    json_pair_binding(&w, t);
    json_wall_binding(&w, t);
    json_end_object(&w);
    return finish_json(&w, t->type_name, out, err);
}

int describe_type(const mbc_registry *r, const char *name, bool json, FILE *out, FILE *err)
{
    const mbc_type_info *t = mbc_registry_lookup(r, name);
    if (!t) {
        char known[4096];
        mbc_registry_names(r, known, sizeof known);
        const char *close = mbc_registry_suggest_type(r, name);
        char dirs[1024];
        mbc_plugin_search_path(dirs, sizeof dirs);
        fprintf(err,
                "mbc: unknown connector type '%s'%s%s%s (known: %s); a type from a plugin needs "
                "--plugin PLUGIN (plugin search path: %s)\n",
                name, close ? " (did you mean '" : "", close ? close : "", close ? "'?)" : "",
                known, dirs);
        return 2;
    }
    if (json)
        return describe_json(r, t, out, err);
    describe_text(r, t, out);
    return 0;
}
