/* SPDX-License-Identifier: BSD-3-Clause */
/* Emits the RST document of a connector type in the layout of the reference
 * documentation (docs/items/Object<Type>.rst): header, additional
 * information, parameter and visualization lists, output variables, the
 * table of quantities, the theory text, and the related examples. */
#include "emit_rst.h"

#include <ctype.h>
#include <string.h>

#include "mbconnect/unit.h"
#include "plain_text.h"

#define EXAMPLES_URL "https://github.com/jgerstmayr/EXUDYN/blob/master/main/pythonDev/"
#define THEDOC_NOTE                                                                                \
    "\\ **The web version may not be complete. For details, consider also the Exudyn PDF "         \
    "documentation** : `theDoc.pdf "                                                               \
    "<https://github.com/jgerstmayr/EXUDYN/blob/master/docs/theDoc/theDoc.pdf>`_ \n"

static void put_lower(strbuf *out, const char *s)
{
    for (; *s; s++)
        sb_putc(out, (char)tolower((unsigned char)*s));
}

static void put_underline(strbuf *out, const char *title, char c)
{
    sb_puts(out, title);
    sb_putc(out, '\n');
    for (size_t i = strlen(title); i > 0; i--)
        sb_putc(out, c);
    sb_putc(out, '\n');
}

/* Names in ``literal``: an underscore is escaped as in the reference output. */
static void put_escaped_name(strbuf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '_')
            sb_putc(out, '\\');
        sb_putc(out, *s);
    }
}

static void put_literal_list(strbuf *out, const spec_string_list *list, const char *sep)
{
    for (size_t i = 0; i < list->count; i++)
        sb_printf(out, "%s\\ ``%s``\\ ", i ? sep : "", list->items[i]);
}

static int same_list(const spec_string_list *a, const spec_string_list *b)
{
    if (a->count != b->count)
        return 0;
    for (size_t i = 0; i < a->count; i++)
        if (strcmp(a->items[i], b->items[i]) != 0)
            return 0;
    return 1;
}

static void emit_additional_information(const spec_connector *c, strbuf *out)
{
    sb_printf(out, "\\ **Additional information for %s**\\ :\n\n", c->class_name);
    sb_puts(out, "* | This \\ ``Object``\\  has/provides the following types = ");
    put_literal_list(out, &c->provides, ", ");
    sb_puts(out, "\n* | Requested \\ ``Marker``\\  type = ");
    /* One requested type is shown only when both markers ask for the same. */
    if (same_list(&c->marker_types[0], &c->marker_types[1]))
        put_literal_list(out, &c->marker_types[0], " + ");
    else
        sb_puts(out, "\\ ``_None``\\ ");
    if (c->node_types.count == 1) {
        sb_puts(out, "\n* | Requested \\ ``Node``\\  type = ");
        put_literal_list(out, &c->node_types, " + ");
    } else {
        sb_puts(out, "\n* | Requested \\ ``Node``\\  type: read detailed information of item");
    }
    sb_putc(out, '\n');
    if (c->python_name)
        sb_printf(out, "* | \\ **Short name**\\  for Python = \\ ``%s``\\ \n", c->python_name);
    if (c->python_visualization_name)
        sb_printf(out, "* | \\ **Short name**\\  for Python visualization object = \\ ``%s``\\ \n",
                  c->python_visualization_name);
    sb_puts(out, "\n\n");
}

/* The text a page shows: the reference page's (seed_text) on the committed
 * pages when the spec keeps one, else the spec's own description. */
static const char *shown(const char *description, const char *seed_text, emit_rst_text text)
{
    return text == EMIT_RST_SEED && seed_text ? seed_text : description;
}

/* The default a page shows: the reference page's text; on the site, an
 * index parameter a solver must set as what it is (plain_text.h). */
static void put_default(const spec_param *p, emit_rst_text text, strbuf *out)
{
    if (text == EMIT_RST_OURS && p->type->value == SPEC_INDEX && p->rules.must_be_set)
        plain_text_default(p, out);
    else
        sb_puts(out, p->doc_default);
    if (p->choices.count && p->def.count == 1) /* its name: "1 (hertz)" */
        sb_printf(out, " (%s)", p->choices.items[(size_t)p->def.num[0]]);
}

/* The names of a parameter's choices, a line of its entry:
 * "choices: 0 = ``hooke``, 1 = ``hertz``, ...". */
static void put_choices(const spec_param *p, strbuf *out)
{
    if (!p->choices.count)
        return;
    sb_puts(out, "  | choices:");
    for (size_t k = 0; k < p->choices.count; k++)
        sb_printf(out, "%s %zu = ``%s``", k ? "," : "", k, p->choices.items[k]);
    sb_putc(out, '\n');
}

/* The units the site's page states, as parsed (mbconnect/unit.h): a line
 * "unit: N/m (kg s^-2)". The committed pages keep the reference's words. */
static void put_units(const char *description, strbuf *out)
{
    char units[512];
    if (mbc_unit_describe(description, units, sizeof units)[0])
        sb_printf(out, "  | unit: %s\n", units);
}

