/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/eval/evaluate_many.c: one object at many states equals
 * mbc_object_forces / mbc_object_post_newton_step state by state (bit for
 * bit, any thread count), errors name the lowest failing state, and types
 * whose PostNewtonStep updates state parameters are refused. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "batch_fixtures.h"

#include "mbconnect/evaluate_many.h"

static void forces_equal_single(int cable, int threads)
{
    mbc_object *o = cable ? bf_cable_object() : bf_sphere_object();
    bf_states *b = malloc(sizeof *b);
    bf_states *ref = malloc(sizeof *ref);
    assert_non_null(b);
    assert_non_null(ref);
    bf_states_fill(b, o, cable, 42);
    bf_states_fill(ref, o, cable, 42);
    mbc_error err;
    size_t nonzero = 0;
    for (size_t k = 0; k < BF_STATES; ++k) {
        assert_int_equal(mbc_object_forces(o, &ref->s[k], &ref->f[k], &err), MBC_OK);
        nonzero += ref->f[k].force[0][0] != 0.0 || ref->f[k].force[0][1] != 0.0;
    }
    assert_true(nonzero > 0 && nonzero < BF_STATES); /* contact and no contact */
    assert_int_equal(mbc_object_forces_many(o, b->s, b->f, BF_STATES, threads, &err), MBC_OK);
    for (size_t k = 0; k < BF_STATES; ++k) {
        assert_memory_equal(b->f[k].force, ref->f[k].force, sizeof b->f[k].force);
        assert_memory_equal(b->f[k].torque, ref->f[k].torque, sizeof b->f[k].torque);
        if (cable)
            assert_memory_equal(b->F[k], ref->F[k], sizeof b->F[k]);
    }
    /* PostNewtonStep */
    for (size_t k = 0; k < BF_STATES; ++k)
        assert_int_equal(mbc_object_post_newton_step(o, &ref->s[k], &ref->pn[k], &err), MBC_OK);
    assert_int_equal(mbc_object_post_newton_step_many(o, b->s, b->pn, BF_STATES, threads, &err),
                     MBC_OK);
    for (size_t k = 0; k < BF_STATES; ++k) {
        assert_memory_equal(b->new_data[k], ref->new_data[k], sizeof b->new_data[k]);
        assert_true(b->pn[k].error == ref->pn[k].error);
        assert_true(b->pn[k].recommended_step == ref->pn[k].recommended_step);
    }
    free(b);
    free(ref);
    mbc_object_destroy(o);
}

static void test_sphere_one_thread(void **state)
{
    (void)state;
    forces_equal_single(0, 1);
}

static void test_sphere_two_threads(void **state)
{
    (void)state;
    forces_equal_single(0, 2);
}

static void test_cable_one_thread(void **state)
{
    (void)state;
    forces_equal_single(1, 1);
}

static void test_cable_three_threads(void **state)
{
    (void)state;
    forces_equal_single(1, 3);
}

/* States 9 and 5 have a NaN: state 5 is reported whatever the thread count. */
static void test_lowest_failing_state_reported(void **state)
{
    (void)state;
    mbc_object *o = bf_cable_object();
    bf_states *b = malloc(sizeof *b);
    assert_non_null(b);
    bf_states_fill(b, o, 1, 7);
    b->m[9][0].velocity[1] = NAN;
    b->pts[5][3] = INFINITY;
    for (int t = 1; t <= 2; ++t) {
        mbc_error err;
        assert_int_equal(mbc_object_forces_many(o, b->s, b->f, BF_STATES, t, &err), MBC_ERR_INPUT);
        assert_string_equal(err.message, "ContactFrictionCircleCable2D: state 5: marker m1 "
                                         "points[3] must be finite, given inf");
    }
    b->pts[5][3] = 0.0;
    mbc_error err;
    assert_int_equal(mbc_object_forces_many(o, b->s, b->f, BF_STATES, 2, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactFrictionCircleCable2D: state 9: marker m0 "
                                     "velocity[1] must be finite, given nan");
    /* a wrong data size in one state */
    b->m[9][0].velocity[1] = 0.0;
    b->s[3].data_count = 2;
    assert_int_equal(mbc_object_forces_many(o, b->s, b->f, BF_STATES, 1, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "state 3: data node must have 24 data coordinates"));
    free(b);
    mbc_object_destroy(o);
}

static void test_object_checks(void **state)
{
    (void)state;
    mbc_error err;
    assert_int_equal(mbc_object_forces_many(NULL, NULL, NULL, 0, 1, &err), MBC_ERR_STATE);
    assert_string_equal(err.message, "no object");
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_forces_many(o, NULL, NULL, 0, 1, &err), MBC_ERR_STATE);
    assert_non_null(strstr(err.message, "object is not initialized"));
    mbc_object_destroy(o);
    o = bf_sphere_object();
    assert_int_equal(mbc_object_forces_many(o, NULL, NULL, 3, 1, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "3 states need state and output arrays"));
    assert_int_equal(mbc_object_forces_many(o, NULL, NULL, 0, 1, &err), MBC_OK);
    mbc_object_destroy(o);
    o = mbc_object_create("ContactConvexRoll", &err);
    assert_non_null(o);
    o->initialized = true; /* only the refusal is tested here */
    mbc_state s[1];
    mbc_post_newton pn[1];
    memset(s, 0, sizeof s);
    memset(pn, 0, sizeof pn);
    assert_int_equal(mbc_object_post_newton_step_many(o, s, pn, 1, 1, &err), MBC_ERR_STATE);
    assert_non_null(strstr(err.message, "ContactConvexRoll: PostNewtonStep updates the state "
                                        "parameter pContact"));
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_one_thread),
        cmocka_unit_test(test_sphere_two_threads),
        cmocka_unit_test(test_cable_one_thread),
        cmocka_unit_test(test_cable_three_threads),
        cmocka_unit_test(test_lowest_failing_state_reported),
        cmocka_unit_test(test_object_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
