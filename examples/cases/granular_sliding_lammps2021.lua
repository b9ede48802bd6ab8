-- SPDX-License-Identifier: BSD-3-Clause
-- ContactGranular with LAMMPS 2021's numbers: granular_sliding.lua's two
-- spheres (hooke 1e4 100 damping velocity tangential linear_nohistory 1 0.1,
-- overlap 5 cm, b sliding along +y at 1 m/s) in a run where another type
-- pair has a tangential model with history. LAMMPS 2021 then evaluates
-- linear_nohistory in its history branch with k_t = 0: the damping force
-- eta_t |v| = 100 N exceeds mu F_n = 50 N, and a history of length 0 gives
-- no friction at all (the documented law, lammps2021 = false: 50 N).
-- docs/physics-departures.rst, "linear_nohistory beside history models".
return {
  object = "ContactGranular",
  parameters = {
    spheresRadii = {0.5, 0.5},
    spheresMasses = {2, 6},
    normalModel = 0,          -- hooke
    normalStiffness = 1e4,
    dampingModel = 0,         -- velocity
    normalDamping = 100,
    tangentialModel = 0,      -- linear_nohistory
    tangentialDamping = 1,
    frictionCoefficient = 0.1,
    lammps2021 = true,
    lammps2021TangentialHistory = true,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.95, 0, 0}, velocity = {0, 1, 0} },
  },
  data = {1, 0, 0, 0, 0, 0, 0, 0, 0}, -- in contact since the last PostNewtonStep
}
