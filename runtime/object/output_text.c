/* SPDX-License-Identifier: BSD-3-Clause */
/* An output variable in words (include/mbconnect/output_text.h). */
#include <stdio.h>

#include "mbconnect/output_text.h"

size_t mbc_output_text(const mbc_type_info *t, size_t output, char *buf, size_t size)
{
    if (buf && size)
        buf[0] = '\0';
    if (!t || output >= t->output_count)
        return 0;
    const mbc_output_info *o = &t->outputs[output];
    char count[96];
    if (o->per >= 0 && (size_t)o->per < t->param_count)
        snprintf(count, sizeof count, "%zu * %s", o->factor, t->params[o->per].name);
    else
        snprintf(count, sizeof count, "%zu", o->factor);
    const int n = snprintf(buf, buf ? size : 0, "  %s [%s]%s%s\n      %s\n", o->name, count,
                           o->symbol ? "  symbol " : "", o->symbol ? o->symbol : "",
                           o->description ? o->description : "");
    return n < 0 ? 0 : (size_t)n;
}
