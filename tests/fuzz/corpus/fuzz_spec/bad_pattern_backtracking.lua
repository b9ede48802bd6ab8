-- Malformed spec: a pathological pattern; string.find runs in C, where the
-- instruction limit is not counted, so this runs for hours.
-- Expected: tests/specs-bad/pattern_backtracking.lua:4: instruction limit ... exceeded (or a time limit)
local s = string.find(string.rep("a", 3000), ".-.-.-.-.-.-b")
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
