-- Malformed spec: two choices that give the same C constant.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "normalModel" { type = "UInt", default = 0, choices = { "hertz/material", "hertz_material" },
      description = "normal model" },
  },
  theory = "No theory.",
}
