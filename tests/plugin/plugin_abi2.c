/* SPDX-License-Identifier: BSD-3-Clause */
/* A plugin as mbconnect 1.0 built it (plugin ABI 2), written by hand
 * (test_plugin): its pair binding has 1.0's layout, which ends at
 * radii_param and has padding where `revision` is now. The library loads it
 * and reads the binding as revision 0: no masses, no kernel, no reach; the
 * type runs through its hooks. Its law: a linear spring, the force on
 * sphere b k (r_a + r_b - |d|) along n while the spheres overlap. */
#include <math.h>

#include "mbconnect/plugin.h"

typedef struct old_params {
    double radii[2];
    double k;
} old_params;

/* mbconnect 1.0's mbc_pair_binding */
typedef struct old_binding {
    mbc_pair_binding_kind kind;
    int center_markers[2];
    size_t radii_param;
} old_binding;

static mbc_status old_forces(const void *params, const mbc_state *s, mbc_forces *out,
                             mbc_error *err)
{
    const old_params *p = params;
    (void)err;
    double d[3], dist = 0.0;
    for (int c = 0; c < 3; c++) {
        d[c] = s->marker[1]->position[c] - s->marker[0]->position[c];
        dist += d[c] * d[c];
    }
    dist = sqrt(dist);
    const double overlap = p->radii[0] + p->radii[1] - dist;
    for (int c = 0; c < 3; c++) {
        const double f = overlap > 0.0 ? p->k * overlap * d[c] / dist : 0.0;
        out->force[1][c] = f;
        out->force[0][c] = -f;
        out->torque[0][c] = out->torque[1][c] = 0.0;
    }
    return MBC_OK;
}

static const double default_radii[] = {0.5, 0.5};
static const double default_k[] = {10.0};
static const mbc_param_info params[] = {
    {.name = "radii",
     .type = "Vector2D",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_FIXED,
     .size = 2,
     .offset = offsetof(old_params, radii),
     .default_values = default_radii,
     .default_count = 2},
    {.name = "k",
     .type = "Real",
     .kind = MBC_VALUE_REAL,
     .shape = MBC_SCALAR,
     .size = 1,
     .offset = offsetof(old_params, k),
     .default_values = default_k,
     .default_count = 1},
};
static const old_binding binding = {MBC_PAIR_BINDING_SPHERES, {0, 1}, 0};
static const mbc_type_info old_type = {
    .type_name = "OldPairSpring",
    .class_name = "ObjectOldPairSpring",
    .description = "a pair law of a plugin built against mbconnect 1.0",
    .marker_types = {"Position", "Position"},
    .marker_kinds = {MBC_MARKER_POSITION, MBC_MARKER_POSITION},
    .params_size = sizeof(old_params),
    .params = params,
    .param_count = 2,
    .data_per = -1,
    .forces = old_forces,
    .pair_binding = (const mbc_pair_binding *)(const void *)&binding,
};
static const mbc_type_info *const types[] = {&old_type};

MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info);
MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info)
{
    info->abi_version = 2;
    info->type_info_size = sizeof(mbc_type_info);
    info->name = "abi2";
    info->types = types;
    info->type_count = 1;
}
