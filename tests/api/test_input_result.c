/* SPDX-License-Identifier: BSD-3-Clause */
/* The library-level evaluation API: assembling a state from plain
 * descriptions (mbconnect/input.h) with its checks and one-line messages,
 * evaluating everything at once (mbconnect/result.h) and case files as a
 * library call (mbconnect/case.h). Expected values are computed by hand in
 * the comments; messages are the ones docs/eval.rst documents. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/case.h"
#include "mbconnect/mbconnect.h"

/* Every fixed-size index parameter that must be set gets 0, 1, ... (as case
 * files do), then the given (name, value) pairs; then initialize. */
static mbc_object *make(const char *type, const char *const *names, const double *values, size_t n,
                        bool initialize)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create(type, &err);
    assert_non_null(o);
    for (size_t i = 0; i < o->type->param_count; i++) {
        const mbc_param_info *p = &o->type->params[i];
        if (p->kind == MBC_VALUE_INDEX && p->must_be_set && p->shape != MBC_VECTOR) {
            double v[2] = {0, 1};
            assert_int_equal(mbc_object_set_array(o, p->name, v, p->size, &err), MBC_OK);
        }
    }
    for (size_t i = 0; i < n; i++)
        assert_int_equal(mbc_object_set(o, names[i], values[i], &err), MBC_OK);
    if (initialize)
        assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    return o;
}

static mbc_object *spheres(void)
{
    mbc_object *o = make("ContactSphereSphere", (const char *[]){"contactStiffness"},
                         (const double[]){1e5}, 1, false);
    mbc_error err;
    const double r[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", r, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    return o;
}

static const double zero3[3] = {0, 0, 0};

static void test_rigid_markers_are_checked(void **state)
{
    (void)state;
    mbc_object *o = spheres();
    mbc_input in;
    mbc_error err = {0};
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    /* A = diag(1, 1, 2): A^T A - I = diag(0, 0, 3), det 2 */
    const double bad[9] = {1, 0, 0, 0, 1, 0, 0, 0, 2};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, zero3, zero3, bad, NULL, &err),
                     MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[1].rotation: must be a rotation matrix, row-major "
                                     "local -> global (given max |A^T A - I| = 3, det A = 2)");
    /* a reflection is orthonormal but det = -1 */
    const double mirror[9] = {-1, 0, 0, 0, 1, 0, 0, 0, 1};
    double dev = -1, det = 0;
    assert_false(mbc_rotation_check(mirror, &dev, &det));
    assert_true(dev == 0.0 && det == -1.0);
    const double p[3] = {0, NAN, 0};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 1, p, zero3, NULL, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[2].position[2]: must be finite (given nan)");
    /* a Cable2DShape description for a rigid marker */
    const double pts[4] = {0, 0, 1, 0};
    assert_int_equal(mbc_input_set_cable_points(&in, 0, pts, 4, NULL, 1.0, 0.0, &err),
                     MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[1]: marker m0 of ContactSphereSphere is a "
                                     "Position+Orientation marker (given cable points)");
    /* m0 only: m1 is missing */
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, zero3, zero3, NULL, NULL, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "markers[2]: missing (marker m1, Position+Orientation)");
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* The input of spheres() with m0 at rest at the origin and m1 at rest at
 * x = 0.99 (the spheres overlap by 0.01 m), and its state. */
