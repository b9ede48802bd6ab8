-- Malformed spec (checked by mbcgen_load): the type name differs from the file name.
return connector {
  type = "ContactPointPlane",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
