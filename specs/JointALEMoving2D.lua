-- SPDX-License-Identifier: BSD-3-Clause
-- JointALEMoving2D: connector spec (documentation: docs/items/ObjectJointALEMoving2D.rst).
return connector {
  type = "JointALEMoving2D",
  python_name = "ALEMovingJoint2D",
  python_visualization_name = "VALEMovingJoint2D",
  description = [[A specialized axially moving joint (without rotation) in 2D between a ALE Cable2D (marker1) and a position-based marker (marker0); ALE=Arbitrary Lagrangian Eulerian; the data coordinate x[0] provides the current index in slidingMarkerNumbers, and the \ :ref:`ODE2 <ODE2>`\  coordinate q[0] provides the (given) moving coordinate in the cable element.]],
  provides = { "Connector", "Constraint" },
  markers = { { "Position" }, { "BodyCable2DCoordinates" } },
  nodes = { "GenericData", "GenericODE2" },
  hooks = { "post_newton_step", "outputs", "algebraic_equations" },

  parameters = {
    standard "name" { seed_text = "constraints's unique name" },
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,\,m1]\tp]], size = 2, rules = { must_be_set = true }, doc = { size = false },
      description = "marker m0: position-marker of mass point or rigid body; marker m1: updated marker to ANCF Cable2D element, where the sliding joint currently is attached to; must be initialized with an appropriate (global) marker number according to the starting position of the sliding object; this marker changes with time (PostNewtonStep)" },
    param "slidingMarkerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m_{s0}, \ldots, m_{sn}]\tp]], default = {}, rules = { min_length = 1, must_be_set = true },
      description = "a list of sn (global) marker numbers which are used to update marker1",
      seed_text = "a list of sn (global) marker numbers which are are used to update marker1" },
    param "slidingMarkerOffsets" { type = "Vector", symbol = [=[[d_{s0}, \ldots, d_{sn}]]=], default = {}, rules = { same_length_as = "slidingMarkerNumbers", non_decreasing = true },
      description = "this list contains the offsets of every sliding object (given by slidingMarkerNumbers) with respect to the initial position (0): marker0: offset=0, marker1: offset=Length(cable0), marker2: offset=Length(cable0)+Length(cable1), ...",
      seed_text = "this list contains the offsets of every sliding object (given by slidingMarkerNumbers) w.r.t. to the initial position (0): marker0: offset=0, marker1: offset=Length(cable0), marker2: offset=Length(cable0)+Length(cable1), ..." },
    param "slidingOffset" { type = "Real", symbol = "s_{off}", default = 0,
      description = "sliding offset list [SI:m]: a list of sn scalar offsets, which represent the (reference arc) length of all previous sliding cable elements" },
    param "nodeNumbers" { type = "ArrayNodeIndex", symbol = "[n_{GD}, n_{ALE}]", size = 2, rules = { must_be_set = true }, doc = { size = false },
      description = [[node number of NodeGenericData (GD) with one data coordinate and of NodeGenericODE2 (ALE) with one \ :ref:`ODE2 <ODE2>`\  coordinate]] },
    param "usePenaltyFormulation" { type = "Bool", default = false,
      description = "flag, which determines, if the connector is formulated with penalty, but still using algebraic equations",
      seed_text = "flag, which determines, if the connector is formulated with penalty, but still using algebraic equations (IsPenaltyConnector() still false)" },
    param "penaltyStiffness" { type = "Real", symbol = "k", default = 0, rules = { positive_when = "usePenaltyFormulation", range = "[0, inf)" },
      description = "penalty stiffness [SI:N/m] used if usePenaltyFormulation=True" },
    standard "activeConnector" {},
  },

  visualization = {
    standard "show" {},
    param "drawSize" { type = "float", default = -1,
      description = "drawing size = radius of revolute joint; size == -1.f means that default connector size is used" },
    standard "color" {},
  },

  outputs = {
    output "Position" { size = 3, symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = [[current global position of position marker \ :math:`m0`\ ]] },
    output "Velocity" { size = 3, symbol = [[\LU{0}{{\mathbf{v}}}_{m0}]],
      description = [[current global velocity of position marker \ :math:`m0`\ ]] },
    output "SlidingCoordinate" { size = 1, symbol = "s_g = q_{ALE} + s_{off}",
      description = [[current value of the global sliding ALE coordinate, including offset; note that reference coordinate of \ :math:`q_{ALE}`\  is ignored!]] },
    output "Coordinates" { size = 2, symbol = [[[x_{data0},\,q_{ALE}]\tp]],
      description = "provides two values: [0] = current sliding marker index, [1] = ALE sliding coordinate" },
    output "Coordinates_t" { size = 1, symbol = [[[\dot q_{ALE}]\tp]],
      description = "provides ALE sliding velocity" },
    output "Force" { size = 3, symbol = [[{\mathbf{f}}]],
      description = "joint force vector (3D)" },
  },

  data = {
    coordinate "slidingMarkerIndex" { initial = 0, description = "current index into slidingMarkerNumbers", index_into = "slidingMarkerNumbers" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "frame_invariance", "jacobian_fd", "rigid_motion" },
    sample = { slidingMarkerNumbers = { 3, 4, 5 }, slidingMarkerOffsets = { 0, 1, 2 },
      penaltyStiffness = 1e3, activeConnector = true },
    frames = { Position = "point", Velocity = "vector", SlidingCoordinate = "scalar",
      Coordinates = "scalar", Coordinates_t = "scalar", Force = "vector" },
  },

  quantities = {
    quantity "generic data node" { symbol = [[{\mathbf{x}}=[x_{data0}]\tp]],
      description = [[coordinates of node with node number \ :math:`n_{GD}`\ ]] },
    quantity [[generic \ :ref:`ODE2 <ODE2>`\  node]] { symbol = [[{\mathbf{q}}=[q_{0}]\tp]],
      description = [[coordinates of node with node number \ :math:`n_{ALE}`\ , which is shared with all ALE-ANCF and ALE sliding joint objects]] },
    quantity "data coordinate" { symbol = "x_{data0}",
      description = "the current index in slidingMarkerNumbers" },
    quantity "ALE coordinate" { symbol = "q_{ALE} = q_{0}",
      description = [[current ALE coordinate (in fact this is the Eulerian coordinate in the ALE formulation); note that reference coordinate of \ :math:`q_{ALE}`\  is ignored!]] },
    quantity "marker m0 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = "current global position which is provided by marker m0" },
    quantity "marker m0 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m0}]],
      description = "current global velocity which is provided by marker m0" },
    quantity "cable coordinates" { symbol = [[{\mathbf{q}}_{ANCF,m1}]],
      description = [[current coordinates of the ANCF cable element the current marker \ :math:`m1`\  is referring to]],
      seed_text = [[current coordiantes of the ANCF cable element with the current marker \ :math:`m1`\  is referring to]] },
    quantity "sliding position" { symbol = [[\LUR{0}{{\mathbf{r}}}{ANCF} = {\mathbf{S}}(s_{el}){\mathbf{q}}_{ANCF,m1}]],
      description = [[current global position at the ANCF cable element, evaluated at local sliding position \ :math:`s_{el}`\ ]] },
    quantity "sliding position slope" { symbol = [[\LURU{0}{{\mathbf{r}}}{ANCF}{\prime} = {\mathbf{S}}^\prime(s_{el}){\mathbf{q}}_{ANCF,m1}]],
      description = [[current global slope vector of the ANCF cable element, evaluated at local sliding position \ :math:`s_{el}`\ ]] },
    quantity "sliding velocity" { symbol = [[\LUR{0}{{\mathbf{v}}}{ANCF} = {\mathbf{S}}(s_{el})\dot{\mathbf{q}}_{ANCF,m1} + \dot q_{ALE} \LURU{0}{{\mathbf{r}}}{ANCF}{\prime}]],
      description = [[current global velocity at the ANCF cable element, evaluated at local sliding position \ :math:`s_{el}`\ , including convective term]] },
    quantity "sliding normal vector" { symbol = [=[\LU{0}{{\mathbf{n}}} = [-r^\prime_1,\,r^\prime_0]]=],
      description = [[2D normal vector computed from slope \ :math:`{\mathbf{r}}^\prime=\LURU{0}{{\mathbf{r}}}{ANCF}{\prime}`\ ]] },
    quantity "algebraic variables" { symbol = [[{\mathbf{z}}=[\lambda_0,\,\lambda_1]\tp]],
      description = "algebraic variables (Lagrange multipliers) according to the algebraic equations " },
  },

  examples = {
    { "ANCFmovingRigidbody.py", "Examples" },
    { "ANCFmovingRigidBodyTest.py", "TestModels" },
  },

  theory = [[



Geometric relations
-------------------

The element sliding coordinate (in the local coordinates of the current sliding element) is computed from the ALE coordinate

.. math::

   s_{el} = q_{ALE} + s_{off} - d_{m1} = s_g - d_{m1}.


For the description of the according quantities, see the description above. The distance \ :math:`d_{m1}`\  is obtained from the \ ``slidingMarkerOffsets``\  list, using the current (local) index \ :math:`x_{data0}`\ .
The vector (=difference; error) between the marker \ :math:`m0`\  and the marker \ :math:`m1`\  (=\ :math:`{\mathbf{r}}_{ANCF}`\ ) positions reads

.. math::

   \LU{0}{\Delta{\mathbf{p}}} = \LUR{0}{{\mathbf{r}}}{ANCF} - \LU{0}{{\mathbf{p}}}_{m0}


Note that \ :math:`\LU{0}{{\mathbf{p}}}_{m0}`\  represents the current position of the marker \ :math:`m0`\ , which could represent the midpoint of a mass sliding along the beam.
The position \ :math:`\LUR{0}{{\mathbf{r}}}{ANCF}`\  is computed from the beam represented by marker \ :math:`m1`\ , using the local beam coordinate \ :math:`x=s_{el}`\ . 
The marker and the according beam finite element changes during movement using the list \ ``slidingMarkerNumbers``\  and the index is updated in the PostNewtonStep.
The vector (=difference; error) between the marker \ :math:`m0`\  and the marker \ :math:`m1`\  velocities reads

.. math::

   \LU{0}{\Delta{\mathbf{v}}} = \LUR{0}{{\mathbf{v}}}{ANCF} - \LU{0}{{\mathbf{v}}}_{m0}




Connector constraint equations
------------------------------

The 2D sliding joint is implemented having 2 equations, using the Lagrange multipliers \ :math:`{\mathbf{z}}`\ . 
The algebraic (index 3) equations read

.. math::

   \LU{0}{\Delta{\mathbf{p}}} = 0


Note that the Lagrange multipliers \ :math:`[\lambda_0,\,\lambda_1]\tp`\ are the global forces in the joint.
In the index 2 case the algebraic equations read

.. math::

   \LU{0}{\Delta{\mathbf{v}}} = 0


If \ ``usePenalty = True``\ , the algebraic equations are changed to:

.. math::

   \LU{0}{\Delta {\mathbf{p}}} - \frac 1 k {\mathbf{z}} = 0.



If \ ``activeConnector = False``\ , the algebraic equations are changed to:

.. math::

   \lambda_0 &=& 0,   \\
   \lambda_1 &=& 0.

   

Post Newton Step
----------------

After the Newton solver has converged, a PostNewtonStep is performed for the element, which
updates the marker \ :math:`m1`\  index if necessary.

.. math::

   s_{el} < 0 \quad \ra \quad x_{data0} \;-\!\!=1 \nonumber\\
   s_{el} > L \quad \ra \quad x_{data0} \;+\!\!=1


Furthermore, it is checked, if \ :math:`x_{data0}`\  becomes smaller than zero, which raises a warning and keeps \ :math:`x_{data0}=0`\ .
The same results if \ :math:`x_{data0}\ge sn`\ , then \ :math:`x_{data0} = sn`\ .
Finally, the data coordinate is updated in order to provide the starting value for the next step,

.. math::

   x_{data1} \;+\!\!= s.




]],
}
