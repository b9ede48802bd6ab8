/* SPDX-License-Identifier: BSD-3-Clause */
/* The `pair_binding` block of a connector spec: how a particle solver binds
 * the type to a pair of spheres (which markers are the two centers, which
 * parameter receives the two radii; docs/spec-language.rst "Pair binding").
 * Loaded and validated after parameters and hooks, emitted into the type's
 * reflection data (mbc_pair_binding, include/mbconnect/object.h). The RST
 * emitters do not read it: the type's page does not change. */
#ifndef MBCGEN_SPEC_PAIR_BINDING_H
#define MBCGEN_SPEC_PAIR_BINDING_H

#include <stddef.h>

#include "diag.h"

typedef struct spec_pair_binding {
    int declared;       /* the spec has a `pair_binding` block */
    int centers[2];     /* marker of sphere a's center, of sphere b's */
    size_t radii_param; /* index into the connector's params */
} spec_pair_binding;

struct lua_State;
struct spec_connector;

/* Reads and checks t.pair_binding (t: absolute index of the connector table)
 * into c->pair_binding; every problem is one "FILE:LINE: pair_binding.FIELD:
 * what is wrong (given ...)" diagnostic. Returns the number of problems. */
int spec_pair_binding_load(struct lua_State *L, int t, int line, const char *src, size_t src_len,
                           diag_list *diag, struct spec_connector *c);

#endif
