-- SPDX-License-Identifier: BSD-3-Clause
return {
  solver = { stepSize = 1e-3,
             endTime = 1e9 },
  bodies = { { name = "a", type = "MassPoint2D", mass = 1 } },
}
