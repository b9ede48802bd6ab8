-- SPDX-License-Identifier: BSD-3-Clause
-- Fault injection of `mbc simulate` while it runs (tests/inject): a mass
-- point under a load whose Lua function allocates a table and a string at
-- every call, so that allocations fail during the run too, inside the
-- sandbox's protected call of a scene function (not only while loading).
return {
  solver = { stepSize = 1e-3, endTime = 0.05 },
  sensors = { { name = "x", type = "Body", body = "a" } },
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
  markers = { { name = "m", type = "Position", body = "a" } },
  elements = {
    { name = "push", type = "Force", marker = "m",
      value = function(t)
        local v = { math.sin(t), 0, 0 }
        local label = string.format("%.3f", t) .. "s"
        return v[1] + 0 * #label, v[2], v[3]
      end },
  },
}
