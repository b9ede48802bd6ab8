/* SPDX-License-Identifier: BSD-3-Clause */
/* The one-line promise of mbconnect/error.h, through the exported symbols:
 * a control character a given name or value brings into a message is
 * written as its C escape, and rule_offset still marks the rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

/* A message without control characters is written as formatted. */
static void test_plain_message_unchanged(void **state)
{
    (void)state;
    mbc_error e = {0};
    assert_int_equal(mbc_fail_at(&e, MBC_ERR_INPUT, "a.lua", 3, "k must be > 0 (given %d)", -1),
                     MBC_ERR_INPUT);
    assert_string_equal(e.message, "a.lua:3: k must be > 0 (given -1)");
    assert_int_equal(e.rule_offset, strlen("a.lua:3: "));
    assert_string_equal(e.file, "a.lua");
    assert_int_equal(e.line, 3);
}

/* Newline, tab and return as \n \t \r, any other control character as
 * \xHH; a backslash already in the text stays one character. */
static void test_control_characters_escaped(void **state)
{
    (void)state;
    mbc_error e = {0};
    mbc_fail(&e, MBC_ERR_NAME, "unknown name '%s'",
             "a\nb\tc\rd\x1b"
             "e\x7f\\f");
    assert_string_equal(e.message, "unknown name 'a\\nb\\tc\\rd\\x1be\\x7f\\f'");
    assert_null(strpbrk(e.message, "\n\r\t"));
    assert_int_equal(e.rule_offset, 0);
    assert_int_equal(e.status, MBC_ERR_NAME);
}

/* An escape in the prefix (a type's name with a newline) moves rule_offset
 * by the characters it adds; an escape in the rule does not. */
static void test_rule_offset_moves_with_prefix(void **state)
{
    (void)state;
    mbc_error e = {0};
    mbc_fail_param(&e, MBC_ERR_VALUE, "My\nType", "k\t", 2, "must be > 0 (given '%s')", "x\ny");
    assert_string_equal(e.message, "My\\nType.k\\t: must be > 0 (given 'x\\ny')");
    assert_string_equal(e.message + e.rule_offset, "must be > 0 (given 'x\\ny')");
    assert_int_equal(e.param_number, 2);

    mbc_fail_fields(&e, MBC_ERR_INPUT, NULL, NULL, 0, strlen("c\n.case:f: "), "%s%s",
                    "c\n.case:f: ", "bad\tvalue");
    assert_string_equal(e.message, "c\\n.case:f: bad\\tvalue");
    assert_string_equal(e.message + e.rule_offset, "bad\\tvalue");
}

/* A message whose escapes outgrow MBC_ERROR_SIZE is cut at a whole escape,
 * terminated, with rule_offset inside it. */
static void test_long_message_cut_whole(void **state)
{
    (void)state;
    char given[MBC_ERROR_SIZE];
    memset(given, '\n', sizeof given - 1);
    given[sizeof given - 1] = '\0';
    mbc_error e = {0};
    mbc_fail_at(&e, MBC_ERR_INPUT, "f.lua", 1, "given '%s'", given);
    const size_t len = strlen(e.message);
    assert_true(len < MBC_ERROR_SIZE);
    assert_null(strchr(e.message, '\n'));
    assert_int_equal(e.message[len - 1], 'n'); /* the last escape whole: "\n" */
    assert_int_equal(e.message[len - 2], '\\');
    assert_int_equal(e.rule_offset, strlen("f.lua:1: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_message_unchanged),
        cmocka_unit_test(test_control_characters_escaped),
        cmocka_unit_test(test_rule_offset_moves_with_prefix),
        cmocka_unit_test(test_long_message_cut_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
