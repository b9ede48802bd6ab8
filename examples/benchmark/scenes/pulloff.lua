-- SPDX-License-Identifier: BSD-3-Clause
-- Pull-off (docs/benchmarks.rst), as examples/benchmark/lammps/pulloff.in:
-- sphere b is held (a fixed body), sphere a starts gap0 above it and is
-- driven down into contact to the overlap depth and back up at speed
-- (a constraint on its z coordinate), so the force between them follows the
-- cohesive law's loading and unloading branches; the largest tensile force
-- is the pull-off force. ContactGranular with normalModel jkr (the default)
-- or dmt, as LAMMPS's words "jkr E 0 nu gamma damping velocity
-- tangential linear_history 1000 0 0": mbc simulate pulloff.lua --set
-- normalModel=dmt.
return function(p)
  local R, gap0, depth, speed = p.R or 0.01, p.gap0 or 1e-5, p.depth or 2e-5, p.speed or 1e-3
  local h = p.h or 1e-6
  local t1 = (gap0 + depth) / speed
  local m = 1000 * 4 / 3 * math.pi * R ^ 3
  local z0 = R + gap0
  return {
    solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = h, endTime = 2 * t1,
               outputStep = h, newton = { tolerance = 1e-12 } },
    bodies = {
      { name = "a", type = "RigidBody3D", mass = m, inertia = {0.4 * m * R * R, 0.4 * m * R * R, 0.4 * m * R * R},
        position = {0, 0, z0}, velocity = {0, 0, -speed} },
      { name = "b", type = "Ground", position = {0, 0, -R} },
    },
    markers = {
      { name = "ma", type = "Rigid", body = "a" },
      { name = "mb", type = "Rigid", body = "b" },
      { name = "za", type = "Coordinate", body = "a", coordinate = 2 },
    },
    elements = {
      { name = "drive", type = "CoordinateConstraint", markers = {"za"},
        offset = function(t) return z0 - speed * (t1 - math.abs(t1 - t)) end },
    },
    connectors = {
      { name = "contact", type = "ContactGranular", markers = {"ma", "mb"}, spheresRadii = {R, R},
        spheresMasses = {m, m}, timeStep = h, normalModel = p.normalModel or "jkr",
        youngsModulus = {p.E or 1e7, p.E or 1e7}, poissonsRatio = {p.nu or 0.3, p.nu or 0.3},
        surfaceEnergy = p.gamma or 0.5, dampingModel = "velocity", normalDamping = 0,
        tangentialModel = "linear_history", tangentialStiffness = 1000, frictionCoefficient = 0 },
    },
    sensors = {
      { name = "za", type = "Body", body = "a", quantity = "position" },
      { name = "force", type = "Connector", connector = "contact", output = "NormalForce" },
      { name = "overlap", type = "Connector", connector = "contact", output = "Overlap" },
    },
  }
end
