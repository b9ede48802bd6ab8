-- Malformed spec: choices together with rules.one_of and rules.range.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "normalModel" { type = "UInt", default = 0, choices = { "hooke", "hertz" },
      rules = { one_of = { 0, 1 } }, description = "normal model" },
    param "dampingModel" { type = "UInt", default = 0, choices = { "velocity", "tsuji" },
      rules = { range = "[0, 1]" }, description = "damping model" },
  },
  theory = "No theory.",
}
