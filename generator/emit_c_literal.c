/* SPDX-License-Identifier: BSD-3-Clause */
#include "emit_c_literal.h"

#include <string.h>

#include "mbconnect/format_number.h"

void emit_c_literal_string(const char *s, strbuf *out)
{
    if (!s) {
        sb_puts(out, "NULL");
        return;
    }
    sb_putc(out, '"');
    for (; *s; s++) {
        size_t plain = 0; /* a run that needs no escape, copied at once */
        for (unsigned char p; (p = (unsigned char)s[plain]) >= 0x20 && p < 0x7f && p != '\\' &&
                              p != '"' && !(p == '?' && s[plain + 1] == '?');)
            plain++;
        sb_putn(out, s, plain);
        s += plain;
        if (!*s)
            break;
        unsigned char c = (unsigned char)*s;
        if (c == '\\' || c == '"')
            sb_printf(out, "\\%c", c);
        else if (c == '\n')
            sb_puts(out, "\\n");
        else if (c < 0x20 || c >= 0x7f)
            sb_printf(out, "\\%03o", c);
        else if (c == '?' && s[1] == '?')
            sb_puts(out, "?\\"); /* no trigraphs */
        else
            sb_putc(out, (char)c);
    }
    sb_putc(out, '"');
}

void emit_c_literal_double(double x, strbuf *out)
{
    char buf[40];
    mbc_format_number(x, buf, sizeof buf);
    sb_puts(out, buf);
    if (!strpbrk(buf, ".en"))
        sb_puts(out, ".0");
}
