/* SPDX-License-Identifier: BSD-3-Clause */
/* Hostile variants of a spec, case or scene file (hostile.h). */
#include "hostile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "sandbox.h"

/* One value of the returned table. */
typedef struct node {
    char expr[512];   /* Lua expression of the value: root["parameters"][5] */
    char parent[512]; /* of the table holding it */
    char path[256];   /* parameters[5] */
    char field[64];   /* the last string key on the way ("parameters") */
    char key[64];     /* its string key, "" for a list index */
    char text[64];    /* a short string value, else "" */
    int type;         /* LUA_T* */
    size_t length;    /* rawlen of a table */
} node;

typedef struct node_list {
    node *items;
    size_t count, cap;
} node_list;

static node *add_node(node_list *l)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        node *bigger = realloc(l->items, l->cap * sizeof *bigger);
        if (!bigger) {
            fputs("hostile: out of memory\n", stderr);
            abort();
        }
        l->items = bigger;
    }
    node *n = &l->items[l->count++];
    memset(n, 0, sizeof *n);
    return n;
}

/* snprintf that reports whether the text fit (deep paths are skipped). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
put(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < size;
}

/* Keys that can be written as ["key"] and shown in a path. */
static int plain_key(const char *s, size_t len)
{
    if (len == 0 || len > 40 || strlen(s) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '"' || s[i] == '\\' || s[i] < ' ' || s[i] > '~')
            return 0;
    return 1;
}

/* Visits every value of the table at the top of the stack. */
static void walk(lua_State *L, const node *parent, int depth, node_list *out)
{
    if (depth >= HOSTILE_MAX_DEPTH)
        return;
    int t = lua_gettop(L);
    size_t n = lua_rawlen(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        node child;
        memset(&child, 0, sizeof child);
        int ok = 1;
        if (lua_type(L, -2) == LUA_TSTRING) {
            size_t len = 0;
            const char *k = lua_tolstring(L, -2, &len);
            ok = plain_key(k, len) &&
                 put(child.expr, sizeof child.expr, "%s[\"%s\"]", parent->expr, k) &&
                 put(child.path, sizeof child.path, "%s%s%s", parent->path,
                     parent->path[0] ? "." : "", k) &&
                 put(child.field, sizeof child.field, "%s", k) &&
                 put(child.key, sizeof child.key, "%s", k);
        } else if (lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 &&
                   (size_t)lua_tointeger(L, -2) <= n &&
                   (lua_tointeger(L, -2) <= 2 || (size_t)lua_tointeger(L, -2) == n ||
                    mbc_sandbox_table_kind(L, -1))) {
            /* of a long list (cable nodes, 23 of them) the first two and the
             * last; every entry made by a spec constructor (param "x" {...}) */
            long long i = (long long)lua_tointeger(L, -2);
            ok = put(child.expr, sizeof child.expr, "%s[%lld]", parent->expr, i) &&
                 put(child.path, sizeof child.path, "%s[%lld]", parent->path, i) &&
                 put(child.field, sizeof child.field, "%s", parent->field);
        } else {
            ok = 0;
        }
        if (ok && put(child.parent, sizeof child.parent, "%s", parent->expr)) {
            child.type = lua_type(L, -1);
            if (child.type == LUA_TSTRING && lua_rawlen(L, -1) < sizeof child.text)
                snprintf(child.text, sizeof child.text, "%s", lua_tostring(L, -1));
            child.length = child.type == LUA_TTABLE ? lua_rawlen(L, -1) : 0;
            *add_node(out) = child;
            if (child.type == LUA_TTABLE)
                walk(L, &child, depth + 1, out);
        }
        lua_pop(L, 1);
    }
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const node *)a)->expr, ((const node *)b)->expr);
}

