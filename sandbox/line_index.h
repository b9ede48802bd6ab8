/* SPDX-License-Identifier: BSD-3-Clause */
/* Where each line of a spec, case or scene text starts, so that the reader
 * (reader.h) can point a message at `key =` without counting newlines from
 * the top of the file for every key (which cost a fifth of mbcgen's run time
 * on the 400-spec bench). */
#ifndef MBC_LINE_INDEX_H
#define MBC_LINE_INDEX_H

#include <stddef.h>

typedef struct line_index {
    const char *src;
    size_t len;
    size_t *starts; /* starts[i]: offset of line i + 1 */
    int count;      /* number of lines (a text without newline has one) */
} line_index;

/* Indexes src (not copied; it must outlive the index). Returns 0, or -1 when
 * out of memory (the index is then empty and line_index_start returns NULL). */
int line_index_init(line_index *ix, const char *src, size_t len);
void line_index_free(line_index *ix);

/* The start of line `line` (1-based; lines before 1 are line 1), or NULL
 * beyond the last line. */
const char *line_index_start(const line_index *ix, int line);

/* The first occurrence of key[0..klen) in [p, end), or NULL (as memmem). */
const char *line_index_find(const char *p, const char *end, const char *key, size_t klen);

/* The line (1-based) that holds the byte at p (src <= p <= src + len). */
int line_index_line_of(const line_index *ix, const char *p);

#endif
