/* SPDX-License-Identifier: BSD-3-Clause */
/* reStructuredText emitter: one document per connector type, and the index. */
#ifndef MBCGEN_EMIT_RST_H
#define MBCGEN_EMIT_RST_H

#include "spec_model.h"
#include "strbuf.h"

/* Writes docs/items/<class_name>.rst for one connector. */
void emit_rst_item(const spec_connector *c, strbuf *out);
/* Writes docs/index.rst with a toctree of all items (sorted by class name). */
void emit_rst_index(const spec_connector *const *items, size_t count, strbuf *out);

#endif
