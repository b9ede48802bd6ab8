-- The ALE coordinate is so far beyond the element that the cubic shape
-- functions overflow: the algebraic equations are not finite.
return {
  object = "JointALEMoving2D",
  parameters = { slidingMarkerNumbers = {10}, slidingMarkerOffsets = {0} },
  markers = { { position = {0, 0, 0}, velocity = {0, 0, 0} } },
  cables = { { q = {0,0, 1,0, 1,0, 1,0}, length = 1 } },
  ale = { q = 1e120 },
}
