-- SPDX-License-Identifier: BSD-3-Clause
-- A circle (r = 0.3 m) pressed onto a straight cable along x from (0,0) to
-- (2,0), given directly by the 5 points of 4 contact segments. The center
-- (0.6, 0.29) is 1 cm too low above segment 1 = [(0.5,0), (1,0)] and moves
-- down at 0.1 m/s; the other segments are open.
--   closest point p_p = (0.6, 0), rho = 0.2, n = (0, -1), g = -0.01 m,
--   v_n = (v_p - v_c).n = -0.1 m/s,  f_n = k_c g + d_c v_n = -100 - 10 = -110 N
--   physical forces: cable point 1 gets -(1-rho) f_n n = (0, -88) N,
--   point 2 gets (0, -22) N, the circle (0, +110) N. No friction (mu = 0).
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
    { points = {0,0, 0.5,0, 1,0, 1.5,0, 2,0},
      pointVelocities = {0,0, 0,0, 0,0, 0,0, 0,0},
      length = 2 },
  },
  -- [gap x 4, isSlipStick x 4, lastStick x 4]: only segment 1 in contact
  data = {0.1, -0.01, 0.1, 0.1,  -2, -2, -2, -2,  0, 0, 0, 0},
}
