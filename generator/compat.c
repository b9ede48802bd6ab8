/* SPDX-License-Identifier: BSD-3-Clause */
/* Spec compatibility: compares two loaded spec projects item by item (by
 * name: a rename shows as a removal plus an addition) and reports every
 * breaking change and every compatible addition. See compat.h for the rules. */
#include "compat.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fileio.h"

static const char *const role_names[] = {"input", "derived", "state"};

typedef struct compat_ctx {
    strbuf *report;
    compat_result result;
} compat_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 0)))
#endif
static void
add_line(compat_ctx *cx, const char *where, const char *suffix, const char *fmt, va_list ap)
{
    sb_printf(cx->report, "%s: ", where);
    sb_vprintf(cx->report, fmt, ap);
    sb_printf(cx->report, "%s\n", suffix);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
breaking(compat_ctx *cx, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_line(cx, where, "", fmt, ap);
    va_end(ap);
    cx->result.breaking++;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
compatible(compat_ctx *cx, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_line(cx, where, " (compatible)", fmt, ap);
    va_end(ap);
    cx->result.compatible++;
}

static int same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* ------------------------------------------------------------------ parameter types */

/* The value rule of a type as text: ">= 0", "> 0" or "none". */
static void format_rule(const spec_type *t, char *out, size_t size)
{
    if (!t->has_min)
        snprintf(out, size, "none");
    else
        snprintf(out, size, "%s %.17g", t->min_exclusive ? ">" : ">=", t->min);
}

/* 1 when new_t's value rule rejects a value old_t's accepted. */
static int rule_tightened(const spec_type *old_t, const spec_type *new_t)
{
    if (!new_t->has_min)
        return 0;
    if (!old_t->has_min)
        return 1;
    if (new_t->min != old_t->min)
        return new_t->min > old_t->min;
    return new_t->min_exclusive && !old_t->min_exclusive;
}

static void size_text(spec_shape shape, int size, char *out, size_t n)
{
    if (shape == SPEC_VECTOR)
        snprintf(out, n, "any");
    else
        snprintf(out, n, "%d", size);
}

static void compare_types(compat_ctx *cx, const spec_type_registry *o, const spec_type_registry *n)
{
    for (size_t i = 0; i < o->count; i++) {
        const spec_type *ot = &o->types[i];
        const spec_type *nt = spec_types_find(n, ot->name);
        if (!nt) {
            breaking(cx, "types.lua", "parameter type '%s' removed or renamed", ot->name);
            continue;
        }
        if (ot->value != nt->value || strcmp(ot->c_type, nt->c_type) != 0)
            breaking(cx, "types.lua", "parameter type '%s': C type changed (%s -> %s)", ot->name,
                     ot->c_type, nt->c_type);
        if (ot->shape != nt->shape || ot->size != nt->size) {
            char a[32], b[32];
            size_text(ot->shape, ot->size, a, sizeof a);
            size_text(nt->shape, nt->size, b, sizeof b);
            breaking(cx, "types.lua", "parameter type '%s': size changed (%s -> %s)", ot->name, a,
                     b);
        }
        if (rule_tightened(ot, nt)) {
            char a[64], b[64];
            format_rule(ot, a, sizeof a);
            format_rule(nt, b, sizeof b);
            breaking(cx, "types.lua", "parameter type '%s': value rule tightened (%s -> %s)",
                     ot->name, a, b);
        }
    }
    for (size_t i = 0; i < n->count; i++)
        if (!spec_types_find(o, n->types[i].name))
            compatible(cx, "types.lua", "parameter type '%s' added", n->types[i].name);
}

/* ------------------------------------------------------------------ parameters */

static int same_value(const spec_value *a, const spec_value *b)
{
    if (!same_str(a->str, b->str) || a->count != b->count)
        return 0;
    for (size_t i = 0; i < a->count; i++)
        if (a->num[i] != b->num[i])
            return 0;
    return 1;
}

static const spec_param *find_in(const spec_param *list, size_t count, const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}

static void compare_rules(compat_ctx *cx, const char *where, const char *kind, const spec_param *op,
                          const spec_param *np)
{
    const spec_rules *o = &op->rules, *n = &np->rules;
    const char *name = np->name;
    if (n->must_be_set && !o->must_be_set)
        breaking(cx, where, "%s '%s': rule tightened (must_be_set added)", kind, name);
    if (n->min_length > o->min_length)
        breaking(cx, where, "%s '%s': rule tightened (min_length %d -> %d)", kind, name,
                 o->min_length, n->min_length);
    if (n->same_length_as && !same_str(o->same_length_as, n->same_length_as))
        breaking(cx, where, "%s '%s': rule tightened (same_length_as '%s' -> '%s')", kind, name,
                 o->same_length_as ? o->same_length_as : "none", n->same_length_as);
    if (n->non_decreasing && !o->non_decreasing)
        breaking(cx, where, "%s '%s': rule tightened (non_decreasing added)", kind, name);
    if (n->positive_when && !same_str(o->positive_when, n->positive_when))
        breaking(cx, where, "%s '%s': rule tightened (positive_when '%s' -> '%s')", kind, name,
                 o->positive_when ? o->positive_when : "none", n->positive_when);
    if (n->check_hook && !same_str(o->check_hook, n->check_hook))
        breaking(cx, where, "%s '%s': rule tightened (check '%s' -> '%s')", kind, name,
                 o->check_hook ? o->check_hook : "none", n->check_hook);
    if (n->has_range && !same_str(o->range_rule, n->range_rule))
        breaking(cx, where, "%s '%s': rule tightened (range %s -> %s)", kind, name,
                 o->range_rule ? o->range_rule : "none", n->range_rule);
    int one_of_same = n->one_of_count == o->one_of_count;
    for (size_t i = 0; one_of_same && i < n->one_of_count; i++)
        one_of_same = n->one_of[i] == o->one_of[i];
    if (n->one_of_count && !one_of_same)
        breaking(cx, where, "%s '%s': rule tightened (one_of changed)", kind, name);
    if (n->required && !o->required)
        breaking(cx, where, "%s '%s': rule tightened (required added: the default must be set)",
                 kind, name);
    if (strcmp(op->type->name, np->type->name) == 0 && rule_tightened(op->type, np->type)) {
        char a[64], b[64];
        format_rule(op->type, a, sizeof a);
        format_rule(np->type, b, sizeof b);
        breaking(cx, where, "%s '%s': rule tightened (value %s -> %s, type %s in types.lua)", kind,
                 name, a, b, np->type->name);
    }
}

/* A choice's name is how case files, Python and the words of a solver's
 * input set the value: a name that is gone or means another value breaks
 * them; names given to values that had none are an addition. */
static void compare_choices(compat_ctx *cx, const char *where, const char *kind,
                            const spec_param *op, const spec_param *np)
{
    for (size_t k = 0; k < op->choices.count; k++)
        if (k >= np->choices.count || strcmp(op->choices.items[k], np->choices.items[k]) != 0)
            breaking(cx, where, "%s '%s': choice '%s' (value %zu) removed or renamed", kind,
                     op->name, op->choices.items[k], k);
    if (np->choices.count && !op->choices.count)
        compatible(cx, where, "%s '%s': its values named (choices)", kind, np->name);
}

static void compare_param_lists(compat_ctx *cx, const char *where, const char *kind,
                                const spec_param *ol, size_t on, const spec_param *nl, size_t nn)
{
    for (size_t i = 0; i < on; i++) {
        const spec_param *op = &ol[i];
        const spec_param *np = find_in(nl, nn, op->name);
        if (!np) {
            breaking(cx, where, "%s '%s' removed or renamed", kind, op->name);
            continue;
        }
        if (strcmp(op->type->name, np->type->name) != 0) {
            breaking(cx, where, "%s '%s': type changed (%s -> %s)", kind, op->name, op->type->name,
                     np->type->name);
        } else {
            if (op->shape != np->shape || op->size != np->size) {
                char a[32], b[32];
                size_text(op->shape, op->size, a, sizeof a);
                size_text(np->shape, np->size, b, sizeof b);
                breaking(cx, where, "%s '%s': size changed (%s -> %s)", kind, op->name, a, b);
            } else if (!same_value(&op->def, &np->def)) {
                strbuf a, b;
                sb_init(&a);
                sb_init(&b);
                spec_format_default(op, &op->def, &a);
                spec_format_default(np, &np->def, &b);
                breaking(cx, where, "%s '%s': default changed (%s -> %s)", kind, op->name,
                         sb_str(&a), sb_str(&b));
                sb_free(&a);
                sb_free(&b);
            }
        }
        if (op->role != np->role)
            breaking(cx, where, "%s '%s': role changed (%s -> %s)", kind, op->name,
                     role_names[op->role], role_names[np->role]);
        compare_rules(cx, where, kind, op, np);
        compare_choices(cx, where, kind, op, np);
    }
    for (size_t i = 0; i < nn; i++) {
        const spec_param *np = &nl[i];
        if (find_in(ol, on, np->name))
            continue;
        if (np->role == SPEC_INPUT && np->rules.must_be_set)
            breaking(cx, where, "%s '%s' added without a valid default (must_be_set)", kind,
                     np->name);
        else
            compatible(cx, where, "%s '%s' added with default %s", kind, np->name, np->doc_default);
    }
}

/* ------------------------------------------------------------------ outputs, data, markers */

static void count_text(const spec_count *c, char *out, size_t n)
{
    if (c->per)
        snprintf(out, n, "%d * %s", c->factor, c->per->name);
    else
        snprintf(out, n, "%d", c->factor);
}

static void compare_outputs(compat_ctx *cx, const spec_connector *o, const spec_connector *n)
{
    for (size_t i = 0; i < o->output_count; i++) {
        const spec_output *oo = &o->outputs[i];
        const spec_output *no = NULL;
        for (size_t j = 0; j < n->output_count && !no; j++)
            if (strcmp(n->outputs[j].name, oo->name) == 0)
                no = &n->outputs[j];
        if (!no) {
            breaking(cx, o->type_name, "output '%s' removed or renamed", oo->name);
            continue;
        }
        char a[160], b[160];
        count_text(&oo->size, a, sizeof a);
        count_text(&no->size, b, sizeof b);
        if (strcmp(a, b) != 0)
            breaking(cx, o->type_name, "output '%s': size changed (%s -> %s)", oo->name, a, b);
    }
    for (size_t j = 0; j < n->output_count; j++) {
        int found = 0;
        for (size_t i = 0; i < o->output_count && !found; i++)
            found = strcmp(o->outputs[i].name, n->outputs[j].name) == 0;
        if (!found)
            compatible(cx, o->type_name, "output '%s' added", n->outputs[j].name);
    }
}

/* The data layout as text: "gap" or "[k] x, y" (per k coordinates each). */
static void data_text(const spec_data *d, strbuf *out)
{
    if (d->per)
        sb_printf(out, "[%s] ", d->per->name);
    for (size_t i = 0; i < d->block_count; i++)
        sb_printf(out, "%s%s", i ? ", " : "", d->blocks[i].name);
    if (d->block_count == 0)
        sb_puts(out, "none");
}

static void compare_data(compat_ctx *cx, const spec_connector *o, const spec_connector *n)
{
    strbuf a, b;
    sb_init(&a);
    sb_init(&b);
    data_text(&o->data, &a);
    data_text(&n->data, &b);
    if (strcmp(sb_str(&a), sb_str(&b)) != 0)
        breaking(cx, o->type_name, "data coordinates changed (%s -> %s)", sb_str(&a), sb_str(&b));
    sb_free(&a);
    sb_free(&b);
}

static int list_has(const spec_string_list *l, const char *s)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->items[i], s) == 0)
            return 1;
    return 0;
}

