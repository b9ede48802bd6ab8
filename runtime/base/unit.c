/* SPDX-License-Identifier: BSD-3-Clause */
/* The unit grammar of mbconnect/unit.h: a recursive descent over the text
 * of one "[SI:...]", building the exponents of kg m s A K mol cd rad, the
 * scale to coherent SI and the text without prefixes. Shared by the core
 * (describe, Python) and mbcgen (which compiles this file, as it does
 * suggest.c). */
#include "mbconnect/unit.h"

#include <stdio.h>
#include <string.h>

#include "mbconnect/suggest.h"

typedef struct unit_name {
    const char *symbol;
    double scale;
    short exponent[MBC_UNIT_DIMENSIONS]; /* kg m s A K mol cd rad */
} unit_name;

static const unit_name names[] = {
    {"m", 1, {0, 1, 0, 0, 0, 0, 0, 0}},    {"g", 1e-3, {1, 0, 0, 0, 0, 0, 0, 0}},
    {"s", 1, {0, 0, 1, 0, 0, 0, 0, 0}},    {"A", 1, {0, 0, 0, 1, 0, 0, 0, 0}},
    {"K", 1, {0, 0, 0, 0, 1, 0, 0, 0}},    {"mol", 1, {0, 0, 0, 0, 0, 1, 0, 0}},
    {"cd", 1, {0, 0, 0, 0, 0, 0, 1, 0}},   {"N", 1, {1, 1, -2, 0, 0, 0, 0, 0}},
    {"Pa", 1, {1, -1, -2, 0, 0, 0, 0, 0}}, {"J", 1, {1, 2, -2, 0, 0, 0, 0, 0}},
    {"W", 1, {1, 2, -3, 0, 0, 0, 0, 0}},   {"Hz", 1, {0, 0, -1, 0, 0, 0, 0, 0}},
    {"C", 1, {0, 0, 1, 1, 0, 0, 0, 0}},    {"V", 1, {1, 2, -3, -1, 0, 0, 0, 0}},
    {"rad", 1, {0, 0, 0, 0, 0, 0, 0, 1}},  {"sr", 1, {0, 0, 0, 0, 0, 0, 0, 2}},
};

static const char *const base_symbols[MBC_UNIT_DIMENSIONS] = {"kg", "m",   "s",  "A",
                                                              "K",  "mol", "cd", "rad"};

static const struct {
    char prefix;
    double scale;
} prefixes[] = {{'p', 1e-12}, {'n', 1e-9}, {'u', 1e-6}, {'m', 1e-3}, {'c', 1e-2},
                {'d', 1e-1},  {'k', 1e3},  {'M', 1e6},  {'G', 1e9},  {'T', 1e12}};

/* Words for a unit that are not its symbol. */
static const struct {
    const char *word, *symbol;
} words[] = {{"newton", "N"},    {"meter", "m"},    {"second", "s"}, {"gram", "g"},
             {"kilogram", "kg"}, {"pascal", "Pa"},  {"joule", "J"},  {"watt", "W"},
             {"hertz", "Hz"},    {"radian", "rad"}, {"ampere", "A"}, {"kelvin", "K"},
             {"sec", "s"},       {"kilo", "kg"}};

/* The items a unit may be per, as "/(contact segment)". */
static const char *const counts[] = {"contact segment", "segment", "contact", "element",
                                     "particle"};

#define KNOWN                                                                                      \
    "m, kg, s, A, K, mol, cd, N, Pa, J, W, Hz, C, V, rad, sr, 1 and the prefixes p n u m c d "     \
    "k M G T"

typedef struct dims {
    int e[MBC_UNIT_DIMENSIONS];
    double scale;
    const char *count;
} dims;

typedef struct parser {
    const char *s; /* the text, trimmed */
    size_t n, at;
    char skip[MBC_UNIT_TEXT_SIZE]; /* 1 where a prefix is, dropped from the coherent text */
    mbc_error *err;
    int failed;
    int depth;
} parser;

static dims one(void)
{
    dims d;
    memset(&d, 0, sizeof d);
    d.scale = 1;
    return d;
}

