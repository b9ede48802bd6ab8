/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the generator tests: whole-file reads, text comparison
 * that names the first differing line, running a program with captured
 * output, and temporary directories. Header-only; each test is one file. */
#ifndef MBC_GEN_TEST_UTIL_H
#define MBC_GEN_TEST_UTIL_H

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

/* Reads a whole file; returns a malloc'd NUL-terminated buffer or NULL. */
static inline char *gt_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *p = realloc(buf, cap *= 2);
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

/* Writes the line `line` (1-based) of text (length len) to out as at most 200 characters. */
static inline void gt_print_line(FILE *out, const char *label, const char *text, size_t len,
                                 size_t line)
{
    size_t i = 0, cur = 1;
    while (i < len && cur < line)
        if (text[i++] == '\n')
            cur++;
    if (cur < line || i >= len) {
        fprintf(out, "  %s: <end of file>\n", label);
        return;
    }
    size_t end = i;
    while (end < len && text[end] != '\n')
        end++;
    size_t n = end - i;
    fprintf(out, "  %s: %.*s%s\n", label, (int)(n > 200 ? 200 : n), text + i, n > 200 ? "..." : "");
}

/* Compares two texts byte by byte. Returns 0 when equal; otherwise prints
 * "what: first difference at line N" and both lines, and returns the line. */
static inline size_t gt_compare_text(const char *what, const char *expected, size_t exp_len,
                                     const char *actual, size_t act_len)
{
    if (exp_len == act_len && memcmp(expected, actual, exp_len) == 0)
        return 0;
    size_t i = 0, line = 1;
    while (i < exp_len && i < act_len && expected[i] == actual[i]) {
        if (expected[i] == '\n')
            line++;
        i++;
    }
    fprintf(stderr, "%s: first difference at line %zu (expected %zu bytes, got %zu)\n", what, line,
            exp_len, act_len);
    gt_print_line(stderr, "expected", expected, exp_len, line);
    gt_print_line(stderr, "actual  ", actual, act_len, line);
    return line;
}

/* Runs argv[0] (a path) with stdout and stderr captured into malloc'd
 * strings (either may be NULL to discard). Returns the exit status, or -1
 * when the program could not run or was killed by a signal. */
static inline int gt_run(char *const argv[], char **out_text, char **err_text)
{
    char out_path[] = "/tmp/mbc-test-out-XXXXXX";
    char err_path[] = "/tmp/mbc-test-err-XXXXXX";
    int out_fd = mkstemp(out_path);
    int err_fd = mkstemp(err_path);
    if (out_fd < 0 || err_fd < 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int null_fd = open("/dev/null", O_RDONLY);
        if (null_fd >= 0)
            dup2(null_fd, 0);
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        execv(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = -1;
    if (pid > 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    close(out_fd);
    close(err_fd);
    if (out_text)
        *out_text = gt_read_file(out_path, NULL);
    if (err_text)
        *err_text = gt_read_file(err_path, NULL);
    unlink(out_path);
    unlink(err_path);
    if (pid < 0)
        return -1;
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "%s was killed by signal %d\n", argv[0], WTERMSIG(status));
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static inline int gt_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Removes a directory tree (files and directories only). */
static inline void gt_remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char child[4096];
            int w = snprintf(child, sizeof child, "%s/%s", path, e->d_name);
            if (w < 0 || (size_t)w >= sizeof child)
                continue;
            if (gt_is_dir(child))
                gt_remove_tree(child);
            else
                unlink(child);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* A sorted list of relative file paths. */
typedef struct gt_names {
    char **items;
    size_t count;
} gt_names;

static inline int gt_names_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline void gt_names_walk(gt_names *n, const char *root, const char *rel, int recursive)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s%s%s", root, rel[0] ? "/" : "", rel);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char sub[4096], full[8192];
        int w = snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
        if (w < 0 || (size_t)w >= sizeof sub)
            continue;
        w = snprintf(full, sizeof full, "%s/%s", root, sub);
        if (w < 0 || (size_t)w >= sizeof full)
            continue;
        if (gt_is_dir(full)) {
            if (recursive)
                gt_names_walk(n, root, sub, recursive);
            continue;
        }
        char **p = realloc(n->items, (n->count + 1) * sizeof *p);
        if (!p)
            break;
        n->items = p;
        n->items[n->count++] = strdup(sub);
    }
    closedir(d);
}

/* Lists the files under root (relative paths, sorted); recursive or not. */
static inline gt_names gt_list_files(const char *root, int recursive)
{
    gt_names n = {NULL, 0};
    gt_names_walk(&n, root, "", recursive);
    if (n.count)
        qsort(n.items, n.count, sizeof *n.items, gt_names_cmp);
    return n;
}

static inline int gt_names_has(const gt_names *n, const char *name)
{
    for (size_t i = 0; i < n->count; i++)
        if (!strcmp(n->items[i], name))
            return 1;
    return 0;
}

static inline void gt_names_free(gt_names *n)
{
    for (size_t i = 0; i < n->count; i++)
        free(n->items[i]);
    free(n->items);
    n->items = NULL;
    n->count = 0;
}

/* Makes the source tree the working directory (paths in messages are relative). */
static inline void gt_enter_source_dir(void)
{
    if (chdir(MBC_SOURCE_DIR) != 0) {
        fprintf(stderr, "cannot enter %s: %s\n", MBC_SOURCE_DIR, strerror(errno));
        exit(1);
    }
}

#endif
