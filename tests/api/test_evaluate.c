/* SPDX-License-Identifier: BSD-3-Clause */
/* The generic evaluation layer (include/mbconnect/evaluate.h): every call is
 * refused with a message, and writes nothing, for an uninitialized object, a
 * missing hook, a wrong data count, a missing marker or a non-finite input;
 * otherwise it dispatches to the type's hook. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/state_check.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

typedef struct sphere_case {
    mbc_object *o;
    mbc_rigid_marker m[2];
    double data[4], start[4];
    mbc_state s;
} sphere_case;

/* The parameters every sphere object here needs: markers 0 and 1, node 2,
 * radii 0.5 (o of type ContactSphereSphere, or a copy of it). */
static void sphere_object_set(mbc_object *o)
{
    mbc_error err;
    assert_non_null(o);
    const double markers[2] = {0, 1}, radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
}

static void sphere_case_init(sphere_case *c)
{
    mbc_error err;
    c->o = mbc_object_create("ContactSphereSphere", &err);
    sphere_object_set(c->o);
    assert_int_equal(mbc_object_set(c->o, "contactStiffness", 1e4, &err), MBC_OK);
    memset(c->m, 0, sizeof c->m);
    for (int k = 0; k < 2; k++)
        c->m[k].rotation[0] = c->m[k].rotation[4] = c->m[k].rotation[8] = 1;
    c->m[1].position[0] = 0.99; /* overlap 0.01 */
    const double d[4] = {-0.01, 0, 0, 0};
    memcpy(c->data, d, sizeof d);
    memcpy(c->start, d, sizeof d);
    memset(&c->s, 0, sizeof c->s);
    c->s.marker[0] = &c->m[0];
    c->s.marker[1] = &c->m[1];
    c->s.data = c->data;
    c->s.data_start = c->start;
    c->s.data_count = 4;
}

/* sphere_case_init, then initialized. */
static void sphere_case_ready(sphere_case *c)
{
    sphere_case_init(c);
    mbc_error err = {0};
    assert_int_equal(mbc_object_initialize(c->o, &err, 1, NULL), MBC_OK);
}

static void expect_refused(const mbc_object *o, const mbc_state *s, mbc_status status,
                           const char *message)
{
    mbc_forces f;
    memset(&f, 0x5a, sizeof f);
    f.cable_point_forces = NULL;
    f.cable_point_count = 0;
    mbc_forces untouched = f;
    mbc_error err = {0};
    assert_int_equal(mbc_object_forces(o, s, &f, &err), status);
    assert_string_equal(err.message, message);
    assert_memory_equal(&f, &untouched, sizeof f);
}

static void test_refusals(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_init(&c);
    expect_refused(c.o, &c.s, MBC_ERR_STATE,
                   "ContactSphereSphere: object is not initialized (call mbc_object_initialize "
                   "after setting parameters)");
    mbc_error errors[4];
    size_t n = 0;
    assert_int_equal(mbc_object_initialize(c.o, errors, 4, &n), MBC_OK);

    c.s.data_count = 3;
    expect_refused(c.o, &c.s, MBC_ERR_INPUT,
                   "ContactSphereSphere: data node must have 4 data coordinates (data and "
                   "start-of-step data), given 3");
    c.s.data_count = 4;

    c.m[1].velocity[2] = NAN;
    expect_refused(c.o, &c.s, MBC_ERR_INPUT,
                   "ContactSphereSphere: marker m1 velocity[2] must be finite, given nan");
    c.m[1].velocity[2] = 0;
    c.start[3] = INFINITY;
    expect_refused(c.o, &c.s, MBC_ERR_INPUT,
                   "ContactSphereSphere: start-of-step data[3] must be finite, given inf");
    c.start[3] = 0;

    c.s.marker[0] = NULL;
    expect_refused(c.o, &c.s, MBC_ERR_INPUT,
                   "ContactSphereSphere: marker m0 (Position+Orientation) is missing");
    c.s.marker[0] = &c.m[0];

    /* a hook the type does not have */
    mbc_algebraic a;
    mbc_error err;
    assert_int_equal(mbc_object_algebraic_equations(c.o, &c.s, &a, &err), MBC_ERR_STATE);
    assert_string_equal(err.message, "ContactSphereSphere has no algebraic equations");

    /* a wrong output size */
    double out[4];
    assert_int_equal(
        mbc_object_output(c.o, &c.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE, out, 4, &err),
        MBC_ERR_SIZE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.Force: output has 3 values, buffer holds 4");
    assert_int_equal(
        mbc_object_output(c.o, &c.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_COUNT, out, 1, &err),
        MBC_ERR_NAME);
    assert_string_equal(err.message,
                        "ContactSphereSphere has no output variable number 9 (it has 9)");

    /* changing a parameter requires initializing again */
    assert_int_equal(mbc_object_set(c.o, "contactStiffness", 2e4, &err), MBC_OK);
    expect_refused(c.o, &c.s, MBC_ERR_STATE,
                   "ContactSphereSphere: object is not initialized (call mbc_object_initialize "
                   "after setting parameters)");
    mbc_object_destroy(c.o);
}

/* The dispatch's fast check sums every input: huge but finite values whose
 * sum overflows must still pass (the value-by-value check lets them
 * through), with the same forces as at rest: both spheres move with the
 * same velocity 1e308 m/s in x and y, so the relative velocity is 0. */
static void test_huge_finite_inputs_pass(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_ready(&c);
    mbc_error err = {0};
    for (int k = 0; k < 2; k++)
        c.m[k].velocity[0] = c.m[k].velocity[1] = 1e308;
    mbc_forces f;
    memset(&f, 0, sizeof f);
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_OK);
    assert_true(fabs(f.force[1][0] - 1e4 * 0.01) < 1e-9);
    /* and one infinity among them is refused, named */
    c.m[1].rotation[5] = INFINITY;
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactSphereSphere: marker m1 rotation[5] must be finite, given inf");
    mbc_object_destroy(c.o);
}

