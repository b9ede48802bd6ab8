-- Malformed spec: a typo in the frame of an output; the output is not
-- reported again as unclassified (one line per mistake).
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  outputs = {
    output "Force" { size = 3, description = "force on m1" },
  },
  hooks = { "forces", "outputs" },
  invariants = {
    hold = { "frame_invariance" },
    frames = { Force = "vectr" },
  },
  theory = "No theory.",
}
