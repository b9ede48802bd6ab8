/* SPDX-License-Identifier: BSD-3-Clause */
/* A parameter's value rules in words (runtime/object/param_rules_text.c),
 * as `mbc describe`, Python's help and the generated pages show them. */
#ifndef MBCONNECT_PARAM_RULES_TEXT_H
#define MBCONNECT_PARAM_RULES_TEXT_H

#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value rules of p in words (docs/mbc.rst, "mbc describe"): the spec's
 * one_of and range (physical validity; one_of with the names of named
 * choices: "one of hooke (0), hertz (1), hertz/material (2), dmt (3), jkr
 * (4)"), the type's rule when they do not imply it, the spec's required
 * hint and the statement of its check (mbc_param_info_check_text), e.g.
 * ">= 0", "one of 0, 1, 2", "in [0, 1)", "> 0 (required: set both radii)",
 * ">= 0; check: k_t > 0 when ..."; "" when p has none. Writes
 * at most size bytes into buf (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_param_rules_text(const mbc_param_info *p, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_PARAM_RULES_TEXT_H */
