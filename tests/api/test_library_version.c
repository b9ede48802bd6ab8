/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc_library_version (include/mbconnect/mbconnect.h), through the shared
 * library: the version the library was built with equals the headers' (the
 * test is built with the same headers), and the number agrees with the
 * string parsed here, digit by digit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

static void test_string_equals_headers(void **state)
{
    (void)state;
    assert_string_equal(mbc_library_version(), MBC_VERSION_STRING);
}

static void test_number_from_string(void **state)
{
    (void)state;
    int major = -1, minor = -1, patch = -1;
    assert_int_equal(sscanf(mbc_library_version(), "%d.%d.%d", &major, &minor, &patch), 3);
    assert_int_equal(major, MBC_VERSION_MAJOR);
    assert_int_equal(mbc_library_version_number(), 10000 * major + 100 * minor + patch);
    assert_int_equal(mbc_library_version_number(), MBC_VERSION_NUMBER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_string_equals_headers),
        cmocka_unit_test(test_number_from_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
