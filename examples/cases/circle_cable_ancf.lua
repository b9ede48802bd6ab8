-- SPDX-License-Identifier: BSD-3-Clause
-- The same straight cable, now given by one ANCF Cable2D element
-- (nodes (0,0) and (2,0), unit slopes, L = 2) and split into 4 contact
-- segments by the runtime; the whole cable moves up at 0.05 m/s.
--   v_n = (v_p - v_c).n = ((0,0.05) - (0,-0.1)).(0,-1) = -0.15 m/s
--   f_n = k_c g + d_c v_n = -100 - 15 = -115 N
--   cable point 1: (0, -92) N, point 2: (0, -23) N, circle: (0, 115) N.
return {
  object = "ContactFrictionCircleCable2D",
  parameters = {
    numberOfContactSegments = 4,
    contactStiffness = 1e4,
    contactDamping = 100,
    circleRadius = 0.3,
  },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0, -0.1, 0} },
    { cable = { q = {0,0, 1,0, 2,0, 1,0}, q_t = {0,0.05, 0,0, 0,0.05, 0,0}, length = 2 },
      segments = 4 },
  },
  data = {0.1, -0.01, 0.1, 0.1,  -2, -2, -2, -2,  0, 0, 0, 0},
}
