/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/connectors/contact_liggghts/ (ContactLiggghts: forces,
 * post_newton_step, outputs, the checks, the engine's entry
 * mbconnect/liggghts_contact.h and the in-place walls) with values computed
 * here by hand from the equations of specs/ContactLiggghts.lua (LIGGGHTS
 * 3.8's documentation and models), independently of the runtime; the
 * comparison with LIGGGHTS itself, to the bit, is tests/liggghts.
 *
 * The geometry of most tests: sphere a (m0, r = 0.5) at the origin, sphere
 * b (m1, r = 0.5) at x = 0.95: overlap delta = 0.05, en = (x_a - x_b)/|.| =
 * -e_x, R* = 0.25, masses 2 and 6: m* = 1.5; Y = 1e5, nu = 0.3 for both. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_sampling.h"
#include "test_util.h"

#include "connector_fixtures.h"

#include "mbconnect/generated/contact_liggghts.h"
#include "mbconnect/liggghts_contact.h"
#include "mbconnect/object.h"
#include "mbconnect/rotation.h"
#include "mbconnect/vec.h"
#include "mbconnect/wall_eval.h"

#define PI    3.14159265358979323846
#define NDATA MBC_CONTACT_LIGGGHTS_DATA_COUNT
#define SHEAR MBC_CONTACT_LIGGGHTS_DATA_TANGENTIAL_DISPLACEMENT_X
#define ROLL  MBC_CONTACT_LIGGGHTS_DATA_ROLLING_TORQUE_X

typedef struct {
    mbc_contact_liggghts_params p;
    mbc_rigid_marker m[2];
    double data[NDATA], start[NDATA];
    mbc_state s;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    mbc_contact_liggghts_params_init(&f->p);
    f->p.markerNumbers[0] = 0;
    f->p.markerNumbers[1] = 1;
    f->p.nodeNumber = 0;
    f->p.spheresRadii[0] = f->p.spheresRadii[1] = 0.5;
    f->p.spheresMasses[0] = 2;
    f->p.spheresMasses[1] = 6;
    f->p.timeStep = 1e-3;
    f->p.youngsModulus[0] = f->p.youngsModulus[1] = 1e5;
    f->p.coefficientRestitution = 0.5;
    f->p.coefficientFriction = 0.5;
    cf_markers_at_rest(f->m, 2);
    f->m[1].position[0] = 0.95;
    cf_rigid_state(&f->s, &f->m[0], &f->m[1], f->data, f->start, NDATA);
}

static void validate(fixture *f)
{
    mbc_error errors[4];
    if (mbc_contact_liggghts_validate(&f->p, errors, 4) != 0)
        fail_msg("%s", errors[0].message);
}

/* PostNewtonStep from the start-of-step data into the current data, which
 * then become the next step's start. */
static mbc_post_newton pns(fixture *f)
{
    validate(f);
    double next[NDATA];
    mbc_post_newton out = {.data = next};
    mbc_error err = {0};
    if (mbc_contact_liggghts_post_newton_step(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    memcpy(f->data, next, sizeof next);
    memcpy(f->start, next, sizeof next);
    return out;
}

static mbc_forces forces(fixture *f)
{
    mbc_forces out;
    memset(&out, 0xff, sizeof out); /* NaN: every entry must be written */
    out.cable_point_forces = NULL;
    mbc_error err = {0};
    if (mbc_contact_liggghts_forces(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    return out;
}

static void output(fixture *f, size_t var, double *v, size_t n)
{
    mbc_error err = {0};
    assert_int_equal(mbc_contact_liggghts_outputs(&f->p, &f->s, var, v, n, &err), MBC_OK);
}

static double output1(fixture *f, size_t var)
{
    double v = NAN;
    output(f, var, &v, 1);
    return v;
}

/* Forces and torques balance: f_b = -f_a, moments about the origin
 * x_a x f_a + x_b x f_b + tau_a + tau_b = 0. */
static void assert_balance(const fixture *f, const mbc_forces *o)
{
    double m[3] = {0, 0, 0}, c[3], scale = 0;
    for (int k = 0; k < 2; k++) {
        mbc_cross3(f->m[k].position, o->force[k], c);
        for (int i = 0; i < 3; i++) {
            m[i] += c[i] + o->torque[k][i];
            scale = fmax(scale, fabs(o->force[k][i]) + fabs(o->torque[k][i]));
        }
    }
    for (int i = 0; i < 3; i++) {
        ASSERT_NEAR(o->force[1][i], -o->force[0][i], 0);
        ASSERT_NEAR(m[i], 0, 1e-13 * (1 + scale));
    }
}

/* The documented effective values (gran_model_hertz.txt). */
static double y_star(double y1, double nu1, double y2, double nu2)
{
    return 1 / ((1 - nu1 * nu1) / y1 + (1 - nu2 * nu2) / y2);
}

static double g_star(double y1, double nu1, double y2, double nu2)
{
    return 1 / (2 * (2 - nu1) * (1 + nu1) / y1 + 2 * (2 - nu2) * (1 + nu2) / y2);
}

static double beta_of(double e)
{
    return log(e) / sqrt(log(e) * log(e) + PI * PI);
}

/* hertz: k_n delta with k_n = 4/3 Y* sqrt(R* delta), damping
 * gamma_n = -2 sqrt(5/6) beta sqrt(2 Y* sqrt(R* delta) m*) against v_n. */
static void test_hertz_normal(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.m[1].velocity[0] = -2; /* b approaches a: v_n = (v_a - v_b).en = -2 */
    pns(&f);
    assert_true(f.data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] == 1.0);
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), root = sqrt(0.25 * 0.05);
    const double kn = 4.0 / 3.0 * ys * root;
    const double gn = -2 * sqrt(5.0 / 6.0) * beta_of(0.5) * sqrt(2 * ys * root * 1.5);
    const double fn = kn * 0.05 + gn * 2;
    const mbc_forces o = forces(&f);
    ASSERT_NEAR(o.force[0][0], -fn, 1e-10 * fn);
    ASSERT_NEAR(o.force[0][1], 0, 0);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE), fn, 1e-10 * fn);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_OVERLAP), 0.05, 1e-15);
    assert_balance(&f, &o);
    /* parting fast, the damping pulls; limitForce cuts the force at 0 */
    f.m[1].velocity[0] = 40;
    pns(&f);
    assert_true(forces(&f).force[0][0] > 0);
    f.p.limitForce = true;
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][0], 0, 1e-9); /* the friction's round-off along x */
    mbc_contact_liggghts_params_free(&f.p);
}

