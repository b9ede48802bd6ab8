/* SPDX-License-Identifier: BSD-3-Clause */
/* An output variable in words (mbc_output_text), through the shared
 * library's exported symbol: a fixed size, a size per parameter with a
 * symbol, snprintf's return on a short buffer, and an index out of range.
 * The expected lines are written from the specs by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

/* The index of output `name` in t, or fail. */
static size_t output_index(const mbc_type_info *t, const char *name)
{
    for (size_t i = 0; i < t->output_count; i++)
        if (strcmp(t->outputs[i].name, name) == 0)
            return i;
    fail_msg("no output %s in %s", name, t->type_name);
    return 0;
}

static void test_fixed_size(void **state)
{
    (void)state;
    /* specs/ContactSphereSphere.lua: output "Force" { size = 3, description
     * = "global contact force vector" }, no symbol */
    const mbc_type_info *t = &mbc_contact_sphere_sphere_type;
    char text[256];
    const size_t n = mbc_output_text(t, output_index(t, "Force"), text, sizeof text);
    const char *want = "  Force [3]\n      global contact force vector\n";
    assert_string_equal(text, want);
    assert_int_equal(n, strlen(want));
}

static void test_per_parameter(void **state)
{
    (void)state;
    /* specs/ContactFrictionCircleCable2D.lua: output "ForceLocal" { size =
     * {2, "numberOfContactSegments"}, symbol = [[[f_{t,0}, ...]] }, in text [f_(t,0), ...] */
    const mbc_type_info *t = &mbc_contact_friction_circle_cable2d_type;
    char text[1024];
    mbc_output_text(t, output_index(t, "ForceLocal"), text, sizeof text);
    const char *head = "  ForceLocal [2 * numberOfContactSegments]  symbol [f_(t,0), f_(n,0),";
    assert_memory_equal(text, head, strlen(head));
    assert_non_null(strstr(text, "\n      local contact forces in tangential (t) and normal (n)"));
    assert_int_equal(text[strlen(text) - 1], '\n');
}

static void test_short_buffer(void **state)
{
    (void)state;
    const mbc_type_info *t = &mbc_contact_sphere_sphere_type;
    const size_t i = output_index(t, "Force");
    char whole[256], cut[8];
    const size_t n = mbc_output_text(t, i, whole, sizeof whole);
    /* as snprintf: the whole length back, the buffer cut and terminated */
    assert_int_equal(mbc_output_text(t, i, cut, sizeof cut), n);
    assert_string_equal(cut, "  Force");
    assert_int_equal(mbc_output_text(t, i, NULL, 0), n);
}

static void test_out_of_range(void **state)
{
    (void)state;
    const mbc_type_info *t = &mbc_contact_sphere_sphere_type;
    char text[16] = "untouched";
    assert_int_equal(mbc_output_text(t, t->output_count, text, sizeof text), 0);
    assert_string_equal(text, "");
    assert_int_equal(mbc_output_text(NULL, 0, text, sizeof text), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_size),
        cmocka_unit_test(test_per_parameter),
        cmocka_unit_test(test_short_buffer),
        cmocka_unit_test(test_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
