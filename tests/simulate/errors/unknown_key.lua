return {
  bodies = {
    { name = "ball", type = "MassPoint3D", mass = 1,
      velocty = {1, 0, 0} },
  },
}
