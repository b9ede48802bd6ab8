-- SPDX-License-Identifier: BSD-3-Clause
-- A spec mbcgen accepts with notes: units in brackets without "SI:" are
-- text (as in 1.0), and each description's bracket that reads as a unit
-- gets one note naming the checked form.
return connector {
  type = "NoteSpec",
  description = "A connector used to test the notes of mbcgen --check.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1 [0] and [1]" },
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [N/m]" },
    param "softStiffness" { type = "UReal", default = 0,
      description = "a stiffness in other units [N/mm]" },
  },
  hooks = { "forces" },
  theory = "No theory.",
}
