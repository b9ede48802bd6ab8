-- Malformed spec: a parameter name that is a C keyword.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "double" { type = "UReal", default = 0,
      description = "a parameter named like a C type" },
  },
  theory = "No theory.",
}
