/* SPDX-License-Identifier: BSD-3-Clause */
/* Site mode of the RST emitter: the pages of the Sphinx site (see
 * emit_rst_site.h), and mbcgen_write_rst_site, which writes them all. */
#include "emit_rst_site.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"
#include "naming.h"
#include "plain_text.h"

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
    if (sb_failed(&sb)) { /* out of memory: no theory, the page fails (sb_failed) */
        sb_free(&sb);
        return NULL;
    }
    return sb_take(&sb);
}

void emit_rst_site_item(const spec_connector *c, strbuf *out)
{
    spec_connector cited = *c; /* a shallow copy whose theory carries the citations */
    char *theory = theory_with_citations(c);
    if (!theory)
        return;
    cited.theory = theory;
    strbuf page;
    sb_init(&page);
    emit_rst_item_text(&cited, EMIT_RST_OURS, &page);
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
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n')
            sb_putc(out, ' ');
        else if (s[i] == '|')
            sb_puts(out, "\\|");
        else
            sb_putc(out, s[i]);
}

static void put_cell(strbuf *out, const char *s)
{
    put_cell_n(out, s, strlen(s));
}

/* Plain text as RST prose on one line: the characters of inline markup
 * (* ` _ | and the backslash) escaped, so that "R*^2" or "k_t" read as written. */
static void put_prose(strbuf *out, const char *s)
{
    for (; *s; s++) {
        if (strchr("*`_|\\", *s))
            sb_putc(out, '\\');
        if (*s == '\n')
            sb_putc(out, ' ');
        else
            sb_putc(out, *s);
    }
}

static const char *const role_text[] = {"set, get", "get (derived by initialize)",
                                        "get (state, updated by the runtime)"};

/* The rule cell of p: the spec's range, its choices or one_of, else the
 * type's rule; then what its check requires, in the spec's words
 * (rules.check_text). */
static void put_rule_cell(const spec_param *p, strbuf *out)
{
    if (p->rules.has_range) /* the spec's range tightens the type's rule */
        sb_printf(out, "\n     - ``%s``%s", p->rules.range_rule,
                  p->rules.required ? ", must be set" : "");
    else if (p->choices.count) {
        sb_puts(out, "\n     - one of");
        for (size_t k = 0; k < p->choices.count; k++)
            sb_printf(out, "%s ``%s`` (%zu)", k ? "," : "", p->choices.items[k], k);
    } else if (p->rules.one_of_count) {
        sb_puts(out, "\n     - one of ``");
        for (size_t k = 0; k < p->rules.one_of_count; k++)
            sb_printf(out, "%s%g", k ? ", " : "", p->rules.one_of[k]);
        sb_puts(out, "``");
    } else if (p->type->rule)
        sb_printf(out, "\n     - ``%s``", p->type->rule);
    else
        sb_puts(out, p->rules.check_text ? "\n     - " : "\n     - none");
    if (p->rules.check_text) {
        sb_puts(out, p->type->rule || p->rules.has_range || p->rules.one_of_count ? "; check: "
                                                                                  : "check: ");
        put_prose(out, p->rules.check_text);
    }
}

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
        put_rule_cell(p, out);
        sb_puts(out, "\n     - ");
        /* trimmed: an inline literal must not start or end with a space */
        strbuf d;
        sb_init(&d);
        plain_text_default(p, &d);
        if (d.len) {
            sb_puts(out, "``");
            put_cell_n(out, sb_str(&d), d.len);
            sb_puts(out, "``");
        } else {
            sb_puts(out, "(empty)");
        }
        sb_free(&d);
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

/* ------------------------------------------------------------ Python section */

/* One number of a default in Python syntax: the shortest text that reads
 * back exactly, with ".0" for a whole real (so that it stays a float). */
