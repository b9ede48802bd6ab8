/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy books of ContactGranular converge (tests/energy/energy_balance.h):
 * one oblique collision of two glass-like beads (r = 1 and 1.2 mm, spins)
 * per normal and tangential model, with rolling and twisting resistance,
 * run as LAMMPS runs it at h, h/2 and h/4; the balance error must shrink
 * at least at first order. */
#include "energy_balance.h"

#include "mbconnect/generated/contact_granular.h"

#define GR_TYPE "ContactGranular"
#define GR_OUT                                                                                     \
    MBC_CONTACT_GRANULAR_OUTPUT_STORED_ENERGY, MBC_CONTACT_GRANULAR_OUTPUT_DISSIPATED_POWER
/* r = 1 and 1.2 mm, density 2500 kg/m^3 */
#define GR_SPHERES                                                                                 \
    {1e-3, 1.2e-3},                                                                                \
    {                                                                                              \
        1.0472e-5, 1.8096e-5                                                                       \
    }
#define GR_COMMON                                                                                  \
    EB_PAIR("spheresRadii", 1e-3, 1.2e-3), EB_PAIR("spheresMasses", 1.0472e-5, 1.8096e-5),         \
        EB_PAIR("youngsModulus", 1e8, 1e8), EB_PAIR("poissonsRatio", 0.3, 0.3)
#define GR_MOTION {-0.5, 0.25, 0.1}, {{0.0, 0.0, 300.0}, {100.0, -200.0, 0.0}}, 1e-5, 1.6e-4, 2e-6

static const eb_case cases[] = {
    {"hooke linear_history",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hooke"), EB_NUM("normalStiffness", 2e3),
      EB_CHOICE("dampingModel", "velocity"), EB_NUM("normalDamping", 2e-3),
      EB_CHOICE("tangentialModel", "linear_history"), EB_NUM("tangentialStiffness", 1e3),
      EB_NUM("tangentialDamping", 0.5), EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz/material mindlin",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz/material"), EB_CHOICE("dampingModel", "tsuji"),
      EB_NUM("normalDamping", 0.5), EB_CHOICE("tangentialModel", "mindlin"),
      EB_NUM("tangentialStiffness", -1), EB_NUM("tangentialDamping", 1.0),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz/material mindlin_rescale",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz/material"), EB_CHOICE("dampingModel", "tsuji"),
      EB_NUM("normalDamping", 0.5), EB_CHOICE("tangentialModel", "mindlin_rescale"),
      EB_NUM("tangentialStiffness", -1), EB_NUM("tangentialDamping", 1.0),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz/material mindlin/force",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz/material"), EB_CHOICE("dampingModel", "tsuji"),
      EB_NUM("normalDamping", 0.5), EB_CHOICE("tangentialModel", "mindlin/force"),
      EB_NUM("tangentialStiffness", -1), EB_NUM("tangentialDamping", 1.0),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz/material mindlin_rescale/force",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz/material"), EB_CHOICE("dampingModel", "tsuji"),
      EB_NUM("normalDamping", 0.5), EB_CHOICE("tangentialModel", "mindlin_rescale/force"),
      EB_NUM("tangentialStiffness", -1), EB_NUM("tangentialDamping", 1.0),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz linear_history roll twist",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz"), EB_NUM("normalStiffness", 1e8),
      EB_CHOICE("dampingModel", "viscoelastic"), EB_NUM("normalDamping", 3e5),
      EB_CHOICE("tangentialModel", "linear_history"), EB_NUM("tangentialStiffness", 1e3),
      EB_NUM("frictionCoefficient", 0.3), EB_CHOICE("rollingModel", "sds"),
      EB_NUM("rollingStiffness", 500), EB_NUM("rollingDamping", 1e-3),
      EB_NUM("rollingFriction", 0.1), EB_CHOICE("twistingModel", "marshall")},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"hertz/material mindlin twist sds",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "hertz/material"), EB_CHOICE("dampingModel", "tsuji"),
      EB_NUM("normalDamping", 0.5), EB_CHOICE("tangentialModel", "mindlin"),
      EB_NUM("tangentialStiffness", -1), EB_NUM("frictionCoefficient", 0.3),
      EB_CHOICE("twistingModel", "sds"), EB_NUM("twistingStiffness", 1e-4),
      EB_NUM("twistingDamping", 1e-8), EB_NUM("twistingFriction", 1e-4)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"dmt mindlin",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "dmt"), EB_NUM("surfaceEnergy", 0.05),
      EB_CHOICE("dampingModel", "tsuji"), EB_NUM("normalDamping", 0.5),
      EB_CHOICE("tangentialModel", "mindlin"), EB_NUM("tangentialStiffness", -1),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
    {"jkr mindlin",
     GR_TYPE,
     {GR_COMMON, EB_CHOICE("normalModel", "jkr"), EB_NUM("surfaceEnergy", 0.05),
      EB_CHOICE("dampingModel", "tsuji"), EB_NUM("normalDamping", 0.5),
      EB_CHOICE("tangentialModel", "mindlin"), EB_NUM("tangentialStiffness", -1),
      EB_NUM("frictionCoefficient", 0.3)},
     GR_OUT,
     GR_SPHERES,
     GR_MOTION},
};

static void test_balance_converges(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        eb_converges(&cases[k], 1e-1, 0.95);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_balance_converges)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
