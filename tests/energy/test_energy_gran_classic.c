/* SPDX-License-Identifier: BSD-3-Clause */
/* The energy books of ContactGranClassic converge (tests/energy/energy_balance.h):
 * one oblique collision of the beads of test_energy_granular (r = 1 and
 * 1.2 mm, 2500 kg/m^3, spins) per model of LAMMPS's classic styles (gran/hooke,
 * gran/hooke/history, gran/hertz/history), sliding (friction 0.3), run as
 * LAMMPS runs it at h, h/2 and h/4; the balance error must shrink at least
 * at first order. */
#include "energy_balance.h"

#include "mbconnect/generated/contact_gran_classic.h"

#define GC_TYPE "ContactGranClassic"
#define GC_OUT                                                                                     \
    MBC_CONTACT_GRAN_CLASSIC_OUTPUT_STORED_ENERGY, MBC_CONTACT_GRAN_CLASSIC_OUTPUT_DISSIPATED_POWER
#define GC_SPHERES                                                                                 \
    {1e-3, 1.2e-3},                                                                                \
    {                                                                                              \
        1.0472e-5, 1.8096e-5                                                                       \
    }
#define GC_COMMON                                                                                  \
    EB_PAIR("spheresRadii", 1e-3, 1.2e-3), EB_PAIR("spheresMasses", 1.0472e-5, 1.8096e-5),         \
        EB_NUM("frictionCoefficient", 0.3)
#define GC_MOTION {-0.5, 1.0, 0.4}, {{0.0, 0.0, 300.0}, {100.0, -200.0, 0.0}}, 1e-5, 1.6e-4, 2e-6
/* hooke: k_n 5e3 N/m (a contact of about 0.1 ms), gamma_n 5e3 1/s; hertz:
 * the same at delta R* = 1e-8 m^2 */
#define GC_HOOKE                                                                                   \
    EB_NUM("normalStiffness", 5e3), EB_NUM("tangentialStiffness", 5e3 * 2.0 / 7.0),                \
        EB_NUM("normalDamping", 5e3), EB_NUM("tangentialDamping", 2.5e3)
#define GC_HERTZ                                                                                   \
    EB_NUM("normalStiffness", 5e7), EB_NUM("tangentialStiffness", 5e7 * 2.0 / 7.0),                \
        EB_NUM("normalDamping", 5e7), EB_NUM("tangentialDamping", 2.5e7)

static const eb_case cases[] = {
    {"hooke",
     GC_TYPE,
     {GC_COMMON, GC_HOOKE, EB_CHOICE("model", "hooke")},
     GC_OUT,
     GC_SPHERES,
     GC_MOTION},
    /* without tangential damping the Coulomb limit truncates the shear
     * history: the friction's loss is all slip */
    {"hooke/history dampflag 0",
     GC_TYPE,
     {GC_COMMON, GC_HOOKE, EB_CHOICE("model", "hooke/history"), EB_NUM("tangentialDampingOn", 0)},
     GC_OUT,
     GC_SPHERES,
     GC_MOTION},
    {"hertz/history dampflag 0",
     GC_TYPE,
     {GC_COMMON, GC_HERTZ, EB_CHOICE("model", "hertz/history"), EB_NUM("tangentialDampingOn", 0)},
     GC_OUT,
     GC_SPHERES,
     GC_MOTION},
    {"hooke/history",
     GC_TYPE,
     {GC_COMMON, GC_HOOKE, EB_CHOICE("model", "hooke/history")},
     GC_OUT,
     GC_SPHERES,
     GC_MOTION},
    {"hertz/history limit_damping",
     GC_TYPE,
     {GC_COMMON, GC_HERTZ, EB_CHOICE("model", "hertz/history"), EB_NUM("limitDamping", 1)},
     GC_OUT,
     GC_SPHERES,
     GC_MOTION},
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
