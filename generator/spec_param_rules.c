/* SPDX-License-Identifier: BSD-3-Clause */
/* The rules of a parameter (docs/spec-language.rst, "Parameter keys",
 * rules = { ... }): extra value rules (one_of, range, required), length and
 * order rules, the runtime check, and the references between parameters
 * (same_length_as, positive_when), checked once all are loaded. */
#include "spec_param_rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "naming.h"
#include "sandbox.h"
#include "spec_defaults.h"

static const char *const rule_keys[] = {
    "must_be_set", "min_length", "same_length_as", "non_decreasing", "positive_when",
    "check",       "check_text", "one_of",         "range",          "required",
    NULL};

/* The longest statement of a check (rules.check_text), in bytes: one line of
 * `mbc describe` after "rules: ", Python's help() and the site's table. */
enum { CHECK_TEXT_MAX = 120 };

/* Parses a range "[a, b)": brackets "[" / "(" and "]" / ")", bounds numbers
 * or -inf / inf (open), a < b. Writes the bounds and the rule text the
 * runtime messages use ("> 0", ">= 0", "< 1", "in [0, 1)"). */
static int parse_range(loader *ld, const char *s, spec_rules *ru)
{
    char lo_text[64], hi_text[64], open_c, close_c;
    int used = 0;
    if (strlen(s) >= 64 ||
        sscanf(s, " %c %63[^, ] , %63[^]) ] %c %n", &open_c, lo_text, hi_text, &close_c, &used) !=
            4 ||
        s[used] != '\0' || (open_c != '[' && open_c != '(') || (close_c != ']' && close_c != ')'))
        return 0;
    char *end;
    const double lo = strcmp(lo_text, "-inf") == 0 ? -INFINITY : strtod(lo_text, &end);
    if (isfinite(lo) && *end)
        return 0;
    const double hi = strcmp(hi_text, "inf") == 0 ? INFINITY : strtod(hi_text, &end);
    if (isfinite(hi) && *end)
        return 0;
    if (isnan(lo) || isnan(hi) || !(lo < hi) || lo == INFINITY || hi == -INFINITY ||
        (isinf(lo) && open_c == '[') || (isinf(hi) && close_c == ']'))
        return 0;
    ru->has_range = 1;
    ru->range_min = lo, ru->range_max = hi;
    ru->range_min_open = open_c == '(', ru->range_max_open = close_c == ')';
    char rule[160];
    if (isinf(hi))
        snprintf(rule, sizeof rule, "%s %s", ru->range_min_open ? ">" : ">=", lo_text);
    else if (isinf(lo))
        snprintf(rule, sizeof rule, "%s %s", ru->range_max_open ? "<" : "<=", hi_text);
    else
        snprintf(rule, sizeof rule, "in %c%s, %s%c", open_c, lo_text, hi_text, close_c);
    ru->range_rule = arena_strdup(ld->mem, rule);
    return 1;
}

/* x satisfies the range and one_of rules of ru. */
static int rules_allow(const spec_rules *ru, double x)
{
    if (ru->has_range && (ru->range_min_open ? !(x > ru->range_min) : !(x >= ru->range_min)))
        return 0;
    if (ru->has_range && (ru->range_max_open ? !(x < ru->range_max) : !(x <= ru->range_max)))
        return 0;
    for (size_t i = 0; i < ru->one_of_count; i++)
        if (x == ru->one_of[i])
            return 1;
    return ru->one_of_count == 0;
}

/* rules.one_of: a non-empty list of numbers the type admits. */
static void load_one_of(loader *ld, const mbc_reader_table *rules, const spec_param *p,
                        spec_rules *ru)
{
    lua_State *L = ld->L;
    const int line = rules->line;
    const char *where = rules->name;
    char buf[96];
    if (!mbc_reader_value(ld->r, rules, "one_of", 0)) {
        lua_pop(L, 1);
        return;
    }
    const size_t n = lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1) ? lua_rawlen(L, -1) : 0;
    if (n == 0 || n > 64) {
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: one_of must be a list of 1 to 64 numbers (given %s)", where,
                        mbc_reader_describe(L, -1, buf, sizeof buf));
        lua_pop(L, 1);
        return;
    }
    mbc_reader_table table = loader_table(ld->r, lua_gettop(L), line, where);
    mbc_reader_check_keys(ld->r, &table, NULL, MBC_READER_LIST);
    ru->one_of = arena_alloc(ld->mem, n * sizeof *ru->one_of);
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, (lua_Integer)i);
        const double x = lua_tonumber(L, -1);
        const spec_type *ty = p->type;
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(x) ||
            (ty->value != SPEC_REAL && x != floor(x)) ||
            (ty->has_min && (ty->min_exclusive ? !(x > ty->min) : !(x >= ty->min))))
            mbc_reader_fail(ld->r, line, NULL,
                            "%s: one_of[%zu] must be a value of type %s (given %s)", where, i,
                            ty->name, mbc_reader_describe(L, -1, buf, sizeof buf));
        else
            ru->one_of[ru->one_of_count++] = x;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The default against the rules one_of and range: only for a parameter
 * without errors so far (a rule or default given wrong is reported once,
 * where it is); `required` marks a default that breaks them. */
