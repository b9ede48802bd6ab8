/* SPDX-License-Identifier: BSD-3-Clause */
/* The one reader of Lua tables (layer 2, the Lua front end; not installed).
 * Spec files (generator/spec_model.c, spec_invariants.c), case files
 * (sandbox/case.c) and scene files (simulate/scene.c) read the tables
 * a chunk returned through it: typed getters, key checks, list shapes, the
 * source line of a key, the text of a given value, and every error as one
 * mbc_error record (mbconnect/error.h). docs/contributing.rst, "The table
 * reader", shows its use.
 *
 * Messages. Every error is one line
 *
 *     FILE:LINE: FIELD: RULE (given VALUE)
 *
 * "FILE:LINE: " is "FILE: " when the line is unknown, and "FILE:" for a
 * reader with MBC_READER_FIELD_LOCATION (case files: "CASE:FIELD: RULE",
 * mbconnect/case.h). FIELD names what is wrong in one of two ways, chosen
 * per table (mbc_reader_naming):
 *   MBC_READER_PATH   a path from the root: "markers[1].position[2]"; the
 *                     rule follows: "must be finite (given inf)"
 *   MBC_READER_LABEL  the table's label, the key quoted in the rule:
 *                     "parameter 'k': 'symbol' must be a string (given 1)",
 *                     "parameter 'k': missing 'description'"
 * The rules are the same for both: "missing", "must be a string", "must be
 * true or false", "must be a number", "must be finite", "must be a whole
 * number in [LO, HI]", "must be a table", "must be a list", "must have N
 * numbers", "unknown key 'K' (allowed: A, B, C)". A value is given as
 * mbc_reader_describe writes it: 'text', 2.5, true, nil, a table, param 'x'.
 *
 * Errors go to the reader's report function (mbc_reader_set_report: a
 * loader that collects every problem) or, without one, the first is kept in
 * r->first (a loader that stops at the first problem). Every getter returns
 * MBC_OK, MBC_ERR_INPUT (reported) or MBC_ERR_NOMEM; an absent optional
 * value is MBC_OK and leaves *out unchanged.
 *
 * Protected calls. The getters call the Lua API, which raises on memory
 * errors: run them inside a protected call (mbc_sandbox_call). Values stay
 * on the stack only as documented (tables a getter pushes). Strings handed
 * out live as long as the table that holds them. */
#ifndef MBC_READER_H
#define MBC_READER_H

#include <stddef.h>

#include <lua.h>

#include "line_index.h"
#include "mbconnect/error.h"
#include "mbconnect/suggest.h"

/* Where a reader's errors go; e is valid during the call only. */
typedef void (*mbc_reader_report_fn)(void *ctx, const mbc_error *e);

/* Reader flags (mbc_reader_init). */
enum {
    /* a getter's error points at the line of `key =` (from the table's
     * line on), not at the table's line; an error about an element of a
     * list ("key[i]") too */
    MBC_READER_KEY_LINES = 1u << 0,
    /* without a line, the location is "FILE:FIELD: " (case files) */
    MBC_READER_FIELD_LOCATION = 1u << 1
};

typedef struct mbc_reader {
    lua_State *L;
    const char *file; /* the file as messages name it */
    const char *root; /* FIELD of the root table's own errors when its name is "" */
    unsigned flags;   /* MBC_READER_KEY_LINES, MBC_READER_FIELD_LOCATION */
    line_index lines; /* of the source text; empty without one */
    mbc_reader_report_fn report;
    void *report_ctx;
    mbc_error first; /* the first error (the only one kept without report) */
    size_t errors;   /* errors reported */
    int nomem;       /* an allocation failed */
    /* tables with an unknown key or a "missing" reported: a misspelled key
     * is one mistake, reported as the unknown key and not again as the key
     * it should have been; an emptied table gets one "missing" */
    const void *flagged[32];
    size_t flagged_count;
} mbc_reader;

/* How the fields of a table are named in messages (see above). */
typedef enum mbc_reader_naming { MBC_READER_PATH, MBC_READER_LABEL } mbc_reader_naming;

#define MBC_READER_NAME_SIZE 192

/* A table being read. */
typedef struct mbc_reader_table {
    int idx;  /* absolute stack index; 0 when the value is absent or not a table */
    int line; /* its line in the source (a constructor's, or the line of its key); 0: unknown */
    mbc_reader_naming naming;
    char name[MBC_READER_NAME_SIZE]; /* path ("" for the root) or label */
} mbc_reader_table;

