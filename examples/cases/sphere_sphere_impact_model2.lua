-- SPDX-License-Identifier: BSD-3-Clause
-- Impact of two spheres (r = 0.5 m), Hertzian exponent 1.5, restitution 0.8
-- with the Gonthier / Carvalho-Martins model (impactModel 2). Sphere 1 moves
-- into sphere 0 with 1 m/s; the overlap is 2 mm. The step started open
-- (dataStartOfStep gap > 0), so PostNewtonStep stores the impact velocity 1 m/s.
--   lambda = k_c / 1 * 3/2 (e - 1) (11 - e) / (1 + 9 e)
--   f_c    = k_c delta^1.5 + lambda delta^1.5 v_n,  v_n = -1 m/s
return {
  object = "ContactSphereSphere",
  parameters = {
    spheresRadii = {0.5, 0.5},
    contactStiffness = 1e6,
    contactStiffnessExponent = 1.5,
    restitutionCoefficient = 0.8,
    impactModel = 2,
    visualization = { show = true },
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.998, 0, 0}, velocity = {-1, 0, 0} },
  },
  data = {-0.002, 0, 1, 0},            -- Newton iterates in contact, impact velocity 1 m/s
  dataStartOfStep = {0.001, 0, 0, 0},  -- open at the start of the step
}
