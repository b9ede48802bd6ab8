/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark 2: sliding to rolling of a cylinder (ContactConvexRoll).
 *
 * A roll with constant-radius hull r(x) = R (a cylinder, R = 0.1 m, length
 * 0.1 m), mass m = 1 kg and solid-cylinder inertia (axis m R^2 / 2) is put on
 * flat ground (ground marker at the origin, plane z = 0) with forward speed
 * v0 = 2 m/s along global y and no spin, under gravity g = 9.81 m/s^2; roll
 * axis along global x. Friction: Stribeck with mu_d = 0.3 (no static offset,
 * no viscous part, regularization v_reg = 1e-3 m/s).
 *
 * Independent answer (Coulomb friction, rigid contact): the slip speed
 * v - omega R decreases at the constant rate 3 mu g, so rolling starts at
 * t_roll = v0 / (3 mu g) and the speed is then 2/3 v0 (angular momentum about
 * the contact line is conserved). Writes roll.csv (t,v,R_omega,slip). */
#include "rs_report.h"
#include "rs_system.h"

#include "mbconnect/object.h"

#include <math.h>
#include <stdio.h>

#define RADIUS    0.1
#define LENGTH    0.1
#define MASS      1.0
#define V0        2.0
#define MU        0.3
#define GRAVITY   9.81
#define STIFFNESS 1e6
#define DAMPING   500.0

typedef struct observe {
    int roll, node;
    FILE *csv;
    double t_roll;      /* first time slip <= 1e-3 v0 */
    double max_tilt;    /* |axis . e_z| + |axis . e_y| */
    double max_gap_abs; /* penetration */
    double next_print;
    long step;
} observe;

static void kinematics(const rs_system *s, int roll, double *speed, double *spin)
{
    mbc_rigid_marker m;
    rs_body_marker_state(s, roll, &m);
    *speed = hypot(m.velocity[0], m.velocity[1]);
    /* global angular velocity about the roll axis A e_x */
    double w[3];
    for (int i = 0; i < 3; ++i) {
        w[i] = m.rotation[3 * i] * m.angular_velocity_local[0] +
               m.rotation[3 * i + 1] * m.angular_velocity_local[1] +
               m.rotation[3 * i + 2] * m.angular_velocity_local[2];
    }
    *spin = fabs(w[0]);
}

static int observer(const rs_system *s, void *user)
{
    observe *o = user;
    double v, w;
    kinematics(s, o->roll, &v, &w);
    const double *d = rs_node_data(s, o->node);
    const double slip = hypot(d[0], d[1]);
    if (o->t_roll < 0.0 && slip <= 1e-3 * V0)
        o->t_roll = s->t;
    mbc_rigid_marker m;
    rs_body_marker_state(s, o->roll, &m);
    const double tilt = fabs(m.rotation[3]) + fabs(m.rotation[6]);
    if (tilt > o->max_tilt)
        o->max_tilt = tilt;
    if (fabs(d[2]) > o->max_gap_abs)
        o->max_gap_abs = fabs(d[2]);
    if (o->step++ % 5 == 0)
        fprintf(o->csv, "%.6f,%.8f,%.8f,%.8e\n", s->t, v, RADIUS * w, slip);
    if (s->t >= o->next_print - 1e-12) {
        printf("%8.4f | %10.6f %10.6f %12.4e\n", s->t, v, RADIUS * w, slip);
        o->next_print += 0.025;
    }
    return 0;
}

