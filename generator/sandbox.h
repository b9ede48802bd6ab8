/* SPDX-License-Identifier: BSD-3-Clause */
/* A Lua state in which spec files run as data: no io, os, require, dofile,
 * load, or debug; bounded memory and instruction count. */
#ifndef MBCGEN_SANDBOX_H
#define MBCGEN_SANDBOX_H

#include <stddef.h>

#include <lua.h>

#define SANDBOX_MAX_FILE_BYTES   (1024 * 1024)         /* a spec or case file */
#define SANDBOX_MAX_MEMORY       (64u * 1024u * 1024u) /* bytes the interpreter may hold */
#define SANDBOX_MAX_INSTRUCTIONS 20000000L             /* VM instructions per file */

typedef struct sandbox {
    lua_State *L;
    const char *noun;  /* what a file is called in messages: "spec" */
    const char *nouns; /* plural: "specs" */
    size_t memory_used;
    size_t memory_limit;
    long instructions;
} sandbox;

/* Creates the state; noun/nouns name the files in messages ("spec", "specs").
 * Returns 0 on success. */
int sandbox_open(sandbox *sb, const char *noun, const char *nouns);
void sandbox_close(sandbox *sb);

/* Runs a chunk (text only, never bytecode) in a fresh environment holding the
 * whitelisted globals and the spec constructors. On success returns 0 and
 * leaves the chunk's first return value on the stack. On failure returns -1
 * and writes "name:LINE: message" to err (err_size bytes). */
int sandbox_run(sandbox *sb, const char *display_name, const char *buf, size_t len, char *err,
                size_t err_size);

/* Reads a whole file (at most SANDBOX_MAX_FILE_BYTES). Returns a malloc'd
 * buffer or NULL with a message in err. */
char *sandbox_read_file(const char *path, size_t *len, char *err, size_t err_size);

/* What a constructor recorded for the table at idx: line (0 if none), name
 * (param "x" {...}) and kind, or NULL. */
int sandbox_table_line(lua_State *L, int idx);
const char *sandbox_table_name(lua_State *L, int idx);
const char *sandbox_table_kind(lua_State *L, int idx);

#endif
