return {
  object = "ContactFrictionCircleCable2D",
  parameters = { numberOfContactSegments = 2, contactStiffness = 1e4, circleRadius = 0.3 },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0, 0, 0} },
    { cable = { q = {0,0, 1,0, 2,0, 1,0}, length = 2, verticalOffset = 0.01, ale = {0.5, 0.1} }, segments = 2 },
  },
}
