/* SPDX-License-Identifier: BSD-3-Clause */
/* Diagnostics: the list of mbc_error records (mbconnect/error.h) a run
 * collects, each one line "FILE:LINE: what is wrong (what was given)".
 * Adding never fails: when memory runs out the list remembers one
 * out-of-memory record, and diag_print then prints that one line only. */
#ifndef MBCGEN_DIAG_H
#define MBCGEN_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "mbconnect/error.h"

typedef struct diag_list {
    mbc_error *errors; /* count records; errors[i].file points into files[i] */
    char **lines;      /* lines[i] == errors[i].message */
    char **files;      /* the records' file names, owned */
    size_t count;
    size_t cap;
    int nomem; /* out of memory: nomem_error is the one line to print */
    mbc_error nomem_error;
} diag_list;

void diag_init(diag_list *d);
void diag_free(diag_list *d);
/* Adds "file:line: message" (MBC_ERR_INPUT); line <= 0 gives "file: message". */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void diag_add(diag_list *d, const char *file, int line, const char *fmt, ...);
/* Adds a message that already carries its location (MBC_ERR_INPUT). */
void diag_add_raw(diag_list *d, const char *message);
/* Adds a copy of the record e (an MBC_ERR_NOMEM record makes the list's
 * out-of-memory line). */
void diag_add_error(diag_list *d, const mbc_error *e);
/* Adds "what: out of memory" (MBC_ERR_NOMEM). */
void diag_add_nomem(diag_list *d, const char *what);
/* Adds every record of src, in order. */
void diag_add_all(diag_list *d, const diag_list *src);
/* MBC_ERR_NOMEM after an out-of-memory record, else the status of the
 * first record that is not a note (a note's status is MBC_OK, as
 * mbc_reader_note makes it), else MBC_OK. */
mbc_status diag_status(const diag_list *d);
/* Writes every line, each followed by a newline, to out; after out of
 * memory only the one line "WHAT: out of memory". */
void diag_print(const diag_list *d, FILE *out);

#endif
