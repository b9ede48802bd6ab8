-- Every key of a BodyCable2DShape marker in the points form.
return {
  object = "ContactFrictionCircleCable2D",
  parameters = { numberOfContactSegments = 2, contactStiffness = 1e4, circleRadius = 0.3 },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0, -0.1, 0} },
    { points = {0, 0, 1, 0, 2, 0}, pointVelocities = {0, 0.05, 0, 0.05, 0, 0.05}, length = 2,
      aleCoordinate = 0.1 },
  },
}