static const mbc_state *overlapping(mbc_object *o, mbc_input *in)
{
    mbc_error err = {0};
    assert_int_equal(mbc_input_init(in, o, &err), MBC_OK);
    const double p1[3] = {0.99, 0, 0};
    assert_int_equal(mbc_input_set_rigid_marker(in, 0, zero3, zero3, NULL, NULL, &err), MBC_OK);
    assert_int_equal(mbc_input_set_rigid_marker(in, 1, p1, zero3, NULL, NULL, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(in, &s, &err), MBC_OK);
    return s;
}

static void test_data_defaults_and_counts(void **state)
{
    (void)state;
    mbc_object *o = spheres();
    mbc_input in;
    mbc_error err = {0};
    const mbc_state *s = overlapping(o, &in);
    /* the spec's initial data: gap 0.1, then 0, 0, 0; start-of-step = data */
    assert_int_equal(s->data_count, 4);
    assert_true(s->data[0] == 0.1 && s->data_start[0] == 0.1 && s->data[3] == 0.0);
    assert_non_null(s->marker[0]);
    assert_null(s->cable);
    const double three[3] = {0, 0, 0};
    assert_int_equal(mbc_input_set_data(&in, three, 3, &err), MBC_ERR_SIZE);
    assert_string_equal(err.message,
                        "data: must have 4 numbers, the data coordinates of ContactSphereSphere "
                        "(given 3)");
    const double d[4] = {-0.01, 0, 0, 0}, d0[4] = {1, 2, 3, 4};
    assert_int_equal(mbc_input_set_data(&in, d, 4, &err), MBC_OK);
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_true(s->data[0] == -0.01 && s->data_start[0] == -0.01);
    assert_int_equal(mbc_input_set_data_start(&in, d0, 4, &err), MBC_OK);
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_true(s->data[0] == -0.01 && s->data_start[3] == 4.0);

    /* everything at once: overlap 0.01 m, k_c = 1e5 N/m: 1000 N on m1 along
     * +x, -1000 N on m0; Director3 = +x; Displacement = (0.99, 0, 0) */
    mbc_result r;
    assert_int_equal(mbc_result_evaluate(&r, o, s, &err), MBC_OK);
    assert_true(r.has_forces && r.has_post_newton && !r.has_algebraic);
    assert_true(fabs(r.forces.force[1][0] - 1000.0) < 1e-9);
    assert_true(fabs(r.forces.force[0][0] + 1000.0) < 1e-9);
    assert_int_equal(r.output_count, o->type->output_count);
    int dir = mbc_type_find_output(o->type, "Director3");
    int dis = mbc_type_find_output(o->type, "Displacement");
    assert_true(r.outputs[dir].values[0] == 1.0 && r.outputs[dir].values[1] == 0.0);
    assert_true(r.outputs[dis].values[0] == 0.99);
    /* PostNewtonStep: the new gap is the current one, -0.01 */
    assert_true(fabs(r.post_newton.data[0] + 0.01) < 1e-15);
    char *json = NULL;
    assert_int_equal(mbc_result_json(&r, &json, &err), MBC_OK);
    const char *head = "{\n  \"object\": \"ContactSphereSphere\",\n  \"forces\": {";
    assert_memory_equal(json, head, strlen(head));
    assert_non_null(strstr(json, "\"Director3\": [1.0000000000000000, 0.0000000000000000, "
                                 "0.0000000000000000]"));
    /* the FILE form writes the same bytes */
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(mbc_result_write_json(&r, f, &err), MBC_OK);
    rewind(f);
    size_t n = strlen(json);
    char *back = calloc(n + 2, 1);
    assert_int_equal(fread(back, 1, n + 1, f), n);
    assert_string_equal(back, json);
    free(back);
    /* a stream that cannot be written (read-only) is an I/O error; no stream
     * is a value error */
    FILE *ro = fopen(MBC_SOURCE_DIR "/README.md", "r");
    assert_non_null(ro);
    assert_int_equal(mbc_result_write_json(&r, ro, &err), MBC_ERR_IO);
    assert_int_equal(err.status, MBC_ERR_IO);
    assert_string_equal(err.message, "result: cannot write the JSON document");
    fclose(ro);
    assert_int_equal(mbc_result_write_json(&r, NULL, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "result: the file must be an open stream (given NULL)");
    fclose(f);
    free(json);
    mbc_result_free(&r);
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* A straight cable along x, q = [r0, r0', r1, r1'] = [0,0, 1,0, 2,0, 1,0],
 * L = 2, offset h = 0.1: the normal [-r'_y, r'_x]/|r'| is +y, so point i of
 * n = 4 segments is (2 i / 4, 0.1); the velocities vanish with q_t = 0. */
static void test_cable_from_ancf_element(void **state)
{
    (void)state;
    mbc_object *o = make("ContactFrictionCircleCable2D",
                         (const char *[]){"numberOfContactSegments", "circleRadius"},
                         (const double[]){4, 0.3}, 2, true);
    mbc_input in;
    mbc_error err = {0};
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    assert_string_equal(mbc_input_marker_field(o->type, 1), "markers[2]");
    mbc_cable_element e = {{0, 0, 1, 0, 2, 0, 1, 0}, {0}, 2.0};
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &e, 0.1, NULL, 3, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "markers[2].segments: must equal numberOfContactSegments = 4 (given 3)");
    const double ale[2] = {0.5, 0.0};
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &e, 0.1, ale, 4, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "markers[2].cable.verticalOffset: must be 0 for an ALE "
                                     "cable (one with 'ale') (given 0.1)");
    mbc_cable_element flat = {{0, 0, 0, 0, 2, 0, 0, 0}, {0}, 2.0}; /* r' = 0 everywhere */
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &flat, 0.1, NULL, 4, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "markers[2].cable.verticalOffset: the cable slope is zero "
                        "at a point, so the offset direction is undefined (given 0.1)");
    e.length = 0.0;
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &e, 0.1, NULL, 4, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "markers[2].cable.length: must be > 0 (given 0)");
    e.length = 2.0;
    assert_int_equal(mbc_input_set_cable_element(&in, 1, &e, 0.1, NULL, 4, &err), MBC_OK);
    const double c0[3] = {0.6, 0.29, 0};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, c0, zero3, NULL, NULL, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_non_null(s->cable);
    assert_int_equal(s->cable->segment_count, 4);
    for (int i = 0; i <= 4; i++) {
        assert_true(fabs(s->cable->points[2 * i] - 0.5 * i) < 1e-15);
        assert_true(fabs(s->cable->points[2 * i + 1] - 0.1) < 1e-15);
        assert_true(s->cable->point_velocities[2 * i] == 0.0);
    }
    /* points given directly: 2 (4 + 1) numbers are needed */
    const double pts[6] = {0, 0, 1, 0, 2, 0};
    assert_int_equal(mbc_input_set_cable_points(&in, 1, pts, 6, NULL, 2.0, 0.0, &err),
                     MBC_ERR_SIZE);
    assert_string_equal(err.message, "markers[2].points: must have 2 * (numberOfContactSegments "
                                     "+ 1) = 10 numbers (given 6)");
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

