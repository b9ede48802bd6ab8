/* SPDX-License-Identifier: BSD-3-Clause */
/* The item types of scene files and their keys (docs/simulate.rst): one
 * table that the scene reader checks keys against and that
 * `mbc simulate --list` prints, so the two never disagree. Connectors are
 * listed by the registry: their keys are name, type, markers, aleNode and
 * the parameters of their type. */
#ifndef SIM_SCENE_CATALOG_H
#define SIM_SCENE_CATALOG_H

#include <stddef.h>

typedef struct sim_key {
    const char *name;
    const char *meaning; /* unit, default, rule */
} sim_key;

typedef struct sim_item_type {
    const char *list;    /* "scene", "solver", "bodies", "markers", "elements", "sensors" */
    const char *type;    /* the value of `type`, or the table's name for scene/solver */
    const char *summary; /* one line */
    const sim_key *keys; /* terminated by {NULL, NULL} */
} sim_item_type;

/* Every item type, grouped by list in the order above. */
const sim_item_type *sim_item_types(size_t *count);
/* The item type of list and type, or NULL. */
const sim_item_type *sim_item_type_find(const char *list, const char *type);
/* "A, B, C": the types of a list (for "unknown type" messages). */
void sim_item_type_names(const char *list, char *buf, size_t size);
/* The keys every connector has besides its type's parameters. */
const sim_key *sim_connector_keys(void);

#endif
