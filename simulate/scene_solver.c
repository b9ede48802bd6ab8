/* SPDX-License-Identifier: BSD-3-Clause */
/* The solver table of a scene file (docs/simulate.rst "Solver"). */
#include "scene_reader.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* value is one of names[] (NULL-terminated): its index in *out. */
static mbc_status choice(scene_ctx *c, const char *field, const char *what, const char *value,
                         const char *const *names, int *out)
{
    char known[128] = "";
    for (int i = 0; names[i]; ++i) {
        if (strcmp(value, names[i]) == 0) {
            *out = i;
            return MBC_OK;
        }
        strncat(known, i ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, names[i], sizeof known - strlen(known) - 1);
    }
    return scene_fail(c, field, "unknown %s \"%s\" (known: %s)", what, value, known);
}

static mbc_status method_and_linear(scene_ctx *c, const char *method, const char *linear)
{
    static const char *const methods[] = {"generalizedAlpha", "newmark", "RK4", NULL};
    static const char *const linears[] = {"auto", "dense", "sparse", NULL};
    static const sim_method method_of[] = {SIM_GENERALIZED_ALPHA, SIM_NEWMARK, SIM_RK4};
    static const sim_linear_kind linear_of[] = {SIM_LINEAR_AUTO, SIM_LINEAR_DENSE,
                                                SIM_LINEAR_SPARSE};
    sim_settings *s = &c->m->settings;
    int k = 0;
    if (method != NULL) {
        if (choice(c, "method", "method", method, methods, &k) != MBC_OK)
            return scene_status(c);
        s->method = method_of[k];
    }
    if (linear != NULL) {
        if (choice(c, "linearSolver", "linear solver", linear, linears, &k) != MBC_OK)
            return scene_status(c);
        s->linear = linear_of[k];
    }
    return MBC_OK;
}

/* solver.newton (k = 0) or solver.discontinuous (k = 1), when given; the
 * solver table is c->item. */
static mbc_status iteration_table(scene_ctx *c, int k)
{
    sim_settings *s = &c->m->settings;
    const char *key = k == 0 ? "newton" : "discontinuous";
    const mbc_reader_table solver = c->item;
    mbc_status st = mbc_reader_subtable(&c->r, &solver, key, 0, "a table", &c->item);
    if (st == MBC_OK && c->item.idx != 0) {
        int it = k == 0 ? s->newton_max_iterations : s->discontinuous_max_iterations;
        double *tol = k == 0 ? &s->newton_tolerance : &s->discontinuous_tolerance;
        const int failed =
            scene_keys_allowed(c, sim_item_type_find("solver", key)->keys, NULL) ||
            scene_positive(c, "tolerance", 0, 0, tol) ||
            scene_index(c, "maxIterations", 0, 1, 1000000000, &it) ||
            (k == 0 && mbc_reader_boolean(&c->r, &c->item, "modified", 0, &s->newton_modified));
        st = failed ? scene_status(c) : MBC_OK;
        *(k == 0 ? &s->newton_max_iterations : &s->discontinuous_max_iterations) = it;
    }
    lua_pop(c->r.L, 1); /* the table */
    c->item = solver;
    return st;
}

/* The numbers of the solver table and their rules. */
static mbc_status solver_numbers(scene_ctx *c, const char **method, const char **linear)
{
    sim_settings *s = &c->m->settings;
    mbc_reader *r = &c->r;
    const mbc_reader_table *t = &c->item;
    const unsigned fin = MBC_READER_FINITE;
    int steps = 0;
    double end = NAN; /* stays NAN without endTime */
    if (scene_keys_allowed(c, sim_item_type_find("solver", "solver")->keys, NULL) ||
        mbc_reader_string(r, t, "method", 0, method) ||
        mbc_reader_number(r, t, "spectralRadius", fin, NULL, &s->rho_inf) ||
        scene_positive(c, "stepSize", 0, 0, &s->step) ||
        mbc_reader_number(r, t, "endTime", fin, NULL, &end) ||
        scene_positive(c, "minStepSize", 0, 0, &s->min_step) ||
        mbc_reader_boolean(r, t, "recommendedStepSize", 0, &s->honour_recommended_step) ||
        scene_index(c, "recoverySteps", 0, 0, 1000000000, &s->recovery_steps) ||
        scene_index(c, "recoveryIterations", 0, 0, 1000000000, &s->recovery_iterations) ||
        mbc_reader_string(r, t, "linearSolver", 0, linear) ||
        scene_positive(c, "outputStep", 0, 1, &s->output_step) ||
        scene_index(c, "steps", 0, 0, 1000000000, &steps))
        return scene_status(c);
    const int has_end = !isnan(end);
    if (!has_end)
        end = s->end_time;
    const int has_steps = scene_has(c, "steps");
    if (s->rho_inf < 0.0 || s->rho_inf > 1.0)
        return scene_fail(c, "spectralRadius", "must be in [0, 1] (given %g)", s->rho_inf);
    if (has_steps && has_end)
        return scene_fail(c, "steps", "give endTime or steps, not both");
    if (has_end && !(end > 0.0))
        return scene_fail(c, "endTime", "must be > 0 (given %g)", end);
    if (s->min_step > s->step) {
        return scene_fail(c, "minStepSize", "must be <= stepSize (given %g > %g)", s->min_step,
                          s->step);
    }
    s->end_time = has_steps ? steps * s->step : end;
    if (s->end_time / s->step > 1e9) {
        return scene_fail(c, has_steps ? "steps" : "endTime",
                          "the run would take %.3g steps of stepSize = %g (at most 1e9)",
                          s->end_time / s->step, s->step);
    }
    return MBC_OK;
}

mbc_status scene_read_solver(scene_ctx *c)
{
    mbc_status st = mbc_reader_subtable(&c->r, &c->root, "solver", 0, "a table", &c->item);
    if (st == MBC_OK && c->item.idx != 0) {
        const char *method = NULL, *linear = NULL;
        st = solver_numbers(c, &method, &linear);
        if (st == MBC_OK)
            st = method_and_linear(c, method, linear);
        for (int k = 0; k < 2 && st == MBC_OK; ++k)
            st = iteration_table(c, k);
    }
    lua_pop(c->r.L, 1); /* the table */
    c->item = c->root;
    return st;
}