static void put_py_number(strbuf *out, double x, spec_value_kind kind)
{
    if (kind == SPEC_BOOL) {
        sb_puts(out, x != 0.0 ? "True" : "False");
        return;
    }
    if (kind != SPEC_REAL) {
        sb_printf(out, "%.0f", x);
        return;
    }
    if (isnan(x)) {
        sb_puts(out, "float('nan')");
        return;
    }
    if (isinf(x)) {
        sb_puts(out, x > 0 ? "float('inf')" : "-float('inf')");
        return;
    }
    char text[400];
    int prec = 1;
    for (; prec <= 17; prec++) {
        snprintf(text, sizeof text, "%.*g", prec, x);
        if (strtod(text, NULL) == x)
            break;
    }
    /* as Python's repr: positional notation for 1e-4 <= |x| < 1e16 */
    const char *e = strchr(text, 'e');
    int exponent = e ? (int)strtol(e + 1, NULL, 10) : 0;
    if (e && exponent >= -4 && exponent < 16)
        snprintf(text, sizeof text, "%.*f", prec - 1 - exponent > 0 ? prec - 1 - exponent : 0, x);
    sb_puts(out, text);
    if (!strpbrk(text, ".e"))
        sb_puts(out, ".0");
}

/* The default of p as a Python literal: a scalar, a list or a str. */
static void put_py_default(strbuf *out, const spec_param *p)
{
    spec_value_kind kind = p->type->value;
    if (kind == SPEC_STRING) {
        sb_putc(out, '\'');
        for (const char *q = p->def.str ? p->def.str : ""; *q; q++) {
            if (*q == '\\' || *q == '\'')
                sb_putc(out, '\\');
            sb_putc(out, *q);
        }
        sb_putc(out, '\'');
        return;
    }
    if (p->shape == SPEC_SCALAR && p->def.count == 1) {
        put_py_number(out, p->def.num[0], kind);
        return;
    }
    sb_putc(out, '[');
    for (size_t i = 0; i < p->def.count; i++) {
        if (i)
            sb_puts(out, ", ");
        put_py_number(out, p->def.num[i], kind);
    }
    sb_putc(out, ']');
}

/* The Python type of a parameter's value (as obj.<name> returns it). */
static const char *py_type(const spec_param *p)
{
    int scalar = p->shape == SPEC_SCALAR;
    switch (p->type->value) {
    case SPEC_BOOL:
        return scalar ? "bool" : "numpy array of bool";
    case SPEC_INT:
    case SPEC_INDEX:
        return scalar ? "int" : "numpy array of int64";
    case SPEC_STRING:
        return "str";
    case SPEC_REAL:
        break;
    }
    return scalar ? "float" : "numpy array of float64";
}

static void emit_py_attributes(const spec_param *params, size_t count, const char *prefix,
                               strbuf *out)
{
    sb_puts(out, ".. list-table::\n   :header-rows: 1\n   :widths: 35 30 35\n\n"
                 "   * - attribute\n     - Python type\n     - access\n");
    for (size_t i = 0; i < count; i++) {
        const spec_param *p = &params[i];
        sb_printf(out, "   * - ``%s%s``\n     - %s\n     - %s\n", prefix, p->name, py_type(p),
                  p->role == SPEC_INPUT ? "read, write (through the library's setter)"
                                        : role_text[p->role]);
    }
    sb_puts(out, "\n");
}

/* The number of data coordinates as text ("3", "3 * numberOfContactSegments"). */
static void put_data_count(strbuf *out, const spec_connector *c)
{
    if (c->data.per)
        sb_printf(out, "%zu * %s", c->data.block_count, c->data.per->name);
    else
        sb_printf(out, "%zu", c->data.block_count);
}

static int has_kind(const spec_connector *c, spec_marker_kind k)
{
    return c->marker_kinds[0] == k || c->marker_kinds[1] == k;
}

