-- Malformed spec: 'parameters' is a table with named keys; what names a
-- parameter (rules, sizes, data, invariants) is not reported again.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    markerNumbers = param "markerNumbers" { type = "ArrayMarkerIndex", size = 2,
      description = "markers m0 and m1" },
  },
  outputs = {
    output "Points" { size = { 2, "numberOfSegments" }, description = "per segment" },
  },
  data = { per = "numberOfSegments", coordinate "gap" { initial = 0, description = "gap" } },
  hooks = { "forces", "outputs" },
  invariants = {
    sample = { contactStiffness = 1e5 },
    frames = { pContact = "vector" },
  },
  theory = "No theory.",
}
