/* SPDX-License-Identifier: BSD-3-Clause */
/* Python type-stub emitter: mbconnect/__init__.pyi for the Python module
 * (python/), one class per connector type with every parameter as a typed,
 * documented property, so editors complete names and show descriptions. */
#ifndef MBCGEN_EMIT_PYI_H
#define MBCGEN_EMIT_PYI_H

#include "diag.h"
#include "project.h"
#include "spec_model.h"
#include "strbuf.h"

/* The stub text for these connectors (sorted by type name by the caller). */
void emit_pyi(const spec_connector *items, size_t count, strbuf *out);
/* Writes emit_pyi's text of every item of p to path (unchanged files are
 * not rewritten). Returns MBC_OK, or a failure status with the problem in
 * diag (as the writers of project.h). */
mbc_status mbcgen_write_pyi(const mbcgen_project *p, const char *path, diag_list *diag);

#endif