int main(int argc, char **argv)
{
    rs_integrator integrator = RS_TRAPEZOIDAL;
    if (rs_parse_options(argc, argv, &integrator) != 0)
        return 2;
    rs_system *s = rs_system_create();
    if (s == NULL)
        return 2;
    s->settings.integrator = integrator;
    s->settings.h_max = 1e-4;
    s->settings.discontinuous_tolerance = 1e-6;
    s->gravity[2] = -GRAVITY;

    const double origin[3] = {0.0, 0.0, 0.0};
    const double inertia[3] = {0.5 * MASS * RADIUS * RADIUS,
                               MASS * (3.0 * RADIUS * RADIUS + LENGTH * LENGTH) / 12.0,
                               MASS * (3.0 * RADIUS * RADIUS + LENGTH * LENGTH) / 12.0};
    const double delta0 = MASS * GRAVITY / STIFFNESS; /* static penetration */
    const double p0[3] = {0.0, 0.0, RADIUS - delta0};
    const double A0[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const double v0[3] = {0.0, V0, 0.0}, w0[3] = {0.0, 0.0, 0.0};
    const int ground = rs_add_ground(s, origin);
    const int roll = rs_add_rigid_3d(s, MASS, inertia, p0, A0, v0, w0);
    const int mg = rs_add_body_marker(s, ground);
    const int mr = rs_add_body_marker(s, roll);
    const int node = rs_add_data_node(s, 3, NULL);

    mbc_error err;
    mbc_object *o = mbc_object_create("ContactConvexRoll", &err);
    int ok = (o != NULL);
    const double markers[2] = {mg, mr}, hull[1] = {RADIUS};
    ok = ok && mbc_object_set_array(o, "markerNumbers", markers, 2, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "nodeNumber", node, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "contactStiffness", STIFFNESS, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "contactDamping", DAMPING, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "dynamicFriction", MU, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "rollLength", LENGTH, &err) == MBC_OK;
    ok = ok && mbc_object_set_array(o, "coefficientsHull", hull, 1, &err) == MBC_OK;
    if (!ok) {
        fprintf(stderr, "roll: parameter error: %s\n", err.message);
        mbc_object_destroy(o);
        rs_system_destroy(s);
        return 2;
    }
    if (rs_add_connector(s, o) < 0 || rs_system_finalize(s) != 0) {
        fprintf(stderr, "roll: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    FILE *csv = fopen("roll.csv", "w");
    if (csv == NULL) {
        perror("roll.csv");
        rs_system_destroy(s);
        return 2;
    }
    fprintf(csv, "t,v,R_omega,slip\n");
    const double t_exact = V0 / (3.0 * MU * GRAVITY);
    const double t_end = 2.0 * t_exact;
    printf("Sliding to rolling, cylinder on flat ground, ContactConvexRoll (%s)\n",
           integrator == RS_RK4 ? "RK4" : "trapezoidal");
    printf("R = %g m, L = %g m, m = %g kg, v0 = %g m/s, mu_d = %g, k_c = %g N/m, d_c = %g N s/m, "
           "h = %g s\n",
           RADIUS, LENGTH, MASS, V0, MU, STIFFNESS, DAMPING, s->settings.h_max);
    printf("%8s | %10s %10s %12s\n", "t [s]", "v [m/s]", "R w [m/s]", "slip [m/s]");
    observe ob = {roll, node, csv, -1.0, 0.0, 0.0, 0.0, 0};
    fprintf(csv, "%.6f,%.8f,%.8f,%.8e\n", 0.0, V0, 0.0, V0);
    printf("%8.4f | %10.6f %10.6f %12.4e\n", 0.0, V0, 0.0, V0);
    ob.next_print = 0.025;
    const int st = rs_simulate(s, t_end, observer, &ob);
    fclose(csv);
    if (st != 0) {
        fprintf(stderr, "roll: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    double v_end, w_end;
    kinematics(s, roll, &v_end, &w_end);
    const double *d = rs_node_data(s, node);
    const double slip_end = hypot(d[0], d[1]);
    printf("final: v = %.6f m/s (2/3 v0 = %.6f), R w = %.6f m/s, slip = %.3e m/s\n", v_end,
           2.0 / 3.0 * V0, RADIUS * w_end, slip_end);
    printf("time to roll: %.5f s (v0/(3 mu g) = %.5f s); max |gap| %.3e m; max axis tilt %.1e; "
           "warnings 0x%x\n",
           ob.t_roll, t_exact, ob.max_gap_abs, ob.max_tilt, s->connectors[0].warnings);
    rs_print_stats(s, "integrator");

    rs_checks c = {0, 0};
    const double v_ref = 2.0 / 3.0 * V0;
    rs_check(&c, fabs(v_end - v_ref) <= 0.01 * v_ref,
             "final speed %.6f m/s within 1%% of 2/3 v0 = %.6f (rel. error %.2e)", v_end, v_ref,
             fabs(v_end - v_ref) / v_ref);
    rs_check(&c, slip_end < 1e-3 * V0, "final slip speed %.3e m/s < 1e-3 v0 = %.1e", slip_end,
             1e-3 * V0);
    rs_check(&c, ob.t_roll > 0.0 && fabs(ob.t_roll - t_exact) <= 0.05 * t_exact,
             "time to roll %.5f s within 5%% of v0/(3 mu g) = %.5f s (rel. error %.2e)", ob.t_roll,
             t_exact, fabs(ob.t_roll - t_exact) / t_exact);
    const int code = rs_checks_finish(&c, "mbc-example-roll");
    rs_system_destroy(s);
    return code;
}
