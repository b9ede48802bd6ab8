/* SPDX-License-Identifier: BSD-3-Clause */
/* Deprecated wrappers of the pre-sandbox.h interface (sandbox_legacy.h), kept
 * for the stable ABI of libmbconnect; each forwards to mbc_sandbox_*. */
#include "sandbox_legacy.h"

#include "sandbox.h"

int sandbox_open(sandbox *sb, const char *noun, const char *nouns)
{
    mbc_sandbox *s = mbc_sandbox_new(noun, nouns, MBC_SANDBOX_SPEC_CONSTRUCTORS);
    const mbc_sandbox_limits l = mbc_sandbox_default_limits();
    sb->L = s ? mbc_sandbox_state(s) : NULL;
    sb->noun = noun;
    sb->nouns = nouns;
    sb->memory_used = 0;
    sb->memory_limit = l.memory_bytes;
    sb->instructions = 0;
    return s ? 0 : -1;
}

void sandbox_close(sandbox *sb)
{
    if (sb->L)
        mbc_sandbox_free(mbc_sandbox_of(sb->L));
    sb->L = NULL;
}

int sandbox_run(sandbox *sb, const char *display_name, const char *buf, size_t len, char *err,
                size_t err_size)
{
    return mbc_sandbox_run(mbc_sandbox_of(sb->L), display_name, buf, len, err, err_size);
}

char *sandbox_read_file(const char *path, size_t *len, char *err, size_t err_size)
{
    return mbc_sandbox_read_file(path, NULL, len, err, err_size);
}

int sandbox_table_line(lua_State *L, int idx)
{
    return mbc_sandbox_table_line(L, idx);
}

const char *sandbox_table_name(lua_State *L, int idx)
{
    return mbc_sandbox_table_name(L, idx);
}

const char *sandbox_table_kind(lua_State *L, int idx)
{
    return mbc_sandbox_table_kind(L, idx);
}