static void emit_param(const spec_param *p, emit_rst_text text, strbuf *out)
{
    sb_printf(out, "* | **%s** [", p->name);
    if (p->symbol)
        sb_printf(out, "\\ :math:`%s`\\ , ", p->symbol);
    sb_printf(out, "type = %s, ", p->type->name);
    if (p->size_in_docs) {
        sb_printf(out, p->type->size_doc, p->size);
        sb_puts(out, ", ");
    }
    sb_puts(out, "default = ");
    put_default(p, text, out);
    sb_printf(out, "]:\n  | %s\n", shown(p->description, p->seed_text, text));
    put_choices(p, out);
    if (text == EMIT_RST_OURS)
        put_units(p->description, out);
}

static void emit_parameters(const spec_connector *c, const spec_type *vis, emit_rst_text text,
                            strbuf *out)
{
    sb_printf(out, "The item \\ **%s**\\  with type = '%s' has the following parameters:\n\n",
              c->class_name, c->type_name);
    for (size_t i = 0; i < c->param_count; i++)
        emit_param(&c->params[i], text, out);
    sb_printf(out, "* | **visualization** [type = V%s]:\n  | %s\n", c->class_name,
              vis ? vis->description : "parameters for visualization of item");
    sb_printf(out, "\n\n\nThe item V%s has the following parameters:\n\n", c->class_name);
    for (size_t i = 0; i < c->vparam_count; i++)
        emit_param(&c->vparams[i], text, out);
    sb_puts(out, "\n\n----------\n\n");
}

static void emit_outputs(const spec_connector *c, emit_rst_text text, strbuf *out)
{
    sb_puts(out, "\\ **The following output variables are available as OutputVariableType in "
                 "sensors, Get...Output() and other functions**\\ :\n\n");
    for (size_t i = 0; i < c->output_count; i++) {
        const spec_output *o = &c->outputs[i];
        if (text == EMIT_RST_SEED && !o->in_reference)
            continue; /* added after the reference page: the site's page lists it */
        sb_puts(out, "* | ``");
        put_escaped_name(out, o->name);
        sb_puts(out, "``\\ : ");
        if (o->symbol)
            sb_printf(out, "\\ :math:`%s`\\ ", o->symbol);
        sb_printf(out, "\n  | %s\n", shown(o->description, o->seed_text, text));
    }
    sb_puts(out, "\n\n\n");
}

static void emit_quantities(const spec_connector *c, emit_rst_text text, strbuf *out)
{
    if (c->quantity_count == 0)
        return;
    sb_puts(out, "Definition of quantities\n------------------------\n\n\n"
                 ".. list-table:: \\ \n   :widths: auto\n   :header-rows: 1\n\n"
                 "   * - | intermediate variables\n     - | symbol\n     - | description\n");
    for (size_t i = 0; i < c->quantity_count; i++) {
        const spec_quantity *q = &c->quantities[i];
        sb_printf(out, "   * - | %s\n     - | ", q->name);
        if (q->symbol[0])
            sb_printf(out, "\\ :math:`%s`\\ ", q->symbol);
        sb_printf(out, "\n     - | %s\n", shown(q->description, q->seed_text, text));
    }
}

static void emit_examples(const spec_connector *c, strbuf *out)
{
    if (c->example_count == 0)
        return;
    sb_puts(out, "Relevant Examples and TestModels with weblink:\n\n    ");
    for (size_t i = 0; i < c->example_count; i++) {
        const spec_example *x = &c->examples[i];
        sb_printf(out, "%s\\ `%s <" EXAMPLES_URL "%s/%s>`_\\  (%s/)", i ? ", " : "", x->file,
                  x->folder, x->file, x->folder);
    }
    sb_puts(out, "\n\n\n\n");
}

void emit_rst_item(const spec_connector *c, strbuf *out)
{
    emit_rst_item_text(c, EMIT_RST_SEED, out);
}

void emit_rst_item_text(const spec_connector *c, emit_rst_text text, strbuf *out)
{
    sb_puts(out, "\n\n.. _sec-item-");
    put_lower(out, c->class_name);
    sb_puts(out, ":\n\n");
    put_underline(out, c->class_name, '=');
    sb_printf(out, "\n%s\n\n", shown(c->description, c->seed_text, text));
    if (c->authors.count) {
        sb_puts(out, c->authors.count == 1 ? "Author: " : "Authors: ");
        for (size_t i = 0; i < c->authors.count; i++)
            sb_printf(out, "%s%s", i ? ", " : "", c->authors.items[i]);
        sb_puts(out, "\n\n");
    }
    emit_additional_information(c, out);
    emit_parameters(c, c->visualization_type, text, out);
    sb_puts(out, ".. _description-");
    put_lower(out, c->class_name);
    sb_puts(out, ":\n\n");
    strbuf title;
    sb_init(&title);
    sb_printf(&title, "DESCRIPTION of %s", c->class_name);
    put_underline(out, sb_str(&title), '-');
    sb_free(&title);
    sb_putc(out, '\n');
    emit_outputs(c, text, out);
    emit_quantities(c, text, out);
    sb_puts(out, c->theory);
    if (text == EMIT_RST_SEED) { /* the reference code's examples and PDF */
        emit_examples(c, out);
        sb_puts(out, THEDOC_NOTE "\n\n");
    }
}

void emit_rst_index(const spec_connector *const *items, size_t count, strbuf *out)
{
    sb_puts(out, ".. Generated by mbcgen from specs/; do not edit.\n\n"
                 "Connector types\n===============\n\n"
                 ".. toctree::\n   :maxdepth: 1\n\n");
    for (size_t i = 0; i < count; i++)
        sb_printf(out, "   items/%s\n", items[i]->class_name);
}
