#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(strbuf *sb)
{
    sb->data = NULL;
    sb->len = 0;
    sb->cap = 0;
}

void sb_free(strbuf *sb)
{
    free(sb->data);
    sb_init(sb);
}

static void sb_reserve(strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < need)
        cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        fputs("mbcgen: out of memory\n", stderr);
        exit(70);
    }
    sb->data = p;
    sb->cap = cap;
}

void sb_putn(strbuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_puts(strbuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}

void sb_putc(strbuf *sb, char c)
{
    sb_putn(sb, &c, 1);
}

/* Formats straight into the free space (one vsnprintf for nearly every call:
 * at least 256 bytes are kept free); only a longer result is formatted twice. */
void sb_printf(strbuf *sb, const char *fmt, ...)
{
    sb_reserve(sb, 256);
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    const size_t room = sb->cap - sb->len; /* includes the terminating NUL */
    int n = vsnprintf(sb->data + sb->len, room, fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n >= room) {
        sb_reserve(sb, (size_t)n);
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap2);
    }
    if (n > 0) {
        sb->len += (size_t)n;
    } else {
        sb->data[sb->len] = '\0'; /* nothing (or an encoding error): unchanged */
    }
    va_end(ap2);
}

char *sb_take(strbuf *sb)
{
    if (!sb->data)
        sb_reserve(sb, 0), sb->data[0] = '\0';
    char *s = sb->data;
    sb_init(sb);
    return s;
}

const char *sb_str(const strbuf *sb)
{
    return sb->data ? sb->data : "";
}
