/* SPDX-License-Identifier: BSD-3-Clause */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

void diag_init(diag_list *d)
{
    d->lines = NULL;
    d->count = 0;
    d->cap = 0;
}

void diag_free(diag_list *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->lines[i]);
    free(d->lines);
    diag_init(d);
}

void diag_add_raw(diag_list *d, const char *message)
{
    if (d->count == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 8;
        char **p = realloc(d->lines, cap * sizeof *p);
        if (!p) {
            fputs("mbcgen: out of memory\n", stderr);
            exit(70);
        }
        d->lines = p;
        d->cap = cap;
    }
    size_t n = strlen(message);
    char *copy = malloc(n + 1);
    if (!copy) {
        fputs("mbcgen: out of memory\n", stderr);
        exit(70);
    }
    memcpy(copy, message, n + 1);
    d->lines[d->count++] = copy;
}

void diag_add(diag_list *d, const char *file, int line, const char *fmt, ...)
{
    strbuf sb;
    sb_init(&sb);
    if (line > 0)
        sb_printf(&sb, "%s:%d: ", file, line);
    else
        sb_printf(&sb, "%s: ", file);
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        char *msg = malloc((size_t)n + 1);
        if (msg) {
            vsnprintf(msg, (size_t)n + 1, fmt, ap2);
            sb_puts(&sb, msg);
            free(msg);
        }
    }
    va_end(ap2);
    diag_add_raw(d, sb_str(&sb));
    sb_free(&sb);
}
