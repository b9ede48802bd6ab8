-- SPDX-License-Identifier: BSD-3-Clause
-- Sliding to rolling of a disc on a cable (ContactFrictionCircleCable2D).
-- A disc (r = 0.1 m, m = 1 kg, inertia m r^2 / 2) on a prescribed straight
-- cable of 8 ANCF elements (0.3 m each, along x at y = 0), one connector per
-- element with 4 contact segments; mu = 0.3, g = 9.81 m/s^2, v0 = 3 m/s, no
-- spin. Coulomb answer: rolling starts at v0 / (3 mu g) = 0.34 s with speed
-- 2/3 v0 = 2 m/s, and then x + r phi stays constant (no slip).
local r, m, g, k = 0.1, 1.0, 9.81, 1e6
local n, le = 8, 0.3
local scene = {
  gravity = {0, -g, 0},
  solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 5e-5, endTime = 0.6, outputStep = 1e-3 },
  bodies = {
    { name = "disc", type = "RigidBody2D", mass = m, inertia = 0.5 * m * r * r,
      position = {0.15, r - m * g / k}, velocity = {3, 0} },
    { name = "cable", type = "Cable2DPrescribed", from = {0, 0}, to = {n * le, 0}, elements = n },
  },
  markers = { { name = "mDisc", type = "Rigid", body = "disc" } },
  connectors = {},
  sensors = {
    { name = "disc", type = "Body", body = "disc", quantity = "coordinates" },
    { name = "discVelocity", type = "Body", body = "disc", quantity = "velocities" },
  },
}
for e = 0, n - 1 do
  table.insert(scene.markers, { name = "shape" .. e, type = "CableShape", cable = "cable", element = e, segments = 4 })
  table.insert(scene.connectors, { name = "contact" .. e, type = "ContactFrictionCircleCable2D",
    markers = {"mDisc", "shape" .. e}, numberOfContactSegments = 4, contactStiffness = k,
    contactDamping = 500, frictionStiffness = 1e5, frictionVelocityPenalty = 200,
    frictionCoefficient = 0.3, circleRadius = r })
end
return scene
