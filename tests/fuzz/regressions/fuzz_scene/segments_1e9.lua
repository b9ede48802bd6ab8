-- test_hostile_inputs finding: numberOfContactSegments = 1e9 loaded, and
-- the first step allocated gigabytes of data coordinates. Now:
-- "connectors.contact.numberOfContactSegments: must be at most 1000000".
return {
  bodies = {
    { name = "disc", type = "RigidBody2D", mass = 1, inertia = 0.01, position = {0.5, 0.2} },
    { name = "cable", type = "Cable2DPrescribed", from = {0, 0}, to = {1, 0}, elements = 1 },
  },
  markers = {
    { name = "mDisc", type = "Rigid", body = "disc" },
    { name = "mShape", type = "CableShape", cable = "cable", element = 0, segments = 4 },
  },
  connectors = {
    { name = "contact", type = "ContactFrictionCircleCable2D", markers = {"mDisc", "mShape"},
      numberOfContactSegments = 1e9, contactStiffness = 1e4, circleRadius = 0.2 },
  },
}
