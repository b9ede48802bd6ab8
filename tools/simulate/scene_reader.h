/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading the Lua tables of a scene file (scene*.c only): typed getters with
 * the one-line error "SCENE:LINE: PATH.field: what is wrong (got VALUE)",
 * key checks against the item catalog, and source lines found in the text.
 * These helpers are the part the front end's table reader replaces.
 *
 * Every getter reads the table at a stack index and returns MBC_OK or the
 * status of the error it recorded in ctx->err (the first error wins; later
 * getters in a `||` chain are not run). All of them run inside the
 * protected call of sim_scene_load, so a Lua memory error unwinds to it:
 * buffers that must outlive a Lua call are held in ctx->scratch. */
#ifndef SIM_SCENE_READER_H
#define SIM_SCENE_READER_H

#include <lua.h>

#include "mbconnect/object.h"
#include "model.h"
#include "scene_catalog.h"

#define SIM_SCENE_SCRATCH 4

typedef struct scene_ctx {
    sim_model *m;
    lua_State *L;
    const char *text; /* the scene source, for line numbers */
    const mbc_registry *registry;
    mbc_error *err;
    mbc_status status;                /* of the recorded error */
    char path[256];                   /* "bodies.ball" */
    int item_line;                    /* line of the current item */
    void *scratch[SIM_SCENE_SCRATCH]; /* freed by sim_scene_load, error or not */
} scene_ctx;

/* The status of a `||` chain of getters: MBC_OK when none failed. */
mbc_status scene_result(const scene_ctx *c, int failed);
/* A zeroed buffer of count doubles held in scratch slot `slot`. */
double *scene_scratch(scene_ctx *c, int slot, size_t count);
mbc_status scene_out_of_memory(scene_ctx *c);

/* Line (1-based) of the first occurrence of word at or after line `from`
 * that is followed (after blanks) by `follow` (0: anything); 0 if none. */
int scene_find_line(const char *text, int from, const char *word, char follow);
/* The line of `field =` in the current item (else the item's line). */
int scene_field_line(const scene_ctx *c, const char *field);
/* "SCENE:LINE: message" (MBC_ERR_VALUE). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
mbc_status
scene_fail_at(scene_ctx *c, int line, const char *fmt, ...);
/* "SCENE:LINE: PATH.field: message" at the line of `field =`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
mbc_status
scene_field_fail(scene_ctx *c, const char *field, const char *fmt, ...);
/* Describes the value at idx for messages: "-1", "\"abc\"", "a table". */
const char *scene_describe(lua_State *L, int idx, char *buf, size_t size);

/* The table at idx has only the keys of `keys` (and, with t, the parameters
 * of that type); reports the first unknown key in alphabetical order. */
mbc_status scene_check_keys(scene_ctx *c, int idx, const sim_key *keys, const mbc_type_info *t);
/* 1 when the table at idx has a non-nil `key`. */
int scene_has(scene_ctx *c, int idx, const char *key);
/* Number field; present = 0 when absent (and not required). */
mbc_status scene_number(scene_ctx *c, int idx, const char *key, int required, double *out,
                        int *present);
/* Number > 0 (>= 0 with allow_zero). */
mbc_status scene_positive(scene_ctx *c, int idx, const char *key, int required, int allow_zero,
                          double *out);
/* Whole number >= 0, < limit when limit > 0. */
mbc_status scene_index(scene_ctx *c, int idx, const char *key, int required, int limit, int *out);
/* List of exactly n finite numbers. */
mbc_status scene_vector(scene_ctx *c, int idx, const char *key, int n, int required, double *out);
/* String (kept alive by the scene table). */
mbc_status scene_string(scene_ctx *c, int idx, const char *key, int required, const char **out);
mbc_status scene_bool(scene_ctx *c, int idx, const char *key, int *out);
/* A number list of n values or a Lua function (stored as a registry ref). */
mbc_status scene_value_or_function(scene_ctx *c, int idx, const char *key, int n, double *out,
                                   int *ref);

/* Starts item i of `list` (the table on top): its name (default KIND<i+1>),
 * path and line. */
mbc_status scene_begin_item(scene_ctx *c, const char *list, int i, char *name, const char *kind);
/* scene_begin_item, then: the name is new (find returns -1 for it) and
 * `type` names a type of the list in the catalog. */
mbc_status scene_begin_typed(scene_ctx *c, const char *list, int i, const char *kind,
                             int (*find)(const sim_model *, const char *), char *name,
                             const sim_item_type **type);
/* Reads every item of the list `key` of the table on top with read. */
mbc_status scene_read_list(scene_ctx *c, const char *key, mbc_status (*read)(scene_ctx *, int));
/* Fails when found >= 0: the name is used twice in its list. */
mbc_status scene_duplicate(scene_ctx *c, int found, const char *name);

/* Items by name; -1 when there is none. */
int scene_find_body(const sim_model *m, const char *name);
int scene_find_group(const sim_model *m, const char *name);
int scene_find_marker(const sim_model *m, const char *name);
int scene_find_element(const sim_model *m, const char *name);
int scene_find_sensor(const sim_model *m, const char *name);
int scene_find_connector(const sim_model *m, const char *name);

/* The item readers (scene_bodies.c, scene_markers.c, scene_elements.c,
 * scene_connectors.c, scene_sensors.c, scene_solver.c). */
mbc_status scene_read_body(scene_ctx *c, int i);
mbc_status scene_read_marker(scene_ctx *c, int i);
mbc_status scene_read_element(scene_ctx *c, int i);
mbc_status scene_read_connector(scene_ctx *c, int i);
mbc_status scene_read_sensor(scene_ctx *c, int i);
mbc_status scene_read_solver(scene_ctx *c);
/* body = "NAME" (and node = k for a cable): the body index. */
mbc_status scene_marker_body(scene_ctx *c, int *body, int allow_ale);
/* key = {"a", "b"}: n_min to 2 marker names of the kinds need (NULL: any). */
mbc_status scene_marker_list(scene_ctx *c, const char *key, int n_min, int *out,
                             const sim_marker_kind *need);

#endif
