-- SPDX-License-Identifier: BSD-3-Clause
-- ContactGranClassic: two spheres (r = 0.5 m, masses 2 and 6 kg: m* = 1.5 kg)
-- overlapping by 5 cm along x; sphere b slides along +y at 1 m/s over sphere
-- a at rest, with a shear history of one step of 1 ms (-1 mm along y).
-- LAMMPS's words: pair_style gran/hooke/history 1e4 1e4 50 10 0.5 1
-- Normal force k_n delta = 500 N pushes a along -x; the shear spring and
-- the tangential damping -(k_t xi + m* gamma_t v_tr) = 10 + 15 = 25 N drag a
-- along +y (below mu F_n = 250 N: it sticks) and act at the radii: torque
-- 0.5 * 25 = 12.5 N m about +z on both. PostNewtonStep adds another 1 mm.
return {
  object = "ContactGranClassic",
  parameters = {
    spheresRadii = {0.5, 0.5},
    spheresMasses = {2, 6},
    timeStep = 1e-3,
    model = 1,                -- hooke/history
    normalStiffness = 1e4,
    tangentialStiffness = 1e4,
    normalDamping = 50,
    tangentialDamping = 10,
    frictionCoefficient = 0.5,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.95, 0, 0}, velocity = {0, 1, 0} },
  },
  data = {1, 0, -1e-3, 0}, -- in contact, shear history after one step
}
