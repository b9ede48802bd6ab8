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

#include "reader.h"
#include "spec_model_types.h"

/* Reads and checks t.pair_binding (t: the connector table) into
 * c->pair_binding, after parameters, markers and hooks are loaded; every
 * problem is one "FILE:LINE: pair_binding.FIELD: what is wrong (given ...)"
 * error of the reader r. Returns the number of problems. */
int spec_pair_binding_load(mbc_reader *r, const mbc_reader_table *t, spec_connector *c);

#endif
