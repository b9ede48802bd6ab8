-- SPDX-License-Identifier: BSD-3-Clause
-- The impacts of the DEM verification benchmarks (docs/benchmarks.rst) as an
-- mbc simulate scene: sphere a (a rigid body) meets sphere b (a rigid body,
-- geometry = "pair") or a fixed plane (geometry = "wall") along z; sphere a
-- is above, the contact normal from b to a is +z, tangential motion along x,
-- spin about y. The law is a connector of ContactGranular,
-- ContactSphereSphere or ContactLiggghts (connector = ...), its parameters in one string,
-- law = "name=value,name=value" (an array as a:b). The plane is a fixed
-- sphere of radius rbig (default 1e6 ra): R* = ra rb/(ra + rb) is then ra to
-- 1e-6 and the overlap, computed from a distance of 1e6 ra, is exact to
-- about 2e-10 ra (docs/benchmarks.rst gives the bound).
-- examples/benchmark/run.py passes every value; without --set the scene is
-- Chung and Ooi's test 1 with glass (two spheres, R = 10 mm, 10 m/s each):
--   mbc simulate examples/benchmark/scenes/impact.lua --csv impact.csv
-- Other values: --set name=value for geometry, ra, rb, ma, mb, gap (the
-- initial surface gap), vna, vnb (normal speeds of a down and b up), vta,
-- vtb (velocities along x), wa, wb (spin about y), g (gravity along -z), h,
-- tend, outputStep, rhoInf (the integrator's spectral radius), connector,
-- law, rbig.
local function split(text, sep)
  local parts, start = {}, 1
  for i = 1, #text do
    if string.sub(text, i, i) == sep then
      parts[#parts + 1] = string.sub(text, start, i - 1)
      start = i + 1
    end
  end
  parts[#parts + 1] = string.sub(text, start)
  return parts
end

local function parse_law(text)
  local law = {}
  for _, item in ipairs(split(text, ",")) do
    local pair = split(item, "=")
    local name, value = pair[1], pair[2]
    local list = split(value, ":")
    if #list > 1 then
      for i = 1, #list do
        list[i] = tonumber(list[i])
      end
      law[name] = list
    elseif value == "true" or value == "false" then
      law[name] = value == "true"
    else
      law[name] = tonumber(value) or value
    end
  end
  return law
end

return function(p)
  local geometry = p.geometry or "pair"
  local ra = p.ra or 0.010
  local ma = p.ma or 2800 * 4 / 3 * math.pi * ra ^ 3
  local rb = p.rb or ra
  local mb = p.mb or ma
  local gap = p.gap or 1e-7
  local h = p.h or 4e-7
  local connector = p.connector or "ContactGranular"
  local law = parse_law(p.law or
    "normalModel=hertz/material,youngsModulus=4.8e10:4.8e10,poissonsRatio=0.2:0.2,dampingModel=velocity,tangentialModel=linear_nohistory")
  local rbig = p.rbig or 1e6 * ra
  local scene = {
    gravity = {0, 0, -(p.g or 0)},
    solver = { method = "generalizedAlpha", spectralRadius = p.rhoInf or 1, stepSize = h,
               minStepSize = 1e-6 * h,
               endTime = p.tend or 5e-5, outputStep = p.outputStep or h,
               newton = { tolerance = p.newtonTolerance or 1e-10 } },
    bodies = {
      { name = "a", type = "RigidBody3D", mass = ma, inertia = {0.4 * ma * ra ^ 2, 0.4 * ma * ra ^ 2,
        0.4 * ma * ra ^ 2}, position = {0, 0, ra + 0.5 * gap},
        velocity = {p.vta or 0, 0, -(p.vna or 10)}, angularVelocity = {0, p.wa or 0, 0} },
    },
    markers = { { name = "ma", type = "Rigid", body = "a" }, { name = "mb", type = "Rigid", body = "b" } },
    sensors = {
      { name = "va", type = "Body", body = "a", quantity = "velocity" },
      { name = "wa", type = "Body", body = "a", quantity = "angularVelocity" },
      { name = "xa", type = "Body", body = "a", quantity = "position" },
      { name = "force", type = "Connector", connector = "contact", output = "Force" },
    },
  }
  if geometry == "wall" then
    rb, mb = rbig, 1e20 * ma -- a fixed body: m* = ma to round-off
    scene.bodies[1].position[3] = ra + gap
    scene.bodies[2] = { name = "b", type = "Ground", position = {0, 0, -rbig} }
  else
    scene.bodies[2] = { name = "b", type = "RigidBody3D", mass = mb, inertia = {0.4 * mb * rb ^ 2,
      0.4 * mb * rb ^ 2, 0.4 * mb * rb ^ 2}, position = {0, 0, -rb - 0.5 * gap},
      velocity = {p.vtb or 0, 0, p.vnb or 10}, angularVelocity = {0, p.wb or 0, 0} }
    scene.sensors[#scene.sensors + 1] = { name = "vb", type = "Body", body = "b", quantity = "velocity" }
    scene.sensors[#scene.sensors + 1] = { name = "wb", type = "Body", body = "b", quantity = "angularVelocity" }
    scene.sensors[#scene.sensors + 1] = { name = "xb", type = "Body", body = "b", quantity = "position" }
  end
  local contact = { name = "contact", type = connector, markers = {"ma", "mb"}, spheresRadii = {ra, rb} }
  if connector == "ContactGranular" or connector == "ContactLiggghts" then
    contact.spheresMasses = {ma, mb}
    contact.timeStep = h
  end
  for name, value in pairs(law) do
    contact[name] = value
  end
  scene.connectors = { contact }
  return scene
end
