/* SPDX-License-Identifier: BSD-3-Clause */
/* C emitter for a spec's `pair_binding` block: the static mbc_pair_binding
 * (include/mbconnect/object.h) a type's mbc_type_info points to, and the
 * prototypes of the functions its `kernel` and `reach` keys promise. */
#ifndef MBCGEN_EMIT_PAIR_BINDING_H
#define MBCGEN_EMIT_PAIR_BINDING_H

#include "spec_model.h"
#include "strbuf.h"

/* For the type's header: `#include "mbconnect/pair_eval.h"` when the
 * binding has a kernel (include = 1), or the prototypes of
 * PREFIXpair_evaluate and PREFIXpair_reach (include = 0; PREFIX e.g.
 * "mbc_contact_sphere_sphere_", PARAMS its parameter struct). Nothing for a
 * spec without them. */
void emit_c_pair_binding_decls(const spec_connector *c, const char *prefix, const char *params,
                               int include, strbuf *out);
/* For the type's source: the thunks to those functions and `static const
 * mbc_pair_binding pair_binding = {...};`; nothing when the spec has no
 * `pair_binding` block. */
void emit_c_pair_binding(const spec_connector *c, const char *prefix, strbuf *out);

#endif
