-- SPDX-License-Identifier: BSD-3-Clause
-- ContactConvexRoll: connector spec (documentation: docs/items/ObjectContactConvexRoll.rst).
return connector {
  type = "ContactConvexRoll",
  description = [[A contact connector between a convex roll (marker 1) and a flat surface (marker 0, the ground body, not rotating) in the global \ :math:`x`\ -\ :math:`y`\  plane. The shape of the roll is (strictly) convex, given by a polynomial. It is a penalty formulation with friction and slip. The rolling body must have its reference point at the center of the roll.]],
  seed_text = [[A contact connector representing a convex roll (marker 1) on a flat surface (marker 0, ground body, not moving) in global \ :math:`x`\ -\ :math:`y`\  plane. The connector is similar to ObjectConnectorRollingDiscPenalty, but includes a (strictly) convex shape of the roll defined by a polynomial. It is based on a penalty formulation and adds friction and slipping. The formulation is still under development and needs further testing. Note that the rolling body must have the reference point at the center of the disc.]],
  authors = { "Manzl Peter" },
  provides = { "Connector" },
  markers = { { "Position", "Orientation" }, { "Position", "Orientation" } },
  nodes = { "GenericData" },
  hooks = { "initialize", "forces", "post_newton_step", "outputs" },

  parameters = {
    standard "name" { seed_text = "constraints's unique name" },
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = [[list of markers used in connector; \ :math:`m0`\  represents the ground, which can undergo translations but not rotations, and \ :math:`m1`\  represents the rolling body, which has its reference point (=local position [0,0,0]) at the roll's center point]] },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData (size=3) for 3 dataCoordinates, needed for discontinuous iteration (friction and contact)" },
    param "contactStiffness" { type = "Real", symbol = "k_c", default = 0, rules = { range = "[0, inf)" },
      description = "normal contact stiffness [SI:N/m]" },
    param "contactDamping" { type = "Real", symbol = "d_c", default = 0, rules = { range = "[0, inf)" },
      description = "normal contact damping [SI:N/(m s)]" },
    param "dynamicFriction" { type = "UReal", symbol = [[\mu_d]], default = 0,
      description = "dynamic friction coefficient [SI:1] of the Stribeck friction law; see :ref:`sec-physics-stribeck`",
      seed_text = [[dynamic friction coefficient for friction model, see StribeckFunction in exudyn.physics, Section :ref:`sec-module-physics`\ ]] },
    param "staticFrictionOffset" { type = "UReal", symbol = [[\mu_{s_off}]], default = 0,
      description = "static friction offset [SI:1] of the Stribeck friction law: static friction = dynamic friction + static offset; see :ref:`sec-physics-stribeck`",
      seed_text = [[static friction offset for friction model (static friction = dynamic friction + static offset), see StribeckFunction in exudyn.physics, Section :ref:`sec-module-physics`\ ]] },
    param "viscousFriction" { type = "UReal", symbol = [[\mu_v]], default = 0,
      description = "viscous friction coefficient [SI:s/m], the velocity dependent part of the Stribeck friction law; see :ref:`sec-physics-stribeck`",
      seed_text = [[viscous friction coefficient (velocity dependent part) for friction model, see StribeckFunction in exudyn.physics, Section :ref:`sec-module-physics`\ ]] },
    param "exponentialDecayStatic" { type = "PReal", symbol = "v_{exp}", default = 1e-3, doc = { default = "1e-3" },
      description = "velocity of the exponential decay of the static friction offset [SI:m/s] in the Stribeck friction law; must not be zero; see :ref:`sec-physics-stribeck`",
      seed_text = [[exponential decay of static friction offset (must not be zero!), see StribeckFunction in exudyn.physics (named expVel there!), Section :ref:`sec-module-physics`\ ]] },
    param "frictionProportionalZone" { type = "UReal", symbol = "v_{reg}", default = 1e-3, doc = { default = "1e-3" },
      description = "limit velocity [SI:m/s] up to which the friction force is proportional to the sliding velocity (regularization, which avoids numerical oscillations); see :ref:`sec-physics-stribeck`",
      seed_text = [[limit velocity [m/s] up to which the friction is proportional to velocity (for regularization / avoid numerical oscillations), see StribeckFunction in exudyn.physics (named regVel there!), Section :ref:`sec-module-physics`\ ]] },
    param "rollLength" { type = "UReal", symbol = "L", default = 0, rules = { range = "(0, inf)", required = "set the roll's length L, the hull's x range is [-L/2, L/2]" },
      description = "roll length [SI:m], symmetric with respect to the center point",
      seed_text = [[roll length [m], symmetric w.r.t.\ centerpoint]] },
    param "coefficientsHull" { type = "NumpyVector", symbol = [[{\mathbf{k}} \in \Rcal^{n_p}]], default = {}, rules = { min_length = 1, check = "mbc_convex_roll_check_hull",
        check_text = "finite coefficients of a convex hull, r''(x) <= 0, and a radius r(x) > 0 on [-L/2, L/2]" }, doc = { default = " []" },
      description = [[a vector of polynomial coefficients, which provides the polynomial of the CONVEX hull of the roll; \ :math:`\mathrm{hull}(x) = k_0 x^{n_p-1} + k x^{n_p-2} + \ldots + k_{n_p-2} x  + k_{n_p-1}`\ ]] },
    param "coefficientsHullDerivative" { type = "NumpyVector", symbol = [[{\mathbf{k}}^\prime \in \Rcal^{n_p}]], default = {}, role = "derived",
      description = [[polynomial coefficients of the polynomial \ :math:`\mathrm{hull}^\prime(x)`\ ]] },
    param "coefficientsHullDDerivative" { type = "NumpyVector", default = {}, role = "derived",
      description = "second derivative of the hull polynomial." },
    param "rBoundingSphere" { type = "UReal", default = 0, role = "derived", doc = { default = "0" },
      description = "The  radius of the bounding sphere for the contact pre-check, calculated from the polynomial coefficients of the hull" },
    param "pContact" { type = "Vector3D", default = {0, 0, 0}, role = "state", doc = { default = "[0,0,0]" },
      description = "the current potential contact point; contact occurs if pContact[2] < 0",
      seed_text = "The  current potential contact point. Contact occures if pContact[2] < 0. " },
    standard "activeConnector" {},
  },

  visualization = {
    standard "show" {},
    standard "color" {},
  },

  outputs = {
    output "Position" { size = 3, symbol = [[\LU{0}{{\mathbf{p}}}_{C}]],
      description = "current global position of contact point between roller and ground" },
    output "Velocity" { size = 3, symbol = [[\LU{0}{{\mathbf{v}}}_{C}]],
      description = "current velocity of the trail (contact) point in global coordinates; this is the velocity with which the contact moves over the ground plane" },
    output "Force" { size = 3, symbol = [[\LU{0}{{\mathbf{f}}}]],
      description = "Roll-ground force in ground coordinates" },
    output "Torque" { size = 3, symbol = [[\LU{0}{{\mathbf{m}}}]],
      description = "Roll-ground torque in ground coordinates" },
    output "StoredEnergy" { size = 1, symbol = "E_c", reference = false,
      description = [[energy stored in the penalty spring of the contact, \ :math:`E_c = k_c g^2/2`\  while the contact is active (data gap \ :math:`x_2 \le 0`\ ; the force \ :math:`-k_c g`\  is its gradient), 0 otherwise [SI:J] ]] },
    output "DissipatedPower" { size = 1, symbol = "P", reference = false,
      description = "power dissipated in the current state, the sum of DissipatedPowerParts [SI:W]" },
    output "DissipatedPowerParts" { size = 2, symbol = "[P_n,P_s]\\tp", reference = false,
      description = [[power dissipated in the current state while the contact is active: normal damping \ :math:`P_n = d_c \dot{g}^2`\  (\ :math:`\dot{g}`\  the gap rate at the contact point) and slip friction \ :math:`P_s = -{\mathbf{f}}_s\cdot{\mathbf{v}}_s = \mu(|{\mathbf{v}}_s|)\,|f_N|\,|{\mathbf{v}}_s| \ge 0`\ ; with the ground at rest, \ :math:`-\dot{E}_c - P_n - P_s`\  is the power of the contact forces on the roll [SI:W] ]] },
  },

  data = {
    coordinate "slipLateral" { initial = 0, description = "slip velocity along the roll axis projected on the ground [SI:m/s]" },
    coordinate "slipLongitudinal" { initial = 0, description = "slip velocity perpendicular to the lateral direction [SI:m/s]" },
    coordinate "gap" { initial = 0.1, description = "gap of the contact point at the last PostNewtonStep (> 0: no contact) [SI:m]" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "action_reaction", "frame_invariance_z", "passivity" },
    not_holding = {
      frame_invariance = "the ground is the global plane z = p_m0,z with normal e_z, not a plane attached to marker m0: only translations and rotations about z leave the contact unchanged",
      rigid_motion = "the model assumes the ground at rest: the slip velocity is the absolute tangential velocity of the roll's contact point and the ground plane keeps its normal e_z, so a ground moving with the roll does not give zero slip",
    },
    at_rest = { "m0" },
    sample = { contactStiffness = 1e4, contactDamping = 20, dynamicFriction = 0.3,
      staticFrictionOffset = 0.1, viscousFriction = 0.05, exponentialDecayStatic = 0.1,
      frictionProportionalZone = 0.01, rollLength = 1, coefficientsHull = { -0.1, 0, 0.2 },
      activeConnector = true },
    passive = { contactStiffness = 0 },
    rigid_zero = { data = { "slipLateral", "slipLongitudinal" } },
    frames = { Position = "point", Velocity = "vector", Force = "vector", Torque = "vector",
      pContact = "vector", StoredEnergy = "scalar", DissipatedPower = "scalar",
      DissipatedPowerParts = "scalar" },
  },

  quantities = {
    quantity "marker m0 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = "current global position which is provided by marker m0, any ground reference point; currently unused" },
    quantity "marker m0 orientation" { symbol = [[\LU{0,m0}{\Rot}]],
      description = "current rotation matrix provided by marker m0; currently unused" },
    quantity "marker m1 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m1}]],
      description = "center of roll" },
    quantity "Contact position" { symbol = [[\LU{0}{{\mathbf{p}}}_{C}]],
      description = "Position of the Contact point C in the global frame 0" },
    quantity "Position marker m1 to contact" { symbol = [[\LU{0}{{\mathbf{p}}}_{\mathrm{m1, C}}]],
      description = "Position of the contact point C relative to the marker m1 in global frame" },
    quantity "marker m1 orientation" { symbol = [[\LU{0,m1}{\Rot}]],
      description = "current rotation matrix provided by marker m1" },
    quantity "data coordinates" { symbol = [[{\mathbf{x}}=[x_0,\,x_1,\,x_2]\tp]],
      description = [[data coordinates for \ :math:`[x_0,\,x_1]`\ : hold the sliding velocity in lateral and longitudinal direction of last discontinuous iteration; \ :math:`x_2`\ : represents gap of last discontinuous iteration (in contact normal direction)]] },
    quantity "marker m1 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m1}]],
      description = "current global velocity which is provided by marker m1" },
    quantity "marker m1 angular velocity" { symbol = [[\LU{0}{\tomega}_{m1}]],
      description = "current angular velocity vector provided by marker m1" },
    quantity "ground normal vector" { symbol = [[\LU{0}{{\mathbf{n}}}]],
      description = "normalized normal vector to the (moving, but not rotating) ground, by default [0,0,1]" },
  },

  examples = {
    { "ConvexContactTest.py", "TestModels" },
  },

  -- Literature cited by the theory (see ContactSphereSphere.lua).
  references = {
    { key = "ExudynTheDoc", after = "explained in detail in ",
      text = "J. Gerstmayr et al.: Exudyn theory and user documentation (theDoc.pdf), section ObjectContactConvexRoll. https://github.com/jgerstmayr/EXUDYN/blob/master/docs/theDoc/theDoc.pdf" },
  },

  theory = [[



Geometric relations
-------------------

The geometrical setup is shown in \ :numref:`fig-objectcontactconvexroll-sketch`\ . To calculate the contact point of the convex body of revolution the contact (ground) plane is rotated into the local frame of the body. In this local frame in which the generatrix of the body of revolution is described by the polynomial function

.. math::
   :label: eq-connectorconvexrolling-polynomial

   \mathrm{r}(^bx) = \sum_{i=0}^n k_i \; x^{n-i}


with the coefficients of the hull \ :math:`a_i`\ . As a pre-Check for the contact two spheres are put into both ends of the object with the maximum radius and only if one of these is in contact. The contact point \ :math:`^{\mathrm{b}}{\mathbf{p}}_{\mathrm{m1,C}}`\  is calculated relative to the bodies marker \ ``m1``\  in the bodies local frame and transformed accordingly. 
The contact point C can for be calculated convex bodies by matching the derivative of the polynomial \ :math:`r(^bx)`\  with the gradient of the contact plane, shown in \ :numref:`fig-objectcontactconvexroll-sketch`\ , explained in detail in . 
At the contact point a normal force \ :math:`{\mathbf{f}}_{\mathrm{N}} = \begin{bmatrix} 0 & 0 & \mathrm{f}_{\mathrm{N}} \end{bmatrix}^T`\   with 

.. math::
   :label: eq-fpencontact

   \mathrm{f}_{\mathrm{N}} = \begin{cases} - (k_c \, z_{\mathrm{pen}} + d_c \,  \dot{z}_{\mathrm{pen}})  &\text{$z_{\mathrm{pen}}>0$} \\ 0 &\text{else} \end{cases}


acts against the penetration of the ground. The penetration depth \ :math:`z_{\mathrm{pen}}`\  is the z-component of the position vector of the contact point relative to the ground frame \ :math:`{^0{\mathbf{p}}_{\mathrm{C}}}`\ . 


.. _fig-objectcontactconvexroll-sketch:
.. figure:: ../../theDoc/figures/ConvexRolling.png
   :width: 600

   Sketch of the roller Dimensions. The rollers radius \ :math:`r({^bx})`\  is described by the polynomial \ ``coefficientsHull``\ .



The revolution results in a velocity of 

.. math::

   ^{0}{\mathbf{v}}_{C} ={^{0}{\tomega_{\mathrm{m1}}}} \times {^{0}{{\mathbf{p}}_{\mathrm{m1,\,C}}}}


in the contact point, while the tangential component of the velocity of the body itself with the normal Vector to the contact plane \ :math:`{\mathbf{n}}`\  follows to

.. math::

   \LURU{0}{{\mathbf{v}}}{\mathrm{m1,\,t}}{} = \LU{0}{{\mathbf{v}}_{\mathrm{m1}}} - {^0{\mathbf{n}}} \, \left({^0{\mathbf{n}}}^T \, \LU{0}{{\mathbf{v}}_{\mathrm{m1}}}\right).

 
Therefore the slip velocity of the body can be calculated with

.. math::

   \LURU{0}{{\mathbf{v}}}{\mathrm{s}}{} = \LURU{0}{{\mathbf{v}}}{C}{} - {^0{\mathbf{v}}_{\mathrm{m1,\,t}}}


and points in the direction 

.. math::

   \LURU{0}{{\mathbf{r}}}{s}{} = \frac{1}{\left\lVert \LURU{0}{{\mathbf{v}}}{\mathrm{s}}{}\right\rVert} {^0{{\mathbf{v}}}_{\mathrm{s}}}.


The slip force is then calculated

.. math::

   ^0{\mathbf{f}}_{\mathrm{s}} = \mu(\left\lVert\LU{}{^0{\mathbf{v}}_{\mathrm{s}}}\right\rVert)  \, \mathrm{f}_{\mathrm{N}} \, {^0{\mathbf{r}}_\mathrm{s}}


and uses for the friction coefficient \ :math:`\mu`\  the regularized friction approach from the StribeckFunction, see Section :ref:`sec-module-physics`\ . 
The torque 

.. math::

   ^0\ttau = {^0{\mathbf{p}}_{\mathrm{m1,\,C}}} \times (^0{\mathbf{f}}_{\mathrm{N}} + {^0{\mathbf{f}}_{\mathrm{s}}})


acts onto the body, resulting from the slip force acting not in the bodies center. 


]],
}