/* evaluate(): one markers[] entry per marker m with its kind's fields. */
static void emit_py_evaluate(const spec_connector *c, strbuf *out)
{
    sb_printf(out, "   obj.evaluate(\n       markers=[\n");
    for (int m = 0; m < 2; m++) {
        switch (c->marker_kinds[m]) {
        case SPEC_MARKER_POSITION:
            sb_printf(out,
                      "           {\"position\": [x, y, z], \"velocity\": [vx, vy, vz]},"
                      "  # m%d: position marker\n",
                      m);
            break;
        case SPEC_MARKER_RIGID:
            sb_printf(out,
                      "           {\"position\": [x, y, z], \"velocity\": [vx, vy, vz],  # m%d: "
                      "rigid marker\n"
                      "            \"rotation\": [9 numbers, row-major, local to global],  # "
                      "optional, identity\n"
                      "            \"angularVelocityLocal\": [wx, wy, wz]},  # optional, zero\n",
                      m);
            break;
        case SPEC_MARKER_CABLE2D_SHAPE:
            sb_printf(
                out,
                "           {\"points\": [x0, y0, x1, y1, ...],  # m%d: cable shape, n+1 "
                "points\n"
                "            \"pointVelocities\": [...], \"length\": L, \"aleCoordinate\": "
                "0.0},\n"
                "           # or one ANCF element: {\"cable\": {\"q\": [8], \"q_t\": [8], "
                "\"length\": L,\n"
                "           #   \"verticalOffset\": 0.0, \"ale\": [q, q_t]}, \"segments\": n}\n",
                m);
            break;
        case SPEC_MARKER_CABLE2D_COORDINATES:
            sb_printf(out, "           # m%d: the ANCF cables below\n", m);
            break;
        default:
            break;
        }
    }
    sb_puts(out, "       ],\n");
    if (has_kind(c, SPEC_MARKER_CABLE2D_COORDINATES))
        sb_puts(out, "       cables=[{\"q\": [8 numbers], \"q_t\": [8 numbers], \"length\": L}, "
                     "...],  # one per sliding marker\n"
                     "       ale={\"q\": q_ALE, \"q_t\": q_ALE_t},\n");
    if (c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS])
        sb_puts(out, "       lagrangeMultipliers=[z0, z1],\n");
    sb_puts(out, "       data=[...],  # d = ");
    put_data_count(out, c);
    sb_puts(out, " numbers; optional, the initial data\n       dataStartOfStep=[...],  "
                 "# optional, = data\n   )\n");
}

/* evaluate_many(): the same inputs stacked, N states first. */
static void emit_py_evaluate_many(const spec_connector *c, strbuf *out)
{
    int rigid = 0, with_rotation = has_kind(c, SPEC_MARKER_RIGID);
    for (int m = 0; m < 2; m++)
        rigid +=
            c->marker_kinds[m] == SPEC_MARKER_POSITION || c->marker_kinds[m] == SPEC_MARKER_RIGID;
    sb_puts(out, "   obj.evaluate_many(\n");
    if (rigid) {
        sb_printf(out, "       position,  # (N, %d, 3)\n       velocity,  # (N, %d, 3)\n", rigid,
                  rigid);
        if (with_rotation)
            sb_printf(out,
                      "       rotation=...,  # (N, %d, 3, 3), optional\n"
                      "       angularVelocityLocal=...,  # (N, %d, 3), optional\n",
                      rigid, rigid);
    }
    if (has_kind(c, SPEC_MARKER_CABLE2D_SHAPE))
        sb_puts(out, "       cablePoints=...,  # (N, n+1, 2)\n"
                     "       cablePointVelocities=...,  # (N, n+1, 2), optional\n"
                     "       cableLength=L,  # a number or (N,)\n"
                     "       aleCoordinate=0.0,  # a number or (N,), optional\n"
                     "       # or ANCF elements: cableQ=(N, 8), cableQ_t=(N, 8), cableLength=L,\n"
                     "       #   verticalOffset=0.0, cableAle=(N, 2), segments=n\n");
    if (has_kind(c, SPEC_MARKER_CABLE2D_COORDINATES))
        sb_puts(out, "       cablesQ=...,  # (N, C, 8), C = len(slidingMarkerNumbers)\n"
                     "       cablesQ_t=...,  # (N, C, 8), optional\n"
                     "       cableLengths=...,  # (C,) or (N, C)\n"
                     "       ale=...,  # (N, 2) = [q_ALE, q_ALE_t]\n");
    if (c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS])
        sb_puts(out, "       lagrangeMultipliers=...,  # (N, 2) or (2,)\n");
    sb_puts(out, "       data=...,  # (N, d) or (d,), d = ");
    put_data_count(out, c);
    sb_puts(out, "\n       dataStartOfStep=...,  # (N, d) or (d,)\n"
                 "       forces=True, outputs=True, postNewtonStep=False,\n   )\n\n");
}

