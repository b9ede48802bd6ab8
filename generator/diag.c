/* SPDX-License-Identifier: BSD-3-Clause */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void diag_init(diag_list *d)
{
    memset(d, 0, sizeof *d);
}

void diag_free(diag_list *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->files[i]);
    free(d->errors);
    free(d->lines);
    free(d->files);
    diag_init(d);
}

/* The first out-of-memory record is the one line printed. */
static void remember_nomem(diag_list *d, const mbc_error *e)
{
    if (d->nomem)
        return;
    d->nomem = 1;
    d->nomem_error = *e;
    d->nomem_error.file = NULL; /* its name is in the message */
}

/* Room for one more record; 0 (and the out-of-memory line) when none. */
static int reserve(diag_list *d, const char *what)
{
    if (d->count < d->cap)
        return 1;
    size_t cap = d->cap ? 2 * d->cap : 16;
    mbc_error *errors = realloc(d->errors, cap * sizeof *errors);
    if (errors)
        d->errors = errors;
    char **lines = errors ? realloc(d->lines, cap * sizeof *lines) : NULL;
    if (lines)
        d->lines = lines;
    char **files = lines ? realloc(d->files, cap * sizeof *files) : NULL;
    if (files)
        d->files = files;
    if (!files) {
        mbc_error e = {0};
        mbc_fail_nomem(&e, what && what[0] ? what : "mbcgen");
        remember_nomem(d, &e);
        return 0;
    }
    d->cap = cap;
    for (size_t i = 0; i < d->count; i++) /* the records moved */
        d->lines[i] = d->errors[i].message;
    return 1;
}

void diag_add_error(diag_list *d, const mbc_error *e)
{
    if (e->status == MBC_ERR_NOMEM)
        remember_nomem(d, e);
    if (!reserve(d, e->file))
        return;
    char *file = NULL;
    if (e->file) {
        file = malloc(strlen(e->file) + 1);
        if (!file) {
            diag_add_nomem(d, e->file);
            return;
        }
        memcpy(file, e->file, strlen(e->file) + 1);
    }
    mbc_error *r = &d->errors[d->count];
    *r = *e;
    r->file = file;
    d->files[d->count] = file;
    d->lines[d->count] = r->message;
    d->count++;
}

void diag_add_nomem(diag_list *d, const char *what)
{
    mbc_error e = {0};
    mbc_fail_nomem(&e, what && what[0] ? what : "mbcgen");
    remember_nomem(d, &e);
}

void diag_add_raw(diag_list *d, const char *message)
{
    mbc_error e = {0};
    mbc_fail(&e, MBC_ERR_INPUT, "%s", message);
    diag_add_error(d, &e);
}

void diag_add(diag_list *d, const char *file, int line, const char *fmt, ...)
{
    char rule[MBC_ERROR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    mbc_error e = {0};
    mbc_fail_at(&e, MBC_ERR_INPUT, file, line, "%s", rule);
    diag_add_error(d, &e);
}

void diag_add_all(diag_list *d, const diag_list *src)
{
    for (size_t i = 0; i < src->count; i++)
        diag_add_error(d, &src->errors[i]);
    if (src->nomem)
        remember_nomem(d, &src->nomem_error);
}

mbc_status diag_status(const diag_list *d)
{
    if (d->nomem)
        return MBC_ERR_NOMEM;
    for (size_t i = 0; i < d->count; i++) /* notes (MBC_OK) are no failure */
        if (d->errors[i].status != MBC_OK)
            return d->errors[i].status;
    return MBC_OK;
}

void diag_print(const diag_list *d, FILE *out)
{
    if (d->nomem) {
        fprintf(out, "%s\n", d->nomem_error.message);
        return;
    }
    for (size_t i = 0; i < d->count; i++)
        fprintf(out, "%s\n", d->lines[i]);
}
