-- SPDX-License-Identifier: BSD-3-Clause
-- Two spheres (r = 0.5 m each) pressed together by 1 cm, at rest.
-- Linear contact law (impactModel 0, n_exp = 1, no damping, no EAPM):
-- the force on sphere 1 is k_c * overlap = 1e5 N/m * 0.01 m = 1000 N along +x.
return {
  object = "ContactSphereSphere",
  parameters = {
    spheresRadii = {0.5, 0.5},
    contactStiffness = 1e5,
    impactModel = 0,
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.99, 0, 0}, velocity = {0, 0, 0} },
  },
  data = {-0.01, 0, 0, 0}, -- in contact since the last PostNewtonStep
}
