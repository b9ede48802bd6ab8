/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

mbc_status fileio_list_specs(const char *dir, file_list *out, mbc_error *err)
{
    out->paths = NULL;
    out->count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return mbc_fail(err, MBC_ERR_IO, "%s: cannot open directory (%s)", dir, strerror(errno));
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0 || e->d_name[0] == '.' ||
            strcmp(e->d_name, "types.lua") == 0)
            continue;
        char **p = out->paths;
        if (out->count == cap) {
            cap = cap ? 2 * cap : 16;
            p = realloc(out->paths, cap * sizeof *p);
        }
        size_t len = strlen(dir) + n + 2;
        char *path = p ? malloc(len) : NULL;
        if (!path) { /* never a partial list */
            closedir(d);
            if (p)
                out->paths = p;
            fileio_list_free(out);
            return mbc_fail_nomem(err, dir);
        }
        out->paths = p;
        snprintf(path, len, "%s/%s", dir, e->d_name);
        out->paths[out->count++] = path;
    }
    closedir(d);
    if (out->count)
        qsort(out->paths, out->count, sizeof *out->paths, compare_paths);
    return MBC_OK;
}

void fileio_list_free(file_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
    list->paths = NULL;
    list->count = 0;
}

/* 1 when the file at path holds exactly content. With open/fstat/read
 * instead of stdio: a file of another size is not read at all, one of the
 * same size in one read as a rule (mbcgen compares ~1200 outputs on the
 * 400-spec bench, so system calls count). */
static int same_content(const char *path, const char *content, size_t len)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    int same = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == len;
    char *buf = same && len ? malloc(len) : NULL;
    if (same && len && !buf)
        same = 0;
    for (size_t off = 0; same && off < len;) {
        ssize_t n = read(fd, buf + off, len - off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            same = 0;
        else
            off += (size_t)n;
    }
    same = same && (len == 0 || memcmp(buf, content, len) == 0);
    free(buf);
    close(fd);
    return same;
}

mbc_status fileio_write_if_changed(const char *path, const char *content, size_t len,
                                   mbc_error *err)
{
    if (same_content(path, content, len))
        return MBC_OK;
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return mbc_fail_nomem(err, path);
    snprintf(tmp, n, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        mbc_fail(err, MBC_ERR_IO, "%s: cannot write (%s)", tmp, strerror(errno));
        free(tmp);
        return MBC_ERR_IO;
    }
    int ok = fwrite(content, 1, len, f) == len;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0) {
        mbc_fail(err, MBC_ERR_IO, "%s: cannot write (%s)", path, strerror(errno));
        remove(tmp);
        free(tmp);
        return MBC_ERR_IO;
    }
    free(tmp);
    return MBC_OK;
}

mbc_status fileio_make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return MBC_ERR_IO;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return MBC_ERR_IO;
            buf[i] = c;
        }
    }
    return MBC_OK;
}

void fileio_stem(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot ? (size_t)(dot - base) : strlen(base);
    if (n >= size)
        n = size - 1;
    memcpy(out, base, n);
    out[n] = '\0';
}