/* Through the dispatch: the static overlap gives k_c delta on m1 along +x,
 * the negative on m0 (ContactSphereSphere, impact model 0, n_exp = 1). */
static void test_dispatch(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_init(&c);
    mbc_error errors[4];
    size_t n = 0;
    assert_int_equal(mbc_object_initialize(c.o, errors, 4, &n), MBC_OK);
    mbc_forces f;
    memset(&f, 0, sizeof f);
    mbc_error err;
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_OK);
    assert_true(fabs(f.force[1][0] - 1e4 * 0.01) < 1e-9);
    assert_true(fabs(f.force[0][0] + 1e4 * 0.01) < 1e-9);
    double out[3];
    assert_int_equal(
        mbc_object_output(c.o, &c.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DIRECTOR3, out, 3, &err),
        MBC_OK);
    assert_true(out[0] == 1 && out[1] == 0 && out[2] == 0);
    double data[4];
    mbc_post_newton pns = {data, 0, 0, 0, 0};
    assert_int_equal(mbc_object_post_newton_step(c.o, &c.s, &pns, &err), MBC_OK);
    assert_true(fabs(data[0] - (0.99 - 1.0)) < 1e-15);
    mbc_object_destroy(c.o);
}

/* PostNewtonStep updates state parameters: a level cylinder (r = 0.5) whose
 * center is 1 mm lower than touching has its potential contact point directly
 * below the center, pContact = p_C - p_m0 = (x, y, -0.001). */
static void test_post_newton_updates_state(void **state)
{
    (void)state;
    mbc_error err;
    mbc_object *o = mbc_object_create("ContactConvexRoll", &err);
    assert_non_null(o);
    const double markers[2] = {0, 1}, hull[1] = {0.5};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "contactStiffness", 1e5, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "rollLength", 0.4, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "coefficientsHull", hull, 1, &err), MBC_OK);
    mbc_error errors[4];
    size_t n = 0;
    assert_int_equal(mbc_object_initialize(o, errors, 4, &n), MBC_OK);
    mbc_rigid_marker m[2];
    memset(m, 0, sizeof m);
    for (int k = 0; k < 2; k++)
        m[k].rotation[0] = m[k].rotation[4] = m[k].rotation[8] = 1;
    m[0].position[2] = 0.2; /* ground plane z = 0.2 */
    m[1].position[0] = 3.0;
    m[1].position[1] = -1.0;
    m[1].position[2] = 0.2 + 0.5 - 0.001;
    /* data: [slip lateral, slip longitudinal, gap]; the step starts open */
    double data[3] = {0, 0, 0.1}, start[3] = {0, 0, 0.1}, out[3];
    mbc_state s = {.marker = {&m[0], &m[1]}, .data = data, .data_start = start, .data_count = 3};
    mbc_post_newton pns = {out, 0, 0, 0, 0};
    assert_int_equal(mbc_object_post_newton_step(o, &s, &pns, &err), MBC_OK);
    double pc[3];
    size_t count = 0;
    assert_int_equal(mbc_object_get(o, "pContact", pc, 3, &count, &err), MBC_OK);
    assert_int_equal(count, 3);
    assert_true(fabs(pc[0] - 3.0) < 1e-12 && fabs(pc[1] + 1.0) < 1e-12);
    assert_true(fabs(pc[2] + 0.001) < 1e-12);
    assert_true(fabs(out[2] - pc[2]) < 1e-15);         /* the data gap is the same quantity */
    assert_true(fabs(pns.error - 1e5 * 0.001) < 1e-9); /* contact switch: |g k_c| */
    mbc_object_destroy(o);
}

