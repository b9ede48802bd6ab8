-- Malformed spec: a typo in a hook name; the invariants that need that hook
-- are not reported again (one line per mistake).
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  outputs = {
    output "Force" { size = 3, description = "force on m1" },
  },
  hooks = { "forcse", "outputs" },
  invariants = {
    hold = { "action_reaction", "passivity" },
    frames = { Force = "vector" },
  },
  theory = "No theory.",
}
