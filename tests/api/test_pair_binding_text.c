/* SPDX-License-Identifier: BSD-3-Clause */
/* A type's pair binding by name and in words (mbc_pair_binding_get_names,
 * mbc_pair_binding_text), through the shared library's exported symbols:
 * ContactSphereSphere as its spec writes it, a type without a binding, and
 * a hand-written descriptor (as a plugin may carry) whose members are out
 * of range: named NULL, never read out of bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

static void test_sphere_sphere(void **state)
{
    (void)state;
    mbc_pair_binding_names n;
    assert_true(mbc_pair_binding_get_names(&mbc_contact_sphere_sphere_type, &n));
    /* specs/ContactSphereSphere.lua: kind = "spheres", centers = { "m0", "m1" },
     * radii = "spheresRadii" */
    assert_string_equal(n.kind, "spheres");
    assert_string_equal(n.centers[0], "m0");
    assert_string_equal(n.centers[1], "m1");
    assert_string_equal(n.radii, "spheresRadii");
    char text[256];
    assert_string_equal(mbc_pair_binding_text(&mbc_contact_sphere_sphere_type, text, sizeof text),
                        "spheres, sphere a at m0, sphere b at m1, radii [r_a, r_b] in "
                        "spheresRadii (mbc-lammps sets them)");
    char small[8];
    assert_string_equal(mbc_pair_binding_text(&mbc_contact_sphere_sphere_type, small, sizeof small),
                        "spheres"); /* cut to the buffer, NUL-terminated */
}

static void test_no_binding(void **state)
{
    (void)state;
    mbc_pair_binding_names n = {"x", {"y", "z"}, "w"};
    assert_false(mbc_pair_binding_get_names(&mbc_joint_ale_moving2d_type, &n));
    assert_null(n.kind);
    assert_null(n.centers[0]);
    assert_null(n.centers[1]);
    assert_null(n.radii);
    assert_false(mbc_pair_binding_get_names(NULL, &n));
    char text[64];
    assert_string_equal(mbc_pair_binding_text(&mbc_joint_ale_moving2d_type, text, sizeof text),
                        "none");
}

/* A plugin's descriptor written by hand: kind 7, markers 0 and 5, the radii
 * parameter 99 of a type with 2 parameters. */
static void test_members_out_of_range(void **state)
{
    (void)state;
    static const mbc_param_info params[2] = {{.name = "a"}, {.name = "b"}};
    static const mbc_pair_binding bad = {
        .kind = (mbc_pair_binding_kind)7, .center_markers = {0, 5}, .radii_param = 99};
    mbc_type_info t = {
        .type_name = "Hand", .params = params, .param_count = 2, .pair_binding = &bad};
    mbc_pair_binding_names n;
    assert_true(mbc_pair_binding_get_names(&t, &n));
    assert_null(n.kind);
    assert_string_equal(n.centers[0], "m0");
    assert_null(n.centers[1]);
    assert_null(n.radii);
    char text[256];
    assert_string_equal(mbc_pair_binding_text(&t, text, sizeof text),
                        "unknown kind, sphere a at m0, sphere b at no marker, radii [r_a, r_b] in "
                        "no parameter (mbc-lammps sets them)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_sphere),
        cmocka_unit_test(test_no_binding),
        cmocka_unit_test(test_members_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
