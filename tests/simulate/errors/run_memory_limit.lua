return {
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
  markers = { { name = "m", type = "Position", body = "a" } },
  solver = { stepSize = 1e-3, endTime = 0.01 },
  elements = {
    { name = "f", type = "Force", marker = "m",
      value = function(t)
        local s = {}
        for i = 1, 1e7 do s[i] = i end
        return 0, 0, 0
      end },
  },
}
