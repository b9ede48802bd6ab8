-- Malformed spec: index_into on a type without a BodyCable2DCoordinates marker.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "list" { type = "ArrayMarkerIndex", default = {}, description = "a list" },
  },
  hooks = { "post_newton_step" },
  data = {
    coordinate "current" { initial = 0, description = "current entry", index_into = "list" },
  },
  theory = "No theory.",
}
