-- Malformed spec: a size that contradicts the fixed size of the type.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "offset" { type = "Vector3D", size = 2, default = { 0, 0, 0 },
      description = "offset [SI:m]" },
  },
  theory = "No theory.",
}
