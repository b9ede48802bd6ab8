-- Malformed spec: a typo in a marker type name ("Positon").
return connector {
  type = "BadMarkerUnknownKind",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Positon" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
