-- Malformed spec: 'provides' is a string, not a list (one line, not a
-- second "must list at least one type").
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = "Connector",
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  hooks = { "forces" },
  theory = "No theory.",
}