/* Getter flags. */
enum {
    MBC_READER_REQUIRED = 1u << 0, /* absence (nil) is an error, "missing" */
    MBC_READER_NONEMPTY = 1u << 1, /* strings: not "" */
    MBC_READER_FINITE = 1u << 2,   /* numbers: not inf or nan */
    MBC_READER_LIST = 1u << 3      /* key checks: the entries 1..#t are allowed too */
};

/* A reader of the tables of `file` in L; src (len bytes, may be NULL) is
 * the file's text, for the lines of keys (it must outlive the reader).
 * MBC_ERR_NOMEM when the line index cannot be made (then lines are unknown;
 * the reader is usable and must be freed). */
mbc_status mbc_reader_init(mbc_reader *r, lua_State *L, const char *file, const char *src,
                           size_t len, unsigned flags);
void mbc_reader_free(mbc_reader *r);
/* Every error to fn(ctx, error) instead of keeping the first. */
void mbc_reader_set_report(mbc_reader *r, mbc_reader_report_fn fn, void *ctx);

/* Describes the table at idx (absolute or relative) for messages: name is
 * a printf format. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
void
mbc_reader_table_at(mbc_reader *r, mbc_reader_table *t, int idx, mbc_reader_naming naming,
                    int line, const char *name, ...);

/* mbc_reader_table_at with the name as it is, not a format (the loader
 * describes thousands of tables a spec: no printf for each). */
void mbc_reader_table_named(mbc_reader *r, mbc_reader_table *t, int idx, mbc_reader_naming naming,
                            int line, const char *name);

/* ---------------------------------------------------------- getters of t[key] */

/* Pushes t[key] as it is, of any type (a value whose type decides how it
 * is read, as a spec's default); with MBC_READER_REQUIRED a nil is
 * "missing". Returns 1 when it is present (not nil), else 0. Pop the pushed
 * value whatever the result. */
int mbc_reader_value(mbc_reader *r, const mbc_reader_table *t, const char *key, unsigned flags);

/* A string (NUL bytes refused; MBC_READER_NONEMPTY refuses ""). */
mbc_status mbc_reader_string(mbc_reader *r, const mbc_reader_table *t, const char *key,
                             unsigned flags, const char **out);
/* true or false, as 1 or 0. */
mbc_status mbc_reader_boolean(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, int *out);
/* A number; hint (may be NULL) says what it is in a "missing" error. */
mbc_status mbc_reader_number(mbc_reader *r, const mbc_reader_table *t, const char *key,
                             unsigned flags, const char *hint, double *out);
/* A whole number in [lo, hi]. */
mbc_status mbc_reader_integer(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, long lo, long hi, long *out);
/* The value at idx, which is t[key], as a whole number in [lo, hi] (for a
 * value the caller pushed itself). */
mbc_status mbc_reader_check_integer(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                    int idx, long lo, long hi, long *out);
/* A list of exactly n numbers into out[0..n). */
mbc_status mbc_reader_numbers(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              unsigned flags, size_t n, double *out);
/* A list of any number of numbers: *out is malloc'd (free it; at least one
 * element is allocated), *count its length; absent: *out = NULL. hint says
 * what the list is ("a list of numbers x0,y0, x1,y1, ...") in messages. */
mbc_status mbc_reader_number_list(mbc_reader *r, const mbc_reader_table *t, const char *key,
                                  unsigned flags, const char *hint, double **out, size_t *count);

/* Pushes t[key] and describes it in sub (sub->idx = 0 when absent); it must
 * be a plain table (not one a spec constructor made): "must be HINT". Pop
 * the pushed value whatever the result. sub is named "PATH.key" (path
 * naming) or "LABEL: key" (label naming); its line is the line of `key =`. */
mbc_status mbc_reader_subtable(mbc_reader *r, const mbc_reader_table *t, const char *key,
                               unsigned flags, const char *hint, mbc_reader_table *sub);
/* As mbc_reader_subtable, and the table must be a list (keys 1..n, no holes):
 * *n is its length (0 when absent). */
mbc_status mbc_reader_list(mbc_reader *r, const mbc_reader_table *t, const char *key,
                           unsigned flags, const char *hint, mbc_reader_table *sub, size_t *n);

/* ------------------------------------------------ getters of list entries */

/* Pushes list[i] (1-based) and describes it in sub, named "NAME[i]"; it
 * must be a table ("must be HINT"). Pop the pushed value whatever the result.
 * An entry's error reads "NAME[i]: RULE" (path naming) or "NAME[i] RULE"
 * (label naming: "markers[1] must be a list of strings (given 'Position')"). */
