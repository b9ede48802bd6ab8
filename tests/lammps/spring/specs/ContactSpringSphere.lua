-- SPDX-License-Identifier: BSD-3-Clause
-- ContactSpringSphere: a test type of mbc-lammps (tests/lammps/spring.in): a
-- pair law without data coordinates (no history, no PostNewtonStep), built
-- as a plugin. Such a law must run: its contact records hold no data.
return connector {
  type = "ContactSpringSphere",
  description = "Linear spring between two overlapping spheres, without history: while the spheres overlap by delta > 0, the force on sphere 1 is k_c delta n, n pointing from sphere 0 to sphere 1, and the elastic energy is k_c delta^2 / 2.",
  authors = { "mbconnect tests" },
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "outputs" },

  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "markers at the centers of sphere 0 and sphere 1" },
    param "radii" { type = "Vector2D", symbol = [[[r_0,r_1]\tp]], size = 2, default = {-1, -1},
      description = "radius of sphere 0 and radius of sphere 1 [SI:m]" },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = "stiffness of the spring [SI:N/m]" },
  },

  outputs = {
    output "Energy" { size = 1, description = "elastic energy k_c delta^2 / 2 of the spring [SI:J]" },
  },

  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "radii" },

  theory = [[


Connector forces
----------------

With the normal \ :math:`\mathbf{n} = (\mathbf{p}_{m1} - \mathbf{p}_{m0}) / |\mathbf{p}_{m1} - \mathbf{p}_{m0}|`\  and the overlap \ :math:`\delta = r_0 + r_1 - |\mathbf{p}_{m1} - \mathbf{p}_{m0}|`\ , the force on marker m1 while \ :math:`\delta > 0`\  is \ :math:`k_c \delta \mathbf{n}`\ , on marker m0 its negative; the elastic energy is \ :math:`k_c \delta^2 / 2`\ .


]],
}
