-- Malformed spec: a Vector3D default with two elements.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "offset" { type = "Vector3D", default = { 0, 0 },
      description = "offset of the contact point [SI:m]" },
  },
  theory = "No theory.",
}
