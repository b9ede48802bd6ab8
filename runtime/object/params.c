/* SPDX-License-Identifier: BSD-3-Clause */
/* Table-driven parameter access for every connector type: defaults, checked
 * setters, getters, validation of type and cross-field rules, the
 * data-coordinate layout, and finding an output or a parameter of a type by
 * name. The tables come from mbcgen (generated/). */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/format_number.h"
#include "mbconnect/param_choices.h"
#include "mbconnect/params.h"
#include "mbconnect/suggest.h"

/* A rule in words, long enough for the names of a parameter's choices. */
#define RULE_SIZE 320

static void *field(void *params, const mbc_param_info *p)
{
    return (char *)params + p->offset;
}

static const void *cfield(const void *params, const mbc_param_info *p)
{
    return (const char *)params + p->offset;
}

static size_t *count_field(void *params, const mbc_param_info *p)
{
    return (size_t *)((char *)params + p->count_offset);
}

size_t mbc_param_count(const mbc_param_info *p, const void *params)
{
    if (p->shape == MBC_VECTOR)
        return *(const size_t *)((const char *)params + p->count_offset);
    return p->size;
}

/* "Type.param: RULE (param type), given VALUE" through the one error path. */
static mbc_status fail(mbc_error *err, mbc_status st, const mbc_type_info *t,
                       const mbc_param_info *p, const char *rule, const char *value)
{
    return mbc_fail_param(err, st, t->type_name, p->name, (size_t)(p - t->params) + 1,
                          "%s (%s), given %s", rule, p->type, value);
}

static double read_element(const void *base, mbc_value_kind kind, size_t i)
{
    switch (kind) {
    case MBC_VALUE_BOOL:
        return ((const bool *)base)[i] ? 1.0 : 0.0;
    case MBC_VALUE_INT:
        return ((const int *)base)[i];
    case MBC_VALUE_REAL:
        return ((const double *)base)[i];
    case MBC_VALUE_FLOAT:
        return ((const float *)base)[i];
    case MBC_VALUE_INDEX:
        return ((const mbc_index *)base)[i];
    case MBC_VALUE_STRING:
        break;
    }
    return 0.0;
}

static void write_element(void *base, mbc_value_kind kind, size_t i, double x)
{
    switch (kind) {
    case MBC_VALUE_BOOL:
        ((bool *)base)[i] = x != 0.0;
        break;
    case MBC_VALUE_INT:
        ((int *)base)[i] = (int)x;
        break;
    case MBC_VALUE_REAL:
        ((double *)base)[i] = x;
        break;
    case MBC_VALUE_FLOAT:
        ((float *)base)[i] = (float)x;
        break;
    case MBC_VALUE_INDEX:
        ((mbc_index *)base)[i] = (mbc_index)x;
        break;
    case MBC_VALUE_STRING:
        break;
    }
}

static size_t element_size(mbc_value_kind kind)
{
    switch (kind) {
    case MBC_VALUE_BOOL:
        return sizeof(bool);
    case MBC_VALUE_INT:
        return sizeof(int);
    case MBC_VALUE_REAL:
        return sizeof(double);
    case MBC_VALUE_FLOAT:
        return sizeof(float);
    case MBC_VALUE_INDEX:
        return sizeof(mbc_index);
    case MBC_VALUE_STRING:
        break;
    }
    return sizeof(char *);
}

/* The spec's value rules range and one_of for one element (physical
 * validity, docs/spec-language.rst "Rules"); writes the rule text on failure. */
