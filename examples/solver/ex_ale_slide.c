/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark 4: a mass point sliding along a cable with JointALEMoving2D.
 *
 * A fixed, straight cable of 5 ANCF Cable2D elements (1 m each) starts at the
 * origin and runs downhill at 30 degrees, direction (cos 30, -sin 30). A mass
 * point (m = 1 kg) is joined to it by JointALEMoving2D (index-3 constraint,
 * Lagrange multipliers z = joint force), with a massless ALE coordinate node
 * s (arc length); it starts at rest at s0 = 0.25 m in element 0 under gravity
 * g = 9.81 m/s^2 only. The joint's PostNewtonStep moves the sliding index to
 * the next element when s passes an element end and reports the new marker
 * m1, which the solver re-links.
 *
 * Independent answer: frictionless sliding on an incline, s(t) - s0 =
 * g sin(30 deg) t^2 / 2; the joint force is m g cos(30 deg) normal to the
 * cable. Writes ale_slide.csv (t,s,s_exact,index,residual). */
#include "rs_report.h"
#include "rs_system.h"

#include "mbconnect/ancf_cable2d.h"
#include "mbconnect/object.h"

#include <math.h>
#include <stdio.h>

#define ELEMENTS 5
#define EL_LEN   1.0
#define MASS     1.0
#define GRAVITY  9.81
#define S0       0.25
#define PI       3.14159265358979323846

typedef struct observe {
    int point, ale_body, node, joint;
    FILE *csv;
    int index;                /* current sliding index */
    int crossings;            /* index increments seen */
    double t_cross[ELEMENTS]; /* time the index became i */
    double s_cross[ELEMENTS]; /* s at that time */
    int marker_ok;            /* re-linked m1 always = slidingMarkerNumbers[index] */
    int cable_markers[ELEMENTS];
    double max_residual, max_vresidual;
    double max_rel_error;
    double z_last[2];
    long step;
    int failed;
} observe;

static int observer(const rs_system *s, void *user)
{
    observe *o = user;
    rs_system *sm = (rs_system *)s; /* connector queries build a state in scratch */
    const double a = GRAVITY * sin(PI / 6.0);
    const double s_now = s->q[s->bodies[o->ale_body].q_offset];
    const double traveled = s_now - S0;
    const double exact = 0.5 * a * s->t * s->t;
    const double rel = fabs(traveled - exact) / exact;
    if (rel > o->max_rel_error)
        o->max_rel_error = rel;
    const int index = (int)rs_node_data(s, o->node)[0];
    if (index != o->index) {
        if (index == o->index + 1)
            o->crossings++;
        o->index = index;
        if (index >= 0 && index < ELEMENTS) {
            o->t_cross[index] = s->t;
            o->s_cross[index] = s_now;
        }
    }
    if (s->connectors[o->joint].marker[1] != o->cable_markers[index])
        o->marker_ok = 0;
    mbc_algebraic alg;
    mbc_error err;
    if (rs_connector_algebraic(sm, o->joint, &alg, &err) != MBC_OK) {
        fprintf(stderr, "ale-slide: %s\n", err.message);
        o->failed = 1;
        return 1;
    }
    const double res = hypot(alg.position[0], alg.position[1]);
    const double vres = hypot(alg.velocity[0], alg.velocity[1]);
    if (res > o->max_residual)
        o->max_residual = res;
    if (vres > o->max_vresidual)
        o->max_vresidual = vres;
    o->z_last[0] = s->z[0];
    o->z_last[1] = s->z[1];
    if (o->step++ % 10 == 0)
        fprintf(o->csv, "%.6f,%.10f,%.10f,%d,%.3e\n", s->t, s_now, S0 + exact, index, res);
    return 0;
}

