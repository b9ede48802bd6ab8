/* SPDX-License-Identifier: BSD-3-Clause */
/* Strict minimal JSON reader for the eval tests (see json_mini.h). */
#include "json_mini.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *s;
    size_t pos;
    char *err;
    size_t err_size;
    bool failed;
    int depth;
} parser;

static void perr(parser *p, const char *what)
{
    if (!p->failed)
        snprintf(p->err, p->err_size, "offset %zu: %s", p->pos, what);
    p->failed = true;
}

static void skip_ws(parser *p)
{
    while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
           p->s[p->pos] == '\r')
        p->pos++;
}

static jm_value *new_value(parser *p, jm_type t)
{
    jm_value *v = calloc(1, sizeof *v);
    if (!v)
        perr(p, "out of memory");
    else
        v->type = t;
    return v;
}

static bool add_item(parser *p, jm_value *v, char *key, jm_value *item)
{
    jm_value **items = realloc(v->items, (v->count + 1) * sizeof *items);
    if (!items) {
        perr(p, "out of memory");
        return false;
    }
    v->items = items;
    if (v->type == JM_OBJECT) {
        char **keys = realloc(v->keys, (v->count + 1) * sizeof *keys);
        if (!keys) {
            perr(p, "out of memory");
            return false;
        }
        v->keys = keys;
        v->keys[v->count] = key;
    }
    v->items[v->count++] = item;
    return true;
}

static char *parse_string_raw(parser *p)
{
    if (p->s[p->pos] != '"') {
        perr(p, "expected a string");
        return NULL;
    }
    p->pos++;
    size_t cap = 16, n = 0;
    char *out = malloc(cap);
    if (!out) {
        perr(p, "out of memory");
        return NULL;
    }
    for (;;) {
        unsigned char ch = (unsigned char)p->s[p->pos];
        if (ch == '\0' || ch < 0x20) {
            perr(p, "unterminated string or control character in a string");
            free(out);
            return NULL;
        }
        p->pos++;
        if (ch == '"')
            break;
        if (ch == '\\') {
            char e = p->s[p->pos++];
            switch (e) {
            case '"':
            case '\\':
            case '/':
                ch = (unsigned char)e;
                break;
            case 'n':
                ch = '\n';
                break;
            case 't':
                ch = '\t';
                break;
            case 'r':
                ch = '\r';
                break;
            case 'b':
                ch = '\b';
                break;
            case 'f':
                ch = '\f';
                break;
            case 'u':
                for (int i = 0; i < 4; i++)
                    if (!isxdigit((unsigned char)p->s[p->pos + (size_t)i])) {
                        perr(p, "bad \\u escape");
                        free(out);
                        return NULL;
                    }
                ch = '?'; /* the tests never need the code point */
                p->pos += 4;
                break;
            default:
                perr(p, "bad escape");
                free(out);
                return NULL;
            }
        }
        if (n + 2 > cap) {
            char *q = realloc(out, cap *= 2);
            if (!q) {
                free(out);
                perr(p, "out of memory");
                return NULL;
            }
            out = q;
        }
        out[n++] = (char)ch;
    }
    out[n] = '\0';
    return out;
}

static jm_value *parse_value(parser *p);

static jm_value *parse_number(parser *p)
{
    size_t start = p->pos;
    const char *s = p->s;
    if (s[p->pos] == '-')
        p->pos++;
    if (s[p->pos] == '0') {
        p->pos++;
    } else if (s[p->pos] >= '1' && s[p->pos] <= '9') {
        while (isdigit((unsigned char)s[p->pos]))
            p->pos++;
    } else {
        perr(p, "bad number");
        return NULL;
    }
    if (s[p->pos] == '.') {
        p->pos++;
        if (!isdigit((unsigned char)s[p->pos])) {
            perr(p, "bad number: digits must follow '.'");
            return NULL;
        }
        while (isdigit((unsigned char)s[p->pos]))
            p->pos++;
    }
    if (s[p->pos] == 'e' || s[p->pos] == 'E') {
        p->pos++;
        if (s[p->pos] == '+' || s[p->pos] == '-')
            p->pos++;
        if (!isdigit((unsigned char)s[p->pos])) {
            perr(p, "bad number exponent");
            return NULL;
        }
        while (isdigit((unsigned char)s[p->pos]))
            p->pos++;
    }
    jm_value *v = new_value(p, JM_NUMBER);
    if (!v)
        return NULL;
    size_t len = p->pos - start;
    v->text = malloc(len + 1);
    if (!v->text) {
        free(v);
        perr(p, "out of memory");
        return NULL;
    }
    memcpy(v->text, s + start, len);
    v->text[len] = '\0';
    v->number = strtod(v->text, NULL);
    return v;
}

