-- Malformed spec: a check without the statement of what it requires (rules.check_text).
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "stiffness" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_stiffness" },
      description = "stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
