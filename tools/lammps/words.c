/* SPDX-License-Identifier: BSD-3-Clause */
/* Splitting command lines into words (words.h). */
#include "words.h"

#include <stdlib.h>
#include <string.h>

/* The quote that starts at p: 3 for """, 1 for " or ', 0 for none. */
static size_t quote_at(const char *p)
{
    if (strncmp(p, "\"\"\"", 3) == 0)
        return 3;
    return *p == '"' || *p == '\'' ? 1 : 0;
}

/* The end of the quoted text that starts at p (the first character after
 * the closing quote), or NULL when it is not closed. */
static const char *quote_end(const char *p)
{
    const size_t q = quote_at(p);
    const char *close = q == 3 ? strstr(p + 3, "\"\"\"") : strchr(p + 1, *p);
    return close ? close + q : NULL;
}

size_t ml_words_uncommented(const char *line)
{
    const char *p = line;
    while (*p && *p != '#') {
        if (quote_at(p)) {
            const char *e = quote_end(p);
            if (!e)
                break;
            p = e;
        } else {
            p++;
        }
    }
    return (size_t)(p - line);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

int ml_words_split(const char *line, ml_words *w)
{
    const size_t n = ml_words_uncommented(line);
    *w = (ml_words){0};
    w->text = malloc(n + 1);
    w->argv = malloc((n / 2 + 2) * sizeof *w->argv); /* words are separated by blanks */
    if (!w->text || !w->argv) {
        ml_words_free(w);
        return -1;
    }
    const char *p = line, *end = line + n;
    char *out = w->text;
    while (p < end) {
        while (p < end && is_blank(*p))
            p++;
        if (p == end)
            break;
        w->argv[w->argc++] = out;
        const size_t q = quote_at(p);
        if (q) {
            const char *e = quote_end(p);
            if (!e || e > end)
                return 1;
            memcpy(out, p + q, (size_t)(e - p) - 2 * q);
            out += (e - p) - 2 * (long)q;
            p = e;
        } else {
            while (p < end && !is_blank(*p))
                *out++ = *p++;
        }
        *out++ = '\0';
    }
    w->argv[w->argc] = NULL;
    return 0;
}

void ml_words_free(ml_words *w)
{
    free(w->text);
    free(w->argv);
    *w = (ml_words){0};
}
