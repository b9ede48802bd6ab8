-- Malformed spec: invariants.unbalanced_moment must be the reason, a string.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  outputs = {
    output "Force" { size = 3, description = "force on m1" },
  },
  hooks = { "forces", "outputs" },
  invariants = {
    hold = { "action_reaction" },
    unbalanced_moment = true,
  },
  theory = "No theory.",
}
