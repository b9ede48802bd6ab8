-- SPDX-License-Identifier: BSD-3-Clause
-- The bristle's stick flow (EnergyFlows) of a segment that slipped at the
-- start of the step and sticks now. The circle (r = 0.3 m, no rotation) is
-- 1 cm too low above segment 1 = [(0.5,0), (1,0)] of a straight cable and
-- moves at (0.2, -0.1) m/s; the other segments are open. Step dt = 0.01 s.
--   n = (0, -1), t = (1, 0), rho = 0.2, g = -0.01 m, v_n = -0.1 m/s,
--   v_t = (v_p - v_c).t = -0.2 m/s; sticking position x_cur = alpha r - rho
--   L/n = -pi/2 0.3 - 0.1 = -0.5712389 m (alpha = -pi/2; the segment runs
--   along t: sign -1); x_lastStick = x_cur - 0.003: Delta = 0.003 m (f_t = mu_k Delta = 30 N,
--   below mu |f_n| = 33 N).
--   The bristle at the start of the step Delta_0 = Delta - v_t dt = 0.005 m:
--   P_stick = mu_k Delta_0^2 / (2 dt) = 12.5 W, P_slip = 0;
--   StoredEnergy = k_c g^2/2 + mu_k Delta^2/2 = 0.5 + 0.045 = 0.545 J;
--   DissipatedPowerParts = [d_c v_n^2, mu_v v_t^2] = [1, 0] W;
--   DissipatedPower = 1 + 0 - 12.5 = -11.5 W.
local x_cur = -math.pi / 2 * 0.3 - 0.1
return {
  object = "ContactFrictionCircleCable2D",
  parameters = {
    numberOfContactSegments = 4,
    contactStiffness = 1e4,
    contactDamping = 100,
    frictionStiffness = 1e4,
    frictionCoefficient = 0.3,
    circleRadius = 0.3,
  },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0.2, -0.1, 0} },
    { points = {0,0, 0.5,0, 1,0, 1.5,0, 2,0},
      pointVelocities = {0,0, 0,0, 0,0, 0,0, 0,0},
      length = 2 },
  },
  dt = 0.01,
  -- [gap x 4, isSlipStick x 4, lastStick x 4]: segment 1 sticks now ...
  data = {0.1, -0.01, 0.1, 0.1,  -2, 0, -2, -2,  0, x_cur - 0.003, 0, 0},
  -- ... and slipped (+1) at the start of the step
  dataStartOfStep = {0.1, -0.01, 0.1, 0.1,  -2, 1, -2, -2,  0, x_cur - 0.003, 0, 0},
}
