/* SPDX-License-Identifier: BSD-3-Clause */
/* Hostile variants of a valid spec, case or scene file, derived from the
 * table the file returns (test_hostile_inputs.c).
 *
 * The file is run once in the sandbox (a scene that returns a function is
 * called with an empty parameter table) and every value in the returned
 * table is visited, down to HOSTILE_MAX_DEPTH levels (of a list of plain
 * values, the first two entries and the last). Each variant is the
 * original text with the one column-0 `return` made into a local and one
 * Lua statement that changes one value before the table is returned:
 *
 *   wrong type     the value replaced by one of another Lua type: true, 42,
 *                  "zzz", {}, a function
 *   number         -1, 0, 2.5, 1e9, -1e300, 0/0, 1/0 for a number
 *   typo           a string with "zz" appended, and the empty string
 *   table          an empty table, a string where the table was, the table
 *                  nested 300 levels deep, a list with its first entry twice
 *                  (a duplicate name), a list without its first entry
 *   key            a string key renamed (typo) and removed
 *
 * The changed value is in the text after the `return`, so messages still
 * point at the original lines. */
#ifndef MBC_TEST_HOSTILE_H
#define MBC_TEST_HOSTILE_H

#include <stddef.h>

#define HOSTILE_MAX_DEPTH 6

typedef enum hostile_kind {
    HOSTILE_WRONG_TYPE, /* value: how readers render it ("true", "42", "zzz", "table", "function")
                         */
    HOSTILE_NUMBER,
    HOSTILE_TYPO,
    HOSTILE_TABLE,
    HOSTILE_KEY,
    HOSTILE_KIND_COUNT
} hostile_kind;

typedef struct hostile_variant {
    const char *text; /* the whole file */
    size_t len;
    const char *label;    /* "parameters[5].rules.positive_when = 42" */
    const char *path;     /* "parameters[5].rules.positive_when" */
    const char *field;    /* the last name in the path ("positive_when"), which a message names */
    const char *value;    /* words ('|'-separated) of the new value a message shows, or NULL */
    const char *original; /* a changed string's old text (a reference to it may break) */
    hostile_kind kind;
} hostile_variant;

/* Calls fn for every variant of the file text (len bytes, named name in
 * messages); spec_constructors: run it with param/output/... (a spec).
 * Returns the number of variants, or -1 with a message on stderr when the
 * original does not run or has no column-0 return. */
long hostile_variants(const char *name, const char *text, size_t len, int spec_constructors,
                      void (*fn)(const hostile_variant *v, void *ctx), void *ctx);

/* text (len bytes) with anchor, which must occur exactly once, replaced:
 * a malloc'd NUL-terminated copy (*out_len bytes), or NULL. */
char *hostile_replace(const char *text, size_t len, const char *anchor, const char *replacement,
                      size_t *out_len);

/* Writes len bytes of text to path; 0 on success. */
int hostile_write(const char *path, const char *text, size_t len);

#endif
