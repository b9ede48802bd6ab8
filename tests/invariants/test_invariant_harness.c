/* SPDX-License-Identifier: BSD-3-Clause */
/* The invariant harness (mbconnect/invariants.h) must catch broken physics:
 * each test wraps the hooks of a built-in type so that one thing is wrong
 * (a torque sign, a cable point velocity, the sign of the dissipative forces,
 * the frame of an output, one Jacobian entry) and checks that the invariant
 * guarding it fails, while the unbroken type passes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/generated/joint_ale_moving2d.h"
#include "mbconnect/invariants.h"

static mbc_invariant_report check(const mbc_type_info *t, mbc_invariant inv)
{
    mbc_invariant_options opt = {.seed = 7, .states = 200};
    mbc_invariant_report rep;
    mbc_error err = {0};
    mbc_status st = mbc_invariant_check(t, inv, &opt, &rep, &err);
    if (st != MBC_OK)
        fail_msg("%s", err.message);
    assert_int_equal(rep.states, 200);
    return rep;
}

/* The invariant holds for the real type and fails for its mutant, whose
 * first failure names `what`; returns the mutant's report. */
static mbc_invariant_report assert_caught(const mbc_type_info *real, const mbc_type_info *mutant,
                                          mbc_invariant inv, const char *what)
{
    assert_int_equal(check(real, inv).failures, 0);
    mbc_invariant_report bad = check(mutant, inv);
    assert_true(bad.failures > 0);
    assert_non_null(strstr(bad.first_failure, what));
    return bad;
}

static void test_names(void **state)
{
    (void)state;
    static const char *const names[] = {"action_reaction", "frame_invariance", "frame_invariance_z",
                                        "jacobian_fd",     "passivity",        "rigid_motion"};
    for (int i = 0; i < MBC_INVARIANT_COUNT; i++) {
        assert_string_equal(mbc_invariant_name((mbc_invariant)i), names[i]);
        assert_int_equal(mbc_invariant_from_name(names[i]), i);
    }
    assert_null(mbc_invariant_name(MBC_INVARIANT_COUNT));
    assert_int_equal(mbc_invariant_from_name("passivty"), -1);
    assert_int_equal(mbc_invariant_from_name(NULL), -1);
}

/* The four seed types declare their invariants; for every type that does, a
 * declared invariant never also appears as not holding, and every one that
 * does not hold has a reason. */
static void test_builtin_declarations(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    for (size_t i = 0; i < mbc_registry_size(&builtin_types); i++) {
        const mbc_type_info *t = mbc_registry_entry(&builtin_types, i);
        const mbc_invariant_info *iv = t->invariants;
        if (!iv)
            continue;
        assert_true(iv->holds != 0);
        assert_int_equal(iv->holds & iv->not_holding, 0);
        for (int k = 0; k < MBC_INVARIANT_COUNT; k++)
            assert_int_equal(iv->reasons[k] != NULL, (iv->not_holding >> k) & 1u);
        assert_int_equal(mbc_type_invariants(t), iv->holds);
    }
    /* what the specs say for the seed types */
    assert_non_null(mbc_contact_convex_roll_type.invariants);
    assert_true(mbc_contact_sphere_sphere_type.invariants->holds &
                (1u << MBC_INVARIANT_ACTION_REACTION));
    assert_true(mbc_joint_ale_moving2d_type.invariants->holds & (1u << MBC_INVARIANT_JACOBIAN_FD));
    assert_true(mbc_contact_friction_circle_cable2d_type.invariants->planar);
    assert_false(mbc_contact_sphere_sphere_type.invariants->planar);
    /* the emitted sample values and reasons are those of the spec text:
     * sample = { spheresRadii = { 0.5, 0.4 }, ... },
     * not_holding = { passivity = "signed normal force in friction, ..." } */
    const mbc_invariant_info *iv = mbc_contact_sphere_sphere_type.invariants;
    bool radii = false;
    for (size_t i = 0; i < iv->sample_count; i++)
        if (strcmp(iv->sample[i].name, "spheresRadii") == 0) {
            assert_int_equal(iv->sample[i].count, 2);
            assert_true(iv->sample[i].values[0] == 0.5 && iv->sample[i].values[1] == 0.4);
            radii = true;
        }
    assert_true(radii);
    if (iv->not_holding & (1u << MBC_INVARIANT_PASSIVITY))
        assert_string_equal(iv->reasons[MBC_INVARIANT_PASSIVITY],
                            "signed normal force in friction, fixed on branch physics");
    const mbc_invariant_info *cc = mbc_contact_friction_circle_cable2d_type.invariants;
    assert_int_equal(cc->rigid_zero_output_count, 1);
    assert_string_equal(cc->rigid_zero_outputs[0], "Coordinates_t[1::2]");
    assert_true(cc->rigid_forces_nonzero);
    assert_non_null(cc->rigid_reason);
    assert_int_equal(mbc_contact_convex_roll_type.invariants->at_rest, 1u);
}

