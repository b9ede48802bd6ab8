/* SPDX-License-Identifier: BSD-3-Clause */
/* The step-size control of mbc simulate (simulate/step_control.c,
 * docs/simulate.rst "Step-size control") on the impacts of
 * tests/simulate/bounce.lua, against facts that do not come from it:
 *   - a sphere in free flight moves at its initial speed until it touches,
 *     so the impact velocity ContactSphereSphere stores (data coordinate 2)
 *     is that speed, whatever the phase of the contact within a step;
 *   - with a linear spring (exponent 1), impactModel 1 and 2 scale their
 *     damping with 1 / (impact velocity): the force k delta + lambda delta
 *     delta_t, lambda = c k / v_imp, is then invariant under delta -> s delta,
 *     v -> s v, so every impact gives the same effective restitution
 *     v_k / v_(k-1), and that value converges as the step shrinks. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "run.h"
#include "sandbox.h"
#include "scene.h"

#define SCENE MBC_SOURCE_DIR "/tests/simulate/bounce.lua"

/* A run of bounce.lua, stepped here as `mbc simulate` steps it. */
typedef struct bounce {
    mbc_registry registry;
    sim_model *model;
    mbc_sandbox *sandbox;
    sim_run *run;
    sim_step_control control;
} bounce;

static void bounce_open(bounce *b, const char *const *sets, int count)
{
    mbc_error err = {0};
    memset(b, 0, sizeof *b);
    mbc_registry_init(&b->registry);
    b->model = sim_model_create();
    assert_non_null(b->model);
    mbc_status st = sim_scene_load(b->model, SCENE, &b->registry, sets, count, &b->sandbox, &err);
    if (st == MBC_OK)
        st = sim_run_create(b->model, mbc_sandbox_state(b->sandbox), &b->run, &err);
    if (st == MBC_OK && (st = sim_pattern_build(b->run, &err)) == MBC_OK &&
        (st = sim_initial_data(b->run, &err)) == MBC_OK) {
        st = b->model->settings.method == SIM_RK4 ? sim_rk4_init(b->run, &err)
                                                  : sim_genalpha_init(b->run, &err);
    }
    if (st != MBC_OK)
        fail_msg("%s", err.message);
    sim_step_control_init(&b->control, &b->model->settings);
}

static void bounce_close(bounce *b)
{
    sim_run_destroy(b->run);
    sim_model_destroy(b->model);
    mbc_sandbox_free(b->sandbox);
}

/* One accepted step; 0 at the end time. */
static int bounce_step(bounce *b)
{
    const double end = b->model->settings.end_time;
    if (b->run->state.t >= end - 1e-12 * fmax(1.0, end))
        return 0;
    mbc_error err = {0};
    if (sim_step(b->run, &b->control, end - b->run->state.t, &err) != MBC_OK)
        fail_msg("%s", err.message);
    return 1;
}

/* Data coordinate k of connector i (ContactSphereSphere: 0 gap, 2 impact velocity). */
static double data_of(const bounce *b, int i, int k)
{
    return b->run->state.data[b->model->connectors[i].data_offset + k];
}

