-- Malformed spec: named choices of a real parameter, and of a PInt, which does not admit 0.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "stiffness" { type = "UReal", default = 0, choices = { "soft", "hard" },
      description = "contact stiffness [SI:N/m]" },
    param "order" { type = "PInt", default = 1, choices = { "first", "second" },
      description = "order of the law" },
  },
  theory = "No theory.",
}
