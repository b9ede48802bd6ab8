-- SPDX-License-Identifier: BSD-3-Clause
-- A sphere (r = 0.1 m, 0.01 kg) adheres to a fixed sphere (ContactSphereSphere,
-- impactModel 0, pull-off force f_adh = 0.5 N) while a constant force of
-- 0.3 N pulls it away: the normal force is tensile (-0.3 N) and the spheres
-- stay together. The sphere starts sliding tangentially at 0.5 m/s with
-- friction mu_d = 0.3. Friction must never do positive work (physics notes:
-- magnitude mu_d |f_n|): the power of the tangential contact force is <= 0
-- and the sphere's kinetic energy never grows.
local r, m, kc = 0.1, 0.01, 1e4
local delta0 = 0.2 / kc -- loading branch: -f_adh + k_c delta = -0.3
return {
  solver = { method = "generalizedAlpha", spectralRadius = 0.8, stepSize = 5e-5, endTime = 0.1,
             outputStep = 5e-4 },
  bodies = {
    { name = "fixed", type = "Ground" },
    { name = "sphere", type = "MassPoint3D", mass = m, position = {0, 2 * r - delta0, 0},
      velocity = {0.5, 0, 0} },
  },
  markers = {
    { name = "mFixed", type = "Position", body = "fixed" },
    { name = "mSphere", type = "Position", body = "sphere" },
  },
  elements = { { name = "pull", type = "Force", marker = "mSphere", value = {0, 0.3, 0} } },
  connectors = {
    { name = "contact", type = "ContactSphereSphere", markers = {"mFixed", "mSphere"},
      spheresRadii = {r, r}, impactModel = 0, contactStiffness = kc, contactDamping = 2,
      contactPlasticityRatio = 0.5, adhesionCoefficient = 1e3, constantPullOffForce = 0.5,
      dynamicFriction = 0.3, frictionProportionalZone = 1e-3 },
  },
  sensors = {
    { name = "velocity", type = "Body", body = "sphere", quantity = "velocity" },
    { name = "force", type = "Connector", connector = "contact", output = "Force" },
    { name = "relVelocity", type = "Connector", connector = "contact", output = "Velocity" },
    { name = "normal", type = "Connector", connector = "contact", output = "Director3" },
    { name = "gap", type = "Connector", connector = "contact", output = "DisplacementLocal" },
  },
}
