/* SPDX-License-Identifier: BSD-3-Clause */
/* Site mode of the RST emitter: the pages of the Sphinx site (see
 * emit_rst_site.h), and mbcgen_write_rst_site, which writes them all. */
#include "emit_rst_site.h"

#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"

/* ------------------------------------------------------------ math paragraphs */

/* Leading spaces of a line; *blank set when the line holds only spaces. */
static size_t line_indent(const char *s, size_t len, int *blank)
{
    size_t i = 0;
    while (i < len && s[i] == ' ')
        i++;
    *blank = i == len;
    return i;
}

/* The math body of the reference pages is indented by exactly 3 spaces. A
 * line indented by fewer, or by a different amount after a blank line that
 * follows the body, starts a text paragraph the converter meant to end the
 * math; that paragraph is moved to column 0 up to its next blank line. */
void emit_rst_site_fix_math(const char *in, strbuf *out)
{
    enum { TEXT, MATH, DEDENT } state = TEXT;
    int body_seen = 0, blank_after_body = 0;
    const char *s = in;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        int blank;
        size_t indent = line_indent(s, len, &blank);
        if (state == MATH && !blank) {
            if (indent == 0) {
                state = TEXT;
            } else if (!body_seen && s[indent] == ':') {
                /* an option such as :label: */
            } else if (indent < 3 || (blank_after_body && indent != 3)) {
                state = DEDENT;
            } else {
                body_seen = 1;
            }
        } else if (state == MATH && blank && body_seen) {
            blank_after_body = 1;
        } else if (state == DEDENT && blank) {
            state = TEXT;
        }
        if (state == TEXT && len >= 9 && strncmp(s, ".. math::", 9) == 0) {
            state = MATH;
            body_seen = blank_after_body = 0;
        }
        if (state == DEDENT)
            sb_putn(out, s + indent, len - indent);
        else
            sb_putn(out, s, len);
        if (nl)
            sb_putc(out, '\n');
        s += len + (nl ? 1 : 0);
    }
}

/* ------------------------------------------------------------------ pages */

/* The theory with "[key]_" after the first occurrence of each reference's
 * `after` text (the loader checked that each occurs). */
static char *theory_with_citations(const spec_connector *c)
{
    strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, c->theory);
    for (size_t i = 0; i < c->reference_count; i++) {
        const spec_reference *r = &c->references[i];
        const char *text = sb_str(&sb);
        const char *at = strstr(text, r->after);
        if (!at)
            continue;
        size_t split = (size_t)(at - text) + strlen(r->after);
        strbuf next;
        sb_init(&next);
        sb_putn(&next, text, split);
        sb_printf(&next, "[%s]_", r->key);
        sb_puts(&next, text + split);
        sb_free(&sb);
        sb = next;
    }
    return sb_take(&sb);
}

void emit_rst_site_item(const spec_connector *c, strbuf *out)
{
    spec_connector cited = *c; /* a shallow copy whose theory carries the citations */
    char *theory = theory_with_citations(c);
    cited.theory = theory;
    strbuf page;
    sb_init(&page);
    emit_rst_item(&cited, &page);
    emit_rst_site_fix_math(sb_str(&page), out);
    sb_free(&page);
    free(theory);
}

static void put_lower(strbuf *out, const char *s)
{
    for (; *s; s++)
        sb_putc(out, (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s));
}

static void put_title(strbuf *out, const char *title, char c)
{
    sb_printf(out, "%s\n", title);
    for (size_t i = strlen(title); i > 0; i--)
        sb_putc(out, c);
    sb_puts(out, "\n\n");
}

/* One line of a table cell: newlines become spaces, '|' is escaped. */
static void put_cell_n(strbuf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n')
            sb_putc(out, ' ');
        else if (s[i] == '|')
            sb_puts(out, "\\|");
        else
            sb_putc(out, s[i]);
    }
}

static void put_cell(strbuf *out, const char *s)
{
    put_cell_n(out, s, strlen(s));
}

static const char *const role_text[] = {"set, get", "get (derived by initialize)",
                                        "get (state, updated by the runtime)"};

/* One row per parameter; the setter of an input parameter is
 * mbc_<snake>_set_<name>, stated once above the table. */