static void test_ale_joint_inputs(void **state)
{
    (void)state;
    mbc_object *o = make("JointALEMoving2D", NULL, NULL, 0, false);
    mbc_error err = {0};
    const double sliding[2] = {10, 11}, offsets[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", sliding, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", offsets, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    assert_string_equal(mbc_input_marker_field(o->type, 0), "markers[1]");
    assert_null(mbc_input_marker_field(o->type, 1));
    mbc_input in;
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_OK);
    const double p0[3] = {2.1, 0, 0};
    assert_int_equal(mbc_input_set_rigid_marker(&in, 0, p0, zero3, NULL, NULL, &err), MBC_OK);
    const mbc_state *s = NULL;
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "cables: missing (a list of ANCF Cable2D elements, one per "
                                     "entry of slidingMarkerNumbers)");
    mbc_cable_element c[2] = {{{0, 0, 1, 0, 1, 0, 1, 0}, {0}, 1.0},
                              {{1, 0, 1, 0, 2, 0, 1, 0}, {0}, 1.0}};
    assert_int_equal(mbc_input_set_ale_cables(&in, c, 1, &err), MBC_ERR_SIZE);
    assert_string_equal(err.message, "cables: must have one element per entry of "
                                     "slidingMarkerNumbers (2) (given 1)");
    assert_int_equal(mbc_input_set_ale_cables(&in, c, 2, &err), MBC_OK);
    assert_int_equal(mbc_input_set_ale_node(&in, INFINITY, 0, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ale.q: must be finite (given inf)");
    assert_int_equal(mbc_input_set_ale_node(&in, 2.1, 0.5, &err), MBC_OK);
    const double z[2] = {0, -1000};
    assert_int_equal(mbc_input_set_lagrange(&in, z, &err), MBC_OK);
    const double idx[1] = {2}; /* two elements: the index must be 0 or 1 */
    assert_int_equal(mbc_input_set_data(&in, idx, 1, &err), MBC_OK);
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "data[1]: must be the current sliding index, a whole number "
                                     "in [0, 1] (given 2)");
    const double one[1] = {1};
    assert_int_equal(mbc_input_set_data(&in, one, 1, &err), MBC_OK);
    assert_int_equal(mbc_input_state(&in, &s, &err), MBC_OK);
    assert_int_equal(s->cable_count, 2);
    assert_true(s->ale_q == 2.1 && s->ale_q_t == 0.5 && s->lagrange[1] == -1000);
    assert_null(s->marker[1]);
    mbc_result r;
    assert_int_equal(mbc_result_evaluate(&r, o, s, &err), MBC_OK);
    assert_true(r.has_algebraic && !r.has_forces && r.has_marker_number1);
    mbc_result_free(&r);
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

static void test_uninitialized_object(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    mbc_input in;
    assert_int_equal(mbc_input_init(&in, o, &err), MBC_ERR_STATE);
    assert_string_equal(err.message, "ContactSphereSphere: object is not initialized (call "
                                     "mbc_object_initialize after setting parameters)");
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* Case files as a library call: the same one-line errors as `mbc eval`. */
static void test_case_files(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    char *json = (char *)"unchanged";
    mbc_error err = {0};
    assert_int_equal(
        mbc_case_run_file(&r, MBC_SOURCE_DIR "/tests/eval/errors/bad_rotation.lua", &json, &err),
        MBC_ERR_INPUT);
    assert_null(json);
    assert_string_equal(err.message, MBC_SOURCE_DIR
                        "/tests/eval/errors/bad_rotation.lua:markers[1].rotation: "
                        "must be a rotation matrix, row-major local -> global (given "
                        "max |A^T A - I| = 3, det A = 2)");
    const char *text = "return { object = 'ContactSphereSphere', parameters = { spheresRadii = "
                       "{0.5, 0.5} }, markers = { { position = {0,0,0}, velocity = {0,0,0} }, "
                       "{ position = {2,0,0}, velocity = {0,0,0} } } }";
    assert_int_equal(mbc_case_run_buffer(&r, "inline", text, strlen(text), &json, &err), MBC_OK);
    assert_non_null(strstr(json, "\"object\": \"ContactSphereSphere\""));
    free(json);
    /* a registry without the type: unknown, with the registry's names */
    mbc_registry empty;
    mbc_registry_init_empty(&empty);
    assert_int_equal(mbc_case_run_buffer(&empty, "inline", text, strlen(text), &json, &err),
                     MBC_ERR_INPUT);
    char want[MBC_ERROR_SIZE], path[256];
    mbc_plugin_search_path(path, sizeof path);
    snprintf(want, sizeof want,
             "inline:object: unknown connector type (given 'ContactSphereSphere'; known: ); a "
             "plugin's type needs mbc --plugin or load_plugin first (plugin search path: %s)",
             path);
    assert_string_equal(err.message, want);
}

/* A case error carries the mbc_error fields (through mbc_fail_fields):
 * rule_offset after "CASE:FIELD: ", the type once the object is known, and
 * the parameter when a parameter's rule was broken. */
static void test_case_error_fields(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    char *json = NULL;
    mbc_error err = {0};
    const char *markers = "markers = { { position = {0,0,0}, velocity = {0,0,0} }, "
                          "{ position = {1,0,0}, velocity = {0,0,0} } } }";
    char text[512];

    /* a parameter's rule */
    snprintf(text, sizeof text,
             "return { object = 'ContactSphereSphere', parameters = { spheresRadii = {0.5, 0.5}, "
             "contactStiffness = -1 }, %s",
             markers);
    assert_int_equal(mbc_case_run_buffer(&r, "inline", text, strlen(text), &json, &err),
                     MBC_ERR_INPUT);
    assert_null(json);
    const char *prefix = "inline:parameters.contactStiffness: ";
    assert_string_equal(err.message, "inline:parameters.contactStiffness: must be >= 0 (UReal), "
                                     "given -1 (ContactSphereSphere.contactStiffness)");
    assert_int_equal(err.rule_offset, strlen(prefix));
    assert_string_equal(err.type_name, "ContactSphereSphere");
    assert_string_equal(err.param_name, "contactStiffness");
    const mbc_type_info *t = mbc_registry_lookup(&r, "ContactSphereSphere");
    assert_non_null(t);
    const mbc_param_info *p = mbc_type_find_param(t, "contactStiffness");
    assert_non_null(p);
    assert_int_equal(err.param_number, (size_t)(p - t->params) + 1);

    /* a case field of a known type: the type, no parameter */
    snprintf(text, sizeof text,
             "return { object = 'ContactSphereSphere', parameters = { spheresRadii = {0.5, 0.5} "
             "}, markers = { { velocity = {0,0,0} }, { position = {1,0,0}, velocity = {0,0,0} } "
             "} }");
    assert_int_equal(mbc_case_run_buffer(&r, "inline", text, strlen(text), &json, &err),
                     MBC_ERR_INPUT);
    prefix = "inline:markers[1].position: ";
    assert_int_equal(strncmp(err.message, prefix, strlen(prefix)), 0);
    assert_string_equal(err.message + err.rule_offset, "missing (a list of 3 numbers)");
    assert_string_equal(err.type_name, "ContactSphereSphere");
    assert_null(err.param_name);
    assert_int_equal(err.param_number, 0);

    /* no type yet */
    snprintf(text, sizeof text, "return { object = 'NoSuchType', %s", markers);
    assert_int_equal(mbc_case_run_buffer(&r, "inline", text, strlen(text), &json, &err),
                     MBC_ERR_INPUT);
    assert_int_equal(err.rule_offset, strlen("inline:object: "));
    assert_int_equal(strncmp(err.message + err.rule_offset,
                             "unknown connector type (given "
                             "'NoSuchType'; known: ",
                             42),
                     0);
    assert_null(err.type_name);
    assert_null(err.param_name);

    /* a Lua error: "CASE:LINE: ...", the line in the fields, the rule after it */
    const char *bad = "return {\n  object = \n}";
    assert_int_equal(mbc_case_run_buffer(&r, "inline", bad, strlen(bad), &json, &err),
                     MBC_ERR_INPUT);
    assert_string_equal(err.message, "inline:3: unexpected symbol near '}'");
    assert_int_equal(err.rule_offset, strlen("inline:3: "));
    assert_int_equal(err.line, 3);
    assert_string_equal(err.file, "inline");
    assert_int_equal(err.status, MBC_ERR_INPUT);
    assert_null(err.type_name);

    /* a message longer than the error's buffer is cut; the offset stays in it */
    char name[700];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    snprintf(text, sizeof text, "return 1");
    assert_int_equal(mbc_case_run_buffer(&r, name, text, strlen(text), &json, &err), MBC_ERR_INPUT);
    assert_int_equal(strlen(err.message), MBC_ERROR_SIZE - 1);
    assert_true(err.rule_offset <= strlen(err.message));
}

/* A result that is not finite has no JSON form: the error names its JSON
 * path, MBC_ERR_VALUE (not out of memory), and rule_offset marks the rule
 * (the writer's record, not a message read back); nothing is returned. */
static void test_result_json_not_finite(void **state)
{
    (void)state;
    mbc_object *o = spheres();
    mbc_input in;
    mbc_error err = {0};
    const mbc_state *s = overlapping(o, &in);
    mbc_result r;
    assert_int_equal(mbc_result_evaluate(&r, o, s, &err), MBC_OK);
    r.forces.force[1][2] = -INFINITY;
    char *json = (char *)"untouched";
    assert_int_equal(mbc_result_json(&r, &json, &err), MBC_ERR_VALUE);
    assert_null(json);
    assert_int_equal(err.status, MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "forces.markers[1].force[2]: result is not finite (given -inf)");
    assert_string_equal(err.message + err.rule_offset, "result is not finite (given -inf)");
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(mbc_result_write_json(&r, f, &err), MBC_ERR_VALUE);
    assert_int_equal(ftell(f), 0); /* nothing written */
    fclose(f);
    mbc_result_free(&r);
    mbc_input_free(&in);
    mbc_object_destroy(o);
}

/* The names results give warning flags (JSON and Python), one flag each. */
static void test_result_warning_names(void **state)
{
    (void)state;
    assert_string_equal(mbc_result_warning_name(MBC_WARN_ALE_INDEX_CLAMPED), "aleIndexClamped");
    assert_string_equal(mbc_result_warning_name(MBC_WARN_HULL_NOT_CONVERGED), "hullNotConverged");
    assert_string_equal(mbc_result_warning_name(MBC_WARN_AXIS_VERTICAL), "axisVertical");
    assert_string_equal(mbc_result_warning_name(MBC_WARN_STICK_OUT_OF_RANGE), "stickOutOfRange");
    assert_null(mbc_result_warning_name(0));
    assert_null(mbc_result_warning_name(MBC_WARN_ALE_CLAMPED_LOW));
    assert_null(mbc_result_warning_name(MBC_WARN_ALE_INDEX_CLAMPED | MBC_WARN_AXIS_VERTICAL));
}

/* Marker and node numbers 0, 1, ... for tools without a model; list-valued
 * index parameters are left to the caller. */
static void test_default_indices(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    assert_non_null(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, NULL, 0, &violations), MBC_ERR_VALUE);
    mbc_object_set_default_indices(o);
    double v[4] = {-1, -1, -1, -1};
    size_t n = 0;
    assert_int_equal(mbc_object_get(o, "markerNumbers", v, 4, &n, &err), MBC_OK);
    assert_int_equal(n, 2);
    assert_true(v[0] == 0.0 && v[1] == 1.0);
    const double radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, NULL, 0, &violations), MBC_OK);
    mbc_object_destroy(o);

    o = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(o);
    mbc_object_set_default_indices(o);
    assert_int_equal(mbc_object_get(o, "slidingMarkerNumbers", v, 4, &n, &err), MBC_OK);
    assert_int_equal(n, 0);
    assert_int_equal(mbc_object_get(o, "nodeNumbers", v, 4, &n, &err), MBC_OK);
    assert_int_equal(n, 2);
    assert_true(v[0] == 0.0 && v[1] == 1.0);
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rigid_markers_are_checked),
        cmocka_unit_test(test_data_defaults_and_counts),
        cmocka_unit_test(test_cable_from_ancf_element),
        cmocka_unit_test(test_ale_joint_inputs),
        cmocka_unit_test(test_uninitialized_object),
        cmocka_unit_test(test_case_files),
        cmocka_unit_test(test_case_error_fields),
        cmocka_unit_test(test_result_json_not_finite),
        cmocka_unit_test(test_result_warning_names),
        cmocka_unit_test(test_default_indices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
