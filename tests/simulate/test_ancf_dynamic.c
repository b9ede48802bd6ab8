/* SPDX-License-Identifier: BSD-3-Clause */
/* The dynamic ANCF Cable2D element of mbc simulate (simulate/
 * ancf_dynamic.h) against independent facts: the mass of a rigid
 * translation is rhoA L; the internal force is the gradient of the strain
 * energy (central differences); a rigidly moved straight element is free of
 * strain; damping is linear in the velocities; gravity adds up to rhoA L g. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>

#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ancf_dynamic.h"

static const sim_cable_properties props = {0.7, 2.5, 3e3, 4.0, 0.0, 0.0};

/* A bent and stretched configuration. */
static const double q_bent[8] = {0.1, -0.2, 0.95, 0.2, 0.78, 0.05, 0.9, -0.35};

static void test_mass_of_rigid_translation(void **state)
{
    (void)state;
    double M[64];
    sim_cable_mass_matrix(&props, M);
    for (int c = 0; c < 2; ++c) {
        double u[8] = {0};
        u[c] = u[4 + c] = 1.0; /* unit translation along c, slopes unchanged */
        double m = 0.0;
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j)
                m += u[i] * M[i * 8 + j] * u[j];
        assert_true(fabs(m - props.mass_per_length * props.length) < 1e-13);
    }
    for (int i = 0; i < 8; ++i) /* symmetric */
        for (int j = 0; j < 8; ++j)
            assert_true(fabs(M[i * 8 + j] - M[j * 8 + i]) < 1e-15);
}

static void test_internal_force_is_energy_gradient(void **state)
{
    (void)state;
    double Q[8];
    const double zero[8] = {0};
    sim_cable_internal_force(&props, q_bent, zero, Q);
    for (int k = 0; k < 8; ++k) {
        double qp[8], qm[8];
        memcpy(qp, q_bent, sizeof qp);
        memcpy(qm, q_bent, sizeof qm);
        const double h = 1e-6;
        qp[k] += h;
        qm[k] -= h;
        const double g =
            (sim_cable_strain_energy(&props, qp) - sim_cable_strain_energy(&props, qm)) / (2.0 * h);
        assert_true(fabs(Q[k] - g) <= 1e-6 * (1.0 + fabs(g)));
    }
}

static void test_rigid_motion_is_strain_free(void **state)
{
    (void)state;
    const double a = 0.7, c = cos(a), s = sin(a), L = props.length;
    const double q[8] = {1.0, 2.0, c, s, 1.0 + L * c, 2.0 + L * s, c, s};
    /* rigid rotation rate: velocities of a body spinning at 1 rad/s about node 0 */
    const double qt[8] = {0.0, 0.0, -s, c, -L * s, L * c, -s, c};
    sim_cable_properties damped = props;
    damped.axial_damping = 5.0;
    damped.bending_damping = 2.0;
    double Q[8];
    sim_cable_internal_force(&damped, q, qt, Q);
    for (int k = 0; k < 8; ++k)
        assert_true(fabs(Q[k]) < 1e-9);
    assert_true(sim_cable_strain_energy(&props, q) < 1e-20);
}

static void test_damping_is_linear_in_velocity(void **state)
{
    (void)state;
    sim_cable_properties damped = props;
    damped.axial_damping = 5.0;
    damped.bending_damping = 2.0;
    const double qt[8] = {0.3, -0.1, 0.2, 0.5, -0.4, 0.1, 0.05, -0.2};
    double qt2[8], Q0[8], Q1[8], Q2[8];
    const double zero[8] = {0};
    for (int k = 0; k < 8; ++k)
        qt2[k] = 2.0 * qt[k];
    sim_cable_internal_force(&damped, q_bent, zero, Q0);
    sim_cable_internal_force(&damped, q_bent, qt, Q1);
    sim_cable_internal_force(&damped, q_bent, qt2, Q2);
    double power = 0.0;
    for (int k = 0; k < 8; ++k) {
        assert_true(fabs((Q2[k] - Q0[k]) - 2.0 * (Q1[k] - Q0[k])) < 1e-9);
        power += (Q1[k] - Q0[k]) * qt[k];
    }
    assert_true(power > 0.0); /* damping dissipates: -Q_d . q_t < 0 */
}

static void test_gravity_adds_up_to_weight(void **state)
{
    (void)state;
    const double g[2] = {0.3, -9.81};
    double f[8];
    sim_cable_gravity_force(&props, g, f);
    for (int c = 0; c < 2; ++c) {
        const double w = props.mass_per_length * props.length * g[c];
        assert_true(fabs(f[c] + f[4 + c] - w) < 1e-12);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mass_of_rigid_translation),
        cmocka_unit_test(test_internal_force_is_energy_gradient),
        cmocka_unit_test(test_rigid_motion_is_strain_free),
        cmocka_unit_test(test_damping_is_linear_in_velocity),
        cmocka_unit_test(test_gravity_adds_up_to_weight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