static void test_refuses_what_the_type_cannot_do(void **state)
{
    (void)state;
    mbc_invariant_report rep;
    mbc_error err = {0};
    assert_int_equal(mbc_invariant_check(&mbc_contact_sphere_sphere_type, MBC_INVARIANT_JACOBIAN_FD,
                                         NULL, &rep, &err),
                     MBC_ERR_STATE);
    assert_string_equal(err.message, "ContactSphereSphere: invariant jacobian_fd needs algebraic "
                                     "equations, which the type lacks");
    assert_int_equal(mbc_invariant_check(&mbc_joint_ale_moving2d_type, MBC_INVARIANT_PASSIVITY,
                                         NULL, &rep, &err),
                     MBC_ERR_STATE);
}

/* ---- mutant: the torque on sphere 1 with the wrong sign ---- */
static mbc_status sphere_torque_flipped(const void *p, const mbc_state *s, mbc_forces *out,
                                        mbc_error *err)
{
    mbc_status st = mbc_contact_sphere_sphere_type.forces(p, s, out, err);
    for (int i = 0; i < 3; i++)
        out->torque[1][i] = -out->torque[1][i];
    return st;
}

static void test_catches_torque_sign(void **state)
{
    (void)state;
    mbc_type_info mutant = mbc_contact_sphere_sphere_type;
    mutant.forces = sphere_torque_flipped;
    mbc_invariant_report bad = assert_caught(&mbc_contact_sphere_sphere_type, &mutant,
                                             MBC_INVARIANT_ACTION_REACTION, "sum of moments");
    /* every state with friction (a tangential force) breaks the moment balance */
    assert_true(bad.failures > bad.in_contact / 2);
}

/* ---- mutant: every cable point moves with the velocity of point 0 ---- */
#define MAX_POINTS 257
typedef struct wrong_cable {
    mbc_state s;
    mbc_cable_marker c;
    double v[2 * MAX_POINTS];
} wrong_cable;

static const mbc_state *wrong_velocities(const mbc_state *s, wrong_cable *w)
{
    w->s = *s;
    w->c = *s->cable;
    size_t n = s->cable->segment_count + 1;
    assert_true(n <= MAX_POINTS);
    for (size_t i = 0; i < n; i++) {
        w->v[2 * i] = s->cable->point_velocities[0];
        w->v[2 * i + 1] = s->cable->point_velocities[1];
    }
    w->c.point_velocities = w->v;
    w->s.cable = &w->c;
    return &w->s;
}

static mbc_status cable_forces(const void *p, const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    wrong_cable w;
    return mbc_contact_friction_circle_cable2d_type.forces(p, wrong_velocities(s, &w), out, err);
}

static mbc_status cable_pns(void *p, const mbc_state *s, mbc_post_newton *out, mbc_error *err)
{
    wrong_cable w;
    return mbc_contact_friction_circle_cable2d_type.post_newton_step(p, wrong_velocities(s, &w),
                                                                     out, err);
}

static mbc_status cable_output(const void *p, const mbc_state *s, size_t var, double *out,
                               size_t size, mbc_error *err)
{
    wrong_cable w;
    return mbc_contact_friction_circle_cable2d_type.output(p, wrong_velocities(s, &w), var, out,
                                                           size, err);
}

