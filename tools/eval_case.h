/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc eval CASE.lua`: evaluates one connector at one given state (no solver)
 * and prints the result as one JSON object. The contract (input table, output
 * keys, error format) is ../shared/design/eval-cases.md; the decisions this
 * implementation adds are listed at the top of eval_case.c. */
#ifndef MBC_TOOLS_EVAL_CASE_H
#define MBC_TOOLS_EVAL_CASE_H

#include <stddef.h>
#include <stdio.h>

/* Runs the case file at `path` in the Lua sandbox, evaluates it and writes
 * the JSON document to `out`. On any error writes exactly one line
 * "CASE:FIELD: what is wrong (what was given)" to `err`, nothing to `out`,
 * and returns 2. Returns 0 on success. */
int mbc_eval_case(const char *path, FILE *out, FILE *err);

/* The same for a case already in memory (len bytes, at most
 * SANDBOX_MAX_FILE_BYTES; need not be NUL-terminated); `path` names it in
 * messages. Used by the fuzz target tests/fuzz/fuzz_case.c. */
int mbc_eval_case_buffer(const char *path, const char *buf, size_t len, FILE *out, FILE *err);

#endif
