-- Malformed spec: a default nested 100000 levels deep, built at run time. The
-- loader reads a fixed schema and rejects the value at its first level.
local t = 0
for _ = 1, 100000 do t = { t } end
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "contactStiffness" { type = "UReal", default = t,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