static int value_rules_ok(const mbc_param_info *p, double x, char *rule, size_t size)
{
    if (p->has_range && ((p->range_min_open ? !(x > p->range_min) : !(x >= p->range_min)) ||
                         (p->range_max_open ? !(x < p->range_max) : !(x <= p->range_max)))) {
        snprintf(rule, size, "must be %s", p->range_rule);
        return 0;
    }
    if (p->one_of_count == 0)
        return 1;
    for (size_t i = 0; i < p->one_of_count; i++)
        if (x == p->one_of[i])
            return 1;
    /* "one of 0, 1, 2", or the names: "one of hooke (0), hertz (1)" */
    char names[RULE_SIZE - 16];
    if (mbc_param_choices_text(p, true, names, sizeof names)[0]) {
        snprintf(rule, size, "must be one of %s", names);
        return 0;
    }
    size_t used = (size_t)snprintf(rule, size, "must be one of");
    for (size_t i = 0; i < p->one_of_count; i++) {
        char text[32];
        mbc_format_number(p->one_of[i], text, sizeof text);
        if (used < size)
            used += (size_t)snprintf(rule + used, size - used, "%s %s", i ? "," : "", text);
    }
    return 0;
}

/* The type's value rule for one element; writes the rule text on failure. */
static int type_rule_ok(const mbc_param_info *p, double x, char *rule, size_t size)
{
    if (!isfinite(x)) {
        snprintf(rule, size, "must be finite");
        return 0;
    }
    switch (p->kind) {
    case MBC_VALUE_BOOL:
        if (x != 0.0 && x != 1.0) {
            snprintf(rule, size, "must be 0 or 1");
            return 0;
        }
        return 1;
    case MBC_VALUE_INDEX:
        if (x != floor(x) || x < -1 || x > INT32_MAX) {
            snprintf(rule, size, "must be a valid index >= 0 or -1 for invalid");
            return 0;
        }
        return 1;
    case MBC_VALUE_INT:
        if (x != floor(x) || x < INT32_MIN || x > INT32_MAX) {
            snprintf(rule, size, "must be a whole number");
            return 0;
        }
        break;
    case MBC_VALUE_FLOAT:
        if (fabs(x) > 3.4028234663852886e38) {
            snprintf(rule, size, "must fit a float");
            return 0;
        }
        break;
    default:
        break;
    }
    if (p->has_min && (p->min_exclusive ? !(x > p->min) : !(x >= p->min))) {
        snprintf(rule, size, "must be %s", p->rule);
        return 0;
    }
    return 1;
}

/* Every rule for one element: the type's and the spec's range and one_of. */
static int element_ok(const mbc_param_info *p, double x, char *rule, size_t size)
{
    return type_rule_ok(p, x, rule, size) && value_rules_ok(p, x, rule, size);
}

/* The values are the documented default of a parameter whose default is a
 * placeholder (`required`): a setter accepts it (a value read from the docs
 * or from a getter can be set back), validate() refuses it. */
static int is_placeholder(const mbc_param_info *p, const double *values, size_t count)
{
    if (!p->required || count != p->default_count)
        return 0;
    for (size_t i = 0; i < count; i++)
        if (values[i] != p->default_values[i])
            return 0;
    return 1;
}

/* Checks count and every element against the type rule. */
static mbc_status check_values(const mbc_type_info *t, const mbc_param_info *p,
                               const double *values, size_t count, mbc_error *err)
{
    char text[64];
    if (p->kind == MBC_VALUE_STRING)
        return fail(err, MBC_ERR_VALUE, t, p, "must be a string", "a number");
    if (p->shape != MBC_VECTOR && count != p->size) {
        char rule[64];
        snprintf(rule, sizeof rule, "must have %zu value%s", p->size, p->size == 1 ? "" : "s");
        snprintf(text, sizeof text, "%zu", count);
        return fail(err, MBC_ERR_SIZE, t, p, rule, text);
    }
    if (count && !values)
        return fail(err, MBC_ERR_VALUE, t, p, "values must not be NULL", "NULL");
    const int placeholder = is_placeholder(p, values, count);
    for (size_t i = 0; i < count; i++) {
        char rule[RULE_SIZE];
        if (placeholder ? !type_rule_ok(p, values[i], rule, sizeof rule)
                        : !element_ok(p, values[i], rule, sizeof rule)) {
            mbc_format_number(values[i], text, sizeof text);
            if (count > 1 || p->shape != MBC_SCALAR) {
                char with_index[RULE_SIZE + 32];
                snprintf(with_index, sizeof with_index, "[%zu] %s", i, rule);
                /* "ContactSphereSphere.spheresRadii: [1] must be ..." */
                return fail(err, MBC_ERR_VALUE, t, p, with_index, text);
            }
            return fail(err, MBC_ERR_VALUE, t, p, rule, text);
        }
    }
    return MBC_OK;
}

