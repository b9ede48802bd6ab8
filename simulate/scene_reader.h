/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading the Lua tables of a scene file (scene*.c only) with the front
 * end's table reader (sandbox/reader.h): its typed getters, key checks and
 * source lines, and its one error form
 *
 *     SCENE:LINE: PATH.field: RULE (given VALUE)
 *
 * (path naming: "bodies.ball.mass", "markers[2]" for an item without a
 * name). What is left here is what only scenes have: items and their
 * names, the rules of scene values (> 0, a number or a function), the key
 * lists of the item catalog, and finding items by name.
 *
 * Every function returns MBC_OK, MBC_ERR_INPUT or MBC_ERR_NOMEM; the first
 * error is kept by the reader (c->r.first), and a `||` chain of calls stops
 * at it (scene_status gives its status). All of them run inside the
 * protected call of sim_scene_load (mbc_sandbox_call), so a Lua memory
 * error unwinds to it: buffers that must outlive a Lua call are held in
 * c->scratch. */
#ifndef SIM_SCENE_READER_H
#define SIM_SCENE_READER_H

#include <lua.h>

#include "mbconnect/object.h"
#include "model.h"
#include "reader.h"
#include "scene_catalog.h"

#define SIM_SCENE_SCRATCH 4

typedef struct scene_ctx {
    sim_model *m;
    mbc_reader r; /* errors, lines, and the Lua state r.L */
    const mbc_registry *registry;
    mbc_reader_table root;            /* the scene table */
    mbc_reader_table item;            /* the item being read: path and line */
    void *scratch[SIM_SCENE_SCRATCH]; /* freed by sim_scene_load, error or not */
} scene_ctx;

/* The status of the first error (MBC_OK when there is none). */
mbc_status scene_status(const scene_ctx *c);
/* "SCENE: out of memory" (MBC_ERR_NOMEM). */
mbc_status scene_nomem(scene_ctx *c);
/* A zeroed buffer of count doubles held in scratch slot `slot`. */
double *scene_scratch(scene_ctx *c, int slot, size_t count);

/* An error about the item's `key` ("PATH.key: RULE", at the line of
 * `key =`), or with key NULL about the item ("PATH: RULE", its line). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
mbc_status
scene_fail(scene_ctx *c, const char *key, const char *fmt, ...);

/* The reader's error for a required key that is absent: "PATH.key:
 * missing (HINT)" at the item's line. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
mbc_status
scene_missing(scene_ctx *c, const char *key, const char *hint_fmt, ...);

/* The item has only the keys of `keys` (and, with t, the parameters of
 * that type): the reader's "unknown key 'K' (allowed: ...)". */
mbc_status scene_keys_allowed(scene_ctx *c, const sim_key *keys, const mbc_type_info *t);
/* 1 when the item has a non-nil `key`. */
int scene_has(scene_ctx *c, const char *key);
/* A finite number > 0 (>= 0 with allow_zero); flags as the reader's. */
mbc_status scene_positive(scene_ctx *c, const char *key, unsigned flags, int allow_zero,
                          double *out);
/* A whole number in [lo, hi] into an int. */
mbc_status scene_index(scene_ctx *c, const char *key, unsigned flags, int lo, int hi, int *out);
/* A function (kept as a registry reference in *ref), or absent; anything
 * else is the error "must be HINT". */
mbc_status scene_function(scene_ctx *c, const char *key, const char *hint, int *ref);
/* n finite numbers (n = 1: a number) or a function of time (*ref). */
mbc_status scene_value_or_function(scene_ctx *c, const char *key, int n, double *out, int *ref);

/* Starts entry i (1-based) of `list`, on top of the stack: its name
 * (default KIND<i>); c->item becomes "LIST.NAME" at the line of
 * `name = "NAME"`. */
mbc_status scene_begin_item(scene_ctx *c, const mbc_reader_table *list, size_t i, char *name,
                            const char *kind);
/* scene_begin_item, then: the name is new (find returns -1 for it) and
 * `type` names a type of the list in the catalog. */
/* The item's `type` (required; when missing, the message lists the keys
 * the item has). */
mbc_status scene_type(scene_ctx *c, const char **out);
mbc_status scene_begin_typed(scene_ctx *c, const mbc_reader_table *list, size_t i, const char *kind,
                             int (*find)(const sim_model *, const char *), char *name,
                             const sim_item_type **type);
/* Reads every entry of the scene's list `key` with read(c, list, i). */
mbc_status scene_read_list(scene_ctx *c, const char *key,
                           mbc_status (*read)(scene_ctx *, const mbc_reader_table *, size_t));
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
mbc_status scene_read_body(scene_ctx *c, const mbc_reader_table *list, size_t i);
mbc_status scene_read_marker(scene_ctx *c, const mbc_reader_table *list, size_t i);
mbc_status scene_read_element(scene_ctx *c, const mbc_reader_table *list, size_t i);
mbc_status scene_read_connector(scene_ctx *c, const mbc_reader_table *list, size_t i);
mbc_status scene_read_sensor(scene_ctx *c, const mbc_reader_table *list, size_t i);
mbc_status scene_read_solver(scene_ctx *c);
/* body = "NAME" (and node = k for a cable): the body index. */
mbc_status scene_marker_body(scene_ctx *c, int *body, int allow_ale);
/* key = {"a", "b"}: n_min to 2 marker names of the kinds need (NULL: any). */
mbc_status scene_marker_list(scene_ctx *c, const char *key, int n_min, int *out,
                             const sim_marker_kind *need);

#endif
