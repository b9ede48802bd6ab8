-- SPDX-License-Identifier: BSD-3-Clause
-- Two equal spheres (mass points, m = 1 kg, r = 0.1 m: m* = 0.5 kg,
-- R* = 0.05 m) meet head-on at a relative speed v (default 1 m/s) with
-- ContactGranClassic, LAMMPS's gran/hooke/history law (model 1, the
-- default; LAMMPS: pair_style gran/hooke/history 1e6 NULL GAMMA_N NULL 0.5 1)
-- or gran/hertz/history (model 2).
--   hooke/history: a linear spring-dashpot whose damping is m* gamma_n: the
--   coefficient of restitution is exp(-pi zeta / sqrt(1 - zeta^2)), zeta =
--   gamma_n m* / (2 sqrt(m* k_n)); the scene sets gamma_n for the e it is
--   given (--set e=0.5).
--   hertz/history: F_n = sqrt(delta R*) (k_n delta - m* gamma_n v_n), whose
--   restitution does not depend on v (--set model=2 --set gamma=...).
-- Parameters: mbc simulate gran_classic_restitution.lua --set e=0.5
-- (--set v=..., --set step=...: the time step).
return function(p)
  local e = p.e or 0.5
  local model = p.model or 1
  local v = p.v or 1
  local r, meff = 0.1, 0.5
  local k = model == 2 and 1e8 or 1e6
  local zeta = -math.log(e) / math.sqrt(math.pi ^ 2 + math.log(e) ^ 2)
  local gamma = p.gamma or 2 * zeta * math.sqrt(k / meff)
  local step = p.step or 1e-5
  -- the contact lasts about pi sqrt(m*/k) (hooke) or 3.2 (m*^2/(R* k^2 v))^(1/5) (hertz)
  local duration = model == 2 and 3.3 * (meff ^ 2 / (0.05 * k ^ 2 * v)) ^ 0.2 or math.pi * math.sqrt(meff / k)
  return {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = step,
               endTime = 2e-3 / v + 1.5 * duration },
    bodies = {
      { name = "left", type = "MassPoint3D", mass = 1, position = {0, 0, 0}, velocity = {v / 2, 0, 0} },
      { name = "right", type = "MassPoint3D", mass = 1, position = {2 * r + 1e-3, 0, 0}, velocity = {-v / 2, 0, 0} },
    },
    markers = {
      { name = "mLeft", type = "Position", body = "left" },
      { name = "mRight", type = "Position", body = "right" },
    },
    connectors = {
      { name = "contact", type = "ContactGranClassic", markers = {"mLeft", "mRight"},
        spheresRadii = {r, r}, spheresMasses = {1, 1}, timeStep = step, model = model,
        normalStiffness = k, tangentialStiffness = 2 / 7 * k, normalDamping = gamma,
        tangentialDamping = gamma / 2, frictionCoefficient = 0.5 },
    },
    sensors = {
      { name = "vLeft", type = "Body", body = "left", quantity = "velocity" },
      { name = "vRight", type = "Body", body = "right", quantity = "velocity" },
      { name = "force", type = "Connector", connector = "contact", output = "NormalForce" },
    },
  }
end
