/* SPDX-License-Identifier: BSD-3-Clause */
/* Growable byte buffer used by the loader, the emitters and the diagnostics:
 * mbcgen's one growable-buffer implementation. When memory runs out the
 * buffer keeps what it holds, ignores every later write and says so
 * (sb_failed): the writer of a file checks once, before writing, instead of
 * every append. */
#ifndef MBCGEN_STRBUF_H
#define MBCGEN_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *data; /* always NUL-terminated once anything was appended */
    size_t len;
    size_t cap;
    int failed;     /* an allocation of this buffer failed: the content is incomplete */
    unsigned epoch; /* the thread's strbuf allocation failures at sb_init */
} strbuf;

void sb_init(strbuf *sb);
void sb_free(strbuf *sb);
void sb_putn(strbuf *sb, const char *s, size_t n);
void sb_puts(strbuf *sb, const char *s);
void sb_putc(strbuf *sb, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void sb_printf(strbuf *sb, const char *fmt, ...);
/* sb_printf with a va_list (which it consumes, as vprintf does). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap);
/* Removes the last byte, if any. */
void sb_drop_last(strbuf *sb);
/* Returns the contents and leaves the buffer empty; caller frees. NULL only
 * when nothing could be allocated (check sb_failed first for completeness). */
char *sb_take(strbuf *sb);
const char *sb_str(const strbuf *sb);
/* 1 when an allocation of this buffer, or of any other strbuf of this
 * thread, failed since sb_init: the content may be incomplete (a file's
 * content is made with temporary buffers, whose failure it would not show
 * otherwise). The one per-thread count behind it is the exception to "no
 * mutable state outside the arguments": an epoch, only ever incremented. */
int sb_failed(const strbuf *sb);

#endif
