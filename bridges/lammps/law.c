/* SPDX-License-Identifier: BSD-3-Clause */
/* Pair laws from `mbconnect pair` and `mbconnect wall` lines (law.h). */
#include "law.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "batch.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/pair_eval.h"

#define LAW_MAX_VALUES 64 /* elements of one array value */

void ml_law_destroy(ml_law *law)
{
    if (!law)
        return;
    mbc_object_destroy(law->object);
    free(law->batch);
    free(law->initial);
    free(law->outputs);
    free(law->output_sums);
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
    char buf[ML_MESSAGE_SIZE];
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
static int set_param(ml_run *r, ml_law *law, const char *name, const char *value)
{
    mbc_object *o = law->object;
    const mbc_type_info *t = o->type;
    const mbc_param_info *p = mbc_object_find_param(o, name);
    mbc_error err = {0};
    mbc_status st = MBC_OK;
    const size_t masses = mbc_pair_binding_masses(law->binding);
    if (p == &t->params[law->binding->radii_param]) {
        st = mbc_fail_param(&err, MBC_ERR_NAME, t->type_name, name, 0,
                            "is set from the atoms' radii by the type's pair binding (given %s)",
                            value);
    } else if (masses && p == &t->params[masses - 1]) {
        st = mbc_fail_param(&err, MBC_ERR_NAME, t->type_name, name, 0,
                            "is set from the atoms' masses by the type's pair binding (given %s)",
                            value);
    } else if (p && p->kind == MBC_VALUE_INDEX && p->role == MBC_ROLE_INPUT) {
        st = mbc_fail_param(&err, MBC_ERR_NAME, t->type_name, name, 0,
                            "is a marker or node number, which mbc-lammps sets (given %s)", value);
    } else if (p && p->kind == MBC_VALUE_STRING) {
        st = mbc_object_set_string(o, name, value, &err);
    } else {
        double x[LAW_MAX_VALUES];
        size_t n = 0;
        const bool numbers = p && parse_values(value, x, &n);
        if (p && !numbers && mbc_param_choice_name(p, 0)) /* a named choice: "hertz" */
            st = mbc_object_set_string(o, name, value, &err);
        else if (p && !numbers)
            st = mbc_fail_param(&err, MBC_ERR_VALUE, t->type_name, name, 0,
                                "must be a number or a comma-separated list of numbers (%s), "
                                "given '%s'",
                                p->type, value);
        else
            st = mbc_object_set_array(o, name, x, p ? n : 1, &err);
    }
    if (st == MBC_ERR_NOMEM)
        return ml_error_nomem(r);
    if (st != MBC_OK)
        return ml_error_at(r, "%s: %s", law->what, err.message);
    return 0;
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
static int trial_evaluation(ml_run *r, ml_law *law, double *data)
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
    mbc_error err = {0};
    mbc_status st = MBC_OK;
    if (o->type->post_newton_step)
        st = mbc_object_post_newton_step(o, &s, &pn, &err);
    if (st == MBC_OK) {
        s.data = s.data_start = data;
        st = mbc_object_forces(o, &s, &f, &err);
    }
    for (size_t k = 0; st == MBC_OK && k < law->output_count; k++) {
        double value = 0.0;
        st = mbc_object_output(o, &s, law->outputs[k], &value, 1, &err);
    }
    if (st != MBC_OK)
        return ml_error_at(r, "%s: %s", law->what, err.message);
    return 0;
}

/* Whether output name is one of the energy books (summed on request). */
static int energy_book(const char *name)
{
    return strcmp(name, "StoredEnergy") == 0 || strcmp(name, "DissipatedPower") == 0;
}

/* The scalar outputs (size 1) the fix vector sums, and "Energy" among them;
 * the energy books StoredEnergy and DissipatedPower only with `books`
 * (`mbconnect energy yes`: they cost a law's kernel time). */
static int find_outputs(ml_law *law, int books)
{
    const mbc_type_info *t = law->object->type;
    law->energy = -1;
    law->outputs = calloc(t->output_count + 1, sizeof *law->outputs);
    law->output_sums = calloc(t->output_count + 1, sizeof *law->output_sums);
    if (!law->outputs || !law->output_sums)
        return -1;
    for (size_t k = 0; k < t->output_count; k++) {
        if (mbc_output_size(t, law->object->params, k) != 1)
            continue;
        if (!books && energy_book(t->outputs[k].name))
            continue;
        if (strcmp(t->outputs[k].name, "Energy") == 0)
            law->energy = (int)law->output_count;
        law->outputs[law->output_count++] = k;
    }
    return 0;
}

/* Validation, data layout, outputs and the trial evaluation. */
static int finish(ml_run *r, ml_law *law)
{
    mbc_object *o = law->object;
    mbc_object_set_default_indices(o);
    law->radii[0] = law->radii[1] = 1.0;
    set_unit_masses(law);
    mbc_error err = {0};
    if (mbc_object_initialize(o, &err, 1, NULL) != MBC_OK)
        return ml_error_at(r, "%s: %s", law->what, err.message);
    law->data_count = mbc_data_count(o->type, o->params);
    if (law->data_count > ML_DATA_MAX)
        return ml_error_at(r,
                           "%s: connector type '%s' has %zu data coordinates per pair, more "
                           "than mbc-lammps keeps (%d)",
                           law->what, o->type->type_name, law->data_count, ML_DATA_MAX);
    law->initial = calloc(law->data_count + 1, sizeof *law->initial);
    double *data = calloc(law->data_count + 1, sizeof *data);
    int status = 0;
    if (!law->initial || !data || find_outputs(law, r->bridge && r->bridge->energy_books) != 0)
        status = ml_error_nomem(r);
    if (status == 0) {
        mbc_initial_data(o->type, o->params, law->initial);
        status = trial_evaluation(r, law, data);
    }
    free(data);
    return status;
}

/* The binding of t, checked as the generated ones are (a plugin may be
 * written by hand). */
static const mbc_pair_binding *usable_binding(ml_run *r, const char *what, const mbc_type_info *t)
{
    if (!t->pair_binding) {
        ml_error_at(r,
                    "%s: connector type '%s' declares no pair binding (spec key "
                    "pair_binding, docs/spec-language.rst), so it cannot be a pair law",
                    what, t->type_name);
        return NULL;
    }
    mbc_error err = {0};
    if (!mbc_pair_eval_binding_ok(t, &err)) {
        ml_error_at(r, "%s: %s", what, err.message);
        return NULL;
    }
    return t->pair_binding;
}

ml_law *ml_law_create(ml_run *r, const char *what, const char *type_name, int argc,
                      char *const *argv)
{
    const mbc_type_info *t = mbc_registry_lookup(&r->registry, type_name);
    if (!t) {
        char known[512];
        mbc_registry_names(&r->registry, known, sizeof known);
        ml_error_at(r, "%s: unknown connector type '%s' (known: %s)", what, type_name, known);
        return NULL;
    }
    const mbc_pair_binding *b = usable_binding(r, what, t);
    if (!b)
        return NULL;
    if (argc % 2 != 0) {
        ml_error_at(r, "%s: parameter '%s' has no value (NAME VALUE pairs)", what, argv[argc - 1]);
        return NULL;
    }
    ml_law *law = calloc(1, sizeof *law);
    mbc_error err = {0};
    if (law)
        law->object = mbc_object_create_type(t, &err);
    if (!law || !law->object) {
        ml_law_destroy(law);
        ml_error_nomem(r);
        return NULL;
    }
    law->binding = b;
    law->what = what;
    void *radii = (char *)law->object->params + t->params[b->radii_param].offset;
    law->radii = radii; /* a double[2] field of the params struct (checked above) */
    int status = 0;
    for (int i = 0; status == 0 && i < argc; i += 2)
        status = set_param(r, law, argv[i], argv[i + 1]);
    if (status == 0)
        status = finish(r, law);
    const char *generic = getenv("MBC_LAMMPS_GENERIC");
    law->flags = (generic && strcmp(generic, "1") == 0) ? MBC_PAIR_HOOKS : 0u;
    law->masses = mbc_pair_binding_masses(b) != 0;
    if (status == 0 && !(law->batch = calloc(1, sizeof *law->batch)))
        status = ml_error_nomem(r);
    if (status != 0) {
        ml_law_destroy(law);
        return NULL;
    }
    return law;
}
