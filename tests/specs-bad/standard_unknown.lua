-- Malformed spec: standard parameters that types.lua does not have, or
-- whose keys the spec gives wrong.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    standard "activeConector" {},
  },
  visualization = {
    standard "show" { default = 1 },
    standard "color" { colour = { 1, 0, 0, 1 } },
  },
  theory = "No theory.",
}
