/* SPDX-License-Identifier: BSD-3-Clause */
/* C literals in generated code, shared by the C emitters (emit_c.c,
 * emit_invariants.c). */
#ifndef MBCGEN_EMIT_C_LITERAL_H
#define MBCGEN_EMIT_C_LITERAL_H

#include "strbuf.h"

/* A C string literal for arbitrary text ("NULL" for a NULL s): quotes and
 * backslashes escaped, a newline as \n, other control and non-ASCII bytes
 * as octal escapes, no trigraphs. */
void emit_c_literal_string(const char *s, strbuf *out);
/* A double literal that reads back to x (shortest round trip, with ".0"
 * when the number would otherwise be an integer literal). */
void emit_c_literal_double(double x, strbuf *out);

#endif
