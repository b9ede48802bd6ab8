-- Malformed spec: marker types that do not make a known marker kind.
return connector {
  type = "BadMarkerBadCombination",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Orientation", "BodyCable2DShape" } },
  hooks = { "forces" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
