/* SPDX-License-Identifier: BSD-3-Clause */
/* A small JSON writer for the JSON form of evaluation results
 * (runtime/eval/result.c, `mbc eval`), internal to the library (hidden symbols):
 * builds the whole document in memory (nothing is printed until the caller decides the evaluation
 * succeeded), pretty-prints objects one key per line and scalar arrays on one line, prints every
 * real number with 17 significant digits ("%#.17g", round-trip exact), and refuses non-finite
 * numbers, reporting the JSON path of the first one (e.g. "forces.markers[0].force[1]").
 *
 * Usage: json_begin_object(w, NULL) for the document, then per member
 * json_number(w, "key", x), json_begin_array(w, "key", inline), ...; inside
 * an array pass key = NULL. After the first failure every call is a no-op
 * and json_failed() is true. */
#ifndef MBC_RUNTIME_JSON_OUT_H
#define MBC_RUNTIME_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/error.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define JSON_MAX_DEPTH 16
#define JSON_KEY_SIZE  48

typedef struct json_frame {
    char key[JSON_KEY_SIZE]; /* member name of this container ("" in an array / at the root) */
    long index;              /* position in the parent array, or -1 */
    bool is_array;
    bool is_inline; /* scalar array printed on one line */
    size_t count;   /* members written so far */
} json_frame;

typedef struct json_writer {
    char *data; /* NUL-terminated once anything was written */
    size_t len;
    size_t cap;
    json_frame stack[JSON_MAX_DEPTH];
    int depth;
    bool failed;
    /* why it failed: MBC_ERR_VALUE "PATH: result is not finite (given nan)"
     * (rule_offset: after "PATH: "), MBC_ERR_NOMEM "JSON document: out of
     * memory", MBC_ERR_STATE "JSON document: nesting deeper than 16" */
    mbc_error error;
} json_writer;

void json_init(json_writer *w);
void json_free(json_writer *w);

void json_begin_object(json_writer *w, const char *key);
void json_end_object(json_writer *w);
/* is_inline: the array holds only scalars and is printed on one line. */
void json_begin_array(json_writer *w, const char *key, bool is_inline);
void json_end_array(json_writer *w);

void json_number(json_writer *w, const char *key, double x);
void json_integer(json_writer *w, const char *key, long x);
void json_string(json_writer *w, const char *key, const char *s);
void json_null(json_writer *w, const char *key);
void json_bool(json_writer *w, const char *key, bool b);
/* An inline array of n numbers. */
void json_number_array(json_writer *w, const char *key, const double *v, size_t n);
/* A rows x cols matrix (row-major) as an array of inline row arrays. */
void json_matrix(json_writer *w, const char *key, const double *m, size_t rows, size_t cols);

static inline bool json_failed(const json_writer *w)
{
    return w->failed;
}

/* Writes the JSON path of the value being written next under `key` (or of
 * the next array element when key is NULL) into buf. */
void json_path(const json_writer *w, const char *key, char *buf, size_t size);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
