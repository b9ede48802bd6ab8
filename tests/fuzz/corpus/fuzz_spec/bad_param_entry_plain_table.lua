-- Malformed spec: a list entry that is a plain table, not param "name" { ... }.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
    { name = "contactDamping", type = "UReal", default = 0,
      description = "normal contact damping" },
  },
  theory = "No theory.",
}
