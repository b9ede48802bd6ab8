/* SPDX-License-Identifier: BSD-3-Clause */
/* Error reporting shared by the runtime (include/mbconnect/connector.h). */
#include <stdarg.h>
#include <stdio.h>

#include "mbconnect/connector.h"

mbc_status mbc_fail(mbc_error *err, mbc_status st, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return st;
}
