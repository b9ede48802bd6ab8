/* SPDX-License-Identifier: BSD-3-Clause */
/* The Lua sandbox in which spec, case and scene files run as data: no io, os,
 * require, dofile, load or debug, no bytecode, no pattern matching, no random
 * numbers; bounded file size, memory and instruction count.
 *
 * One sandbox runs any number of chunks, one after another. Every run gets a
 * fresh environment (the whitelisted globals, its own copies of the string,
 * table, math and utf8 tables and, for specs, fresh constructors), so a chunk
 * never sees what an earlier chunk changed or set. The limits hold while a
 * chunk or a function runs (mbc_sandbox_run_chunk, mbc_sandbox_pcall); between runs
 * the caller reads the results, inside a protected call (mbc_sandbox_call:
 * every Lua API call that allocates can raise a memory error). Callers set
 * limits only through mbc_sandbox_set_limits.
 *
 * Errors are mbc_error records (mbconnect/error.h): MBC_ERR_INPUT for what
 * a chunk did (an error, the instruction or memory limit, a too large file),
 * MBC_ERR_IO for a file that cannot be read, MBC_ERR_NOMEM when the C
 * library refused memory ("NAME: out of memory"). */
#ifndef MBC_SANDBOX_H
#define MBC_SANDBOX_H

#include <stddef.h>

#include <lua.h>

#include "mbconnect/error.h"

#define MBC_SANDBOX_MAX_FILE_BYTES   (1024 * 1024)         /* a spec, case or scene file */
#define MBC_SANDBOX_MAX_MEMORY       (64u * 1024u * 1024u) /* bytes the interpreter may hold */
#define MBC_SANDBOX_MAX_INSTRUCTIONS 20000000L             /* VM instructions per run */

/* What a chunk may use. */
typedef struct mbc_sandbox_limits {
    size_t file_bytes;   /* largest file or chunk accepted, bytes */
    size_t memory_bytes; /* bytes the interpreter may hold while a chunk runs */
    long instructions;   /* VM instructions per run or call, counted in steps of 1000 */
} mbc_sandbox_limits;

/* The limits above: 1 MiB files, 64 MiB of memory, 2e7 instructions. */
mbc_sandbox_limits mbc_sandbox_default_limits(void);

typedef struct mbc_sandbox mbc_sandbox;

/* Features of a sandbox (flags for mbc_sandbox_new). */
enum {
    /* Chunks see the spec constructors param, output, coordinate, quantity,
     * type, standard and connector (spec files only; case and scene files
     * are plain tables and get a one-line error naming the constructor). */
    MBC_SANDBOX_SPEC_CONSTRUCTORS = 1u << 0
};

/* A sandbox with the default limits; noun/nouns name the files in messages
 * ("spec", "specs"; both must outlive the sandbox). NULL when out of memory
 * (the libraries are opened in a protected call). */
mbc_sandbox *mbc_sandbox_new(const char *noun, const char *nouns, unsigned flags);
void mbc_sandbox_free(mbc_sandbox *sb);

void mbc_sandbox_set_limits(mbc_sandbox *sb, const mbc_sandbox_limits *limits);
mbc_sandbox_limits mbc_sandbox_limits_of(const mbc_sandbox *sb);

/* The Lua state, for reading results and pushing arguments. */
lua_State *mbc_sandbox_state(mbc_sandbox *sb);
/* The sandbox a state belongs to (a state made by mbc_sandbox_new). */
mbc_sandbox *mbc_sandbox_of(lua_State *L);

/* Runs a chunk (text only, never bytecode) in a fresh environment. On
 * success leaves the chunk's first return value on the stack (pop it when
 * done). On failure leaves the stack as it was; err holds
 * "NAME:LINE: message" (err->line) or "NAME: message". */
mbc_status mbc_sandbox_run_chunk(mbc_sandbox *sb, const char *display_name, const char *buf,
                                 size_t len, mbc_error *err);

/* Calls fn inside a protected call, without limits, to read what a chunk
 * returned: fn(L) gets ud as a light userdata (argument 1) followed by the
 * top nargs values of the stack, which the call pops; fn returns 0. fn
 * reports its own errors through ud; it raises (lua_error) only for out of
 * memory (mbc_reader_raise_nomem: a light userdata as the error) and Lua
 * raises for memory errors of the API: both are MBC_ERR_NOMEM, "WHAT: out
 * of memory". Any other error raised is MBC_ERR_INPUT "WHAT: message". */
mbc_status mbc_sandbox_call(mbc_sandbox *sb, const char *what, lua_CFunction fn, void *ud,
                            int nargs, mbc_error *err);

/* lua_pcall under the limits, for functions a chunk returned (a scene's
 * loads): the same stack protocol and status as lua_pcall. After a
 * LUA_ERRMEM, mbc_sandbox_out_of_memory tells the C library's refusal (out
 * of memory, 1) from the sandbox's memory limit (an input error, 0). */
int mbc_sandbox_pcall(mbc_sandbox *sb, int nargs, int nresults);
int mbc_sandbox_out_of_memory(const mbc_sandbox *sb);
/* The error of a failed mbc_sandbox_pcall (its status; the error value on
 * top, which this pops) as an error record, in the forms of
 * mbc_sandbox_run_chunk: MBC_ERR_NOMEM "NAME: out of memory" when the C
 * library refused memory; else MBC_ERR_INPUT, "NAME: not enough memory (a
 * scene may use at most 64 MiB)" for the memory limit, "NAME:LINE: message"
 * (err->line) or "NAME: message" for what the function raised. NAME is the
 * chunk's display name. */
mbc_status mbc_sandbox_error(mbc_sandbox *sb, int status, const char *name, mbc_error *err);

/* Reads a whole file of at most limits->file_bytes (NULL: the default):
 * *text is malloc'd and NUL-terminated (free it), *len its length. */
mbc_status mbc_sandbox_load_file(const char *path, const mbc_sandbox_limits *limits, char **text,
                                 size_t *len, mbc_error *err);

/* What a constructor recorded for the table at idx: line (0 if none), name
 * (param "x" {...}) and kind, or NULL. */
int mbc_sandbox_table_line(lua_State *L, int idx);
const char *mbc_sandbox_table_name(lua_State *L, int idx);
const char *mbc_sandbox_table_kind(lua_State *L, int idx);
/* Records for the table at idx what the constructor `kind` ("param") with
 * this name (may be NULL) at this line would have: a table the loader made
 * itself (a standard parameter with a spec's keys) reads as the spec had
 * written it. */
void mbc_sandbox_table_record(lua_State *L, int idx, const char *kind, const char *name, int line);

#endif