static mbc_status check_settable(const mbc_type_info *t, const mbc_param_info *p, mbc_error *err)
{
    if (p->role == MBC_ROLE_INPUT)
        return MBC_OK;
    return fail(err, MBC_ERR_STATE, t, p,
                p->role == MBC_ROLE_DERIVED ? "is derived and computed by initialize; it has "
                                              "no setter"
                                            : "is state updated by the runtime; it has no "
                                              "setter",
                "a value");
}

mbc_status mbc_param_set_values(const mbc_type_info *t, const mbc_param_info *p, void *params,
                                const double *values, size_t count, mbc_error *err)
{
    mbc_status st = check_settable(t, p, err);
    if (st == MBC_OK)
        st = check_values(t, p, values, count, err);
    if (st != MBC_OK)
        return st;
    void *dst = field(params, p);
    if (p->shape == MBC_VECTOR) {
        void *mem = NULL;
        if (count) {
            mem = malloc(count * element_size(p->kind));
            if (!mem)
                return fail(err, MBC_ERR_NOMEM, t, p, "out of memory", "a vector");
            for (size_t i = 0; i < count; i++)
                write_element(mem, p->kind, i, values[i]);
        }
        free(*(void **)dst);
        *(void **)dst = mem;
        *count_field(params, p) = count;
        return MBC_OK;
    }
    for (size_t i = 0; i < count; i++)
        write_element(dst, p->kind, i, values[i]);
    return MBC_OK;
}

mbc_status mbc_param_set_indices(const mbc_type_info *t, const mbc_param_info *p, void *params,
                                 const mbc_index *values, size_t count, mbc_error *err)
{
    /* Indices are exact in double; convert in chunks so no allocation is needed. */
    if (p->kind != MBC_VALUE_INDEX)
        return fail(err, MBC_ERR_VALUE, t, p, "is not an index list", "indices");
    mbc_status st = check_settable(t, p, err);
    if (st != MBC_OK)
        return st;
    if (count && !values)
        return fail(err, MBC_ERR_VALUE, t, p, "values must not be NULL", "NULL");
    for (size_t i = 0; i < count; i++) {
        char rule[RULE_SIZE], text[32];
        if (!element_ok(p, values[i], rule, sizeof rule)) {
            char with_index[RULE_SIZE + 32];
            snprintf(with_index, sizeof with_index, "[%zu] %s", i, rule);
            snprintf(text, sizeof text, "%d", values[i]);
            return fail(err, MBC_ERR_VALUE, t, p, with_index, text);
        }
    }
    if (p->shape != MBC_VECTOR) {
        double v[64];
        if (count > 64 || count != p->size) {
            char rule[64], text[32];
            snprintf(rule, sizeof rule, "must have %zu values", p->size);
            snprintf(text, sizeof text, "%zu", count);
            return fail(err, MBC_ERR_SIZE, t, p, rule, text);
        }
        for (size_t i = 0; i < count; i++)
            v[i] = values[i];
        return mbc_param_set_values(t, p, params, v, count, err);
    }
    mbc_index *mem = NULL;
    if (count) {
        mem = malloc(count * sizeof *mem);
        if (!mem)
            return fail(err, MBC_ERR_NOMEM, t, p, "out of memory", "a vector");
        memcpy(mem, values, count * sizeof *mem);
    }
    void **dst = field(params, p);
    free(*dst);
    *dst = mem;
    *count_field(params, p) = count;
    return MBC_OK;
}

/* A choice of p by its name (p has named choices): "must be one of hooke,
 * hertz, ... or their numbers 0 to 4 (UInt), given 'hertzz' (did you mean
 * 'hertz'?)". */
