-- Malformed spec: an examples entry that is a string, not {"file.py", "Folder"}.
-- Expected: tests/specs-bad/examples_entry_string.lua:2: examples[1] must be {"file.py", "Folder"} (given 'newtonsCradle.py')
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  examples = { "newtonsCradle.py" },
  theory = "No theory.",
}
