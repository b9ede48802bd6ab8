-- Malformed spec: a default outside its range, not marked required.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radius" { type = "Real", default = -1, rules = { range = "(0, inf)" }, description = "radius" },
  },
  theory = "No theory.",
}
