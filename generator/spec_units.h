/* SPDX-License-Identifier: BSD-3-Clause */
/* The units a spec's text states, checked by the grammar of
 * mbconnect/unit.h: every "[SI:...]" of a description parses and is
 * coherent SI and none is left unclosed. A bracket without "SI:" ("[m/s]",
 * as the seed documents write) is text, as in 1.0: a spec 1.0 accepted
 * stays accepted (docs/versioning.rst). One line per breach,
 * "FILE:LINE: WHAT: unit [SI:given]: rule; write [SI:fix]". */
#ifndef MBCGEN_SPEC_UNITS_H
#define MBCGEN_SPEC_UNITS_H

#include "reader.h"

/* Checks every "[SI:...]" unit of text (a description or seed_text of
 * what, at line). */
void spec_units_check(mbc_reader *r, int line, const char *what, const char *text);

#endif
