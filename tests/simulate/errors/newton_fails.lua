return {
  bodies = { { name = "a", type = "MassPoint2D", mass = 1, position = {0, -2} },
             { name = "g", type = "Ground" } },
  markers = { { name = "m", type = "Position", body = "a" },
              { name = "mg", type = "Position", body = "g" } },
  solver = { stepSize = 1e-1, endTime = 1, minStepSize = 1e-2, newton = { maxIterations = 2 } },
  sensors = { { name = "s", type = "Body", body = "a" } },
  elements = {
    { name = "spring", type = "SpringDamper", markers = {"m", "mg"},
      force = function(t, L, Ldot) return 1e9 * (L - 1) ^ 3 end },
  },
}
