return {
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
  markers = {
    { name = "m", type = "Position",
      body = "b" },
  },
}
