/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy books of ContactSphereSphere converge (tests/energy/energy_balance.h):
 * one oblique collision of two beads (r = 1 and 1.2 mm, spins) per impact
 * model: linear damping with Hertz's exponent, EAPM with plasticity (with
 * and without a constant pull-off force, and with the adhesion branch,
 * k_adh > 0, on which the pair separates), Hunt-Crossley and Flores'
 * restitution models, run as LAMMPS runs it at h, h/2 and h/4; the balance
 * error must shrink at least at first order. */
#include "energy_balance.h"

#include "mbconnect/generated/contact_sphere_sphere.h"

#define SS_TYPE "ContactSphereSphere"
#define SS_OUT                                                                                     \
    MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY,                                                \
        MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER
/* r = 1 and 1.2 mm, density 2500 kg/m^3 (the law takes no masses) */
#define SS_SPHERES                                                                                 \
    {1e-3, 1.2e-3},                                                                                \
    {                                                                                              \
        1.0472e-5, 1.8096e-5                                                                       \
    }
#define SS_COMMON                                                                                  \
    EB_PAIR("spheresRadii", 1e-3, 1.2e-3), EB_NUM("contactStiffness", 1.7e6),                      \
        EB_NUM("contactStiffnessExponent", 1.5), EB_NUM("dynamicFriction", 0.3),                   \
        EB_NUM("frictionProportionalZone", 1e-3)
#define SS_MOTION {-0.5, 0.25, 0.1}, {{0.0, 0.0, 300.0}, {100.0, -200.0, 0.0}}, 1e-5, 1.6e-4, 2e-6

static const eb_case cases[] = {
    {"linear damping",
     SS_TYPE,
     {SS_COMMON, EB_NUM("contactDamping", 0.02)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"EAPM plastic",
     SS_TYPE,
     {SS_COMMON, EB_NUM("contactDamping", 0.005), EB_NUM("contactPlasticityRatio", 0.4)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"EAPM plastic pull-off force",
     SS_TYPE,
     {SS_COMMON, EB_NUM("contactDamping", 0.005), EB_NUM("contactPlasticityRatio", 0.4),
      EB_NUM("constantPullOffForce", 1e-3)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"EAPM adhesion",
     SS_TYPE,
     {SS_COMMON, EB_NUM("contactDamping", 0.005), EB_NUM("contactPlasticityRatio", 0.4),
      EB_NUM("adhesionCoefficient", 1e6), EB_NUM("adhesionExponent", 1.5)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"EAPM adhesion n_adh 1 f_adh",
     SS_TYPE,
     {SS_COMMON, EB_NUM("contactDamping", 0.005), EB_NUM("contactPlasticityRatio", 0.4),
      EB_NUM("adhesionCoefficient", 3e3), EB_NUM("adhesionExponent", 1.0),
      EB_NUM("constantPullOffForce", 1e-3)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"Hunt-Crossley",
     SS_TYPE,
     {SS_COMMON, EB_NUM("impactModel", 1), EB_NUM("restitutionCoefficient", 0.6),
      EB_NUM("minimumImpactVelocity", 1e-3)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
    {"Flores",
     SS_TYPE,
     {SS_COMMON, EB_NUM("impactModel", 2), EB_NUM("restitutionCoefficient", 0.6),
      EB_NUM("minimumImpactVelocity", 1e-3)},
     SS_OUT,
     SS_SPHERES,
     SS_MOTION},
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
