-- Malformed spec: a variable-size parameter with a non-empty default.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radii" { type = "Vector", default = { 0.1, 0.2 },
      description = "radii [SI:m]" },
  },
  theory = "No theory.",
}
