/* SPDX-License-Identifier: BSD-3-Clause */
/* The units a spec's text states, checked by the grammar of
 * mbconnect/unit.h: every "[SI:...]" of a description parses and is
 * coherent SI and none is left unclosed. A bracket without "SI:" ("[m/s]",
 * as the seed documents write) is text, as in 1.0: a spec 1.0 accepted
 * stays accepted (docs/versioning.rst), with a note in a description. One line per breach,
 * "FILE:LINE: WHAT: unit [SI:given]: rule; write [SI:fix]". */
#ifndef MBCGEN_SPEC_UNITS_H
#define MBCGEN_SPEC_UNITS_H

#include "reader.h"

/* Where a text is: a description, or a seed_text (the seed documents'
 * notation, bare brackets as "[m/s]", reproduced byte for byte). */
typedef enum spec_units_text { SPEC_UNITS_DESCRIPTION, SPEC_UNITS_SEED } spec_units_text;

/* Checks every "[SI:...]" unit of text (a description or seed_text of
 * what, at line); in a description, a bracket without "SI:" that reads as
 * a unit ("[N/m]") gets a note (mbc_reader_note) naming "[SI:N/m]". */
void spec_units_check(mbc_reader *r, int line, const char *what, const char *text,
                      spec_units_text kind);

#endif
