/* SPDX-License-Identifier: BSD-3-Clause */
/* PostNewtonStep of a run's connectors (run.h, mbc_object_post_newton_step):
 * new data coordinates, the discontinuous error and recommended step, the
 * re-linking of marker m1 (ALE joint), the initial data, and the accepted
 * step. The error of a step is the largest error of any connector: every
 * connector's own error must be within solver.discontinuous.tolerance, so a
 * scene with many contacts is held to the same rule as one with one. */
#include "run.h"

#include "mbconnect/evaluate.h"

#include <string.h>

/* Re-links marker m1 of connector i to marker mk, as PostNewtonStep asked. */
static mbc_status relink(sim_run *r, int i, int mk, mbc_error *err)
{
    const sim_model *m = r->model;
    const sim_connector *c = &m->connectors[i];
    const int m1 = r->state.marker1[i];
    if (mk < 0 || mk >= m->marker_count || m->markers[mk].kind != m->markers[m1].kind) {
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s:%d: connectors.%s re-linked marker m1 to %d, which is not a marker "
                        "of the same kind",
                        m->scene_name, c->line, c->name, mk);
    }
    r->state.marker1[i] = mk;
    const double nums[2] = {(double)c->marker[0], (double)mk};
    size_t violations = 0;
    mbc_error e2[2];
    mbc_status st = mbc_object_set_array(c->object, "markerNumbers", nums, 2, &e2[0]);
    if (st == MBC_OK)
        st = mbc_object_initialize(c->object, e2, 2, &violations);
    if (st != MBC_OK) {
        return mbc_fail(err, st, "%s:%d: connectors.%s: re-linking marker m1: %s", m->scene_name,
                        c->line, c->name, e2[0].message);
    }
    return MBC_OK;
}

mbc_status sim_post_newton(sim_run *r, const double *q, const double *v, const double *z,
                           double *error, double *recommended, mbc_error *err)
{
    const sim_model *m = r->model;
    *error = 0.0;
    *recommended = -1.0;
    for (int i = 0; i < m->connector_count; ++i) {
        const sim_connector *c = &m->connectors[i];
        if (c->object->type->post_newton_step == NULL)
            continue;
        double *post_data = r->work.connectors[i].post_data;
        sim_connector_eval e;
        sim_connector_state(r, i, q, v, z, &e);
        e.state.phase = r->state.h > 0.0 ? MBC_PHASE_STEP_END : MBC_PHASE_NONE;
        mbc_post_newton out;
        memset(&out, 0, sizeof out);
        out.data = post_data;
        out.marker_number1 = MBC_INVALID_INDEX;
        mbc_error lib;
        const mbc_status st = mbc_object_post_newton_step(c->object, &e.state, &out, &lib);
        if (st != MBC_OK) {
            return mbc_fail(err, st, "%s:%d: connectors.%s at t = %g: PostNewtonStep: %s",
                            m->scene_name, c->line, c->name, r->state.t, lib.message);
        }
        memcpy(r->state.data + c->data_offset, post_data,
               (size_t)c->data_count * sizeof *post_data);
        if (!(out.error <= *error)) /* NaN too: never within the tolerance */
            *error = out.error;
        if (out.recommended_step >= 0.0 && /* 0 too: it asks for minStepSize */
            (*recommended < 0.0 || out.recommended_step < *recommended))
            *recommended = out.recommended_step;
        if (out.marker_number1 != MBC_INVALID_INDEX && out.marker_number1 != r->state.marker1[i]) {
            const mbc_status rs = relink(r, i, out.marker_number1, err);
            if (rs != MBC_OK)
                return rs;
        }
    }
    return MBC_OK;
}

mbc_status sim_initial_data(sim_run *r, mbc_error *err)
{
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    for (int i = 0; i < m->connector_count; ++i) {
        const sim_connector *c = &m->connectors[i];
        mbc_initial_data(c->object->type, c->object->params, s->data + c->data_offset);
    }
    memcpy(s->data_start, s->data, (size_t)m->nd * sizeof *s->data);
    /* data consistent with the initial state: one PostNewtonStep at t = 0 */
    double error = 0.0, recommended = -1.0;
    const mbc_status st = sim_post_newton(r, s->q, s->v, s->z, &error, &recommended, err);
    if (st != MBC_OK)
        return st;
    memcpy(s->data_start, s->data, (size_t)m->nd * sizeof *s->data);
    memcpy(s->data_last, s->data, (size_t)m->nd * sizeof *s->data);
    s->h_last = 0.0;
    return MBC_OK;
}

/* A recommendation below (1 + 1e-8) h redoes the step, as in the reference
 * code: one that equals h up to rounding counts as shorter. */
#define SIM_RECOMMENDATION_SLACK 1e-8

mbc_status sim_discontinuous_check(sim_run *r, double h, int it, const double *q, const double *v,
                                   const double *z, sim_attempt_result *out, int *done,
                                   mbc_error *err)
{
    const sim_settings *s = &r->model->settings;
    *done = 0;
    const mbc_status st = sim_post_newton(r, q, v, z, &out->error, &out->recommended, err);
    if (st != MBC_OK)
        return st;
    out->iterations = it;
    const int shorter = s->honour_recommended_step && out->recommended >= 0.0 &&
                        out->recommended < (1.0 + SIM_RECOMMENDATION_SLACK) * h;
    if (out->error <= s->discontinuous_tolerance) {
        out->outcome = SIM_CONVERGED;
        *done = 1;
    } else if (it >= s->discontinuous_max_iterations) {
        out->outcome = SIM_UNCONVERGED; /* accepted as it is (ignoreMaxIterations) */
        *done = 1;
    } else if (shorter && h > s->min_step) { /* at minStepSize the iteration goes on */
        out->outcome = SIM_REDO;
        *done = 1;
    }
    return MBC_OK;
}

void sim_step_accepted(sim_run *r, double h)
{
    sim_state *s = &r->state;
    sim_accept_rotations(r, s->q);
    memcpy(s->data_last, s->data_start, (size_t)r->model->nd * sizeof *s->data);
    s->h_last = h;
    memcpy(s->data_start, s->data, (size_t)r->model->nd * sizeof *s->data);
    s->t += h;
    s->stats.steps++;
}

void sim_attempt_begin(sim_run *r, sim_attempt_result *out)
{
    memcpy(r->state.data, r->state.data_start, (size_t)r->model->nd * sizeof *r->state.data);
    out->outcome = SIM_UNCONVERGED;
    out->error = 0.0;
    out->recommended = -1.0;
    out->iterations = 0;
    out->newton_iterations = 0;
}
