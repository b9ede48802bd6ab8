-- Malformed spec: positive_when names a parameter that is not a Bool.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "numberOfSegments" { type = "PInt", default = 1,
      description = "number of segments" },
    param "velocityPenalty" { type = "UReal", default = 0, rules = { positive_when = "numberOfSegments" },
      description = "penalty for the velocity" },
  },
  theory = "No theory.",
}
