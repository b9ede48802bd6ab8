/* SPDX-License-Identifier: BSD-3-Clause */
/* Error reporting shared by every layer (include/mbconnect/error.h): the
 * one place that writes an mbc_error, as luaL_error is Lua's. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/error.h"

/* The promise of error.h, one line: a control character that a given name
 * or value brought in (a newline in a spec's key, a tab in a case's text) is
 * written as its C escape (\n, \t, \r, \x1b), and rule_offset moves with
 * the text before it. */
static void one_line(mbc_error *err)
{
    char out[MBC_ERROR_SIZE] = "";
    size_t k = 0, offset = 0;
    for (size_t i = 0; err->message[i]; i++) {
        const unsigned char c = (unsigned char)err->message[i];
        char escaped[5] = {(char)c, '\0'};
        if (c == '\n' || c == '\t' || c == '\r')
            snprintf(escaped, sizeof escaped, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else if (c < 0x20 || c == 0x7f)
            snprintf(escaped, sizeof escaped, "\\x%02x", c);
        const size_t n = strlen(escaped);
        if (k + n >= sizeof out)
            break;
        if (i < err->rule_offset)
            offset = k + n;
        memcpy(out + k, escaped, n + 1); /* with its terminator */
        k += n;
    }
    memcpy(err->message, out, k + 1);
    err->rule_offset = offset;
}

static void set_fields(mbc_error *err, mbc_status st, const char *type_name, const char *param_name,
                       size_t param_number)
{
    err->type_name = type_name;
    err->param_name = param_name;
    err->param_number = param_number;
    err->rule_offset = 0;
    err->status = st;
    err->file = NULL;
    err->line = 0;
}

/* Writes "prefix" then the formatted rule; rule_offset marks the rule. */
static void write_prefixed(mbc_error *err, const char *prefix, const char *fmt, va_list ap)
{
    int n = snprintf(err->message, sizeof err->message, "%s", prefix);
    size_t used = n < 0 ? 0 : (size_t)n;
    if (used >= sizeof err->message)
        used = sizeof err->message - 1;
    err->rule_offset = used;
    vsnprintf(err->message + used, sizeof err->message - used, fmt, ap);
}

mbc_status mbc_fail(mbc_error *err, mbc_status st, const char *fmt, ...)
{
    if (err) {
        set_fields(err, st, NULL, NULL, 0);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        one_line(err);
    }
    return st;
}

mbc_status mbc_fail_param(mbc_error *err, mbc_status st, const char *type_name,
                          const char *param_name, size_t param_number, const char *fmt, ...)
{
    if (err) {
        set_fields(err, st, type_name, param_name, param_number);
        char prefix[256];
        snprintf(prefix, sizeof prefix, "%s.%s: ", type_name ? type_name : "",
                 param_name ? param_name : "");
        va_list ap;
        va_start(ap, fmt);
        write_prefixed(err, prefix, fmt, ap);
        va_end(ap);
        one_line(err);
    }
    return st;
}

mbc_status mbc_fail_at(mbc_error *err, mbc_status st, const char *file, int line, const char *fmt,
                       ...)
{
    if (err) {
        set_fields(err, st, NULL, NULL, 0);
        char prefix[320];
        if (line > 0)
            snprintf(prefix, sizeof prefix, "%s:%d: ", file ? file : "", line);
        else
            snprintf(prefix, sizeof prefix, "%s: ", file ? file : "");
        va_list ap;
        va_start(ap, fmt);
        write_prefixed(err, prefix, fmt, ap);
        va_end(ap);
        one_line(err);
        err->file = file;
        err->line = line > 0 ? line : 0;
    }
    return st;
}

mbc_status mbc_fail_fields(mbc_error *err, mbc_status st, const char *type_name,
                           const char *param_name, size_t param_number, size_t rule_offset,
                           const char *fmt, ...)
{
    if (err) {
        set_fields(err, st, type_name, param_name, param_number);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        size_t len = strlen(err->message);
        err->rule_offset = rule_offset < len ? rule_offset : len;
        one_line(err);
    }
    return st;
}

mbc_status mbc_fail_nomem(mbc_error *err, const char *what)
{
    return mbc_fail_at(err, MBC_ERR_NOMEM, what, 0, "out of memory");
}
