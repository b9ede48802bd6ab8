-- Malformed spec: choices that are empty, not words, listed twice, or too many.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces" },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "law" { type = "UInt", default = 0, choices = { "hooke", "hertz material", "3d", "hooke" },
      description = "the contact law" },
    param "none" { type = "UInt", default = 0, choices = { },
      description = "no choice" },
    param "numbers" { type = "UInt", default = 0, choices = { 1, 2 },
      description = "numbers, not names" },
  },
  theory = "No theory.",
}