static void combine(dims *a, const dims *b, int sign)
{
    for (int i = 0; i < MBC_UNIT_DIMENSIONS; i++)
        a->e[i] += sign * b->e[i];
    a->scale = sign > 0 ? a->scale * b->scale : a->scale / b->scale;
}

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The text with s[from .. to) replaced by with, as "[SI:...]", into buf. */
static const char *with_part(const parser *p, size_t from, size_t to, const char *with, char *buf,
                             size_t size)
{
    snprintf(buf, size, "[SI:%.*s%s%.*s]", (int)from, p->s, with, (int)(p->n - to), p->s + to);
    return buf;
}

static int lookup(const char *s, size_t len, dims *d, int *prefix);

static void fail_word(parser *p, size_t from, size_t to)
{
    char word[MBC_UNIT_TEXT_SIZE], fix[2 * MBC_UNIT_TEXT_SIZE];
    snprintf(word, sizeof word, "%.*s", (int)(to - from), p->s + from);
    p->failed = 1;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (mbc_suggest_distance(word, words[i].word) == 0 ||
            (strlen(word) > 1 && word[strlen(word) - 1] == 's' &&
             strncmp(word, words[i].word, strlen(word) - 1) == 0 &&
             strlen(words[i].word) == strlen(word) - 1)) {
            mbc_fail(p->err, MBC_ERR_INPUT, "'%s' is not a unit symbol; write %s", word,
                     with_part(p, from, to, words[i].symbol, fix, sizeof fix));
            return;
        }
    }
    const size_t len = to - from;
    for (size_t k = 1; k < len; k++) {
        dims d = one();
        int prefix;
        if (lookup(word, k, &d, &prefix) && lookup(word + k, len - k, &d, &prefix)) {
            char both[MBC_UNIT_TEXT_SIZE + 1];
            snprintf(both, sizeof both, "%.*s %s", (int)k, word, word + k);
            mbc_fail(p->err, MBC_ERR_INPUT,
                     "'%s' is not a unit symbol (a product is written with a space); write %s",
                     word, with_part(p, from, to, both, fix, sizeof fix));
            return;
        }
    }
    mbc_suggestion sg;
    mbc_suggest_begin(&sg, word);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        mbc_suggest_offer(&sg, names[i].symbol);
    if (sg.best)
        mbc_fail(p->err, MBC_ERR_INPUT, "'%s' is not a unit symbol (known: " KNOWN "); write %s",
                 word, with_part(p, from, to, sg.best, fix, sizeof fix));
    else
        mbc_fail(p->err, MBC_ERR_INPUT, "'%s' is not a unit symbol (known: " KNOWN ")", word);
}

/* The symbol s[0 .. len): a name, or a prefix and a name (kg is k and g),
 * into *d; *prefix: 1 when a prefix is to drop for coherent SI, 2 for g
 * alone (coherent: kg). 0 when it is no symbol. */
static int lookup(const char *s, size_t len, dims *d, int *prefix)
{
    for (size_t skip = 0; skip < 2 && len > skip; skip++) {
        double scale = 1;
        if (skip) {
            size_t k = 0;
            while (k < sizeof prefixes / sizeof prefixes[0] && prefixes[k].prefix != s[0])
                k++;
            if (k == sizeof prefixes / sizeof prefixes[0])
                return 0;
            scale = prefixes[k].scale;
        }
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            if (strlen(names[i].symbol) != len - skip ||
                strncmp(names[i].symbol, s + skip, len - skip) != 0)
                continue;
            for (int j = 0; j < MBC_UNIT_DIMENSIONS; j++)
                d->e[j] = names[i].exponent[j];
            d->scale = scale * names[i].scale;
            const int gram = names[i].symbol[0] == 'g';
            *prefix = skip ? !(s[0] == 'k' && gram) : 2 * gram;
            return 1;
        }
    }
    return 0;
}

static dims symbol(parser *p)
{
    const size_t from = p->at;
    while (p->at < p->n && is_letter(p->s[p->at]))
        p->at++;
    dims d = one();
    int prefix = 0;
    if (lookup(p->s + from, p->at - from, &d, &prefix))
        p->skip[from] = (char)prefix;
    else
        fail_word(p, from, p->at);
    return d;
}

static dims unit(parser *p);

