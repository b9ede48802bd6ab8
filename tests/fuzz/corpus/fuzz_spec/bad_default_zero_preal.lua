-- Malformed spec: zero is not a valid PReal.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffnessExponent" { type = "PReal", default = 0,
      description = "exponent of the contact law" },
  },
  theory = "No theory.",
}
