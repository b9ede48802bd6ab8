return {
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
  sensors = { { name = "s", type = "Body", body = "a" } },
  solver = { stepSize = 1e-3, endTime = 0.01 },
  markers = { { name = "m", type = "Position", body = "a" } },
  elements = {
    { name = "f", type = "Force", marker = "m",
      value = function(t) return t < 0.005 and 1 or nil, 0, 0 end },
  },
}
