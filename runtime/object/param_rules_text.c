/* SPDX-License-Identifier: BSD-3-Clause */
/* The value rules of a parameter in words (mbc_param_rules_text,
 * include/mbconnect/param_rules_text.h): what `mbc describe`, Python's help(), the
 * parameter docstrings and the type stubs show. Also compiled into mbcgen
 * (the stubs), so that every place says a rule the same way. */
#include <stdio.h>
#include <string.h>

#include "mbconnect/format_number.h"
#include "mbconnect/param_choices.h"
#include "mbconnect/param_rules_text.h"

/* x satisfies the type's rule (x >= min, or x > min). */
static bool meets_type_rule(const mbc_param_info *p, double x)
{
    return !p->has_min || (p->min_exclusive ? x > p->min : x >= p->min);
}

/* Every value the spec's rules allow satisfies the type's rule too, so that
 * saying the spec's rules says all. */
static bool spec_rules_imply_type_rule(const mbc_param_info *p)
{
    if (!p->has_min)
        return true;
    if (p->one_of_count) {
        for (size_t i = 0; i < p->one_of_count; i++)
            if (!meets_type_rule(p, p->one_of[i]))
                return false;
        return true;
    }
    if (p->has_range)
        return p->range_min > p->min ||
               (p->range_min == p->min && (p->range_min_open || !p->min_exclusive));
    return false;
}

/* Appends text to buf (of size bytes, *used of them written), truncating. */
static void put(char *buf, size_t size, size_t *used, const char *text)
{
    if (*used + 1 >= size)
        return;
    const int n = snprintf(buf + *used, size - *used, "%s", text);
    *used += n < 0 ? 0 : (size_t)n;
    if (*used >= size)
        *used = size - 1;
}

const char *mbc_param_rules_text(const mbc_param_info *p, char *buf, size_t size)
{
    size_t used = 0;
    if (!buf || size == 0)
        return buf;
    buf[0] = '\0';
    const bool spec_rule = p->one_of_count || p->has_range;
    if (p->rule && !(spec_rule && spec_rules_imply_type_rule(p))) {
        put(buf, size, &used, p->rule);
        put(buf, size, &used, spec_rule ? " and " : "");
    }
    char names[512] = ""; /* named choices: "one of hooke (0), hertz (1)" */
    if (p->one_of_count && mbc_param_choices_text(p, true, names, sizeof names)[0]) {
        put(buf, size, &used, "one of ");
        put(buf, size, &used, names);
    }
    for (size_t i = 0; !names[0] && i < p->one_of_count; i++) {
        char number[32];
        mbc_format_number(p->one_of[i], number, sizeof number);
        put(buf, size, &used, i ? ", " : "one of ");
        put(buf, size, &used, number);
    }
    if (p->has_range && p->range_rule) {
        put(buf, size, &used, p->one_of_count ? " and " : "");
        put(buf, size, &used, p->range_rule);
    }
    if (p->required) {
        put(buf, size, &used, used ? " " : "");
        put(buf, size, &used, "(required: ");
        put(buf, size, &used, p->required);
        put(buf, size, &used, ")");
    }
    const char *check = mbc_param_info_check_text(p); /* the spec's words for its check */
    if (check) {
        put(buf, size, &used, used ? "; check: " : "check: ");
        put(buf, size, &used, check);
    }
    return buf;
}
