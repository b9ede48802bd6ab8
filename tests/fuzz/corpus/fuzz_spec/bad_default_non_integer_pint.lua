-- Malformed spec: a non-integer default for a PInt.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "numberOfSegments" { type = "PInt", default = 2.5,
      description = "number of segments" },
  },
  theory = "No theory.",
}
