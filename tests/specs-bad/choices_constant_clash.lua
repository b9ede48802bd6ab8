-- Malformed spec: a choice whose C constant an output has too.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "outputs" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "output" { type = "UInt", default = 0, choices = { "force", "torque" },
      description = "what to report" },
  },
  outputs = {
    output "Force" { size = 3, description = "contact force" },
  },
  theory = "No theory.",
}
