/* SPDX-License-Identifier: BSD-3-Clause */
/* An output variable in words (runtime/object/output_text.c): the one form
 * `mbc describe` and Python's describe() list a type's outputs in. */
#ifndef MBCONNECT_OUTPUT_TEXT_H
#define MBCONNECT_OUTPUT_TEXT_H

#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Output t->outputs[output] as the lines of a describe listing: its name,
 * its size in brackets ("[3]", or "[2 * numberOfContactSegments]" for a
 * size per parameter) and its symbol, then its description indented:
 *
 *     "  Force [3]  symbol f_a\n      contact force on sphere a [SI:N]\n"
 *
 * ("" when output >= t->output_count). Writes at most size bytes into buf
 * (truncated, NUL-terminated) and returns the length of the whole text, as
 * snprintf does: a caller whose buf was too small can retry with that + 1. */
MBC_API size_t mbc_output_text(const mbc_type_info *t, size_t output, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_OUTPUT_TEXT_H */
