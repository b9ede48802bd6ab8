-- SPDX-License-Identifier: BSD-3-Clause
-- The energy books of ContactConvexRoll on a rolling example: the cylinder
-- of roll.lua (R = 0.1 m, length 0.1 m, m = 1 kg, k_c = 1e6 N/m, d_c =
-- 500 N s/m, mu_d = 0.3) starts sliding at v0 = 2 m/s along y without spin
-- and rolls from t = 0.2265 s on at 2/3 v0. Friction dissipates a third of
-- the kinetic energy (2 J -> 0.8889 J of translation + 0.4444 J of
-- rotation: 0.6667 J lost); the penalty spring holds (m g)^2 / (2 k_c) =
-- 4.8e-5 J.
-- The sensors close the balance: energy (kinetic + gravity) + stored +
-- the time integral of dissipated stays E(0) (tests/simulate/test_scenes.py,
-- docs/simulate.rst "Energy books"). --set step=... (s), --set endTime=...
return function(p)
  local R, L, m, g, k = 0.1, 0.1, 1.0, 9.81, 1e6
  local step = p.step or 2e-4
  return {
    gravity = {0, 0, -g},
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = step,
               endTime = p.endTime or 0.3 },
    bodies = {
      { name = "ground", type = "Ground" },
      { name = "roll", type = "RigidBody3D", mass = m,
        inertia = {0.5 * m * R * R, m * (3 * R * R + L * L) / 12, m * (3 * R * R + L * L) / 12},
        position = {0, 0, R - m * g / k}, velocity = {0, 2, 0} },
    },
    markers = {
      { name = "mGround", type = "Rigid", body = "ground" },
      { name = "mRoll", type = "Rigid", body = "roll" },
    },
    connectors = {
      { name = "contact", type = "ContactConvexRoll", markers = {"mGround", "mRoll"},
        contactStiffness = k, contactDamping = 500, dynamicFriction = 0.3, rollLength = L,
        coefficientsHull = {R} },
    },
    sensors = {
      { name = "energy", type = "Energy" },
      { name = "stored", type = "Connector", connector = "contact", output = "StoredEnergy" },
      { name = "dissipated", type = "Connector", connector = "contact", output = "DissipatedPower" },
      { name = "powers", type = "Connector", connector = "contact", output = "DissipatedPowerParts" },
    },
  }
end