/* 1 when every contact is open (gap > 0 in the data): the ball flies freely. */
static int flying(const bounce *b)
{
    for (int i = 0; i < b->model->connector_count; ++i)
        if (!(data_of(b, i, 0) > 0.0))
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- impact */

/* The stored impact velocity of the first contact, for a start gap (phase
 * of the contact within the step grid) and an integrator. */
static double impact_velocity(const char *gap, const char *method)
{
    char g[64], mth[64];
    snprintf(g, sizeof g, "gap=%s", gap);
    snprintf(mth, sizeof mth, "method=%s", method);
    const char *sets[] = {g, mth, "endTime=2e-3"};
    bounce b;
    bounce_open(&b, sets, 3);
    while (flying(&b) && bounce_step(&b)) {
    }
    assert_false(flying(&b)); /* it touched */
    const double v = data_of(&b, 0, 2);
    printf("impact velocity, gap %s m, %s: %.17g m/s (approach 10 m/s, %ld redone)\n", gap, method,
           v, b.run->state.stats.step_reductions);
    bounce_close(&b);
    return v;
}

static void test_impact_velocity_is_the_approach_speed(void **state)
{
    (void)state;
    /* 10 m/s: the contact starts 2.65, 0.5, 0.58, 1.23, 3.999 and 4 steps
     * of 2e-5 s after t = 0 (the last at a step's end); with 0.58 the
     * former control stored 9.998724 m/s, the end-of-step speed */
    static const char *const gaps[] = {"5.3e-4", "1e-4", "1.16e-4", "2.46e-4", "7.998e-4", "8e-4"};
    static const char *const methods[] = {"generalizedAlpha", "newmark", "RK4"};
    int failed = 0;
    for (size_t i = 0; i < sizeof gaps / sizeof *gaps; ++i)
        for (size_t j = 0; j < sizeof methods / sizeof *methods; ++j)
            failed += !(fabs(impact_velocity(gaps[i], methods[j]) - 10.0) <= 1e-12);
    assert_int_equal(failed, 0);
}

/* ----------------------------------------------------------- restitution */

#define FLIGHTS 4 /* three impacts */

/* The speeds of the free flights between the impacts of the ball between
 * two fixed spheres (the last value of each flight). */
static void flight_speeds(const char *model, const char *e, const char *h, double speed[FLIGHTS])
{
    char m[64], ee[64], hh[64];
    snprintf(m, sizeof m, "model=%s", model);
    snprintf(ee, sizeof ee, "e=%s", e);
    snprintf(hh, sizeof hh, "h=%s", h);
    const char *sets[] = {m, ee, hh, "walls=2", "v0=10", "gap=3.3e-4", "endTime=10"};
    bounce b;
    bounce_open(&b, sets, 7);
    int flights = 0, steps_in_flight = 0;
    double last = 0.0;
    while (bounce_step(&b)) {
        if (!flying(&b)) {
            steps_in_flight = 0;
            continue;
        }
        const double v = b.run->state.v[b.model->bodies[0].offset];
        if (flights == 0 || (v > 0.0) != (last > 0.0))
            ++flights; /* a new flight: the ball came back from an impact */
        last = v;
        speed[flights - 1] = fabs(v);
        if (flights == FLIGHTS && ++steps_in_flight == 3)
            break;
    }
    assert_int_equal(flights, FLIGHTS);
    bounce_close(&b);
}

/* The effective restitution of each impact, v_k / v_(k-1); returns the
 * spread of the three, (largest - smallest) / smallest. */
static double restitutions(const char *model, const char *e, const char *h, double r[FLIGHTS - 1])
{
    double v[FLIGHTS];
    flight_speeds(model, e, h, v);
    for (int k = 1; k < FLIGHTS; ++k)
        r[k - 1] = v[k] / v[k - 1];
    const double lo = fmin(fmin(r[0], r[1]), r[2]), hi = fmax(fmax(r[0], r[1]), r[2]);
    printf("impactModel %s, e = %s, h = %s: v_k / v_(k-1) = %.10f %.10f %.10f (spread %.2e)\n",
           model, e, h, r[0], r[1], r[2], (hi - lo) / lo);
    return (hi - lo) / lo;
}

static void check_scale_invariance(const char *model)
{
    int failed = 0;
    static const char *const es[] = {"0.025", "0.1", "0.3", "0.5", "0.9"};
    static const char *const hs[] = {"1e-5", "5e-6", "2.5e-6"};
    for (size_t i = 0; i < sizeof es / sizeof *es; ++i) {
        double mean[3];
        for (size_t j = 0; j < 3; ++j) {
            double r[FLIGHTS - 1];
            failed += !(restitutions(model, es[i], hs[j], r) <= 1e-5); /* the same each impact */
            mean[j] = (r[0] + r[1] + r[2]) / 3.0;
        }
        /* one value as h shrinks: halving h at least halves the change
         * (unless it is at the rounding level already) */
        const double d1 = fabs(mean[1] - mean[0]), d2 = fabs(mean[2] - mean[1]);
        printf("impactModel %s, e = %s: changes %.3e, %.3e\n", model, es[i], d1, d2);
        failed += !(d2 <= 0.5 * d1 || d1 <= 1e-12 * mean[0]);
    }
    assert_int_equal(failed, 0);
}

static void test_hunt_crossley_restitution_is_scale_invariant(void **state)
{
    (void)state;
    check_scale_invariance("1");
}

static void test_mixed_model_restitution_is_scale_invariant(void **state)
{
    (void)state;
    check_scale_invariance("2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_impact_velocity_is_the_approach_speed),
        cmocka_unit_test(test_hunt_crossley_restitution_is_scale_invariant),
        cmocka_unit_test(test_mixed_model_restitution_is_scale_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
