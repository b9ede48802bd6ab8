return {
  bodies = {
    { name = "disc", type = "RigidBody2D", mass = 1, inertia = 0.1 },
    { name = "ground", type = "Ground" },
  },
  markers = {
    { name = "mDisc", type = "Rigid", body = "disc" },
    { name = "mGround", type = "Rigid", body = "ground" },
  },
  connectors = {
    { name = "c", type = "ContactFrictionCircleCable2D",
      markers = {"mDisc", "mGround"}, circleRadius = 0.1 },
  },
}
