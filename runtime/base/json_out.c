/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON writer for evaluation results (see json_out.h). */
#include "json_out.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void json_init(json_writer *w)
{
    memset(w, 0, sizeof *w);
}

void json_free(json_writer *w)
{
    free(w->data);
    w->data = NULL;
    w->len = w->cap = 0;
}

static void put(json_writer *w, const char *s, size_t n)
{
    if (w->failed)
        return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 1024;
        while (cap < w->len + n + 1)
            cap *= 2;
        char *p = realloc(w->data, cap);
        if (!p) {
            w->failed = true;
            mbc_fail_nomem(&w->error, "JSON document");
            return;
        }
        w->data = p;
        w->cap = cap;
    }
    memcpy(w->data + w->len, s, n);
    w->len += n;
    w->data[w->len] = '\0';
}

static void puts_(json_writer *w, const char *s)
{
    put(w, s, strlen(s));
}

static void indent(json_writer *w, int level)
{
    static const char spaces[] = "                                ";
    put(w, "\n", 1);
    for (int i = 0; i < level; i++)
        put(w, spaces, 2);
}

static void put_string(json_writer *w, const char *s)
{
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char esc[8];
        switch (*p) {
        case '"':
            puts_(w, "\\\"");
            break;
        case '\\':
            puts_(w, "\\\\");
            break;
        case '\n':
            puts_(w, "\\n");
            break;
        case '\t':
            puts_(w, "\\t");
            break;
        case '\r':
            puts_(w, "\\r");
            break;
        default:
            if (*p < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04x", (unsigned)*p);
                puts_(w, esc);
            } else {
                put(w, (const char *)p, 1);
            }
        }
    }
    put(w, "\"", 1);
}

void json_path(const json_writer *w, const char *key, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 1; i <= w->depth && len < size; i++) {
        const json_frame *f = &w->stack[i];
        if (f->index >= 0)
            len += (size_t)snprintf(buf + len, size - len, "[%ld]", f->index);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "." : "", f->key);
    }
    if (len >= size)
        return;
    const json_frame *top = &w->stack[w->depth];
    if (top->is_array)
        snprintf(buf + len, size - len, "[%zu]", top->count);
    else if (key)
        snprintf(buf + len, size - len, "%s%s", len ? "." : "", key);
}

/* Separator, indentation and "key": before a value in the current container. */
static void prefix(json_writer *w, const char *key)
{
    if (w->failed)
        return;
    json_frame *f = &w->stack[w->depth];
    if (f->count)
        put(w, ",", 1);
    if (f->is_inline) {
        if (f->count)
            put(w, " ", 1);
    } else {
        indent(w, w->depth + 1);
    }
    if (!f->is_array) {
        put_string(w, key ? key : "");
        put(w, ": ", 2);
    }
    f->count++;
}

static void begin(json_writer *w, const char *key, bool is_array, bool is_inline)
{
    if (w->failed)
        return;
    bool root = (w->len == 0);
    if (!root) {
        if (w->depth + 1 >= JSON_MAX_DEPTH) {
            w->failed = true;
            mbc_fail_at(&w->error, MBC_ERR_STATE, "JSON document", 0, "nesting deeper than %d",
                        JSON_MAX_DEPTH);
            return;
        }
        long index = w->stack[w->depth].is_array ? (long)w->stack[w->depth].count : -1;
        prefix(w, key);
        w->depth++;
        json_frame *f = &w->stack[w->depth];
        memset(f, 0, sizeof *f);
        f->index = index;
        snprintf(f->key, sizeof f->key, "%s", key && index < 0 ? key : "");
    } else {
        memset(&w->stack[0], 0, sizeof w->stack[0]);
        w->stack[0].index = -1;
    }
    json_frame *f = &w->stack[w->depth];
    f->is_array = is_array;
    f->is_inline = is_inline;
    f->count = 0;
    put(w, is_array ? "[" : "{", 1);
}

static void end(json_writer *w, bool is_array)
{
    if (w->failed)
        return;
    json_frame *f = &w->stack[w->depth];
    if (!f->is_inline && f->count)
        indent(w, w->depth);
    put(w, is_array ? "]" : "}", 1);
    if (w->depth == 0)
        put(w, "\n", 1);
    else
        w->depth--;
}

void json_begin_object(json_writer *w, const char *key)
{
    begin(w, key, false, false);
}

void json_end_object(json_writer *w)
{
    end(w, false);
}

void json_begin_array(json_writer *w, const char *key, bool is_inline)
{
    begin(w, key, true, is_inline);
}

void json_end_array(json_writer *w)
{
    end(w, true);
}

void json_number(json_writer *w, const char *key, double x)
{
    if (w->failed)
        return;
    if (!isfinite(x)) {
        char path[160];
        json_path(w, key, path, sizeof path);
        w->failed = true;
        mbc_fail_fields(&w->error, MBC_ERR_VALUE, NULL, NULL, 0, strlen(path) + 2,
                        "%s: result is not finite (given %s)", path,
                        isnan(x) ? "nan"
                        : x > 0  ? "inf"
                                 : "-inf");
        return;
    }
    char buf[40];
    /* '#' keeps trailing zeros: always exactly 17 significant digits. */
    snprintf(buf, sizeof buf, "%#.17g", x == 0.0 ? 0.0 : x); /* no "-0.000..." */
    prefix(w, key);
    puts_(w, buf);
}

void json_integer(json_writer *w, const char *key, long x)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", x);
    prefix(w, key);
    puts_(w, buf);
}

void json_string(json_writer *w, const char *key, const char *s)
{
    prefix(w, key);
    put_string(w, s ? s : "");
}

void json_null(json_writer *w, const char *key)
{
    prefix(w, key);
    puts_(w, "null");
}

void json_bool(json_writer *w, const char *key, bool b)
{
    prefix(w, key);
    puts_(w, b ? "true" : "false");
}

void json_number_array(json_writer *w, const char *key, const double *v, size_t n)
{
    json_begin_array(w, key, true);
    for (size_t i = 0; i < n; i++)
        json_number(w, NULL, v[i]);
    json_end_array(w);
}

void json_matrix(json_writer *w, const char *key, const double *m, size_t rows, size_t cols)
{
    json_begin_array(w, key, false);
    for (size_t r = 0; r < rows; r++)
        json_number_array(w, NULL, m + r * cols, cols);
    json_end_array(w);
}
