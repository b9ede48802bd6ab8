/* SPDX-License-Identifier: BSD-3-Clause */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Allocation failures of the strbufs of this thread (sb_failed). */
static _Thread_local unsigned failures;

void sb_init(strbuf *sb)
{
    sb->data = NULL;
    sb->len = 0;
    sb->cap = 0;
    sb->failed = 0;
    sb->epoch = failures;
}

void sb_free(strbuf *sb)
{
    free(sb->data);
    sb_init(sb);
}

/* Room for extra more bytes and the NUL; 0 (and failed) when none. */
static int sb_reserve(strbuf *sb, size_t extra)
{
    if (sb->failed)
        return 0;
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return 1;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < need && cap <= (size_t)-1 / 2)
        cap *= 2;
    char *p = cap >= need ? realloc(sb->data, cap) : NULL;
    if (!p) {
        sb->failed = 1;
        failures++;
        return 0;
    }
    sb->data = p;
    sb->cap = cap;
    return 1;
}

int sb_failed(const strbuf *sb)
{
    return sb->failed || sb->epoch != failures;
}

void sb_putn(strbuf *sb, const char *s, size_t n)
{
    if (!sb_reserve(sb, n))
        return;
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
    if (sb->len + 2 > sb->cap && !sb_reserve(sb, 1)) /* the character and the NUL */
        return;
    sb->data[sb->len++] = c;
    sb->data[sb->len] = '\0';
}

/* 1 when every conversion of fmt is %s, %d, %zu, %c or %%: the formats the
 * emitters use most, which sb_format_simple writes without vsnprintf. */
static int sb_simple_format(const char *fmt)
{
    for (const char *p = strchr(fmt, '%'); p; p = strchr(p, '%'))
        if (p[1] == 's' || p[1] == 'd' || p[1] == 'c' || p[1] == '%')
            p += 2;
        else if (p[1] == 'z' && p[2] == 'u')
            p += 3;
        else
            return 0;
    return 1;
}

/* Decimal digits of v, as printf's %zu / %d (the sign by the caller). */
static void sb_put_unsigned(strbuf *sb, unsigned long long v)
{
    char buf[24];
    size_t n = sizeof buf;
    do {
        buf[--n] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    sb_putn(sb, buf + n, sizeof buf - n);
}

/* Writes fmt (a sb_simple_format) as printf would. */
static void sb_format_simple(strbuf *sb, const char *fmt, va_list ap)
{
    const char *p = fmt;
    for (const char *q = strchr(p, '%'); q; q = strchr(p, '%')) {
        sb_putn(sb, p, (size_t)(q - p));
        switch (q[1]) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            sb_puts(sb, s ? s : "(null)");
            p = q + 2;
            break;
        }
        case 'd': {
            const int v = va_arg(ap, int);
            if (v < 0)
                sb_putc(sb, '-');
            sb_put_unsigned(sb, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
            p = q + 2;
            break;
        }
        case 'c':
            sb_putc(sb, (char)va_arg(ap, int));
            p = q + 2;
            break;
        case 'z':
            sb_put_unsigned(sb, va_arg(ap, size_t));
            p = q + 3;
            break;
        default: /* '%' */
            sb_putc(sb, '%');
            p = q + 2;
            break;
        }
    }
    sb_puts(sb, p);
}

/* Simple formats without vsnprintf; others formatted straight into the free
 * space (one vsnprintf for nearly every call: at least 256 bytes are kept
 * free); only a longer result is formatted twice. */
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    if (sb_simple_format(fmt)) {
        sb_format_simple(sb, fmt, ap);
        return;
    }
    if (!sb_reserve(sb, 256))
        return;
    va_list ap2;
    va_copy(ap2, ap);
    const size_t room = sb->cap - sb->len; /* includes the terminating NUL */
    int n = vsnprintf(sb->data + sb->len, room, fmt, ap);
    if (n > 0 && (size_t)n >= room) {
        if (!sb_reserve(sb, (size_t)n)) {
            sb->data[sb->len] = '\0'; /* the part formatted into the free space goes */
            va_end(ap2);
            return;
        }
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap2);
    }
    if (n > 0)
        sb->len += (size_t)n;
    else
        sb->data[sb->len] = '\0'; /* nothing (or an encoding error): unchanged */
    va_end(ap2);
}

void sb_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

void sb_drop_last(strbuf *sb)
{
    if (sb->len == 0)
        return;
    sb->data[--sb->len] = '\0';
}

char *sb_take(strbuf *sb)
{
    if (!sb->data && sb_reserve(sb, 0))
        sb->data[0] = '\0';
    char *s = sb->data;
    sb_init(sb);
    return s;
}

const char *sb_str(const strbuf *sb)
{
    return sb->data ? sb->data : "";
}