mbc_status mbc_reader_entry(mbc_reader *r, const mbc_reader_table *list, size_t i, const char *hint,
                            mbc_reader_table *sub);
/* list[i] must be a string. */
mbc_status mbc_reader_string_at(mbc_reader *r, const mbc_reader_table *list, size_t i,
                                const char **out);

/* ------------------------------------------------------------- key checks */

/* Every key of t must be one of `allowed` (NULL-terminated, may be NULL),
 * or an entry 1..#t with MBC_READER_LIST. Each other key is one error
 * "unknown key 'K' (allowed: A, B)", in the order of the keys' text; a
 * non-string key is given as its value ("unknown key 1 (allowed: ...)").
 * When an allowed key is close to K (mbconnect/suggest.h) it comes first,
 * so that a long list cut to the message's size keeps it: "unknown key
 * 'mas' (did you mean 'mass'? allowed: name, mass)". */
mbc_status mbc_reader_check_keys(mbc_reader *r, const mbc_reader_table *t,
                                 const char *const allowed[], unsigned flags);
/* Keys allowed beyond a fixed list: is(ctx, key) says whether key is one,
 * offer(ctx, s) offers each of them to a suggestion (mbc_suggest_offer) and
 * text names them at the end of the list ("the parameters of the type"). */
typedef struct mbc_reader_more_keys {
    int (*is)(void *ctx, const char *key);
    void (*offer)(void *ctx, mbc_suggestion *s);
    void *ctx;
    const char *text;
} mbc_reader_more_keys;
/* As mbc_reader_check_keys, and a key is also allowed when more says so
 * (more may be NULL). */
mbc_status mbc_reader_check_keys_with(mbc_reader *r, const mbc_reader_table *t,
                                      const char *const allowed[], unsigned flags,
                                      const mbc_reader_more_keys *more);

/* ------------------------------------------------------------ source lines */

/* The line of the first `key =` (key a whole word, not `==`) at or after
 * line `from`; `from` when there is none or no source. */
int mbc_reader_key_line(const mbc_reader *r, const char *key, int from);
/* The line of the first whole-word occurrence of word at or after `from`
 * (an entry "word" of a list); `from` when there is none. */
int mbc_reader_word_line(const mbc_reader *r, const char *word, int from);
/* The line of the first `= "text"` at or after `from`; `from` when none. */
int mbc_reader_value_line(const mbc_reader *r, const char *text, int from);

/* ---------------------------------------------------------------- errors */

/* The value at idx for messages (see above), in buf of size bytes. */
const char *mbc_reader_describe(lua_State *L, int idx, char *buf, size_t size);

/* t had an unknown key or a "missing" error (see mbc_reader.flagged). */
int mbc_reader_flagged(const mbc_reader *r, const mbc_reader_table *t);
/* Reports "missing 'key'" (label naming) or "missing" (path), with the hint
 * (may be NULL), unless t is flagged; returns MBC_ERR_INPUT either way. */
mbc_status mbc_reader_missing(mbc_reader *r, const mbc_reader_table *t, const char *key,
                              const char *hint);

/* Reports one error "FILE:LINE: FIELD: RULE" (field may be NULL or "";
 * line 0: unknown); returns MBC_ERR_INPUT. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
mbc_status
mbc_reader_fail(mbc_reader *r, int line, const char *field, const char *fmt, ...);
/* Reports one note "FILE:LINE: note: TEXT" (status MBC_OK): a thing the
 * reader accepts but the author likely meant otherwise. It goes to the
 * report function only, and counts as no error. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mbc_reader_note(mbc_reader *r, int line, const char *fmt, ...);
/* The FIELD of t[key] (path naming) or of t (label naming) into out. */
void mbc_reader_field(const mbc_reader_table *t, const char *key, char *out, size_t size);
/* The line an error about t[key] points at (MBC_READER_KEY_LINES). */
int mbc_reader_line(const mbc_reader *r, const mbc_reader_table *t, const char *key);

/* Reports "FILE: out of memory" (MBC_ERR_NOMEM, once) and returns it. */
mbc_status mbc_reader_nomem(mbc_reader *r);
/* mbc_reader_nomem, then leaves the protected call (lua_error); only inside
 * mbc_sandbox_call, with nothing malloc'd that the caller does not own. */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void
mbc_reader_raise_nomem(mbc_reader *r);
/* MBC_ERR_NOMEM after an allocation failure, MBC_ERR_INPUT after an error,
 * else MBC_OK. */
mbc_status mbc_reader_status(const mbc_reader *r);

#endif
