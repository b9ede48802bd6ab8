-- Malformed spec: an infinite element in a vector default.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radii" { type = "Vector", default = { 1, math.huge },
      description = "radii [SI:m]" },
  },
  theory = "No theory.",
}
