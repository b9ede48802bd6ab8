-- SPDX-License-Identifier: BSD-3-Clause
-- The same two-element cable; the joint is on the last element (data = {1})
-- and the ALE coordinate 2.1 m runs past the end of the whole cable:
-- the index would become 2, is clamped to 1 (warning "aleIndexClamped"),
-- the error is |s_el - L| = |1.1 - 1| = 0.1. Penalty formulation with
-- k = 1e6 N/m: position residual r(s_el) - p_m0 - z / k.
return {
  object = "JointALEMoving2D",
  parameters = {
    slidingMarkerNumbers = {10, 11},
    slidingMarkerOffsets = {0, 1},
    usePenaltyFormulation = true,
    penaltyStiffness = 1e6,
  },
  markers = {
    { position = {2.1, 0.001, 0}, velocity = {0.5, 0, 0} },
  },
  cables = {
    { q = {0, 0, 1, 0, 1, 0, 1, 0}, length = 1 },
    { q = {1, 0, 1, 0, 2, 0, 1, 0}, length = 1 },
  },
  ale = { q = 2.1, q_t = 0.5 },
  lagrangeMultipliers = {0, -1000},
  data = {1},
}
