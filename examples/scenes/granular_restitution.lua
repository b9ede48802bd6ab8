-- SPDX-License-Identifier: BSD-3-Clause
-- Two equal spheres (mass points, m = 1 kg, r = 0.1 m) meet head-on at a
-- relative speed of 1 m/s with ContactGranular's hooke model and velocity
-- damping (LAMMPS: hooke 1e6 ETA damping velocity tangential
-- linear_nohistory 0 0): a linear spring-dashpot, whose coefficient of
-- restitution is exp(-pi zeta / sqrt(1 - zeta^2)), zeta = eta/(2 sqrt(m* k)),
-- m* = 0.5 kg. The scene sets eta for the restitution e it is given:
-- zeta = -ln e / sqrt(pi^2 + ln^2 e). Parameters: mbc simulate
-- granular_restitution.lua --set e=0.5 (--set step=5e-6: the time step).
return function(p)
  local e = p.e or 0.5
  local r, k, meff = 0.1, 1e6, 0.5
  local zeta = -math.log(e) / math.sqrt(math.pi ^ 2 + math.log(e) ^ 2)
  local step = p.step or 1e-5
  return {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = step, endTime = 0.006 },
    bodies = {
      { name = "left", type = "MassPoint3D", mass = 1, position = {0, 0, 0}, velocity = {0.5, 0, 0} },
      { name = "right", type = "MassPoint3D", mass = 1, position = {2 * r + 1e-3, 0, 0}, velocity = {-0.5, 0, 0} },
    },
    markers = {
      { name = "mLeft", type = "Position", body = "left" },
      { name = "mRight", type = "Position", body = "right" },
    },
    connectors = {
      { name = "contact", type = "ContactGranular", markers = {"mLeft", "mRight"},
        spheresRadii = {r, r}, spheresMasses = {1, 1}, timeStep = step,
        normalModel = 0, normalStiffness = k, dampingModel = 0,
        normalDamping = 2 * zeta * math.sqrt(meff * k), tangentialModel = 0 },
    },
    sensors = {
      { name = "vLeft", type = "Body", body = "left", quantity = "velocity" },
      { name = "vRight", type = "Body", body = "right", quantity = "velocity" },
      -- the energy books: kinetic + stored + the time integral of the
      -- dissipated power stays 0.25 J (tests/simulate/test_scenes.py)
      { name = "kinetic", type = "Energy" },
      { name = "stored", type = "Connector", connector = "contact", output = "StoredEnergy" },
      { name = "dissipated", type = "Connector", connector = "contact", output = "DissipatedPower" },
      { name = "powers", type = "Connector", connector = "contact", output = "DissipatedPowerParts" },
    },
  }
end
