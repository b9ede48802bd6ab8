-- Malformed spec: check_text given as no string (a number, a list).
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "stiffness" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_stiffness", check_text = 42 },
      description = "stiffness [SI:N/m]" },
    param "damping" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_damping", check_text = { "d > 0" } },
      description = "damping [SI:N s/m]" },
  },
  theory = "No theory.",
}
