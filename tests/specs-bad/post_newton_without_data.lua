-- Malformed spec: a "post_newton_step" hook but no data coordinates for it to update.
return connector {
  type = "BadPostNewtonWithoutData",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "post_newton_step" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  theory = "No theory.",
}