static void emit_api_python(const spec_connector *c, strbuf *out)
{
    sb_puts(out, ".. _api-python-");
    put_lower(out, c->type_name);
    sb_puts(out, ":\n\n");
    put_title(out, "Python", '-');
    sb_printf(out,
              "The class ``mbconnect.%s`` of the Python module (:ref:`sec-python`), with "
              "every settable parameter and its default; every keyword is optional, and "
              "assignment goes through the library's validating setters.\n\n"
              ".. code-block:: python\n\n   mbconnect.%s(\n",
              c->type_name, c->type_name);
    for (size_t i = 0; i < c->param_count; i++) {
        if (c->params[i].role != SPEC_INPUT)
            continue;
        sb_printf(out, "       %s=", c->params[i].name);
        put_py_default(out, &c->params[i]);
        sb_puts(out, ",\n");
    }
    if (c->vparam_count) {
        sb_puts(out, "       visualization={\n");
        for (size_t i = 0; i < c->vparam_count; i++) {
            sb_printf(out, "           '%s': ", c->vparams[i].name);
            put_py_default(out, &c->vparams[i]);
            sb_puts(out, ",\n");
        }
        sb_puts(out, "       },\n");
    }
    sb_puts(out, "   )\n\n");

    put_title(out, "Attributes", '~');
    emit_py_attributes(c->params, c->param_count, "", out);
    if (c->vparam_count) {
        sb_puts(out, "Visualization attributes:\n\n");
        emit_py_attributes(c->vparams, c->vparam_count, "visualization.", out);
    }

    put_title(out, "Evaluation", '~');
    sb_puts(out, "One state, with the inputs of an ``mbc eval`` case file for this type's "
                 "markers:\n\n.. code-block:: python\n\n");
    emit_py_evaluate(c, out);
    sb_puts(out, "\nN states in one C loop (:ref:`sec-python`), stacked numpy arrays:\n\n"
                 ".. code-block:: python\n\n");
    emit_py_evaluate_many(c, out);

    sb_puts(out, "Results (``evaluate``: one state; ``evaluate_many``: the same keys, N "
                 "first):\n\n");
    if (c->hooks[SPEC_HOOK_FORCES]) {
        sb_puts(out, "* ``forces``: ``markers[m]`` ``{force, torque}`` (``evaluate_many``: "
                     "``force``, ``torque`` (N, 2, 3))");
        if (has_kind(c, SPEC_MARKER_CABLE2D_SHAPE))
            sb_puts(out, ", ``cablePoints`` (n+1, 2) (``evaluate_many``: ``cablePointForces`` "
                         "(N, n+1, 2))");
        sb_puts(out, ";\n");
    }
    if (c->hooks[SPEC_HOOK_POST_NEWTON_STEP])
        sb_puts(out, "* ``postNewtonStep``: ``data``, ``error``, ``recommendedStepSize``, "
                     "``warnings``");
    if (c->hooks[SPEC_HOOK_POST_NEWTON_STEP] && has_kind(c, SPEC_MARKER_CABLE2D_COORDINATES))
        sb_puts(out, ", ``markerNumber1``");
    if (c->hooks[SPEC_HOOK_POST_NEWTON_STEP])
        sb_puts(out, ";\n");
    sb_puts(out, "* ``outputs``: ");
    for (size_t i = 0; i < c->output_count; i++) {
        const spec_output *o = &c->outputs[i];
        sb_printf(out, "%s``%s`` (", i ? ", " : "", o->name);
        if (o->size.per)
            sb_printf(out, "%d * %s", o->size.factor, o->size.per->name);
        else
            sb_printf(out, "%d", o->size.factor);
        sb_puts(out, ")");
    }
    if (!c->output_count)
        sb_puts(out, "none");
    sb_puts(out, c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS] ? ";\n" : ".\n");
    if (c->hooks[SPEC_HOOK_ALGEBRAIC_EQUATIONS])
        sb_puts(out, "* ``algebraicEquations`` (``position``, ``velocity``), ``jacobian`` "
                     "(``marker0Position``, ``cable``, ``ale``, ``lagrange``) and "
                     "``jacobianVelocity`` (``marker0Position``, ``marker0Velocity``, "
                     "``cableCoordinates``, ``cableVelocities``, ``ale``, ``aleVelocity``, "
                     "``lagrange``).\n");
}

