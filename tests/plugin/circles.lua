-- SPDX-License-Identifier: BSD-3-Clause
-- ContactCircleCircle2D (examples/downstream), loaded as an mbc plugin.
-- Circles r0 = 0.5 m, r1 = 0.4 m, centers 0.8 m apart along x: gap
-- g = 0.8 - 0.9 = -0.1 m, so Penetration = 0.1 m and the force on m1 is
-- k_c * 0.1 = 1e4 N/m * 0.1 m = 1000 N along +x (at rest: no damping, no friction).
return {
  object = "ContactCircleCircle2D",
  parameters = {
    circlesRadii = {0.5, 0.4},
    contactStiffness = 1e4,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.8, 0, 0}, velocity = {0, 0, 0} },
  },
  data = {-0.1}, -- in contact since the last PostNewtonStep
}
