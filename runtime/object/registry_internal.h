/* SPDX-License-Identifier: BSD-3-Clause */
/* Inside the library: adding types with their origin (registry.c), for
 * plugin.c, which records the plugin file each type came from. */
#ifndef MBC_RUNTIME_REGISTRY_INTERNAL_H
#define MBC_RUNTIME_REGISTRY_INTERNAL_H

#include "mbconnect/registry.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* mbc_registry_add_all, recording `origin` (a string that outlives r, or
 * NULL) as the origin of the n types (mbc_registry_origin). */
mbc_status mbc_registry_add_from(mbc_registry *r, const mbc_type_info *const *types, size_t n,
                                 const char *origin, mbc_error *err);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
