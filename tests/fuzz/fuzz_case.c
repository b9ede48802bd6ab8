/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz target: an `mbc eval` case file of arbitrary bytes, run in the case
 * sandbox, read, evaluated and printed as JSON (tools/eval_case.c, through
 * mbc_eval_case_buffer: no temporary files).
 *
 * Oracles besides ASan/UBSan (the contract of ../shared/design/eval-cases.md):
 * the status is 0 or 2; on 0 the JSON document is written and nothing goes
 * to stderr; on 2 nothing goes to stdout and stderr holds exactly one line
 * starting with the case name. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_case.h"
#include "fuzz_util.h"

#ifndef FUZZ_CASE_ENTRY
#define FUZZ_CASE_ENTRY LLVMFuzzerTestOneInput
#endif

#define FUZZ_CASE_NAME "fuzz.lua"

int FUZZ_CASE_ENTRY(const uint8_t *data, size_t size);

int FUZZ_CASE_ENTRY(const uint8_t *data, size_t size)
{
    char *out_text = NULL, *err_text = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    FILE *err = open_memstream(&err_text, &err_len);
    if (!out || !err)
        FUZZ_FAIL("open_memstream failed");
    int status = mbc_eval_case_buffer(FUZZ_CASE_NAME, (const char *)data, size, out, err);
    fclose(out);
    fclose(err);
    const size_t n = strlen(FUZZ_CASE_NAME);
    if (status == 0) {
        if (out_len == 0 || out_text[0] != '{' || err_len != 0)
            FUZZ_FAIL("status 0 but stdout %zu bytes, stderr %zu bytes", out_len, err_len);
    } else if (status == 2) {
        if (out_len != 0)
            FUZZ_FAIL("status 2 but %zu bytes on stdout", out_len);
        if (err_len < n + 2 || strncmp(err_text, FUZZ_CASE_NAME, n) != 0 || err_text[n] != ':' ||
            err_text[err_len - 1] != '\n' || memchr(err_text, '\n', err_len - 1) != NULL)
            FUZZ_FAIL("error is not one line naming the case: '%s'", err_text);
    } else {
        FUZZ_FAIL("status %d (expected 0 or 2)", status);
    }
    free(out_text);
    free(err_text);
    return 0;
}
