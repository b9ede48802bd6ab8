-- SPDX-License-Identifier: BSD-3-Clause
-- ContactCircleCircle2D: connector spec of the out-of-tree example
-- (examples/downstream; documentation: docs/items/ObjectContactCircleCircle2D.rst).
return connector {
  type = "ContactCircleCircle2D",
  description = "Penalty contact with regularized Coulomb friction between two circles moving in the x-y plane. The circles are centered at the positions of the rigid-body markers m0 and m1 and rotate with their angular velocities about the z axis. A data coordinate holds the gap of the last PostNewtonStep, which decides whether the circles are in contact during the Newton iteration.",
  authors = { "mbconnect example" },
  provides = { "Connector" },
  markers = { { "Position", "Orientation" }, { "Position", "Orientation" } },
  nodes = { "GenericData" },
  hooks = { "forces", "post_newton_step", "outputs" },

  parameters = {
    standard "name" {},
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "markers at the centers of circle 0 and circle 1" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData with one data coordinate, the gap g of the last PostNewtonStep (g < 0: contact)" },
    param "circlesRadii" { type = "Vector2D", symbol = [[[r_0,r_1]\tp]], size = 2, default = {-1, -1},
      rules = { check = "mbc_contact_circle_circle2d_check_radii",
        check_text = "r_0 > 0 and r_1 > 0 (the default -1 is no radius)" },
      description = "radius of circle 0 and radius of circle 1; both must be > 0 [SI:m]" },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = "normal contact (penalty) stiffness [SI:N/m]" },
    param "contactDamping" { type = "UReal", symbol = "d_c", default = 0,
      description = "normal contact damping [SI:N/(m s)]" },
    param "dynamicFriction" { type = "UReal", symbol = [[\mu]], default = 0,
      description = "dynamic (Coulomb) friction coefficient [SI:1]" },
    param "frictionProportionalZone" { type = "UReal", symbol = "v_{reg}", default = 1e-3, doc = { default = "1e-3" },
      rules = { check = "mbc_contact_circle_circle2d_check_friction",
        check_text = "v_reg > 0 when dynamicFriction > 0 (the regularized friction divides by it)" },
      description = "tangential velocity below which the friction force is proportional to the velocity (regularization); must be > 0 when dynamicFriction > 0 [SI:m/s]" },
    standard "activeConnector" {},
  },

  visualization = {
    standard "show" {
      description = "set true, if item is shown in visualization and false if it is not shown; draws the circles by the given radii" },
    standard "color" {},
  },

  outputs = {
    output "Force" { size = 3,
      description = "global contact force (normal and friction) acting on marker m1; the force on marker m0 is its negative" },
    output "Displacement" { size = 3,
      description = "global displacement vector from the center of circle 0 to the center of circle 1" },
    output "Penetration" { size = 1,
      description = "penetration depth max(0, -g) of the circles at the current positions [SI:m] (an output name no built-in type declares)" },
  },

  data = {
    coordinate "gap" { initial = 0.1, description = "gap g at the last PostNewtonStep (g < 0: contact) [SI:m]" },
  },

  -- Physics invariants, checked on random states by the harness that
  -- mbconnect_add_connectors(... TESTS) builds (one ctest per invariant).
  invariants = {
    hold = { "action_reaction", "frame_invariance", "passivity", "rigid_motion" },
    planar = true,
    sample = { circlesRadii = { 0.5, 0.4 }, contactStiffness = 1e4, contactDamping = 20,
      dynamicFriction = 0.3, frictionProportionalZone = 0.05, activeConnector = true },
    passive = { contactStiffness = 0 },
    frames = { Force = "vector", Displacement = "vector", Penetration = "scalar" },
  },

  quantities = {
    quantity "marker m0 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = "global position of the center of circle 0 (x and y used)" },
    quantity "marker m1 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m1}]],
      description = "global position of the center of circle 1 (x and y used)" },
    quantity "marker m0 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m0}]],
      description = "global velocity of marker m0" },
    quantity "marker m1 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m1}]],
      description = "global velocity of marker m1" },
    quantity "marker m0 angular velocity" { symbol = [[\omega_0]],
      description = "z component of the global angular velocity of marker m0" },
    quantity "marker m1 angular velocity" { symbol = [[\omega_1]],
      description = "z component of the global angular velocity of marker m1" },
    quantity "data coordinate" { symbol = [[x_0]],
      description = "the gap of the last PostNewtonStep" },
  },

  theory = [[


Contact geometry
----------------

With the center distance \ :math:`L = |\LU{0}{{\mathbf{p}}}_{m1} - \LU{0}{{\mathbf{p}}}_{m0}|`\  (x and y components), the normal \ :math:`\mathbf{n} = (\LU{0}{{\mathbf{p}}}_{m1} - \LU{0}{{\mathbf{p}}}_{m0})/L`\  (from circle 0 to circle 1; \ :math:`\mathbf{n} = [1,0]\tp`\  for coincident centers) and the tangent \ :math:`\mathbf{t} = [-n_y, n_x]\tp`\ , the gap is

.. math::

   g = L - (r_0 + r_1) .


The contact point lies in the middle of the overlap, at the distances \ :math:`l_0 = r_0 + g/2`\  from center 0 and \ :math:`l_1 = r_1 + g/2`\  from center 1 (\ :math:`l_0 + l_1 = L`\ ). The normal and tangential relative velocities there are

.. math::

   v_n = (\LU{0}{{\mathbf{v}}}_{m1} - \LU{0}{{\mathbf{v}}}_{m0})\tp \mathbf{n} , \qquad
   v_t = (\LU{0}{{\mathbf{v}}}_{m1} - \LU{0}{{\mathbf{v}}}_{m0})\tp \mathbf{t} - \omega_1 l_1 - \omega_0 l_0 .


Connector forces
----------------

The connector is in contact when the data coordinate \ :math:`x_0 < 0`\  (the active set is never switched during force evaluation). Then

.. math::

   f_n = k_c\, g + d_c\, v_n , \qquad
   f_t = \begin{cases} -\mu |f_n| \, v_t / v_{reg} & \text{if } |v_t| < v_{reg} \\ -\mu |f_n| \, \mathrm{sign}(v_t) & \text{otherwise} \end{cases}


and the force on marker m1 is \ :math:`\mathbf{f}_1 = -f_n \mathbf{n} + f_t \mathbf{t}`\ , the force on marker m0 is \ :math:`\mathbf{f}_0 = -\mathbf{f}_1`\ . The friction force acts at the contact point and gives the torques \ :math:`\tau_{1,z} = -l_1 f_t`\  and \ :math:`\tau_{0,z} = -l_0 f_t`\ , so that the moments of all forces and torques sum to zero. Without contact, or with activeConnector = False, all forces are zero.


PostNewtonStep
--------------

PostNewtonStep sets \ :math:`x_0 = g`\  from the current positions. If the contact state changed (\ :math:`g < 0`\  while \ :math:`x_0 \ge 0`\  was used, or the opposite), it returns the error \ :math:`|k_c\, g|`\  so that the step is repeated with the new active set.


]],
}
