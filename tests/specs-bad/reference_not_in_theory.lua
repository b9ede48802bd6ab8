-- Malformed spec: a reference whose `after` text does not occur in the
-- theory, and one without a key.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  references = {
    { key = "Hunt1975", after = "proposed by Hunt in ", text = "K. H. Hunt, F. R. E. Crossley (1975)" },
    { after = "No theory", text = "an entry without a key" },
  },
  theory = "No theory.",
}
