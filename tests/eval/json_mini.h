/* SPDX-License-Identifier: BSD-3-Clause */
/* A minimal, strict JSON reader for the `mbc eval` tests (RFC 8259: no
 * trailing commas, no comments, no NaN/Infinity, no leading zeros, strings
 * with the standard escapes only, nothing after the value but whitespace).
 * It keeps every number's source text, so the tests can check the format
 * (17 significant digits) separately from the value.
 *
 * Independent of the code under test: it is not built from runtime/base/json_out.c. */
#ifndef MBC_TEST_JSON_MINI_H
#define MBC_TEST_JSON_MINI_H

#include <stdbool.h>
#include <stddef.h>

typedef enum jm_type { JM_NULL, JM_BOOL, JM_NUMBER, JM_STRING, JM_ARRAY, JM_OBJECT } jm_type;

typedef struct jm_value jm_value;
struct jm_value {
    jm_type type;
    bool boolean;
    double number;
    char *text;   /* JM_NUMBER: the token; JM_STRING: the decoded string */
    size_t count; /* JM_ARRAY / JM_OBJECT: number of members */
    char **keys;  /* JM_OBJECT: member names */
    jm_value **items;
};

/* Parses text; returns NULL with a message (offset and reason) in err. */
jm_value *jm_parse(const char *text, char *err, size_t err_size);
void jm_free(jm_value *v);

/* Looks up a path like "forces.markers[1].force[0]" ("" is v itself). */
const jm_value *jm_get(const jm_value *v, const char *path);
/* Number at path, or NaN when missing / not a number. */
double jm_number(const jm_value *v, const char *path);
/* Count of array/object members at path, or (size_t)-1. */
size_t jm_count(const jm_value *v, const char *path);
/* Object member of v by name, or NULL. */
const jm_value *jm_member(const jm_value *v, const char *name);

/* Number of significant digits of a JSON number token: digits of the
 * mantissa without leading zeros; for a zero, all mantissa digits. */
int jm_significant_digits(const char *token);

/* Walks v and returns the first number (path written to bad_path) whose
 * token does not have exactly `digits` significant digits, skipping members
 * named `integer_key` (which must be integers); 0 when all are fine. */
int jm_check_digits(const jm_value *v, int digits, const char *integer_key, char *bad_path,
                    size_t size);

#endif