static void emit_api_params(const spec_connector *c, strbuf *out)
{
    sb_puts(out, ".. list-table::\n   :header-rows: 1\n   :widths: 30 20 10 20 20\n\n"
                 "   * - parameter (struct field)\n     - type\n     - rule\n     - default\n"
                 "     - access\n");
    for (size_t i = 0; i < c->param_count; i++) {
        const spec_param *p = &c->params[i];
        sb_printf(out, "   * - ``%s``\n     - %s", p->name, p->type->name);
        if (p->shape == SPEC_FIXED && p->size > 1)
            sb_printf(out, " [%d]", p->size);
        if (p->type->rule)
            sb_printf(out, "\n     - ``%s``\n     - ", p->type->rule);
        else
            sb_puts(out, "\n     - none\n     - ");
        /* an inline literal must not start or end with a space */
        const char *d = p->doc_default;
        size_t n = strlen(d);
        while (n && d[0] == ' ')
            d++, n--;
        while (n && d[n - 1] == ' ')
            n--;
        if (n) {
            sb_puts(out, "``");
            put_cell_n(out, d, n);
            sb_puts(out, "``");
        } else {
            sb_puts(out, "(empty)");
        }
        sb_printf(out, "\n     - %s\n", role_text[p->role]);
    }
    sb_puts(out, "\n");
}

static void emit_api_data(const spec_connector *c, strbuf *out)
{
    put_title(out, "Data coordinates", '-');
    if (c->data.block_count == 0) {
        sb_puts(out, "This type has no data coordinates.\n\n");
        return;
    }
    const char *per = c->data.per ? c->data.per->name : NULL;
    if (per)
        sb_printf(out,
                  "The data node holds %zu blocks of ``%s`` coordinates each; coordinate "
                  "``i`` of block ``b`` is ``data[b * %s + i]``.\n\n",
                  c->data.block_count, per, per);
    else
        sb_printf(out, "The data node holds %zu coordinates:\n\n", c->data.block_count);
    sb_puts(out, ".. list-table::\n   :header-rows: 1\n   :widths: 15 20 10 55\n\n"
                 "   * - index\n     - name\n     - initial\n     - meaning\n");
    for (size_t b = 0; b < c->data.block_count; b++) {
        const spec_data_block *d = &c->data.blocks[b];
        if (per)
            sb_printf(out, "   * - ``%zu * %s + i``\n", b, per);
        else
            sb_printf(out, "   * - ``%zu``\n", b);
        sb_printf(out, "     - ``%s``\n     - %g\n     - ", d->name, d->initial);
        put_cell(out, d->description);
        sb_puts(out, "\n");
    }
    sb_puts(out, "\n");
}

static void emit_api_outputs(const spec_connector *c, strbuf *out)
{
    put_title(out, "Output variables", '-');
    if (c->output_count == 0) {
        sb_puts(out, "This type has no output variables.\n\n");
        return;
    }
    sb_puts(out, "Evaluated with ``mbc_object_output`` (``mbconnect/evaluate.h``) by index: "
                 "the constant ``MBC_<TYPE>_OUTPUT_<NAME>`` of the generated header below, "
                 "or ``mbc_type_find_output`` by name.\n\n"
                 ".. list-table::\n   :header-rows: 1\n   :widths: 25 20 55\n\n"
                 "   * - output\n     - size\n     - meaning\n");
    for (size_t i = 0; i < c->output_count; i++) {
        const spec_output *o = &c->outputs[i];
        sb_printf(out, "   * - ``%s``\n     - ", o->name);
        if (o->size.per)
            sb_printf(out, "%d * ``%s``", o->size.factor, o->size.per->name);
        else
            sb_printf(out, "%d", o->size.factor);
        sb_puts(out, "\n     - ");
        put_cell(out, o->description);
        sb_puts(out, "\n");
    }
    sb_puts(out, "\n");
}

