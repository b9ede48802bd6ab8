-- SPDX-License-Identifier: BSD-3-Clause
-- Capstan (Euler-Eytelwein): a dynamic ANCF cable wrapped over a fixed circle
-- (radius R = 0.5 m) with wrap angle theta, ContactFrictionCircleCable2D on
-- every element. The free end (node 0) is pulled back by a constant force
-- T1; the other end is drawn at constant speed by two coordinate constraints,
-- so the cable slides over the circle. In steady sliding the tension at the
-- drawn end is T2 = T1 exp(mu theta) (the constraint multipliers).
-- Parameters: --set wrap=1 (theta / pi) --set mu=0.3
return function(p)
  local wrap, mu = p.wrap or 1, p.mu or 0.3
  local theta = wrap * math.pi
  local R, T1, speed = 0.5, 10, p.speed or 0.05
  local le, straight = p.le or 0.1, 0.3
  local nArc = math.ceil(R * theta / le)
  local nStraight = math.ceil(straight / le)
  -- arc from phi_a = pi/2 + theta/2 clockwise to phi_b = pi/2 - theta/2
  local pa, pb = math.pi / 2 + theta / 2, math.pi / 2 - theta / 2
  local function tangent(phi) return math.sin(phi), -math.cos(phi) end
  local nodes = {}
  local ta_x, ta_y = tangent(pa)
  local xa, ya = R * math.cos(pa), R * math.sin(pa)
  for i = 0, nStraight - 1 do -- incoming straight part
    local s = straight * (1 - i / nStraight)
    nodes[#nodes + 1] = {xa - s * ta_x, ya - s * ta_y, ta_x, ta_y}
  end
  for i = 0, nArc do -- the wrapped arc
    local phi = pa - theta * i / nArc
    local tx, ty = tangent(phi)
    nodes[#nodes + 1] = {R * math.cos(phi), R * math.sin(phi), tx, ty}
  end
  local tb_x, tb_y = tangent(pb)
  local xb, yb = R * math.cos(pb), R * math.sin(pb)
  for i = 1, nStraight do -- outgoing straight part
    local s = straight * i / nStraight
    nodes[#nodes + 1] = {xb + s * tb_x, yb + s * tb_y, tb_x, tb_y}
  end
  local n = #nodes - 1
  local lengths = {}
  for i = 1, n do
    local a, b = nodes[i], nodes[i + 1]
    local chord = math.sqrt((b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2)
    lengths[i] = chord
  end
  local last = nodes[#nodes]
  local scene = {
    solver = { method = "generalizedAlpha", spectralRadius = 0.6, stepSize = p.h or 4e-4,
               endTime = p.endTime or 0.25, outputStep = 5e-3 },
    bodies = {
      { name = "drum", type = "Ground" },
      { name = "rope", type = "Cable2D", nodes = nodes, lengths = lengths, massPerLength = 0.1,
        axialStiffness = 1e4, bendingStiffness = 1e-3, axialDamping = 20, bendingDamping = 1e-4 },
    },
    markers = {
      { name = "mDrum", type = "Rigid", body = "drum" },
      { name = "free", type = "Position", body = "rope", node = 0 },
      { name = "endX", type = "Coordinate", body = "rope", node = n, coordinate = 0 },
      { name = "endY", type = "Coordinate", body = "rope", node = n, coordinate = 1 },
    },
    elements = {
      { name = "T1", type = "Force", marker = "free", value = {-T1 * ta_x, -T1 * ta_y, 0} },
      { name = "drawX", type = "CoordinateConstraint", markers = {"endX"},
        offset = function(t) return last[1] + speed * t * tb_x end },
      { name = "drawY", type = "CoordinateConstraint", markers = {"endY"},
        offset = function(t) return last[2] + speed * t * tb_y end },
    },
    connectors = {},
    sensors = {
      { name = "drawX", type = "Element", element = "drawX" },
      { name = "drawY", type = "Element", element = "drawY" },
      { name = "free", type = "Body", body = "rope", node = 0, quantity = "velocity" },
    },
  }
  for e = 0, n - 1 do
    table.insert(scene.markers, { name = "shape" .. e, type = "CableShape", cable = "rope", element = e, segments = 4 })
    table.insert(scene.connectors, { name = "contact" .. e, type = "ContactFrictionCircleCable2D",
      markers = {"mDrum", "shape" .. e}, numberOfContactSegments = 4, circleRadius = R,
      contactStiffness = 1e5, contactDamping = 50, frictionStiffness = p.muk or 0,
      frictionVelocityPenalty = 1e3, frictionCoefficient = mu, useSegmentNormals = false })
  end
  if p.probe then
    local e = nStraight + math.floor(nArc / 2)
    table.insert(scene.sensors, { name = "forceLocal", type = "Connector", connector = "contact" .. e, output = "ForceLocal" })
    table.insert(scene.sensors, { name = "velLocal", type = "Connector", connector = "contact" .. e, output = "Coordinates_t" })
  end
  return scene
end
