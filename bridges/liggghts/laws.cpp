/* SPDX-License-Identifier: BSD-3-Clause */
/* The laws of a LIGGGHTS contact model's pairs of atom types (laws.h). */
#include "laws.h"

#include <cstring>

namespace mbc_liggghts
{
namespace
{

/* Where LIGGGHTS reads a parameter: its fix property/global table, or the
 * keyword of the pair_style or fix wall/gran line. */
const char *source_of(const char *param)
{
    static const char *const names[][2] = {
        {"youngsModulus", "fix property/global youngsModulus"},
        {"poissonsRatio", "fix property/global poissonsRatio"},
        {"coefficientRestitution", "fix property/global coefficientRestitution"},
        {"coefficientFriction", "fix property/global coefficientFriction"},
        {"characteristicVelocity", "fix property/global characteristicVelocity"},
        {"cohesionEnergyDensity", "fix property/global cohesionEnergyDensity"},
        {"rollingFriction", "fix property/global coefficientRollingFriction"},
        {"rollingDamping", "fix property/global coefficientRollingViscousDamping"},
        {"rollingStiffness", "fix property/global rollingStiffness"},
        {"fluidViscosity", "fix property/global FluidViscosity"},
        {"maximumRestitution", "fix property/global MaximumRestitution"},
        {"criticalStokes", "fix property/global CriticalStokes"},
        {"timeStep", "the timestep command"},
    };
    for (const auto &n : names)
        if (param && !std::strcmp(n[0], param))
            return n[1];
    return "the model's words";
}

/* The parameters of types i and j; the first setter that refuses a value
 * stops, with its message in err. */
mbc_status set_params(const Materials &m, int i, int j, mbc_contact_liggghts_params *p,
                      mbc_error *err)
{
    const double one[2] = {1.0, 1.0};    /* radii and masses: LIGGGHTS's, per contact */
    const mbc_index markers[2] = {0, 1}; /* no markers: LIGGGHTS's atoms */
    const double youngs[2] = {m.youngs[i], m.youngs[j]};
    const double poisson[2] = {m.poisson[i], m.poisson[j]};
    /* viscous hooke reads no coefficientRestitution: e_max stands in */
    const double e = m.viscous ? m.restitution_max[i][j] : m.restitution[i][j];
    mbc_status st = mbc_contact_liggghts_set_markerNumbers(p, markers, err);
    st = st ? st : mbc_contact_liggghts_set_nodeNumber(p, 0, err);
    st = st ? st : mbc_contact_liggghts_set_spheresRadii(p, one, err);
    st = st ? st : mbc_contact_liggghts_set_spheresMasses(p, one, err);
    st = st ? st : mbc_contact_liggghts_set_timeStep(p, m.dt, err);
    st = st ? st : mbc_contact_liggghts_set_normalModel(p, m.normal, err);
    st = st ? st : mbc_contact_liggghts_set_tangentialModel(p, m.tangential, err);
    st = st ? st : mbc_contact_liggghts_set_cohesionModel(p, m.cohesion, err);
    st = st ? st : mbc_contact_liggghts_set_rollingModel(p, m.rolling, err);
    st = st ? st : mbc_contact_liggghts_set_youngsModulus(p, youngs, err);
    st = st ? st : mbc_contact_liggghts_set_poissonsRatio(p, poisson, err);
    st = st ? st : mbc_contact_liggghts_set_coefficientRestitution(p, e, err);
    if (m.friction)
        st = st ? st : mbc_contact_liggghts_set_coefficientFriction(p, m.friction[i][j], err);
    if (m.normal == MBC_LIGGGHTS_HOOKE)
        st = st ? st : mbc_contact_liggghts_set_characteristicVelocity(p, m.char_vel, err);
    if (m.cohesion_density)
        st = st ? st
                : mbc_contact_liggghts_set_cohesionEnergyDensity(p, m.cohesion_density[i][j], err);
    if (m.roll_friction)
        st = st ? st : mbc_contact_liggghts_set_rollingFriction(p, m.roll_friction[i][j], err);
    if (m.roll_damping)
        st = st ? st : mbc_contact_liggghts_set_rollingDamping(p, m.roll_damping[i][j], err);
    if (m.rolling == MBC_LIGGGHTS_EPSD3)
        st = st ? st : mbc_contact_liggghts_set_rollingStiffness(p, m.roll_stiffness, err);
    st = st ? st : mbc_contact_liggghts_set_tangentialDamping(p, m.tangential_damping, err);
    st = st ? st : mbc_contact_liggghts_set_limitForce(p, m.limit_force, err);
    st = st ? st : mbc_contact_liggghts_set_ktToKn(p, m.kt_to_kn, err);
    st = st ? st : mbc_contact_liggghts_set_tangentialReduce(p, m.tangential_reduce, err);
    st = st ? st : mbc_contact_liggghts_set_torsionTorque(p, m.torsion_torque, err);
    if (m.viscous) {
        st = st ? st : mbc_contact_liggghts_set_viscous(p, true, err);
        st = st ? st : mbc_contact_liggghts_set_fluidViscosity(p, m.viscosity[i][j], err);
        st = st ? st : mbc_contact_liggghts_set_maximumRestitution(p, m.restitution_max[i][j], err);
        st = st ? st : mbc_contact_liggghts_set_criticalStokes(p, m.critical_stokes[i][j], err);
    }
    st = st ? st : mbc_contact_liggghts_set_dimension(p, m.dimension, err);
    st = st ? st : mbc_contact_liggghts_set_liggghts38(p, m.liggghts38, err);
    return st;
}

} // namespace

bool make_laws(const Materials &m, std::vector<mbc_liggghts_law> &laws, std::string &message)
{
    const int n = m.max_type + 1;
    laws.assign(static_cast<size_t>(n) * static_cast<size_t>(n), mbc_liggghts_law());
    for (int i = 1; i < n; i++)
        for (int j = 1; j < n; j++) {
            mbc_contact_liggghts_params p;
            mbc_contact_liggghts_params_init(&p);
            mbc_error err = {};
            const bool ok = set_params(m, i, j, &p, &err) == MBC_OK &&
                            mbc_contact_liggghts_validate(&p, &err, 1) == 0;
            if (ok)
                mbc_liggghts_law_of(&p, &laws[static_cast<size_t>(i) * static_cast<size_t>(n) +
                                              static_cast<size_t>(j)]);
            mbc_contact_liggghts_params_free(&p);
            if (!ok) {
                message = "mbc-liggghts: atom types " + std::to_string(i) + " and " +
                          std::to_string(j) + ": " + err.message + " (from " +
                          source_of(err.param_name) + ")";
                return false;
            }
        }
    return true;
}

} // namespace mbc_liggghts
