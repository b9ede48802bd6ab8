/* SPDX-License-Identifier: BSD-3-Clause */
/* Site mode of the RST emitter (mbcgen --rst-site DIR): the pages the Sphinx
 * site renders, written into the build tree. The committed docs/items/ stay
 * byte-identical to the reference documents; the site copies differ in two
 * ways only: paragraphs that the reference converter indented under a
 * column-0 `.. math::` are moved back to column 0 (so they are text, not
 * math), and the citations of the spec's `references` list are put back. */
#ifndef MBCGEN_EMIT_RST_SITE_H
#define MBCGEN_EMIT_RST_SITE_H

#include "project.h"
#include "spec_model.h"
#include "strbuf.h"

/* Writes DIR/items/<Class>.rst, DIR/api/<Type>.rst, DIR/api/index.rst,
 * DIR/types.rst and DIR/bibliography.rst. Returns MBC_OK, or a failure
 * status with the problems in diag (as the writers of project.h). */
mbc_status mbcgen_write_rst_site(const mbcgen_project *p, const char *dir, diag_list *diag);

/* Copies the RST text `in` to `out`, moving paragraphs that follow the body
 * of a column-0 `.. math::` directive and are indented by other than the
 * body's 3 spaces to column 0. */
void emit_rst_site_fix_math(const char *in, strbuf *out);

/* The site page of one connector: the reference page with citations and
 * separated paragraphs. */
void emit_rst_site_item(const spec_connector *c, strbuf *out);

/* The generated C API reference of one connector type: struct, setters,
 * getters, hooks, data-coordinate indices, outputs, and the generated header. */
void emit_rst_site_api(const spec_connector *c, strbuf *out);

/* The bibliography of every `references` entry, sorted by key. Returns
 * MBC_ERR_INPUT (with a message in diag for every conflict) when two specs
 * give one key different texts, MBC_ERR_NOMEM when out of memory. */
mbc_status emit_rst_site_bibliography(const spec_connector *const *items, size_t count, strbuf *out,
                                      diag_list *diag);

/* Toctree pages: types.rst (the type pages) and api/index.rst. */
void emit_rst_site_types(const spec_connector *const *items, size_t count, strbuf *out);
void emit_rst_site_api_index(const spec_connector *const *items, size_t count, strbuf *out);

#endif
