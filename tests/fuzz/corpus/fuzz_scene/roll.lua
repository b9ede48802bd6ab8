-- SPDX-License-Identifier: BSD-3-Clause
-- Sliding to rolling of a cylinder (ContactConvexRoll): R = 0.1 m, length
-- 0.1 m, m = 1 kg, solid-cylinder inertia, on flat ground with forward speed
-- v0 = 2 m/s along y and no spin, mu_d = 0.3, g = 9.81 m/s^2.
-- Coulomb answer: the slip v - omega R falls at 3 mu g, so rolling starts at
-- t = v0 / (3 mu g) = 0.2265 s with speed 2/3 v0 = 1.3333 m/s.
local R, L, m, g, k = 0.1, 0.1, 1.0, 9.81, 1e6
return {
  gravity = {0, 0, -g},
  solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 1e-4, endTime = 0.4, outputStep = 1e-3 },
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
    { name = "velocity", type = "Body", body = "roll", quantity = "velocity" },
    { name = "omega", type = "Body", body = "roll", quantity = "angularVelocity" },
  },
}
