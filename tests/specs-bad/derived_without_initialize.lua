-- Malformed spec: a derived parameter but no "initialize" hook to compute it.
return connector {
  type = "BadDerivedWithoutInitialize",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
    param "hullCoefficients" { type = "Vector", default = {}, role = "derived",
      description = "computed from the inputs" },
  },
  theory = "No theory.",
}
