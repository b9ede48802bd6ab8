-- Malformed spec: an output size and the data layout count per a parameter
-- whose type is unknown (the same missing-type dereference as in
-- positive_when_unknown_type.lua); one line: the unknown type, not 3.
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
  },
  outputs = { output "Coordinates" { size = {2, "numberOfSegments"}, description = "per segment" } },
  data = { per = "numberOfSegments", coordinate "gap" { initial = 0.1, description = "gap" } },
  theory = "No theory.",
}
