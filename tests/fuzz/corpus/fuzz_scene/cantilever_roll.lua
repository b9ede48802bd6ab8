-- SPDX-License-Identifier: BSD-3-Clause
-- Cantilever on a roll: an ANCF cantilever (L = 1 m, 10 elements, EI = 50 N m^2,
-- rhoA = 1 kg/m, clamped at x = 0 by four coordinate constraints) falls under
-- gravity onto a roll (rigid disc, r = 0.05 m, 1 kg) whose center is held by
-- coordinate springs (k_s = 150 N/m vertically); the roll starts 5 mm below
-- the beam at x = a = 0.9 m. ContactFrictionCircleCable2D on the elements
-- around a, frictionless. Bending damping brings the beam to rest.
-- At rest (beam theory, a spring support at a, pre-gap d = 5 mm, under the
-- uniform load q = rhoA g; the support force is k_s (w - d)):
--   w(a) = (q a^2 (6 L^2 - 4 L a + a^2) / (24 EI) + k_s d a^3 / (3 EI))
--          / (1 + k_s a^3 / (3 EI)).
-- Parameters: --set h=STEP --set endTime=T (step-size convergence study).
return function(p)
  local L, n, EI, rhoA, g = 1.0, 10, 50.0, 1.0, 9.81
  local a, r, ks, m = 0.9, 0.05, 150.0, 1.0
  local y0 = -r - 0.005 -- roll center at rest without the beam
  local scene = {
    gravity = {0, -g, 0},
    solver = { method = "generalizedAlpha", spectralRadius = p.rho or 0.8, stepSize = p.h or 2.5e-4,
               endTime = p.endTime or 3, outputStep = 2e-3, recommendedStepSize = p.recommended ~= 0,
               discontinuous = { tolerance = p.dtol or 1e-6 } },
    bodies = {
      { name = "beam", type = "Cable2D", from = {0, 0}, to = {L, 0}, elements = n,
        massPerLength = rhoA, axialStiffness = 1e6, bendingStiffness = EI, axialDamping = 100,
        bendingDamping = 1.2 },
      { name = "roll", type = "RigidBody2D", mass = m, inertia = 0.5 * m * r * r, position = {a, y0} },
    },
    markers = {
      { name = "rollX", type = "Coordinate", body = "roll", coordinate = 0 },
      { name = "rollY", type = "Coordinate", body = "roll", coordinate = 1 },
      { name = "mRoll", type = "Rigid", body = "roll" },
    },
    elements = {
      { name = "springX", type = "CoordinateSpringDamper", markers = {"rollX"}, stiffness = ks,
        damping = 5, offset = a },
      { name = "springY", type = "CoordinateSpringDamper", markers = {"rollY"}, stiffness = ks,
        damping = 5, offset = y0 + m * g / ks },
    },
    connectors = {},
    sensors = {
      { name = "roll", type = "Body", body = "roll", quantity = "position" },
      { name = "beamAtA", type = "Body", body = "beam", node = 9, quantity = "position" },
      { name = "tip", type = "Body", body = "beam", node = n, quantity = "position" },
      { name = "springY", type = "Element", element = "springY" },
    },
  }
  for k = 0, 3 do -- clamp: x = 0, y = 0, x' = 1, y' = 0 at node 0
    table.insert(scene.markers, { name = "clamp" .. k, type = "Coordinate", body = "beam", node = 0, coordinate = k })
    table.insert(scene.elements, { name = "clamp" .. k, type = "CoordinateConstraint",
      markers = {"clamp" .. k}, offset = k == 2 and 1 or 0 })
  end
  for e = 7, 9 do
    table.insert(scene.markers, { name = "shape" .. e, type = "CableShape", cable = "beam", element = e, segments = 8 })
    table.insert(scene.connectors, { name = "contact" .. e, type = "ContactFrictionCircleCable2D",
      markers = {"mRoll", "shape" .. e}, numberOfContactSegments = 8, circleRadius = r,
      contactStiffness = 1e6, contactDamping = 100, frictionCoefficient = 0, useSegmentNormals = false })
  end
  return scene
end
