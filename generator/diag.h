/* SPDX-License-Identifier: BSD-3-Clause */
/* Diagnostics: a list of "FILE:LINE: what is wrong (what was given)" lines. */
#ifndef MBCGEN_DIAG_H
#define MBCGEN_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"

typedef struct diag_list {
    char **lines; /* count malloc'd lines, without newline */
    size_t count;
    strbuf store; /* holds the array `lines` points to */
} diag_list;

void diag_init(diag_list *d);
void diag_free(diag_list *d);
/* Adds "file:line: message"; line <= 0 gives "file: message". */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void diag_add(diag_list *d, const char *file, int line, const char *fmt, ...);
/* Adds a message that already carries its location (e.g. a Lua error). */
void diag_add_raw(diag_list *d, const char *message);
/* Writes every line, each followed by a newline, to out. */
void diag_print(const diag_list *d, FILE *out);

#endif