static mbc_status set_choice(const mbc_type_info *t, const mbc_param_info *p, void *params,
                             const char *value, mbc_error *err)
{
    const int v = value ? mbc_param_choice_value(p, value) : -1;
    if (v >= 0) {
        const double x = v;
        return mbc_param_set_values(t, p, params, &x, 1, err);
    }
    size_t n = 0;
    mbc_param_info_choices(p, &n);
    const char *close = mbc_param_suggest_choice(p, value);
    char names[RULE_SIZE];
    mbc_param_choices_text(p, false, names, sizeof names);
    return mbc_fail_param(err, MBC_ERR_VALUE, t->type_name, p->name, (size_t)(p - t->params) + 1,
                          "must be one of %s or their numbers 0 to %zu (%s), given '%s'%s%s%s",
                          names, n - 1, p->type, value ? value : "NULL",
                          close ? " (did you mean '" : "", close ? close : "", close ? "'?)" : "");
}

mbc_status mbc_param_set_string(const mbc_type_info *t, const mbc_param_info *p, void *params,
                                const char *value, mbc_error *err)
{
    size_t choices = 0;
    if (mbc_param_info_choices(p, &choices))
        return set_choice(t, p, params, value, err);
    if (p->kind != MBC_VALUE_STRING)
        return fail(err, MBC_ERR_VALUE, t, p, "must be a number", "a string");
    mbc_status st = check_settable(t, p, err);
    if (st != MBC_OK)
        return st;
    if (!value)
        return fail(err, MBC_ERR_VALUE, t, p, "must be a string", "NULL");
    size_t n = strlen(value);
    char *copy = malloc(n + 1);
    if (!copy)
        return fail(err, MBC_ERR_NOMEM, t, p, "out of memory", "a string");
    memcpy(copy, value, n + 1);
    char **dst = field(params, p);
    free(*dst);
    *dst = copy;
    return MBC_OK;
}

mbc_status mbc_param_get_values(const mbc_type_info *t, const mbc_param_info *p, const void *params,
                                double *values, size_t capacity, size_t *count, mbc_error *err)
{
    if (p->kind == MBC_VALUE_STRING)
        return mbc_fail_param(
            err, MBC_ERR_VALUE, t->type_name, p->name, (size_t)(p - t->params) + 1,
            "is a string (%s); use the string getter, given a number request", p->type);
    size_t n = mbc_param_count(p, params);
    if (count)
        *count = n;
    const void *base = cfield(params, p);
    if (p->shape == MBC_VECTOR)
        base = *(void *const *)base;
    for (size_t i = 0; i < n && i < capacity; i++)
        values[i] = read_element(base, p->kind, i);
    if (n > capacity) {
        char text[32];
        snprintf(text, sizeof text, "room for %zu", capacity);
        char rule[64];
        snprintf(rule, sizeof rule, "has %zu values", n);
        return fail(err, MBC_ERR_SIZE, t, p, rule, text);
    }
    return MBC_OK;
}

const char *mbc_param_get_string(const mbc_param_info *p, const void *params)
{
    if (p->kind != MBC_VALUE_STRING)
        return NULL;
    const char *s = *(char *const *)cfield(params, p);
    return s ? s : "";
}

static void init_list(const mbc_param_info *list, size_t count, void *params)
{
    for (size_t k = 0; k < count; k++) {
        const mbc_param_info *p = &list[k];
        void *dst = field(params, p);
        if (p->kind == MBC_VALUE_STRING) {
            *(char **)dst = NULL; /* reads as the documented '' */
        } else if (p->shape == MBC_VECTOR) {
            /* mbcgen accepts only empty defaults for variable-size parameters */
            *(void **)dst = NULL;
            *count_field(params, p) = 0;
        } else {
            for (size_t i = 0; i < p->size; i++)
                write_element(dst, p->kind, i, i < p->default_count ? p->default_values[i] : 0);
        }
    }
}

void mbc_params_init(const mbc_type_info *t, void *params)
{
    memset(params, 0, t->params_size);
    init_list(t->params, t->param_count, params);
    init_list(t->vparams, t->vparam_count, params);
}

