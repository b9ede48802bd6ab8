-- Malformed spec: check_text longer than one line of describe (120 bytes), and a statement without a check.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "stiffness" { type = "UReal", default = 1, rules = { check = "mbc_bad_check_stiffness", check_text = "k > 0 where the law divides by it, and also where the damping ratio is computed from it, and in the energy books of the contact" },
      description = "stiffness [SI:N/m]" },
    param "damping" { type = "UReal", default = 1, rules = { check_text = "d > 0 with friction" },
      description = "damping [SI:N s/m]" },
  },
  theory = "No theory.",
}
