/* SPDX-License-Identifier: BSD-3-Clause */
/* The plugin search path (plugin_path.c; the rule: mbconnect/plugin.h). */
#ifndef MBC_PLUGIN_PATH_H
#define MBC_PLUGIN_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* Looks a plugin name (no '/') up on the search path: in each directory in
 * order DIR/NAME, DIR/NAME.so, DIR/libNAME.so and, for a NAME ending in
 * ".so", DIR/libNAME. True with the first that is a file (a link to one
 * included) in file[size]; false when no directory has one. */
bool mbc_plugin_find(const char *name, char *file, size_t size);

#endif
