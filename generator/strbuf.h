/* SPDX-License-Identifier: BSD-3-Clause */
/* Growable byte buffer used by the loader, the emitters and the diagnostics:
 * mbcgen's one growable-buffer implementation. */
#ifndef MBCGEN_STRBUF_H
#define MBCGEN_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *data; /* always NUL-terminated once anything was appended */
    size_t len;
    size_t cap;
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
/* Returns the contents (never NULL) and leaves the buffer empty; caller frees. */
char *sb_take(strbuf *sb);
const char *sb_str(const strbuf *sb);

#endif