/* "(" count ")" or "(" unit ")" */
static dims group(parser *p)
{
    const size_t open = ++p->at;
    const char *close = memchr(p->s + open, ')', p->n - open);
    if (close) {
        const size_t len = (size_t)(close - (p->s + open));
        for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
            if (strlen(counts[i]) == len && strncmp(counts[i], p->s + open, len) == 0) {
                p->at = open + len + 1;
                dims d = one();
                d.count = counts[i];
                return d;
            }
        }
    }
    if (++p->depth > 8) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT, "parentheses nested deeper than 8");
        return one();
    }
    dims d = unit(p);
    p->depth--;
    if (!p->failed && (p->at >= p->n || p->s[p->at] != ')')) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT, "'(' at character %zu is not closed; add ')'", open);
    }
    p->at++;
    return d;
}

/* "^" integer, applied to d */
static void power(parser *p, dims *d)
{
    p->at++;
    int sign = 1, value = 0;
    const size_t from = p->at;
    if (p->at < p->n && p->s[p->at] == '-')
        sign = -1, p->at++;
    const size_t digits = p->at;
    while (p->at < p->n && p->s[p->at] >= '0' && p->s[p->at] <= '9' && value < 100)
        value = 10 * value + (p->s[p->at++] - '0');
    if (p->at == digits || value == 0 || value > 9) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT,
                 "'^' takes an integer from -9 to 9 other than 0 (given '%.*s'); write e.g. m^2",
                 (int)(p->at - from), p->s + from);
        return;
    }
    if (d->count) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT, "a count takes no power (given '^%.*s')",
                 (int)(p->at - from), p->s + from);
        return;
    }
    const dims base = *d;
    for (int k = 1; k < value; k++)
        combine(d, &base, 1);
    if (sign < 0) {
        dims inv = one();
        combine(&inv, d, -1);
        *d = inv;
    }
}

static dims factor(parser *p)
{
    dims d = one();
    if (p->at >= p->n) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT, "a unit is missing at the end; write [SI:1] for a number");
        return d;
    }
    const char c = p->s[p->at];
    if (c == '(')
        d = group(p);
    else if (c == '1' && (p->at + 1 >= p->n || !(p->s[p->at + 1] >= '0' && p->s[p->at + 1] <= '9')))
        p->at++;
    else if (is_letter(c))
        d = symbol(p);
    else {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT,
                 "'%c' at character %zu is no part of a unit (known: " KNOWN
                 ", products 'N m', quotients 'N/m', powers 'm^2', counts '/(contact segment)')",
                 c, p->at + 1);
        return d;
    }
    if (!p->failed && p->at < p->n && p->s[p->at] == '^')
        power(p, &d);
    return d;
}

static int at_space(const parser *p)
{
    return p->at < p->n && p->s[p->at] == ' ';
}

static void skip_spaces(parser *p)
{
    while (at_space(p))
        p->at++;
}

/* product { "/" factor }: a product after "/" needs parentheses */
static dims unit(parser *p)
{
    dims d = factor(p);
    if (d.count && !p->failed) {
        p->failed = 1;
        mbc_fail(p->err, MBC_ERR_INPUT, "a count is a denominator; write 1/(%s)", d.count);
    }
    while (!p->failed && at_space(p)) {
        skip_spaces(p);
        if (p->at < p->n && p->s[p->at] == '/')
            break;
        dims f = factor(p);
        if (f.count && !p->failed) {
            p->failed = 1;
            mbc_fail(p->err, MBC_ERR_INPUT, "a count is a denominator; write /(%s)", f.count);
        }
        combine(&d, &f, 1);
    }
    while (!p->failed && p->at < p->n && p->s[p->at] == '/') {
        const size_t slash = p->at++;
        skip_spaces(p);
        dims f = factor(p);
        if (!p->failed && at_space(p)) {
            size_t end = p->at;
            while (end < p->n && p->s[end] == ' ')
                end++;
            if (end < p->n && p->s[end] != '/' && p->s[end] != ')') {
                size_t last = end;
                while (last < p->n && p->s[last] != '/' && p->s[last] != ')')
                    last++;
                char fix[2 * MBC_UNIT_TEXT_SIZE], part[MBC_UNIT_TEXT_SIZE + 2];
                snprintf(part, sizeof part, "(%.*s)", (int)(last - slash - 1), p->s + slash + 1);
                p->failed = 1;
                mbc_fail(p->err, MBC_ERR_INPUT,
                         "a product after '/' needs parentheses (given '%.*s'); write %s",
                         (int)(last - slash), p->s + slash,
                         with_part(p, slash + 1, last, part, fix, sizeof fix));
                break;
            }
            skip_spaces(p);
        }
        if (f.count && !d.count)
            d.count = f.count;
        else if (f.count && !p->failed) {
            p->failed = 1;
            mbc_fail(p->err, MBC_ERR_INPUT, "a unit is per one count (given /(%s) and /(%s))",
                     d.count, f.count);
        }
        if (!f.count)
            combine(&d, &f, -1);
    }
    return d;
}

