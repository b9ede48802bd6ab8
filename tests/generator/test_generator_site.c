/* SPDX-License-Identifier: BSD-3-Clause */
/* Site mode of the RST emitter (emit_rst_site.h): the math-paragraph fix on
 * hand-written inputs with hand-written expected outputs, citations from the
 * `references` key, and the loader's check of a reference's `after` text. */
#include "gen_test_util.h"

#include <string.h>

#include "emit_rst_site.h"
#include "spec_types_load.h"

static void expect_fixed(const char *in, const char *want)
{
    strbuf out;
    sb_init(&out);
    emit_rst_site_fix_math(in, &out);
    assert_string_equal(sb_str(&out), want);
    sb_free(&out);
}

/* A paragraph indented by 2 after the math body is text: moved to column 0. */
static void test_two_space_paragraph(void **state)
{
    (void)state;
    expect_fixed("+  item text\n  \n.. math::\n\n   a = b\n\n\n  with\n  \n.. math::\n\n   c\n",
                 "+  item text\n  \n.. math::\n\n   a = b\n\n\nwith\n  \n.. math::\n\n   c\n");
}

/* Indented by 4 after a blank line that follows the body: text as well, every
 * line of the paragraph; a column-0 line afterwards is untouched. */
static void test_four_space_paragraph(void **state)
{
    (void)state;
    expect_fixed(".. math::\n   :label: eq-x\n\n   x = 1\n\n    and the\n    distance\n\nNext\n",
                 ".. math::\n   :label: eq-x\n\n   x = 1\n\nand the\ndistance\n\nNext\n");
}

/* Correct input is left byte for byte: options, multi-line bodies, text at
 * column 0, indented text that is not after a math block. */
static void test_correct_input_unchanged(void **state)
{
    (void)state;
    const char *ok = ".. math::\n   :label: a\n\n   x &= 1 \\\\\n   y &= 2\n\n\nText\n"
                     "  | indented list line\n* | item\n  | more\n";
    expect_fixed(ok, ok);
}

static const char *spec_with_refs(const char *after)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "return connector {\n"
             "  type = \"SiteDemo\", description = \"d\", provides = { \"Connector\" },\n"
             "  markers = { { \"Position\" }, { \"Position\" } },\n"
             "  hooks = { \"forces\" },\n"
             "  parameters = { param \"k\" { type = \"UReal\", default = 0, description = "
             "\"k\" } },\n"
             "  references = { { key = \"Hunt1975\", after = \"%s\", text = \"K. H. Hunt\" } },\n"
             "  theory = \"\\n\\nthe model of Hunt in  is used.\\n\\n\",\n"
             "}\n",
             after);
    return buf;
}

