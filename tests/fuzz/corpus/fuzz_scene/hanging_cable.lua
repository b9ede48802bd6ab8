-- SPDX-License-Identifier: BSD-3-Clause
-- A cable of n dynamic ANCF elements (1 m in total), pinned at x = 0 by two
-- coordinate constraints, released horizontally under gravity: it swings
-- down like a pendulum chain. Used by bench/simulate_bench.py for steps/s at
-- n = 8, 50 and 200 elements (--set n=N --set steps=S --set linear=sparse).
-- Check: the pinned end carries the weight in the long run; energy never
-- grows (axial and bending damping).
return function(p)
  local n = p.n or 8
  return {
    gravity = {0, -9.81, 0},
    solver = { method = "generalizedAlpha", spectralRadius = 0.8, stepSize = p.h or 1e-3,
               steps = p.steps or 500, linearSolver = p.linear or "auto" },
    bodies = {
      { name = "cable", type = "Cable2D", from = {0, 0}, to = {1, 0}, elements = n,
        massPerLength = 0.5, axialStiffness = 1e5, bendingStiffness = 0.05,
        axialDamping = 5, bendingDamping = 0.005 },
    },
    markers = {
      { name = "pinX", type = "Coordinate", body = "cable", node = 0, coordinate = 0 },
      { name = "pinY", type = "Coordinate", body = "cable", node = 0, coordinate = 1 },
    },
    elements = {
      { name = "pinX", type = "CoordinateConstraint", markers = {"pinX"} },
      { name = "pinY", type = "CoordinateConstraint", markers = {"pinY"} },
    },
    sensors = {
      { name = "end", type = "Body", body = "cable", node = n, quantity = "position" },
      { name = "energy", type = "Energy" },
    },
  }
end
