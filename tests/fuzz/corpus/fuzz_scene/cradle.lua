-- SPDX-License-Identifier: BSD-3-Clause
-- Newton's cradle: n equal spheres (m = 1 kg, r = 0.1 m) in a row along x
-- with 20 mm gaps, ContactSphereSphere between neighbors (Hertz,
-- k = 1e6 N/m^1.5, impactModel 2, restitution e). The first sphere arrives
-- at v = 1 m/s. Contacts last about 3 ms and the gaps take 20 ms to close, so
-- every impact is a two-ball impact: v1' = v (1 - e)/2, v2' = v (1 + e)/2.
-- Momentum is conserved exactly by the equal and opposite contact forces.
-- Parameters: --set n=3..5 --set e=0.8
return function(p)
  local n, e = p.n or 4, p.e or 0.8
  local r, gap = 0.1, 0.02
  local scene = {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 2e-5, endTime = p.endTime or 0.25,
               newton = { tolerance = 1e-12 }, outputStep = 2e-4 },
    bodies = {}, markers = {}, connectors = {}, sensors = {},
  }
  for i = 1, n do
    scene.bodies[i] = { name = "ball" .. i, type = "MassPoint3D", mass = 1,
      position = {(i - 1) * (2 * r + gap), 0, 0}, velocity = {i == 1 and 1 or 0, 0, 0} }
    scene.markers[i] = { name = "m" .. i, type = "Position", body = "ball" .. i }
    scene.sensors[i] = { name = "v" .. i, type = "Body", body = "ball" .. i, quantity = "velocity" }
  end
  -- the first sphere starts 1 mm before contact
  scene.bodies[1].position[1] = gap - 1e-3
  for i = 1, n - 1 do
    scene.connectors[i] = { name = "contact" .. i, type = "ContactSphereSphere",
      markers = {"m" .. i, "m" .. (i + 1)}, spheresRadii = {r, r}, contactStiffness = 1e6,
      contactStiffnessExponent = 1.5, restitutionCoefficient = e, impactModel = 2 }
  end
  return scene
end
