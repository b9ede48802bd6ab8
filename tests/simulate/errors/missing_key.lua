return {
  bodies = {
    { name = "ball", type = "MassPoint2D",
      position = {0, 1} },
  },
}
