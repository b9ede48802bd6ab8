-- SPDX-License-Identifier: BSD-3-Clause
-- The bristle's slip flow (EnergyFlows) of a segment that stuck at the
-- start of the step and slips now (in -t: f_t = -mu |f_n|). The circle (r = 0.3 m, no rotation) is
-- 1 cm too low above segment 1 = [(0.5,0), (1,0)] of a straight cable and
-- moves at (0.2, -0.1) m/s; the other segments are open. Step dt = 0.01 s.
--   n = (0, -1), t = (1, 0), rho = 0.2, g = -0.01 m, v_n = -0.1 m/s,
--   v_t = (v_p - v_c).t = -0.2 m/s; sticking position x_cur = alpha r - rho
--   L/n = -pi/2 0.3 - 0.1 = -0.5712389 m (alpha = -pi/2; the segment runs
--   along t: sign -1); the start of the step's x_lastStick = x_cur - 0.003: Delta = 0.003 m.
--   The bristle at the start of the step Delta_0 = Delta - v_t dt = 0.005 m:
--   P_stick = 0, P_slip = mu_k Delta_0^2 / (2 dt) = 12.5 W;
--   StoredEnergy = k_c g^2/2 = 0.5 J (slipping: no bristle);
--   DissipatedPowerParts = [d_c v_n^2, f_t v_t] = [1, -33 (-0.2)] = [1, 6.6] W;
--   DissipatedPower = 1 + 6.6 + 12.5 = 20.1 W.
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
  -- [gap x 4, isSlipStick x 4, lastStick x 4]: segment 1 slips (-1) now,
  -- x_lastStick = x_cur - s mu |f_n| / mu_k ...
  data = {0.1, -0.01, 0.1, 0.1,  -2, -1, -2, -2,  0, x_cur + 0.0033, 0, 0},
  -- ... and stuck at the start of the step
  dataStartOfStep = {0.1, -0.01, 0.1, 0.1,  -2, 0, -2, -2,  0, x_cur - 0.003, 0, 0},
}
