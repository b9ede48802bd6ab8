/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark 1: coefficient of restitution of ContactSphereSphere.
 *
 * Two equal spheres (mass points, m = 1 kg, r = 0.1 m) meet head-on with a
 * relative speed of 1 m/s; Hertzian contact (contactStiffnessExponent 1.5,
 * k_c = 1e6 N/m^1.5). For each restitutionCoefficient e in {0.1, ..., 1.0}
 * and impactModel 1 (Hunt-Crossley) and 2 (Gonthier / Carvalho-Martins) the
 * effective coefficient e_eff = -(v_n after)/(v_n before) is measured after
 * separation. Independent answers: the mixed model reproduces e (its law was
 * fitted to the exact solution of the Hertz contact ODE); Hunt-Crossley is
 * exact for e = 1 and over-predicts e for e < 1 (its damping is a first-order
 * expansion in 1 - e).
 *
 * Writes restitution.csv (model,e,e_eff) into the working directory. Exit
 * status 0 when every check passes. Option --rk4: explicit RK4. */
#include "rs_report.h"
#include "rs_system.h"

#include "mbconnect/evaluate.h"
#include "mbconnect/object.h"

#include <math.h>
#include <stdio.h>

#define RADIUS    0.1
#define MASS      1.0
#define STIFFNESS 1e6
#define IMPACT    1.0
#define GAP0      2.0101e-3

typedef struct run_result {
    double e_eff;
    double max_overlap;
    double contact_time;
    rs_stats stats;
} run_result;

typedef struct observe {
    int b0, b1;
    int node;
    int separated;
    double t_contact_start, t_contact_end;
    double max_overlap;
} observe;

static int observer(const rs_system *s, void *user)
{
    observe *o = user;
    mbc_rigid_marker m0, m1;
    rs_body_marker_state(s, o->b0, &m0);
    rs_body_marker_state(s, o->b1, &m1);
    const double gap = (m1.position[0] - m0.position[0]) - 2.0 * RADIUS;
    const double *data = rs_node_data(s, o->node);
    if (data[0] <= 0.0 && o->t_contact_start < 0.0)
        o->t_contact_start = s->t;
    if (-gap > o->max_overlap)
        o->max_overlap = -gap;
    if (o->t_contact_start >= 0.0 && data[0] > 0.0 && o->t_contact_end < 0.0)
        o->t_contact_end = s->t;
    /* stop once clearly apart again */
    if (o->t_contact_end >= 0.0 && gap > GAP0) {
        o->separated = 1;
        return 1;
    }
    return 0;
}

static int run(int model, double e, rs_integrator integrator, run_result *res)
{
    rs_system *s = rs_system_create();
    if (s == NULL)
        return -1;
    rs_settings *st = &s->settings;
    st->integrator = integrator;
    st->h_max = 2e-5;
    st->h_min = 1e-9;
    st->discontinuous_tolerance = 1e-6;
    const double p0[3] = {0.0, 0.0, 0.0}, v0[3] = {0.5 * IMPACT, 0.0, 0.0};
    const double p1[3] = {2.0 * RADIUS + GAP0, 0.0, 0.0}, v1[3] = {-0.5 * IMPACT, 0.0, 0.0};
    const int b0 = rs_add_mass_point_3d(s, MASS, p0, v0);
    const int b1 = rs_add_mass_point_3d(s, MASS, p1, v1);
    const int m0 = rs_add_body_marker(s, b0);
    const int m1 = rs_add_body_marker(s, b1);
    const int node = rs_add_data_node(s, 4, NULL);
    mbc_error err;
    mbc_object *o = mbc_object_create("ContactSphereSphere", &err);
    int ok = (o != NULL);
    const double markers[2] = {m0, m1}, radii[2] = {RADIUS, RADIUS};
    ok = ok && mbc_object_set_array(o, "markerNumbers", markers, 2, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "nodeNumber", node, &err) == MBC_OK;
    ok = ok && mbc_object_set_array(o, "spheresRadii", radii, 2, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "contactStiffness", STIFFNESS, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "contactStiffnessExponent", 1.5, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "restitutionCoefficient", e, &err) == MBC_OK;
    ok = ok && mbc_object_set(o, "impactModel", model, &err) == MBC_OK;
    if (!ok) {
        fprintf(stderr, "restitution: parameter error: %s\n", err.message);
        mbc_object_destroy(o);
        rs_system_destroy(s);
        return -1;
    }
    if (rs_add_connector(s, o) < 0 || rs_system_finalize(s) != 0) {
        fprintf(stderr, "restitution: %s\n", s->message);
        rs_system_destroy(s);
        return -1;
    }
    observe ob = {b0, b1, node, 0, -1.0, -1.0, 0.0};
    if (rs_simulate(s, 0.2, observer, &ob) != 0 || !ob.separated) {
        fprintf(stderr, "restitution: simulation failed (%s)\n",
                ob.separated ? s->message : "no separation");
        rs_system_destroy(s);
        return -1;
    }
    mbc_rigid_marker k0, k1;
    rs_body_marker_state(s, b0, &k0);
    rs_body_marker_state(s, b1, &k1);
    const double vn_after = k1.velocity[0] - k0.velocity[0];
    res->e_eff = vn_after / IMPACT;
    res->max_overlap = ob.max_overlap;
    res->contact_time = ob.t_contact_end - ob.t_contact_start;
    res->stats = s->stats;
    rs_system_destroy(s);
    return 0;
}

