/* SPDX-License-Identifier: BSD-3-Clause */
/* The named choices of integer parameters (include/mbconnect/param_choices.h),
 * read from the parameter's descriptor, which mbcgen writes from the spec.
 * Also compiled into mbcgen (the rules in words of the type stubs). */
#include <stdio.h>
#include <string.h>

#include "mbconnect/param_choices.h"
#include "mbconnect/suggest.h"

const char *mbc_param_choice_name(const mbc_param_info *p, double v)
{
    size_t n = 0;
    const char *const *names = p ? mbc_param_info_choices(p, &n) : NULL;
    if (!names || !(v >= 0 && v < (double)n) || v != (double)(size_t)v)
        return NULL;
    return names[(size_t)v];
}

int mbc_param_choice_value(const mbc_param_info *p, const char *name)
{
    size_t n = 0;
    const char *const *names = p ? mbc_param_info_choices(p, &n) : NULL;
    for (size_t i = 0; names && name && i < n; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}

const char *mbc_param_suggest_choice(const mbc_param_info *p, const char *name)
{
    size_t n = 0;
    const char *const *names = p ? mbc_param_info_choices(p, &n) : NULL;
    if (!names || !name)
        return NULL;
    mbc_suggestion s;
    mbc_suggest_begin(&s, name);
    for (size_t i = 0; i < n; i++)
        mbc_suggest_offer(&s, names[i]);
    return s.best;
}

const char *mbc_param_choices_text(const mbc_param_info *p, bool with_values, char *buf,
                                   size_t size)
{
    if (!buf || size == 0)
        return buf;
    buf[0] = '\0';
    size_t n = 0, used = 0;
    const char *const *names = p ? mbc_param_info_choices(p, &n) : NULL;
    for (size_t i = 0; names && i < n && used + 1 < size; i++) {
        const int k =
            with_values
                ? snprintf(buf + used, size - used, "%s%s (%zu)", i ? ", " : "", names[i], i)
                : snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
        used += k < 0 ? 0 : (size_t)k;
    }
    return buf;
}
