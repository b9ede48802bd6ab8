/* SPDX-License-Identifier: BSD-3-Clause */
/* The units a spec's text states, checked by the grammar of
 * mbconnect/unit.h: every "[SI:...]" of a description parses and is
 * coherent SI, none is left unclosed, and no unit stands in brackets
 * without "SI:" ("[N/m]") except in a seed_text, which quotes the seed
 * documents verbatim ("limit velocity [m/s]"). One line per breach,
 * "FILE:LINE: WHAT: unit [SI:given]: rule; write [SI:fix]". */
#ifndef MBCGEN_SPEC_UNITS_H
#define MBCGEN_SPEC_UNITS_H

#include "reader.h"

/* Checks every unit of text, the description (seed 0) or seed_text (seed
 * 1) of what, at line. */
void spec_units_check(mbc_reader *r, int line, const char *what, const char *text, int seed);

#endif
