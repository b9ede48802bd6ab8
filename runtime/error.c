/* SPDX-License-Identifier: BSD-3-Clause */
/* Error reporting shared by the runtime (include/mbconnect/connector.h): the
 * one place that writes an mbc_error, as luaL_error is Lua's. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/connector.h"

static void set_fields(mbc_error *err, const char *type_name, const char *param_name,
                       size_t param_number)
{
    err->type_name = type_name;
    err->param_name = param_name;
    err->param_number = param_number;
    err->rule_offset = 0;
}

mbc_status mbc_fail(mbc_error *err, mbc_status st, const char *fmt, ...)
{
    if (err) {
        set_fields(err, NULL, NULL, 0);
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
        set_fields(err, type_name, param_name, param_number);
        int n = snprintf(err->message, sizeof err->message, "%s.%s: ", type_name ? type_name : "",
                         param_name ? param_name : "");
        size_t used = n < 0 ? 0 : (size_t)n;
        if (used >= sizeof err->message)
            used = sizeof err->message - 1;
        err->rule_offset = used;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message + used, sizeof err->message - used, fmt, ap);
        va_end(ap);
    }
    return st;
}

mbc_status mbc_fail_fields(mbc_error *err, mbc_status st, const char *type_name,
                           const char *param_name, size_t param_number, size_t rule_offset,
                           const char *fmt, ...)
{
    if (err) {
        set_fields(err, type_name, param_name, param_number);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        size_t len = strlen(err->message);
        err->rule_offset = rule_offset < len ? rule_offset : len;
    }
    return st;
}
