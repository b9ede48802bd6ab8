/* SPDX-License-Identifier: BSD-3-Clause */
/* Error reporting shared by every layer (include/mbconnect/error.h): the
 * one place that writes an mbc_error, as luaL_error is Lua's. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/error.h"

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
    }
    return st;
}

mbc_status mbc_fail_nomem(mbc_error *err, const char *what)
{
    return mbc_fail_at(err, MBC_ERR_NOMEM, what, 0, "out of memory");
}
