return {
  bodies = {
    { name = "a", type = "MassPoint3D", mass = 1 },
    { name = "b", type = "MassPoint3D", mass = 1, position = {1, 0, 0} },
  },
  markers = {
    { name = "ma", type = "Position", body = "a" },
    { name = "mb", type = "Position", body = "b" },
  },
  connectors = {
    { name = "contact", type = "ContactSphereSphere", markers = {"ma", "mb"},
      spheresRadii = {0.1, 0.1},
      contactStifness = 1e4 },
  },
}
