/* SPDX-License-Identifier: BSD-3-Clause */
/* File helpers for the generator: sorted directory listings and writes that
 * leave a file untouched when its content is already right. */
#ifndef MBCGEN_FILEIO_H
#define MBCGEN_FILEIO_H

#include <stddef.h>

/* The return value of the functions below when memory ran out (the message
 * is "WHAT: out of memory"); other errors are -1. */
#define FILEIO_NOMEM (-2)

typedef struct file_list {
    char **paths;
    size_t count;
} file_list;

/* Lists DIR/<name>.lua for every regular .lua file except types.lua, sorted.
 * Returns 0, or -1 / FILEIO_NOMEM with a message in err (and an empty list). */
int fileio_list_specs(const char *dir, file_list *out, char *err, size_t err_size);
void fileio_list_free(file_list *list);

/* Writes content to path via a temporary file and rename, unless the file
 * already holds exactly that content. Returns 1 written, 0 unchanged, -1 error
 * or FILEIO_NOMEM (message in err). */
int fileio_write_if_changed(const char *path, const char *content, size_t len, char *err,
                            size_t err_size);

/* Creates a directory (and parents) if missing. Returns 0 on success. */
int fileio_make_dirs(const char *path);

/* The file name without directory and extension: "specs/X.lua" -> "X". */
void fileio_stem(const char *path, char *out, size_t size);

#endif
