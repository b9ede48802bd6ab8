return {
  bodies = {
    { name = "ball", type = "MassPoint3D",
      mass = -1 },
  },
}
