-- SPDX-License-Identifier: BSD-3-Clause
-- The energy books of ContactFrictionCircleCable2D on a belt: a disc (r =
-- 0.1 m, m = 1 kg, inertia m r^2 / 2) lands sliding on a straight belt, a
-- prescribed ANCF cable of 4 elements (0.3 m each, along x at y = 0), one
-- connector per element with 4 contact segments; k_c = 1e5 N/m, d_c =
-- 100 N s/m, mu = 0.3, velocity penalty mu_v = 200 N s/m, bristle stiffness
-- mu_k = 1e5 N/m (--set muk=0: none), g = 9.81 m/s^2. It starts 1 mm above
-- the belt at 2.5 m/s, no spin: it bounces on the penalty spring, slides and
-- rolls from t = v0 / (3 mu g) = 0.28 s on (Coulomb).
-- The sensors close the balance: energy (kinetic + gravity) + stored +
-- the time integral of dissipated (the parts, plus the slip flow minus the
-- stick flow of EnergyFlows, each over its step) stays E(0)
-- (tests/simulate/test_scenes.py, docs/simulate.rst "Energy books").
-- --set step=... (s), --set endTime=...
return function(p)
  local r, m, g, k = 0.1, 1.0, 9.81, 1e5
  local n, le = 4, 0.3
  local scene = {
    gravity = {0, -g, 0},
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = p.step or 2e-4,
               endTime = p.endTime or 0.4 },
    bodies = {
      { name = "disc", type = "RigidBody2D", mass = m, inertia = 0.5 * m * r * r,
        position = {0.1, r + 1e-3}, velocity = {2.5, 0} },
      { name = "belt", type = "Cable2DPrescribed", from = {0, 0}, to = {n * le, 0}, elements = n },
    },
    markers = { { name = "mDisc", type = "Rigid", body = "disc" } },
    connectors = {},
    sensors = {
      { name = "energy", type = "Energy" },
      { name = "discVelocity", type = "Body", body = "disc", quantity = "velocities" },
    },
  }
  for e = 0, n - 1 do
    table.insert(scene.markers, { name = "shape" .. e, type = "CableShape", cable = "belt", element = e, segments = 4 })
    table.insert(scene.connectors, { name = "contact" .. e, type = "ContactFrictionCircleCable2D",
      markers = {"mDisc", "shape" .. e}, numberOfContactSegments = 4, contactStiffness = k,
      contactDamping = 100, frictionStiffness = p.muk or 1e5, frictionVelocityPenalty = 200,
      frictionCoefficient = 0.3, circleRadius = r })
    table.insert(scene.sensors, { name = "stored" .. e, type = "Connector", connector = "contact" .. e, output = "StoredEnergy" })
    table.insert(scene.sensors, { name = "powers" .. e, type = "Connector", connector = "contact" .. e, output = "DissipatedPowerParts" })
    table.insert(scene.sensors, { name = "flows" .. e, type = "Connector", connector = "contact" .. e, output = "EnergyFlows" })
  end
  return scene
end
