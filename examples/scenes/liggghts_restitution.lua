-- SPDX-License-Identifier: BSD-3-Clause
-- Two equal glass spheres (mass points, r = 5 mm) meet head-on at a
-- relative speed of 1 m/s with ContactLiggghts, LIGGGHTS 3.8's hertz: the
-- damping gamma_n = -2 sqrt(5/6) beta sqrt(2 Y* sqrt(R* delta) m*), beta =
-- ln e / sqrt(ln^2 e + pi^2), that LIGGGHTS derives from the coefficient of
-- restitution e. Tsuji's form with the Hertz stiffness: the spheres part
-- with e itself (the integrated equation of motion gives e to 2e-12,
-- docs/benchmarks.rst). Parameters: mbc simulate liggghts_restitution.lua
-- --set e=0.5 (--set step=1e-7: the time step).
return function(p)
  local e = p.e or 0.5
  local r, rho = 0.005, 2800
  local m = rho * 4 / 3 * math.pi * r ^ 3
  local step = p.step or 2e-7
  return {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = step, endTime = 1e-4 },
    bodies = {
      { name = "left", type = "MassPoint3D", mass = m, position = {0, 0, 0}, velocity = {0.5, 0, 0} },
      { name = "right", type = "MassPoint3D", mass = m, position = {2 * r + 1e-7, 0, 0}, velocity = {-0.5, 0, 0} },
    },
    markers = {
      { name = "mLeft", type = "Position", body = "left" },
      { name = "mRight", type = "Position", body = "right" },
    },
    connectors = {
      { name = "contact", type = "ContactLiggghts", markers = {"mLeft", "mRight"},
        spheresRadii = {r, r}, spheresMasses = {m, m}, timeStep = step,
        normalModel = 1, tangentialModel = 0, youngsModulus = {4.8e10, 4.8e10},
        poissonsRatio = {0.2, 0.2}, coefficientRestitution = e },
    },
    sensors = {
      { name = "vLeft", type = "Body", body = "left", quantity = "velocity" },
      { name = "vRight", type = "Body", body = "right", quantity = "velocity" },
      { name = "normalForce", type = "Connector", connector = "contact", output = "NormalForce" },
    },
  }
end