void emit_rst_site_api(const spec_connector *c, strbuf *out)
{
    strbuf snake, header, title;
    sb_init(&snake);
    sb_init(&header);
    sb_init(&title);
    emit_c_snake(c->type_name, &snake);
    const char *sn = sb_str(&snake);
    sb_puts(out, ".. Generated by mbcgen --rst-site from the spec; do not edit.\n\n.. _api-");
    put_lower(out, c->type_name);
    sb_puts(out, ":\n\n");
    sb_printf(&title, "%s API", c->type_name);
    put_title(out, sb_str(&title), '=');
    sb_puts(out, "Theory and parameters: :ref:`sec-item-");
    put_lower(out, c->class_name);
    sb_printf(out,
              "`. Header ``mbconnect/generated/%s.h`` (included by "
              "``mbconnect/mbconnect.h``); the type is registered as ``\"%s\"`` "
              "(``mbc_object_create(\"%s\", ...)`` creates it generically).\n\n",
              sn, c->type_name, c->type_name);

    put_title(out, "C parameters", '-');
    sb_printf(out,
              "``mbc_%s_params`` holds the parameters; ``mbc_%s_params_init`` sets the "
              "defaults and ``mbc_%s_params_free`` releases owned strings and vectors. "
              "``mbc_%s_validate`` checks the cross-field rules.\n\n"
              "* setter (input parameters): ``mbc_status mbc_%s_set_<parameter>(params, "
              "value, &err)`` checks the rule and size and leaves the value unchanged on "
              "failure;\n"
              "* getter (every parameter): ``mbc_%s_get_<parameter>(params)``.\n\n",
              sn, sn, sn, sn, sn, sn);
    emit_api_params(c, out);

    put_title(out, "Runtime hooks", '-');
    int any = 0;
    for (int h = 0; h < SPEC_HOOK_COUNT; h++) {
        if (!c->hooks[h])
            continue;
        sb_printf(out, "* ``mbc_%s_%s``\n", sn, spec_hook_names[h]);
        any = 1;
    }
    sb_puts(out, any ? "\nimplemented in ``runtime/`` and called through ``mbc_object_*`` "
                       "(``mbconnect/evaluate.h``).\n\n"
                     : "This type has no runtime hooks.\n\n");

    emit_api_data(c, out);
    emit_api_outputs(c, out);

    put_title(out, "Generated header", '-');
    sb_puts(out, ".. code-block:: c\n\n");
    emit_c_header(c, &header);
    const char *h = sb_str(&header);
    while (*h) {
        const char *nl = strchr(h, '\n');
        size_t len = nl ? (size_t)(nl - h) : strlen(h);
        if (len)
            sb_puts(out, "   ");
        sb_putn(out, h, len);
        sb_putc(out, '\n');
        h += len + (nl ? 1 : 0);
    }
    sb_puts(out, "\n");

    sb_puts(out, ".. _api-python-");
    put_lower(out, c->type_name);
    sb_puts(out, ":\n\n");
    put_title(out, "Python", '-');
    sb_puts(out, "Reserved for the signature of this type in the Python module (being built "
                 "on branch ``python``); the generator fills this section once the module "
                 "exists.\n");
    sb_free(&snake);
    sb_free(&header);
    sb_free(&title);
}

static int compare_reference_keys(const void *a, const void *b)
{
    const spec_reference *ra = *(const spec_reference *const *)a;
    const spec_reference *rb = *(const spec_reference *const *)b;
    return strcmp(ra->key, rb->key);
}

int emit_rst_site_bibliography(const spec_connector *const *items, size_t count, strbuf *out,
                               diag_list *diag)
{
    size_t total = 0;
    for (size_t i = 0; i < count; i++)
        total += items[i]->reference_count;
    const spec_reference **refs = calloc(total ? total : 1, sizeof *refs);
    const char **files = calloc(total ? total : 1, sizeof *files);
    if (!refs || !files) {
        free(refs);
        free(files);
        return -1;
    }
    size_t n = 0;
    int rc = 0;
    for (size_t i = 0; i < count; i++) {
        for (size_t j = 0; j < items[i]->reference_count; j++) {
            const spec_reference *r = &items[i]->references[j];
            size_t k = 0;
            while (k < n && strcmp(refs[k]->key, r->key) != 0)
                k++;
            if (k < n && strcmp(refs[k]->text, r->text) != 0) {
                diag_add(diag, items[i]->file, items[i]->line,
                         "references: key '%s' has a different text in %s", r->key, files[k]);
                rc = -1;
            } else if (k == n) {
                files[n] = items[i]->file;
                refs[n++] = r;
            }
        }
    }
    qsort(refs, n, sizeof *refs, compare_reference_keys);
    sb_puts(out, ".. Generated by mbcgen --rst-site from the specs' references; do not edit.\n\n"
                 ".. _bibliography:\n\n");
    put_title(out, "Bibliography", '=');
    sb_puts(out, "The literature the connector pages cite, collected from the ``references`` "
                 "lists of the specs (see :doc:`spec-language`).\n\n");
    /* The first character is escaped: "A. S. Carvalho" would start an
     * enumerated list. */
    for (size_t i = 0; i < n; i++)
        sb_printf(out, ".. [%s] \\%s\n\n", refs[i]->key, refs[i]->text);
    free(refs);
    free(files);
    return rc;
}

