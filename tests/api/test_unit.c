/* SPDX-License-Identifier: BSD-3-Clause */
/* The unit grammar (mbconnect/unit.h) through the shared library's
 * exported symbols: every notation of the specs and the seed documents in
 * SI base units, worked out by hand (N = kg m s^-2, Pa = N/m^2, J = N m,
 * W = J/s); prefixes and their scale; the breaches the generator reports;
 * the units of a description as describe and Python show them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

static const char *base(const char *text, char *buf, size_t size)
{
    mbc_unit u;
    mbc_error err = {0};
    if (mbc_unit_parse(text, strlen(text), &u, &err) != MBC_OK)
        fail_msg("%s: %s", text, err.message);
    assert_true(u.scale == 1.0);
    return mbc_unit_base_text(&u, buf, size);
}

/* Every notation in the specs and the seed documents, by hand. */
static void test_notations_in_base_units(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"1", "1"},
        {" 1", "1"}, /* the seed's [SI: 1] */
        {"m", "m"},
        {"kg", "kg"},
        {"s", "s"},
        {"N", "kg m s^-2"},
        {"N/m", "kg s^-2"},
        {"N/m^2", "kg m^-1 s^-2"},
        {"N s/m", "kg s^-1"},
        {"N/(m s)", "kg s^-3"},
        {"N m", "kg m^2 s^-2"},
        {"N m/rad", "kg m^2 s^-2 rad^-1"},
        {"N m s/rad", "kg m^2 s^-1 rad^-1"},
        {"1/(m s)", "m^-1 s^-1"},
        {"1/s", "s^-1"},
        {"s/m", "m^-1 s"},
        {"m/s", "m s^-1"},
        {"Pa", "kg m^-1 s^-2"},
        {"Pa s", "kg m^-1 s^-1"},
        {"J", "kg m^2 s^-2"},
        {"J/m^2", "kg s^-2"},
        {"J/m^3", "kg m^-1 s^-2"},
        {"W", "kg m^2 s^-3"},
        {"rad", "rad"},
        {"N/m/(contact segment)", "kg s^-2 per contact segment"},
        {"N/(m s)/(contact segment)", "kg s^-3 per contact segment"},
        {"kg m/s^2", "kg m s^-2"},
        {"m^-2", "m^-2"},
    };
    char buf[128];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = base(cases[i][0], buf, sizeof buf);
        if (strcmp(got, cases[i][1]) != 0)
            fail_msg("%s: %s, expected %s", cases[i][0], got, cases[i][1]);
    }
}

/* A prefix scales the unit; its coherent text drops the prefix. */
static void test_prefixes(void **state)
{
    (void)state;
    mbc_unit u;
    assert_int_equal(mbc_unit_parse("N/mm", 4, &u, NULL), MBC_OK);
    assert_true(u.scale > 999.999 && u.scale < 1000.001);
    assert_string_equal(u.coherent, "N/m");
    assert_int_equal(mbc_unit_parse("kN m", 4, &u, NULL), MBC_OK);
    assert_true(u.scale > 999.999 && u.scale < 1000.001);
    assert_string_equal(u.coherent, "N m");
    assert_int_equal(mbc_unit_parse("g", 1, &u, NULL), MBC_OK);
    assert_true(u.scale > 0.000999 && u.scale < 0.001001);
    assert_string_equal(u.coherent, "kg");
    assert_int_equal(mbc_unit_parse("kg", 2, &u, NULL), MBC_OK);
    assert_true(u.scale == 1.0);
    assert_string_equal(u.coherent, "kg");
    assert_int_equal(mbc_unit_parse("mol/mm^2", 8, &u, NULL), MBC_OK); /* mol is no m + ol */
    assert_true(u.scale > 0.999e6 && u.scale < 1.001e6);
    assert_int_equal(u.exponent[5], 1);
    assert_int_equal(u.exponent[1], -2);
}

static void refused(const char *text, const char *message)
{
    mbc_unit u;
    mbc_error err = {0};
    assert_int_equal(mbc_unit_parse(text, strlen(text), &u, &err), MBC_ERR_INPUT);
    if (strcmp(err.message, message) != 0)
        fail_msg("%s: \"%s\", expected \"%s\"", text, err.message, message);
}

/* One line naming the rule and the fix. */
static void test_breaches(void **state)
{
    (void)state;
    refused("Newton/m", "'Newton' is not a unit symbol; write [SI:N/m]");
    refused("meters", "'meters' is not a unit symbol; write [SI:m]");
    refused("Nm", "'Nm' is not a unit symbol (a product is written with a space); write [SI:N m]");
    refused("N/m s", "a product after '/' needs parentheses (given '/m s'); write [SI:N/(m s)]");
    refused("N/(m s", "'(' at character 3 is not closed; add ')'");
    refused("N/m)", "')' at character 4 does not continue the unit; remove the ')' or add a '('");
    refused("m^0", "'^' takes an integer from -9 to 9 other than 0 (given '0'); write e.g. m^2");
    refused("", "the unit is empty; write [SI:1] for a number");
    refused("(contact segment) N", "a count is a denominator; write 1/(contact segment)");
    refused("N/", "a unit is missing at the end; write [SI:1] for a number");
}

/* The units of a description as describe and Python show them. */
static void test_units_of_a_description(void **state)
{
    (void)state;
    char buf[256];
    assert_string_equal(
        mbc_unit_describe("damping: velocity [SI:N s/m], mass_velocity [SI:1/s]; e [SI: 1]", buf,
                          sizeof buf),
        "N s/m (kg s^-1), 1/s (s^-1), 1 (1)");
    assert_string_equal(mbc_unit_describe("no unit; an index [0, 1]", buf, sizeof buf), "");
    assert_string_equal(mbc_unit_describe("unclosed [SI:N/m", buf, sizeof buf), "");
    assert_string_equal(mbc_unit_of("stiffness [SI:N/m] and [SI:m]", buf, sizeof buf), "N/m");
    assert_null(mbc_unit_of("none", buf, sizeof buf));
    assert_null(mbc_unit_of(NULL, buf, sizeof buf));
}

/* Every parameter of every built-in type states units that parse, in
 * coherent SI (mbcgen checked the specs; this reads the tables). */
static void test_builtin_units_parse(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    size_t units = 0;
    for (size_t i = 0; i < mbc_registry_size(&r); i++) {
        const mbc_type_info *t = mbc_registry_entry(&r, i);
        for (size_t k = 0; k < t->param_count; k++) {
            char unit[MBC_UNIT_TEXT_SIZE];
            for (const char *at = mbc_unit_next(t->params[k].description, unit, sizeof unit); at;
                 at = mbc_unit_next(at, unit, sizeof unit), units++) {
                mbc_unit u;
                mbc_error err = {0};
                if (mbc_unit_parse(unit, strlen(unit), &u, &err) != MBC_OK || u.scale != 1.0)
                    fail_msg("%s.%s: %s %s", t->type_name, t->params[k].name, unit, err.message);
            }
        }
    }
    assert_true(units > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notations_in_base_units),
        cmocka_unit_test(test_prefixes),
        cmocka_unit_test(test_breaches),
        cmocka_unit_test(test_units_of_a_description),
        cmocka_unit_test(test_builtin_units_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
