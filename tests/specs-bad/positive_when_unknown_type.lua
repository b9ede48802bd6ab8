-- Malformed spec (found by fuzz_spec): positive_when names a parameter whose
-- type is unknown; one line (the unknown type), no crash, no follow-up.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "numberOfSegments" { type = "PIgt", default = 1,
      description = "number of segments" },
    param "velocityPenalty" { type = "UReal", default = 0, rules = { positive_when = "numberOfSegments" },
      description = "penalty for the velocity" },
  },
  theory = "No theory.",
}
