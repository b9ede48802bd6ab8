/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of ContactGranClassic (runtime/connectors/contact_gran_classic/:
 * forces, post_newton_step, outputs, the in-place pair and wall kernels)
 * with values computed here by hand from the equations of
 * specs/ContactGranClassic.lua (LAMMPS's pair_gran.rst), independently of
 * the runtime; the comparison with LAMMPS itself is
 * tests/granular/test_gran_classic_lammps.c.
 *
 * The geometry of most tests: sphere a (m0, r = 0.5) at the origin, sphere
 * b (m1, r = 0.5) at x = 0.95: overlap delta = 0.05, n = (x_a - x_b)/|.| =
 * -e_x, R* = 0.25, masses 2 and 6: m* = 1.5. */
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

#include "connectors/contact_gran_classic/contact_gran_classic.h"
#include "mbconnect/generated/contact_gran_classic.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/vec.h"
#include "mbconnect/wall_eval.h"

#define NDATA MBC_CONTACT_GRAN_CLASSIC_DATA_COUNT

typedef struct {
    mbc_contact_gran_classic_params p;
    mbc_rigid_marker m[2];
    double data[NDATA], start[NDATA];
    mbc_state s;
} fixture;

static void fixture_init(fixture *f, int model)
{
    memset(f, 0, sizeof *f);
    mbc_contact_gran_classic_params_init(&f->p);
    f->p.markerNumbers[0] = 0;
    f->p.markerNumbers[1] = 1;
    f->p.nodeNumber = 0;
    f->p.spheresRadii[0] = f->p.spheresRadii[1] = 0.5;
    f->p.spheresMasses[0] = 2;
    f->p.spheresMasses[1] = 6;
    f->p.timeStep = 1e-3;
    f->p.model = model;
    f->p.normalStiffness = 1e4;
    f->p.tangentialStiffness = 1e4;
    f->p.normalDamping = 50;
    f->p.tangentialDamping = 10;
    f->p.frictionCoefficient = 0.5;
    cf_markers_at_rest(f->m, 2);
    f->m[1].position[0] = 0.95;
    cf_rigid_state(&f->s, &f->m[0], &f->m[1], f->data, f->start, NDATA);
}

static void validate(fixture *f)
{
    mbc_error errors[4];
    if (mbc_contact_gran_classic_validate(&f->p, errors, 4) != 0)
        fail_msg("%s", errors[0].message);
}

/* PostNewtonStep from the start-of-step record into the current data. */
static mbc_post_newton pns(fixture *f)
{
    validate(f);
    memcpy(f->start, f->data, sizeof f->start);
    double next[NDATA];
    mbc_post_newton out = {.data = next};
    mbc_error err = {0};
    if (mbc_contact_gran_classic_post_newton_step(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    memcpy(f->data, next, sizeof next);
    return out;
}

static mbc_forces forces(fixture *f)
{
    validate(f);
    mbc_forces out;
    memset(&out, 0, sizeof out);
    mbc_error err = {0};
    if (mbc_contact_gran_classic_forces(&f->p, &f->s, &out, &err) != MBC_OK)
        fail_msg("%s", err.message);
    return out;
}

static void expect_vec(const double *got, double x, double y, double z, double tol)
{
    const double want[3] = {x, y, z};
    for (int k = 0; k < 3; k++)
        if (!(fabs(got[k] - want[k]) <= tol * (1 + fabs(want[k]))))
            fail_msg("component %d: got %.17g, expected %.17g", k, got[k], want[k]);
}

/* hooke/history at rest in contact: F_n = k_n delta = 500 N along n = -e_x
 * on a; no tangential force, no torque. */
static void test_hooke_at_rest(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    const mbc_post_newton pn = pns(&f);
    assert_true(f.data[0] == 1.0);
    assert_true(fabs(pn.error - 500.0) <= 1e-12 * 500); /* a contact that starts */
    const mbc_forces o = forces(&f);
    expect_vec(o.force[0], -500, 0, 0, 1e-14);
    expect_vec(o.force[1], 500, 0, 0, 1e-14);
    expect_vec(o.torque[0], 0, 0, 0, 1e-14);
    expect_vec(o.torque[1], 0, 0, 0, 1e-14);
    double fn = 0;
    mbc_error err = {0};
    assert_int_equal(mbc_contact_gran_classic_outputs(
                         &f.p, &f.s, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_NORMAL_FORCE, &fn, 1, &err),
                     MBC_OK);
    assert_true(fabs(fn - 500) <= 1e-12 * 500);
}

/* Damping proportional to m*: b approaches at 1 m/s, v_r . n = -1:
 * hooke F_n = k_n delta + m* gamma_n = 500 + 75; hertz/history scales all
 * by sqrt(delta R*): F_n = sqrt(0.0125) (1e5 0.05 + 75) with k_n = 1e5. */
static void test_normal_damping(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.m[1].velocity[0] = -1;
    pns(&f);
    expect_vec(forces(&f).force[0], -575, 0, 0, 1e-14);
    fixture_init(&f, 2);
    f.p.normalStiffness = 1e5;
    f.m[1].velocity[0] = -1;
    pns(&f);
    expect_vec(forces(&f).force[0], -sqrt(0.0125) * (5000 + 75), 0, 0, 1e-14);
    /* limit_damping: separating at 10 m/s, 500 - 1.5 50 10 < 0: no force */
    fixture_init(&f, 1);
    f.m[1].velocity[0] = 10;
    f.p.limitDamping = true;
    pns(&f);
    expect_vec(forces(&f).force[0], 0, 0, 0, 1e-14);
    f.p.limitDamping = false;
    expect_vec(forces(&f).force[0], 250, 0, 0, 1e-14);
}

/* b slides along +y at 1 m/s over a: v_tr = (0, -1, 0). One step of 1e-3
 * s: xi = (0, -1e-3, 0); F_t = -(k_t xi + m* gamma_t v_tr) = (0, 10 + 15,
 * 0) below mu F_n = 250: it sticks. The friction acts at the radii: torque
 * -r n x F_t = 12.5 e_z on both. */
static void test_shear_history(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.m[1].velocity[1] = 1;
    pns(&f);
    expect_vec(f.data + 1, 0, -1e-3, 0, 1e-14);
    mbc_forces o = forces(&f);
    expect_vec(o.force[0], -500, 25, 0, 1e-13);
    expect_vec(o.torque[0], 0, 0, 12.5, 1e-13);
    expect_vec(o.torque[1], 0, 0, 12.5, 1e-13);
    /* dampflag 0: only the spring */
    f.p.tangentialDampingOn = false;
    o = forces(&f);
    expect_vec(o.force[0], -500, 10, 0, 1e-13);
    /* sliding, mu = 0.01: F_t = 5; xi truncated to
     * 0.2 (xi + m* gamma_t v_tr/k_t) - m* gamma_t v_tr/k_t = 0.2 (-2.5e-3) + 1.5e-3 = 1e-3 */
    fixture_init(&f, 1);
    f.m[1].velocity[1] = 1;
    f.p.frictionCoefficient = 0.01;
    pns(&f);
    expect_vec(f.data + 1, 0, 1e-3, 0, 1e-12);
    o = forces(&f); /* recomputed from the truncated history: at the limit */
    expect_vec(o.force[0], -500, 5, 0, 1e-12);
}

/* The history is projected onto the tangential plane each step: its
 * component along n is removed, its length not restored. */
static void test_projection(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.p.frictionCoefficient = 100;
    f.data[0] = 1;
    f.data[1] = 3e-4; /* along n (x) */
    f.data[2] = 4e-4;
    pns(&f); /* at rest: no increment */
    expect_vec(f.data + 1, 0, 4e-4, 0, 1e-14);
}

/* hooke (gran/hooke): no spring; F_t = min(mu F_n, m* gamma_t |v_tr|)
 * along -v_tr = min(250, 15) e_y; without tangential damping no friction. */
static void test_hooke_no_history(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 0);
    f.m[1].velocity[1] = 1;
    pns(&f);
    expect_vec(f.data + 1, 0, 0, 0, 0);
    expect_vec(forces(&f).force[0], -500, 15, 0, 1e-13);
    f.p.frictionCoefficient = 0.01;
    expect_vec(forces(&f).force[0], -500, 5, 0, 1e-13);
    f.p.tangentialDampingOn = false;
    expect_vec(forces(&f).force[0], -500, 0, 0, 1e-13);
}

/* lammps2021: a contact evaluated without a step with a history of length
 * 0 that slides (the damping alone, 15 N, above mu F_n = 5 N) gets no
 * tangential force in LAMMPS 2021; the documented law holds it at mu F_n. */
static void test_lammps2021_zero_history(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.m[1].velocity[1] = 1;
    f.p.frictionCoefficient = 0.01;
    f.data[0] = 1; /* in contact, history 0 */
    expect_vec(forces(&f).force[0], -500, 0, 0, 1e-13);
    f.p.lammps2021 = false;
    expect_vec(forces(&f).force[0], -500, 5, 0, 1e-13);
    /* the kernel writes the truncated history then (a set-up computation) */
    mbc_gran_classic_law law;
    mbc_contact_gran_classic_law(&f.p, &law);
    const double zero[3] = {0, 0, 0}, w[3] = {0, 0, 0}, xb[3] = {0.95, 0, 0}, vb[3] = {0, 1, 0};
    const mbc_gran_classic_in in =
        mbc_contact_gran_classic_pair_in(zero, xb, zero, vb, w, w, 0.5, 0.5, 2, 6, zero);
    const mbc_gran_classic_out o = mbc_gran_classic_contact(&law, 1, 0, 0, in);
    expect_vec(o.shear, 0, 1e-3, 0, 1e-12);
    law.lammps2021 = 1.0;
    const mbc_gran_classic_out o21 = mbc_gran_classic_contact(&law, 1, 0, 0, in);
    expect_vec(o21.shear, 0, 0, 0, 0);
}

/* K_t = 0 with a history model and tangential damping: LAMMPS 2021 divides
 * by K_t when the contact slides (the history is not a number afterwards),
 * so with lammps2021 the parameters are refused with one line; without
 * tangential damping nothing slides on a spring of stiffness 0, and the
 * documented law keeps the history: the force is the Coulomb-limited
 * damping. */
static void test_lammps2021_zero_stiffness(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.p.tangentialStiffness = 0;
    mbc_error errors[4];
    assert_int_equal(mbc_contact_gran_classic_validate(&f.p, errors, 4), 1);
    assert_string_equal(errors[0].message,
                        "ContactGranClassic.tangentialStiffness: must be > 0 with a shear "
                        "history, tangential damping and lammps2021 (LAMMPS 2021 divides by it "
                        "when the contact slides: the history is then not a number; set it > 0, "
                        "or tangentialDampingOn or lammps2021 False), given 0");
    f.p.tangentialDampingOn = false;
    validate(&f);
    f.p.tangentialDampingOn = true;
    f.p.model = 0; /* hooke keeps no history */
    validate(&f);
    fixture_init(&f, 1);
    f.m[1].velocity[1] = 1;
    f.p.frictionCoefficient = 0.01;
    f.p.tangentialStiffness = 0;
    f.p.lammps2021 = false;
    pns(&f);
    expect_vec(f.data + 1, 0, -1e-3, 0, 1e-14);
    expect_vec(forces(&f).force[0], -500, 5, 0, 1e-13);
}

/* Coincident centers: the normal is 0/0 and the force not finite; forces
 * (a contact the record holds) and PostNewtonStep refuse with one line naming the distance and the
 * overlap. */
static void test_coincident_centers(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 1);
    f.m[1].position[0] = 0;
    f.data[MBC_GRAN_CLASSIC_TOUCH] = 1; /* in contact since the last step */
    validate(&f);
    mbc_forces out;
    memset(&out, 0, sizeof out);
    mbc_error err = {0};
    assert_int_equal(mbc_contact_gran_classic_forces(&f.p, &f.s, &out, &err), MBC_ERR_INPUT);
    assert_string_equal(err.message,
                        "ContactGranClassic: contact force not finite (center distance 0, "
                        "overlap 1)");
    double next[NDATA];
    mbc_post_newton pn = {.data = next};
    mbc_error err2 = {0};
    assert_int_equal(mbc_contact_gran_classic_post_newton_step(&f.p, &f.s, &pn, &err2),
                     MBC_ERR_INPUT);
    assert_string_equal(err2.message, err.message);
}

static void test_effective_mass(void **state)
{
    (void)state;
    assert_true(mbc_gran_classic_meff(2, 6) == 2.0 * 6.0 / 8.0);
    assert_true(mbc_gran_classic_meff(2, INFINITY) == 2);
    assert_true(mbc_gran_classic_meff(INFINITY, 6) == 6);
    assert_true(mbc_gran_classic_meff(INFINITY, INFINITY) == 0);
}

/* A random contact: the law is odd under the exchange of a and b with the
 * history negated (the force and the history negated, the torques
 * exchanged): to the bit for hooke and hooke/history; hertz/history's
 * factor sqrt((delta r_a) r_b / (r_a + r_b)) is LAMMPS's product in the
 * order of atoms i, j, which rounds differently in the other order (to 2
 * ulp here). And it is frame invariant (rotating the state and the history
 * rotates the forces). */
static void test_exchange_and_frame(void **state)
{
    (void)state;
    rt_rng g = {42};
    int hertz_differs = 0;
    for (int t = 0; t < 500; t++) {
        const int model = t % 3;
        mbc_gran_classic_law law = {.kn = 1e5,
                                    .kt = 3e4,
                                    .gamman = 50,
                                    .gammat = 25,
                                    .xmu = 0.3 * (t % 4),
                                    .limit_floor = (t % 5) ? -INFINITY : 0,
                                    .dt = 1e-3,
                                    .lammps2021 = 1.0};
        double xa[3], xb[3], va[3], vb[3], wa[3], wb[3], h[3];
        for (int k = 0; k < 3; k++) {
            xa[k] = rt_uniform(&g, -0.3, 0.3);
            xb[k] = rt_uniform(&g, -0.3, 0.3);
            va[k] = rt_uniform(&g, -1, 1);
            vb[k] = rt_uniform(&g, -1, 1);
            wa[k] = rt_uniform(&g, -2, 2);
            wb[k] = rt_uniform(&g, -2, 2);
            h[k] = rt_uniform(&g, -1e-3, 1e-3);
        }
        const double ra = rt_uniform(&g, 0.3, 0.5), rb = rt_uniform(&g, 0.3, 0.5), ma = 2, mb = 1.5;
        const double nh[3] = {-h[0], -h[1], -h[2]};
        for (int step = 0; step <= 1; step++) {
            const mbc_gran_classic_out o = mbc_gran_classic_contact(
                &law, model, 0, step,
                mbc_contact_gran_classic_pair_in(xa, xb, va, vb, wa, wb, ra, rb, ma, mb, h));
            const mbc_gran_classic_out x = mbc_gran_classic_contact(
                &law, model, 0, step,
                mbc_contact_gran_classic_pair_in(xb, xa, vb, va, wb, wa, rb, ra, mb, ma, nh));
            assert_true(o.touch == x.touch);
            const double ulps = model == MBC_GRAN_CLASSIC_HERTZ_HISTORY ? 4.5e-16 : 0.0;
            double scale = 0, dt = 0;
            for (int k = 0; k < 3; k++)
                scale = fmax(scale, fmax(fabs(o.force[k]), fabs(o.torque_a[k])));
            for (int k = 0; k < 3; k++) {
                assert_true(fabs(o.force[k] + x.force[k]) <= ulps * scale);
                dt = fmax(dt, fabs(o.torque_a[k] - x.torque_b[k]));
                dt = fmax(dt, fabs(o.torque_b[k] - x.torque_a[k]));
                assert_true(fabs(o.shear[k] + x.shear[k]) <= ulps * 1e-2);
            }
            assert_true(dt <= ulps * scale);
            hertz_differs += ulps > 0 && (o.force[0] != -x.force[0] || o.force[1] != -x.force[1] ||
                                          o.force[2] != -x.force[2]);
            /* frame: a rotation about an axis */
            double R[9];
            rt_random_rotation(&g, R);
            double rxa[3], rxb[3], rva[3], rvb[3], rwa[3], rwb[3], rh[3];
            mbc_mat3_mul(R, xa, rxa);
            mbc_mat3_mul(R, xb, rxb);
            mbc_mat3_mul(R, va, rva);
            mbc_mat3_mul(R, vb, rvb);
            mbc_mat3_mul(R, wa, rwa);
            mbc_mat3_mul(R, wb, rwb);
            mbc_mat3_mul(R, h, rh);
            const mbc_gran_classic_out r = mbc_gran_classic_contact(
                &law, model, 0, step,
                mbc_contact_gran_classic_pair_in(rxa, rxb, rva, rvb, rwa, rwb, ra, rb, ma, mb, rh));
            double want[3];
            mbc_mat3_mul(R, o.force, want);
            expect_vec(r.force, want[0], want[1], want[2], 1e-9);
            mbc_mat3_mul(R, o.torque_a, want);
            expect_vec(r.torque_a, want[0], want[1], want[2], 1e-9);
            mbc_mat3_mul(R, o.shear, want);
            expect_vec(r.shear, want[0], want[1], want[2], 1e-9);
        }
    }
    assert_true(hertz_differs > 0); /* the order of the Hertzian product shows */
}

/* A gran/hertz/history law (model 2): k_n 1e5, k_t 3e4, gamma_n 50, the
 * tangential damping and friction coefficient given. */
static mbc_object *hertz_history(double gamma_t, double mu)
{
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactGranClassic", &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_set(o, "model", 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "normalStiffness", 1e5, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "tangentialStiffness", 3e4, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "normalDamping", 50, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "tangentialDamping", gamma_t, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "frictionCoefficient", mu, &err), MBC_OK);
    return o;
}

/* The in-place kernels: mbc_pair_eval over two pairs gives the hooks'
 * forces (the same bits), and mbc_wall_eval a sphere on a plane and in a
 * cylinder: hertz/history with R* = r (flat) and r r_w/(r + r_w). */
static void test_pair_and_wall_kernels(void **state)
{
    (void)state;
    mbc_error err = {0};
    mbc_object *o = hertz_history(25, 0.5);
    const double radii[2] = {0.5, 0.5};
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
    mbc_object_set_default_indices(o);
    mbc_error errors[4];
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, errors, 4, &violations), MBC_OK);
    /* a plane at z = 0 under a sphere at z = 0.45, at rest: 0.05 deep */
    double x[1][3] = {{0, 0, 0.45}}, v[1][3] = {{0}}, w[1][3] = {{0}}, r[1] = {0.5}, m[1] = {2};
    double f[1][3] = {{0}}, t[1][3] = {{0}}, rec[NDATA] = {0};
    const mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])v, (const double(*)[3])w, r, m, f, t, 1};
    mbc_wall_contact c = {.atom = 0, .data = rec, .del = {0, 0, 0.45}, .radius = INFINITY};
    mbc_wall_call call = {&at, &c, 1, MBC_PAIR_POST_NEWTON, 1e-3, NULL};
    mbc_pair_sums sums = {0};
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_OK);
    expect_vec(f[0], 0, 0, sqrt(0.05 * 0.5) * 1e5 * 0.05, 1e-14);
    assert_true(rec[0] == 1.0 && sums.contacts == 1.0);
    /* inside a cylinder of rwall = -2 R = -8 (LAMMPS's): R* = 0.5 (-8)/(0.5 - 8) */
    f[0][2] = 0;
    c.radius = -8;
    assert_int_equal(mbc_wall_eval(o, &call, &sums, &err), MBC_OK);
    expect_vec(f[0], 0, 0, sqrt(0.05 * 0.5 * -8 / (-8 + 0.5)) * 1e5 * 0.05, 1e-14);
    mbc_object_destroy(o);
}

