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

void spec_units_check(mbc_reader *r, int line, const char *what, const char *text)
{
    if (!text)
        return;
    for (const char *at = strchr(text, '['); at; at = strchr(at, '['))
        at = strncmp(at, "[SI:", 4) == 0 ? check_si(r, line, what, at + 4) : at + 1;
}