/* hooke: k_n = 16/15 sqrt(R*) Y* (15 m* v_c^2 / (16 sqrt(R*) Y*))^(1/5),
 * gamma_n = sqrt(4 m* k_n / (1 + (pi / ln e)^2)); the tangential damping
 * is gamma_n. */
static void test_hooke(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.normalModel = 0;
    f.p.characteristicVelocity = 2;
    f.m[1].velocity[0] = -1; /* approach at 1 m/s */
    f.m[1].velocity[1] = 0.01;
    pns(&f);
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), sr = sqrt(0.25);
    const double kn = 16.0 / 15.0 * sr * ys * pow(15 * 1.5 * 4 / (16 * sr * ys), 0.2);
    const double q = PI / log(0.5), gn = sqrt(4 * 1.5 * kn / (1 + q * q));
    const mbc_forces o = forces(&f);
    ASSERT_NEAR(o.force[0][0], -(kn * 0.05 + gn), 1e-10 * kn);
    /* the displacement is -0.01 * 1e-3 along y after one step, and the
     * forces take the next step's (-2e-5): the spring kt = kn (no ktToKn)
     * and the damping gamma_t = gamma_n, sticking */
    ASSERT_NEAR(f.data[SHEAR + 1], -1e-5, 1e-20);
    ASSERT_NEAR(o.force[0][1], kn * 2e-5 + gn * 0.01, 1e-10 * kn);
    /* ktToKn: k_t = 2/7 k_n, and 3.8's 0.285714286 with liggghts38 */
    f.p.ktToKn = true;
    ASSERT_NEAR(forces(&f).force[0][1], 2.0 / 7.0 * kn * 2e-5 + gn * 0.01, 1e-10 * kn);
    f.p.liggghts38 = true;
    ASSERT_NEAR(forces(&f).force[0][1], 0.285714286 * kn * 2e-5 + gn * 0.01, 1e-10 * kn);
    mbc_contact_liggghts_params_free(&f.p);
}

