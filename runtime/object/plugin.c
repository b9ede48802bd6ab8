/* SPDX-License-Identifier: BSD-3-Clause */
/* Loading connector types from shared libraries (include/mbconnect/plugin.h). */
#define _GNU_SOURCE /* dlinfo: the loaded file's name, the origin of its types */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "mbconnect/plugin.h"
#include "plugin_path.h"
#include "registry_internal.h"

/* The file name the dynamic loader keeps for a loaded library (valid while
 * it stays loaded, which a plugin that added types does; the caller's
 * `path` may not live as long). */
static const char *loaded_name(void *handle)
{
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && map->l_name[0])
        return map->l_name;
    return "(a plugin)";
}

/* dlopen's reason, without the file name it starts with. */
static const char *load_error(const char *file)
{
    const char *why = dlerror();
    size_t n = strlen(file);
    if (why && strncmp(why, file, n) == 0 && why[n] == ':' && why[n + 1] == ' ')
        why += n + 2;
    return why ? why : "unknown reason";
}

/* dlopen of a plugin name or path (mbconnect/plugin.h: the search rule);
 * the file it opened goes to *file. NULL after one error line in err. */
static void *open_plugin(const char *name, char found[PATH_MAX], const char **file, mbc_error *err)
{
    int by_name = !strchr(name, '/');
    *file = name;
    if (by_name && mbc_plugin_find(name, found, PATH_MAX)) {
        *file = found;
        by_name = 0;
    }
    /* RTLD_LOCAL: two plugins may both define mbc_plugin_entry; a name found
     * on no directory goes to the loader's own search (LD_LIBRARY_PATH, ...) */
    void *handle = dlopen(*file, RTLD_NOW | RTLD_LOCAL);
    if (handle)
        return handle;
    const char *why = load_error(*file);
    if (!by_name) {
        mbc_fail(err, MBC_ERR_NAME, "%s: cannot load plugin (%s)", *file, why);
        return NULL;
    }
    char dirs[MBC_ERROR_SIZE / 2];
    mbc_plugin_search_path(dirs, sizeof dirs);
    /* a name is never looked up in the current directory: say so when the
     * file is there */
    struct stat s;
    int here = stat(name, &s) == 0 && S_ISREG(s.st_mode);
    mbc_fail(err, MBC_ERR_NAME,
             "%s: cannot load plugin (not in the plugin search path %s; the dynamic loader: "
             "%s)%s%s",
             name, dirs, why, here ? "; the file of the current directory is ./" : "",
             here ? name : "");
    return NULL;
}

mbc_status mbc_registry_load_plugin(mbc_registry *r, const char *name, mbc_error *err)
{
    if (!r || !name || !name[0])
        return mbc_fail(err, MBC_ERR_NAME, "plugin: %s", r ? "no file name" : "no registry");
    char found[PATH_MAX];
    const char *path;
    void *handle = open_plugin(name, found, &path, err);
    if (!handle)
        return MBC_ERR_NAME;
    /* ISO C forbids converting void * to a function pointer; POSIX allows it
     * through the object pointer's representation. */
    void *sym = dlsym(handle, MBC_PLUGIN_ENTRY_NAME);
    if (!sym) {
        dlclose(handle);
        return mbc_fail(err, MBC_ERR_NAME,
                        "%s: not an mbconnect plugin (no entry point " MBC_PLUGIN_ENTRY_NAME ")",
                        path);
    }
    mbc_plugin_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry);
    mbc_plugin_info info;
    memset(&info, 0, sizeof info);
    entry(&info);
    mbc_status st = MBC_OK;
    if (info.abi_version < MBC_PLUGIN_ABI_OLDEST || info.abi_version > MBC_PLUGIN_ABI_VERSION)
        st = mbc_fail(err, MBC_ERR_STATE,
                      "%s: plugin ABI version %u, this library has %u (rebuild the plugin "
                      "against this mbconnect)",
                      path, info.abi_version, MBC_PLUGIN_ABI_VERSION);
    else if (info.type_info_size != sizeof(mbc_type_info))
        st = mbc_fail(err, MBC_ERR_STATE,
                      "%s: plugin type descriptors have %zu bytes, this library's %zu (rebuild "
                      "the plugin against this mbconnect)",
                      path, info.type_info_size, sizeof(mbc_type_info));
    else if (info.type_count && !info.types)
        st = mbc_fail(err, MBC_ERR_STATE, "%s: plugin lists %zu types but no table", path,
                      info.type_count);
    if (st == MBC_OK) {
        mbc_error e = {0};
        st = mbc_registry_add_from(r, info.types, info.type_count, loaded_name(handle), &e);
        if (st != MBC_OK)
            mbc_fail(err, st, "%s: %s", path, e.message);
    }
    /* On success the library stays loaded: r points into it. */
    if (st != MBC_OK)
        dlclose(handle);
    return st;
}
