/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc plugins (mbconnect/plugin.h): the downstream example's type
 * ContactCircleCircle2D built by mbconnect_add_connectors(... PLUGIN ...)
 * joins a registry and is then as complete as a built-in type (case files,
 * state assembly, results, an output name no built-in type has); broken
 * plugins get one-line errors naming the file. Paths come from CMake. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/case.h"
#include "mbconnect/mbconnect.h"

static void load_circles(mbc_registry *r)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    mbc_error err = {0};
    mbc_registry_init(r);
    assert_int_equal(mbc_registry_load_plugin(r, PLUGIN_CIRCLES, &err), MBC_OK);
    assert_int_equal(mbc_registry_size(r), mbc_registry_size(&builtin_types) + 1);
}

static void test_plugin_types_join_the_registry(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    mbc_registry r;
    load_circles(&r);
    const mbc_type_info *t = mbc_registry_lookup(&r, "ContactCircleCircle2D");
    assert_non_null(t);
    assert_int_equal(t->marker_kinds[0], MBC_MARKER_RIGID);
    /* an output name no built-in type declares */
    assert_true(mbc_type_find_output(t, "Penetration") >= 0);
    for (size_t i = 0; i < mbc_registry_size(&builtin_types); i++)
        assert_int_equal(mbc_type_find_output(mbc_registry_entry(&builtin_types, i), "Penetration"),
                         -1);
}

/* The registry records where each type came from: the plugin file (as the
 * dynamic loader names it: the path given, which has a slash) for the
 * plugin's type, nothing for the built-in ones and the program's own. */
static void test_registry_records_origins(void **state)
{
    (void)state;
    mbc_registry r;
    load_circles(&r);
    size_t plugin_types = 0;
    for (size_t i = 0; i < mbc_registry_size(&r); i++) {
        const char *origin = mbc_registry_origin(&r, i);
        if (!strcmp(mbc_registry_entry(&r, i)->type_name, "ContactCircleCircle2D")) {
            assert_non_null(origin);
            assert_string_equal(origin, PLUGIN_CIRCLES);
            plugin_types++;
        } else {
            assert_null(origin);
        }
    }
    assert_int_equal(plugin_types, 1);
    assert_null(mbc_registry_origin(&r, mbc_registry_size(&r)));
    assert_null(mbc_registry_origin(NULL, 0));
    /* a type the program adds itself: no origin; the others keep theirs */
    mbc_registry empty;
    mbc_registry_init_empty(&empty);
    mbc_error err = {0};
    const mbc_type_info *t = mbc_registry_lookup(&r, "ContactCircleCircle2D");
    assert_int_equal(mbc_registry_add(&empty, t, &err), MBC_OK);
    assert_null(mbc_registry_origin(&empty, 0));
    assert_int_equal(mbc_registry_add(&r, mbc_registry_entry(&empty, 0), &err), MBC_ERR_NAME);
    for (size_t i = 0; i < mbc_registry_size(&r); i++)
        if (!strcmp(mbc_registry_entry(&r, i)->type_name, "ContactCircleCircle2D"))
            assert_string_equal(mbc_registry_origin(&r, i), PLUGIN_CIRCLES);
}

/* circles.lua: r0 = 0.5, r1 = 0.4, centers 0.8 m apart: gap -0.1 m, force
 * on m1 k_c * 0.1 = 1000 N along +x, on m0 the opposite. */
