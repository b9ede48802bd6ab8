/* SPDX-License-Identifier: BSD-3-Clause */
/* Step-size control of a run (run.h, docs/simulate.rst "Step-size control"),
 * in the order of the reference code (Exudyn 1.11: CSolverBase
 * DiscontinuousIteration and SolveSteps, ReduceStepSize of the implicit
 * solver).
 *
 * A step of size h is tried by the integrator with the discontinuous
 * iteration. After each solve every connector's PostNewtonStep gives an
 * error (the largest over the connectors is the step's) and perhaps a
 * recommended step (the smallest is the step's, h_rec). Then
 * (sim_discontinuous_check):
 *   - error within discontinuous.tolerance: the step is accepted;
 *   - error above it after discontinuous.maxIterations solves: the step is
 *     accepted as it is and counted as unconverged (the run warns at its
 *     end; the reference code's ignoreMaxIterations);
 *   - error above it before that, with h_rec < (1 + 1e-8) h and
 *     h > minStepSize: the iteration stops at once, the start-of-step state
 *     (data coordinates too) is restored and the step is redone with
 *         h_new = max(minStepSize, min(0.75 h, h_rec))
 *     (a contact recommends the time to its switch, so the redone step ends
 *     there). At minStepSize the iteration goes on instead (the reference
 *     code stops the run there: a run here never stops for the
 *     discontinuous iteration);
 *   - otherwise the step is solved again with the new data.
 * When Newton does not converge the step is redone with
 * max(minStepSize, min(0.75 h, h_rec)) if the last PostNewtonStep evaluated
 * (of this attempt, or of the last step) recommended h_rec, else with
 * max(minStepSize, h / 2); at minStepSize the run fails. Every redo
 * shortens the step by at least a quarter.
 * Growth: after solver.recoverySteps accepted steps without a redo, a step
 * that took at most solver.recoveryIterations iterations (Newton iterations
 * of its last solve + its discontinuous iterations) doubles the step, up to
 * solver.stepSize, and the count starts again. recommendedStepSize = false
 * ignores every recommendation. */
#include "run.h"

#include <math.h>

void sim_step_control_init(sim_step_control *sc, const sim_settings *s)
{
    sc->h = s->step;
    sc->steps_since_reduced = 0;
    sc->recommended = -1.0;
}

static mbc_status attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err)
{
    r->state.h = h;
    const mbc_status st = r->model->settings.method == SIM_RK4
                              ? sim_rk4_attempt(r, h, out, err)
                              : sim_genalpha_attempt(r, h, out, err);
    r->state.h = 0.0;
    return st;
}

static void commit(sim_run *r, double h)
{
    if (r->model->settings.method == SIM_RK4)
        sim_rk4_commit(r, h);
    else
        sim_genalpha_commit(r, h);
}

/* The step that redoes one of size h: the recommendation h_rec (< 0 none)
 * shortens it by at least a quarter, without one it is halved. */
static double reduced_step(const sim_settings *s, double h, double recommended)
{
    const double h_new =
        s->honour_recommended_step && recommended >= 0.0 ? fmin(0.75 * h, recommended) : 0.5 * h;
    return fmax(s->min_step, h_new);
}

/* Statistics of an accepted step of size h (h_max: the distance to the end). */
static void record(sim_state *s, const sim_settings *set, double h, double h_max,
                   const sim_attempt_result *res)
{
    sim_stats *st = &s->stats;
    if (st->smallest_step < 0.0 || h < st->smallest_step)
        st->smallest_step = h;
    if (h > st->largest_step)
        st->largest_step = h;
    if (h < set->step && h < h_max)
        st->reduced_steps++;
    if (res->error > st->largest_error)
        st->largest_error = res->error;
    if (res->outcome == SIM_UNCONVERGED) {
        st->discontinuous_unconverged++;
        if (st->first_unconverged_time < 0.0)
            st->first_unconverged_time = s->t;
    }
}

/* After an accepted step: the step doubles once every recoverySteps steps
 * when the last one needed few iterations. */
static void grow(sim_step_control *sc, const sim_settings *s, const sim_attempt_result *res)
{
    sc->steps_since_reduced++;
    if (sc->steps_since_reduced >= s->recovery_steps &&
        res->newton_iterations + res->iterations <= s->recovery_iterations) {
        sc->h = fmin(s->step, 2.0 * sc->h);
        sc->steps_since_reduced = 0;
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
        if (st != MBC_OK)
            return st;
        if (res.iterations > 0)
            sc->recommended = res.recommended;
        if (res.outcome == SIM_NEWTON_FAILED) {
            state->stats.newton_failures++;
            if (!(h > s->min_step)) {
                return mbc_fail(err, MBC_ERR_VALUE,
                                "%s: Newton did not converge at t = %.17g even with step %g "
                                "(solver.minStepSize = %g)",
                                r->model->scene_name, state->t, h, s->min_step);
            }
            sc->h = reduced_step(s, h, sc->recommended);
            sc->steps_since_reduced = 0;
            continue;
        }
        if (res.outcome == SIM_REDO) {
            state->stats.step_reductions++;
            sc->h = reduced_step(s, h, res.recommended);
            sc->steps_since_reduced = 0;
            continue;
        }
        commit(r, h);
        record(state, s, h, h_max, &res);
        grow(sc, s, &res);
        return MBC_OK;
    }
}
