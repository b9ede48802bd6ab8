-- Malformed spec: every place that names a parameter by name names one with
-- a typo; each line suggests the parameter meant (mbconnect/suggest.h);
-- pair_binding.radii: pair_binding_radii_typo.lua.
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
    param "active" { type = "Bool", default = true, description = "active" },
    param "lengths" { type = "Vector", default = {}, description = "lengths [SI:m]" },
    param "angles" { type = "Vector", default = {}, rules = { same_length_as = "lenghts" },
      description = "angles" },
    param "penalty" { type = "UReal", default = 0, rules = { positive_when = "actve" },
      description = "penalty" },
  },
  hooks = { "forces" },
  outputs = { output "Coordinates" { size = {2, "numberOfSegment"}, description = "per segment" } },
  data = {
    per = "NumberOfSegments",
    coordinate "gap" { initial = 0.1, description = "gap" },
    coordinate "current" { initial = 0, description = "current", index_into = "length" },
  },
  theory = "No theory.",
}
