-- SPDX-License-Identifier: BSD-3-Clause
-- Two equal spheres (mass points, m = 1 kg, r = 0.1 m) meet head-on at a
-- relative speed of 1 m/s; Hertzian contact (exponent 1.5). The effective
-- coefficient of restitution -(v1 - v0)_after / (v1 - v0)_before is what
-- ContactSphereSphere's impactModel reproduces: model 2 gives e (within
-- 0.005), model 1 (Hunt-Crossley) over-estimates it for e < 1.
-- Parameters: mbc simulate restitution.lua --set e=0.5 --set model=2; the
-- contact starts at t = 2.0101e-3 s exactly, which the step-size tests use
-- (--set tol, maxIt, rec = 0/1, minStep, hold, recIt: docs/simulate.rst).
return function(p)
  local e = p.e or 0.5
  local model = p.model or 2
  local r = 0.1
  local scene = {
    solver = { method = p.method or "generalizedAlpha", spectralRadius = 1, stepSize = 2e-5, endTime = 0.012,
               -- the step-size control (tests/simulate/test_scenes.py); unset: the defaults
               minStepSize = p.minStep, recommendedStepSize = p.rec ~= 0, recoverySteps = p.hold,
               recoveryIterations = p.recIt,
               discontinuous = { tolerance = p.tol, maxIterations = p.maxIt } },
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
        restitutionCoefficient = e, impactModel = model },
    },
    sensors = {
      { name = "vLeft", type = "Body", body = "left", quantity = "velocity" },
      { name = "vRight", type = "Body", body = "right", quantity = "velocity" },
    },
  }
  -- --set pairs=N: N - 1 more identical pairs, 1 m apart along y, touching at the same time
  for k = 2, p.pairs or 1 do
    local b, m = scene.bodies, scene.markers
    b[#b + 1] = { name = "left" .. k, type = "MassPoint3D", mass = 1, position = {0, k - 1, 0}, velocity = {0.5, 0, 0} }
    b[#b + 1] = { name = "right" .. k, type = "MassPoint3D", mass = 1,
                  position = {2 * r + 2.0101e-3, k - 1, 0}, velocity = {-0.5, 0, 0} }
    m[#m + 1] = { name = "mLeft" .. k, type = "Position", body = "left" .. k }
    m[#m + 1] = { name = "mRight" .. k, type = "Position", body = "right" .. k }
    scene.connectors[k] = { name = "contact" .. k, type = "ContactSphereSphere",
      markers = {"mLeft" .. k, "mRight" .. k}, spheresRadii = {r, r}, contactStiffness = 1e6,
      contactStiffnessExponent = 1.5, restitutionCoefficient = e, impactModel = model }
  end
  return scene
end
