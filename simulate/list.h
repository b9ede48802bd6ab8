/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate --list [--json]`: the item types a scene file can use and
 * their keys (scene_catalog.h), connectors with their type's parameters. */
#ifndef SIM_LIST_H
#define SIM_LIST_H

#include <stdio.h>

#include "mbconnect/object.h"

void sim_list_items(FILE *f, const mbc_registry *registry, int json);

#endif