/* Runs the file and collects its values; -1 when it does not run. */
static int collect(const char *name, const char *text, size_t len, int spec_constructors,
                   node_list *out)
{
    mbc_sandbox *box =
        mbc_sandbox_new("file", "files", spec_constructors ? MBC_SANDBOX_SPEC_CONSTRUCTORS : 0);
    if (!box)
        return -1;
    lua_State *L = mbc_sandbox_state(box);
    mbc_error err = {0};
    int rc = -1;
    if (mbc_sandbox_run_chunk(box, name, text, len, &err) != MBC_OK) {
        fprintf(stderr, "hostile: %s does not run: %s\n", name, err.message);
    } else {
        if (lua_isfunction(L, -1)) { /* a scene: function(params) */
            lua_newtable(L);
            if (mbc_sandbox_pcall(box, 1, 1) != LUA_OK)
                fprintf(stderr, "hostile: %s: %s\n", name, lua_tostring(L, -1));
        }
        if (lua_istable(L, -1)) {
            node root;
            memset(&root, 0, sizeof root);
            snprintf(root.expr, sizeof root.expr, "root");
            snprintf(root.field, sizeof root.field, "return");
            walk(L, &root, 0, out);
            qsort(out->items, out->count, sizeof *out->items, by_path);
            rc = 0;
        }
    }
    mbc_sandbox_free(box);
    return rc;
}

typedef struct emitter {
    const char *head; /* the text up to the column-0 return */
    size_t head_len;
    const char *tail; /* the returned expression and the rest */
    size_t tail_len;
    void (*fn)(const hostile_variant *v, void *ctx);
    void *ctx;
    long count;
    int spec; /* the spec constructors are defined */
} emitter;

#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static void
emit(emitter *e, const node *n, hostile_kind kind, const char *value, const char *label_value,
     const char *fmt, ...)
{
    char stmt[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(stmt, sizeof stmt, fmt, ap);
    va_end(ap);
    /* a scene may return function(params); in a spec, `type` is a constructor */
    static const char wrapper[] =
        "\nlocal function __mutate(root)\n  %s\n  return root\nend\n"
        "if type(__root) == \"function\" then\n"
        "  local __f = __root\n  __root = function(p) return __mutate(__f(p)) end\n"
        "else\n  __root = __mutate(__root)\nend\nreturn __root\n";
    static const char spec_wrapper[] = "\nlocal function __mutate(root)\n  %s\n  return root\nend\n"
                                       "return __mutate(__root)\n";
    const char *wrap = e->spec ? spec_wrapper : wrapper;
    size_t cap = e->head_len + e->tail_len + sizeof wrapper + strlen(stmt) + 64;
    char *text = malloc(cap);
    if (!text) {
        fputs("hostile: out of memory\n", stderr);
        abort();
    }
    size_t len = 0;
    memcpy(text, e->head, e->head_len);
    len += e->head_len;
    len += (size_t)snprintf(text + len, cap - len, "local __root = ");
    memcpy(text + len, e->tail, e->tail_len);
    len += e->tail_len;
    len += (size_t)snprintf(text + len, cap - len, wrap, stmt);
    char label[1024];
    snprintf(label, sizeof label, "%s %s", n->path[0] ? n->path : "(the returned value)",
             label_value);
    hostile_variant v = {text, len, label, n->path, n->field, value, n->text, kind};
    e->fn(&v, e->ctx);
    e->count++;
    free(text);
}

/* The wrong-type replacements: Lua text, type, the word a message shows. */
static const struct {
    const char *lua;
    int type;
    const char *word;
} wrong_types[] = {
    {"true", LUA_TBOOLEAN, "true"},
    {"42", LUA_TNUMBER, "42"},
    {"\"zzz\"", LUA_TSTRING, "zzz"},
    {"{}", LUA_TTABLE, "table|{}|list"},
    {"function() end", LUA_TFUNCTION, "function"},
};

static const struct {
    const char *lua;
    const char *word;
} numbers[] = {
    {"-1", "-1"},
    {"0", "0"},
    {"2.5", "2.5"},
    {"1e9", "1e+09|1000000000|1e9"},
    {"-1e300", "-1e+300|-1e300"},
    {"0/0", "nan"},
    {"1/0", "inf"},
};

static void variants_of(emitter *e, const node *n)
{
    for (size_t i = 0; i < sizeof wrong_types / sizeof wrong_types[0]; i++)
        if (wrong_types[i].type != n->type)
            emit(e, n, HOSTILE_WRONG_TYPE, wrong_types[i].word, wrong_types[i].lua, "%s = %s",
                 n->expr, wrong_types[i].lua);
    if (n->type == LUA_TNUMBER)
        for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
            emit(e, n, HOSTILE_NUMBER, numbers[i].word, numbers[i].lua, "%s = %s", n->expr,
                 numbers[i].lua);
    if (n->type == LUA_TSTRING) {
        emit(e, n, HOSTILE_TYPO, "zz", "= ..zz", "%s = %s .. \"zz\"", n->expr, n->expr);
        emit(e, n, HOSTILE_TYPO, NULL, "= \"\"", "%s = \"\"", n->expr);
    }
    if (n->type == LUA_TTABLE) {
        emit(e, n, HOSTILE_TABLE, NULL, "= { } (empty)", "for k in pairs(%s) do %s[k] = nil end",
             n->expr, n->expr);
        emit(e, n, HOSTILE_TABLE, "table|list", "nested 300 deep",
             "do local t = {} local d = t for i = 1, 300 do d[1] = {} "
             "d = d[1] end %s = t end",
             n->expr);
        if (n->length >= 1) {
            emit(e, n, HOSTILE_TABLE, NULL, "with its first entry twice", "%s[#%s + 1] = %s[1]",
                 n->expr, n->expr, n->expr);
            emit(e, n, HOSTILE_TABLE, NULL, "without its first entry", "table.remove(%s, 1)",
                 n->expr);
        }
    }
    if (n->key[0]) {
        emit(e, n, HOSTILE_KEY, "zz", "key renamed", "%s[\"%szz\"] = %s %s = nil", n->parent,
             n->key, n->expr, n->expr);
        emit(e, n, HOSTILE_KEY, NULL, "key removed", "%s = nil", n->expr);
    }
}

/* The column-0 `return` that returns the file's value. */
static const char *find_return(const char *text, size_t len)
{
    const char *found = NULL;
    for (size_t i = 0; i + 7 <= len; i++)
        if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "return ", 7) == 0)
            found = text + i;
    return found;
}

