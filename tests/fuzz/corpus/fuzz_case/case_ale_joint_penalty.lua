-- SPDX-License-Identifier: BSD-3-Clause
-- Penalty formulation (usePenaltyFormulation, k = 100 N/m) on one arch-shaped
-- ANCF Cable2D element: L = 1 m, nodes (0,0) with slope (1,1) and (1,0) with
-- slope (1,-1). The ALE coordinate is 0.5 m, so s_el = 0.5 (mid-element),
-- where r(s_el) = (0.5, 0.25) and r'(s_el) = (1, 0). The mass point sits at
-- (0.4, 0.3), off the cable, and moves; z = (20, -10) N.
-- Both algebraic equations are the penalty form Delta p - z/k
-- = (0.1, -0.05) - (0.2, -0.1) = (-0.1, 0.05): the velocity level is the
-- position level (issue #18), whatever the velocities are.
return {
  object = "JointALEMoving2D",
  parameters = {
    slidingMarkerNumbers = {4},
    slidingMarkerOffsets = {0},
    usePenaltyFormulation = true,
    penaltyStiffness = 100,
  },
  markers = {
    { position = {0.4, 0.3, 0}, velocity = {5, -3, 0} },
  },
  cables = {
    { q = {0, 0, 1, 1, 1, 0, 1, -1}, q_t = {0, 0, 0, 0, 0, 1, 0, 0}, length = 1 },
  },
  ale = { q = 0.5, q_t = 2 },
  lagrangeMultipliers = {20, -10},
  data = {0},
}
