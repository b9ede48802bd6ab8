-- SPDX-License-Identifier: BSD-3-Clause
-- The Newton iteration still assumed the spheres apart (data gap 1 mm > 0),
-- but they overlap by 2 mm, approaching at 1 m/s: no force in the Newton
-- evaluation; PostNewtonStep switches to contact with error |g k_c| = 2000 N
-- and proposes the step size |g_startOfStep / v_n| = 1 ms.
return {
  object = "ContactSphereSphere",
  parameters = {
    spheresRadii = {0.5, 0.5},
    contactStiffness = 1e6,
    contactStiffnessExponent = 1.5,
    restitutionCoefficient = 0.8,
    impactModel = 2,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.998, 0, 0}, velocity = {-1, 0, 0} },
  },
  data = {0.001, 0, 0, 0},
}
