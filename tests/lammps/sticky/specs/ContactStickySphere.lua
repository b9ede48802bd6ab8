-- SPDX-License-Identifier: BSD-3-Clause
-- ContactStickySphere: a test type of mbc-lammps (tests/lammps/sticky.in): a
-- contact that outlives touching, until the spheres are `reachDistance`
-- apart, with a damping that uses the spheres' masses, and an in-place
-- kernel (built as a plugin, the way a type outside the tree gets the fast
-- path).
return connector {
  type = "ContactStickySphere",
  description = "Linear spring between two spheres that holds them beyond touching: once in contact, the force on sphere 1 is (-k_c g - c m_eff v_n) n with the gap g = |d| - (r_0 + r_1) and m_eff = m_0 m_1 / (m_0 + m_1), repulsive while the spheres overlap and attractive beyond, until the gap reaches the reach distance; then the contact ends.",
  authors = { "mbconnect tests" },
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  nodes = { "GenericData" },
  hooks = { "forces", "post_newton_step", "outputs" },

  parameters = {
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "markers at the centers of sphere 0 and sphere 1" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData with the data coordinate" },
    param "radii" { type = "Vector2D", symbol = [[[r_0,r_1]\tp]], size = 2, default = {-1, -1},
      description = "radius of sphere 0 and radius of sphere 1 [SI:m]" },
    param "masses" { type = "Vector2D", symbol = [[[m_0,m_1]\tp]], size = 2, default = {1, 1},
      description = "mass of sphere 0 and mass of sphere 1 [SI:kg]" },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = "stiffness of the spring [SI:N/m]" },
    param "massDamping" { type = "UReal", symbol = "c", default = 0,
      description = "damping per effective mass [SI:1/s]" },
    param "reachDistance" { type = "UReal", symbol = "g_r", default = 0,
      description = "the gap at which a contact ends [SI:m]" },
  },

  outputs = {
    output "Energy" { size = 1, description = "elastic energy k_c g^2 / 2 of the spring [SI:J]" },
    output "Force" { size = 3, description = "force on marker m1 [SI:N]" },
  },

  data = {
    coordinate "gap" { initial = 0.1, description = "gap g at the last PostNewtonStep [SI:m]" },
  },

  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "radii", masses = "masses",
                   kernel = true, reach = true },

  theory = [[


Connector forces
----------------

With :math:`\mathbf{d} = \mathbf{p}_{m1} - \mathbf{p}_{m0}`, :math:`\mathbf{n} = \mathbf{d} / |\mathbf{d}|`, the gap :math:`g = |\mathbf{d}| - (r_0 + r_1)` and :math:`v_n = (\mathbf{v}_{m1} - \mathbf{v}_{m0}) \cdot \mathbf{n}`, the force on marker m1 is

.. math::

   \mathbf{f}_1 = (-k_c g - c\, m_\mathrm{eff} v_n)\, \mathbf{n} ,

the force on marker m0 is its negative, while the gap is below the reach distance.


]],
}