/* The checks the typed hooks no longer repeat (mbconnect/state_check.h):
 * missing output buffers are refused at the dispatch, named, and nothing is
 * evaluated. */
static void test_outputs_checked_at_boundary(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_ready(&c);
    mbc_error err = {0};
    assert_int_equal(mbc_object_forces(c.o, &c.s, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactSphereSphere: no output");
    assert_int_equal(mbc_object_post_newton_step(c.o, &c.s, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactSphereSphere: PostNewtonStep needs an output data buffer");
    mbc_post_newton pns = {NULL, 0, 0, 0, 0};
    assert_int_equal(mbc_object_post_newton_step(c.o, &c.s, &pns, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactSphereSphere: PostNewtonStep needs an output data buffer");
    assert_int_equal(
        mbc_object_output(c.o, &c.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE, NULL, 3, &err),
        MBC_ERR_SIZE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.Force: output has 3 values, buffer holds 0");
    mbc_object_destroy(c.o);
}

/* An impact model the contact law does not have (impactModel one_of 0, 1, 2
 * in the spec) is refused by the setter, by validate() (initialize) when the
 * field is written directly, and, should the struct be written after
 * initialization, by every evaluation in contact (the hooks' own check,
 * mbc_contact_sphere_sphere_check_model), named by parameter with the same
 * message; never an assertion, never a number. */
static void test_impact_model_refused(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_init(&c);
    mbc_error err = {0};
    const char *msg = "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 3";
    assert_int_equal(mbc_object_set(c.o, "impactModel", 3, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, msg);
    mbc_contact_sphere_sphere_params *p = c.o->params;
    assert_int_equal(p->impactModel, 0); /* unchanged */
    p->impactModel = 3;                  /* written directly */
    size_t violations = 0;
    assert_int_not_equal(mbc_object_initialize(c.o, &err, 1, &violations), MBC_OK);
    assert_int_equal(violations, 1);
    assert_string_equal(err.message, msg);
    assert_false(c.o->initialized);
    p->impactModel = 0;
    assert_int_equal(mbc_object_initialize(c.o, &err, 1, NULL), MBC_OK);
    p->impactModel = 3; /* after initialization */
    mbc_forces f;
    memset(&f, 0, sizeof f);
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, msg);
    double data[4];
    mbc_post_newton pns = {data, 0, 0, 0, 0};
    assert_int_equal(mbc_object_post_newton_step(c.o, &c.s, &pns, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, msg);
    double out[3];
    assert_int_equal(
        mbc_object_output(c.o, &c.s, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_FORCE, out, 3, &err),
        MBC_ERR_VALUE);
    assert_string_equal(err.message, msg);
    /* EAPM with lambda_P = 1 (K2 = k_c / (1 - lambda_P) is infinite): the
     * setter refuses it, and so does the evaluation of a struct written
     * directly */
    p->impactModel = 0;
    const char *lambda =
        "ContactSphereSphere.contactPlasticityRatio: must be in [0, 1) (UReal), given 1";
    assert_int_equal(mbc_object_set(c.o, "contactPlasticityRatio", 1, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, lambda);
    assert_int_equal(mbc_object_initialize(c.o, &err, 1, NULL), MBC_OK);
    p->contactPlasticityRatio = 1;
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, lambda);
    assert_string_equal(err.param_name, "contactPlasticityRatio");
    mbc_object_destroy(c.o);
}

/* spheresRadii keeps the seed's documented default [-1, -1], which means
 * "unset": a case that never sets the radii is refused at initialization
 * (and so never evaluated), with a message that says how to fix it. */
static void test_unset_radii_refused(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    sphere_object_set(o);
    assert_int_equal(mbc_object_set(o, "contactStiffness", 1e5, &err), MBC_OK);
    const double unset[2] = {-1, -1};
    /* the documented default can be set back (a getter's value round-trips) */
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", unset, 2, &err), MBC_OK);
    size_t violations = 0;
    assert_int_not_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    assert_int_equal(violations, 1);
    assert_string_equal(err.message, "ContactSphereSphere.spheresRadii: must be > 0 before "
                                     "initialize (given [-1, -1], the unset default: set both "
                                     "radii)");
    assert_false(o->initialized);
    /* a negative radius that is not the placeholder: refused by the setter */
    const double half[2] = {0.5, -1};
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", half, 2, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.spheresRadii: [1] must be > 0 (Vector2D), given -1");
    mbc_object_destroy(o);
}

/* mbc_state_check, for callers of the typed hooks, checks what the dispatch
 * checks, with the same messages. */
static void test_state_check(void **state)
{
    (void)state;
    sphere_case c;
    sphere_case_ready(&c);
    mbc_error err = {0};
    const mbc_type_info *t = c.o->type;
    assert_int_equal(mbc_state_check(t, c.o->params, &c.s, &err), MBC_OK);
    mbc_forces f;
    c.m[0].angular_velocity_local[1] = -INFINITY;
    assert_int_equal(mbc_state_check(t, c.o->params, &c.s, &err), MBC_ERR_INPUT);
    assert_string_equal(
        err.message,
        "ContactSphereSphere: marker m0 angular velocity[1] must be finite, given -inf");
    assert_int_equal(mbc_object_forces(c.o, &c.s, &f, &err), MBC_ERR_INPUT);
    assert_string_equal(
        err.message,
        "ContactSphereSphere: marker m0 angular velocity[1] must be finite, given -inf");
    c.m[0].angular_velocity_local[1] = 0;
    c.s.marker[1] = NULL;
    assert_int_equal(mbc_state_check(t, c.o->params, &c.s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactSphereSphere: marker m1 (Position+Orientation) is missing");
    c.s.marker[1] = &c.m[1];
    c.s.data_count = 5;
    assert_int_equal(mbc_state_check(t, c.o->params, &c.s, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactSphereSphere: data node must have 4 data coordinates "
                                     "(data and start-of-step data), given 5");
    assert_int_equal(mbc_state_check(t, c.o->params, NULL, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactSphereSphere: no state");
    assert_int_equal(mbc_state_check(NULL, c.o->params, &c.s, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "mbc_state_check: no type or no parameters");
    mbc_object_destroy(c.o);
}

/* A forces hook that counts its calls and returns data[5] + data_start[5]
 * as the x force on m1. (A test-only counter.) */
static int six_data_calls;
static mbc_status six_data_forces(const void *params, const mbc_state *s, mbc_forces *out,
                                  mbc_error *err)
{
    (void)params;
    (void)err;
    assert_int_equal(s->data_count, 6);
    memset(out->force, 0, sizeof out->force);
    out->force[1][0] = s->data[5] + s->data_start[5];
    six_data_calls++;
    return MBC_OK;
}

/* A type with two rigid markers and 6 data coordinates (more than the fast
 * test's 4 at a time): every one of them is checked, in data and in
 * start-of-step data, and a finite state reaches the hook. */
static void test_six_data_coordinates(void **state)
{
    (void)state;
    mbc_type_info t = mbc_contact_sphere_sphere_type;
    const mbc_data_info blocks[6] = {{"a", 0, "", 0}, {"b", 0, "", 0}, {"c", 0, "", 0},
                                     {"d", 0, "", 0}, {"e", 0, "", 0}, {"f", 0, "", 0}};
    t.data = blocks;
    t.data_block_count = 6;
    t.data_per = -1;
    t.forces = six_data_forces;
    mbc_error err = {0};
    mbc_object *o = mbc_object_create_type(&t, &err);
    sphere_object_set(o);
    assert_int_equal(mbc_object_initialize(o, &err, 1, NULL), MBC_OK);
    mbc_rigid_marker m[2];
    memset(m, 0, sizeof m);
    double data[6] = {1, 2, 3, 4, 5, 6}, start[6] = {1, 2, 3, 4, 5, 7};
    mbc_state s = {0};
    s.marker[0] = &m[0];
    s.marker[1] = &m[1];
    s.data = data;
    s.data_start = start;
    s.data_count = 6;
    mbc_forces f;
    six_data_calls = 0;
    assert_int_equal(mbc_object_forces(o, &s, &f, &err), MBC_OK);
    assert_int_equal(six_data_calls, 1);
    assert_true(f.force[1][0] == 13.0);
    data[5] = NAN;
    assert_int_equal(mbc_object_forces(o, &s, &f, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactSphereSphere: data[5] must be finite, given nan");
    data[5] = 6;
    start[4] = -INFINITY;
    assert_int_equal(mbc_object_forces(o, &s, &f, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactSphereSphere: start-of-step data[4] must be finite, given -inf");
    assert_int_equal(six_data_calls, 1);
    s.data_count = 4;
    assert_int_equal(mbc_object_forces(o, &s, &f, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "ContactSphereSphere: data node must have 6 data coordinates "
                                     "(data and start-of-step data), given 4");
    mbc_object_destroy(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_huge_finite_inputs_pass),
        cmocka_unit_test(test_post_newton_updates_state),
        cmocka_unit_test(test_outputs_checked_at_boundary),
        cmocka_unit_test(test_impact_model_refused),
        cmocka_unit_test(test_unset_radii_refused),
        cmocka_unit_test(test_state_check),
        cmocka_unit_test(test_six_data_coordinates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
