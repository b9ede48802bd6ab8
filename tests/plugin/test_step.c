/* SPDX-License-Identifier: BSD-3-Clause */
/* The step in the hooks' state (mbc_state.dt, .phase; issue 45): every
 * path that calls a hook hands it the caller's step, and the 1.0 entry
 * points (docs/versioning.rst, "The step in the state") read 1.0's smaller
 * state only and hand the hooks dt 0 and MBC_PHASE_NONE, whatever lies
 * after it in the caller's memory. The type of the test, StepProbe, is the
 * plugin plugin_step.c: its hooks report the step they see. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <stdlib.h>

#include "mbconnect/case.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/evaluate_many.h"
#include "mbconnect/input.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/plugin.h"
#include "mbconnect/registry.h"
#include "mbconnect/result.h"

static mbc_rigid_marker marker(double x, double vx)
{
    mbc_rigid_marker m = {{x, 0, 0}, {vx, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0, 0}};
    return m;
}

/* StepProbe of the plugin (PLUGIN_STEP), loaded once. */
static mbc_object *probe(void)
{
    static mbc_registry registry;
    static const mbc_type_info *step_type;
    mbc_error err;
    if (!step_type) {
        mbc_registry_init_empty(&registry);
        assert_int_equal(mbc_registry_load_plugin(&registry, PLUGIN_STEP, &err), MBC_OK);
        step_type = mbc_registry_lookup(&registry, "StepProbe");
        assert_non_null(step_type);
    }
    mbc_object *o = mbc_object_create_type(step_type, &err);
    assert_non_null(o);
    mbc_object_set_default_indices(o); /* markerNumbers 0, 1 */
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    return o;
}

/* The state a program built now fills in reaches the hooks whole. */
static void test_state_step_reaches_hooks(void **unused)
{
    (void)unused;
    mbc_object *o = probe();
    mbc_rigid_marker m[2] = {marker(0, 0), marker(0.9, 2.0)};
    double start[1] = {0.125}, now[1] = {0.0};
    mbc_state s = {.marker = {&m[0], &m[1]},
                   .data = start,
                   .data_start = start,
                   .data_count = 1,
                   .dt = 0.25,
                   .phase = MBC_PHASE_ITERATION};
    mbc_error err;
    mbc_forces f = {0};
    assert_int_equal(mbc_object_forces(o, &s, &f, &err), MBC_OK);
    assert_true(f.force[0][0] == 0.25 && f.force[0][1] == 1.0 && f.force[0][2] == 0.125);
    mbc_post_newton pn = {.data = now};
    s.phase = MBC_PHASE_STEP_END;
    assert_int_equal(mbc_object_post_newton_step(o, &s, &pn, &err), MBC_OK);
    assert_true(now[0] == 0.125 + 2.0 * 0.25); /* xi_start + v dt, exact in binary */
    mbc_forces many[2];
    mbc_state states[2] = {s, s};
    states[1].dt = 0.5;
    assert_int_equal(mbc_object_forces_many(o, states, many, 2, 1, &err), MBC_OK);
    assert_true(many[0].force[0][0] == 0.25 && many[1].force[0][0] == 0.5);
    assert_true(many[1].force[0][1] == (double)MBC_PHASE_STEP_END);
    mbc_object_destroy(o);
}

/* 1.0's symbols: the caller's state ends after MBC_STATE_SIZE_1_0 bytes;
 * what follows (here 0x7f bytes, a dt of about 1.4e306) is not read. */
static void test_state_1_0_symbols_hand_no_step(void **unused)
{
    (void)unused;
    mbc_object *o = probe();
    mbc_rigid_marker m[2] = {marker(0, 0), marker(0.9, 2.0)};
    double start[1] = {0.125};
    struct {
        mbc_state s;
        unsigned char after[64];
    } old[2];
    memset(old, 0x7f, sizeof old);
    const mbc_state s10 = {
        .marker = {&m[0], &m[1]}, .data = start, .data_start = start, .data_count = 1};
    memcpy(&old[0], &s10, MBC_STATE_SIZE_1_0);
    mbc_error err;
    mbc_forces f = {0};
    assert_int_equal((mbc_object_forces)(o, &old[0].s, &f, &err), MBC_OK);
    assert_true(f.force[0][0] == 0.0 && f.force[0][1] == (double)MBC_PHASE_NONE);
    assert_true(f.force[0][2] == 0.125);
    /* an array of 1.0 states has 1.0's stride */
    unsigned char packed[2 * MBC_STATE_SIZE_1_0 + 64];
    memset(packed, 0x7f, sizeof packed);
    memcpy(packed, &s10, MBC_STATE_SIZE_1_0);
    memcpy(packed + MBC_STATE_SIZE_1_0, &s10, MBC_STATE_SIZE_1_0);
    mbc_forces many[2];
    mbc_state aligned[3]; /* 1.0 states, stored where mbc_state's alignment holds */
    memcpy(aligned, packed, 2 * MBC_STATE_SIZE_1_0);
    assert_int_equal((mbc_object_forces_many)(o, aligned, many, 2, 1, &err), MBC_OK);
    assert_true(many[1].force[0][2] == 0.125 && many[1].force[0][0] == 0.0);
    mbc_result r;
    assert_int_equal((mbc_result_evaluate)(&r, o, &old[0].s, &err), MBC_OK);
    mbc_result_free(&r);
    mbc_object_destroy(o);
}

/* mbc_input: the step set once reaches every state it gives; bad steps get
 * one line naming the field and the value. */