static void free_list(const mbc_param_info *list, size_t count, void *params)
{
    for (size_t k = 0; k < count; k++) {
        const mbc_param_info *p = &list[k];
        if (p->kind == MBC_VALUE_STRING || p->shape == MBC_VECTOR)
            free(*(void **)field(params, p));
    }
}

void mbc_params_free(const mbc_type_info *t, void *params)
{
    free_list(t->params, t->param_count, params);
    free_list(t->vparams, t->vparam_count, params);
    mbc_params_init(t, params);
}

/* ---------------------------------------------------------------- validation */

typedef struct violations {
    mbc_error *errors;
    size_t max;
    size_t count;
} violations;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
report(violations *v, const mbc_type_info *t, const mbc_param_info *p, const char *fmt, ...)
{
    if (v->count < v->max) {
        char msg[384];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        mbc_fail_param(&v->errors[v->count], MBC_ERR_VALUE, t->type_name, p->name,
                       (size_t)(p - t->params) + 1, "%s", msg);
    }
    v->count++;
}

/* A parameter with `required` still holding its placeholder default:
 * "must be > 0 before initialize (given [-1, -1], the unset default: set both
 * radii". Returns 1 when it reported that. */
static int report_unset(violations *v, const mbc_type_info *t, const mbc_param_info *p,
                        const void *base, size_t n)
{
    if (!p->required || n != p->default_count || n == 0)
        return 0;
    char rule[RULE_SIZE], first[RULE_SIZE] = "", text[160] = "";
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        const double x = read_element(base, p->kind, i);
        if (x != p->default_values[i])
            return 0;
        if (!value_rules_ok(p, x, rule, sizeof rule) && !first[0])
            memcpy(first, rule, sizeof first);
        char num[32];
        mbc_format_number(x, num, sizeof num);
        if (used < sizeof text)
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%s",
                                     i ? ", " : (p->shape == MBC_SCALAR ? "" : "["), num);
    }
    if (!first[0])
        return 0;
    if (p->shape != MBC_SCALAR && used < sizeof text)
        snprintf(text + used, sizeof text - used, "]");
    report(v, t, p, "%s before initialize (given %s, the unset default: %s)", first, text,
           p->required);
    return 1;
}

static void validate_values(violations *v, const mbc_type_info *t, const mbc_param_info *p,
                            const void *params)
{
    if (p->kind == MBC_VALUE_STRING)
        return;
    size_t n = mbc_param_count(p, params);
    const void *base = cfield(params, p);
    if (p->shape == MBC_VECTOR)
        base = *(void *const *)base;
    if (n && !base) {
        report(v, t, p, "has %zu values but no storage", n);
        return;
    }
    if (report_unset(v, t, p, base, n))
        return;
    for (size_t i = 0; i < n; i++) {
        double x = read_element(base, p->kind, i);
        char rule[RULE_SIZE], text[64];
        if (!element_ok(p, x, rule, sizeof rule)) {
            mbc_format_number(x, text, sizeof text);
            if (p->shape == MBC_SCALAR)
                report(v, t, p, "%s (%s), given %s", rule, p->type, text);
            else
                report(v, t, p, "[%zu] %s (%s), given %s", i, rule, p->type, text);
        } else if (p->must_be_set && x < 0) {
            if (p->shape == MBC_SCALAR)
                report(v, t, p, "must be set (%s >= 0), given -1", p->type);
            else
                report(v, t, p, "[%zu] must be set (%s >= 0), given -1", i, p->type);
        }
    }
    if (p->non_decreasing)
        for (size_t i = 1; i < n; i++) {
            double a = read_element(base, p->kind, i - 1), b = read_element(base, p->kind, i);
            if (b < a) {
                char ta[64], tb[64];
                mbc_format_number(a, ta, sizeof ta);
                mbc_format_number(b, tb, sizeof tb);
                report(v, t, p, "must be non-decreasing, given [%zu] = %s after [%zu] = %s", i, tb,
                       i - 1, ta);
                break;
            }
        }
}

