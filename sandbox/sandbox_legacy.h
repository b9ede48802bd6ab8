/* SPDX-License-Identifier: BSD-3-Clause */
/* Deprecated: the sandbox interface before sandbox.h (mbc_sandbox_*). These
 * functions stay exported from libmbconnect because the ABI is stable
 * (docs/versioning.rst); nothing in the tree uses them. A legacy sandbox
 * gives every chunk the spec constructors, and its limits are the defaults
 * (the fields below are informational only). */
#ifndef MBC_SANDBOX_LEGACY_H
#define MBC_SANDBOX_LEGACY_H

#include <stddef.h>

#include <lua.h>

typedef struct sandbox {
    lua_State *L; /* the state of an mbc_sandbox (mbc_sandbox_of(L)) */
    const char *noun;
    const char *nouns;
    size_t memory_used;
    size_t memory_limit;
    long instructions;
} sandbox;

int sandbox_open(sandbox *sb, const char *noun, const char *nouns);
void sandbox_close(sandbox *sb);
int sandbox_run(sandbox *sb, const char *display_name, const char *buf, size_t len, char *err,
                size_t err_size);
char *sandbox_read_file(const char *path, size_t *len, char *err, size_t err_size);
int sandbox_table_line(lua_State *L, int idx);
const char *sandbox_table_name(lua_State *L, int idx);
const char *sandbox_table_kind(lua_State *L, int idx);

#endif
