return {
  bodies = {
    { name = "ball", type = "MassPoint3D", mass = 1,
      position = {0, 1 / 0, 0} },
  },
}
