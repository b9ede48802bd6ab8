-- Keys of a scene the examples do not use (docs/simulate.rst): newmark,
-- steps, minStepSize, the linear solver, newton.modified, a cable given by
-- nodes with lengths and velocities, verticalOffset, every sensor type.
return {
  gravity = {0, -9.81, 0},
  solver = { method = "newmark", stepSize = 1e-3, steps = 10, minStepSize = 1e-8,
             recommendedStepSize = false, linearSolver = "dense", outputStep = 2e-3,
             newton = { tolerance = 1e-9, maxIterations = 10, modified = false },
             discontinuous = { tolerance = 1e-6, maxIterations = 4 } },
  bodies = {
    { name = "ground", type = "Ground", position = {0, 0.1, 0} },
    { name = "cable", type = "Cable2D", nodes = { {0, 0, 1, 0}, {0.5, 0, 1, 0}, {1, 0, 1, 0} },
      lengths = {0.5, 0.5}, velocities = {0, 0.1}, massPerLength = 0.1, axialStiffness = 1e4,
      bendingStiffness = 1e-2, axialDamping = 1e-3, bendingDamping = 1e-4 },
    { name = "disc", type = "RigidBody2D", mass = 1, inertia = 0.01, position = {0.5, 0.2},
      angle = 0, velocity = {0, 0}, angularVelocity = 0 },
    { name = "ball", type = "MassPoint3D", mass = 1, position = {0, 1, 0}, velocity = {0, 0, 0} },
  },
  markers = {
    { name = "mGround", type = "Rigid", body = "ground" },
    { name = "mNode", type = "Position", body = "cable", node = 0 },
    { name = "mDisc", type = "Rigid", body = "disc" },
    { name = "mBall", type = "Position", body = "ball" },
    { name = "mx", type = "Coordinate", body = "disc", coordinate = 0 },
    { name = "mShape", type = "CableShape", cable = "cable", element = 1, segments = 4,
      verticalOffset = 0 },
  },
  elements = {
    { name = "pin", type = "SpringDamper", markers = {"mGround", "mNode"}, stiffness = 1e3,
      damping = 1, referenceLength = 0 },
    { name = "hold", type = "CoordinateSpringDamper", markers = {"mx"}, stiffness = 10,
      damping = 0.1, offset = 0.5 },
    { name = "spin", type = "Torque", marker = "mDisc", value = {0, 0, 0.01} },
  },
  connectors = {
    { name = "contact", type = "ContactFrictionCircleCable2D", markers = {"mDisc", "mShape"},
      numberOfContactSegments = 4, contactStiffness = 1e4, contactDamping = 10,
      circleRadius = 0.2 },
  },
  sensors = {
    { name = "x", type = "Body", body = "disc", quantity = "coordinates" },
    { name = "f", type = "Connector", connector = "contact", output = "Coordinates" },
    { name = "s", type = "Element", element = "pin" },
    { name = "e", type = "Energy" },
  },
}