/* history: the displacement grows by v_t dt per step; the spring slides at
 * mu |F_n|, where the displacement is cut back to mu |F_n| / k_t and the
 * damping is off; tangential_damping off: no damping while sticking. */
static void test_history(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.m[1].velocity[1] = 1; /* b slides along +y: v_tr of a relative to b is -e_y */
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), root = sqrt(0.25 * 0.05);
    const double kn = 4.0 / 3.0 * ys * root, fn = kn * 0.05;
    const double kt = 8 * g_star(1e5, 0.3, 1e5, 0.3) * root;
    const double gt = -2 * sqrt(5.0 / 6.0) * beta_of(0.5) * sqrt(kt * 1.5);
    pns(&f);
    pns(&f);
    ASSERT_NEAR(f.data[SHEAR + 1], -2e-3, 1e-18);
    mbc_forces o = forces(&f); /* the third step's force */
    ASSERT_NEAR(o.force[0][1], kt * 3e-3 + gt, 1e-10 * fn);
    /* the friction torque -c_a en x F_t, c_a = 0.475, about +z */
    ASSERT_NEAR(o.torque[0][2], 0.475 * o.force[0][1], 1e-12 * fn);
    ASSERT_NEAR(o.torque[1][2], 0.475 * o.force[0][1], 1e-12 * fn);
    assert_balance(&f, &o);
    /* slide: kt |xi| passes mu F_n = 0.5 fn after n steps */
    const int n = (int)(0.5 * fn / (kt * 1e-3)) + 1;
    for (int k = 0; k < n; k++)
        pns(&f);
    ASSERT_NEAR(kt * fabs(f.data[SHEAR + 1]), 0.5 * fn, 1e-10 * fn);
    o = forces(&f);
    ASSERT_NEAR(o.force[0][1], 0.5 * fn, 1e-10 * fn); /* no damping while sliding */
    /* without tangential damping, sticking: the spring alone */
    f.p.tangentialDamping = false;
    memset(f.start, 0, sizeof f.start);
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][1], kt * 2e-3, 1e-10 * fn);
    mbc_contact_liggghts_params_free(&f.p);
}

/* no_history: -min(gamma_t, mu |F_n| / |v_tr|) v_tr, no displacement kept. */
static void test_no_history(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.tangentialModel = 1;
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), root = sqrt(0.25 * 0.05);
    const double fn = 4.0 / 3.0 * ys * root * 0.05;
    const double gt =
        -2 * sqrt(5.0 / 6.0) * beta_of(0.5) * sqrt(8 * g_star(1e5, 0.3, 1e5, 0.3) * root * 1.5);
    f.m[1].velocity[1] = 0.1; /* slow: the damping */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][1], gt * 0.1, 1e-10 * fn);
    ASSERT_NEAR(f.data[SHEAR + 1], 0, 0);
    f.m[1].velocity[1] = 100; /* fast: the Coulomb limit */
    pns(&f);
    ASSERT_NEAR(forces(&f).force[0][1], 0.5 * fn, 1e-10 * fn);
    mbc_contact_liggghts_params_free(&f.p);
}

/* sjkr: F = -k_c pi a^2 with a the radius of the circle where the spheres
 * intersect (x = (d^2 + r_a^2 - r_b^2) / (2 d) from a, a^2 = r_a^2 - x^2);
 * sjkr2: -k_c 2 pi R* delta; with tangentialReduce the Coulomb limit
 * sees F_n + F_coh. */
