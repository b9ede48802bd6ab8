/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark 3: sliding to rolling of a disc on a cable
 * (ContactFrictionCircleCable2D).
 *
 * A disc (2D rigid body, r = 0.1 m, m = 1 kg, solid-disc inertia m r^2 / 2)
 * lies on a fixed, straight, horizontal cable of 8 ANCF Cable2D elements
 * (0.3 m each, along x at y = 0); every element has a Cable2DShape marker
 * with 4 contact segments and its own ContactFrictionCircleCable2D connector
 * (k_c = 1e6 N/m, d_c = 500 N s/m per segment; friction coefficient
 * mu = 0.3, frictionStiffness mu_k = 1e5 N/m, frictionVelocityPenalty
 * mu_v = 200 N s/m). Gravity g = 9.81 m/s^2 along -y. Initial speed
 * v0 = 3 m/s along +x, no spin.
 *
 * Independent answer (Coulomb friction): rolling starts at v0 / (3 mu g)
 * with speed 2/3 v0; afterwards x + r phi stays constant (no slip). The stick
 * state is read from the connectors' data (isSlipStick = 0 on every
 * contacting segment). The cable reaction is obtained from the cable point
 * forces through the point Jacobian (J^T f). "Rolling begins" at the first
 * step in which every contacting segment sticks; from then on the principal
 * contact (deepest segment) must stick in every step. Where the disc passes
 * from one segment to the next, two segments touch it for about a millimeter
 * and the unloading one may slip briefly (its normal force vanishes); those
 * steps are counted and printed. Writes disc_on_cable.csv
 * (t,v,r_omega,slip). */
#include "rs_report.h"
#include "rs_system.h"

#include "mbconnect/object.h"

#include <math.h>
#include <stdio.h>

#define RADIUS    0.1
#define MASS      1.0
#define V0        3.0
#define MU        0.3
#define GRAVITY   9.81
#define STIFFNESS 1e6
#define DAMPING   500.0
#define MU_K      1e5
#define MU_V      200.0
#define ELEMENTS  8
#define SEGMENTS  4
#define EL_LENGTH 0.3
#define X0        0.11

typedef struct observe {
    int disc;
    int nodes[ELEMENTS];
    FILE *csv;
    int rolling;               /* rolling has begun */
    double t_roll;             /* first time every contacting segment sticks */
    double x_roll;             /* x at t_roll */
    double c_roll;             /* x + r phi at t_roll */
    double max_drift;          /* max |x + r phi - c_roll| over the next meter */
    double travel;             /* x - x_roll */
    long roll_steps;           /* steps within that meter */
    long slip_steps;           /* ... of which the principal contact was not sticking */
    long secondary_slip_steps; /* ... of which some contacting segment was not sticking */
    int contacts_max;          /* largest number of contacting segments */
    long step;
    double next_print;
} observe;

/* Contacting segments and how many of them stick, over all connectors;
 * *principal_sticks: the principal contact (the segment with the deepest
 * penetration, carrying the largest normal force) sticks. */
static void contact_state(const rs_system *s, const observe *o, int *contacts, int *sticking,
                          int *principal_sticks)
{
    *contacts = 0;
    *sticking = 0;
    *principal_sticks = 0;
    double deepest = 0.0;
    for (int e = 0; e < ELEMENTS; ++e) {
        const double *d = rs_node_data(s, o->nodes[e]);
        for (int i = 0; i < SEGMENTS; ++i) {
            if (d[i] <= 0.0) {
                (*contacts)++;
                const int stick = (d[SEGMENTS + i] == 0.0);
                if (stick)
                    (*sticking)++;
                if (d[i] <= deepest) {
                    deepest = d[i];
                    *principal_sticks = stick;
                }
            }
        }
    }
}

