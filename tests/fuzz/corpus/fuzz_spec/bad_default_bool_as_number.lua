-- Malformed spec: a number default for a Bool.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "activeConnector" { type = "Bool", default = 1,
      description = "flag, which determines, if the connector is active" },
  },
  theory = "No theory.",
}