/* A marker or node type the new spec requires and the old one did not. */
static void compare_requests(compat_ctx *cx, const char *where, const char *what,
                             const spec_string_list *o, const spec_string_list *n)
{
    for (size_t i = 0; i < n->count; i++)
        if (!list_has(o, n->items[i]))
            breaking(cx, where, "rule tightened (%s must also be '%s')", what, n->items[i]);
}

static void compare_connector(compat_ctx *cx, const spec_connector *o, const spec_connector *n)
{
    const char *w = o->type_name;
    compare_param_lists(cx, w, "parameter", o->params, o->param_count, n->params, n->param_count);
    compare_param_lists(cx, w, "visualization parameter", o->vparams, o->vparam_count, n->vparams,
                        n->vparam_count);
    compare_outputs(cx, o, n);
    compare_data(cx, o, n);
    compare_requests(cx, w, "marker m0", &o->marker_types[0], &n->marker_types[0]);
    compare_requests(cx, w, "marker m1", &o->marker_types[1], &n->marker_types[1]);
    compare_requests(cx, w, "node", &o->node_types, &n->node_types);
}

/* ------------------------------------------------------------------ projects */

static const spec_connector *find_item(const mbcgen_project *p, const char *name)
{
    for (size_t i = 0; i < p->count; i++)
        if (strcmp(p->items[i].type_name, name) == 0)
            return &p->items[i];
    return NULL;
}

