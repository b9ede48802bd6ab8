-- Every key of a BodyCable2DShape marker in the element form, with an ALE cable.
return {
  object = "ContactFrictionCircleCable2D",
  parameters = {
    numberOfContactSegments = 2, contactStiffness = 1e4, contactDamping = 100,
    frictionVelocityPenalty = 10, frictionStiffness = 100, frictionCoefficient = 0.3,
    circleRadius = 0.3, useSegmentNormals = true, activeConnector = true,
    visualization = { show = true, showContactCircle = true, drawSize = -1, color = {-1, -1, -1, -1} },
  },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0, -0.1, 0}, rotation = {1,0,0, 0,1,0, 0,0,1},
      angularVelocityLocal = {0, 0, 0} },
    { cable = { q = {0,0, 1,0, 2,0, 1,0}, q_t = {0,0.05, 0,0, 0,0.05, 0,0}, length = 2,
                verticalOffset = 0, ale = {0.1, 0.2} },
      segments = 2 },
  },
  data = {0.1, 0.1, -2, -2, 0, 0},
  dataStartOfStep = {0.1, 0.1, -2, -2, 0, 0},
}
