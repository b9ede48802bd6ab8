return {
  solver = { stepSize = 1e-3 },
  bodies = {
    { name = "ball", type = "MassPoint2D", mass = 1,
      velocity = "fast" },
  },
}