compat_result compat_compare(const mbcgen_project *old_p, const mbcgen_project *new_p,
                             strbuf *report)
{
    compat_ctx cx = {report, {0, 0}};
    compare_types(&cx, &old_p->types, &new_p->types);
    for (size_t i = 0; i < old_p->count; i++) {
        const spec_connector *o = &old_p->items[i];
        const spec_connector *n = find_item(new_p, o->type_name);
        if (n)
            compare_connector(&cx, o, n);
        else
            breaking(&cx, o->type_name, "connector type removed or renamed");
    }
    for (size_t i = 0; i < new_p->count; i++)
        if (!find_item(old_p, new_p->items[i].type_name))
            compatible(&cx, new_p->items[i].type_name, "connector type added");
    return cx.result;
}

static mbc_status load_dir(const char *dir, mbcgen_project *p, diag_list *diag)
{
    char types[4096];
    snprintf(types, sizeof types, "%s/types.lua", dir);
    file_list files = {NULL, 0};
    mbc_error err = {0};
    mbc_status st = fileio_list_specs(dir, &files, &err);
    if (st != MBC_OK) {
        diag_add_error(diag, &err);
        return st;
    }
    st = mbcgen_load(p, types, files.paths, files.count, diag);
    fileio_list_free(&files);
    return st;
}

