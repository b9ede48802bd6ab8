-- Malformed spec: a parameter name with a newline in it and a description
-- with a NUL byte (found by fuzz_spec). Each diagnostic stays one line: the
-- newline of the name is shown as \n.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contact\nStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness\0 [SI:N/m]" },
  },
  hooks = { "forces" },
  theory = "No theory.",
}