static void check_default(loader *ld, const mbc_reader_table *rules, const spec_param *p,
                          const spec_rules *ru)
{
    const int numeric = p->type->value == SPEC_INT || p->type->value == SPEC_REAL;
    if (loader_errors(ld) != ld->param_errors || mbc_reader_flagged(ld->r, rules) || !p->def.num)
        return;
    int default_ok = 1;
    for (size_t i = 0; i < p->def.count && numeric; i++)
        default_ok &= rules_allow(ru, p->def.num[i]);
    strbuf *given = &ld->sb; /* the loader's: a raise leaves nothing behind */
    sb_free(given);
    spec_format_default(p, &p->def, given);
    if (sb_failed(given))
        mbc_reader_raise_nomem(ld->r);
    if (!default_ok && !ru->required)
        mbc_reader_fail(ld->r, rules->line, NULL,
                        "%s: the default breaks the rule (%s); give a valid default, or "
                        "`required` when the default is a placeholder (given %s)",
                        rules->name, ru->has_range ? ru->range_rule : "one_of", sb_str(given));
    if (default_ok && ru->required)
        mbc_reader_fail(ld->r, rules->line, NULL,
                        "%s: required marks a default that breaks the rule, but the default "
                        "satisfies it (given %s)",
                        rules->name, sb_str(given));
}

/* rules.one_of, range, required: value rules beyond the type's. */
static void load_value_rules(loader *ld, const mbc_reader_table *rules, const spec_param *p,
                             spec_rules *ru)
{
    const int line = rules->line;
    const char *where = rules->name;
    const int numeric = p->type->value == SPEC_INT || p->type->value == SPEC_REAL;
    load_one_of(ld, rules, p, ru);
    char *range = loader_opt_string(ld, rules->idx, "range", line, where);
    if (range && !parse_range(ld, range, ru))
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: range must be an interval like \"[0, 1)\" or \"(0, inf)\" (given "
                        "'%s')",
                        where, range);
    ru->required = loader_opt_string(ld, rules->idx, "required", line, where);
    if ((ru->one_of_count || ru->has_range) && !numeric)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: one_of and range apply to int and real types only (type %s)", where,
                        p->type->name);
    if (ru->required && !ru->required[0])
        mbc_reader_fail(ld->r, line, NULL, "%s: required must say how to set the value (given '')",
                        where);
    check_default(ld, rules, p, ru);
}

/* Each rule applies to some types only. */
static void check_rule_types(loader *ld, const mbc_reader_table *rules, const spec_param *p)
{
    const spec_rules *ru = &p->rules;
    const int line = rules->line;
    const char *where = rules->name;
    const char *type = p->type->name;
    if (ru->must_be_set && p->type->value != SPEC_INDEX)
        mbc_reader_fail(ld->r, line, NULL, "%s: must_be_set applies to index types only (type %s)",
                        where, type);
    if ((ru->min_length || ru->same_length_as) && p->shape != SPEC_VECTOR)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: length rules apply to variable-size types only (type %s)", where,
                        type);
    if (ru->non_decreasing && (p->shape == SPEC_SCALAR || p->type->value != SPEC_REAL))
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: non_decreasing applies to real vectors only (type %s)", where, type);
    if (ru->positive_when && (p->shape != SPEC_SCALAR || p->type->value != SPEC_REAL))
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: positive_when applies to real scalars only (type %s)", where, type);
    if (ru->check_hook && !naming_is_spec_name(ru->check_hook))
        mbc_reader_fail(ld->r, line, NULL, "%s: 'check' must name a C function (given '%s')", where,
                        ru->check_hook);
}

/* rules.check_text: the one line that says what `check` requires, shown by
 * mbc describe, Python's help() and the site's pages beside the type's
 * rule. Optional (a spec of 1.0 with a check loads as it did; describe then
 * shows the type's rule alone), and only beside a check. Only for a parameter
 * without errors so far (a check or statement given wrong, or a key
 * misspelled, is reported once, where it is). */
static void check_statement(loader *ld, const mbc_reader_table *rules, const spec_rules *ru)
{
    const int line = rules->line;
    const char *where = rules->name;
    const char *s = ru->check_text;
    if (loader_errors(ld) != ld->param_errors || mbc_reader_flagged(ld->r, rules))
        return;
    if (!s)
        return;
    if (!ru->check_hook)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: check_text states what a check requires, but there is no check "
                        "(given '%.60s')",
                        where, s);
    else if (!s[0])
        mbc_reader_fail(ld->r, line, NULL, "%s: check_text must say what '%s' requires (given '')",
                        where, ru->check_hook);
    else if (strpbrk(s, "\n\r\t")) {
        const int at = (int)strcspn(s, "\n\r\t");
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: check_text must be one line, without line breaks or tabs (given %s "
                        "after '%.*s')",
                        where, s[at] == '\t' ? "a tab" : "a line break", at < 60 ? at : 60, s);
    } else if (strlen(s) > CHECK_TEXT_MAX)
        mbc_reader_fail(ld->r, line, NULL,
                        "%s: check_text must be at most %d bytes, one line (given %zu bytes)",
                        where, (int)CHECK_TEXT_MAX, strlen(s));
}