static void test_cohesion(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.spheresRadii[1] = 0.3;
    f.m[1].position[0] = 0.75; /* overlap 0.05 */
    f.p.cohesionModel = 1;
    f.p.cohesionEnergyDensity = 1e3;
    pns(&f);
    const double d = 0.75, x = (d * d + 0.25 - 0.09) / (2 * d), a2 = 0.25 - x * x;
    const double fcoh = -1e3 * PI * a2;
    ASSERT_NEAR(output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_COHESION_FORCE), fcoh, 1e-10);
    const double rs = 0.5 * 0.3 / 0.8, root = sqrt(rs * 0.05);
    const double fn = 4.0 / 3.0 * y_star(1e5, 0.3, 1e5, 0.3) * root * 0.05;
    ASSERT_NEAR(forces(&f).force[0][0], -(fn + fcoh), 1e-9);
    f.p.cohesionModel = 2;
    pns(&f);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_COHESION_FORCE),
                -1e3 * 2 * PI * 0.05 * (2 * rs), 1e-10);
    /* sliding fast without history: the limit mu |F_n + F_coh| */
    f.p.tangentialModel = 1;
    f.p.tangentialReduce = true;
    f.m[1].velocity[1] = 100;
    pns(&f);
    const double f2 = -1e3 * 2 * PI * 0.05 * (2 * rs);
    ASSERT_NEAR(forces(&f).force[0][1], 0.5 * fabs(fn + f2), 1e-9);
    ASSERT_NEAR(output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE), fn + f2, 1e-9);
    mbc_contact_liggghts_params_free(&f.p);
}

/* cdt: |M_r| = mu_r k_n delta R* along the tangential part of w_a - w_b,
 * -M_r on a. With a spin about en too, LIGGGHTS 3.8 normalizes by the whole
 * |w_r| before it removes the spin (liggghts38): the torque shrinks by
 * |w_t| / |w_r|. */
static void test_cdt(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.tangentialModel = 0;
    f.p.rollingModel = 1;
    f.p.rollingFriction = 0.2;
    f.m[0].angular_velocity_local[1] = 3; /* rolls about y */
    f.m[0].angular_velocity_local[0] = 4; /* spins about en = -e_x */
    pns(&f);
    const double root = sqrt(0.25 * 0.05), kn = 4.0 / 3.0 * y_star(1e5, 0.3, 1e5, 0.3) * root;
    const double m = 0.2 * kn * 0.05 * 0.25;
    double t[3];
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[0], 0, 1e-12 * m);
    ASSERT_NEAR(t[1], -m, 1e-12 * m);
    f.p.liggghts38 = true;
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[1], -m * 3.0 / 5.0, 1e-12 * m);
    f.p.torsionTorque = true; /* the spin stays: along (4, 3, 0)/5 */
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[0], -m * 4.0 / 5.0, 1e-12 * m);
    ASSERT_NEAR(t[1], -m * 3.0 / 5.0, 1e-12 * m);
    const mbc_forces o = forces(&f);
    assert_balance(&f, &o);
    mbc_contact_liggghts_params_free(&f.p);
}

/* epsd: the spring M_k grows by k_r w_r dt, k_r = 2.25 k_n mu_r^2 R*^2;
 * the dashpot 2 eta_r sqrt(I_r k_r) w_r while below mu_r R* F_n, I_r =
 * 1.4 (m_a r_a^2)(m_b r_b^2) / (m_a r_a^2 + m_b r_b^2); epsd2: k_r = k_t
 * R*^2 and no dashpot; epsd3: k_r = k_r0 k_n mu_r^2 R*^2. */
static void test_epsd(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.tangentialModel = 0;
    f.p.rollingModel = 2;
    f.p.rollingFriction = 0.2;
    f.p.rollingDamping = 0.3;
    f.m[0].angular_velocity_local[1] = 0.5;
    const double root = sqrt(0.25 * 0.05), kn = 4.0 / 3.0 * y_star(1e5, 0.3, 1e5, 0.3) * root;
    const double kt = 8 * g_star(1e5, 0.3, 1e5, 0.3) * root;
    const double kr = 2.25 * kn * 0.04 * 0.0625;
    const double ir = 1.4 * (2 * 0.25) * (6 * 0.25) / (2 * 0.25 + 6 * 0.25);
    pns(&f);
    pns(&f);
    ASSERT_NEAR(f.data[ROLL + 1], 2 * kr * 0.5 * 1e-3, 1e-15);
    double t[3]; /* the third step's torque: spring and dashpot */
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[1], -(3 * kr * 0.5e-3 + 0.3 * 2 * sqrt(ir * kr) * 0.5), 1e-12);
    /* at the limit mu_r R* F_n the spring stops and the dashpot is off */
    const double limit = 0.2 * 0.25 * kn * 0.05;
    for (int k = 0; k < (int)(limit / (kr * 0.5e-3)) + 1; k++)
        pns(&f);
    ASSERT_NEAR(f.data[ROLL + 1], limit, 1e-12 * limit);
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[1], -limit, 1e-12 * limit);
    f.p.rollingModel = 3; /* epsd2 */
    memset(f.start, 0, sizeof f.start);
    pns(&f);
    ASSERT_NEAR(f.data[ROLL + 1], kt * 0.0625 * 0.5e-3, 1e-15);
    output(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_ROLLING_TORQUE, t, 3);
    ASSERT_NEAR(t[1], -2 * kt * 0.0625 * 0.5e-3, 1e-15);
    f.p.rollingModel = 4; /* epsd3 */
    f.p.rollingStiffness = 3;
    memset(f.start, 0, sizeof f.start);
    pns(&f);
    ASSERT_NEAR(f.data[ROLL + 1], 3 * kn * 0.04 * 0.0625 * 0.5e-3, 1e-15);
    mbc_contact_liggghts_params_free(&f.p);
}

