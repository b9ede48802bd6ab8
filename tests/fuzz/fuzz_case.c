/* Fuzz target: an `mbc eval` case file of arbitrary bytes, run in the case
 * sandbox, read, evaluated and written as JSON (mbc_case_run_buffer of
 * mbconnect/case.h: no temporary files), against the built-in types.
 *
 * Oracles besides ASan/UBSan (the format of docs/eval.rst): on success a
 * JSON document and no error; on failure no document and exactly one error
 * line starting with the case name. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "mbconnect/case.h"

#ifndef FUZZ_CASE_ENTRY
#define FUZZ_CASE_ENTRY LLVMFuzzerTestOneInput
#endif

#define FUZZ_CASE_NAME "fuzz.lua"

int FUZZ_CASE_ENTRY(const uint8_t *data, size_t size);

int FUZZ_CASE_ENTRY(const uint8_t *data, size_t size)
{
    mbc_registry r;
    mbc_registry_init(&r);
    char *json = NULL;
    mbc_error err;
    memset(&err, 0, sizeof err);
    mbc_status st = mbc_case_run_buffer(&r, FUZZ_CASE_NAME, (const char *)data, size, &json, &err);
    const size_t n = strlen(FUZZ_CASE_NAME);
    size_t err_len = strlen(err.message);
    if (st == MBC_OK) {
        if (!json || json[0] != '{' || err_len != 0)
            FUZZ_FAIL("success but document %p, error '%s'", (void *)json, err.message);
    } else {
        if (json)
            FUZZ_FAIL("status %d but a document", (int)st);
        if (err_len < n + 2 || strncmp(err.message, FUZZ_CASE_NAME, n) != 0 ||
            err.message[n] != ':' || strchr(err.message, '\n') != NULL)
            FUZZ_FAIL("error is not one line naming the case: '%s'", err.message);
    }
    free(json);
    return 0;
}
