/* SPDX-License-Identifier: BSD-3-Clause */
/* Plugins: shared libraries that add connector types to a registry at run
 * time (`mbc --plugin NAME ...`, language bindings, solvers).
 *
 * A plugin exports one function, the entry point, under the C name
 * MBC_PLUGIN_ENTRY_NAME ("mbc_plugin_entry"):
 *
 *     void mbc_plugin_entry(mbc_plugin_info *info);
 *
 * which fills in the ABI version it was built against, a name, and its
 * types. mbconnect_add_connectors(... PLUGIN name) builds such a library
 * from specs (cmake/MbconnectAddConnectors.cmake); by hand, with the table
 * mbcgen --registry-name NAME generates:
 *
 *     #include "NAME_types.h"
 *     #include <mbconnect/plugin.h>
 *     MBC_DEFINE_PLUGIN(NAME)
 *
 * ABI: MBC_PLUGIN_ABI_VERSION changes whenever the layout of mbc_type_info,
 * mbc_param_info, mbc_output_info, mbc_data_info, mbc_pair_binding,
 * mbc_state or the result structs changes; mbc_registry_load_plugin refuses
 * a plugin built against another version, and checks sizeof(mbc_type_info)
 * as a second guard. It still loads plugins of the versions it can read
 * (MBC_PLUGIN_ABI_OLDEST): 3 differs from 2 only in mbc_pair_binding, whose
 * `revision` (0 in a plugin of ABI 2, where it was padding) says which
 * members a binding has, so a plugin built against mbconnect 1.0 loads and
 * its types run through their hooks. */
#ifndef MBCONNECT_PLUGIN_H
#define MBCONNECT_PLUGIN_H

#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MBC_PLUGIN_ABI_VERSION 3u /* 2 from mbconnect 1.0.0; 3: mbc_pair_binding revision 1 */
#define MBC_PLUGIN_ABI_OLDEST  2u /* the oldest plugin ABI this library loads */
#define MBC_PLUGIN_ENTRY_NAME  "mbc_plugin_entry"

/* What a plugin declares. */
typedef struct mbc_plugin_info {
    unsigned abi_version;              /* MBC_PLUGIN_ABI_VERSION of the headers it was built with */
    size_t type_info_size;             /* sizeof(mbc_type_info) there */
    const char *name;                  /* e.g. the registry name, for messages */
    const mbc_type_info *const *types; /* static, immutable, `type_count` of them */
    size_t type_count;
} mbc_plugin_info;

typedef void (*mbc_plugin_entry_fn)(mbc_plugin_info *info);

#if defined(__GNUC__)
#define MBC_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define MBC_PLUGIN_EXPORT
#endif

/* Defines the entry point of a plugin over the table NAME_types[] /
 * NAME_type_count that mbcgen --registry-name NAME generates. */
#define MBC_DEFINE_PLUGIN(NAME)                                                                    \
    MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info);                                \
    MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info)                                 \
    {                                                                                              \
        info->abi_version = MBC_PLUGIN_ABI_VERSION;                                                \
        info->type_info_size = sizeof(mbc_type_info);                                              \
        info->name = #NAME;                                                                        \
        info->types = NAME##_types;                                                                \
        info->type_count = NAME##_type_count;                                                      \
    }

/* Loads a plugin (dlopen; it stays loaded for the life of the process,
 * since r keeps pointers into it) and adds its types to r, all or none.
 * `name` is a path when it holds a '/' (./libmine.so, /opt/x/libmine.so);
 * otherwise it is looked up on the plugin search path
 * (mbc_plugin_search_path): in each directory in order, DIR/NAME, then
 * DIR/NAME.so, then DIR/libNAME.so, then (for a NAME ending in ".so")
 * DIR/libNAME; the first file found is loaded. So `walton`, `walton.so` and
 * `libwalton.so` all find DIR/libwalton.so, and the first directory that
 * has a match wins. A name found in no directory goes
 * to dlopen's own search (LD_LIBRARY_PATH, the loader's cache). One-line
 * errors naming the file:
 *   MBC_ERR_NAME   "FILE: cannot load plugin (dlerror text)" (missing file,
 *                  not a shared library), for a name found nowhere "NAME:
 *                  cannot load plugin (not in the plugin search path
 *                  DIR1:DIR2; the dynamic loader: dlerror text)" (and
 *                  "; the file of the current directory is ./NAME" when
 *                  there is one: a name is not looked up there), "FILE: not
 *                  an mbconnect plugin (no entry point mbc_plugin_entry)",
 *                  or a type name r already holds: "FILE: connector type 'X'
 *                  is already registered";
 *   MBC_ERR_STATE  "FILE: plugin ABI version 7, this library has 3 (rebuild
 *                  the plugin against this mbconnect)" (versions from
 *                  MBC_PLUGIN_ABI_OLDEST to MBC_PLUGIN_ABI_VERSION load), a
 *                  full registry. */
MBC_API mbc_status mbc_registry_load_plugin(mbc_registry *r, const char *name, mbc_error *err);

/* The plugin search path, for messages ("... needs --plugin NAME (plugin
 * search path: DIRS)"): the directories of the environment variable
 * MBC_PLUGIN_PATH (separated by ':', empty entries skipped), then the
 * installed plugin directory LIBDIR/mbconnect/plugins of the prefix
 * mbconnect was built for, joined by ':'. Written to buf as snprintf does:
 * at most size - 1 characters and a '\0' (buf may be NULL when size is 0);
 * returns the length of the whole path. Reads the environment on each call. */
MBC_API size_t mbc_plugin_search_path(char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
