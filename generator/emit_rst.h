/* SPDX-License-Identifier: BSD-3-Clause */
/* reStructuredText emitter: one document per connector type, and the index. */
#ifndef MBCGEN_EMIT_RST_H
#define MBCGEN_EMIT_RST_H

#include "spec_model.h"
#include "strbuf.h"

/* Which text a connector page carries. */
typedef enum emit_rst_text {
    EMIT_RST_SEED, /* the reference page's: seed_text where the spec keeps one, the
                    * reference code's examples and PDF note (docs/items, byte-identical
                    * to the seeds) */
    EMIT_RST_OURS  /* the spec's descriptions, without the reference code's
                    * examples and PDF note (the site, mbcgen --rst-site) */
} emit_rst_text;

/* Writes docs/items/<class_name>.rst for one connector (EMIT_RST_SEED). */
void emit_rst_item(const spec_connector *c, strbuf *out);
void emit_rst_item_text(const spec_connector *c, emit_rst_text text, strbuf *out);
/* Writes docs/index.rst with a toctree of all items (sorted by class name). */
void emit_rst_index(const spec_connector *const *items, size_t count, strbuf *out);

#endif
