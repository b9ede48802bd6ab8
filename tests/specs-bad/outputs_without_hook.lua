-- Malformed spec: output variables but no "outputs" hook to compute them.
return connector {
  type = "BadOutputsWithoutHook",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  outputs = {
    output "Energy" { size = 1, description = "elastic energy [SI:J]" },
  },
  theory = "No theory.",
}
