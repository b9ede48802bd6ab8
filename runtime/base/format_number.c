/* SPDX-License-Identifier: BSD-3-Clause */
/* Shortest round-trip number text (include/mbconnect/format_number.h); also
 * compiled into mbcgen, so generated code, docs and messages agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mbconnect/format_number.h"

void mbc_format_number(double x, char *buf, size_t size)
{
    if (isnan(x)) {
        snprintf(buf, size, "nan");
        return;
    }
    if (isinf(x)) {
        snprintf(buf, size, x > 0 ? "inf" : "-inf");
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}
