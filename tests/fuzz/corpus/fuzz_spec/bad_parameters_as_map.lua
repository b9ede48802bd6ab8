-- Malformed spec: parameters written as a map name = {...} instead of a list.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    contactStiffness = { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