size_t mbc_params_validate(const mbc_type_info *t, const void *params, mbc_error *errors,
                           size_t max_errors)
{
    violations v = {errors, errors ? max_errors : 0, 0};
    for (size_t k = 0; k < t->param_count; k++) {
        const mbc_param_info *p = &t->params[k];
        validate_values(&v, t, p, params);
        size_t n = mbc_param_count(p, params);
        if (p->shape == MBC_VECTOR && n < p->min_length)
            report(&v, t, p, "must have at least %zu value%s, given %zu", p->min_length,
                   p->min_length == 1 ? "" : "s", n);
        if (p->same_length_as) {
            const mbc_param_info *q = &t->params[p->same_length_as - 1];
            size_t m = mbc_param_count(q, params);
            if (m != n)
                report(&v, t, p, "must have the same length as %s (%zu), given %zu", q->name, m, n);
        }
        if (p->positive_when) {
            const mbc_param_info *q = &t->params[p->positive_when - 1];
            double flag = read_element(cfield(params, q), q->kind, 0);
            double x = read_element(cfield(params, p), p->kind, 0);
            if (flag != 0.0 && !(x > 0)) {
                char text[64];
                mbc_format_number(x, text, sizeof text);
                report(&v, t, p, "must be > 0 when %s is True, given %s", q->name, text);
            }
        }
        if (p->check) {
            mbc_error e = {0};
            if (p->check(params, &e) != MBC_OK) {
                if (v.count < v.max)
                    v.errors[v.count] = e;
                v.count++;
            }
        }
    }
    for (size_t k = 0; k < t->vparam_count; k++)
        validate_values(&v, t, &t->vparams[k], params);
    return v.count;
}

/* ---------------------------------------------------------------- data, outputs */

static size_t per_count(const mbc_type_info *t, const void *params, int per)
{
    if (per < 0)
        return 1;
    double n = read_element(cfield(params, &t->params[per]), t->params[per].kind, 0);
    return n > 0 ? (size_t)n : 0;
}

size_t mbc_data_count(const mbc_type_info *t, const void *params)
{
    return t->data_block_count * per_count(t, params, t->data_per);
}

void mbc_initial_data(const mbc_type_info *t, const void *params, double *data)
{
    size_t n = per_count(t, params, t->data_per);
    for (size_t b = 0; b < t->data_block_count; b++)
        for (size_t i = 0; i < n; i++)
            data[b * n + i] = t->data[b].initial;
}

size_t mbc_output_size(const mbc_type_info *t, const void *params, size_t output)
{
    if (!t || output >= t->output_count)
        return 0;
    return t->outputs[output].factor * per_count(t, params, t->outputs[output].per);
}

int mbc_type_find_output(const mbc_type_info *t, const char *name)
{
    for (size_t i = 0; t && name && i < t->output_count; i++)
        if (strcmp(t->outputs[i].name, name) == 0)
            return (int)i;
    return -1;
}

const mbc_param_info *mbc_type_find_param(const mbc_type_info *t, const char *name)
{
    if (!t || !name)
        return NULL;
    for (size_t i = 0; i < t->param_count; i++)
        if (strcmp(t->params[i].name, name) == 0)
            return &t->params[i];
    static const char vis[] = "visualization.";
    if (strncmp(name, vis, sizeof vis - 1) == 0)
        for (size_t i = 0; i < t->vparam_count; i++)
            if (strcmp(t->vparams[i].name, name + sizeof vis - 1) == 0)
                return &t->vparams[i];
    return NULL;
}

const mbc_param_info *mbc_type_suggest_param(const mbc_type_info *t, const char *name)
{
    if (!t || !name)
        return NULL;
    mbc_suggestion s;
    mbc_suggest_begin(&s, name);
    size_t best = 0;
    for (size_t i = 0; i < t->param_count; i++) {
        const char *before = s.best;
        mbc_suggest_offer(&s, t->params[i].name);
        if (s.best != before)
            best = i;
    }
    return s.best ? &t->params[best] : NULL;
}