long hostile_variants(const char *name, const char *text, size_t len, int spec_constructors,
                      void (*fn)(const hostile_variant *v, void *ctx), void *ctx)
{
    const char *ret = find_return(text, len);
    if (!ret) {
        fprintf(stderr, "hostile: %s has no return at the start of a line\n", name);
        return -1;
    }
    node_list nodes = {NULL, 0, 0};
    if (collect(name, text, len, spec_constructors, &nodes) != 0) {
        free(nodes.items);
        return -1;
    }
    emitter e = {text, (size_t)(ret - text), ret + 7, len - (size_t)(ret - text) - 7, fn, ctx,
                 0,    spec_constructors};
    node root;
    memset(&root, 0, sizeof root);
    snprintf(root.expr, sizeof root.expr, "root");
    root.type = LUA_TTABLE;
    for (size_t i = 0; i < sizeof wrong_types / sizeof wrong_types[0]; i++)
        if (wrong_types[i].type != LUA_TTABLE)
            emit(&e, &root, HOSTILE_WRONG_TYPE, wrong_types[i].word, wrong_types[i].lua,
                 "root = %s", wrong_types[i].lua);
    for (size_t i = 0; i < nodes.count; i++)
        variants_of(&e, &nodes.items[i]);
    free(nodes.items);
    return e.count;
}

char *hostile_replace(const char *text, size_t len, const char *anchor, const char *replacement,
                      size_t *out_len)
{
    const char *at = strstr(text, anchor);
    if (!at || strstr(at + 1, anchor))
        return NULL;
    size_t a = strlen(anchor), r = strlen(replacement), head = (size_t)(at - text);
    char *out = malloc(len - a + r + 1);
    if (!out)
        return NULL;
    memcpy(out, text, head);
    memcpy(out + head, replacement, r);
    memcpy(out + head + r, at + a, len - head - a);
    out[len - a + r] = '\0';
    *out_len = len - a + r;
    return out;
}

int hostile_write(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int bad = fwrite(text, 1, len, f) != len;
    return fclose(f) != 0 || bad ? -1 : 0;
}
