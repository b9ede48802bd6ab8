/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc_param_rules_text (mbconnect/object.h): the value rules of a parameter
 * in words, as `mbc describe`, Python's docstrings and the stubs show them.
 * Hand-made descriptors for each combination (the type's rule implied by
 * the spec's one_of or range, or not; required; none; truncation; a
 * check's statement), then the built-in types' rules as the specs state
 * them, through the exported symbol. Expected texts are written by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

static void expect_rules(const mbc_param_info *p, const char *want)
{
    char buf[512];
    assert_string_equal(mbc_param_rules_text(p, buf, sizeof buf), want);
}

/* A type rule x >= min (or > min). */
static mbc_param_info with_type_rule(double min, bool exclusive)
{
    mbc_param_info p = {0};
    p.has_min = true;
    p.min = min;
    p.min_exclusive = exclusive;
    p.rule = exclusive ? "> 0" : ">= 0";
    return p;
}

static void test_type_rule_alone_and_none(void **state)
{
    (void)state;
    mbc_param_info none = {0};
    expect_rules(&none, "");
    mbc_param_info u = with_type_rule(0, false);
    expect_rules(&u, ">= 0");
}

static void test_one_of(void **state)
{
    (void)state;
    static const double models[] = {0, 1, 2};
    mbc_param_info p = with_type_rule(0, false);
    p.one_of = models;
    p.one_of_count = 3;
    /* every value is >= 0: the enumeration says all */
    expect_rules(&p, "one of 0, 1, 2");
    /* -1 breaks the type's rule: both are said */
    static const double signs[] = {-1, 0.5};
    p.one_of = signs;
    p.one_of_count = 2;
    expect_rules(&p, ">= 0 and one of -1, 0.5");
}

static void test_range(void **state)
{
    (void)state;
    /* UReal with [0, 1): the range tightens >= 0 */
    mbc_param_info p = with_type_rule(0, false);
    p.has_range = true;
    p.range_min = 0;
    p.range_max = 1;
    p.range_max_open = true;
    p.range_rule = "in [0, 1)";
    expect_rules(&p, "in [0, 1)");
    /* PReal (> 0) with [0, 1]: 0 is in the range, not allowed by the type */
    p = with_type_rule(0, true);
    p.has_range = true;
    p.range_min = 0;
    p.range_max = 1;
    p.range_rule = "in [0, 1]";
    expect_rules(&p, "> 0 and in [0, 1]");
    /* PReal with (0, 1]: implied */
    p.range_min_open = true;
    p.range_rule = "in (0, 1]";
    expect_rules(&p, "in (0, 1]");
    /* no type rule, an unbounded range */
    mbc_param_info q = {0};
    q.has_range = true;
    q.range_min = 0;
    q.range_min_open = true;
    q.range_max = HUGE_VAL;
    q.range_max_open = true;
    q.range_rule = "> 0";
    expect_rules(&q, "> 0");
}

static void test_required(void **state)
{
    (void)state;
    mbc_param_info p = {0};
    p.has_range = true;
    p.range_min_open = true;
    p.range_max = HUGE_VAL;
    p.range_max_open = true;
    p.range_rule = "> 0";
    p.required = "set both radii";
    expect_rules(&p, "> 0 (required: set both radii)");
    mbc_param_info alone = {0};
    alone.required = "set it";
    expect_rules(&alone, "(required: set it)");
}

static void test_truncated(void **state)
{
    (void)state;
    static const double models[] = {0, 1, 2};
    mbc_param_info p = {0};
    p.one_of = models;
    p.one_of_count = 3;
    char small[9];
    memset(small, 'x', sizeof small);
    assert_ptr_equal(mbc_param_rules_text(&p, small, sizeof small), small);
    assert_string_equal(small, "one of 0"); /* 8 characters and the NUL */
    char one[1] = {'x'};
    assert_string_equal(mbc_param_rules_text(&p, one, sizeof one), "");
}

/* A check's statement (spec key rules.check_text) follows the NUL of the
 * description, and has_check_text says so: a descriptor keeps 1.0's size
 * and offsets (docs/versioning.rst), and one written before statements
 * (has_check_text false) has none, whatever its description's bytes. */
static void test_check_text(void **state)
{
    (void)state;
    static const char described[] = "tangential stiffness [SI:N/m]\0k_t > 0 when it slides";
    mbc_param_info p = with_type_rule(0, false);
    p.description = described;
    assert_null(mbc_param_info_check_text(&p));
    expect_rules(&p, ">= 0");
    p.has_check_text = true;
    assert_string_equal(mbc_param_info_check_text(&p), "k_t > 0 when it slides");
    assert_string_equal(p.description, "tangential stiffness [SI:N/m]");
    expect_rules(&p, ">= 0; check: k_t > 0 when it slides");
    /* no other rule: the statement alone */
    mbc_param_info b = {.description = "\0false with jkr", .has_check_text = true};
    expect_rules(&b, "check: false with jkr");
    /* with required, after it */
    p.required = "set it";
    expect_rules(&p, ">= 0 (required: set it); check: k_t > 0 when it slides");
    /* no description: no statement, no crash */
    mbc_param_info n = {.has_check_text = true};
    assert_null(mbc_param_info_check_text(&n));
    expect_rules(&n, "");
#if UINTPTR_MAX == 0xffffffffffffffffu
    /* LP64: the byte after has_choices (936 bits), the size of 1.0 */
    assert_int_equal(offsetof(mbc_param_info, has_check_text), 118);
    assert_int_equal(offsetof(mbc_param_info, min_length), 120);
    assert_int_equal(sizeof(mbc_param_info), 216);
#endif
}

/* The rules of the built-in types as their specs state them. */
static void test_builtin_types(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    static const struct {
        const char *type, *param, *want;
    } cases[] = {
        {"ContactSphereSphere", "impactModel", "one of 0, 1, 2"},
        {"ContactSphereSphere", "spheresRadii", "> 0 (required: set both radii)"},
        {"ContactSphereSphere", "restitutionCoefficient", "in (0, 1]"},
        {"ContactSphereSphere", "contactPlasticityRatio", "in [0, 1)"},
        {"ContactSphereSphere", "contactStiffness", ">= 0"},
        {"ContactSphereSphere", "activeConnector", ""},
        {"ContactConvexRoll", "contactStiffness", ">= 0"},
        {"ContactFrictionCircleCable2D", "circleRadius", "> 0 (required: set the circle's radius)"},
        {"JointALEMoving2D", "penaltyStiffness", ">= 0"},
        /* a check's statement, in the spec's words */
        {"ContactGranClassic", "tangentialStiffness",
         ">= 0; check: k_t > 0 with a shear history, tangential damping and lammps2021 (LAMMPS "
         "2021 divides by it when sliding)"},
        {"ContactGranular", "limitDamping",
         "check: false with the cohesive normal models dmt and jkr (their normal force is "
         "attractive by design)"},
        {"ContactGranular", "youngsModulus",
         ">= 0; check: E_a > 0 and E_b > 0 with a material normal model (hertz/material, dmt, "
         "jkr)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mbc_type_info *t = mbc_registry_lookup(&r, cases[i].type);
        assert_non_null(t);
        const mbc_param_info *p = mbc_type_find_param(t, cases[i].param);
        assert_non_null(p);
        expect_rules(p, cases[i].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_type_rule_alone_and_none),
        cmocka_unit_test(test_one_of),
        cmocka_unit_test(test_range),
        cmocka_unit_test(test_required),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_check_text),
        cmocka_unit_test(test_builtin_types),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
