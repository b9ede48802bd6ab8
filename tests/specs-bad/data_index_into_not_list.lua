-- Malformed spec: a data coordinate declared as an index into a scalar parameter.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "BodyCable2DCoordinates" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "count" { type = "PInt", default = 1, description = "a count" },
  },
  hooks = { "post_newton_step" },
  data = {
    coordinate "current" { initial = 0, description = "current element", index_into = "count" },
  },
  theory = "No theory.",
}
