-- Malformed spec: a rule the generator does not know.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radii" { type = "Vector", default = {}, rules = { max_length = 4 },
      description = "radii [SI:m]" },
  },
  theory = "No theory.",
}
