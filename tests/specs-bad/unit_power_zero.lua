-- Malformed spec: a power that is not an integer from -9 to 9 other than 0.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m^0]" },
  },
  hooks = { "forces" },
  theory = "No theory.",
}