/* One output of the hooks (size up to 2). */
static void output(fixture *f, size_t var, double *out)
{
    mbc_error err = {0};
    if (mbc_contact_gran_classic_outputs(&f->p, &f->s, var, out, 2, &err) != MBC_OK)
        fail_msg("%s", err.message);
}

static double output1(fixture *f, size_t var)
{
    double v[2] = {0, 0};
    output(f, var, v);
    return v[0];
}

/* The energy books by hand (hooke/history, delta = 0.05, m* = 1.5, b moving
 * at 1 m/s along y, one step of 1 ms: xi = (0, -1e-3, 0)): sticking,
 * E_n = k_n delta^2/2 = 12.5, E_t = k_t |xi|^2/2 = 5e-3, P_n = 0,
 * P_t = m* gamma_t |v_tr|^2 = 15, no flows; sliding at mu = 0.02 (F_t at
 * 10 N): xi truncated to 0.4 (xi + m* gamma_t v_tr/k_t) - m* gamma_t v_tr/k_t
 * = 5e-4, E_t = 1.25e-3, P_t still 15, the slip loss
 * k_t (1e-6 - 2.5e-7)/2 over the step = 3.75 W, in DissipatedPower. */
static void test_energy_books(void **state)
{
    (void)state;
    fixture f;
    double parts[2];
    for (int slides = 0; slides < 2; slides++) {
        fixture_init(&f, 1);
        f.m[1].velocity[1] = 1;
        if (slides)
            f.p.frictionCoefficient = 0.02;
        pns(&f);
        const double et = slides ? 1.25e-3 : 5e-3, slip = slides ? 3.75 : 0.0;
        output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY_PARTS, parts);
        expect_vec((double[3]){parts[0], parts[1], 0}, 12.5, et, 0, 1e-12);
        output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER_PARTS, parts);
        expect_vec((double[3]){parts[0], parts[1], 0}, 0, 15, 0, 1e-12);
        output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_ENERGY_FLOWS, parts);
        expect_vec((double[3]){parts[0], parts[1], 0}, 0, slip, 0, 1e-10);
        expect_vec((double[3]){output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY),
                               output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER), 0},
                   12.5 + et, 15 + slip, 0, 1e-12);
        /* a force evaluation without a step (data = start): no slip loss */
        memcpy(f.start, f.data, sizeof f.start);
        assert_true(fabs(output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER) - 15) <=
                    1e-12 * 15);
    }
    /* hooke: no spring; friction -F_t . v_tr = min(mu F_n, m* gamma_t |v_tr|) |v_tr| = 15 */
    fixture_init(&f, 0);
    f.m[1].velocity[1] = 1;
    pns(&f);
    expect_vec((double[3]){output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY),
                           output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER), 0},
               12.5, 15, 0, 1e-12);
    /* out of contact: all 0 */
    fixture_init(&f, 1);
    f.m[1].position[0] = 1.5;
    pns(&f);
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY_PARTS, parts);
    assert_true(parts[0] == 0.0 && parts[1] == 0.0);
}

