/* SPDX-License-Identifier: BSD-3-Clause */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void diag_init(diag_list *d)
{
    d->lines = NULL;
    d->count = 0;
    sb_init(&d->store);
}

void diag_free(diag_list *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->lines[i]);
    sb_free(&d->store);
    diag_init(d);
}

/* Appends a malloc'd line; the pointer array grows in d->store. */
static void push_line(diag_list *d, char *line)
{
    sb_putn(&d->store, (const char *)&line, sizeof line);
    d->lines = (char **)(void *)d->store.data; /* realloc'd: aligned for any type */
    d->count++;
}

void diag_add_raw(diag_list *d, const char *message)
{
    strbuf line;
    sb_init(&line);
    sb_puts(&line, message);
    push_line(d, sb_take(&line));
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
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    push_line(d, sb_take(&sb));
}

void diag_print(const diag_list *d, FILE *out)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(out, "%s\n", d->lines[i]);
}
