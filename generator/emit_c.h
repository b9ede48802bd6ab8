/* SPDX-License-Identifier: BSD-3-Clause */
/* C emitter: generated/ sources and headers for every connector spec. */
#ifndef MBCGEN_EMIT_C_H
#define MBCGEN_EMIT_C_H

#include "spec_model.h"
#include "strbuf.h"

/* generated/include/mbconnect/generated/<snake>.h */
void emit_c_header(const spec_connector *c, strbuf *out);
/* generated/<snake>.c */
void emit_c_source(const spec_connector *c, strbuf *out);
/* generated/include/mbconnect/generated/builtin.h: includes every type header */
void emit_c_builtin_header(const spec_connector *items, size_t count, strbuf *out);
/* generated/registry.c: the table of built-in types */
void emit_c_registry(const spec_connector *items, size_t count, strbuf *out);

/* Out-of-tree types (mbcgen --registry-name NAME): include/NAME_types.h
 * declares the table NAME_types[] and NAME_register_types(mbc_registry *,
 * mbc_error *); NAME_types.c defines them. NAME is a C identifier. */
void emit_c_registration_header(const spec_connector *items, size_t count, const char *name,
                                strbuf *out);
void emit_c_registration_source(const spec_connector *items, size_t count, const char *name,
                                strbuf *out);

#endif
