/* SPDX-License-Identifier: BSD-3-Clause */
/* The solver table of a scene file (docs/simulate.rst "Solver"). */
#include "scene_reader.h"

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
    return scene_field_fail(c, field, "unknown %s \"%s\" (known: %s)", what, value, known);
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
        if (choice(c, "method", "method", method, methods, &k) != MBC_OK) {
            return c->status;
        }
        s->method = method_of[k];
    }
    if (linear != NULL) {
        if (choice(c, "linearSolver", "linear solver", linear, linears, &k) != MBC_OK) {
            return c->status;
        }
        s->linear = linear_of[k];
    }
    return MBC_OK;
}

/* solver.newton (k = 0) or solver.discontinuous (k = 1), when given. */
static mbc_status iteration_table(scene_ctx *c, int k)
{
    lua_State *L = c->L;
    sim_settings *s = &c->m->settings;
    const char *key = k == 0 ? "newton" : "discontinuous";
    mbc_status st = MBC_OK;
    lua_getfield(L, -1, key);
    if (lua_istable(L, -1)) {
        snprintf(c->path, sizeof c->path, "solver.%s", key);
        int it = k == 0 ? s->newton_max_iterations : s->discontinuous_max_iterations;
        double *tol = k == 0 ? &s->newton_tolerance : &s->discontinuous_tolerance;
        st = scene_result(c,
                          scene_check_keys(c, -1, sim_item_type_find("solver", key)->keys, NULL) ||
                              scene_positive(c, -1, "tolerance", 0, 0, tol) ||
                              scene_index(c, -1, "maxIterations", 0, 0, &it) ||
                              (k == 0 && scene_bool(c, -1, "modified", &s->newton_modified)));
        if (st == MBC_OK && it < 1) {
            st = scene_field_fail(c, "maxIterations", "must be >= 1 (got %d)", it);
        }
        *(k == 0 ? &s->newton_max_iterations : &s->discontinuous_max_iterations) = it;
    } else if (!lua_isnil(L, -1)) {
        char b[80];
        st = scene_fail_at(c, c->item_line, "solver.%s: must be a table (got %s)", key,
                           scene_describe(L, -1, b, sizeof b));
    }
    lua_pop(L, 1);
    return st;
}

/* The numbers of the solver table and their rules. */
static mbc_status solver_numbers(scene_ctx *c, const char **method, const char **linear)
{
    sim_settings *s = &c->m->settings;
    int steps = 0, has_end = 0;
    double end = s->end_time;
    if (scene_check_keys(c, -1, sim_item_type_find("solver", "solver")->keys, NULL) ||
        scene_string(c, -1, "method", 0, method) ||
        scene_number(c, -1, "spectralRadius", 0, &s->rho_inf, NULL) ||
        scene_positive(c, -1, "stepSize", 0, 0, &s->step) ||
        scene_number(c, -1, "endTime", 0, &end, &has_end) ||
        scene_positive(c, -1, "minStepSize", 0, 0, &s->min_step) ||
        scene_bool(c, -1, "recommendedStepSize", &s->honour_recommended_step) ||
        scene_index(c, -1, "recoverySteps", 0, 0, &s->recovery_steps) ||
        scene_string(c, -1, "linearSolver", 0, linear) ||
        scene_positive(c, -1, "outputStep", 0, 1, &s->output_step) ||
        scene_index(c, -1, "steps", 0, 0, &steps)) {
        return c->status;
    }
    const int has_steps = scene_has(c, -1, "steps");
    if (s->rho_inf < 0.0 || s->rho_inf > 1.0) {
        return scene_field_fail(c, "spectralRadius", "must be in [0, 1] (got %g)", s->rho_inf);
    }
    if (has_steps && has_end) {
        return scene_field_fail(c, "steps", "give endTime or steps, not both");
    }
    if (has_end && !(end > 0.0)) {
        return scene_field_fail(c, "endTime", "must be > 0 (got %g)", end);
    }
    if (s->min_step > s->step) {
        return scene_field_fail(c, "minStepSize", "must be <= stepSize (got %g > %g)", s->min_step,
                                s->step);
    }
    s->end_time = has_steps ? steps * s->step : end;
    if (s->end_time / s->step > 1e9) {
        return scene_field_fail(c, has_steps ? "steps" : "endTime",
                                "the run would take %.3g steps of stepSize = %g (at most 1e9)",
                                s->end_time / s->step, s->step);
    }
    return MBC_OK;
}

mbc_status scene_read_solver(scene_ctx *c)
{
    lua_State *L = c->L;
    lua_getfield(L, -1, "solver");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return MBC_OK;
    }
    c->item_line = scene_find_line(c->text, 1, "solver", '=');
    snprintf(c->path, sizeof c->path, "solver");
    if (!lua_istable(L, -1)) {
        char b[80];
        scene_describe(L, -1, b, sizeof b);
        lua_pop(L, 1);
        return scene_fail_at(c, c->item_line, "solver: must be a table (got %s)", b);
    }
    const char *method = NULL, *linear = NULL;
    mbc_status st = solver_numbers(c, &method, &linear);
    if (st == MBC_OK) {
        st = method_and_linear(c, method, linear);
    }
    for (int k = 0; k < 2 && st == MBC_OK; ++k) {
        st = iteration_table(c, k);
    }
    lua_pop(L, 1);
    return st;
}
