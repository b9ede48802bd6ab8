-- Malformed spec: a range on a Bool parameter.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "flag" { type = "Bool", default = false, rules = { range = "[0, 1]" }, description = "flag" },
  },
  theory = "No theory.",
}
