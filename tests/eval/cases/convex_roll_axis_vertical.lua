-- SPDX-License-Identifier: BSD-3-Clause
-- The roll's axis (local x) points straight up: the contact model does not
-- apply, so there is no contact (zero forces) and PostNewtonStep warns
-- "axisVertical". Also sets a string parameter and a visualization
-- parameter by its flat name.
return {
  object = "ContactConvexRoll",
  parameters = {
    name = "standing roll",
    ["visualization.show"] = false,
    contactStiffness = 1e5,
    rollLength = 1,
    coefficientsHull = {0.5},
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0, 0, 0.4}, velocity = {0, 0, 0},
      rotation = {0, 0, -1,  0, 1, 0,  1, 0, 0} },
  },
  data = {0, 0, -0.1},
}
