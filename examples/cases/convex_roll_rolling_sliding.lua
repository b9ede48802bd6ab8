-- SPDX-License-Identifier: BSD-3-Clause
-- A barrel-shaped roll r(x) = 0.5 - 0.1 x^2 (radius 0.5 m in the middle),
-- axis along global x, center 0.499 m above the ground (1 mm penetration),
-- moving forward (+y) at 2 m/s and sinking at 1 cm/s, spinning at -3 rad/s
-- about x. Pure rolling would need -4 rad/s, so the contact point slides
-- forward: v_s = v + omega x (p_C - p_m1) = (0, 2 - 1.5, 0) = (0, 0.5, 0) m/s.
--   f_N  = -k_c g - d_c v_z = 1e5 * 0.001 + 100 * 0.01 = 101 N  (+z)
--   f_s  = -mu_d f_N v_s/|v_s| = (0, -30.3, 0) N   (|v_s| > v_reg, Stribeck = mu_d)
--   torque on the roll = (p_C - p_m1) x (f_s + f_N e_z) = (-15.15, 0, 0) N m
return {
  object = "ContactConvexRoll",
  parameters = {
    contactStiffness = 1e5,
    contactDamping = 100,
    dynamicFriction = 0.3,
    frictionProportionalZone = 1e-3,
    rollLength = 1,
    coefficientsHull = {-0.1, 0, 0.5},
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0, 0, 0.499}, velocity = {0, 2, -0.01},
      rotation = {1, 0, 0,  0, 1, 0,  0, 0, 1}, angularVelocityLocal = {-3, 0, 0} },
  },
  data = {0, 0.5, -0.001}, -- slip (lateral = along x, longitudinal = along y) and gap
}
