-- Malformed spec: same_length_as names a parameter that does not exist.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radii" { type = "Vector", default = {},
      description = "radii [SI:m]" },
    param "angles" { type = "Vector", default = {}, rules = { same_length_as = "radius" },
      description = "angles [SI:rad]" },
  },
  theory = "No theory.",
}
