/* SPDX-License-Identifier: BSD-3-Clause */
/* Step-size control of a run (run.h, docs/simulate.rst "Step-size control").
 *
 * A step of size h is tried by the integrator with the discontinuous
 * iteration. Then:
 *   - converged (every connector's PostNewtonStep error within
 *     discontinuous.tolerance): the step is accepted;
 *   - not converged after discontinuous.maxIterations, and h > minStepSize:
 *     the step is redone with
 *         h_new = max(minStepSize, min(0.75 h, h_rec))
 *     where h_rec is the smallest step a connector recommended (used when
 *     recommendedStepSize is true and a connector gave one). Every redo
 *     shortens the step by at least the factor 0.75, so a step is redone at
 *     most log(h / minStepSize) / log(4/3) times;
 *   - not converged at minStepSize: the step is accepted as it is, counted
 *     as unconverged (the run warns at its end); the run never stops for
 *     the discontinuous iteration;
 *   - Newton not converged: the step is redone with h / 2; below
 *     minStepSize the run fails.
 * A reduced step is kept for solver.recoverySteps accepted steps; then it
 * doubles with every accepted step until it is solver.stepSize again. A
 * connector's recommendation is never a reason to shorten a step whose
 * iteration converged. */
#include "run.h"

#include <math.h>

void sim_step_control_init(sim_step_control *sc, const sim_settings *s)
{
    sc->h = s->step;
    sc->hold = 0;
}

static mbc_status attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err)
{
    return r->model->settings.method == SIM_RK4 ? sim_rk4_attempt(r, h, out, err)
                                                : sim_genalpha_attempt(r, h, out, err);
}

static void commit(sim_run *r, double h)
{
    if (r->model->settings.method == SIM_RK4) {
        sim_rk4_commit(r, h);
    } else {
        sim_genalpha_commit(r, h);
    }
}

/* The reduced step after an unconverged discontinuous iteration. */
static double reduced_step(const sim_settings *s, double h, double recommended)
{
    double h_new = 0.75 * h;
    if (s->honour_recommended_step && recommended > 0.0 && recommended < h_new) {
        h_new = recommended;
    }
    return h_new > s->min_step ? h_new : s->min_step;
}

/* Statistics of an accepted step of size h (h_max: the distance to the end). */
static void record(sim_state *s, const sim_settings *set, double h, double h_max,
                   const sim_attempt_result *res)
{
    sim_stats *st = &s->stats;
    if (st->smallest_step < 0.0 || h < st->smallest_step) {
        st->smallest_step = h;
    }
    if (h > st->largest_step) {
        st->largest_step = h;
    }
    if (h < set->step && h < h_max) {
        st->reduced_steps++;
    }
    if (res->error > st->largest_error) {
        st->largest_error = res->error;
    }
    if (res->outcome == SIM_UNCONVERGED) {
        st->discontinuous_unconverged++;
        if (st->first_unconverged_time < 0.0) {
            st->first_unconverged_time = s->t;
        }
    }
}

/* The step to try after an accepted one: a reduced step is held, then grows. */
static void grow(sim_step_control *sc, const sim_settings *s)
{
    if (sc->h >= s->step) {
        return;
    }
    if (sc->hold > 0) {
        sc->hold--;
    }
    if (sc->hold == 0) {
        sc->h = fmin(s->step, 2.0 * sc->h);
    }
}

mbc_status sim_step(sim_run *r, sim_step_control *sc, double h_max, mbc_error *err)
{
    const sim_settings *s = &r->model->settings;
    sim_state *state = &r->state;
    for (;;) {
        const double h = fmin(sc->h, h_max);
        sim_attempt_result res;
        const mbc_status st = attempt(r, h, &res, err);
        if (st != MBC_OK) {
            return st;
        }
        if (res.outcome == SIM_NEWTON_FAILED) {
            state->stats.newton_failures++;
            if (0.5 * h < s->min_step) {
                return mbc_fail(err, MBC_ERR_VALUE,
                                "%s: Newton did not converge at t = %.17g even with step %g "
                                "(solver.minStepSize = %g)",
                                r->model->scene_name, state->t, h, s->min_step);
            }
            sc->h = 0.5 * h;
            sc->hold = s->recovery_steps;
            continue;
        }
        if (res.outcome == SIM_UNCONVERGED && h > s->min_step) {
            state->stats.step_reductions++;
            sc->h = reduced_step(s, h, res.recommended);
            sc->hold = s->recovery_steps;
            continue;
        }
        commit(r, h);
        record(state, s, h, h_max, &res);
        grow(sc, s);
        return MBC_OK;
    }
}
