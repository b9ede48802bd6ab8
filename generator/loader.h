/* SPDX-License-Identifier: BSD-3-Clause */
/* The state of one load of a Lua file of specs/ (a connector spec or the
 * type registry types.lua) and the getters its readers share: the type
 * registry (spec_types.c), the parameters (spec_params.c, spec_param_rules.c)
 * and the connector (spec_model.c). Every value is read through the front
 * end's table reader (sandbox/reader.h), whose errors go to the run's
 * diagnostics as "FILE:LINE: what is wrong (given ...)"; a reader reports
 * a problem with mbc_reader_fail(ld->r, LINE, NULL, ...), or through the
 * getters below.
 *
 * The getters run inside the protected call of loader_run: Lua raises on
 * memory errors, and the arena leaves the call when it cannot allocate. */
#ifndef MBCGEN_LOADER_H
#define MBCGEN_LOADER_H

#include <stddef.h>

#include <lua.h>

#include "diag.h"
#include "reader.h"
#include "spec_model_types.h"
#include "strbuf.h"

struct mbc_sandbox;

/* The state of one load. */
typedef struct loader {
    lua_State *L;
    mbc_reader *r; /* the reader of the file's tables: messages, lines, key checks */
    arena *mem;
    const spec_type_registry *reg;
    strbuf sb;           /* scratch text, freed after the protected call */
    void *target;        /* what is read: the registry or the connector */
    unsigned broken;     /* SPEC_BROKEN_* of the blocks that had an error */
    size_t param_errors; /* errors before the parameter being loaded */
    /* parameters already reported as not fit to count (data, output sizes) */
    char *bad_counts[8];
    int bad_count_count;
} loader;

/* Runs text (file's, len bytes) in box and reads its result with read(ld,
 * idx) inside a protected call, allocating in mem, into target. Every
 * problem goes to diag; out of memory is one "FILE: out of memory".
 * Returns MBC_OK or the first failure (MBC_ERR_INPUT, MBC_ERR_NOMEM). */
/* A sandbox for specs and types.lua (their constructors), which runs file
 * after file, each in a fresh environment. */
struct mbc_sandbox *loader_sandbox_new(void);

mbc_status loader_run(struct mbc_sandbox *box, const char *file, const char *text, size_t len,
                      arena *mem, const spec_type_registry *reg, void (*read)(loader *ld, int idx),
                      void *target, diag_list *diag);

/* The problems found so far (every one is an error of the reader). */
static inline size_t loader_errors(const loader *ld)
{
    return ld->r->errors;
}

/* The reader's view of the table at idx, named by its label `what`
 * ("parameter 'k'"; "" for none: the key alone names the field). */
mbc_reader_table loader_table(mbc_reader *r, int idx, int line, const char *what);

/* A copy of s in the spec's arena (NULL stays NULL). */
char *loader_copy(loader *ld, const char *s);

/* The index of s in names[0..count), or -1. */
int loader_enum(const char *s, const char *const names[], int count);

/* The table at idx had an unknown key or a "missing" reported (the reader
 * then reports no more "missing" for it: a misspelled key is one mistake). */
int loader_flagged(loader *ld, int idx, int line, const char *what);
/* "WHAT: missing 'KEY'" for the table at idx (not after an unknown key). */
void loader_missing(loader *ld, int idx, int line, const char *what, const char *key);

/* Field getters: each reads t[key] of the table at idx (absolute index),
 * labeled `what`, whose errors point at `line`. */
char *loader_opt_string(loader *ld, int idx, const char *key, int line, const char *what);
char *loader_req_string(loader *ld, int idx, const char *key, int line, const char *what);
int loader_opt_bool(loader *ld, int idx, const char *key, int line, const char *what, int dflt);
/* The value at the top of the stack, t[key], as a whole number in [lo, hi]:
 * 1 and *out, or 0 (reported). */
int loader_int(loader *ld, int line, const char *what, const char *key, long lo, long hi,
               long *out);

/* The list of strings at stack index v, named `where` in messages. */
void loader_string_list_at(loader *ld, int v, int line, const char *where, spec_string_list *out);
/* t[key] of the table at idx (absent: empty) as a list of strings. */
void loader_string_list(loader *ld, int idx, const char *key, int line, const char *what,
                        spec_string_list *out);

/* Pushes t[key] (t the connector table at idx), a list of constructor
 * entries of one kind ("param", "output", ...), at *list_idx: returns its
 * length, 0 when it is absent or not such a list (reported). Pop the pushed
 * value. */
size_t loader_list_begin(loader *ld, int idx, const char *key, int line, const char *kind,
                         int *list_idx);
/* Pushes entry i of the list at `list` (the value loader_list_begin
 * pushed); 1 when it is a `kind` "name" { ... } entry, else 0 (reported).
 * Pop the pushed value. */
int loader_list_entry(loader *ld, int list, size_t i, const char *key, int line, const char *kind);

/* A reference to a parameter whose type is unknown or missing, or to a
 * parameter that is not found while the parameter list had an error: that
 * mistake is reported once, where it is, and not again by every rule that
 * names the parameter (one line per mistake). */
int loader_names_broken_param(const loader *ld, const spec_param *p);

#endif
