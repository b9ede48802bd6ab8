-- SPDX-License-Identifier: BSD-3-Clause
-- A mass point sliding along a cable with JointALEMoving2D. A prescribed
-- straight cable of 5 ANCF elements (1 m each) runs downhill at 30 degrees
-- from the origin; a mass point (1 kg) is joined to it by the ALE joint
-- (index-3 constraint, Lagrange multipliers), with a massless ALE node s
-- (arc length) starting at rest at s0 = 0.25 m, under gravity only. The
-- joint moves to the next element when s passes an element end.
-- Answer: s(t) - s0 = g sin(30 deg) t^2 / 2; joint force m g cos(30 deg).
local n, g, s0 = 5, 9.81, 0.25
local c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
local scene = {
  gravity = {0, -g, 0},
  solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 1e-3, endTime = 1.35,
             discontinuous = { tolerance = 1e-10 }, outputStep = 0.01 },
  bodies = {
    { name = "cable", type = "Cable2DPrescribed", from = {0, 0}, to = {n * c, -n * s}, elements = n },
    { name = "point", type = "MassPoint2D", mass = 1, position = {s0 * c, -s0 * s} },
    { name = "s", type = "ALENode", coordinate = s0, mass = 0 },
  },
  markers = { { name = "mPoint", type = "Position", body = "point" } },
  connectors = {},
  sensors = {
    { name = "s", type = "Body", body = "s", quantity = "coordinates" },
    { name = "position", type = "Body", body = "point", quantity = "position" },
    { name = "force", type = "Connector", connector = "joint", output = "Force" },
  },
}
local sliding, offsets = {}, {}
for e = 0, n - 1 do
  table.insert(scene.markers, { name = "cc" .. e, type = "CableCoordinates", cable = "cable", element = e })
  sliding[e + 1], offsets[e + 1] = "cc" .. e, 1.0 * e
end
scene.connectors[1] = { name = "joint", type = "JointALEMoving2D", markers = {"mPoint", "cc0"},
  aleNode = "s", slidingMarkerNumbers = sliding, slidingMarkerOffsets = offsets }
return scene
