/* SPDX-License-Identifier: BSD-3-Clause */
/* Units as data: the unit a description states as "[SI:N/m]", parsed by
 * one grammar (docs/spec-language.rst, "Units") that mbcgen checks every
 * spec with and that `mbc describe`, Python and the docs show:
 *
 *   unit    = product { "/" factor }        N/m/(contact segment)
 *   product = factor { " " factor }         N m s, Pa s
 *   factor  = atom [ "^" integer ]          m^2, s^-1
 *   atom    = symbol | "1" | "(" unit ")" | "(" count ")"
 *   symbol  = [ prefix ] name               kg, mm, kN
 *
 * names: the SI base units m, kg (g), s, A, K, mol, cd; the derived units
 * N, Pa, J, W, Hz, C, V, rad (plane angle, kept apart from 1 so that N m/rad
 * reads as a torsion stiffness) and sr; prefixes from p to T (u for micro).
 * A count, such as "(contact segment)", is a per-item denominator kept by
 * name. A product after "/" needs parentheses: "N/m s" is ambiguous and
 * refused ("N/(m s)" or "N s/m"). A parameter's unit is coherent SI: a
 * prefix (N/mm) is refused with the unit to write (N/m). */
#ifndef MBCONNECT_UNIT_H
#define MBCONNECT_UNIT_H

#include <stddef.h>

#include "mbconnect/error.h"
#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The dimensions a unit is a product of: kg, m, s, A, K, mol, cd, rad. */
enum { MBC_UNIT_DIMENSIONS = 8 };

#define MBC_UNIT_TEXT_SIZE 64

typedef struct mbc_unit {
    int exponent[MBC_UNIT_DIMENSIONS]; /* kg m s A K mol cd rad */
    double scale;                      /* the unit in coherent SI: 1e3 for N/mm */
    char count[32];                    /* the count it is per ("contact segment"), or "" */
    char coherent[MBC_UNIT_TEXT_SIZE]; /* the text without prefixes ("N/m" for "N/mm") */
} mbc_unit;

/* Parses text[0 .. length) (spaces around it ignored) into *u. On a
 * breach of the grammar: MBC_ERR_INPUT and one line naming the rule, the
 * part given and the fix ("unit 'Newton' is not known: write its symbol
 * N"). A prefix is accepted here; u->scale says it. */
MBC_API mbc_status mbc_unit_parse(const char *text, size_t length, mbc_unit *u, mbc_error *err);

/* u in SI base units, e.g. "kg s^-2" for N/m, "kg m^2 s^-2 rad^-1" for
 * N m/rad, "1" for a number, with " per contact segment" for a count;
 * into buf (truncated to size), which it returns. */
MBC_API const char *mbc_unit_base_text(const mbc_unit *u, char *buf, size_t size);

/* The unit text of the first "[SI:...]" in text ("N/m", spaces trimmed)
 * into buf; returns where the text goes on after its "]", or NULL when no
 * more unit is stated (an unclosed "[SI:" states none). */
MBC_API const char *mbc_unit_next(const char *text, char *buf, size_t size);

/* The first unit of description into buf (mbc_unit_next), or NULL. */
MBC_API const char *mbc_unit_of(const char *description, char *buf, size_t size);

/* Every unit of description with its SI base form, as describe, Python's
 * help and the docs show them: "N/m (kg s^-2)", several joined by ", "
 * ("N s/m (kg s^-1), 1/s (s^-1)"); "" when it states none. Into buf
 * (truncated to size), which it returns. */
MBC_API const char *mbc_unit_describe(const char *description, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_UNIT_H */