void emit_rst_site_types(const spec_connector *const *items, size_t count, strbuf *out)
{
    sb_puts(out, ".. Generated by mbcgen --rst-site from specs/; do not edit.\n\n"
                 ".. _connector-types:\n\n");
    put_title(out, "Connector types", '=');
    sb_puts(out, "One page per type, generated from its spec: parameters, outputs and the "
                 "theory of the computation. The C API of each type is in "
                 ":ref:`api-reference`.\n\n.. toctree::\n   :maxdepth: 1\n\n");
    for (size_t i = 0; i < count; i++)
        sb_printf(out, "   items/%s\n", items[i]->class_name);
}

void emit_rst_site_api_index(const spec_connector *const *items, size_t count, strbuf *out)
{
    sb_puts(out, ".. Generated by mbcgen --rst-site from specs/; do not edit.\n\n"
                 ".. _api-reference:\n\n");
    put_title(out, "API reference", '=');
    sb_puts(out, "Generated from the spec model by ``mbcgen --rst-site``: for each type the "
                 "parameter struct, the checked setters, the runtime hooks, the layout of the data "
                 "coordinates, the output variables and the generated header. The generic API "
                 "(``mbconnect/object.h``, ``mbconnect/evaluate.h``) works for every type through "
                 "the registry.\n\n.. toctree::\n   :maxdepth: 1\n\n");
    for (size_t i = 0; i < count; i++)
        sb_printf(out, "   %s\n", items[i]->type_name);
}

/* ------------------------------------------------------------------ writing */

static int write_page(const char *dir, const char *name, const strbuf *sb, diag_list *diag)
{
    char err[1024];
    strbuf path;
    sb_init(&path);
    sb_printf(&path, "%s/%s", dir, name);
    int rc = fileio_write_if_changed(sb_str(&path), sb_str(sb), sb->len, err, sizeof err);
    if (rc < 0)
        diag_add_raw(diag, err);
    sb_free(&path);
    return rc < 0 ? -1 : 0;
}

int mbcgen_write_rst_site(const mbcgen_project *p, const char *dir, diag_list *diag)
{
    strbuf items_dir, api_dir;
    sb_init(&items_dir);
    sb_init(&api_dir);
    sb_printf(&items_dir, "%s/items", dir);
    sb_printf(&api_dir, "%s/api", dir);
    int rc = 0;
    const spec_connector **sorted = calloc(p->count ? p->count : 1, sizeof *sorted);
    if (!sorted || fileio_make_dirs(sb_str(&items_dir)) != 0 ||
        fileio_make_dirs(sb_str(&api_dir)) != 0) {
        diag_add(diag, dir, 0, "cannot create directory");
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < p->count; i++) {
        const spec_connector *c = &p->items[i];
        strbuf sb, name;
        sb_init(&sb);
        sb_init(&name);
        sorted[i] = c;
        emit_rst_site_item(c, &sb);
        sb_printf(&name, "%s.rst", c->class_name);
        rc |= write_page(sb_str(&items_dir), sb_str(&name), &sb, diag);
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_api(c, &sb);
        sb_free(&name);
        sb_init(&name);
        sb_printf(&name, "%s.rst", c->type_name);
        rc |= write_page(sb_str(&api_dir), sb_str(&name), &sb, diag);
        sb_free(&sb);
        sb_free(&name);
    }
    if (rc == 0) {
        strbuf sb;
        sb_init(&sb);
        rc |= emit_rst_site_bibliography(sorted, p->count, &sb, diag);
        rc |= write_page(dir, "bibliography.rst", &sb, diag);
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_types(sorted, p->count, &sb);
        rc |= write_page(dir, "types.rst", &sb, diag);
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_api_index(sorted, p->count, &sb);
        rc |= write_page(sb_str(&api_dir), "index.rst", &sb, diag);
        sb_free(&sb);
    }
    free(sorted);
    sb_free(&items_dir);
    sb_free(&api_dir);
    return rc;
}
