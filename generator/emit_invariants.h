/* SPDX-License-Identifier: BSD-3-Clause */
/* C emitter for a spec's `invariants` block: the static mbc_invariant_info
 * table (include/mbconnect/invariants.h) a type's mbc_type_info points to. */
#ifndef MBCGEN_EMIT_INVARIANTS_H
#define MBCGEN_EMIT_INVARIANTS_H

#include "spec_model.h"
#include "strbuf.h"

/* Writes `static const mbc_invariant_info invariants = {...};` and the tables
 * it refers to; nothing when the spec has no `invariants` block. */
void emit_c_invariants(const spec_connector *c, strbuf *out);

#endif
