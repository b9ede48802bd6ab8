/* SPDX-License-Identifier: BSD-3-Clause */
/* generator/rst_text.h: the plain text of the specs' RST subset and LaTeX
 * math against renderings written by hand, and its label table against the
 * hand-written docs (each label opens a section of that title on that page). */
#include "gen_test_util.h"

#include "rst_text.h"

static void expect_plain(const char *rst, const char *want)
{
    char *got = rst_text_dup(rst, RST_TEXT_PROSE);
    if (strcmp(got, want) != 0)
        fail_msg("rst_text_plain(%s)\n  got:  %s\n  want: %s", rst, got, want);
    free(got);
}

static void expect_math(const char *tex, const char *want)
{
    char *got = rst_text_dup(tex, RST_TEXT_MATH);
    if (strcmp(got, want) != 0)
        fail_msg("rst_text_math(%s)\n  got:  %s\n  want: %s", tex, got, want);
    free(got);
}

static void test_math(void **state)
{
    (void)state;
    expect_math("[m0,m1]\\tp", "[m0,m1]^T");
    expect_math("\\mu_d", "μ_d");
    expect_math("n_\\mathrm{exp}", "n_exp");
    expect_math("v_{reg}", "v_reg");
    expect_math("\\mu_{s_off}", "μ_(s_off)");
    expect_math("\\dot\\delta_\\mathrm{-,min}", "δ\xcc\x87_(-,min)");
    expect_math("[\\dot q_{ALE}]\\tp", "[q\xcc\x87_ALE]^T");
    expect_math("\\frac{r_1+g/2}{r_0+g/2}", "(r_1+g/2)/(r_0+g/2)");
    expect_math("\\frac{a}{b}", "a/b");
    expect_math("{\\mathbf{k}}^\\prime \\in \\Rcal^{n_p}", "k′ ∈ ℝ^(n_p)");
    expect_math("\\LU{0}{{\\mathbf{p}}}_{m0}", "p_m0");
    expect_math("\\LURU{0}{{\\mathbf{r}}}{ANCF}{\\prime}", "r_ANCF′");
    expect_math("[u_{t,0},\\, g_0,\\, \\ldots]\\tp", "[u_(t,0), g_0, …]^T");
    expect_math("f_t \\le \\mu f_n", "f_t ≤ μ f_n");
    expect_math("k_c \\cdot g", "k_c · g");
    expect_math("3 \\times n_{cs}", "3 × n_cs");
    expect_math("\\sqrt{x^2+y^2}", "√(x^2+y^2)");
    expect_math("g \\sin(30^\\circ) t^2/2", "g sin(30°) t^2/2");
    expect_math("\\left(a\\right)", "(a)");
    expect_math("\\unknownmacro{x}", "unknownmacrox");
    expect_math("", "");
}

static void test_plain(void **state)
{
    (void)state;
    expect_plain(
        "normal contact stiffness [SI:N/m] (units in case that \\ :math:`n_\\mathrm{exp}=1`\\ )",
        "normal contact stiffness [SI:N/m] (units in case that n_exp=1)");
    expect_plain("dynamic friction; see :ref:`sec-physics-coulomb`",
                 "dynamic friction; see Regularized Coulomb friction "
                 "(physics.html#sec-physics-coulomb)");
    expect_plain("see :ref:`sec-module-physics`", "see Friction and contact laws (physics.html)");
    expect_plain("with one \\ :ref:`ODE2 <ODE2>`\\  coordinate", "with one ODE2 coordinate");
    expect_plain("an unknown :ref:`some-label`", "an unknown some-label");
    expect_plain("3\\ :math:`\\times`\\ (segments) -- per segment", "3×(segments) -- per segment");
    expect_plain("see `the site <https://example.org/a>`_ and ``mbc list``",
                 "see the site (https://example.org/a) and mbc list");
    expect_plain("*emphasis* and **strong**", "emphasis and strong");
    /* not markup: an asterisk after a closing bracket, a lone asterisk */
    expect_plain("[0.1]*\\ :math:`n_{cs}`\\ +[-2]*n", "[0.1]*n_cs+[-2]*n");
    expect_plain("a * b", "a * b");
    expect_plain("the  gap\n  continues ", "the gap continues");
    expect_plain("a :doc:`page <spec-language>` link", "a page link");
    expect_plain("", "");
}

/* Each label of the table opens a section with that title in docs/PAGE.rst. */
static void test_labels_exist_in_docs(void **state)
{
    (void)state;
    assert_true(rst_text_label_count > 0);
    for (size_t i = 0; i < rst_text_label_count; i++) {
        const rst_text_label *l = &rst_text_labels[i];
        char path[1024], want[512];
        snprintf(path, sizeof path, "%s/docs/%s.rst", MBC_SOURCE_DIR, l->page);
        char *text = gt_read_file(path, NULL);
        if (!text)
            fail_msg("%s: cannot read the page of label %s", path, l->label);
        snprintf(want, sizeof want, ".. _%s:\n\n%s\n", l->label, l->title);
        if (!strstr(text, want))
            fail_msg("%s: no section '%s' under the label %s", path, l->title, l->label);
        /* top: the label is the page's first line */
        snprintf(want, sizeof want, ".. _%s:", l->label);
        if (l->top != (strncmp(text, want, strlen(want)) == 0))
            fail_msg("%s: label %s %s the page", path, l->label,
                     l->top ? "does not open" : "opens");
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_math),
        cmocka_unit_test(test_plain),
        cmocka_unit_test(test_labels_exist_in_docs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
