-- SPDX-License-Identifier: BSD-3-Clause
-- ContactLinearSphere: an out-of-tree connector type with a pair binding, the
-- pair law of LAMMPS runs through mbc-lammps --plugin (examples/lammps/plugin).
return connector {
  type = "ContactLinearSphere",
  description = "Linear spring-dashpot contact between two spheres, without friction: while the spheres overlap by delta > 0, the force on sphere 1 is (k_c delta - d_c v_n) n, n pointing from sphere 0 to sphere 1. Its outputs include the elastic energy of the contact, which mbc-lammps adds to the potential energy of the run.",
  authors = { "mbconnect example" },
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  nodes = { "GenericData" },
  hooks = { "forces", "post_newton_step", "outputs" },

  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "markers at the centers of sphere 0 and sphere 1" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData with the two data coordinates" },
    param "radii" { type = "Vector2D", symbol = [[[r_0,r_1]\tp]], size = 2, default = {-1, -1},
      description = "radius of sphere 0 and radius of sphere 1 [SI:m]" },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
    param "contactDamping" { type = "UReal", symbol = "d_c", default = 0,
      description = "normal contact damping [SI:N/(m s)]" },
  },

  outputs = {
    output "Force" { size = 3, description = "contact force on marker m1 [SI:N]; the force on m0 is its negative" },
    output "Energy" { size = 1, description = "elastic energy k_c delta^2 / 2 of the contact [SI:J]" },
    output "MaxOverlap" { size = 1, description = "the largest overlap since the contact began [SI:m]" },
  },

  data = {
    coordinate "gap" { initial = 0.1, description = "gap g at the last PostNewtonStep (g <= 0: contact) [SI:m]" },
    coordinate "maxOverlap" { initial = 0, description = "the largest overlap since the contact began [SI:m]" },
  },

  -- mbc-lammps (docs/lammps.rst): sphere 0 at m0, sphere 1 at m1, their radii in `radii`.
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "radii" },

  theory = [[


Connector forces
----------------

With the normal \ :math:`\mathbf{n} = (\mathbf{p}_{m1} - \mathbf{p}_{m0}) / |\mathbf{p}_{m1} - \mathbf{p}_{m0}|`\ , the overlap \ :math:`\delta = r_0 + r_1 - |\mathbf{p}_{m1} - \mathbf{p}_{m0}|`\  and \ :math:`v_n = (\mathbf{v}_{m1} - \mathbf{v}_{m0}) \cdot \mathbf{n}`\ , the force on marker m1 while the data coordinate \ :math:`x_0 \le 0`\  is

.. math::

   \mathbf{f}_1 = (k_c \delta - d_c v_n)\, \mathbf{n} ,


the force on marker m0 is \ :math:`-\mathbf{f}_1`\ . The elastic energy of the contact is \ :math:`k_c \delta^2 / 2`\ . PostNewtonStep sets \ :math:`x_0 = -\delta`\  and \ :math:`x_1 = \max(x_1, \delta)`\  while in contact (0 otherwise).


]],
}
