/* SPDX-License-Identifier: BSD-3-Clause */
/* A plugin whose hooks report the step they are handed (mbc_state.dt and
 * .phase, issue 45), written by hand, for test_step and Python's
 * test_step.py. StepProbe: two Position markers, one data coordinate xi,
 * the pair binding of two spheres (evaluated through the hooks). The force
 * on m0 is (dt, phase, xi) and on m1 its opposite; PostNewtonStep
 * integrates xi = xi_start + v_x dt, v_x the velocity of m1 relative to m0
 * along x (a tangential spring's history, the simplest). Its energy book
 * DissipatedPower has two values (0, 0), which mbc-lammps refuses at
 * set-up (books.in, test_mbc_lammps_refuses_book_size). */
#include <stddef.h>

#include "mbconnect/plugin.h"

typedef struct step_params {
    double radii[2];
    mbc_index markerNumbers[2]; /* for a scene of mbc simulate (tests/simulate/plugin_step.lua) */
} step_params;

/* The force on m0 is (dt, phase, xi), xi the data coordinate; on m1 its opposite. */
static mbc_status step_forces(const void *params, const mbc_state *s, mbc_forces *out,
                              mbc_error *err)
{
    (void)params;
    (void)err;
    const double f[3] = {s->dt, (double)s->phase, s->data[0]};
    for (int c = 0; c < 3; c++) {
        out->force[0][c] = f[c];
        out->force[1][c] = -f[c];
        out->torque[0][c] = out->torque[1][c] = 0.0;
    }
    return MBC_OK;
}

/* A tangential spring's history: xi = xi_start + v_x dt (v_x: m1's velocity
 * relative to m0 along x). */
static mbc_status step_post_newton(void *params, const mbc_state *s, mbc_post_newton *out,
                                   mbc_error *err)
{
    (void)params;
    (void)err;
    const double v = s->marker[1]->velocity[0] - s->marker[0]->velocity[0];
    out->data[0] = s->data_start[0] + v * s->dt;
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    return MBC_OK;
}

/* DissipatedPower: two parts, both 0 [W]. */
static mbc_status step_outputs(const void *params, const mbc_state *s, size_t output, double *out,
                               size_t size, mbc_error *err)
{
    (void)params;
    (void)s;
    (void)output;
    (void)err;
    for (size_t k = 0; k < size; k++)
        out[k] = 0.0;
    return MBC_OK;
}

static const double default_radii[] = {0.5, 0.5};
static const double default_markers[] = {-1, -1};
static const mbc_param_info params[] = {
    {.name = "radii",
     .type = "Vector2D",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_FIXED,
     .size = 2,
     .offset = offsetof(step_params, radii),
     .default_values = default_radii,
     .default_count = 2},
    {.name = "markerNumbers",
     .type = "ArrayMarkerIndex",
     .kind = MBC_VALUE_INDEX,
     .shape = MBC_FIXED,
     .size = 2,
     .offset = offsetof(step_params, markerNumbers),
     .default_values = default_markers,
     .default_count = 2,
     .role = MBC_ROLE_INPUT,
     .must_be_set = true},
};
static const mbc_output_info outputs[] = {{.name = "DissipatedPower",
                                           .description = "two parts of a power [SI:W]",
                                           .factor = 2,
                                           .per = -1}};
static const mbc_data_info data[] = {{.name = "xi", .initial = 0.0, .description = "m"}};
static const mbc_pair_binding binding = {
    .kind = MBC_PAIR_BINDING_SPHERES, .center_markers = {0, 1}, .revision = 1, .radii_param = 0};
static const mbc_type_info step_type = {
    .type_name = "StepProbe",
    .class_name = "ObjectStepProbe",
    .description = "hooks that report the step",
    .marker_types = {"Position", "Position"},
    .marker_kinds = {MBC_MARKER_POSITION, MBC_MARKER_POSITION},
    .params_size = sizeof(step_params),
    .params = params,
    .param_count = 2,
    .outputs = outputs,
    .output_count = 1,
    .data = data,
    .data_block_count = 1,
    .data_per = -1,
    .forces = step_forces,
    .post_newton_step = step_post_newton,
    .output = step_outputs,
    .pair_binding = &binding,
};

static const mbc_type_info *const types[] = {&step_type};

MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info);
MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info)
{
    info->abi_version = MBC_PLUGIN_ABI_VERSION;
    info->type_info_size = sizeof(mbc_type_info);
    info->name = "step";
    info->types = types;
    info->type_count = 1;
}
