return {
  object = "JointALEMoving2D",
  parameters = { slidingMarkerNumbers = {10, 11}, slidingMarkerOffsets = {0, 1} },
  markers = { { position = {0, 0, 0}, velocity = {0, 0, 0} } },
  cables = { { q = {0,0, 1,0, 1,0, 1,0}, length = 1 }, { q = {1,0, 1,0, 2,0, 1,0}, length = 1 } },
  ale = { q = 0.5 },
  data = {2},
}
