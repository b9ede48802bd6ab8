-- SPDX-License-Identifier: BSD-3-Clause
-- ContactGranular: two spheres (r = 0.5 m, masses 2 and 6 kg) overlapping by
-- 5 cm along x; sphere b slides along +y at 1 m/s over sphere a at rest.
-- LAMMPS's words: hooke 1e4 100 damping velocity tangential linear_nohistory 1 0.1
-- Normal force k_n delta = 500 N pushes a along -x; the friction
-- min(mu F_n, eta_t |v|) = min(50, 100) = 50 N drags a along +y and acts at
-- r - delta/2 = 0.475 m from each center: torque 23.75 N m about +z on both.
return {
  object = "ContactGranular",
  parameters = {
    spheresRadii = {0.5, 0.5},
    spheresMasses = {2, 6},
    normalModel = "hooke",    -- a named choice, or its number (0)
    normalStiffness = 1e4,
    dampingModel = "velocity",
    normalDamping = 100,
    tangentialModel = "linear_nohistory",
    tangentialDamping = 1,
    frictionCoefficient = 0.1,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.95, 0, 0}, velocity = {0, 1, 0} },
  },
  data = {1, 0, 0, 0, 0, 0, 0, 0, 0}, -- in contact since the last PostNewtonStep
}
