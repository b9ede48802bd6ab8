/* SPDX-License-Identifier: BSD-3-Clause */
/* Loading connector types from shared libraries (include/mbconnect/plugin.h). */
#define _GNU_SOURCE /* dlinfo: the loaded file's name, the origin of its types */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mbconnect/plugin.h"
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

/* The installed plugin directory, the search path's last entry (set by
 * cmake/Library.cmake: LIBDIR/mbconnect/plugins of the install prefix). */
#ifndef MBC_PLUGIN_DIR
#define MBC_PLUGIN_DIR "/usr/local/lib/mbconnect/plugins"
#endif

/* Calls visit(dir, length, ctx) for each directory of the plugin search
 * path in order (MBC_PLUGIN_PATH's non-empty entries, then MBC_PLUGIN_DIR)
 * until it returns nonzero; returns that, or 0. The environment is read on
 * each call: nothing is cached. */
static int each_plugin_dir(int (*visit)(const char *, size_t, void *), void *ctx)
{
    for (const char *p = getenv("MBC_PLUGIN_PATH"); p && *p;) {
        size_t n = strcspn(p, ":");
        int rc = n ? visit(p, n, ctx) : 0;
        if (rc)
            return rc;
        p += n + (p[n] == ':');
    }
    return visit(MBC_PLUGIN_DIR, strlen(MBC_PLUGIN_DIR), ctx);
}

/* Text appended with snprintf's contract: buf holds at most size - 1
 * characters and a '\0'; len counts every character offered. */
typedef struct path_text {
    char *buf;
    size_t size, len;
} path_text;

static int append_dir(const char *dir, size_t n, void *ctx)
{
    path_text *t = ctx;
    for (size_t i = t->len ? 0 : 1; i <= n; i++, t->len++)
        if (t->len + 1 < t->size)
            t->buf[t->len] = i ? dir[i - 1] : ':';
    return 0;
}

size_t mbc_plugin_search_path(char *buf, size_t size)
{
    path_text t = {buf, buf ? size : 0, 0};
    each_plugin_dir(append_dir, &t);
    if (t.size)
        t.buf[t.len < t.size ? t.len : t.size - 1] = '\0';
    return t.len;
}

/* A plugin name without '/' in one directory: DIR/NAME, DIR/NAME.so,
 * DIR/libNAME.so and, for a NAME ending in ".so", DIR/libNAME; the first
 * that is a file (a link to one included). */
typedef struct plugin_lookup {
    const char *name;
    char file[PATH_MAX];
} plugin_lookup;

static int find_in_dir(const char *dir, size_t n, void *ctx)
{
    static const char *const forms[][2] = {{"", ""}, {"", ".so"}, {"lib", ".so"}, {"lib", ""}};
    plugin_lookup *l = ctx;
    size_t len = strlen(l->name), forms_used = 3;
    if (len > 3 && strcmp(l->name + len - 3, ".so") == 0)
        forms_used = 4;
    for (size_t k = 0; k < forms_used; k++) {
        int w = snprintf(l->file, sizeof l->file, "%.*s/%s%s%s", (int)n, dir, forms[k][0], l->name,
                         forms[k][1]);
        struct stat s;
        if (w > 0 && (size_t)w < sizeof l->file && stat(l->file, &s) == 0 && S_ISREG(s.st_mode))
            return 1;
    }
    return 0;
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
static void *open_plugin(const char *name, plugin_lookup *l, const char **file, mbc_error *err)
{
    int by_name = !strchr(name, '/');
    *file = name;
    l->name = name;
    if (by_name && each_plugin_dir(find_in_dir, l)) {
        *file = l->file;
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
    mbc_fail(err, MBC_ERR_NAME,
             "%s: cannot load plugin (not in the plugin search path %s; the dynamic loader: %s)",
             name, dirs, why);
    return NULL;
}

mbc_status mbc_registry_load_plugin(mbc_registry *r, const char *name, mbc_error *err)
{
    if (!r || !name || !name[0])
        return mbc_fail(err, MBC_ERR_NAME, "plugin: %s", r ? "no file name" : "no registry");
    plugin_lookup lookup;
    const char *path;
    void *handle = open_plugin(name, &lookup, &path, err);
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
