-- SPDX-License-Identifier: BSD-3-Clause
-- A spec whose hooks list names `outputs`, which connector_contact_missing_hook.c
-- lacks: its plugin must fail to link (test_plugin_missing_hook_fails_to_link).
return connector {
  type = "ContactMissingHook",
  description = "A linear spring between two points, for the test of a missing hook.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "outputs" },
  parameters = {
    standard "name" {},
    param "markerNumbers" { type = "ArrayMarkerIndex", size = 2, rules = { must_be_set = true },
      description = "the two markers" },
    param "stiffness" { type = "UReal", symbol = "k", default = 0,
      description = "spring stiffness [SI:N/m]" },
  },
  outputs = {
    output "Force" { size = 3, description = "force on marker m1 [SI:N]" },
  },
  theory = [[


Spring
------

The force on marker m1 is \ :math:`-k (\mathbf{p}_{m1} - \mathbf{p}_{m0})`\ , on marker m0 its negative.

]],
}