static void test_input_step(void **unused)
{
    (void)unused;
    mbc_object *o = probe();
    mbc_error err;
    mbc_input in;
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    const double x0[3] = {0, 0, 0}, x1[3] = {0.9, 0, 0}, v0[3] = {0, 0, 0}, v1[3] = {4, 0, 0};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, x0, v0, NULL, NULL, &err), MBC_OK);
    assert_int_equal(mbc_input_set_rigid_marker(&in, 1, x1, v1, NULL, NULL, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_true(s->dt == 0.0 && s->phase == MBC_PHASE_NONE);
    assert_int_equal(mbc_input_set_step(&in, 0.125, MBC_PHASE_EXPLICIT, &err), MBC_OK);
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    mbc_forces f = {0};
    assert_int_equal(mbc_object_forces(o, s, &f, &err), MBC_OK);
    assert_true(f.force[0][0] == 0.125 && f.force[0][1] == (double)MBC_PHASE_EXPLICIT);
    assert_int_equal(mbc_input_set_step(&in, -1.0, MBC_PHASE_EXPLICIT, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "dt: must be a finite time step >= 0 [s] (given -1)");
    assert_int_equal(mbc_input_set_step(&in, 0.5, 7u, &err), MBC_ERR_VALUE);
    assert_non_null(strstr(err.message, "phase: must be one of"));
    assert_non_null(strstr(err.message, "(given 7)"));
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_true(s->dt == 0.125); /* unchanged by the refused steps */
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* A case file's dt (mbc eval, Python's evaluate_case): the hooks get it
 * with the phase of an explicit step, PostNewtonStep integrates over it;
 * without dt no step; a negative dt is one line naming the field. */
static void test_case_step(void **unused)
{
    (void)unused;
    mbc_registry r;
    mbc_error err;
    mbc_registry_init_empty(&r);
    assert_int_equal(mbc_registry_load_plugin(&r, PLUGIN_STEP, &err), MBC_OK);
    static const char *const cases[3] = {
        "return {object = 'StepProbe', markers = {{position = {0, 0, 0}, velocity = {0, 0, 0}}, "
        "{position = {0.9, 0, 0}, velocity = {2, 0, 0}}}, data = {0.125}, dt = 0.25}",
        "return {object = 'StepProbe', markers = {{position = {0, 0, 0}, velocity = {0, 0, 0}}, "
        "{position = {0.9, 0, 0}, velocity = {2, 0, 0}}}, data = {0.125}}",
        "return {object = 'StepProbe', markers = {{position = {0, 0, 0}, velocity = {0, 0, 0}}, "
        "{position = {0.9, 0, 0}, velocity = {2, 0, 0}}}, data = {0.125}, dt = -1}"};
    /* the force on m0 is (dt, phase, xi); PostNewtonStep xi_start + 2 dt */
    static const double expect[2][4] = {{0.25, 3.0, 0.125, 0.625}, {0.0, 0.0, 0.125, 0.125}};
    for (int k = 0; k < 2; k++) {
        char *json = NULL;
        assert_int_equal(
            mbc_case_run_buffer(&r, "step.lua", cases[k], strlen(cases[k]), &json, &err), MBC_OK);
        const char *force = strstr(json, "\"force\": [");
        const char *post = strstr(json, "\"postNewtonStep\": {\n    \"data\": [");
        assert_non_null(force);
        assert_non_null(post);
        double got[4];
        char *p = strchr(force, '[') + 1;
        for (int i = 0; i < 3; i++) {
            got[i] = strtod(p, &p);
            p += strspn(p, ", ");
        }
        got[3] = strtod(strchr(post, '[') + 1, NULL);
        for (int i = 0; i < 4; i++)
            if (got[i] != expect[k][i])
                fail_msg("case %d: value %d is %g, expected %g, in\n%s", k, i, got[i], expect[k][i],
                         json);
        free(json);
    }
    char *none = NULL;
    assert_int_not_equal(
        mbc_case_run_buffer(&r, "step.lua", cases[2], strlen(cases[2]), &none, &err), MBC_OK);
    assert_null(none);
    printf("%s\n", err.message);
    assert_non_null(strstr(err.message, "dt: must be a finite time step >= 0 [s] (given -1)"));
}

/* A particle engine's step (mbc_pair_eval through the hooks, as mbc-lammps
 * calls it): PostNewtonStep over call.dt from the record, then forces, both
 * with MBC_PHASE_EXPLICIT; the record holds xi_start + v dt after it. */
static void test_pair_eval_step(void **unused)
{
    (void)unused;
    mbc_object *o = probe();
    const double x[2][3] = {{0, 0, 0}, {0.9, 0, 0}}, v[2][3] = {{0, 0, 0}, {2, 0, 0}};
    const double w[2][3] = {{0}}, radius[2] = {0.5, 0.5};
    double force[2][3] = {{0}}, torque[2][3] = {{0}};
    const mbc_pair_atoms atoms = {x, v, w, radius, NULL, force, torque, 2};
    double record[1] = {0.125};
    const mbc_pair pair = {{0, 1}, record};
    const mbc_pair_call call = {
        .atoms = &atoms, .pairs = &pair, .count = 1, .flags = MBC_PAIR_POST_NEWTON, .dt = 0.25};
    mbc_pair_sums sums = {0};
    mbc_error err;
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    assert_true(record[0] == 0.625);
    assert_true(force[0][0] == 0.25 && force[0][1] == (double)MBC_PHASE_EXPLICIT);
    assert_true(force[0][2] == 0.625);
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_step_reaches_hooks),
        cmocka_unit_test(test_state_1_0_symbols_hand_no_step),
        cmocka_unit_test(test_input_step),
        cmocka_unit_test(test_pair_eval_step),
        cmocka_unit_test(test_case_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
