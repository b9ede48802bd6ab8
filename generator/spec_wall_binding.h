/* SPDX-License-Identifier: BSD-3-Clause */
/* The `wall_binding` block of a connector spec: the type also takes a wall
 * in the place of sphere b of its pair binding (a sphere of infinite mass
 * whose radius is the wall's radius of curvature), and defines
 * mbc_<type>_wall_evaluate (docs/spec-language.rst "Wall binding";
 * include/mbconnect/wall_eval.h). Loaded after the pair binding and emitted
 * with it (mbc_pair_binding.wall_evaluate, .wall_shapes). */
#ifndef MBCGEN_SPEC_WALL_BINDING_H
#define MBCGEN_SPEC_WALL_BINDING_H

#include "reader.h"
#include "spec_model_types.h"

/* Reads and checks t.wall_binding (t: the connector table) into
 * c->pair_binding.walls and .wall_shapes; every problem is one
 * "FILE:LINE: wall_binding.FIELD: what is wrong (given ...)" error of the
 * reader r. Returns the number of problems. */
int spec_wall_binding_load(mbc_reader *r, const mbc_reader_table *t, spec_connector *c);

#endif
