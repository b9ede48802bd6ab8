/* SPDX-License-Identifier: BSD-3-Clause */
/* Generic connector objects: create one from its type's descriptor or by
 * type name (a lookup in a registry, registry.c: this file calls the
 * registry, never the reverse), get and set its parameters by name with the
 * typed setters' checks, and initialize it (validation of every rule plus
 * the type's initialize hook). mbc_registry_create is defined here: it
 * creates an object, and its name (the prefix of registry.c) is kept for
 * the ABI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/object.h"

mbc_object *mbc_object_create_type(const mbc_type_info *t, mbc_error *err)
{
    if (!t) {
        mbc_fail(err, MBC_ERR_VALUE,
                 "mbc_object_create_type: the type must be a type descriptor (given NULL)");
        return NULL;
    }
    if (!t->type_name) {
        mbc_fail(err, MBC_ERR_VALUE,
                 "mbc_object_create_type: the type descriptor must have a type_name (given NULL)");
        return NULL;
    }
    if (t->params_size == 0) {
        mbc_fail(err, MBC_ERR_VALUE,
                 "mbc_object_create_type: %s: params_size must be > 0 (given 0)", t->type_name);
        return NULL;
    }
    mbc_object *o = calloc(1, sizeof *o);
    void *params = o ? calloc(1, t->params_size) : NULL;
    if (!params) {
        free(o);
        mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", t->type_name);
        if (err) {
            err->type_name = t->type_name;
            err->rule_offset = strlen(t->type_name) + 2;
        }
        return NULL;
    }
    mbc_params_init(t, params);
    o->type = t;
    o->params = params;
    return o;
}

mbc_object *mbc_registry_create(const mbc_registry *r, const char *type_name, mbc_error *err)
{
    const mbc_type_info *t = mbc_registry_lookup(r, type_name);
    if (t)
        return mbc_object_create_type(t, err);
    if (err) {
        char known[MBC_ERROR_SIZE];
        mbc_registry_names(r, known, sizeof known);
        const char *close = mbc_registry_suggest_type(r, type_name);
        mbc_fail(err, MBC_ERR_NAME, "unknown connector type '%s'%s%s%s (known: %s)",
                 type_name ? type_name : "", close ? " (did you mean '" : "", close ? close : "",
                 close ? "'?)" : "", known);
    }
    return NULL;
}

mbc_object *mbc_object_create(const char *type_name, mbc_error *err)
{
    mbc_registry builtin;
    mbc_registry_init(&builtin);
    return mbc_registry_create(&builtin, type_name, err);
}

void mbc_object_destroy(mbc_object *o)
{
    if (!o)
        return;
    mbc_params_free(o->type, o->params);
    free(o->params);
    free(o);
}

const mbc_param_info *mbc_object_find_param(const mbc_object *o, const char *name)
{
    return o ? mbc_type_find_param(o->type, name) : NULL;
}

static const mbc_param_info *lookup(const mbc_object *o, const char *name, mbc_error *err)
{
    const mbc_param_info *p = mbc_object_find_param(o, name);
    if (!p && err) {
        const mbc_param_info *close = mbc_type_suggest_param(o->type, name);
        if (close)
            mbc_fail(err, MBC_ERR_NAME, "%s: unknown parameter '%s' (did you mean '%s'?)",
                     o->type->type_name, name, close->name);
        else
            mbc_fail(err, MBC_ERR_NAME, "%s: unknown parameter '%s'", o->type->type_name,
                     name ? name : "");
        err->type_name = o->type->type_name;
        err->rule_offset = strlen(o->type->type_name) + 2;
    }
    return p;
}

mbc_status mbc_object_set(mbc_object *o, const char *name, double value, mbc_error *err)
{
    return mbc_object_set_array(o, name, &value, 1, err);
}

mbc_status mbc_object_set_array(mbc_object *o, const char *name, const double *values, size_t count,
                                mbc_error *err)
{
    const mbc_param_info *p = lookup(o, name, err);
    if (!p)
        return MBC_ERR_NAME;
    mbc_status st = mbc_param_set_values(o->type, p, o->params, values, count, err);
    if (st == MBC_OK)
        o->initialized = false;
    return st;
}

mbc_status mbc_object_set_string(mbc_object *o, const char *name, const char *value, mbc_error *err)
{
    const mbc_param_info *p = lookup(o, name, err);
    if (!p)
        return MBC_ERR_NAME;
    mbc_status st = mbc_param_set_string(o->type, p, o->params, value, err);
    if (st == MBC_OK)
        o->initialized = false;
    return st;
}

mbc_status mbc_object_get(const mbc_object *o, const char *name, double *values, size_t capacity,
                          size_t *count, mbc_error *err)
{
    const mbc_param_info *p = lookup(o, name, err);
    if (!p)
        return MBC_ERR_NAME;
    return mbc_param_get_values(o->type, p, o->params, values, capacity, count, err);
}

void mbc_object_set_default_indices(mbc_object *o)
{
    const mbc_type_info *t = o->type;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->kind != MBC_VALUE_INDEX || !p->must_be_set || p->shape == MBC_VECTOR ||
            p->role != MBC_ROLE_INPUT || p->size > 8)
            continue;
        double v[8];
        for (size_t k = 0; k < p->size; k++)
            v[k] = (double)k;
        mbc_error err = {0};
        (void)mbc_object_set_array(o, p->name, v, p->size, &err); /* 0.. n-1 are valid */
    }
}

mbc_status mbc_object_initialize(mbc_object *o, mbc_error *errors, size_t max_errors,
                                 size_t *violations)
{
    o->initialized = false;
    size_t n = mbc_params_validate(o->type, o->params, errors, max_errors);
    if (violations)
        *violations = n;
    if (n)
        return MBC_ERR_VALUE;
    if (o->type->initialize) {
        mbc_error local;
        mbc_status st = o->type->initialize(o->params, errors && max_errors ? errors : &local);
        if (st != MBC_OK) {
            if (violations)
                *violations = 1;
            return st;
        }
    }
    o->initialized = true;
    return MBC_OK;
}
