/* SPDX-License-Identifier: BSD-3-Clause */
/* The registry of connector types: the built-in types generated from specs/
 * and caller-owned registry objects (mbc_registry: mbc_registry_init,
 * _size/_entry/_lookup) that hold the built-in types plus any registered out
 * of tree: the one registry API. Creating an object by type name is a
 * lookup here, then object.c's mbc_object_create_type (object.c calls the
 * registry, never the reverse). Nothing here allocates or keeps state
 * between calls. */
#include <stdio.h>
#include <string.h>

#include "mbconnect/registry.h"
#include "mbconnect/suggest.h"
#include "registry_internal.h"

/* generated/registry.c */
extern const mbc_type_info *const mbc_builtin_types[];
extern const size_t mbc_builtin_type_count;

/* ------------------------------------------------------------ registry objects */

static mbc_status fail(mbc_error *err, mbc_status st, const char *what, const char *name,
                       const char *why)
{
    return mbc_fail(err, st, "%s'%s'%s", what, name, why);
}

void mbc_registry_init_empty(mbc_registry *r)
{
    if (!r)
        return;
    memset(r, 0, sizeof *r);
}

/* Index at which `name` is or would be inserted (types sorted by name). */
static size_t position(const mbc_registry *r, const char *name, int *found)
{
    size_t lo = 0, hi = r->count;
    *found = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(r->types[mid]->type_name, name);
        if (c == 0) {
            *found = 1;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void insert(mbc_registry *r, const mbc_type_info *t, const char *origin)
{
    int found;
    size_t at = position(r, t->type_name, &found);
    memmove(&r->types[at + 1], &r->types[at], (r->count - at) * sizeof r->types[0]);
    memmove(&r->origins[at + 1], &r->origins[at], (r->count - at) * sizeof r->origins[0]);
    r->types[at] = t;
    r->origins[at] = origin;
    r->count++;
}

static mbc_status check_type(const mbc_type_info *t, mbc_error *err)
{
    if (!t || !t->type_name || !t->type_name[0])
        return mbc_fail(err, MBC_ERR_VALUE, "cannot register a connector type without a name");
    return MBC_OK;
}

static mbc_status check_new(const mbc_registry *r, const mbc_type_info *t, size_t pending,
                            mbc_error *err)
{
    mbc_status st = check_type(t, err);
    if (st != MBC_OK)
        return st;
    int found;
    position(r, t->type_name, &found);
    if (found)
        return fail(err, MBC_ERR_NAME, "connector type ", t->type_name, " is already registered");
    if (r->count + pending >= MBC_REGISTRY_CAPACITY)
        return mbc_fail(err, MBC_ERR_STATE,
                        "cannot register connector type '%s': the registry is full (%d types)",
                        t->type_name, MBC_REGISTRY_CAPACITY);
    return MBC_OK;
}

void mbc_registry_init(mbc_registry *r)
{
    mbc_registry_init_empty(r);
    if (!r)
        return;
    /* the generated table is sorted by type name already; insert keeps the
     * order even if it were not */
    for (size_t i = 0; i < mbc_builtin_type_count && i < MBC_REGISTRY_CAPACITY; i++)
        insert(r, mbc_builtin_types[i], NULL);
}

mbc_status mbc_registry_add(mbc_registry *r, const mbc_type_info *t, mbc_error *err)
{
    return mbc_registry_add_all(r, &t, 1, err);
}

mbc_status mbc_registry_add_all(mbc_registry *r, const mbc_type_info *const *types, size_t n,
                                mbc_error *err)
{
    return mbc_registry_add_from(r, types, n, NULL, err);
}

mbc_status mbc_registry_add_from(mbc_registry *r, const mbc_type_info *const *types, size_t n,
                                 const char *origin, mbc_error *err)
{
    if (!r || (n && !types))
        return mbc_fail(err, MBC_ERR_STATE, "mbc_registry_add: NULL registry or types");
    for (size_t i = 0; i < n; i++) {
        mbc_status st = check_new(r, types[i], i, err);
        if (st != MBC_OK)
            return st;
        for (size_t j = 0; j < i; j++)
            if (strcmp(types[j]->type_name, types[i]->type_name) == 0)
                return fail(err, MBC_ERR_NAME, "connector type ", types[i]->type_name,
                            " is listed twice");
    }
    for (size_t i = 0; i < n; i++)
        insert(r, types[i], origin);
    return MBC_OK;
}

size_t mbc_registry_size(const mbc_registry *r)
{
    return r ? r->count : 0;
}

const mbc_type_info *mbc_registry_entry(const mbc_registry *r, size_t i)
{
    return r && i < r->count ? r->types[i] : NULL;
}

const char *mbc_registry_origin(const mbc_registry *r, size_t i)
{
    return r && i < r->count ? r->origins[i] : NULL;
}

const mbc_type_info *mbc_registry_lookup(const mbc_registry *r, const char *type_name)
{
    if (!r || !type_name)
        return NULL;
    int found;
    size_t at = position(r, type_name, &found);
    return found ? r->types[at] : NULL;
}

void mbc_registry_names(const mbc_registry *r, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < mbc_registry_size(r) && len < size; i++)
        len +=
            (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", r->types[i]->type_name);
}

const char *mbc_registry_suggest_type(const mbc_registry *r, const char *type_name)
{
    mbc_suggestion s;
    mbc_suggest_begin(&s, type_name ? type_name : "");
    for (size_t i = 0; i < mbc_registry_size(r); i++)
        mbc_suggest_offer(&s, r->types[i]->type_name);
    return s.best;
}