mbc_status mbc_unit_parse(const char *text, size_t length, mbc_unit *u, mbc_error *err)
{
    while (length && text[0] == ' ')
        text++, length--;
    while (length && text[length - 1] == ' ')
        length--;
    memset(u, 0, sizeof *u);
    u->scale = 1;
    if (length == 0)
        return mbc_fail(err, MBC_ERR_INPUT, "the unit is empty; write [SI:1] for a number");
    if (length >= MBC_UNIT_TEXT_SIZE)
        return mbc_fail(err, MBC_ERR_INPUT, "a unit has at most %d characters (given %zu)",
                        MBC_UNIT_TEXT_SIZE - 1, length);
    parser p;
    memset(&p, 0, sizeof p);
    p.s = text;
    p.n = length;
    p.err = err;
    dims d = unit(&p);
    if (!p.failed && p.at < p.n) {
        p.failed = 1;
        mbc_fail(err, MBC_ERR_INPUT, "'%c' at character %zu does not continue the unit%s",
                 p.s[p.at], p.at + 1, p.s[p.at] == ')' ? "; remove the ')' or add a '('" : "");
    }
    if (p.failed)
        return MBC_ERR_INPUT;
    for (int i = 0; i < MBC_UNIT_DIMENSIONS; i++)
        u->exponent[i] = d.e[i];
    u->scale = d.scale;
    if (d.count)
        snprintf(u->count, sizeof u->count, "%s", d.count);
    size_t k = 0;
    for (size_t i = 0; i < length && k + 2 < sizeof u->coherent; i++) {
        if (p.skip[i] == 2)
            u->coherent[k++] = 'k';
        if (p.skip[i] != 1)
            u->coherent[k++] = text[i];
    }
    u->coherent[k] = '\0';
    return MBC_OK;
}

const char *mbc_unit_base_text(const mbc_unit *u, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < MBC_UNIT_DIMENSIONS && used < size; i++) {
        if (u->exponent[i] == 0)
            continue;
        int n = u->exponent[i] == 1
                    ? snprintf(buf + used, size - used, "%s%s", used ? " " : "", base_symbols[i])
                    : snprintf(buf + used, size - used, "%s%s^%d", used ? " " : "", base_symbols[i],
                               u->exponent[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used == 0 && size > 1)
        used = (size_t)snprintf(buf, size, "1");
    if (u->count[0] && used < size)
        snprintf(buf + used, size - used, " per %s", u->count);
    return buf;
}

const char *mbc_unit_next(const char *text, char *buf, size_t size)
{
    for (const char *at = text ? strstr(text, "[SI:") : NULL; at; at = strstr(at, "[SI:")) {
        at += 4;
        size_t n = strcspn(at, "]");
        if (!at[n])
            return NULL;
        const char *after = at + n + 1;
        while (n && *at == ' ')
            at++, n--;
        while (n && at[n - 1] == ' ')
            n--;
        if (n && n < size) {
            memcpy(buf, at, n);
            buf[n] = '\0';
            return after;
        }
        at = after;
    }
    return NULL;
}

const char *mbc_unit_of(const char *description, char *buf, size_t size)
{
    return mbc_unit_next(description, buf, size) ? buf : NULL;
}

const char *mbc_unit_describe(const char *description, char *buf, size_t size)
{
    char unit[MBC_UNIT_TEXT_SIZE], base[128];
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (const char *at = mbc_unit_next(description, unit, sizeof unit); at && used < size;
         at = mbc_unit_next(at, unit, sizeof unit)) {
        mbc_unit u;
        const int parsed = mbc_unit_parse(unit, strlen(unit), &u, NULL) == MBC_OK;
        int n = parsed ? snprintf(buf + used, size - used, "%s%s (%s)", used ? ", " : "", unit,
                                  mbc_unit_base_text(&u, base, sizeof base))
                       : snprintf(buf + used, size - used, "%s%s", used ? ", " : "", unit);
        used += n > 0 ? (size_t)n : 0;
    }
    return buf;
}
