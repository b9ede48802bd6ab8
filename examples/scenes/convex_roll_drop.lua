-- SPDX-License-Identifier: BSD-3-Clause
-- A convex roll dropped spinning onto the ground (ContactConvexRoll), as the
-- reference code's convex-contact test: a steel roll (rho = 7800 kg/m^3,
-- radius 3 mm for the inertia, length 0.1 m, m = 0.02205 kg) with the hull
-- r(x) = -3.6 x^2 + 0.0165 m, its axis tilted by pi/16 about y, spinning at
-- 1000 rad/s about that axis, released 3.3 mm above the ground. k = 1e3 N/m,
-- d = 1 N s/m, mu = 0.9. Generalized-alpha rho_inf = 0.7, h = 5e-4 s.
-- The contact switches many times a millisecond: the run exercises the
-- discontinuous step-size control (docs/simulate.rst). --set h=... changes
-- the step, --set endTime=... the end.
return function(p)
  local rho, r, L = 7800, 3e-3, 0.1
  local m = rho * math.pi * r * r * L
  local a = math.pi / 16
  local c, s = math.cos(a), math.sin(a)
  local h = p.h or 5e-4
  return {
    gravity = {0, 0, -9.81},
    solver = { method = "generalizedAlpha", spectralRadius = 0.7, stepSize = h,
               endTime = p.endTime or 0.1, minStepSize = 1e-8, recommendedStepSize = true,
               discontinuous = { tolerance = 1, maxIterations = 5 }, outputStep = 5e-4 },
    bodies = {
      { name = "ground", type = "Ground" },
      { name = "roll", type = "RigidBody3D", mass = m,
        inertia = {0.5 * m * r * r, m * (3 * r * r + L * L) / 12, m * (3 * r * r + L * L) / 12},
        position = {0, 0, 0.0165 * 1.2},
        orientation = {c, 0, s,  0, 1, 0,  -s, 0, c},
        angularVelocity = {-1000 * c, 0, 1000 * s} },
    },
    markers = {
      { name = "mGround", type = "Rigid", body = "ground" },
      { name = "mRoll", type = "Rigid", body = "roll" },
    },
    connectors = {
      { name = "contact", type = "ContactConvexRoll", markers = {"mGround", "mRoll"},
        contactStiffness = 1e3, contactDamping = 1, dynamicFriction = 0.9,
        staticFrictionOffset = 0, viscousFriction = 0, exponentialDecayStatic = 1e-3,
        frictionProportionalZone = 1e-4, rollLength = L, coefficientsHull = {-3.6, 0, 0.0165} },
    },
    sensors = {
      { name = "position", type = "Body", body = "roll", quantity = "position" },
      { name = "velocity", type = "Body", body = "roll", quantity = "velocity" },
      { name = "force", type = "Connector", connector = "contact", output = "Force" },
    },
  }
end
