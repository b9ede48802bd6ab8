-- Malformed spec: returns a plain table instead of connector { ... }.
return {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {},
  theory = "No theory.",
}
