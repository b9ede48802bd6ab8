-- Malformed spec: 'outputs' is a string; the invariants that name outputs
-- are not reported again (one line per mistake).
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
  },
  outputs = "Force",
  hooks = { "forces", "outputs" },
  invariants = {
    hold = { "frame_invariance", "rigid_motion" },
    rigid_zero = { outputs = { "Force" } },
    frames = { Force = "vector" },
  },
  theory = "No theory.",
}