/* viscous hooke (Legendre): ln e = ln e_max - St_c / |St|, St = m* v_n /
 * (6 pi mu_f R*^2); 3.8 takes the signed St (the same while approaching,
 * not while parting). */
static void test_viscous(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.normalModel = 0;
    f.p.characteristicVelocity = 2;
    f.p.viscous = true;
    f.p.fluidViscosity = 1e-3;
    f.p.maximumRestitution = 0.9;
    f.p.criticalStokes = 10;
    f.m[1].velocity[0] = 0.5; /* parting: v_n = +0.5 */
    pns(&f);
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), sr = sqrt(0.25);
    const double kn = 16.0 / 15.0 * sr * ys * pow(15 * 1.5 * 4 / (16 * sr * ys), 0.2);
    const double st = 1.5 * 0.5 / (6 * PI * 1e-3 * 0.0625);
    const double lne = log(0.9) - 10 / st, q = PI / lne;
    const double gn = sqrt(4 * 1.5 * kn / (1 + q * q));
    ASSERT_NEAR(forces(&f).force[0][0], -(kn * 0.05 - gn * 0.5), 1e-10 * kn);
    f.p.liggghts38 = true;
    const double lne38 = log(0.9) + 10 / st;
    const double gn38 = sqrt(4 * 1.5 * kn * lne38 * lne38 / (lne38 * lne38 + PI * PI));
    ASSERT_NEAR(forces(&f).force[0][0], -(kn * 0.05 - gn38 * 0.5), 1e-10 * kn);
    mbc_contact_liggghts_params_free(&f.p);
}

/* The contact flag: PostNewtonStep sets it on touching (error |F_n|) and
 * clears the data when the spheres part; force evaluation does not switch. */
static void test_contact_flag(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    const mbc_forces none = forces(&f); /* flag 0: no force */
    ASSERT_NEAR(none.force[0][0], 0, 0);
    f.m[1].velocity[1] = 1;
    const mbc_post_newton out = pns(&f);
    ASSERT_NEAR(out.error, output1(&f, MBC_CONTACT_LIGGGHTS_OUTPUT_NORMAL_FORCE), 0);
    assert_true(out.error > 0);
    f.m[1].position[0] = 1.5; /* apart */
    pns(&f);
    for (int q = 0; q < NDATA; q++)
        ASSERT_NEAR(f.data[q], 0, 0);
    mbc_contact_liggghts_params_free(&f.p);
}

/* The law is frame invariant: rotating the state and the data rotates the
 * forces and torques (the harness cannot: it keeps the data). */