void spec_param_rules_load(loader *ld, const mbc_reader_table *t, spec_param *p)
{
    mbc_reader_table rules;
    if (mbc_reader_subtable(ld->r, t, "rules", 0, "a table", &rules) == MBC_OK && rules.idx) {
        rules.line = p->line; /* its messages point at the parameter */
        mbc_reader_check_keys(ld->r, &rules, rule_keys, 0);
        spec_rules *ru = &p->rules;
        const int line = rules.line;
        const char *where = rules.name;
        ru->must_be_set = loader_opt_bool(ld, rules.idx, "must_be_set", line, where, 0);
        ru->non_decreasing = loader_opt_bool(ld, rules.idx, "non_decreasing", line, where, 0);
        ru->same_length_as = loader_opt_string(ld, rules.idx, "same_length_as", line, where);
        ru->positive_when = loader_opt_string(ld, rules.idx, "positive_when", line, where);
        ru->check_hook = loader_opt_string(ld, rules.idx, "check", line, where);
        ru->check_text = loader_opt_string(ld, rules.idx, "check_text", line, where);
        long n = 0;
        if (mbc_reader_integer(ld->r, &rules, "min_length", 0, 1, 1000000, &n) == MBC_OK)
            ru->min_length = (int)n;
        load_value_rules(ld, &rules, p, ru);
        check_rule_types(ld, &rules, p);
        check_statement(ld, &rules, ru);
    }
    lua_pop(ld->L, 1);
}

/* ------------------------------------------------- references between parameters */

/* same_length_as from p back to p (A -> B -> A): every length waits for
 * another. Reported once, at the cycle's first parameter. */
static void check_length_cycle(loader *ld, const spec_connector *c, const spec_param *p)
{
    const spec_param *q = p;
    char chain[256];
    size_t len = (size_t)snprintf(chain, sizeof chain, "%s", p->name);
    for (size_t step = 0; step < c->param_count; step++) {
        q = q->rules.same_length_as ? spec_find_param(c, q->rules.same_length_as) : NULL;
        if (!q || q < p) /* ends, or a cycle through an earlier parameter (reported there) */
            return;
        if (len < sizeof chain)
            len += (size_t)snprintf(chain + len, sizeof chain - len, " -> %s", q->name);
        if (q == p) {
            mbc_reader_fail(ld->r, p->line, NULL,
                            "parameter '%s': same_length_as forms a cycle (%s); name the length "
                            "parameter on one side only",
                            p->name, chain);
            return;
        }
    }
}

/* Cross-references between parameters, checked once all are loaded. */
void spec_param_rules_check_references(loader *ld, const spec_connector *c)
{
    for (size_t i = 0; i < c->param_count; i++) {
        const spec_param *p = &c->params[i];
        const spec_rules *ru = &p->rules;
        if (ru->same_length_as) {
            const spec_param *q = spec_find_param(c, ru->same_length_as);
            const spec_param *close = q ? NULL : spec_suggest_param(c, ru->same_length_as);
            if (!loader_names_broken_param(ld, q) && close)
                mbc_reader_fail(ld->r, p->line, NULL,
                                "parameter '%s': same_length_as must name another variable-size "
                                "parameter (given '%s'; did you mean '%s'?)",
                                p->name, ru->same_length_as, close->name);
            else if (!loader_names_broken_param(ld, q) && (!q || q->shape != SPEC_VECTOR || q == p))
                mbc_reader_fail(ld->r, p->line, NULL,
                                "parameter '%s': same_length_as must name another variable-size "
                                "parameter (given '%s')",
                                p->name, ru->same_length_as);
            else if (q && q != p)
                check_length_cycle(ld, c, p);
        }
        if (ru->positive_when) {
            const spec_param *q = spec_find_param(c, ru->positive_when);
            const spec_param *close = q ? NULL : spec_suggest_param(c, ru->positive_when);
            if (!loader_names_broken_param(ld, q) && close)
                mbc_reader_fail(
                    ld->r, p->line, NULL,
                    "parameter '%s': positive_when must name a Bool parameter (given '%s'; did "
                    "you mean '%s'?)",
                    p->name, ru->positive_when, close->name);
            else if (!loader_names_broken_param(ld, q) &&
                     (!q || q->type->value != SPEC_BOOL || q->shape != SPEC_SCALAR))
                mbc_reader_fail(
                    ld->r, p->line, NULL,
                    "parameter '%s': positive_when must name a Bool parameter (given '%s')",
                    p->name, ru->positive_when);
        }
    }
}
