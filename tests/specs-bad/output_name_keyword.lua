-- Malformed spec: an output named like a C keyword, and a data coordinate
-- whose name is longer than a C name may be.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "outputs", "post_newton_step" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  outputs = {
    output "while" { size = 3, description = "contact force" },
  },
  data = {
    coordinate "gapAtTheLastPostNewtonStepMeasuredAlongTheNormalOfThePlaneInMeters" { initial = 0,
      description = "gap" },
  },
  theory = "No theory.",
}
