/* SPDX-License-Identifier: BSD-3-Clause */
/* The units of a spec's descriptions (spec_units.h). */
#include "spec_units.h"

#include <string.h>

#include "mbconnect/unit.h"

/* The characters a unit is written with; another one inside "[SI:" before
 * "]" means the bracket was never closed. */
static int unit_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' ||
           c == '/' || c == '^' || c == '-' || c == '(' || c == ')';
}

/* One "[SI:" at text (u: after the colon). Returns where the scan goes on. */
static const char *check_si(mbc_reader *r, int line, const char *what, const char *u)
{
    size_t n = 0;
    while (u[n] && unit_char(u[n]))
        n++;
    mbc_error err = {0};
    mbc_unit unit;
    if (u[n] != ']') {
        /* the longest start that is a unit, ending at a space or at n */
        for (size_t k = n; k > 0; k--) {
            if (k < n && u[k] != ' ')
                continue;
            size_t end = k;
            while (end && u[end - 1] == ' ')
                end--;
            if (end && mbc_unit_parse(u, end, &unit, &err) == MBC_OK) {
                mbc_reader_fail(r, line, NULL, "%s: unit [SI:%.*s is not closed; write [SI:%.*s]",
                                what, (int)end, u, (int)end, u);
                return u + n;
            }
        }
        mbc_reader_fail(r, line, NULL, "%s: unit [SI:%.*s is not closed; close it with ']'", what,
                        (int)n, u);
        return u + n;
    }
    if (mbc_unit_parse(u, n, &unit, &err) != MBC_OK)
        mbc_reader_fail(r, line, NULL, "%s: unit [SI:%.*s]: %s", what, (int)n, u, err.message);
    else if (unit.scale != 1)
        mbc_reader_fail(r, line, NULL,
                        "%s: unit [SI:%.*s]: an SI unit takes no prefix (1 %.*s = %g %s); write "
                        "[SI:%s]",
                        what, (int)n, u, (int)n, u, unit.scale, unit.coherent, unit.coherent);
    return u + n + 1;
}

/* A bracket without "SI:" at text (u: after the '['): a note when what it
 * holds reads as a unit, which only "[SI:...]" makes a checked one. */
static void note_bare(mbc_reader *r, int line, const char *what, const char *u)
{
    size_t n = 0;
    int letters = 0;
    for (; u[n] && unit_char(u[n]); n++)
        if ((u[n] >= 'a' && u[n] <= 'z') || (u[n] >= 'A' && u[n] <= 'Z'))
            letters = 1;
    mbc_error err = {0};
    mbc_unit unit;
    if (u[n] != ']' || !letters || mbc_unit_parse(u, n, &unit, &err) != MBC_OK)
        return;
    if (unit.scale == 1)
        mbc_reader_note(r, line,
                        "%s: [%.*s] is text, not a checked unit (describe, JSON, Python and the "
                        "docs show no unit); write [SI:%s]",
                        what, (int)n, u, unit.coherent);
    else
        mbc_reader_note(r, line,
                        "%s: [%.*s] is text, not a checked unit (describe, JSON, Python and the "
                        "docs show no unit); write it in SI, [SI:%s] (1 %.*s = %g %s)",
                        what, (int)n, u, unit.coherent, (int)n, u, unit.scale, unit.coherent);
}

void spec_units_check(mbc_reader *r, int line, const char *what, const char *text,
                      spec_units_text kind)
{
    if (!text)
        return;
    for (const char *at = strchr(text, '['); at; at = strchr(at, '[')) {
        if (strncmp(at, "[SI:", 4) == 0) {
            at = check_si(r, line, what, at + 4);
            continue;
        }
        if (kind == SPEC_UNITS_DESCRIPTION)
            note_bare(r, line, what, at + 1);
        at++;
    }
}
