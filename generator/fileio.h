/* SPDX-License-Identifier: BSD-3-Clause */
/* File helpers for the generator: sorted directory listings and writes that
 * leave a file untouched when its content is already right. */
#ifndef MBCGEN_FILEIO_H
#define MBCGEN_FILEIO_H

#include <stddef.h>

#include "mbconnect/error.h"

typedef struct file_list {
    char **paths;
    size_t count;
} file_list;

/* Lists DIR/<name>.lua for every regular .lua file except types.lua, sorted.
 * Returns MBC_OK, or MBC_ERR_IO ("DIR: cannot open directory (why)") or
 * MBC_ERR_NOMEM ("DIR: out of memory") reported in err, with an empty list. */
mbc_status fileio_list_specs(const char *dir, file_list *out, mbc_error *err);
void fileio_list_free(file_list *list);

/* Writes content to path via a temporary file and rename, unless the file
 * already holds exactly that content (then it is left untouched). Returns
 * MBC_OK, or MBC_ERR_IO ("PATH: cannot write (why)") or MBC_ERR_NOMEM
 * ("PATH: out of memory") reported in err; never a truncated file. */
mbc_status fileio_write_if_changed(const char *path, const char *content, size_t len,
                                   mbc_error *err);

/* Creates a directory (and parents) if missing. Returns MBC_OK, or
 * MBC_ERR_IO; it has no error record: each caller says which directory
 * (the scaffold and the writers word it differently). */
mbc_status fileio_make_dirs(const char *path);

/* The file name without directory and extension: "specs/X.lua" -> "X". */
void fileio_stem(const char *path, char *out, size_t size);

#endif