/* hertz/history, b approaching and sliding by: the stiffness power
 * E_t (d delta/dt)/(2 delta) by hand, and the books of the kernel path
 * (mbc_pair_eval's sums, one history step) equal the hooks' after
 * PostNewtonStep (one kernel, two paths). */
static void test_energy_books_paths(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 2);
    f.p.normalStiffness = 1e5;
    f.p.tangentialStiffness = 3e4;
    f.p.frictionCoefficient = 0.005; /* sticks in the first step, slides in the second */
    f.m[1].velocity[0] = -0.5;
    f.m[1].velocity[1] = 2;
    f.m[0].angular_velocity_local[2] = 3;
    /* a first step, then a second from its record: a history to start from */
    pns(&f);
    pns(&f);
    double parts[2], flows[2];
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY_PARTS, parts);
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_ENERGY_FLOWS, flows);
    /* v_n = -0.5 (approaching): d delta/dt = 0.5 */
    assert_true(parts[1] > 0.0);
    assert_true(fabs(flows[0] - parts[1] * 0.5 / (2 * 0.05)) <= 1e-12 * flows[0]);
    assert_true(flows[1] > 0.0); /* it slides */
    const double stored = output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY);
    const double power = output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER);

    mbc_error err = {0};
    mbc_object *o = hertz_history(10, 0.005);
    assert_int_equal(mbc_object_set_array(o, "spheresRadii", f.p.spheresRadii, 2, &err), MBC_OK);
    mbc_object_set_default_indices(o);
    size_t violations = 0;
    assert_int_equal(mbc_object_initialize(o, &err, 1, &violations), MBC_OK);
    double x[2][3], v[2][3], w[2][3] = {{0, 0, 3}, {0, 0, 0}}, r[2] = {0.5, 0.5}, m[2] = {2, 6};
    double fo[2][3] = {{0}}, t[2][3] = {{0}}, rec[NDATA];
    for (int a = 0; a < 2; a++)
        for (int k = 0; k < 3; k++) {
            x[a][k] = f.m[a].position[k];
            v[a][k] = f.m[a].velocity[k];
        }
    memcpy(rec, f.start, sizeof rec);
    const mbc_pair_atoms at = {
        (const double(*)[3])x, (const double(*)[3])v, (const double(*)[3])w, r, m, fo, t, 2};
    mbc_pair pair = {.atom = {0, 1}, .data = rec};
    const mbc_pair_call call = {&at, &pair, 1, MBC_PAIR_POST_NEWTON, 1e-3, NULL};
    const size_t outs[2] = {MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY,
                            MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER};
    double sums_out[2] = {0, 0};
    mbc_pair_sums sums = {0};
    sums.outputs = outs;
    sums.output_count = 2;
    sums.output_sums = sums_out;
    assert_int_equal(mbc_pair_eval(o, &call, &sums, &err), MBC_OK);
    expect_vec(rec + 1, f.data[1], f.data[2], f.data[3], 1e-14);
    expect_vec((double[3]){sums_out[0], sums_out[1], 0}, stored, power, 0, 1e-12);
    mbc_object_destroy(o);
}

