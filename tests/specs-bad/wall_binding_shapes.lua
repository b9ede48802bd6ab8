-- Malformed spec: a wall shape named twice.
return connector {
  type = "BadSpec",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "markers m0 and m1" },
    param "radii" { type = "Vector2D", size = 2, default = { 0.5, 0.5 },
      description = "radii of the two spheres [SI:m]" },
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  hooks = { "forces" },
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "radii" },
  wall_binding = { shapes = { "plane", "plane" } },
  theory = "No theory.",
}
