/* SPDX-License-Identifier: BSD-3-Clause */
/* The texts of a spec element where a user reads plain text: the
 * reflection tables (`mbc describe`, Python's help()) and the Python stubs.
 * Descriptions and symbols go through rst_text.h; defaults are the
 * documented ones, except where the documented text is not what a user
 * meets (below). */
#ifndef MBCGEN_PLAIN_TEXT_H
#define MBCGEN_PLAIN_TEXT_H

#include "spec_model.h"
#include "strbuf.h"

/* The default of p as plain text. Index parameters a solver must set (the
 * reference pages write "invalid (-1)", "[ invalid [-1], invalid [-1] ]")
 * are written as what they are everywhere: "must be set", with the values
 * `mbc eval` and the Python module give them (mbc_object_set_default_indices:
 * 0, 1, ... for fixed sizes). Other defaults: the documented text, trimmed. */
void plain_text_default(const spec_param *p, strbuf *out);
/* The value rules of p in words, as the reflection tables say them
 * (mbc_param_rules_text, runtime/object/param_rules_text.c, compiled into mbcgen):
 * ">= 0", "one of 0, 1, 2", "> 0 (required: set both radii)"; nothing when
 * p has none. */
void plain_text_rules(const spec_param *p, strbuf *out);

#endif
