/* SPDX-License-Identifier: BSD-3-Clause */
/* Pair laws of the pair and wall styles (law.h). */
#include "law.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/plugin.h"

#define LAW_MAX_VALUES 64 /* elements of one array value */

void ml_law_destroy(ml_law *law)
{
    if (!law)
        return;
    mbc_object_destroy(law->object);
    free(law->initial);
    free(law->outputs);
    free(law);
}

/* A Bool word, or a number (the whole text); 0 when it is neither. */
static int parse_element(const char *s, double *x)
{
    static const char *const yes[] = {"true", "yes", "on"}, *const no[] = {"false", "no", "off"};
    for (int i = 0; i < 3; i++) {
        if (strcasecmp(s, yes[i]) == 0 || strcasecmp(s, no[i]) == 0) {
            *x = strcasecmp(s, yes[i]) == 0 ? 1.0 : 0.0;
            return 1;
        }
    }
    char *end = NULL;
    *x = strtod(s, &end);
    return end != s && *end == '\0';
}

/* value: "x" or "x,y,..."; n receives the element count. */
static int parse_values(const char *value, double *x, size_t *n)
{
    char buf[1024];
    if (strlen(value) >= sizeof buf)
        return 0;
    memcpy(buf, value, strlen(value) + 1);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (*n == LAW_MAX_VALUES || !parse_element(tok, &x[*n]))
            return 0;
        ++*n;
    }
    return *n > 0;
}

/* One NAME VALUE pair through the library's setters and messages. */
static mbc_status set_param(ml_law *law, const char *what, const char *name, const char *value,
                            mbc_error *err)
{
    mbc_object *o = law->object;
    const mbc_type_info *t = o->type;
    const mbc_param_info *p = mbc_object_find_param(o, name);
    mbc_error e = {0};
    mbc_status st = MBC_OK;
    const size_t masses = mbc_pair_binding_masses(law->binding);
    if (p == &t->params[law->binding->radii_param]) {
        st = mbc_fail_param(&e, MBC_ERR_NAME, t->type_name, name, 0,
                            "is set from the atoms' radii by the type's pair binding (given %s)",
                            value);
    } else if (masses && p == &t->params[masses - 1]) {
        st = mbc_fail_param(&e, MBC_ERR_NAME, t->type_name, name, 0,
                            "is set from the atoms' masses by the type's pair binding (given %s)",
                            value);
    } else if (p && p->kind == MBC_VALUE_INDEX && p->role == MBC_ROLE_INPUT) {
        st = mbc_fail_param(&e, MBC_ERR_NAME, t->type_name, name, 0,
                            "is a marker or node number, which the engine's bridge sets (given %s)",
                            value);
    } else if (p && p->kind == MBC_VALUE_STRING) {
        st = mbc_object_set_string(o, name, value, &e);
    } else {
        double x[LAW_MAX_VALUES];
        size_t n = 0;
        const bool numbers = p && parse_values(value, x, &n);
        if (p && !numbers && mbc_param_choice_name(p, 0)) /* a named choice: "hertz" */
            st = mbc_object_set_string(o, name, value, &e);
        else if (p && !numbers)
            st = mbc_fail_param(&e, MBC_ERR_VALUE, t->type_name, name, 0,
                                "must be a number or a comma-separated list of numbers (%s), "
                                "given '%s'",
                                p->type, value);
        else
            st = mbc_object_set_array(o, name, x, p ? n : 1, &e);
    }
    if (st == MBC_ERR_NOMEM)
        return mbc_fail_nomem(err, what);
    if (st != MBC_OK)
        return mbc_fail(err, st, "%s: %s", what, e.message);
    return MBC_OK;
}

/* Unit masses in the binding's masses parameter, if it has one. */
static void set_unit_masses(ml_law *law)
{
    const size_t masses = mbc_pair_binding_masses(law->binding);
    if (!masses)
        return;
    const mbc_object *o = law->object;
    double *m = (double *)(void *)((char *)o->params + o->type->params[masses - 1].offset);
    m[0] = m[1] = 1.0;
}

/* Two unit spheres overlapping by 0.1 and approaching at 0.1: PostNewtonStep,
 * forces and every output once, so that the hooks' own checks run now. */