static void test_plugin_type_evaluates(void **state)
{
    (void)state;
    mbc_registry r;
    load_circles(&r);
    mbc_error err = {0};
    mbc_object *o = mbc_registry_create(&r, "ContactCircleCircle2D", &err);
    assert_non_null(o);
    const double radii[2] = {0.5, 0.4}, markers[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "circlesRadii", radii, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "contactStiffness", 1e4, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    mbc_input in;
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    const double zero[3] = {0, 0, 0}, p1[3] = {0.8, 0, 0}, gap[1] = {-0.1};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, zero, zero, NULL, NULL, &err), MBC_OK);
    assert_int_equal(mbc_input_set_rigid_marker(&in, 1, p1, zero, NULL, NULL, &err), MBC_OK);
    assert_int_equal(mbc_input_set_data(&in, gap, 1, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    mbc_result res;
    assert_int_equal(mbc_result_evaluate(&res, o, s, &err), MBC_OK);
    assert_true(fabs(res.forces.force[1][0] - 1000.0) < 1e-9);
    assert_true(fabs(res.forces.force[0][0] + 1000.0) < 1e-9);
    int pen = mbc_type_find_output(o->type, "Penetration");
    assert_int_equal(res.outputs[pen].count, 1);
    assert_string_equal(res.outputs[pen].name, "Penetration");
    assert_true(fabs(res.outputs[pen].values[0] - 0.1) < 1e-15);
    mbc_result_free(&res);
    mbc_input_free(&in);
    mbc_object_destroy(o);

    /* the same through a case file */
    char *json = NULL;
    assert_int_equal(mbc_case_run_file(&r, CIRCLES_CASE, &json, &err), MBC_OK);
    assert_non_null(strstr(json, "\"object\": \"ContactCircleCircle2D\""));
    assert_non_null(strstr(json, "\"Penetration\": ["));
    free(json);
}

static void test_bad_plugins(void **state)
{
    (void)state;
    mbc_registry r;
    load_circles(&r);
    size_t n = mbc_registry_size(&r);
    mbc_error err = {0};
    char expected[1024];

    /* the same types twice: all refused, the registry unchanged */
    assert_int_equal(mbc_registry_load_plugin(&r, PLUGIN_CIRCLES, &err), MBC_ERR_NAME);
    snprintf(expected, sizeof expected,
             "%s: connector type 'ContactCircleCircle2D' is already registered", PLUGIN_CIRCLES);
    assert_string_equal(err.message, expected);
    assert_int_equal(mbc_registry_size(&r), n);

    assert_int_equal(mbc_registry_load_plugin(&r, PLUGIN_NO_ENTRY, &err), MBC_ERR_NAME);
    snprintf(expected, sizeof expected,
             "%s: not an mbconnect plugin (no entry point mbc_plugin_entry)", PLUGIN_NO_ENTRY);
    assert_string_equal(err.message, expected);

    assert_int_equal(mbc_registry_load_plugin(&r, PLUGIN_BAD_ABI, &err), MBC_ERR_STATE);
    snprintf(expected, sizeof expected,
             "%s: plugin ABI version %u, this library has %u (rebuild the plugin against this "
             "mbconnect)",
             PLUGIN_BAD_ABI, 99u, MBC_PLUGIN_ABI_VERSION);
    assert_string_equal(err.message, expected);

    assert_int_equal(mbc_registry_load_plugin(&r, "no/such/plugin.so", &err), MBC_ERR_NAME);
    const char *prefix = "no/such/plugin.so: cannot load plugin (";
    assert_memory_equal(err.message, prefix, strlen(prefix));
    assert_null(strchr(err.message, '\n'));
    assert_int_equal(mbc_registry_size(&r), n);
}

/* A plugin of plugin ABI 2 (mbconnect 1.0's layout of mbc_pair_binding)
 * loads; its binding reads as revision 0 (no masses, kernel or reach) and
 * its type is a pair law through its hooks: two overlapping spheres push
 * apart with k times the overlap. */
static void test_abi2_plugin_loads(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    mbc_error err = {0};
    assert_int_equal(mbc_registry_load_plugin(&r, PLUGIN_ABI2, &err), MBC_OK);
    const mbc_type_info *t = mbc_registry_lookup(&r, "OldPairSpring");
    assert_non_null(t);
    assert_int_equal(t->pair_binding->revision, 0);
    assert_int_equal(mbc_pair_binding_masses(t->pair_binding), 0);
    assert_null(mbc_pair_binding_evaluate(t->pair_binding));
    assert_false(mbc_pair_eval_has_kernel(t));
    assert_true(mbc_pair_eval_binding_ok(t, &err));
    mbc_object *o = mbc_object_create_type(t, &err);
    assert_non_null(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    double x[2][3] = {{0, 0, 0}, {0, 0.8, 0}}, zero[2][3] = {{0}}, f[2][3] = {{0}},
           t2[2][3] = {{0}}, r2[2] = {0.5, 0.5};
    mbc_pair pair = {{0, 1}, NULL};
    const mbc_pair_atoms at = {(const double(*)[3])x,
                               (const double(*)[3])zero,
                               (const double(*)[3])zero,
                               r2,
                               NULL,
                               f,
                               t2,
                               2};
    const mbc_pair_call call = {&at, &pair, 1, MBC_PAIR_POST_NEWTON, 0.0, NULL};
    mbc_pair_sums sums = {0};
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    assert_true(fabs(f[1][1] - 10.0 * 0.2) < 1e-14 && fabs(f[0][1] + 10.0 * 0.2) < 1e-14);
    assert_true(fabs(sums.overlap - 0.2) < 1e-15);
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plugin_types_join_the_registry),
        cmocka_unit_test(test_plugin_type_evaluates),
        cmocka_unit_test(test_registry_records_origins),
        cmocka_unit_test(test_bad_plugins),
        cmocka_unit_test(test_abi2_plugin_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
