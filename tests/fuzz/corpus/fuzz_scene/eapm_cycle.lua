-- SPDX-License-Identifier: BSD-3-Clause
-- Adhesive elasto-plastic loading cycle (ContactSphereSphere, impactModel 0,
-- the Edinburgh model of the seed). A sphere (r = 0.1 m, 0.01 kg) is pressed
-- onto a fixed sphere (r = 0.1 m) by a spring (k_s = 1e4 N/m) whose anchor
-- moves down, back, further down and finally up: the spring's reference
-- length is a Lua function of t. The sphere follows quasi-statically
-- (spring damping), so the contact force traces the three branches of the
-- law with n_exp = n_adh = 1, k_c = 1e5 N/m, lambda_P = 0.5
-- (k_2 = k_c / (1 - lambda_P)), k_adh = 5e3 N/m, f_adh = 0.5 N:
--   loading            f = -f_adh + k_c delta
--   unloading/reloading f = -f_adh + k_2 (delta - delta_p), delta_p = lambda_P delta_max
--   adhesion           f = -f_adh - k_adh delta
-- until the sphere pulls off.
local ks, r = 1e4, 0.1
-- spring compression u(t) beyond touching, piecewise linear
local tu = { {0, -0.0005}, {1, 0.01}, {2, 0.003}, {3, 0.014}, {4, 0.0005}, {6, -0.0004} }
local function u(t)
  for i = 1, #tu - 1 do
    local a, b = tu[i], tu[i + 1]
    if t <= b[1] then return a[2] + (b[2] - a[2]) * (t - a[1]) / (b[1] - a[1]) end
  end
  return tu[#tu][2]
end
local Lc = 0.3 -- spring length when the spheres touch (anchor at y = 0.5)
return {
  solver = { method = "generalizedAlpha", spectralRadius = 0.8, stepSize = 1e-4, endTime = 6,
             outputStep = 5e-3 },
  bodies = {
    { name = "fixed", type = "Ground" },
    { name = "anchor", type = "Ground", position = {0, 0.5, 0} },
    { name = "sphere", type = "MassPoint3D", mass = 0.01, position = {0, 2 * r + 5e-4, 0} },
  },
  markers = {
    { name = "mFixed", type = "Position", body = "fixed" },
    { name = "mAnchor", type = "Position", body = "anchor" },
    { name = "mSphere", type = "Position", body = "sphere" },
  },
  elements = {
    { name = "spring", type = "SpringDamper", markers = {"mAnchor", "mSphere"},
      force = function(t, L, Ldot) return ks * (L - (Lc + u(t))) + 60 * Ldot end },
  },
  connectors = {
    { name = "contact", type = "ContactSphereSphere", markers = {"mFixed", "mSphere"},
      spheresRadii = {r, r}, impactModel = 0, contactStiffness = 1e5, contactStiffnessExponent = 1,
      contactPlasticityRatio = 0.5, adhesionCoefficient = 5e3, adhesionExponent = 1,
      constantPullOffForce = 0.5 },
  },
  sensors = {
    { name = "gap", type = "Connector", connector = "contact", output = "DisplacementLocal" },
    { name = "force", type = "Connector", connector = "contact", output = "Force" },
  },
}
