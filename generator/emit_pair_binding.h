/* SPDX-License-Identifier: BSD-3-Clause */
/* C emitter for a spec's `pair_binding` block: the static mbc_pair_binding
 * (include/mbconnect/object.h) a type's mbc_type_info points to. */
#ifndef MBCGEN_EMIT_PAIR_BINDING_H
#define MBCGEN_EMIT_PAIR_BINDING_H

#include "spec_model.h"
#include "strbuf.h"

/* Writes `static const mbc_pair_binding pair_binding = {...};`; nothing when
 * the spec has no `pair_binding` block. */
void emit_c_pair_binding(const spec_connector *c, strbuf *out);

#endif
