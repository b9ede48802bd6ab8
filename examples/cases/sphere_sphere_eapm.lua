-- SPDX-License-Identifier: BSD-3-Clause
-- Edinburgh Adhesive Elasto-Plastic Model (impactModel 0, lambda_P = 0.5):
-- unloading branch. Overlap delta = 0.01 m, stored plastic overlap 0.006 m,
-- k_2 = k_c / (1 - lambda_P) = 2e5 N/m:
--   k_2 (delta - delta_p) = 800 N  <  k_c delta = 1000 N,  > -k_adh delta = -10 N
--   f_c = -f_adh + k_2 (delta - delta_p) = -1 + 800 = 799 N on sphere 1 along n.
-- The axis is along y; sphere 0 is rotated (a rotation only changes torques).
return {
  object = "ContactSphereSphere",
  parameters = {
    spheresRadii = {0.3, 0.7},
    contactStiffness = 1e5,
    contactPlasticityRatio = 0.5,
    constantPullOffForce = 1,
    adhesionCoefficient = 1000,
    adhesionExponent = 1,
    impactModel = 0,
  },
  markers = {
    { position = {1, 2, 3}, velocity = {0, 0, 0},
      rotation = {0, -1, 0,  1, 0, 0,  0, 0, 1} },
    { position = {1, 2.99, 3}, velocity = {0, 0, 0} },
  },
  data = {-0.01, 0, 0, 0.006},
}