static void test_catches_wrong_cable_point_velocity(void **state)
{
    (void)state;
    mbc_type_info mutant = mbc_contact_friction_circle_cable2d_type;
    mutant.forces = cable_forces;
    mutant.post_newton_step = cable_pns;
    mutant.output = cable_output;
    (void)assert_caught(&mbc_contact_friction_circle_cable2d_type, &mutant,
                        MBC_INVARIANT_RIGID_MOTION, "Coordinates_t");
}

/* ---- mutant: the convex roll's dissipative forces with the wrong sign ---- */
static mbc_status roll_forces_negated(const void *p, const mbc_state *s, mbc_forces *out,
                                      mbc_error *err)
{
    mbc_status st = mbc_contact_convex_roll_type.forces(p, s, out, err);
    for (int m = 0; m < 2; m++)
        for (int i = 0; i < 3; i++)
            out->force[m][i] = -out->force[m][i], out->torque[m][i] = -out->torque[m][i];
    return st;
}

static void test_catches_energy_source(void **state)
{
    (void)state;
    mbc_type_info mutant = mbc_contact_convex_roll_type;
    mutant.forces = roll_forces_negated;
    (void)assert_caught(&mbc_contact_convex_roll_type, &mutant, MBC_INVARIANT_PASSIVITY,
                        "power of the dissipative forces");
}

/* ---- mutant: a force term fixed in the global frame (like a stray gravity
 * term): it balances between the markers but does not turn with the state ---- */
static mbc_status sphere_force_global_term(const void *p, const mbc_state *s, mbc_forces *out,
                                           mbc_error *err)
{
    mbc_status st = mbc_contact_sphere_sphere_type.forces(p, s, out, err);
    double f = sqrt(out->force[1][0] * out->force[1][0] + out->force[1][1] * out->force[1][1] +
                    out->force[1][2] * out->force[1][2]);
    out->force[1][0] += 0.01 * f;
    out->force[0][0] -= 0.01 * f;
    return st;
}

static void test_catches_force_in_wrong_frame(void **state)
{
    (void)state;
    mbc_type_info mutant = mbc_contact_sphere_sphere_type;
    mutant.forces = sphere_force_global_term;
    (void)assert_caught(&mbc_contact_sphere_sphere_type, &mutant, MBC_INVARIANT_FRAME_INVARIANCE,
                        "force on m");
}

/* ---- mutant: one Jacobian entry 0.1 % off ---- */
static mbc_status joint_jacobian_off(const void *p, const mbc_state *s, mbc_algebraic *out,
                                     mbc_error *err)
{
    mbc_status st = mbc_joint_ale_moving2d_type.algebraic_equations(p, s, out, err);
    out->dv_ale[1] *= 1.001;
    return st;
}

static void test_catches_jacobian_error(void **state)
{
    (void)state;
    mbc_type_info mutant = mbc_joint_ale_moving2d_type;
    mutant.algebraic_equations = joint_jacobian_off;
    (void)assert_caught(&mbc_joint_ale_moving2d_type, &mutant, MBC_INVARIANT_JACOBIAN_FD,
                        "d velocity / d q_ALE");
}

/* The same seed gives the same states: the report is reproducible. */
static void test_reproducible(void **state)
{
    (void)state;
    mbc_invariant_report a = check(&mbc_contact_sphere_sphere_type, MBC_INVARIANT_PASSIVITY);
    mbc_invariant_report b = check(&mbc_contact_sphere_sphere_type, MBC_INVARIANT_PASSIVITY);
    assert_int_equal(a.in_contact, b.in_contact);
    assert_int_equal(a.failures, b.failures);
    assert_true(a.worst == b.worst);
    assert_true(a.in_contact > 0 && a.out_of_contact > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_builtin_declarations),
        cmocka_unit_test(test_refuses_what_the_type_cannot_do),
        cmocka_unit_test(test_catches_torque_sign),
        cmocka_unit_test(test_catches_wrong_cable_point_velocity),
        cmocka_unit_test(test_catches_energy_source),
        cmocka_unit_test(test_catches_force_in_wrong_frame),
        cmocka_unit_test(test_catches_jacobian_error),
        cmocka_unit_test(test_reproducible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
