-- Malformed spec: an output's reference (whether the reference page lists it) that is not a boolean.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "outputs" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  outputs = {
    output "StoredEnergy" { size = 1, reference = "no", description = "stored energy [SI:J]" },
  },
  theory = "No theory.",
}