void emit_rst_site_api(const spec_connector *c, strbuf *out)
{
    strbuf snake, header, title;
    sb_init(&snake);
    sb_init(&header);
    sb_init(&title);
    naming_snake(c->type_name, &snake);
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

    emit_api_python(c, out);
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

mbc_status emit_rst_site_bibliography(const spec_connector *const *items, size_t count, strbuf *out,
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
        diag_add_nomem(diag, "bibliography.rst");
        return MBC_ERR_NOMEM;
    }
    size_t n = 0;
    mbc_status st = MBC_OK;
    for (size_t i = 0; i < count; i++) {
        for (size_t j = 0; j < items[i]->reference_count; j++) {
            const spec_reference *r = &items[i]->references[j];
            size_t k = 0;
            while (k < n && strcmp(refs[k]->key, r->key) != 0)
                k++;
            if (k < n && strcmp(refs[k]->text, r->text) != 0) {
                diag_add(diag, items[i]->file, items[i]->line,
                         "references: key '%s' has a different text in %s", r->key, files[k]);
                st = MBC_ERR_INPUT;
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
    return st;
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

/* a if it is a failure, else b: the first problem of several steps that all run */
static mbc_status first_failure(mbc_status a, mbc_status b)
{
    return a != MBC_OK ? a : b;
}

static mbc_status write_page(const char *dir, const char *name, const strbuf *sb, diag_list *diag)
{
    strbuf path;
    sb_init(&path);
    sb_printf(&path, "%s/%s", dir, name);
    mbc_status st = sb_failed(&path) ? (diag_add_nomem(diag, dir), MBC_ERR_NOMEM)
                                     : mbcgen_write_buffer(sb_str(&path), sb, diag);
    sb_free(&path);
    return st;
}

mbc_status mbcgen_write_rst_site(const mbcgen_project *p, const char *dir, diag_list *diag)
{
    strbuf items_dir, api_dir;
    sb_init(&items_dir);
    sb_init(&api_dir);
    sb_printf(&items_dir, "%s/items", dir);
    sb_printf(&api_dir, "%s/api", dir);
    mbc_status st = MBC_OK;
    const spec_connector **sorted = calloc(p->count ? p->count : 1, sizeof *sorted);
    if (!sorted) {
        diag_add_nomem(diag, dir);
        st = MBC_ERR_NOMEM;
    } else if (fileio_make_dirs(sb_str(&items_dir)) != MBC_OK ||
               fileio_make_dirs(sb_str(&api_dir)) != MBC_OK) {
        mbc_error err = {0};
        mbc_fail_at(&err, MBC_ERR_IO, dir, 0, "cannot create directory");
        diag_add_error(diag, &err);
        st = MBC_ERR_IO;
    }
    for (size_t i = 0; st == MBC_OK && i < p->count; i++) {
        const spec_connector *c = &p->items[i];
        strbuf sb, name;
        sb_init(&sb);
        sb_init(&name);
        sorted[i] = c;
        emit_rst_site_item(c, &sb);
        sb_printf(&name, "%s.rst", c->class_name);
        st = first_failure(st, write_page(sb_str(&items_dir), sb_str(&name), &sb, diag));
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_api(c, &sb);
        sb_free(&name);
        sb_init(&name);
        sb_printf(&name, "%s.rst", c->type_name);
        st = first_failure(st, write_page(sb_str(&api_dir), sb_str(&name), &sb, diag));
        sb_free(&sb);
        sb_free(&name);
    }
    if (st == MBC_OK) {
        strbuf sb;
        sb_init(&sb);
        st = emit_rst_site_bibliography(sorted, p->count, &sb, diag);
        st = first_failure(st, write_page(dir, "bibliography.rst", &sb, diag));
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_types(sorted, p->count, &sb);
        st = first_failure(st, write_page(dir, "types.rst", &sb, diag));
        sb_free(&sb);
        sb_init(&sb);
        emit_rst_site_api_index(sorted, p->count, &sb);
        st = first_failure(st, write_page(sb_str(&api_dir), "index.rst", &sb, diag));
        sb_free(&sb);
    }
    free(sorted);
    sb_free(&items_dir);
    sb_free(&api_dir);
    return st;
}
