/* SPDX-License-Identifier: BSD-3-Clause */
/* Case files: one connector evaluated at one given state, described in a
 * Lua file (the format is docs/eval.rst), run in the same sandbox as specs
 * (no io, os, require, load or debug; bounded memory and instructions).
 * This is `mbc eval CASE.lua` as a library call: the object is created from
 * a registry (so plugin and out-of-tree types work too), its parameters set
 * and initialized, the state assembled with mbconnect/input.h, everything
 * evaluated with mbconnect/result.h, and the JSON document returned.
 *
 *     mbc_registry r;
 *     mbc_registry_init(&r);
 *     char *json;
 *     mbc_error err;
 *     if (mbc_case_run_file(&r, "examples/cases/sphere_sphere_static.lua", &json, &err)
 *         != MBC_OK)
 *         fprintf(stderr, "%s\n", err.message);   (one line)
 *     else { fputs(json, stdout); free(json); }
 *
 * On error nothing is returned (*json = NULL) and err holds exactly one line
 * "CASE:FIELD: what is wrong (what was given)", CASE being the path (or
 * name) as given, FIELD a path into the case table ("markers[1].rotation",
 * "parameters.contactStiffness", "data[1]") or into the result
 * ("outputs.Force[1]"), "return" for the returned value itself; a script
 * that stopped (an error, the instruction or memory limit) gives
 * "CASE:LINE: message" (err->line). Messages longer than MBC_ERROR_SIZE - 1
 * bytes are cut. The status is MBC_ERR_INPUT, MBC_ERR_IO for a file that
 * cannot be read, or MBC_ERR_NOMEM ("CASE: out of memory") when an
 * allocation failed; err->file is CASE.
 *
 * Case files are the Lua front end's: the functions live in
 * libmbconnect-lua (link mbconnect::mbconnect_lua, or pkg-config
 * mbconnect-lua), not in the core libmbconnect. */
#ifndef MBCONNECT_CASE_H
#define MBCONNECT_CASE_H

#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/object.h"

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest case file accepted, in bytes. */
#define MBC_CASE_MAX_FILE_BYTES (1024 * 1024)

/* Runs the case file at path against the types of r; *json receives the
 * malloc'd document (free it) on success. */
MBC_API mbc_status mbc_case_run_file(const mbc_registry *r, const char *path, char **json,
                                     mbc_error *err);
/* The same for a case already in memory (len bytes, at most
 * MBC_CASE_MAX_FILE_BYTES, need not be NUL-terminated); name stands for
 * CASE in messages. */
MBC_API mbc_status mbc_case_run_buffer(const mbc_registry *r, const char *name, const char *buf,
                                       size_t len, char **json, mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
