/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc list` and `mbc describe`: the registered connector types as text
 * for people and as JSON for tools (docs/mbc.rst has the JSON format). */
#ifndef MBC_TOOLS_DESCRIBE_H
#define MBC_TOOLS_DESCRIBE_H

#include <stdbool.h>
#include <stdio.h>

#include "mbconnect/object.h"

/* Every type with its parameter, visualization and output counts and its
 * origin (built in or the plugin file). Returns the exit status: 0, or 71
 * when the JSON document cannot be built (out of memory). */
int describe_list(const mbc_registry *r, bool json, FILE *out, FILE *err);
/* One type: parameters, visualization parameters, outputs, data layout.
 * Returns the exit status: 0; 2 for an unknown type (one line on err); 71
 * out of memory. */
int describe_type(const mbc_registry *r, const char *name, bool json, FILE *out, FILE *err);

#endif