int main(int argc, char **argv)
{
    rs_integrator integrator = RS_TRAPEZOIDAL;
    if (rs_parse_options(argc, argv, &integrator) != 0)
        return 2;
    if (integrator != RS_TRAPEZOIDAL) {
        fprintf(stderr, "ale-slide: has algebraic equations, needs the implicit integrator\n");
        return 2;
    }
    rs_system *s = rs_system_create();
    if (s == NULL)
        return 2;
    s->settings.h_max = 1e-3;
    s->settings.discontinuous_tolerance = 1e-10; /* error of the joint in m */
    s->gravity[1] = -GRAVITY;
    const double c = cos(PI / 6.0), sn = sin(PI / 6.0);

    observe ob = {0};
    ob.marker_ok = 1;
    for (int e = 0; e < ELEMENTS; ++e) {
        const double q[8] = {c * EL_LEN * e,       -sn * EL_LEN * e,       c, -sn,
                             c * EL_LEN * (e + 1), -sn * EL_LEN * (e + 1), c, -sn};
        const int body = rs_add_cable2d_fixed(s, q, EL_LEN);
        ob.cable_markers[e] = rs_add_cable_coordinates_marker(s, body);
    }
    double p0[2];
    mbc_ancf_cable2d_position(s->bodies[0].cable.q, EL_LEN, S0, p0);
    const double v0[2] = {0.0, 0.0};
    const int point = rs_add_mass_point_2d(s, MASS, p0, v0);
    const int mp = rs_add_body_marker(s, point);
    const double d0[1] = {0.0};
    const int gd = rs_add_data_node(s, 1, d0);
    const int ale = rs_add_ale_node(s, S0, 0.0, 0.0);

    mbc_error err;
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    int ok = (o != NULL);
    double sliding[ELEMENTS], offsets[ELEMENTS];
    for (int e = 0; e < ELEMENTS; ++e) {
        sliding[e] = ob.cable_markers[e];
        offsets[e] = EL_LEN * e;
    }
    const double markers[2] = {mp, ob.cable_markers[0]}, nodes[2] = {gd, ale};
    ok = ok && mbc_object_set_array(o, "markerNumbers", markers, 2, &err) == MBC_OK;
    ok = ok && mbc_object_set_array(o, "slidingMarkerNumbers", sliding, ELEMENTS, &err) == MBC_OK;
    ok = ok && mbc_object_set_array(o, "slidingMarkerOffsets", offsets, ELEMENTS, &err) == MBC_OK;
    ok = ok && mbc_object_set_array(o, "nodeNumbers", nodes, 2, &err) == MBC_OK;
    if (!ok) {
        fprintf(stderr, "ale-slide: parameter error: %s\n", err.message);
        mbc_object_destroy(o);
        rs_system_destroy(s);
        return 2;
    }
    const int joint = rs_add_connector(s, o);
    if (joint < 0 || rs_system_finalize(s) != 0) {
        fprintf(stderr, "ale-slide: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    FILE *csv = fopen("ale_slide.csv", "w");
    if (csv == NULL) {
        perror("ale_slide.csv");
        rs_system_destroy(s);
        return 2;
    }
    fprintf(csv, "t,s,s_exact,index,residual\n");
    ob.point = point;
    ob.ale_body = s->nodes[ale].body;
    ob.node = gd;
    ob.joint = joint;
    ob.csv = csv;
    ob.index = 0;
    ob.t_cross[0] = 0.0;
    ob.s_cross[0] = S0;
    const double a = GRAVITY * sn;
    const double t_end = 1.35;
    const int st = rs_simulate(s, t_end, observer, &ob);
    fclose(csv);
    if (st != 0 || ob.failed) {
        fprintf(stderr, "ale-slide: %s\n", s->message);
        rs_system_destroy(s);
        return 2;
    }
    const double s_end = s->q[s->bodies[ob.ale_body].q_offset];
    const double exact = 0.5 * a * s->t * s->t;
    printf("Mass point sliding along a 30-degree cable of %d ANCF elements, JointALEMoving2D "
           "(trapezoidal, index 3)\n",
           ELEMENTS);
    printf("m = %g kg, element length %g m, s0 = %g m, g = %g m/s^2, h = %g s\n", MASS, EL_LEN, S0,
           GRAVITY, s->settings.h_max);
    printf("%5s | %10s %12s %12s | %s\n", "index", "t [s]", "s [m]", "t_exact [s]", "marker m1");
    for (int i = 0; i < ELEMENTS; ++i) {
        const double te = (i == 0) ? 0.0 : sqrt(2.0 * (EL_LEN * i - S0) / a);
        printf("%5d | %10.4f %12.6f %12.4f | %d\n", i, ob.t_cross[i], ob.s_cross[i], te,
               ob.cable_markers[i]);
    }
    printf("t = %.4f s: s - s0 = %.12f m, g sin30 t^2/2 = %.12f m, rel. error %.2e (max over run "
           "%.2e)\n",
           s->t, s_end - S0, exact, fabs(s_end - S0 - exact) / exact, ob.max_rel_error);
    printf("max |position residual| = %.2e m, max |velocity residual| = %.2e m/s; joint force z = "
           "(%.6f, %.6f) N, |z| = %.6f N (m g cos30 = %.6f N)\n",
           ob.max_residual, ob.max_vresidual, ob.z_last[0], ob.z_last[1],
           hypot(ob.z_last[0], ob.z_last[1]), MASS * GRAVITY * c);
    rs_print_stats(s, "integrator");

    rs_checks ck = {0, 0};
    rs_check(&ck, ob.crossings == ELEMENTS - 1 && ob.index == ELEMENTS - 1,
             "the point crossed every element end: index 0 -> %d in %d steps of one", ob.index,
             ob.crossings);
    rs_check(&ck, ob.marker_ok, "marker m1 re-linked to slidingMarkerNumbers[index] throughout");
    rs_check(&ck, ob.max_residual < 1e-10, "position constraint residual %.2e m < 1e-10",
             ob.max_residual);
    rs_check(&ck, ob.max_rel_error <= 1e-6,
             "traveled arc length matches g sin30 t^2/2 within %.2e relative (<= 1e-6)",
             ob.max_rel_error);
    const int code = rs_checks_finish(&ck, "mbc-example-ale-slide");
    rs_system_destroy(s);
    return code;
}