mbc_status compat_compare_dirs(const char *old_dir, const char *new_dir, compat_result *result,
                               strbuf *report, diag_list *diag)
{
    mbcgen_project o, n;
    mbc_status st = load_dir(old_dir, &o, diag);
    if (st != MBC_OK)
        return st;
    st = load_dir(new_dir, &n, diag);
    if (st != MBC_OK) {
        mbcgen_free(&o);
        return st;
    }
    *result = compat_compare(&o, &n, report);
    mbcgen_free(&o);
    mbcgen_free(&n);
    return MBC_OK;
}

int compat_main(const char *old_dir, const char *new_dir)
{
    compat_result r = {0, 0};
    strbuf report;
    diag_list diag;
    sb_init(&report);
    diag_init(&diag);
    mbc_status st = compat_compare_dirs(old_dir, new_dir, &r, &report, &diag);
    diag_print(&diag, stderr);
    if (st == MBC_OK) {
        fputs(sb_str(&report), stdout);
        printf("mbcgen --compat %s %s: %zu breaking change%s, %zu compatible addition%s\n", old_dir,
               new_dir, r.breaking, r.breaking == 1 ? "" : "s", r.compatible,
               r.compatible == 1 ? "" : "s");
    } else {
        fprintf(stderr,
                "mbcgen --compat: cannot compare %s with %s: both must load without errors "
                "(given %zu error%s, above)\n",
                old_dir, new_dir, diag.count, diag.count == 1 ? "" : "s");
    }
    sb_free(&report);
    diag_free(&diag);
    return st != MBC_OK ? 2 : r.breaking ? 1 : 0;
}