static jm_value *parse_container(parser *p, bool object)
{
    jm_value *v = new_value(p, object ? JM_OBJECT : JM_ARRAY);
    if (!v)
        return NULL;
    if (++p->depth > 64) {
        perr(p, "nesting too deep");
        jm_free(v);
        return NULL;
    }
    p->pos++;
    skip_ws(p);
    char close = object ? '}' : ']';
    if (p->s[p->pos] == close) {
        p->pos++;
        p->depth--;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_ws(p);
        if (object) {
            key = parse_string_raw(p);
            if (!key)
                break;
            skip_ws(p);
            if (p->s[p->pos] != ':') {
                free(key);
                perr(p, "expected ':'");
                break;
            }
            p->pos++;
        }
        jm_value *item = parse_value(p);
        if (!item || !add_item(p, v, key, item)) {
            free(key);
            jm_free(item);
            break;
        }
        skip_ws(p);
        if (p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->s[p->pos] == close) {
            p->pos++;
            p->depth--;
            return v;
        }
        perr(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    perr(p, "bad container");
    jm_free(v);
    return NULL;
}

static jm_value *parse_value(parser *p)
{
    skip_ws(p);
    const char *s = p->s + p->pos;
    if (*s == '{')
        return parse_container(p, true);
    if (*s == '[')
        return parse_container(p, false);
    if (*s == '"') {
        char *str = parse_string_raw(p);
        if (!str)
            return NULL;
        jm_value *v = new_value(p, JM_STRING);
        if (!v) {
            free(str);
            return NULL;
        }
        v->text = str;
        return v;
    }
    if (strncmp(s, "null", 4) == 0) {
        p->pos += 4;
        return new_value(p, JM_NULL);
    }
    if (strncmp(s, "true", 4) == 0 || strncmp(s, "false", 5) == 0) {
        jm_value *v = new_value(p, JM_BOOL);
        if (v)
            v->boolean = (*s == 't');
        p->pos += (*s == 't') ? 4 : 5;
        return v;
    }
    return parse_number(p);
}

jm_value *jm_parse(const char *text, char *err, size_t err_size)
{
    parser p = {text, 0, err, err_size, false, 0};
    err[0] = '\0';
    jm_value *v = parse_value(&p);
    if (v) {
        skip_ws(&p);
        if (p.s[p.pos] != '\0') {
            perr(&p, "text after the JSON value");
            jm_free(v);
            v = NULL;
        }
    }
    if (!v && !p.failed)
        perr(&p, "invalid JSON");
    return v;
}

void jm_free(jm_value *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        jm_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

const jm_value *jm_member(const jm_value *v, const char *name)
{
    if (!v || v->type != JM_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->keys[i], name) == 0)
            return v->items[i];
    return NULL;
}

const jm_value *jm_get(const jm_value *v, const char *path)
{
    const char *s = path;
    while (v && *s) {
        if (*s == '.') {
            s++;
            continue;
        }
        if (*s == '[') {
            char *end = NULL;
            unsigned long i = strtoul(s + 1, &end, 10);
            if (!end || *end != ']' || v->type != JM_ARRAY || i >= v->count)
                return NULL;
            v = v->items[i];
            s = end + 1;
            continue;
        }
        size_t n = strcspn(s, ".[");
        char name[128];
        if (n >= sizeof name)
            return NULL;
        memcpy(name, s, n);
        name[n] = '\0';
        v = jm_member(v, name);
        s += n;
    }
    return v;
}

double jm_number(const jm_value *v, const char *path)
{
    const jm_value *x = jm_get(v, path);
    return x && x->type == JM_NUMBER ? x->number : NAN;
}

size_t jm_count(const jm_value *v, const char *path)
{
    const jm_value *x = jm_get(v, path);
    return x && (x->type == JM_ARRAY || x->type == JM_OBJECT) ? x->count : (size_t)-1;
}

int jm_significant_digits(const char *token)
{
    int digits = 0, all = 0;
    bool leading = true;
    for (const char *c = token; *c && *c != 'e' && *c != 'E'; c++) {
        if (!isdigit((unsigned char)*c))
            continue;
        all++;
        if (leading && *c == '0')
            continue;
        leading = false;
        digits++;
    }
    return digits ? digits : all;
}

static int check(const jm_value *v, int digits, const char *integer_key, char *path, size_t len,
                 size_t size)
{
    if (v->type == JM_NUMBER)
        return jm_significant_digits(v->text) == digits ? 0 : 1;
    for (size_t i = 0; i < v->count; i++) {
        size_t n;
        if (v->type == JM_OBJECT)
            n = (size_t)snprintf(path + len, size - len, "%s%s", len ? "." : "", v->keys[i]);
        else
            n = (size_t)snprintf(path + len, size - len, "[%zu]", i);
        if (len + n >= size)
            return 1;
        if (v->type == JM_OBJECT && integer_key && strcmp(v->keys[i], integer_key) == 0) {
            const jm_value *x = v->items[i];
            if (x->type != JM_NUMBER || strpbrk(x->text, ".eE"))
                return 1;
            continue;
        }
        if (check(v->items[i], digits, integer_key, path, len + n, size))
            return 1;
    }
    path[len] = '\0';
    return 0;
}

int jm_check_digits(const jm_value *v, int digits, const char *integer_key, char *bad_path,
                    size_t size)
{
    bad_path[0] = '\0';
    return check(v, digits, integer_key, bad_path, 0, size);
}
