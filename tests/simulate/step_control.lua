-- SPDX-License-Identifier: BSD-3-Clause
-- The discontinuous step-size control (docs/simulate.rst "Step-size
-- control") on the restitution pair: two spheres (m = 1 kg, r = 0.1 m,
-- Hertz k = 1e6, e = 0.5) meet at 1 m/s; the contact starts at
-- t = 2.0101e-3 s exactly. --set tol, maxIt, rec (0/1), minStep, hold.
return function(p)
  local r = 0.1
  return {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 2e-5, endTime = p.endTime or 0.006,
               minStepSize = p.minStep or 1e-10, recommendedStepSize = (p.rec or 1) ~= 0,
               recoverySteps = p.hold or 10,
               discontinuous = { tolerance = p.tol or 1e-6, maxIterations = p.maxIt or 8 } },
    bodies = {
      { name = "left", type = "MassPoint3D", mass = 1, position = {0, 0, 0}, velocity = {0.5, 0, 0} },
      { name = "right", type = "MassPoint3D", mass = 1, position = {2 * r + 2.0101e-3, 0, 0}, velocity = {-0.5, 0, 0} },
    },
    markers = {
      { name = "mLeft", type = "Position", body = "left" },
      { name = "mRight", type = "Position", body = "right" },
    },
    connectors = {
      { name = "contact", type = "ContactSphereSphere", markers = {"mLeft", "mRight"},
        spheresRadii = {r, r}, contactStiffness = 1e6, contactStiffnessExponent = 1.5,
        restitutionCoefficient = 0.5, impactModel = 2 },
    },
    sensors = {
      { name = "gap", type = "Connector", connector = "contact", output = "DisplacementLocal" },
      { name = "vRight", type = "Body", body = "right", quantity = "velocity" },
    },
  }
end
