/* SPDX-License-Identifier: BSD-3-Clause */
/* Plain texts of spec elements (plain_text.h). */
#include "plain_text.h"

#include <stdio.h>
#include <string.h>

#include "mbconnect/object.h"

void plain_text_default(const spec_param *p, strbuf *out)
{
    if (p->type->value == SPEC_INDEX && p->rules.must_be_set) {
        /* as mbc_object_set_default_indices: inputs of a fixed size up to 8 */
        if (p->shape == SPEC_VECTOR || p->role != SPEC_INPUT || p->size > 8) {
            sb_puts(out, "must be set");
            return;
        }
        sb_puts(out, "must be set (mbc eval, Python: ");
        if (p->shape == SPEC_SCALAR)
            sb_putc(out, '0');
        for (int i = 0; p->shape != SPEC_SCALAR && i < p->size; i++)
            sb_printf(out, "%s%d%s", i ? ", " : "[", i, i + 1 == p->size ? "]" : "");
        sb_putc(out, ')');
        return;
    }
    const char *d = p->doc_default ? p->doc_default : "";
    size_t n = strlen(d);
    while (n && d[0] == ' ')
        d++, n--;
    while (n && d[n - 1] == ' ')
        n--;
    sb_putn(out, d, n);
}

void plain_text_rules(const spec_param *p, strbuf *out)
{
    /* the descriptor fields the generated table holds (emit_c.c) */
    const spec_type *ty = p->type;
    const spec_rules *ru = &p->rules;
    /* the check's statement after an empty description's NUL, as the
     * generated table has it after the description's (emit_c.c); at most
     * 120 bytes (spec_param_rules.c) */
    const char *check = ru->check_text;
    char description[256] = "";
    if (check)
        snprintf(description + 1, sizeof description - 1, "%s", check);
    const mbc_param_info info = {.description = description,
                                 .has_check_text = check != NULL,
                                 .has_min = ty->has_min,
                                 .min_exclusive = ty->min_exclusive,
                                 .min = ty->min,
                                 .rule = ty->rule,
                                 .one_of = ru->one_of,
                                 .one_of_count = ru->one_of_count,
                                 .has_range = ru->has_range,
                                 .range_min_open = ru->range_min_open,
                                 .range_max_open = ru->range_max_open,
                                 .range_min = ru->range_min,
                                 .range_max = ru->range_max,
                                 .range_rule = ru->range_rule,
                                 .required = ru->required,
                                 /* the names of its choices (an int scalar), as the
                                  * generated table has them */
                                 .kind = MBC_VALUE_INT,
                                 .shape = MBC_SCALAR,
                                 .has_choices = p->choices.count != 0,
                                 .choices = (const char *const *)p->choices.items};
    char text[512];
    sb_puts(out, mbc_param_rules_text(&info, text, sizeof text));
}
