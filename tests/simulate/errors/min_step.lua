-- SPDX-License-Identifier: BSD-3-Clause
return {
  solver = { stepSize = 1e-3, minStepSize = 1e-2 },
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
}
