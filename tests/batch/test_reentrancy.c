/* SPDX-License-Identifier: BSD-3-Clause */
/* Reentrancy: the library promises that every evaluation function is
 * reentrant (connector.h). Here one connector object of each of two types is
 * evaluated from several POSIX threads at the same time (forces,
 * PostNewtonStep, output variables, the many-state and the sphere batch
 * entry points), each thread with its own states and outputs; every result
 * must equal the one computed before on one thread, bit for bit. Run under
 * ThreadSanitizer by the `tsan` preset, which also reports any data race. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "batch_fixtures.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

#include "mbconnect/evaluate_many.h"

#define THREADS 4
#define ROUNDS  50

typedef struct worker {
    mbc_object *o; /* shared by all workers */
    int cable;
    bf_states *ref; /* shared, read-only */
    bf_states *mine;
    size_t mismatches;
    size_t failures;
} worker;

static size_t compare(const bf_states *a, const bf_states *b, size_t nd)
{
    size_t bad = 0;
    for (size_t k = 0; k < BF_STATES; ++k) {
        bad += memcmp(a->f[k].force, b->f[k].force, sizeof a->f[k].force) != 0;
        bad += memcmp(a->f[k].torque, b->f[k].torque, sizeof a->f[k].torque) != 0;
        bad += memcmp(a->F[k], b->F[k], sizeof a->F[k]) != 0;
        bad += memcmp(a->new_data[k], b->new_data[k], nd * sizeof(double)) != 0;
        bad += a->pn[k].error != b->pn[k].error;
    }
    return bad;
}

/* Everything evaluated once per state through the generic API. */
static size_t evaluate_all(mbc_object *o, bf_states *b, double *out3)
{
    size_t failed = 0;
    mbc_error err;
    for (size_t k = 0; k < BF_STATES; ++k) {
        failed += mbc_object_forces(o, &b->s[k], &b->f[k], &err) != MBC_OK;
        failed += mbc_object_post_newton_step(o, &b->s[k], &b->pn[k], &err) != MBC_OK;
        if (out3 != NULL) {
            failed += mbc_object_output(o, &b->s[k], MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE,
                                        out3 + 3 * k, 3, &err) != MBC_OK;
        }
    }
    return failed;
}

static void *work(void *arg)
{
    worker *w = arg;
    const size_t nd = mbc_data_count(w->o->type, w->o->params);
    double out3[3 * BF_STATES], ref3[3 * BF_STATES];
    mbc_error err;
    for (int r = 0; r < ROUNDS; ++r) {
        memset(w->mine->F, 0, sizeof w->mine->F);
        w->failures += evaluate_all(w->o, w->mine, w->cable ? NULL : out3);
        w->mismatches += compare(w->mine, w->ref, nd);
        if (!w->cable) {
            for (size_t k = 0; k < BF_STATES; ++k)
                for (int i = 0; i < 3; ++i)
                    ref3[3 * k + i] = w->ref->f[k].force[1][i];
            w->mismatches += memcmp(out3, ref3, sizeof out3) != 0;
        }
        /* the many-state entry points, one thread each */
        w->failures +=
            mbc_object_forces_many(w->o, w->mine->s, w->mine->f, BF_STATES, 1, &err) != MBC_OK;
        w->failures += mbc_object_post_newton_step_many(w->o, w->mine->s, w->mine->pn, BF_STATES, 1,
                                                        &err) != MBC_OK;
        w->mismatches += compare(w->mine, w->ref, nd);
    }
    return NULL;
}

static void run_threads(int cable)
{
    mbc_object *o = cable ? bf_cable_object() : bf_sphere_object();
    bf_states *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    bf_states_fill(ref, o, cable, 99);
    assert_int_equal(evaluate_all(o, ref, NULL), 0);
    worker w[THREADS];
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        w[t] = (worker){o, cable, ref, malloc(sizeof(bf_states)), 0, 0};
        assert_non_null(w[t].mine);
        bf_states_fill(w[t].mine, o, cable, 99);
    }
    for (int t = 0; t < THREADS; ++t)
        assert_int_equal(pthread_create(&th[t], NULL, work, &w[t]), 0);
    for (int t = 0; t < THREADS; ++t)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < THREADS; ++t) {
        assert_int_equal(w[t].failures, 0);
        assert_int_equal(w[t].mismatches, 0);
        free(w[t].mine);
    }
    free(ref);
    mbc_object_destroy(o);
}

static void test_sphere_object_from_threads(void **state)
{
    (void)state;
    run_threads(0);
}

static void test_cable_object_from_threads(void **state)
{
    (void)state;
    run_threads(1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_object_from_threads),
        cmocka_unit_test(test_cable_object_from_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