/* DissipatedPower can be negative, its parts cannot: a hertz/history
 * contact 1e-4 deep (s = sqrt(delta R*) = 5e-3) holding a shear history of
 * 1e-3 m (it sticks: k_t s |xi| = 0.15 N < mu F_n = 0.1925 N), loaded at
 * 1 m/s with no sliding velocity: the stiffness power E_t/(2 delta) =
 * 0.375 W (E_t = k_t s |xi|^2/2 = 7.5e-5 J) exceeds the normal damping's
 * s m* gamma_n v_n^2 = 0.1875 W (m* = 1.5, gamma_n = 25). */
static void test_energy_books_negative(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f, 2);
    f.p.tangentialStiffness = 3e4;
    f.p.normalDamping = 25;
    f.p.frictionCoefficient = 1;
    f.m[1].position[0] = 1.0 - 1e-4;
    f.m[1].velocity[0] = -1;
    f.data[0] = 1;
    f.data[2] = 1e-3;
    memcpy(f.start, f.data, sizeof f.start);
    validate(&f);
    double parts[2], flows[2];
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY_PARTS, parts);
    assert_true(fabs(parts[1] - 7.5e-5) <= 1e-9 * 7.5e-5);
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_ENERGY_FLOWS, flows);
    assert_true(fabs(flows[0] - 0.375) <= 1e-9 * 0.375 && flows[1] == 0.0);
    output(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER_PARTS, parts);
    /* P_n = s m* gamma_n v_n^2 = 5e-3 1.5 25 = 0.1875; P_t = 0 (v_tr = 0) */
    assert_true(fabs(parts[0] - 0.1875) <= 1e-9 * 0.1875 && fabs(parts[1]) <= 1e-15);
    const double power = output1(&f, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER);
    assert_true(fabs(power - (0.1875 - 0.375)) <= 1e-9 * 0.375);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hooke_at_rest),
        cmocka_unit_test(test_normal_damping),
        cmocka_unit_test(test_shear_history),
        cmocka_unit_test(test_projection),
        cmocka_unit_test(test_hooke_no_history),
        cmocka_unit_test(test_lammps2021_zero_history),
        cmocka_unit_test(test_lammps2021_zero_stiffness),
        cmocka_unit_test(test_coincident_centers),
        cmocka_unit_test(test_effective_mass),
        cmocka_unit_test(test_exchange_and_frame),
        cmocka_unit_test(test_pair_and_wall_kernels),
        cmocka_unit_test(test_energy_books),
        cmocka_unit_test(test_energy_books_paths),
        cmocka_unit_test(test_energy_books_negative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
