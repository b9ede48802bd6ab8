/* SPDX-License-Identifier: BSD-3-Clause */
/* Defaults as the docs write them (docs/spec-language.rst, "Defaults in the
 * docs"): the text of a value, the way the Python interface writes it, and
 * the check that a spec's doc.default denotes exactly its default. */
#include "spec_defaults.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/format_number.h"

static void format_real(double x, strbuf *out)
{
    if (x == floor(x) && fabs(x) < 1e15) {
        sb_printf(out, "%.0f.", x);
        return;
    }
    char buf[40];
    mbc_format_number(x, buf, sizeof buf);
    sb_puts(out, buf);
}

void spec_format_default(const spec_param *p, const spec_value *v, strbuf *out)
{
    const spec_type *ty = p->type;
    if (ty->value == SPEC_STRING) {
        sb_printf(out, "'%s'", v->str ? v->str : "");
        return;
    }
    if (p->shape == SPEC_SCALAR) {
        double x = v->count ? v->num[0] : 0.0;
        switch (ty->value) {
        case SPEC_BOOL:
            sb_puts(out, x != 0.0 ? "True" : "False");
            break;
        case SPEC_INDEX:
            if (x < 0)
                sb_puts(out, "invalid (-1)");
            else
                sb_printf(out, "%.0f", x);
            break;
        case SPEC_INT:
            sb_printf(out, "%.0f", x);
            break;
        default:
            format_real(x, out);
        }
        return;
    }
    if (v->count == 0) {
        sb_puts(out, "[]");
        return;
    }
    if (ty->value == SPEC_INDEX) {
        sb_puts(out, "[ ");
        for (size_t i = 0; i < v->count; i++) {
            if (i)
                sb_puts(out, ", ");
            if (v->num[i] < 0)
                sb_puts(out, "invalid [-1]");
            else
                sb_printf(out, "%.0f", v->num[i]);
        }
        sb_puts(out, " ]");
        return;
    }
    sb_putc(out, '[');
    for (size_t i = 0; i < v->count; i++) {
        if (i)
            sb_putc(out, ',');
        if (ty->value == SPEC_REAL)
            format_real(v->num[i], out);
        else
            sb_printf(out, "%.0f", v->num[i]);
    }
    sb_putc(out, ']');
}

/* Parses one scalar as the docs write it: a number, True/False, invalid (-1). */
static int parse_doc_scalar(const char *s, size_t n, double *x)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (!strcmp(buf, "True") || !strcmp(buf, "False")) {
        *x = buf[0] == 'T';
        return 1;
    }
    if (!strcmp(buf, "invalid (-1)") || !strcmp(buf, "invalid [-1]")) {
        *x = -1;
        return 1;
    }
    char *end;
    *x = strtod(buf, &end);
    return *end == '\0';
}

/* Checks that a documented default text denotes the value v. */
int spec_default_matches(const spec_param *p, const char *text, const spec_value *v)
{
    if (p->type->value == SPEC_STRING) {
        size_t n = strlen(text);
        return n >= 2 && text[0] == '\'' && text[n - 1] == '\'' && v->str &&
               strlen(v->str) == n - 2 && strncmp(text + 1, v->str, n - 2) == 0;
    }
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (p->shape == SPEC_SCALAR) {
        double x;
        return parse_doc_scalar(s, strlen(s), &x) && v->count == 1 && x == v->num[0];
    }
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n < 2 || s[0] != '[' || s[n - 1] != ']')
        return 0;
    s++, n -= 2;
    size_t count = 0;
    size_t start = 0;
    int depth = 0;
    int blank = 1;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] == '[')
            depth++;
        if (i < n && s[i] == ']')
            depth--;
        if (i < n && !isspace((unsigned char)s[i]))
            blank = 0;
        if (i == n || (s[i] == ',' && depth == 0)) {
            if (i == n && blank && count == 0)
                break; /* "[]" */
            double x;
            if (count >= v->count || !parse_doc_scalar(s + start, i - start, &x) ||
                x != v->num[count])
                return 0;
            count++;
            start = i + 1;
        }
    }
    return count == v->count;
}
