/* SPDX-License-Identifier: BSD-3-Clause */
#include "line_index.h"

#include <stdlib.h>
#include <string.h>

int line_index_init(line_index *ix, const char *src, size_t len)
{
    ix->src = src;
    ix->len = len;
    ix->count = 0;
    size_t lines = 1;
    for (const char *p = src, *end = src + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        lines++;
    ix->starts = malloc(lines * sizeof *ix->starts);
    if (!ix->starts)
        return -1;
    ix->starts[ix->count++] = 0;
    for (const char *p = src, *end = src + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        ix->starts[ix->count++] = (size_t)(p + 1 - src);
    return 0;
}

void line_index_free(line_index *ix)
{
    free(ix->starts);
    memset(ix, 0, sizeof *ix);
}

const char *line_index_start(const line_index *ix, int line)
{
    if (line < 1)
        line = 1;
    return line <= ix->count ? ix->src + ix->starts[line - 1] : NULL;
}

int line_index_line_of(const line_index *ix, const char *p)
{
    const size_t off = (size_t)(p - ix->src);
    int lo = 0, hi = ix->count - 1; /* the last start <= off */
    while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        if (ix->starts[mid] <= off)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo + 1;
}

const char *line_index_find(const char *p, const char *end, const char *key, size_t klen)
{
    if (klen == 0)
        return p <= end ? p : NULL;
    while (p < end && (size_t)(end - p) >= klen) {
        const char *c = memchr(p, key[0], (size_t)(end - p) - klen + 1);
        if (!c)
            return NULL;
        if (memcmp(c + 1, key + 1, klen - 1) == 0)
            return c;
        p = c + 1;
    }
    return NULL;
}
