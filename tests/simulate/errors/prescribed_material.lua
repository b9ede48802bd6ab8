-- SPDX-License-Identifier: BSD-3-Clause
return {
  bodies = {
    { name = "rail", type = "Cable2DPrescribed", from = {0, 0}, to = {1, 0}, elements = 2,
      massPerLength = 1 },
  },
}
