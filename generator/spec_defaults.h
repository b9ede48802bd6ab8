/* SPDX-License-Identifier: BSD-3-Clause */
/* Defaults as the docs write them (spec_defaults.c). */
#ifndef MBCGEN_SPEC_DEFAULTS_H
#define MBCGEN_SPEC_DEFAULTS_H

#include "spec_model_types.h"
#include "strbuf.h"

/* Writes a value the way the docs write defaults of this type (e.g. "0.", "[-1.,-1.]"). */
void spec_format_default(const spec_param *p, const spec_value *v, strbuf *out);

/* Whether a documented default text (doc.default: "1e-3", "[0, 0]",
 * "True", "invalid (-1)") denotes the value v of parameter p. */
int spec_default_matches(const spec_param *p, const char *text, const spec_value *v);

#endif
