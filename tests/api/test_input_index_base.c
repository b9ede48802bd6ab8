/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc_input_set_index_base (mbconnect/input.h): after base 0 every field
 * name in the input's messages counts from 0 (markers, number positions,
 * cables, the sliding index in data), the same input at the default base
 * names the same values from 1; other bases and an input that is not
 * initialized are refused and change nothing. Each expected message is
 * written out by hand from the value that is wrong. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

static const double zero3[3] = {0, 0, 0};

/* An initialized object of type with markers 0, 1 and the given arrays. */
static mbc_object *made(const char *type, const char *name, const double *v, size_t n,
                        const char *name2, const double *v2, size_t n2)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create(type, &err);
    assert_non_null(o);
    mbc_object_set_default_indices(o);
    if (name)
        assert_int_equal(mbc_object_set_array(o, name, v, n, &err), MBC_OK);
    if (name2)
        assert_int_equal(mbc_object_set_array(o, name2, v2, n2, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    return o;
}

/* A NaN at markers[0 or 1].position[2] / rotation / data, named from base. */
static void check_rigid(int base)
{
    const double radii[2] = {0.5, 0.5};
    mbc_object *o = made("ContactSphereSphere", "spheresRadii", radii, 2, NULL, NULL, 0);
    mbc_input in;
    mbc_error err = {0};
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    assert_int_equal(mbc_input_set_index_base(&in, base, &err), MBC_OK);
    const double p[3] = {0, 0, NAN};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 1, p, zero3, NULL, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, base ? "markers[2].position[3]: must be finite (given nan)"
                                          : "markers[1].position[2]: must be finite (given nan)");
    const double twice[9] = {2, 0, 0, 0, 2, 0, 0, 0, 2};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, zero3, zero3, twice, NULL, &err),
                     MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        base ? "markers[1].rotation: must be a rotation matrix, row-major local -> "
                               "global (given max |A^T A - I| = 3, det A = 8)"
                             : "markers[0].rotation: must be a rotation matrix, row-major local -> "
                               "global (given max |A^T A - I| = 3, det A = 8)");
    const double data[4] = {0, 0, 0, INFINITY};
    assert_int_equal(mbc_input_set_data(&in, data, 4, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, base ? "data[4]: must be finite (given inf)"
                                          : "data[3]: must be finite (given inf)");
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, base
                                         ? "markers[1]: missing (marker m0, Position+Orientation)"
                                         : "markers[0]: missing (marker m0, Position+Orientation)");
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

static void test_rigid_markers_and_data(void **state)
{
    (void)state;
    check_rigid(0);
    check_rigid(1);
}

/* The cable marker of a cable contact is listed second, its cable element
 * named under it; ALE cables and the sliding index count from base. */
static void test_cables_and_sliding_index(void **state)
{
    (void)state;
    const double ncs[1] = {2}, radius[1] = {0.5};
    mbc_object *o = made("ContactFrictionCircleCable2D", "numberOfContactSegments", ncs, 1,
                         "circleRadius", radius, 1);
    mbc_input in;
    mbc_error err = {0};
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    assert_int_equal(mbc_input_set_index_base(&in, 0, &err), MBC_OK);
    mbc_cable_element e = {{0, 0, 1, 0, 2, 0, 1, 0}, {0}, 2.0};
    e.q_t[5] = NAN;
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &e, 0.0, NULL, 2, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[1].cable.q_t[5]: must be finite (given nan)");
    mbc_input_free(&in);
    mbc_object_destroy(o);

    const double sliding[2] = {10, 11}, offsets[2] = {0, 1};
    o = made("JointALEMoving2D", "slidingMarkerNumbers", sliding, 2, "slidingMarkerOffsets",
             offsets, 2);
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    assert_int_equal(mbc_input_set_index_base(&in, 0, &err), MBC_OK);
    mbc_cable_element c[2] = {{{0, 0, 1, 0, 1, 0, 1, 0}, {0}, 1.0},
                              {{1, 0, 1, 0, 2, 0, 1, 0}, {0}, 1.0}};
    c[1].q[7] = -INFINITY;
    assert_int_equal(mbc_input_set_ale_cables(&in, c, 2, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "cables[1].q[7]: must be finite (given -inf)");
    c[1].q[7] = 0.0;
    assert_int_equal(mbc_input_set_ale_cables(&in, c, 2, &err), MBC_OK);
    assert_int_equal(mbc_input_set_ale_node(&in, 0.5, 0.0, &err), MBC_OK);
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, zero3, zero3, NULL, NULL, &err), MBC_OK);
    const double two[1] = {2}; /* two cables: the index must be 0 or 1 */
    assert_int_equal(mbc_input_set_data(&in, two, 1, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "data[0]: must be the current sliding index, a whole number "
                                     "in [0, 1] (given 2)");
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* Only 0 and 1, only on an initialized input; a refused call changes
 * nothing (the default base 1 stays). */
static void test_refused_bases(void **state)
{
    (void)state;
    const double radii[2] = {0.5, 0.5};
    mbc_object *o = made("ContactSphereSphere", "spheresRadii", radii, 2, NULL, NULL, 0);
    mbc_input in;
    mbc_error err = {0};
    assert_int_equal(mbc_input_set_index_base(NULL, 0, &err), MBC_ERR_STATE);
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    assert_int_equal(mbc_input_set_index_base(&in, 2, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "input: index base must be 0 or 1 (given 2)");
    assert_int_equal(mbc_input_set_index_base(&in, -1, &err), MBC_ERR_VALUE);
    const double p[3] = {NAN, 0, 0};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, p, zero3, NULL, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[1].position[1]: must be finite (given nan)");
    mbc_input_free(&in);
    assert_int_equal(mbc_input_set_index_base(&in, 0, &err), MBC_ERR_STATE);
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rigid_markers_and_data),
        cmocka_unit_test(test_cables_and_sliding_index),
        cmocka_unit_test(test_refused_bases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