int main(int argc, char **argv)
{
    rs_integrator integrator = RS_TRAPEZOIDAL;
    if (rs_parse_options(argc, argv, &integrator) != 0)
        return 2;
    FILE *csv = fopen("restitution.csv", "w");
    if (csv == NULL) {
        perror("restitution.csv");
        return 2;
    }
    fprintf(csv, "model,e,e_eff\n");
    double eff[2][10];
    double overlap[2][10], tc[2][10];
    long steps = 0, repeats = 0, reductions = 0, unconverged = 0;
    for (int mi = 0; mi < 2; ++mi) {
        for (int k = 0; k < 10; ++k) {
            const double e = 0.1 * (double)(k + 1);
            run_result r;
            if (run(mi + 1, e, integrator, &r) != 0) {
                fclose(csv);
                return 2;
            }
            eff[mi][k] = r.e_eff;
            overlap[mi][k] = r.max_overlap;
            tc[mi][k] = r.contact_time;
            steps += r.stats.steps;
            repeats += r.stats.discontinuous_repeats;
            reductions += r.stats.step_reductions;
            unconverged += r.stats.discontinuous_unconverged;
            fprintf(csv, "%d,%.1f,%.6f\n", mi + 1, e, r.e_eff);
        }
    }
    fclose(csv);

    printf("Coefficient of restitution, ContactSphereSphere (%s)\n",
           integrator == RS_RK4 ? "RK4" : "trapezoidal");
    printf("m = %g kg each, r = %g m, k_c = %g N/m^1.5, n_exp = 1.5, impact speed %g m/s\n", MASS,
           RADIUS, STIFFNESS, IMPACT);
    printf("%5s | %12s %10s | %12s %10s | %10s %10s\n", "e", "e_eff model1", "e_eff - e",
           "e_eff model2", "e_eff - e", "overlap2 mm", "t_c2 ms");
    for (int k = 0; k < 10; ++k) {
        const double e = 0.1 * (double)(k + 1);
        printf("%5.1f | %12.6f %+10.6f | %12.6f %+10.6f | %10.4f %10.3f\n", e, eff[0][k],
               eff[0][k] - e, eff[1][k], eff[1][k] - e, 1e3 * overlap[1][k], 1e3 * tc[1][k]);
    }
    printf("%ld steps in all, %ld repeated by the discontinuous iteration, %ld reduced to the "
           "recommended step, %ld unconverged\n",
           steps, repeats, reductions, unconverged);

    rs_checks c = {0, 0};
    for (int k = 0; k < 10; ++k) {
        const double e = 0.1 * (double)(k + 1);
        rs_check(&c, fabs(eff[1][k] - e) <= 0.01, "model 2, e = %.1f: |e_eff - e| = %.5f <= 0.01",
                 e, fabs(eff[1][k] - e));
    }
    rs_check(&c, fabs(eff[0][9] - 1.0) <= 1e-3, "model 1, e = 1.0: |e_eff - 1| = %.2e <= 1e-3",
             fabs(eff[0][9] - 1.0));
    for (int k = 0; k < 9; ++k) {
        const double e = 0.1 * (double)(k + 1);
        rs_check(&c, eff[0][k] > e, "model 1, e = %.1f: e_eff = %.5f > e", e, eff[0][k]);
    }
    return rs_checks_finish(&c, "mbc-example-restitution");
}
