/* SPDX-License-Identifier: BSD-3-Clause */
/* Generic connector objects (runtime/object/object.c): an object of any
 * type, created by name from a registry or from its descriptor, its
 * parameters set and read by name with the typed setters' checks, and
 * initialized (validation of every rule plus the type's initialize hook).
 *
 * This header also brings in everything an object is made of: the
 * descriptor tables (type_info.h), the table-driven parameter access
 * (params.h, param_rules_text.h), the names of integer values
 * (param_choices.h), the bindings in words (pair_binding.h)
 * and the registry (registry.h). */
#ifndef MBCONNECT_OBJECT_H
#define MBCONNECT_OBJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/format_number.h"
#include "mbconnect/hooks.h"
#include "mbconnect/pair_binding.h"
#include "mbconnect/param_choices.h"
#include "mbconnect/param_rules_text.h"
#include "mbconnect/params.h"
#include "mbconnect/registry.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mbc_object {
    const mbc_type_info *type;
    void *params;     /* the type's params struct */
    bool initialized; /* initialize() succeeded since the last parameter change */
} mbc_object;

/* Creates an object of a built-in type with every default set (see
 * mbc_registry_create for built-in and out-of-tree types). */
MBC_API mbc_object *mbc_object_create(const char *type_name, mbc_error *err);
/* Creates an object of a type in r with every default set (as
 * mbc_object_create); an unknown name is reported as
 * "unknown connector type 'X' (known: A, B, ...)". */
MBC_API struct mbc_object *mbc_registry_create(const mbc_registry *r, const char *type_name,
                                               mbc_error *err);
/* Creates an object of the given type (any type, registered or not). */
MBC_API mbc_object *mbc_object_create_type(const mbc_type_info *t, mbc_error *err);
MBC_API void mbc_object_destroy(mbc_object *o);
/* By-name access, same checks and messages as the typed setters. Names of
 * visualization parameters are written "visualization.show". */
MBC_API mbc_status mbc_object_set(mbc_object *o, const char *name, double value, mbc_error *err);
MBC_API mbc_status mbc_object_set_array(mbc_object *o, const char *name, const double *values,
                                        size_t count, mbc_error *err);
MBC_API mbc_status mbc_object_set_string(mbc_object *o, const char *name, const char *value,
                                         mbc_error *err);
MBC_API mbc_status mbc_object_get(const mbc_object *o, const char *name, double *values,
                                  size_t capacity, size_t *count, mbc_error *err);
MBC_API const mbc_param_info *mbc_object_find_param(const mbc_object *o, const char *name);
/* Validates (all violations are reported in errors, up to max_errors; the
 * return value of validation is in *violations) and runs the initialize hook. */
MBC_API mbc_status mbc_object_initialize(mbc_object *o, mbc_error *errors, size_t max_errors,
                                         size_t *violations);
/* Sets the index parameters a solver fills in from its model (inputs of
 * kind MBC_VALUE_INDEX that must be set and have a fixed size, such as
 * markerNumbers or nodeNumber) to 0, 1, ...: what `mbc eval` and the Python
 * module do, having no model to number markers and nodes. */
MBC_API void mbc_object_set_default_indices(mbc_object *o);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_OBJECT_H */
