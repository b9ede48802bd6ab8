-- Malformed spec: defaults that are no choice: an unknown name, a number out of range.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "normalModel" { type = "UInt", default = "hertzz", choices = { "hooke", "hertz", "jkr" },
      description = "normal model" },
    param "dampingModel" { type = "UInt", default = 4, choices = { "velocity", "tsuji" },
      description = "damping model" },
  },
  theory = "No theory.",
}
