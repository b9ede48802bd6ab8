/* SPDX-License-Identifier: BSD-3-Clause */
/* The plugin search path: the directories of MBC_PLUGIN_PATH, then the
 * installed plugin directory (mbconnect/plugin.h, plugin_path.h). The
 * environment is read on each call: nothing is cached. */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "plugin_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mbconnect/plugin.h"

/* The installed plugin directory, the search path's last entry (set by
 * cmake/Library.cmake: LIBDIR/mbconnect/plugins of the install prefix). */
#ifndef MBC_PLUGIN_DIR
#define MBC_PLUGIN_DIR "/usr/local/lib/mbconnect/plugins"
#endif

/* Calls visit(dir, length, ctx) for each directory of the search path in
 * order (MBC_PLUGIN_PATH's non-empty entries, then MBC_PLUGIN_DIR) until it
 * returns nonzero; returns that, or 0. */
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
        if (t->len + 1 < t->size && i)
            t->buf[t->len] = dir[i - 1];
        else if (t->len + 1 < t->size)
            t->buf[t->len] = ':';
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

typedef struct plugin_lookup {
    const char *name;
    char *file;
    size_t size;
} plugin_lookup;

static int find_in_dir(const char *dir, size_t n, void *ctx)
{
    static const char *const forms[][2] = {{"", ""}, {"", ".so"}, {"lib", ".so"}, {"lib", ""}};
    const plugin_lookup *l = ctx;
    size_t len = strlen(l->name), forms_used = 3;
    if (len > 3 && strcmp(l->name + len - 3, ".so") == 0)
        forms_used = 4;
    for (size_t k = 0; k < forms_used; k++) {
        int w = snprintf(l->file, l->size, "%.*s/%s%s%s", (int)n, dir, forms[k][0], l->name,
                         forms[k][1]);
        struct stat s;
        if (w > 0 && (size_t)w < l->size && stat(l->file, &s) == 0 && S_ISREG(s.st_mode))
            return 1;
    }
    return 0;
}

bool mbc_plugin_find(const char *name, char *file, size_t size)
{
    plugin_lookup l = {name, file, size};
    return each_plugin_dir(find_in_dir, &l) != 0;
}
