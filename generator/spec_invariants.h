/* SPDX-License-Identifier: BSD-3-Clause */
/* The `invariants` block of a connector spec: which physics invariants the
 * type satisfies, which it does not (with the reason), and how the harness
 * samples its states (docs/spec-language.rst, "Physics invariants"). Loaded
 * and validated after the rest of the spec, emitted into the type's
 * reflection data (mbc_invariant_info, include/mbconnect/invariants.h). */
#ifndef MBCGEN_SPEC_INVARIANTS_H
#define MBCGEN_SPEC_INVARIANTS_H

#include "reader.h"
#include "spec_model_types.h"

/* The names of the invariants, in the order of enum mbc_invariant. */
extern const char *const spec_invariant_names[SPEC_INVARIANT_COUNT];

/* Reads and checks t.invariants (t: the connector table) into
 * c->invariants, after parameters, outputs, data and hooks are loaded; every
 * problem is one "FILE:LINE: invariants.FIELD: what is wrong (given ...)"
 * error of the reader r. Returns the number of problems. Runs inside the
 * loader's protected call; allocates in c->mem (out of memory:
 * mbc_reader_raise_nomem). */
int spec_invariants_load(mbc_reader *r, const mbc_reader_table *t, spec_connector *c);

#endif