static int observer(const rs_system *s, void *user)
{
    observe *o = user;
    mbc_rigid_marker m;
    rs_body_marker_state(s, o->disc, &m);
    const double *q = s->q + s->bodies[o->disc].q_offset;
    const double *u = s->u + s->bodies[o->disc].u_offset;
    const double v = u[0], w = u[2];
    const double slip = v + RADIUS * w; /* contact-point velocity */
    int contacts, sticking, principal_sticks;
    contact_state(s, o, &contacts, &sticking, &principal_sticks);
    if (contacts > o->contacts_max)
        o->contacts_max = contacts;
    const double c = q[0] + RADIUS * q[2];
    if (!o->rolling && contacts > 0 && sticking == contacts) { /* all stick */
        o->rolling = 1;
        o->t_roll = s->t;
        o->x_roll = q[0];
        o->c_roll = c;
    } else if (o->rolling && o->travel < 1.0) {
        o->travel = q[0] - o->x_roll;
        o->roll_steps++;
        if (!principal_sticks)
            o->slip_steps++;
        if (sticking != contacts)
            o->secondary_slip_steps++;
        const double drift = fabs(c - o->c_roll);
        if (drift > o->max_drift)
            o->max_drift = drift;
    }
    if (o->step++ % 10 == 0)
        fprintf(o->csv, "%.6f,%.8f,%.8f,%.8e\n", s->t, v, -RADIUS * w, slip);
    if (s->t >= o->next_print - 1e-12) {
        printf("%8.4f | %9.5f %10.6f %10.6f %12.4e %3d/%d\n", s->t, q[0], v, -RADIUS * w, slip,
               sticking, contacts);
        o->next_print += 0.05;
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
    s->settings.h_max = 5e-5;
    s->settings.discontinuous_tolerance = 1e-6;
    s->gravity[1] = -GRAVITY;

    const double delta0 = MASS * GRAVITY / STIFFNESS;
    const double q0[3] = {X0, RADIUS - delta0, 0.0}, u0[3] = {V0, 0.0, 0.0};
    const int disc = rs_add_rigid_2d(s, MASS, 0.5 * MASS * RADIUS * RADIUS, q0, u0);
    const int md = rs_add_body_marker(s, disc);
    observe ob = {0};
    ob.disc = disc;
    mbc_error err;
    for (int e = 0; e < ELEMENTS; ++e) {
        const double x0 = EL_LENGTH * e, x1 = EL_LENGTH * (e + 1);
        const double qc[8] = {x0, 0.0, 1.0, 0.0, x1, 0.0, 1.0, 0.0};
        const int cable = rs_add_cable2d_fixed(s, qc, EL_LENGTH);
        const int mc = rs_add_cable_shape_marker(s, cable, SEGMENTS, 0.0);
        const int node = rs_add_data_node(s, 3 * SEGMENTS, NULL);
        ob.nodes[e] = node;
        mbc_object *o = mbc_object_create("ContactFrictionCircleCable2D", &err);
        int ok = (o != NULL);
        const double markers[2] = {md, mc};
        ok = ok && mbc_object_set_array(o, "markerNumbers", markers, 2, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "nodeNumber", node, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "numberOfContactSegments", SEGMENTS, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "contactStiffness", STIFFNESS, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "contactDamping", DAMPING, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "frictionStiffness", MU_K, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "frictionVelocityPenalty", MU_V, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "frictionCoefficient", MU, &err) == MBC_OK;
        ok = ok && mbc_object_set(o, "circleRadius", RADIUS, &err) == MBC_OK;
        if (!ok) {
            fprintf(stderr, "disc-on-cable: parameter error: %s\n", err.message);
            mbc_object_destroy(o);
            rs_system_destroy(s);
            return 2;
        }
        if (rs_add_connector(s, o) < 0) {
            fprintf(stderr, "disc-on-cable: %s\n", s->message);
            rs_system_destroy(s);
            return 2;
        }
    }
    if (rs_system_finalize(s) != 0) {
        fprintf(stderr, "disc-on-cable: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    FILE *csv = fopen("disc_on_cable.csv", "w");
    if (csv == NULL) {
        perror("disc_on_cable.csv");
        rs_system_destroy(s);
        return 2;
    }
    fprintf(csv, "t,v,r_omega,slip\n");
    ob.csv = csv;
    const double t_exact = V0 / (3.0 * MU * GRAVITY);
    const double v_ref = 2.0 / 3.0 * V0;
    const double t_end = t_exact + 1.0 / v_ref + 0.05;
    printf("Sliding to rolling, disc on a cable of %d ANCF elements x %d segments, "
           "ContactFrictionCircleCable2D (%s)\n",
           ELEMENTS, SEGMENTS, integrator == RS_RK4 ? "RK4" : "trapezoidal");
    printf("r = %g m, m = %g kg, v0 = %g m/s, mu = %g, mu_k = %g N/m, mu_v = %g N s/m, k_c = %g "
           "N/m, d_c = %g N s/m, h = %g s\n",
           RADIUS, MASS, V0, MU, MU_K, MU_V, STIFFNESS, DAMPING, s->settings.h_max);
    printf("%8s | %9s %10s %10s %12s %s\n", "t [s]", "x [m]", "v [m/s]", "-r w [m/s]", "slip [m/s]",
           "stick/contacts");
    ob.next_print = 0.0;
    const int st = rs_simulate(s, t_end, observer, &ob);
    fclose(csv);
    if (st != 0) {
        fprintf(stderr, "disc-on-cable: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    const double *u = s->u + s->bodies[disc].u_offset;
    const double v_end = u[0];
    /* cable reaction from J^T f: vertical force = sum of the y position entries */
    double reaction_y = 0.0;
    unsigned warnings = 0;
    for (int e = 0; e < s->connector_count; ++e) {
        reaction_y += s->connectors[e].cable_generalized_force[1] +
                      s->connectors[e].cable_generalized_force[5];
        warnings |= s->connectors[e].warnings;
    }
    printf("final: v = %.6f m/s (2/3 v0 = %.6f), -r w = %.6f m/s; cable reaction (J^T f) y = "
           "%.4f N (-m g = %.4f N)\n",
           v_end, v_ref, -RADIUS * u[2], reaction_y, -MASS * GRAVITY);
    printf("rolling from t = %.5f s (v0/(3 mu g) = %.5f s) at x = %.4f m; over %.4f m of travel "
           "(%ld steps): max |dx + r dphi| = %.3e m (1e-3 r = %.1e m); principal contact not "
           "sticking in %ld steps, some (unloading) segment slipping in %ld steps; up to %d "
           "contacting segments; warnings 0x%x\n",
           ob.t_roll, t_exact, ob.x_roll, ob.travel, ob.roll_steps, ob.max_drift, 1e-3 * RADIUS,
           ob.slip_steps, ob.secondary_slip_steps, ob.contacts_max, warnings);
    rs_print_stats(s, "integrator");

    rs_checks c = {0, 0};
    rs_check(&c, fabs(v_end - v_ref) <= 0.01 * v_ref,
             "final speed %.6f m/s within 1%% of 2/3 v0 = %.6f (rel. error %.2e)", v_end, v_ref,
             fabs(v_end - v_ref) / v_ref);
    rs_check(&c, ob.rolling && ob.travel >= 1.0,
             "rolling began (t = %.5f s) and the disc rolled %.4f m >= 1 m", ob.t_roll, ob.travel);
    rs_check(&c, ob.rolling && ob.max_drift <= 1e-3 * RADIUS,
             "|dx + r dphi| = %.3e m <= 1e-3 r over one meter of rolling", ob.max_drift);
    rs_check(&c, ob.rolling && ob.slip_steps == 0,
             "data show the stick state of the principal contact while rolling (%ld of %ld "
             "steps not)",
             ob.slip_steps, ob.roll_steps);
    const int code = rs_checks_finish(&c, "mbc-example-disc-on-cable");
    rs_system_destroy(s);
    return code;
}