static void test_frame_invariance(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.cohesionModel = 2;
    f.p.cohesionEnergyDensity = 300;
    f.p.rollingModel = 2;
    f.p.rollingFriction = 0.1;
    f.p.rollingDamping = 0.2;
    f.m[1].velocity[0] = -0.3;
    f.m[1].velocity[1] = 0.7;
    f.m[0].angular_velocity_local[2] = 2;
    f.m[1].angular_velocity_local[1] = -1;
    pns(&f);
    pns(&f);
    const mbc_forces o = forces(&f);
    double rot[9];
    mbc_rotation_exp((const double[3]){0.3, -0.5, 0.8}, rot);
    fixture g = f;
    cf_rigid_state(&g.s, &g.m[0], &g.m[1], g.data, g.start, NDATA);
    for (int k = 0; k < 2; k++) {
        mbc_mat3_mul(rot, f.m[k].position, g.m[k].position);
        mbc_mat3_mul(rot, f.m[k].velocity, g.m[k].velocity);
        mbc_mat3_mul(rot, f.m[k].angular_velocity_local, g.m[k].angular_velocity_local);
    }
    mbc_mat3_mul(rot, f.data + SHEAR, g.data + SHEAR);
    mbc_mat3_mul(rot, f.data + ROLL, g.data + ROLL);
    mbc_mat3_mul(rot, f.start + SHEAR, g.start + SHEAR);
    mbc_mat3_mul(rot, f.start + ROLL, g.start + ROLL);
    const mbc_forces r = forces(&g);
    for (int k = 0; k < 2; k++) {
        double fr[3], tr[3];
        mbc_mat3_mul(rot, o.force[k], fr);
        mbc_mat3_mul(rot, o.torque[k], tr);
        for (int i = 0; i < 3; i++) {
            ASSERT_NEAR(r.force[k][i], fr[i], 1e-10 * (1 + fabs(fr[i])));
            ASSERT_NEAR(r.torque[k][i], tr[i], 1e-10 * (1 + fabs(tr[i])));
        }
    }
    assert_balance(&g, &r);
    mbc_contact_liggghts_params_free(&f.p);
}

/* The engine's entry: a contact formed as LIGGGHTS forms it, the history in
 * the engine's own layout (a rolling spring before the displacement),
 * gives the hooks' numbers to the bit, and steps the history as
 * PostNewtonStep does; without update it leaves it. */
static void test_engine_entry(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.rollingModel = 2;
    f.p.rollingFriction = 0.1;
    f.m[1].velocity[1] = 0.7;
    f.m[0].angular_velocity_local[2] = 2;
    f.data[SHEAR + 1] = f.start[SHEAR + 1] = -3e-4;
    f.data[ROLL + 2] = f.start[ROLL + 2] = 0.02;
    f.data[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] = f.start[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] = 1;
    validate(&f);
    const mbc_forces o = forces(&f);
    mbc_liggghts_law law;
    mbc_liggghts_law_of(&f.p, &law);
    law.roll_at = 0;
    law.shear_at = 3;
    double history[6] = {0, 0, 0.02, 0, -3e-4, 0};
    const double omega_b[3] = {0, 0, 0}, omega_a[3] = {0, 0, 2};
    mbc_liggghts_contact c = {.delta = {-0.95, 0, 0},
                              .r = 0.95,
                              .v_i = f.m[0].velocity,
                              .v_j = f.m[1].velocity,
                              .omega_i = omega_a,
                              .omega_j = omega_b,
                              .radius_i = 0.5,
                              .radius_j = 0.5,
                              .mass_i = 2,
                              .mass_j = 6,
                              .meff = 2.0 * 6.0 / (2.0 + 6.0)};
    c.rinv = 1.0 / c.r;
    for (int k = 0; k < 3; k++)
        c.en[k] = c.delta[k] * c.rinv;
    mbc_liggghts_result r;
    mbc_liggghts_evaluate(&law, &c, history, &r);
    for (int k = 0; k < 3; k++) {
        assert_true(r.force_i[k] == o.force[0][k]);
        assert_true(r.torque_i[k] == o.torque[0][k]);
        assert_true(r.torque_j[k] == o.torque[1][k]);
    }
    pns(&f);
    for (int k = 0; k < 3; k++) {
        assert_true(history[k] == f.data[ROLL + k]);
        assert_true(history[3 + k] == f.data[SHEAR + k]);
    }
    law.update = 0;
    const double before[6] = {history[0], history[1], history[2],
                              history[3], history[4], history[5]};
    mbc_liggghts_evaluate(&law, &c, history, &r);
    assert_memory_equal(history, before, sizeof before);
    assert_int_equal(mbc_liggghts_law_has_shear(&law), 1);
    assert_int_equal(mbc_liggghts_law_has_roll(&law), 1);
    mbc_contact_liggghts_params_free(&f.p);
}