static mbc_status trial_evaluation(ml_law *law, const char *what, double *data, mbc_error *err)
{
    mbc_object *o = law->object;
    mbc_rigid_marker m[2] = {
        {{0, 0, 0}, {0.05, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0, 0}},
        {{1.9, 0, 0}, {-0.05, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0, 0}},
    };
    law->radii[0] = law->radii[1] = 1.0;
    set_unit_masses(law);
    mbc_state s = {.marker = {&m[0], &m[1]},
                   .data = law->initial,
                   .data_start = law->initial,
                   .data_count = law->data_count};
    mbc_post_newton pn = {.data = data};
    mbc_forces f = {0};
    mbc_error e = {0};
    mbc_status st = MBC_OK;
    if (o->type->post_newton_step)
        st = mbc_object_post_newton_step(o, &s, &pn, &e);
    if (st == MBC_OK) {
        s.data = s.data_start = data;
        st = mbc_object_forces(o, &s, &f, &e);
    }
    for (size_t k = 0; st == MBC_OK && k < law->output_count; k++) {
        double value = 0.0;
        st = mbc_object_output(o, &s, law->outputs[k], &value, 1, &e);
    }
    if (st != MBC_OK)
        return mbc_fail(err, st, "%s: %s", what, e.message);
    return MBC_OK;
}

/* The scalar outputs (size 1) that are summed, "Energy" among them; the
 * energy books StoredEnergy and DissipatedPower only with `books` (they cost
 * a law's kernel time). */
static int find_outputs(ml_law *law, int books)
{
    const mbc_type_info *t = law->object->type;
    law->energy = -1;
    law->book_outputs[0] = law->book_outputs[1] = -1;
    law->outputs = calloc(t->output_count + 1, sizeof *law->outputs);
    if (!law->outputs)
        return -1;
    for (size_t k = 0; k < t->output_count; k++) {
        if (mbc_output_size(t, law->object->params, k) != 1)
            continue;
        const char *name = t->outputs[k].name;
        const int book = strcmp(name, "StoredEnergy") == 0      ? 0
                         : strcmp(name, "DissipatedPower") == 0 ? 1
                                                                : -1;
        if (book >= 0 && !books)
            continue;
        if (book >= 0)
            law->book_outputs[book] = (int)law->output_count;
        if (strcmp(name, "Energy") == 0)
            law->energy = (int)law->output_count;
        law->outputs[law->output_count++] = k;
    }
    law->books = law->book_outputs[0] >= 0 && law->book_outputs[1] >= 0;
    return 0;
}

/* The energy books (StoredEnergy, DissipatedPower) are summed as totals,
 * one value per pair: a book of another size is refused here, at set-up,
 * rather than left out of the sums (docs/spec-language.rst, "outputs"). */
static mbc_status books_summable(const mbc_object *o, const char *what, mbc_error *err)
{
    const mbc_type_info *t = o->type;
    for (size_t k = 0; k < t->output_count; k++) {
        const char *name = t->outputs[k].name;
        const size_t size = mbc_output_size(t, o->params, k);
        if ((strcmp(name, "StoredEnergy") == 0 || strcmp(name, "DissipatedPower") == 0) &&
            size != 1)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: connector type '%s': output %s has %zu values; the engines sum "
                            "an energy book as one total per pair (declare %s with size 1 and "
                            "its parts under another name, as ContactGranular's %sParts)",
                            what, t->type_name, name, size, name, name);
    }
    return MBC_OK;
}

/* Validation, data layout, outputs and the trial evaluation. */
static mbc_status finish(ml_law *law, const char *what, int books, mbc_error *err)
{
    mbc_object *o = law->object;
    mbc_object_set_default_indices(o);
    law->radii[0] = law->radii[1] = 1.0;
    set_unit_masses(law);
    mbc_error e = {0};
    if (mbc_object_initialize(o, &e, 1, NULL) != MBC_OK)
        return mbc_fail(err, e.status, "%s: %s", what, e.message);
    mbc_status books_st = books_summable(o, what, err);
    if (books_st != MBC_OK)
        return books_st;
    law->data_count = mbc_data_count(o->type, o->params);
    if (law->data_count > ML_DATA_MAX)
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: connector type '%s' has %zu data coordinates per pair, more than "
                        "the bridges keep (%d)",
                        what, o->type->type_name, law->data_count, ML_DATA_MAX);
    law->initial = calloc(law->data_count + 1, sizeof *law->initial);
    double *data = calloc(law->data_count + 1, sizeof *data);
    mbc_status st = MBC_OK;
    if (!law->initial || !data || find_outputs(law, books) != 0)
        st = mbc_fail_nomem(err, what);
    if (st == MBC_OK) {
        mbc_initial_data(o->type, o->params, law->initial);
        law->initial_zero = 1;
        for (size_t k = 0; k < law->data_count; k++)
            law->initial_zero &= law->initial[k] == 0.0;
        st = trial_evaluation(law, what, data, err);
    }
    free(data);
    return st;
}

