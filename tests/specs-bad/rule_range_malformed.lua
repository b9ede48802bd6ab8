-- Malformed spec: a range that is not an interval.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "ratio" { type = "UReal", default = 0, rules = { range = "0..1" }, description = "ratio" },
  },
  theory = "No theory.",
}
