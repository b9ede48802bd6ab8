-- Malformed spec: a product written without its space.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:Nm]" },
  },
  hooks = { "forces" },
  theory = "No theory.",
}
