/* SPDX-License-Identifier: BSD-3-Clause */
/* The closest known name to an unknown one (mbconnect/suggest.h): the
 * optimal string alignment distance over ASCII-lowercased characters, with
 * three rows of the dynamic program on the stack. Shared by the core, the
 * Lua front end's readers and mbcgen (which compiles this file, as it does
 * fail.c). */
#include "mbconnect/suggest.h"

#include <string.h>

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int same_but_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower((unsigned char)*a) != lower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

size_t mbc_suggest_distance(const char *a, const char *b)
{
    if (same_but_case(a, b))
        return 0;
    const size_t na = strlen(a), nb = strlen(b);
    if (na > MBC_SUGGEST_MAX_LENGTH || nb > MBC_SUGGEST_MAX_LENGTH)
        return MBC_SUGGEST_MAX_LENGTH + 1;
    /* d[i][j]: distance between the first i characters of a and the first
     * j of b; rows i - 2, i - 1 and i are kept */
    size_t rows[3][MBC_SUGGEST_MAX_LENGTH + 1];
    for (size_t j = 0; j <= nb; j++)
        rows[0][j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t *cur = rows[i % 3], *prev = rows[(i - 1) % 3], *prev2 = rows[(i + 1) % 3];
        const int ca = lower((unsigned char)a[i - 1]);
        cur[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            const int cb = lower((unsigned char)b[j - 1]);
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb));
            if (i > 1 && j > 1 && ca == lower((unsigned char)b[j - 2]) &&
                lower((unsigned char)a[i - 2]) == cb && prev2[j - 2] + 1 < cur[j])
                cur[j] = prev2[j - 2] + 1; /* two neighbors swapped */
        }
    }
    return rows[na % 3][nb];
}

void mbc_suggest_begin(mbc_suggestion *s, const char *given)
{
    s->given = given;
    s->best = NULL;
    s->distance = 0;
}

void mbc_suggest_offer(mbc_suggestion *s, const char *candidate)
{
    if (!s->given || !candidate || strcmp(s->given, candidate) == 0)
        return;
    const size_t ng = strlen(s->given), nc = strlen(candidate);
    const size_t longer = ng > nc ? ng : nc;
    if ((ng > nc ? ng - nc : nc - ng) > 2) /* more than two insertions away */
        return;
    const size_t d = mbc_suggest_distance(s->given, candidate);
    if (d > 2 || 3 * d > longer || (s->best && d >= s->distance))
        return;
    s->best = candidate;
    s->distance = d;
}
