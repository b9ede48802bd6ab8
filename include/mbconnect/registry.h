/* SPDX-License-Identifier: BSD-3-Clause */
/* The registry of connector types (runtime/object/registry.c): a
 * caller-owned table of the built-in types and out-of-tree ones, looked up
 * by name. Objects are created from it by mbconnect/object.h. */
#ifndef MBCONNECT_REGISTRY_H
#define MBCONNECT_REGISTRY_H

#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A caller-owned table of type descriptors, kept sorted by type name. It
 * holds pointers to the (static, immutable) mbc_type_info of each type and
 * never allocates; there is no process-wide registry to modify. Types
 * generated out of tree (mbcgen --registry-name NAME) add themselves with
 * NAME_register_types(&registry, &err):
 *
 *     mbc_registry r;
 *     mbc_registry_init(&r);                      (the built-in types)
 *     if (mytypes_register_types(&r, &err) != MBC_OK) ... err.message ...
 *     mbc_object *o = mbc_registry_create(&r, "ContactCircleCircle2D", &err);
 */
#define MBC_REGISTRY_CAPACITY 64
typedef struct mbc_registry {
    const mbc_type_info *types[MBC_REGISTRY_CAPACITY]; /* sorted by type_name */
    size_t count;
    /* where types[i] came from: the file of the plugin that added it
     * (mbc_registry_load_plugin), NULL for the built-in types and types the
     * program added itself (mbc_registry_add) */
    const char *origins[MBC_REGISTRY_CAPACITY];
} mbc_registry;

/* Fills r with the built-in types (those generated from specs/). */
MBC_API void mbc_registry_init(mbc_registry *r);
/* An empty registry. */
MBC_API void mbc_registry_init_empty(mbc_registry *r);
/* Adds a type. A name already registered is MBC_ERR_NAME ("connector type
 * 'X' is already registered"); a full registry, a NULL type or one without a
 * name are MBC_ERR_STATE / MBC_ERR_VALUE. r is unchanged on failure. */
MBC_API mbc_status mbc_registry_add(mbc_registry *r, const mbc_type_info *t, mbc_error *err);
/* Adds n types, all or none (same checks, also among the n). */
MBC_API mbc_status mbc_registry_add_all(mbc_registry *r, const mbc_type_info *const *types,
                                        size_t n, mbc_error *err);
/* Number of types, and the i-th in name order (NULL when out of range). */
MBC_API size_t mbc_registry_size(const mbc_registry *r);
MBC_API const mbc_type_info *mbc_registry_entry(const mbc_registry *r, size_t i);
/* The plugin file the i-th type came from (as the dynamic loader names the
 * loaded library), or NULL for a built-in type, a type the program added
 * itself and i out of range. */
MBC_API const char *mbc_registry_origin(const mbc_registry *r, size_t i);
/* The type of that name, or NULL. */
MBC_API const mbc_type_info *mbc_registry_lookup(const mbc_registry *r, const char *type_name);
/* The type names in name order, "A, B, C", into buf (cut to fit size bytes;
 * size > 0): how every "unknown connector type" message lists the known ones. */
MBC_API void mbc_registry_names(const mbc_registry *r, char *buf, size_t size);

/* The registered type name closest to type_name by the one rule of "did
 * you mean" (mbconnect/suggest.h), or NULL when none is close: every front
 * end's "unknown connector type 'ContactWaltonBrawn' (did you mean
 * 'ContactWaltonBraun'?)". */
MBC_API const char *mbc_registry_suggest_type(const mbc_registry *r, const char *type_name);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_REGISTRY_H */
