-- Malformed spec: an enumeration whose default is not one of its values.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "model" { type = "UInt", default = 3, rules = { one_of = { 0, 1, 2 } }, description = "model" },
  },
  theory = "No theory.",
}
