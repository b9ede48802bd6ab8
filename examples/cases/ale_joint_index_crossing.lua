-- SPDX-License-Identifier: BSD-3-Clause
-- A mass point on a straight cable along x made of two ANCF elements of 1 m
-- (markers 10 and 11, offsets 0 and 1). The joint still refers to element 0
-- (data = {0}) but the ALE coordinate 1.05 m is past its end: PostNewtonStep
-- moves to element 1 (index 1, markerNumber1 = 11) with error |s_el - L| = 0.05.
-- The point (1.05, 0) is on the straight line, so the residual is zero even
-- though element 0 is evaluated slightly beyond its end.
return {
  object = "JointALEMoving2D",
  parameters = {
    slidingMarkerNumbers = {10, 11},
    slidingMarkerOffsets = {0, 1},
    markerNumbers = {3, 10},
    nodeNumbers = {0, 1},
  },
  markers = {
    { position = {1.05, 0, 0}, velocity = {0.5, 0, 0} },
  },
  cables = {
    { q = {0, 0, 1, 0, 1, 0, 1, 0}, length = 1 },
    { q = {1, 0, 1, 0, 2, 0, 1, 0}, length = 1 },
  },
  ale = { q = 1.05, q_t = 0.5 },
  data = {0},
}
