/* SPDX-License-Identifier: BSD-3-Clause */
/* The `pair_binding` of the built-in types as the generated descriptors carry
 * it (mbc_type_info.pair_binding, include/mbconnect/object.h): the spec of
 * ContactSphereSphere puts sphere a at m0, sphere b at m1 and the radii in
 * spheresRadii, and declares its in-place kernel (kernel = true: revision 1,
 * evaluate set; no masses, no reach). Needs no LAMMPS. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/object.h"

static void test_contact_sphere_sphere_binding(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    const mbc_type_info *t = mbc_registry_lookup(&r, "ContactSphereSphere");
    assert_non_null(t);
    const mbc_pair_binding *b = t->pair_binding;
    assert_non_null(b);
    assert_int_equal(b->kind, MBC_PAIR_BINDING_SPHERES);
    assert_int_equal(b->center_markers[0], 0);
    assert_int_equal(b->center_markers[1], 1);
    assert_true(b->radii_param < t->param_count);
    const mbc_param_info *p = &t->params[b->radii_param];
    assert_string_equal(p->name, "spheresRadii");
    assert_int_equal(p->kind, MBC_VALUE_REAL);
    assert_int_equal(p->shape, MBC_FIXED);
    assert_int_equal(p->size, 2);
    assert_int_equal(p->role, MBC_ROLE_INPUT);
    assert_non_null(t->forces);
    assert_int_equal(b->revision, MBC_PAIR_BINDING_REVISION);
    assert_int_equal(mbc_pair_binding_masses(b), 0);
    assert_non_null(mbc_pair_binding_evaluate(b));
    assert_null(mbc_pair_binding_reach(b));
}

/* Every binding a built-in type carries is one mbc-lammps can use; the
 * types the error tests rely on have none. */
static void test_every_binding_well_formed(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    for (size_t k = 0; k < mbc_registry_size(&r); k++) {
        const mbc_type_info *t = mbc_registry_entry(&r, k);
        const mbc_pair_binding *b = t->pair_binding;
        if (!b)
            continue;
        assert_int_equal(b->kind, MBC_PAIR_BINDING_SPHERES);
        assert_true(b->center_markers[0] + b->center_markers[1] == 1);
        for (int m = 0; m < 2; m++)
            assert_true(t->marker_kinds[m] == MBC_MARKER_POSITION ||
                        t->marker_kinds[m] == MBC_MARKER_RIGID);
        assert_true(b->radii_param < t->param_count);
        assert_int_equal(t->params[b->radii_param].size, 2);
        assert_int_equal(b->revision, MBC_PAIR_BINDING_REVISION);
        const size_t masses = mbc_pair_binding_masses(b);
        if (masses) {
            assert_true(masses - 1 < t->param_count && masses - 1 != b->radii_param);
            assert_int_equal(t->params[masses - 1].size, 2);
        }
        assert_non_null(t->forces);
    }
    assert_null(mbc_registry_lookup(&r, "JointALEMoving2D")->pair_binding);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contact_sphere_sphere_binding),
        cmocka_unit_test(test_every_binding_well_formed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