/* A plane wall through mbc_wall_eval: R* = r_a, m* = m_a; hertz force
 * 4/3 Y* sqrt(r_a delta) delta away from the wall. */
static void test_wall(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    f.p.tangentialModel = 0;
    validate(&f);
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactLiggghts", &err);
    assert_non_null(o);
    memcpy(o->params, &f.p, sizeof f.p);
    mbc_error errors[2];
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, errors, 2, &violations), MBC_OK);
    const double x[1][3] = {{0, 0, 0.48}}, v[1][3] = {{0, 0, -1}}, w[1][3] = {{0, 0, 0}};
    const double radius[1] = {0.5}, mass[1] = {2};
    double force[1][3] = {{0, 0, 0}}, torque[1][3] = {{0, 0, 0}};
    const mbc_pair_atoms at = {x, v, w, radius, mass, force, torque, 1};
    double rec[NDATA] = {0};
    const mbc_wall_contact wc = {0, rec, {0, 0, 0.48}, {0, 0, 0}, INFINITY, 0.0};
    unsigned char contact = 0;
    const mbc_wall_call call = {&at, &wc, 1, MBC_PAIR_POST_NEWTON, 1e-3, &contact};
    mbc_pair_sums sums = {0};
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_OK);
    assert_int_equal(contact, 1);
    const double ys = y_star(1e5, 0.3, 1e5, 0.3), root = sqrt(0.5 * 0.02);
    const double gn = -2 * sqrt(5.0 / 6.0) * beta_of(0.5) * sqrt(2 * ys * root * 2);
    const double fn = 4.0 / 3.0 * ys * root * 0.02 + gn * 1;
    ASSERT_NEAR(force[0][2], fn, 1e-9 * fn);
    ASSERT_NEAR(sums.contacts, 1, 0);
    ASSERT_NEAR(sums.overlap, 0.02, 1e-15);
    assert_true(rec[MBC_CONTACT_LIGGGHTS_DATA_TOUCHING] == 1.0);
    mbc_object_destroy(o);
    mbc_contact_liggghts_params_free(&f.p);
}

/* The checks: one line naming the parameter, the rule and the value. */
static void test_checks(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    mbc_error e[4];
    f.p.normalModel = 0;
    assert_int_equal(mbc_contact_liggghts_validate(&f.p, e, 4), 1);
    assert_string_equal(e[0].message, "ContactLiggghts.characteristicVelocity: must be > 0 with "
                                      "normalModel 0 (hooke: the stiffness is that of an impact "
                                      "at this speed), given 0");
    f.p.characteristicVelocity = 1;
    f.p.rollingModel = 4;
    assert_int_equal(mbc_contact_liggghts_validate(&f.p, e, 4), 1);
    assert_non_null(strstr(e[0].message, "rollingStiffness: must be > 0 with rollingModel 4"));
    f.p.rollingStiffness = 2;
    f.p.viscous = true;
    assert_int_equal(mbc_contact_liggghts_validate(&f.p, e, 4), 1);
    assert_string_equal(e[0].message,
                        "ContactLiggghts.fluidViscosity: must be > 0 with viscous, given 0");
    f.p.normalModel = 1;
    assert_int_equal(mbc_contact_liggghts_validate(&f.p, e, 4), 1);
    assert_string_equal(
        e[0].message, "ContactLiggghts.viscous: needs normalModel 0 (hooke), given normalModel 1");
    f.p.viscous = false;
    f.p.coefficientRestitution = 0.05;
    assert_int_equal(mbc_contact_liggghts_validate(&f.p, e, 4), 1);
    assert_non_null(strstr(e[0].message, "coefficientRestitution"));
    mbc_contact_liggghts_params_free(&f.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hertz_normal), cmocka_unit_test(test_hooke),
        cmocka_unit_test(test_history),      cmocka_unit_test(test_no_history),
        cmocka_unit_test(test_cohesion),     cmocka_unit_test(test_cdt),
        cmocka_unit_test(test_epsd),         cmocka_unit_test(test_viscous),
        cmocka_unit_test(test_contact_flag), cmocka_unit_test(test_frame_invariance),
        cmocka_unit_test(test_engine_entry), cmocka_unit_test(test_wall),
        cmocka_unit_test(test_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
