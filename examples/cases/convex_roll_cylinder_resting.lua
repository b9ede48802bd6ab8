-- SPDX-License-Identifier: BSD-3-Clause
-- A cylindrical roll (radius 0.5 m, length 1 m, axis = local x = global x)
-- resting on the ground plane z = 0, sunk in by 1 mm. No motion, so there is
-- no damping and no friction: the normal force on the roll is
--   f_N = -k_c g = 1e5 N/m * 0.001 m = 100 N along +z,
-- acting at the lowest hull point p_C = (0, 0, -0.001) right below the center.
return {
  object = "ContactConvexRoll",
  parameters = {
    contactStiffness = 1e5,
    contactDamping = 100,
    dynamicFriction = 0.3,
    rollLength = 1,
    coefficientsHull = {0.5},   -- r(x) = 0.5: a cylinder
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },        -- m0: ground
    { position = {0, 0, 0.499}, velocity = {0, 0, 0} },    -- m1: roll center
  },
  data = {0, 0, -0.001}, -- [slip lateral, slip longitudinal, gap]: in contact
}
