/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactCircleCircle2D through the generic API of an installed mbconnect:
 * registration with a registry object next to the built-in types, creation
 * and parameters by name, validation messages, and forces, PostNewtonStep and
 * outputs against values computed by hand (see the comments), with the
 * balance of forces and moments. Plain C: prints each failed check and exits
 * with status 1. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mbconnect/mbconnect.h>

#include "circle_contacts_types.h"

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                           \
        if (strcmp(a_, b_) != 0) {                                                                 \
            fprintf(stderr, "%s:%d: got      \"%s\"\n%*s expected \"%s\"\n", __FILE__, __LINE__,   \
                    a_, (int)strlen(__FILE__) + 6, "", b_);                                        \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                                      \
    do {                                                                                           \
        double a_ = (a), b_ = (b);                                                                 \
        if (!(fabs(a_ - b_) <= (tol))) {                                                           \
            fprintf(stderr, "%s:%d: %s = %.17g, expected %.17g (tol %g)\n", __FILE__, __LINE__,    \
                    #a, a_, b_, (double)(tol));                                                    \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static const char *const type_name = "ContactCircleCircle2D";

/* ------------------------------------------------------------ registry */

static void test_registration(mbc_registry *r)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    mbc_error err = {0};
    mbc_registry_init(r);
    size_t builtin = mbc_registry_size(r);
    CHECK(builtin == mbc_registry_size(&builtin_types));
    CHECK(mbc_registry_lookup(r, type_name) == NULL);

    CHECK(circle_contacts_register_types(r, &err) == MBC_OK);
    CHECK(mbc_registry_size(r) == builtin + 1);
    CHECK(circle_contacts_type_count == 1);
    CHECK(mbc_registry_lookup(r, type_name) == &mbc_contact_circle_circle2d_type);
    /* kept sorted by name: the new type comes first */
    CHECK_STR(mbc_registry_entry(r, 0)->type_name, type_name);
    for (size_t i = 1; i < mbc_registry_size(r); i++)
        CHECK(strcmp(mbc_registry_entry(r, i - 1)->type_name, mbc_registry_entry(r, i)->type_name) <
              0);

    /* a second registration is refused with a message; r is unchanged */
    CHECK(circle_contacts_register_types(r, &err) == MBC_ERR_NAME);
    CHECK_STR(err.message, "connector type 'ContactCircleCircle2D' is already registered");
    CHECK(mbc_registry_size(r) == builtin + 1);

    /* the built-in, immutable functions do not know the new type */
    CHECK(mbc_registry_lookup(&builtin_types, type_name) == NULL);
    CHECK(mbc_object_create(type_name, &err) == NULL);
}

/* The same loop for every type, built-in or not (what `mbc describe` does). */
static void test_generic_loop(const mbc_registry *r)
{
    size_t seen = 0;
    for (size_t i = 0; i < mbc_registry_size(r); i++) {
        const mbc_type_info *t = mbc_registry_entry(r, i);
        mbc_error err = {0};
        mbc_object *o = mbc_registry_create(r, t->type_name, &err);
        CHECK(o != NULL);
        if (!o)
            continue;
        CHECK(o->type == t);
        /* every parameter, and every visualization parameter (a type may have
         * none), is found by name and read back with its documented count */
        for (size_t k = 0; k < t->param_count + t->vparam_count; k++) {
            const mbc_param_info *p =
                k < t->param_count ? &t->params[k] : &t->vparams[k - t->param_count];
            char name[128];
            snprintf(name, sizeof name, "%s%s", k < t->param_count ? "" : "visualization.",
                     p->name);
            CHECK(mbc_object_find_param(o, name) == p);
            if (p->kind == MBC_VALUE_STRING || p->shape == MBC_VECTOR)
                continue;
            double v[64];
            size_t n = 0;
            CHECK(mbc_object_get(o, name, v, 64, &n, &err) == MBC_OK);
            CHECK(n == p->size);
        }
        if (strcmp(t->type_name, type_name) == 0) {
            seen++;
            CHECK(t->param_count == 9);
            CHECK(t->output_count == 3);
            CHECK(t->data_block_count == 1);
            CHECK_STR(t->class_name, "ObjectContactCircleCircle2D");
        }
        mbc_object_destroy(o);
    }
    CHECK(seen == 1);
    mbc_error err = {0};
    CHECK(mbc_registry_create(r, "ContactCircle", &err) == NULL);
    /* the message lists the registry's types, this one among them */
    char expected[MBC_ERROR_SIZE];
    size_t len = (size_t)snprintf(expected, sizeof expected,
                                  "unknown connector type 'ContactCircle' (known:");
    for (size_t i = 0; i < mbc_registry_size(r) && len < sizeof expected; i++)
        len += (size_t)snprintf(expected + len, sizeof expected - len, "%s %s", i ? "," : "",
                                mbc_registry_entry(r, i)->type_name);
    if (len < sizeof expected)
        snprintf(expected + len, sizeof expected - len, ")");
    CHECK_STR(err.message, expected);
    CHECK(strstr(err.message, " ContactCircleCircle2D,") != NULL);
}

/* ------------------------------------------------------------ validation */

static void test_validation(const mbc_registry *r)
{
    mbc_error err = {0};
    mbc_object *o = mbc_registry_create(r, type_name, &err);
    CHECK(o != NULL);
    if (!o)
        return;
    /* setters check the type rules: value unchanged on failure */
    CHECK(mbc_object_set(o, "contactStiffness", -1, &err) == MBC_ERR_VALUE);
    CHECK_STR(err.message,
              "ContactCircleCircle2D.contactStiffness: must be >= 0 (UReal), given -1");
    CHECK(mbc_object_set(o, "contactStiffnes", 1, &err) == MBC_ERR_NAME);
    CHECK_STR(err.message,
              "ContactCircleCircle2D: unknown parameter 'contactStiffnes' (did you mean "
              "'contactStiffness'?)");
    const double three[3] = {1, 2, 3};
    CHECK(mbc_object_set_array(o, "circlesRadii", three, 3, &err) == MBC_ERR_SIZE);

    /* defaults: markers, node and radii unset -> every violation reported */
    mbc_object_set(o, "dynamicFriction", 0.3, &err);
    mbc_object_set(o, "frictionProportionalZone", 0, &err);
    mbc_error errors[8];
    size_t violations = 0;
    CHECK(mbc_object_initialize(o, errors, 8, &violations) == MBC_ERR_VALUE);
    CHECK(violations == 5);
    if (violations == 5) {
        CHECK_STR(errors[0].message, "ContactCircleCircle2D.markerNumbers: [0] must be set "
                                     "(ArrayMarkerIndex >= 0), given -1");
        CHECK_STR(errors[1].message, "ContactCircleCircle2D.markerNumbers: [1] must be set "
                                     "(ArrayMarkerIndex >= 0), given -1");
        CHECK_STR(errors[2].message,
                  "ContactCircleCircle2D.nodeNumber: must be set (NodeIndex >= 0), given -1");
        CHECK_STR(errors[3].message,
                  "ContactCircleCircle2D.circlesRadii: both radii must be > 0, given [-1, -1]");
        CHECK_STR(errors[4].message, "ContactCircleCircle2D.frictionProportionalZone: must be > 0 "
                                     "when dynamicFriction > 0, given 0");
    }
    CHECK(!o->initialized);

    /* an uninitialized object is not evaluated */
    mbc_forces f;
    memset(&f, 0, sizeof f);
    mbc_state s;
    memset(&s, 0, sizeof s);
    CHECK(mbc_object_forces(o, &s, &f, &err) != MBC_OK);
    mbc_object_destroy(o);
}

/* ------------------------------------------------------------ evaluation */

typedef struct contact_case {
    mbc_object *o;
    mbc_rigid_marker m[2];
    double data[1], start[1];
    mbc_state s;
} contact_case;

/* r0 = 0.5, r1 = 0.4, k_c = 1e4, d_c = 100, mu = 0.3, v_reg = 0.01;
 * p0 = (1, 2), p1 = p0 + (0.48, 0.64): L = 0.8, n = (0.6, 0.8), t = (-0.8, 0.6),
 * g = 0.8 - 0.9 = -0.1, l0 = 0.45, l1 = 0.35. Marker 0 is rotated by 30 deg
 * about z (omega_local = (0, 0, 2) is omega_z = 2 globally). */
static void case_init(contact_case *c, const mbc_registry *r)
{
    memset(c, 0, sizeof *c);
    mbc_error err = {0};
    c->o = mbc_registry_create(r, type_name, &err);
    CHECK(c->o != NULL);
    const double markers[2] = {0, 1}, radii[2] = {0.5, 0.4};
    CHECK(mbc_object_set_array(c->o, "markerNumbers", markers, 2, &err) == MBC_OK);
    CHECK(mbc_object_set(c->o, "nodeNumber", 2, &err) == MBC_OK);
    CHECK(mbc_object_set_array(c->o, "circlesRadii", radii, 2, &err) == MBC_OK);
    CHECK(mbc_object_set(c->o, "contactStiffness", 1e4, &err) == MBC_OK);
    CHECK(mbc_object_set(c->o, "contactDamping", 100, &err) == MBC_OK);
    CHECK(mbc_object_set(c->o, "dynamicFriction", 0.3, &err) == MBC_OK);
    CHECK(mbc_object_set(c->o, "frictionProportionalZone", 0.01, &err) == MBC_OK);
    size_t violations = 0;
    mbc_error errors[4];
    CHECK(mbc_object_initialize(c->o, errors, 4, &violations) == MBC_OK);
    CHECK(violations == 0);
    const double cs = sqrt(3.0) / 2.0, sn = 0.5;
    const double rot30[9] = {cs, -sn, 0, sn, cs, 0, 0, 0, 1};
    memcpy(c->m[0].rotation, rot30, sizeof rot30);
    c->m[1].rotation[0] = c->m[1].rotation[4] = c->m[1].rotation[8] = 1;
    c->m[0].position[0] = 1.0;
    c->m[0].position[1] = 2.0;
    c->m[1].position[0] = 1.48;
    c->m[1].position[1] = 2.64;
    c->data[0] = c->start[0] = -0.1; /* in contact */
    c->s.marker[0] = &c->m[0];
    c->s.marker[1] = &c->m[1];
    c->s.data = c->data;
    c->s.data_start = c->start;
    c->s.data_count = 1;
}

/* Sum of forces and of moments about the origin (z): both must vanish. */
static void check_balance(const contact_case *c, const mbc_forces *f)
{
    double fx = f->force[0][0] + f->force[1][0], fy = f->force[0][1] + f->force[1][1];
    double mz = f->torque[0][2] + f->torque[1][2];
    for (int j = 0; j < 2; j++)
        mz += c->m[j].position[0] * f->force[j][1] - c->m[j].position[1] * f->force[j][0];
    CHECK_NEAR(fx, 0.0, 1e-12);
    CHECK_NEAR(fy, 0.0, 1e-12);
    CHECK_NEAR(mz, 0.0, 1e-9);
}

/* Sliding: v1 = (0.1, -0.2), omega_0 = 2, omega_1 = -1.
 *   v_n = 0.1*0.6 - 0.2*0.8 = -0.1;   f_n = 1e4*(-0.1) + 100*(-0.1) = -1010
 *   v_t = (0.1*-0.8 - 0.2*0.6) - (-1)(0.35) - 2(0.45) = -0.2 + 0.35 - 0.9 = -0.75
 *   |v_t| >= v_reg: f_t = -0.3 * 1010 * sign(-0.75) = 303
 *   f_1 = 1010 (0.6, 0.8) + 303 (-0.8, 0.6) = (363.6, 989.8)
 *   tau_1 = -0.35 * 303 = -106.05,  tau_0 = -0.45 * 303 = -136.35 */
static void test_sliding(const mbc_registry *r)
{
    contact_case c;
    case_init(&c, r);
    if (!c.o)
        return;
    c.m[1].velocity[0] = 0.1;
    c.m[1].velocity[1] = -0.2;
    c.m[0].angular_velocity_local[2] = 2.0;
    c.m[1].angular_velocity_local[2] = -1.0;
    mbc_forces f;
    memset(&f, 0, sizeof f);
    mbc_error err = {0};
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_OK);
    CHECK_NEAR(f.force[1][0], 363.6, 1e-10);
    CHECK_NEAR(f.force[1][1], 989.8, 1e-10);
    CHECK_NEAR(f.force[1][2], 0.0, 0.0);
    CHECK_NEAR(f.force[0][0], -363.6, 1e-10);
    CHECK_NEAR(f.force[0][1], -989.8, 1e-10);
    CHECK_NEAR(f.torque[1][2], -106.05, 1e-10);
    CHECK_NEAR(f.torque[0][2], -136.35, 1e-10);
    CHECK_NEAR(f.torque[0][0], 0.0, 0.0);
    check_balance(&c, &f);

    double out[3];
    CHECK(mbc_object_output(c.o, &c.s, MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_FORCE, out, 3, &err) ==
          MBC_OK);
    CHECK_NEAR(out[0], 363.6, 1e-10);
    CHECK_NEAR(out[1], 989.8, 1e-10);
    CHECK(mbc_object_output(c.o, &c.s, MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_DISPLACEMENT, out, 3,
                            &err) == MBC_OK);
    CHECK_NEAR(out[0], 0.48, 1e-15);
    CHECK_NEAR(out[1], 0.64, 1e-15);
    CHECK_NEAR(out[2], 0.0, 0.0);
    CHECK(mbc_type_find_output(c.o->type, "Torque") < 0);
    CHECK(mbc_object_output(c.o, &c.s, MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_COUNT, out, 3, &err) ==
          MBC_ERR_NAME);
    int pen = mbc_type_find_output(c.o->type, "Penetration");
    CHECK(pen == MBC_CONTACT_CIRCLE_CIRCLE2D_OUTPUT_PENETRATION);
    CHECK(mbc_output_size(c.o->type, c.o->params, (size_t)pen) == 1);
    /* |p1 - p0| = |(0.48, 0.64)| = 0.8, r0 + r1 = 0.9: penetration 0.1 m */
    CHECK(mbc_object_output(c.o, &c.s, (size_t)pen, out, 1, &err) == MBC_OK);
    CHECK_NEAR(out[0], 0.1, 1e-15);
    mbc_object_destroy(c.o);
}

/* Proportional zone: v1 = 0.004 t = (-0.0032, 0.0024), no rotation:
 *   v_n = 0, f_n = -1000; v_t = 0.004 < v_reg: f_t = -0.3 * 1000 * 0.004 / 0.01 = -120
 *   f_1 = 1000 (0.6, 0.8) - 120 (-0.8, 0.6) = (696, 728)
 *   tau_1 = -0.35 * (-120) = 42,  tau_0 = -0.45 * (-120) = 54 */
static void test_proportional_zone(const mbc_registry *r)
{
    contact_case c;
    case_init(&c, r);
    if (!c.o)
        return;
    c.m[1].velocity[0] = -0.0032;
    c.m[1].velocity[1] = 0.0024;
    mbc_forces f;
    memset(&f, 0, sizeof f);
    mbc_error err = {0};
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_OK);
    CHECK_NEAR(f.force[1][0], 696.0, 1e-10);
    CHECK_NEAR(f.force[1][1], 728.0, 1e-10);
    CHECK_NEAR(f.torque[1][2], 42.0, 1e-10);
    CHECK_NEAR(f.torque[0][2], 54.0, 1e-10);
    check_balance(&c, &f);
    mbc_object_destroy(c.o);
}

/* The active set comes from the data coordinate, never from the geometry:
 * overlapping circles with data gap >= 0 give no force, and PostNewtonStep
 * then reports the switch with error |k_c g| = 1e4 * 0.1 = 1000. */
static void test_active_set_and_post_newton(const mbc_registry *r)
{
    contact_case c;
    case_init(&c, r);
    if (!c.o)
        return;
    mbc_error err = {0};
    mbc_forces f;
    memset(&f, 0, sizeof f);
    c.data[0] = 0.05;
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_OK);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++) {
            CHECK_NEAR(f.force[j][i], 0.0, 0.0);
            CHECK_NEAR(f.torque[j][i], 0.0, 0.0);
        }

    double new_data[1] = {99};
    mbc_post_newton pn;
    memset(&pn, 0, sizeof pn);
    pn.data = new_data;
    CHECK(mbc_object_post_newton_step(c.o, &c.s, &pn, &err) == MBC_OK);
    CHECK_NEAR(new_data[0], -0.1, 1e-15);
    CHECK_NEAR(pn.error, 1000.0, 1e-9);

    /* same state as assumed: no error */
    c.data[0] = -0.1;
    CHECK(mbc_object_post_newton_step(c.o, &c.s, &pn, &err) == MBC_OK);
    CHECK_NEAR(pn.error, 0.0, 0.0);

    /* separated: gap 0.1, switch from contact, error 1e4 * 0.1 */
    c.m[1].position[0] = 1.0 + 0.6;
    c.m[1].position[1] = 2.0 + 0.8;
    CHECK(mbc_object_post_newton_step(c.o, &c.s, &pn, &err) == MBC_OK);
    CHECK_NEAR(new_data[0], 0.1, 1e-14);
    CHECK_NEAR(pn.error, 1000.0, 1e-9);

    /* a deactivated connector keeps its data and gives no force */
    CHECK(mbc_object_set(c.o, "activeConnector", 0, &err) == MBC_OK);
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_ERR_STATE); /* not initialized */
    size_t violations = 0;
    CHECK(mbc_object_initialize(c.o, NULL, 0, &violations) == MBC_OK);
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_OK);
    CHECK_NEAR(f.force[1][0], 0.0, 0.0);
    CHECK(mbc_object_post_newton_step(c.o, &c.s, &pn, &err) == MBC_OK);
    CHECK_NEAR(new_data[0], -0.1, 0.0);
    CHECK_NEAR(pn.error, 0.0, 0.0);

    /* the generic layer checks the data count before the hook runs */
    c.s.data_count = 2;
    CHECK(mbc_object_forces(c.o, &c.s, &f, &err) == MBC_ERR_INPUT);
    mbc_object_destroy(c.o);
}

int main(void)
{
    printf("mbconnect %s (headers %d.%d.%d)\n", MBC_VERSION_STRING, MBC_VERSION_MAJOR,
           MBC_VERSION_MINOR, MBC_VERSION_PATCH);
    mbc_registry r;
    test_registration(&r);
    test_generic_loop(&r);
    test_validation(&r);
    test_sliding(&r);
    test_proportional_zone(&r);
    test_active_set_and_post_newton(&r);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    puts("all ContactCircleCircle2D checks passed");
    return 0;
}