static void test_citation_inserted(void **state)
{
    (void)state;
    spec_type_registry reg;
    diag_list diag;
    diag_init(&diag);
    assert_int_equal(spec_types_load(&reg, "specs/types.lua", &diag), 0);
    spec_connector c;
    const char *src = spec_with_refs("model of Hunt in ");
    int rc = spec_connector_load_buffer(&c, &reg, "SiteDemo.lua", src, strlen(src), &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    assert_int_equal(rc, 0);
    assert_int_equal(c.reference_count, 1);
    strbuf page;
    sb_init(&page);
    emit_rst_site_item(&c, &page);
    assert_non_null(strstr(sb_str(&page), "the model of Hunt in [Hunt1975]_ is used."));
    sb_free(&page);
    const spec_connector *items[] = {&c};
    strbuf bib;
    sb_init(&bib);
    assert_int_equal(emit_rst_site_bibliography(items, 1, &bib, &diag), 0);
    /* escaped first character: "K. H." must not start an enumerated list */
    assert_non_null(strstr(sb_str(&bib), "\n.. [Hunt1975] \\K. H. Hunt\n"));
    sb_free(&bib);
    spec_connector_free(&c);
    spec_types_free(&reg);
    diag_free(&diag);
}

static void test_after_text_must_occur(void **state)
{
    (void)state;
    spec_type_registry reg;
    diag_list diag;
    diag_init(&diag);
    assert_int_equal(spec_types_load(&reg, "specs/types.lua", &diag), 0);
    spec_connector c;
    const char *src = spec_with_refs("model of Crossley in ");
    assert_int_not_equal(
        spec_connector_load_buffer(&c, &reg, "SiteDemo.lua", src, strlen(src), &diag), 0);
    assert_int_equal(diag.count, 1);
    assert_non_null(strstr(diag.lines[0], "SiteDemo.lua:"));
    assert_non_null(strstr(diag.lines[0], "references[1]: 'after' text not found in the theory "
                                          "(given 'model of Crossley in ')"));
    spec_types_free(&reg);
    diag_free(&diag);
}

/* The Python section of an API page: every settable parameter with its
 * default in Python syntax (a whole real keeps ".0", an exponent form stays
 * a float literal, a string is quoted), and the evaluate inputs of the
 * markers' kinds. Expected text written by hand. */
static void test_python_signature(void **state)
{
    (void)state;
    spec_type_registry reg;
    diag_list diag;
    diag_init(&diag);
    assert_int_equal(spec_types_load(&reg, "specs/types.lua", &diag), 0);
    const char *src =
        "return connector {\n"
        "  type = \"PyDemo\", description = \"d\", provides = { \"Connector\" },\n"
        "  markers = { { \"Position\", \"Orientation\" }, { \"BodyCable2DShape\" } },\n"
        "  hooks = { \"forces\" },\n"
        "  parameters = {\n"
        "    param \"name\" { type = \"String\", default = \"it's\", description = \"n\" },\n"
        "    param \"k\" { type = \"UReal\", default = 100000, description = \"k\" },\n"
        "    param \"mu\" { type = \"Real\", default = 0.3, description = \"mu\" },\n"
        "    param \"tiny\" { type = \"Real\", default = 1e-20, description = \"t\" },\n"
        "    param \"on\" { type = \"Bool\", default = true, description = \"o\" },\n"
        "    param \"n\" { type = \"PInt\", default = 3, description = \"n\" },\n"
        "    param \"r\" { type = \"Vector2D\", default = {1, -0.5}, description = \"r\" },\n"
        "  },\n"
        "  theory = \"t\",\n"
        "}\n";
    spec_connector c;
    int rc = spec_connector_load_buffer(&c, &reg, "PyDemo.lua", src, strlen(src), &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    assert_int_equal(rc, 0);
    strbuf page;
    sb_init(&page);
    emit_rst_site_api(&c, &page);
    const char *p = sb_str(&page);
    assert_non_null(strstr(p, "\n.. _api-python-pydemo:\n\nPython\n------\n"));
    assert_non_null(strstr(p, "   mbconnect.PyDemo(\n"
                              "       name='it\\'s',\n"
                              "       k=100000.0,\n"
                              "       mu=0.3,\n"
                              "       tiny=1e-20,\n"
                              "       on=True,\n"
                              "       n=3,\n"
                              "       r=[1.0, -0.5],\n"));
    assert_non_null(strstr(p, "   * - ``k``\n     - float\n     - read, write"));
    assert_non_null(strstr(p, "   * - ``r``\n     - numpy array of float64\n"));
    /* rigid m0, cable-shape m1: their inputs, and no ALE inputs */
    assert_non_null(strstr(p, "\"angularVelocityLocal\": [wx, wy, wz]},"));
    assert_non_null(strstr(p, "{\"points\": [x0, y0, x1, y1, ...],  # m1: cable shape"));
    assert_non_null(strstr(p, "       position,  # (N, 1, 3)\n"));
    assert_non_null(strstr(p, "       cablePoints=...,  # (N, n+1, 2)\n"));
    assert_null(strstr(p, "cablesQ"));
    assert_null(strstr(p, "lagrangeMultipliers"));
    assert_non_null(strstr(p, "``cablePointForces`` (N, n+1, 2)"));
    sb_free(&page);
    spec_connector_free(&c);
    spec_types_free(&reg);
    diag_free(&diag);
}

/* The rule cell of the API page's parameter table: a check's statement
 * (rules.check_text) after the type's rule, alone where there is none, its
 * inline markup escaped ("k_r0" and "R*^2" read as written). Expected text
 * written by hand. */
static void test_check_text_in_rule_cell(void **state)
{
    (void)state;
    spec_type_registry reg;
    diag_list diag;
    diag_init(&diag);
    assert_int_equal(spec_types_load(&reg, "specs/types.lua", &diag), 0);
    const char *src =
        "return connector {\n"
        "  type = \"CheckDemo\", description = \"d\", provides = { \"Connector\" },\n"
        "  markers = { { \"Position\" }, { \"Position\" } },\n"
        "  hooks = { \"forces\" },\n"
        "  parameters = {\n"
        "    param \"k\" { type = \"UReal\", default = 0, description = \"k [SI:N/m]\",\n"
        "      rules = { check = \"demo_check_k\", check_text = \"k_r0 > 0 (k_r = k_r0 R*^2)\" } "
        "},\n"
        "    param \"on\" { type = \"Bool\", default = false, description = \"o\",\n"
        "      rules = { check = \"demo_check_on\", check_text = \"false with jkr\" } },\n"
        "    param \"d\" { type = \"UReal\", default = 0, description = \"d [SI:N s/m]\" },\n"
        "  },\n"
        "  theory = \"t\",\n"
        "}\n";
    spec_connector c;
    int rc = spec_connector_load_buffer(&c, &reg, "CheckDemo.lua", src, strlen(src), &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    assert_int_equal(rc, 0);
    strbuf page;
    sb_init(&page);
    emit_rst_site_api(&c, &page);
    const char *p = sb_str(&page);
    assert_non_null(strstr(p, "   * - ``k``\n     - UReal\n"
                              "     - ``>= 0``; check: k\\_r0 > 0 (k\\_r = k\\_r0 R\\*^2)\n"));
    assert_non_null(strstr(p, "   * - ``on``\n     - Bool\n     - check: false with jkr\n"));
    assert_non_null(strstr(p, "   * - ``d``\n     - UReal\n     - ``>= 0``\n"));
    sb_free(&page);
    spec_connector_free(&c);
    spec_types_free(&reg);
    diag_free(&diag);
}

int main(void)
{
    gt_enter_source_dir();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_space_paragraph),     cmocka_unit_test(test_four_space_paragraph),
        cmocka_unit_test(test_correct_input_unchanged), cmocka_unit_test(test_citation_inserted),
        cmocka_unit_test(test_after_text_must_occur),   cmocka_unit_test(test_python_signature),
        cmocka_unit_test(test_check_text_in_rule_cell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
