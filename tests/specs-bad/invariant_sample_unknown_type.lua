-- Malformed spec (issue 25): a typo in the type of a parameter that the
-- invariants block samples; mbcgen --check segfaulted (NULL type). One line.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffness" { type = "UReel", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  outputs = {
    output "Force" { size = 3, description = "force on m1" },
  },
  hooks = { "forces", "outputs" },
  invariants = {
    hold = { "action_reaction" },
    sample = { contactStiffness = 1e5 },
    passive = { contactStiffness = 0 },
  },
  theory = "No theory.",
}
