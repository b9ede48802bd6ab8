-- SPDX-License-Identifier: BSD-3-Clause
-- ContactLiggghts: LIGGGHTS's hertz with tangential history. Two spheres
-- (r = 0.5 m, masses 2 and 6 kg: m* = 1.5 kg, R* = 0.25 m) overlap by 5 cm
-- along x; sphere b slides along +y at 1 m/s over sphere a at rest, with no
-- displacement stored yet. Y = 1e5 Pa, nu = 0.3 for both: Y* = 54945.05 Pa,
-- G* = 11312.22 Pa; e = 0.5: beta = ln e / sqrt(ln^2 e + pi^2) = -0.2154545.
-- sqrt(R* delta) = 0.1118034 m: k_n = 4/3 Y* 0.1118034 = 8190.64 N/m, the
-- normal force k_n delta = 409.53 N pushes a along -x (v_n = 0: no damping).
-- The force is LIGGGHTS's of a time step (dt = 1e-4 s) from this data: the
-- displacement becomes v_t dt = 1e-4 m along -y, far below the Coulomb
-- limit, so the contact sticks: the spring k_t 1e-4 m, k_t = 8 G* 0.1118034
-- = 10118.0 N/m, plus the damping gamma_t |v_t|, gamma_t = -2 sqrt(5/6) beta
-- sqrt(k_t m*) = 48.46 N s/m: 49.47 N on a along +y, at the lever arm
-- r - delta/2 = 0.475 m: torque 23.50 N m about +z on both spheres.
return {
  object = "ContactLiggghts",
  parameters = {
    spheresRadii = {0.5, 0.5},
    spheresMasses = {2, 6},
    normalModel = 1,          -- hertz
    tangentialModel = 2,      -- history
    youngsModulus = {1e5, 1e5},
    poissonsRatio = {0.3, 0.3},
    coefficientRestitution = 0.5,
    coefficientFriction = 0.5,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.95, 0, 0}, velocity = {0, 1, 0} },
  },
  data = {1, 0, 0, 0, 0, 0, 0}, -- in contact since the last PostNewtonStep
}
