-- Malformed spec: check_text of more than one line, or with a tab, or empty.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "stiffness" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_stiffness", check_text = [[k > 0
when the law divides by it]] },
      description = "stiffness [SI:N/m]" },
    param "damping" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_damping", check_text = "d > 0\twith friction" },
      description = "damping [SI:N s/m]" },
    param "friction" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_friction", check_text = "" },
      description = "friction coefficient [SI:1]" },
  },
  theory = "No theory.",
}