/* The binding of t, checked as the generated ones are (a plugin may be
 * written by hand). */
static mbc_status usable_binding(const char *what, const mbc_type_info *t, mbc_error *err)
{
    if (!t->pair_binding)
        return mbc_fail(err, MBC_ERR_STATE,
                        "%s: connector type '%s' declares no pair binding (spec key "
                        "pair_binding, docs/spec-language.rst), so it cannot be a pair law",
                        what, t->type_name);
    mbc_error e = {0};
    if (!mbc_pair_eval_binding_ok(t, &e))
        return mbc_fail(err, e.status, "%s: %s", what, e.message);
    return MBC_OK;
}

mbc_status ml_law_create(const mbc_registry *reg, const char *what, const char *type_name, int argc,
                         char *const *argv, int books, ml_law **out, mbc_error *err)
{
    *out = NULL;
    const mbc_type_info *t = mbc_registry_lookup(reg, type_name);
    if (!t) {
        char known[512];
        mbc_registry_names(reg, known, sizeof known);
        const char *close = mbc_registry_suggest_type(reg, type_name);
        char dirs[256];
        mbc_plugin_search_path(dirs, sizeof dirs);
        return mbc_fail(err, MBC_ERR_NAME,
                        "%s: unknown connector type '%s'%s%s%s (known: %s); a type from a plugin "
                        "needs its plugin (mbc-lammps --plugin PLUGIN; mbc-liggghts: plugin PLUGIN "
                        "after the law) (plugin search path: %s)",
                        what, type_name, close ? " (did you mean '" : "", close ? close : "",
                        close ? "'?)" : "", known, dirs);
    }
    mbc_status st = usable_binding(what, t, err);
    if (st != MBC_OK)
        return st;
    if (argc % 2 != 0)
        return mbc_fail(err, MBC_ERR_VALUE, "%s: parameter '%s' has no value (NAME VALUE pairs)",
                        what, argv[argc - 1]);
    ml_law *law = calloc(1, sizeof *law);
    mbc_error e = {0};
    if (law)
        law->object = mbc_object_create_type(t, &e);
    if (!law || !law->object) {
        ml_law_destroy(law);
        return mbc_fail_nomem(err, what);
    }
    law->binding = t->pair_binding;
    void *radii = (char *)law->object->params + t->params[law->binding->radii_param].offset;
    law->radii = radii; /* a double[2] field of the params struct (checked above) */
    for (int i = 0; st == MBC_OK && i < argc; i += 2)
        st = set_param(law, what, argv[i], argv[i + 1], err);
    if (st == MBC_OK)
        st = finish(law, what, books, err);
    if (st != MBC_OK) {
        ml_law_destroy(law);
        return st;
    }
    const char *generic = getenv("MBC_LAMMPS_GENERIC");
    law->flags = (generic && strcmp(generic, "1") == 0) ? MBC_PAIR_HOOKS : 0u;
    law->masses = mbc_pair_binding_masses(t->pair_binding) != 0;
    law->granular = strcmp(t->type_name, "ContactGranular") == 0;
    const int lammps_law = law->granular || strcmp(t->type_name, "ContactGranClassic") == 0;
    double lammps2021 = 0.0;
    size_t got = 0;
    if (lammps_law && mbc_object_find_param(law->object, "lammps2021") &&
        mbc_object_get(law->object, "lammps2021", &lammps2021, 1, &got, &e) == MBC_OK)
        law->lammps2021 = got == 1 && lammps2021 != 0.0;
    *out = law;
    return MBC_OK;
}

mbc_status ml_law_set(ml_law *law, const char *what, const char *name, double value, mbc_error *err)
{
    mbc_object *o = law->object;
    double now = 0.0;
    size_t got = 0;
    mbc_error e = {0};
    if (!mbc_object_find_param(o, name) ||
        (mbc_object_get(o, name, &now, 1, &got, &e) == MBC_OK && got == 1 && now == value))
        return MBC_OK;
    law->radii[0] = law->radii[1] = 1.0;
    set_unit_masses(law);
    if (mbc_object_set(o, name, value, &e) != MBC_OK ||
        mbc_object_initialize(o, &e, 1, NULL) != MBC_OK)
        return mbc_fail(err, e.status, "%s: %s", what, e.message);
    return MBC_OK;
}
