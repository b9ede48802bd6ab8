-- Malformed spec: a plain table that forges the constructors' hidden '@kind' key.
-- Expected: a diagnostic such as "outputs[1]: expected output "name" { ... }", no crash.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  outputs = { { ["@kind"] = "output", description = "contact force", size = 3 } },
  theory = "No theory.",
}
