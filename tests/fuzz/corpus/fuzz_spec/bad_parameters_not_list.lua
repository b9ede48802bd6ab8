-- Malformed spec: parameters is a single param instead of a list of params.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = param "contactStiffness" { type = "UReal", default = 0,
    description = "normal contact stiffness [SI:N/m]" },
  theory = "No theory.",
}
