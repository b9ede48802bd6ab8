-- SPDX-License-Identifier: BSD-3-Clause
-- ContactGranular: connector spec (documentation: docs/items/ObjectContactGranular.rst).
-- The model set of LAMMPS's pair_style granular; kernels in runtime/connectors/contact_granular/.
return connector {
  type = "ContactGranular",
  description = [[A contact between two spheres with the model set of LAMMPS's pair_style granular: a normal model (hooke, hertz, hertz/material, dmt, jkr) with damping (velocity, mass_velocity, viscoelastic, tsuji), tangential friction with or without history (linear_nohistory, linear_history, mindlin, mindlin_rescale, mindlin/force, mindlin_rescale/force), rolling resistance (sds) and twisting resistance (marshall, sds). The models are chosen by parameters; each combination is evaluated by a kernel specialized for it. The data coordinates hold the contact flag and the tangential, rolling and twisting history. Each connector handles one pair of spheres; it does no contact search. The same numbers as LAMMPS (Debian's 29 Sep 2021 update 2) to round-off, except where mbconnect corrects that version (:ref:`sec-physics-granular`); with lammps2021 = True that version's own numbers there too.]],
  authors = { "mbconnect" },
  provides = { "Connector" },
  markers = { { "Position", "Orientation" }, { "Position", "Orientation" } },
  nodes = { "GenericData" },
  hooks = { "forces", "post_newton_step", "outputs" },

  parameters = {
    standard "name" {},
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "markers at the centers of sphere a (m0) and sphere b (m1)" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData with 9 data coordinates: the contact flag and the history (see the data coordinates)" },
    param "spheresRadii" { type = "Vector2D", symbol = [[[r_a,r_b]\tp]], size = 2, default = {-1, -1}, rules = { range = "(0, inf)", required = "set both radii" },
      description = "radius of sphere a and radius of sphere b [SI:m]; a particle solver sets them for each pair" },
    param "spheresMasses" { type = "Vector2D", symbol = [[[m_a,m_b]\tp]], size = 2, default = {1, 1}, rules = { range = "(0, inf)" },
      description = [[mass of sphere a and mass of sphere b [SI:kg]; they give the effective mass \ :math:`m^* = m_a m_b/(m_a+m_b)`\  of the damping models; a particle solver sets them for each pair]] },
    param "timeStep" { type = "PReal", symbol = [[\Delta t]], default = 1e-4, doc = { default = "1e-4" },
      description = "the time step of the solver [SI:s]: each PostNewtonStep adds one step of relative motion to the history; set it to the solver's step (a particle solver sets it)" },
    param "normalModel" { type = "UInt", default = "hertz",
      choices = { "hooke", "hertz", "hertz/material", "dmt", "jkr" },
      description = "normal contact model, named by the words of pair_style granular; see the theory" },
    param "normalStiffness" { type = "UReal", symbol = "k_n", default = 0,
      description = "normal stiffness of hooke [SI:N/m] and hertz [SI:N/m^2]; the material models (hertz/material, dmt, jkr) take k_n = 4/3 E* from youngsModulus and poissonsRatio instead" },
    param "youngsModulus" { type = "Vector2D", symbol = [[[E_a,E_b]\tp]], size = 2, default = {0, 0}, rules = { range = "[0, inf)", check = "mbc_contact_granular_check_material",
        check_text = "E_a > 0 and E_b > 0 with a material normal model (hertz/material, dmt, jkr)" },
      description = [[Young's modulus of sphere a and of sphere b [SI:Pa]; the material models (hertz/material, dmt, jkr) need both > 0; effective modulus \ :math:`E^* = ((1-\nu_a^2)/E_a + (1-\nu_b^2)/E_b)^{-1}`\ ]] },
    param "poissonsRatio" { type = "Vector2D", symbol = [[[\nu_a,\nu_b]\tp]], size = 2, default = {0.3, 0.3}, rules = { range = "(-1, 0.5]" },
      description = "Poisson's ratio of sphere a and of sphere b [SI:1]; read by the material models and by tangentialStiffness = -1" },
    param "surfaceEnergy" { type = "UReal", symbol = [[\gamma]], default = 0,
      description = "surface energy density of the cohesive models dmt and jkr [SI:J/m^2]" },
    param "dampingModel" { type = "UInt", default = "viscoelastic",
      choices = { "velocity", "mass_velocity", "viscoelastic", "tsuji" },
      description = "normal damping model (viscoelastic is LAMMPS's default); it scales the tangential damping too" },
    param "normalDamping" { type = "UReal", symbol = [[\eta_{n0}]], default = 0,
      description = [[normal damping coefficient: velocity [SI:N s/m], mass_velocity [SI:1/s], viscoelastic [SI:1/(m s)]; with tsuji the coefficient of restitution e [SI:1], from which \ :math:`\alpha(e)`\  is computed]] },
    param "limitDamping" { type = "Bool", default = false, rules = { check = "mbc_contact_granular_check_limit_damping",
        check_text = "false with the cohesive normal models dmt and jkr (their normal force is attractive by design)" },
      description = "True: the normal force is never attractive (the damping cannot pull the spheres together); not with dmt or jkr (LAMMPS's keyword limit_damping)" },
    param "tangentialModel" { type = "UInt", default = "linear_nohistory",
      choices = { "linear_nohistory", "linear_history", "mindlin", "mindlin_rescale", "mindlin/force", "mindlin_rescale/force" },
      description = "tangential (friction) model" },
    param "tangentialStiffness" { type = "Real", symbol = "k_t", default = 0, rules = { check = "mbc_contact_granular_check_tangential",
        check_text = "k_t > 0 where the sliding rescale divides by it (linear_history, mindlin, mindlin_rescale); -1 needs mindlin" },
      description = [[tangential stiffness: linear_history [SI:N/m], mindlin models [SI:N/m^2]; > 0 with linear_history, mindlin and mindlin_rescale; -1 with a mindlin model and a material normal model: \ :math:`k_t = 8 G^*`\  from the materials (LAMMPS's NULL); not read by linear_nohistory]] },
    param "tangentialDamping" { type = "UReal", symbol = [[x_{\gamma,t}]], default = 0,
      description = [[tangential damping as a multiple of the normal damping prefactor \ :math:`\eta_n`\  [SI:1] ]] },
    param "frictionCoefficient" { type = "UReal", symbol = [[\mu_t]], default = 0,
      description = "sliding friction coefficient [SI:1]" },
    param "rollingModel" { type = "UInt", default = "none", choices = { "none", "sds" },
      description = "rolling resistance (sds: spring-dashpot-slider)" },
    param "rollingStiffness" { type = "UReal", symbol = [[k_{roll}]], default = 0, rules = { check = "mbc_contact_granular_check_rolling",
        check_text = "k_roll > 0 with rollingModel sds (a sliding contact's history is the force over it)" },
      description = "rolling stiffness [SI:N/m]; > 0 with rolling sds" },
    param "rollingDamping" { type = "UReal", symbol = [[\gamma_{roll}]], default = 0,
      description = "rolling damping [SI:N s/m]" },
    param "rollingFriction" { type = "UReal", symbol = [[\mu_{roll}]], default = 0,
      description = "rolling friction coefficient [SI:1]" },
    param "twistingModel" { type = "UInt", default = "none", choices = { "none", "sds", "marshall" },
      rules = { check = "mbc_contact_granular_check_twisting",
        check_text = "sds needs twistingStiffness > 0; marshall a tangential spring (tangentialStiffness > 0 or -1)" },
      description = "twisting resistance (marshall takes its coefficients from the tangential model)" },
    param "twistingStiffness" { type = "UReal", symbol = [[k_{twist}]], default = 0,
      description = "twisting stiffness of twisting sds [SI:N m/rad]; > 0 with sds" },
    param "twistingDamping" { type = "UReal", symbol = [[\gamma_{twist}]], default = 0,
      description = "twisting damping of twisting sds [SI:N m s/rad]" },
    param "twistingFriction" { type = "UReal", symbol = [[\mu_{twist}]], default = 0,
      description = "twisting friction coefficient of twisting sds [SI:m]" },
    -- LAMMPS 2021's own numbers (the theory, "LAMMPS 2021's numbers";
    -- docs/physics-departures.rst): the switch, and what an engine tells it
    param "lammps2021" { type = "Bool", default = false,
      description = "False: the law as LAMMPS's documentation gives it, with mbconnect's corrections of LAMMPS 2021. True: the numbers of LAMMPS 2021's own code (Debian's 29 Sep 2021 update 2) where it departs from its documentation deterministically: linear_nohistory beside history models (lammps2021TangentialHistory) and, as a wall, the material, dmt, jkr and tsuji forms of fix wall/gran (lammps2021WallInits); see the theory, LAMMPS 2021's numbers" },
    param "lammps2021TangentialHistory" { type = "Bool", default = false,
      description = "with lammps2021 and tangentialModel 0 (linear_nohistory): True when a type pair of the run has a tangential model with history (LAMMPS 2021's global flag, which evaluates linear_nohistory in its history branch); the engine sets it for the whole run; not read otherwise, nor by a wall" },
    param "lammps2021WallInits" { type = "PInt", default = 1,
      description = "with lammps2021, for a wall with dampingModel 3 (tsuji): how many times LAMMPS 2021's FixWallGran::init() has run for the wall (every run, minimize, write_restart, write_data, ...), each replacing the restitution coefficient by alpha of itself: 1 gives alpha(e), 2 alpha(alpha(e)); the engine counts them; not read otherwise" },
    standard "activeConnector" {},
  },

  visualization = {
    standard "show" { default = false,
      description = "set true, if item is shown in visualization and false if it is not shown; draws spheres by given radii" },
    standard "color" { default = {0.7, 0.7, 0.7, 1} },
  },

  outputs = {
    output "Force" { size = 3, symbol = [[{\mathbf{f}}_a]],
      description = "contact force on sphere a (the force on sphere b is its negative) [SI:N]" },
    output "Torque" { size = 6, symbol = [[[\ttau_a\tp,\ \ttau_b\tp]\tp]],
      description = "torques on sphere a and on sphere b [SI:N m]" },
    output "Normal" { size = 3, symbol = [[{\mathbf{n}}]],
      description = "unit normal from the center of sphere b to the center of sphere a" },
    output "Overlap" { size = 1, symbol = [[\delta]],
      description = "overlap: r_a + r_b minus the distance of the centers (> 0 in contact) [SI:m]" },
    output "ContactRadius" { size = 1, symbol = "a",
      description = "radius of the contact area (0 out of contact) [SI:m]" },
    output "NormalForce" { size = 1, symbol = "F_n",
      description = "normal force along n, elastic and damping (> 0 repulsive; 0 out of contact) [SI:N]" },
    output "TangentialForce" { size = 3, symbol = [[{\mathbf{F}}_t]],
      description = "tangential (friction) force on sphere a [SI:N]" },
    output "RollingForce" { size = 3, symbol = [[{\mathbf{F}}_{roll}]],
      description = "rolling pseudo-force; the rolling torque on sphere a is R* n x F_roll [SI:N]" },
    output "TwistingTorque" { size = 1, symbol = [[\tau_{twist}]],
      description = "twisting torque on sphere a along n [SI:N m]" },
    output "StoredEnergy" { size = 1, symbol = "E",
      description = "energy stored in the contact, the sum of StoredEnergyParts (0 out of contact) [SI:J]" },
    output "DissipatedPower" { size = 1, symbol = "P",
      description = "power dissipated in the current state and step: the sum of DissipatedPowerParts, plus the slip and adhesion losses of EnergyFlows, minus its stiffness power [SI:W]" },
    output "StoredEnergyParts" { size = 4, symbol = [[[E_n,E_t,E_{roll},E_{twist}]\tp]],
      description = "energy stored in the normal contact (with the surface energy of dmt and jkr) and in the tangential, rolling and twisting springs; see the theory, Energy [SI:J]" },
    output "DissipatedPowerParts" { size = 4, symbol = [[[P_n,P_t,P_{roll},P_{twist}]\tp]],
      description = "power dissipated by normal damping, friction (slip and tangential damping), rolling and twisting resistance; see the theory, Energy [SI:W]" },
    output "EnergyFlows" { size = 3, symbol = [[[P_k,P_{slip},P_{adh}]\tp]],
      description = "the flows the springs and the adhesion take or give other than through the work of the forces: the power the state-dependent stiffnesses put into their springs (mindlin k_t a, the rescale models' history, marshall's k a^2/2), the spring energy the Coulomb limits take in the step from the start-of-step data, over the time step, and jkr's snap-in and pull-off jumps over the time step; see the theory, Energy [SI:W]" },
  },

  data = {
    coordinate "touching" { initial = 0,
      description = "1 when the spheres were in contact at the last PostNewtonStep, else 0 (a jkr contact that touched stays in contact until the pull-off distance)" },
    coordinate "tangentialHistoryX" { initial = 0,
      description = "x of the tangential history: the accumulated tangential displacement [SI:m] (linear_history, mindlin, mindlin_rescale) or elastic tangential force [SI:N] (mindlin/force, mindlin_rescale/force); global" },
    coordinate "tangentialHistoryY" { initial = 0, description = "y of the tangential history (see tangentialHistoryX)" },
    coordinate "tangentialHistoryZ" { initial = 0, description = "z of the tangential history (see tangentialHistoryX)" },
    coordinate "rollingHistoryX" { initial = 0, description = "x of the accumulated rolling displacement [SI:m]; global" },
    coordinate "rollingHistoryY" { initial = 0, description = "y of the accumulated rolling displacement [SI:m]" },
    coordinate "rollingHistoryZ" { initial = 0, description = "z of the accumulated rolling displacement [SI:m]" },
    coordinate "twistingHistory" { initial = 0, description = "accumulated twisting angle [SI:rad]" },
    coordinate "contactRadiusPrevious" { initial = 0,
      description = "contact radius at the last PostNewtonStep [SI:m] (mindlin_rescale, mindlin_rescale/force: the history shrinks with it on unloading)" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "action_reaction" },
    not_holding = {
      frame_invariance = "the tangential and rolling history are global vectors in the data coordinates, which the harness keeps unchanged when it rotates the state (the law itself is frame invariant: test_connector_contact_granular)",
      passivity = "LAMMPS's law takes the sliding velocity at the radii r_a, r_b but applies the friction torque at r - delta/2: the friction power differs from -f_t . v_t,rel by (delta/2) f_t . ((w_a + w_b) x n), which can be positive (DissipatedPower's friction term includes it and can be negative)",
      rigid_motion = "LAMMPS's relative tangential velocity uses the radii, not the lever arms to the contact point: under a rigid rotation w it is -delta w x n, not 0",
    },
    sample = { spheresRadii = { 0.5, 0.4 }, spheresMasses = { 2, 1.5 }, timeStep = 1e-3,
      normalModel = 2, youngsModulus = { 1e5, 2e5 }, poissonsRatio = { 0.3, 0.25 },
      dampingModel = 3, normalDamping = 0.6, tangentialModel = 3, tangentialStiffness = -1,
      tangentialDamping = 0.5, frictionCoefficient = 0.4, rollingModel = 1, rollingStiffness = 1e3,
      rollingDamping = 2, rollingFriction = 0.1, twistingModel = 2, activeConnector = true },
    passive = { tangentialModel = 0, rollingModel = 0, twistingModel = 0 },
    frames = { Force = "vector", Torque = "vector", Normal = "vector", Overlap = "scalar",
      ContactRadius = "scalar", NormalForce = "scalar", TangentialForce = "vector",
      RollingForce = "vector", TwistingTorque = "scalar", StoredEnergy = "scalar",
      DissipatedPower = "scalar", StoredEnergyParts = "scalar", DissipatedPowerParts = "scalar",
      EnergyFlows = "scalar" },
  },

  -- How a particle solver binds the type to a pair of spheres (docs/spec-language.rst,
  -- "Pair binding"): sphere a at m0, sphere b at m1, [r_a, r_b] in spheresRadii, [m_a, m_b]
  -- in spheresMasses; the in-place kernel (runtime/connectors/contact_granular/contact_granular_pairs.c) and the reach
  -- of a jkr contact beyond touching (until pull-off).
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii",
                   masses = "spheresMasses", kernel = true, reach = true },
  -- A wall in sphere b's place (infinite mass, its radius of curvature; fix wall/gran's
  -- planes and cylinder), through the same law ("Wall binding").
  wall_binding = { shapes = { "plane", "cylinder" } },

  quantities = {
    quantity "marker m0 position" { symbol = [[{\mathbf{x}}_a]],
      description = "center of sphere a, position of marker m0" },
    quantity "marker m1 position" { symbol = [[{\mathbf{x}}_b]],
      description = "center of sphere b, position of marker m1" },
    quantity "marker m0 velocity" { symbol = [[{\mathbf{v}}_a]],
      description = "velocity of marker m0" },
    quantity "marker m1 velocity" { symbol = [[{\mathbf{v}}_b]],
      description = "velocity of marker m1" },
    quantity "marker m0 angular velocity" { symbol = [[\tomega_a]],
      description = "global angular velocity of marker m0" },
    quantity "marker m1 angular velocity" { symbol = [[\tomega_b]],
      description = "global angular velocity of marker m1" },
    quantity "data coordinates" { symbol = [[{\mathbf{x}}=[x_0,\ldots,x_8]\tp]],
      description = "the contact flag (0), the tangential history (1-3), the rolling history (4-6), the twisting history (7) and the contact radius of the last PostNewtonStep (8)" },
  },

  references = {
    { key = "LAMMPSGranular2021", after = "the model set of LAMMPS's pair_style granular ",
      text = "LAMMPS documentation: pair_style granular and fix wall/gran, version 29 Sep 2021 update 2 (Debian 20220106), doc/src/pair_granular.rst and src/GRANULAR/pair_granular.cpp." },
    { key = "Johnson1971", after = "Johnson-Kendall-Roberts model ",
      text = "K. L. Johnson, K. Kendall, A. D. Roberts: Surface energy and the contact of elastic solids. Proc. R. Soc. Lond. A 324, 301-313 (1971)." },
    { key = "Derjaguin1975", after = "Derjaguin-Muller-Toporov model ",
      text = "B. V. Derjaguin, V. M. Muller, Y. P. Toporov: Effect of contact deformations on the adhesion of particles. J. Colloid Interface Sci. 53, 314-326 (1975)." },
    { key = "Brilliantov1996", after = "viscoelastic damping ",
      text = "N. V. Brilliantov, F. Spahn, J.-M. Hertzsch, T. Poeschel: Model for collisions in granular gases. Phys. Rev. E 53, 5382 (1996)." },
    { key = "Tsuji1992", after = "the damping of Tsuji et al. ",
      text = "Y. Tsuji, T. Tanaka, T. Ishida: Lagrangian numerical simulation of plug flow of cohesionless particles in a horizontal pipe. Powder Technology 71, 239-250 (1992)." },
    { key = "Luding2008", after = "rotated into the tangential plane ",
      text = "S. Luding: Cohesive, frictional powders: contact models for tension. Granular Matter 10, 235-246 (2008)." },
    { key = "Mindlin1949", after = "no-slip solution of Mindlin ",
      text = "R. D. Mindlin: Compliance of elastic bodies in contact. J. Appl. Mech. 16, 259-268 (1949)." },
    { key = "Thornton2013", after = "the accumulated elastic force ",
      text = "C. Thornton, S. J. Cummins, P. W. Cleary: An investigation of the comparative behaviour of alternative contact force models during inelastic collisions. Powder Technology 233, 30-46 (2013)." },
    { key = "Wang2015", after = "rolling velocity of Wang et al. ",
      text = "Y. Wang, F. Alonso-Marroquin, W. W. Guo: Rolling and sliding in 3-D discrete element models. Particuology 23, 49-55 (2015)." },
    { key = "Marshall2009", after = "the coefficients of Marshall ",
      text = "J. S. Marshall: Discrete-element modeling of particulate aerosol flows. J. Comput. Phys. 228, 1541-1561 (2009)." },
  },

  theory = [[


The model set
-------------

This type implements the model set of LAMMPS's pair_style granular  for one pair of spheres a and b. LAMMPS's atom i is sphere a (marker m0), atom j sphere b (marker m1). The choices of the ``pair_coeff`` words are the parameters normalModel, dampingModel, tangentialModel, rollingModel, twistingModel and limitDamping; the coefficients of one pair of atom types are the other parameters. Mixing for atom types I != J, the conversion of LAMMPS's words and the corrections to that version are in :ref:`sec-physics-granular`.

Geometry and contact
--------------------

With the radii \ :math:`r_a, r_b`\  the overlap, the normal (from b to a), the effective radius and mass are

.. math::

   \delta = r_a + r_b - \|{\mathbf{x}}_a - {\mathbf{x}}_b\|, \quad {\mathbf{n}} = \frac{{\mathbf{x}}_a - {\mathbf{x}}_b}{\|{\mathbf{x}}_a - {\mathbf{x}}_b\|}, \quad R^* = \frac{r_a r_b}{r_a + r_b}, \quad m^* = \frac{m_a m_b}{m_a + m_b} .


The spheres are in contact while \ :math:`\delta > 0`\ . A jkr contact that touched stays in contact while \ :math:`\delta > \delta_c`\ , the pull-off overlap (below). The data coordinate touching holds the result of the last PostNewtonStep; force evaluation reads it and does not switch (a contact whose spheres have separated since is not evaluated).

Normal force
------------

The elastic normal force \ :math:`F_{ne}`\  along \ :math:`{\mathbf{n}}`\  (> 0 repulsive) with the contact radius \ :math:`a = \sqrt{R^*\delta}`\ :

+  hooke: \ :math:`F_{ne} = k_n \delta`\ 
+  hertz: \ :math:`F_{ne} = k_n a \delta`\ 
+  hertz/material: hertz with \ :math:`k_n = \frac{4}{3} E^*`\ , \ :math:`E^* = \left(\frac{1-\nu_a^2}{E_a} + \frac{1-\nu_b^2}{E_b}\right)^{-1}`\ 
+  dmt, the Derjaguin-Muller-Toporov model : \ :math:`F_{ne} = k_n a \delta - 4\pi\gamma R^*`\ 
+  jkr, the Johnson-Kendall-Roberts model : \ :math:`F_{ne} = \frac{k_n a^3}{R^*} - 2\pi a^2\sqrt{\frac{4\gamma E}{\pi a}}`\  with \ :math:`E = \frac{3}{4}k_n`\  and the contact radius a from \ :math:`\delta = a^2/R^* - 2\sqrt{\pi\gamma a/E}`\  (solved in closed form). A contact that touched holds until \ :math:`\delta_c = a_c^2/R^* - 2\sqrt{\pi\gamma a_c/E}`\ , \ :math:`a_c = (9\pi\gamma R^{*2}/(4E))^{1/3}`\ .

The damping force is \ :math:`F_{n,damp} = -\eta_n v_n`\  with \ :math:`v_n = ({\mathbf{v}}_a - {\mathbf{v}}_b)\cdot{\mathbf{n}}`\  and

+  velocity: \ :math:`\eta_n = \eta_{n0}`\ ; mass_velocity: \ :math:`\eta_n = \eta_{n0} m^*`\ ; viscoelastic damping : \ :math:`\eta_n = \eta_{n0} a m^*`\ 
+  tsuji, the damping of Tsuji et al. : \ :math:`\eta_n = \alpha\sqrt{m^* k}`\  with \ :math:`k = k_n`\  (hooke) or \ :math:`k_n a`\ , and \ :math:`\alpha = 1.2728 - 4.2783 e + 11.087 e^2 - 22.348 e^3 + 27.467 e^4 - 18.022 e^5 + 4.8218 e^6`\  from the restitution coefficient e given as normalDamping.

The normal force is \ :math:`F_n = F_{ne} + F_{n,damp}`\ ; with limitDamping it is set to 0 where it would be attractive. The Coulomb limits use \ :math:`F_{n0} = |F_n|`\ , and for dmt and jkr \ :math:`F_{n0} = |F_{ne} + 2F_{pulloff}|`\  with \ :math:`F_{pulloff} = 4\pi\gamma R^*`\  (dmt) or \ :math:`3\pi\gamma R^*`\  (jkr).

Tangential force
----------------

The relative tangential velocity at the contact point is

.. math::

   {\mathbf{v}}_{t,rel} = {\mathbf{v}}_t - (r_a\tomega_a + r_b\tomega_b)\times{\mathbf{n}}, \quad {\mathbf{v}}_t = ({\mathbf{v}}_a - {\mathbf{v}}_b) - v_n{\mathbf{n}} ,


the tangential damping prefactor \ :math:`\eta_t = x_{\gamma,t}\,\eta_n`\  and the Coulomb limit \ :math:`F_{s,crit} = \mu_t F_{n0}`\ .

+  linear_nohistory: \ :math:`{\mathbf{F}}_t = -\min(F_{s,crit}, \eta_t\|{\mathbf{v}}_{t,rel}\|)\,{\mathbf{v}}_{t,rel}/\|{\mathbf{v}}_{t,rel}\|`\ .
+  linear_history, mindlin, mindlin_rescale: the history \ :math:`\boldsymbol{\xi}`\  is the accumulated displacement. Each step it is first rotated into the tangential plane  (its component along n removed, its length kept: Luding's frame update, when the component matters) and then \ :math:`\boldsymbol{\xi} \mathrel{+}= {\mathbf{v}}_{t,rel}\Delta t`\ ; \ :math:`{\mathbf{F}}_t = -k\boldsymbol{\xi} - \eta_t{\mathbf{v}}_{t,rel}`\  with \ :math:`k = k_t`\  (linear_history) or \ :math:`k = k_t a`\ , the no-slip solution of Mindlin  (mindlin).
+  mindlin/force, mindlin_rescale/force: the history is the accumulated elastic force  (Thornton et al.), \ :math:`\boldsymbol{\xi} \mathrel{+}= -k_t a\,{\mathbf{v}}_{t,rel}\Delta t`\ , and \ :math:`{\mathbf{F}}_t = \boldsymbol{\xi} - \eta_t{\mathbf{v}}_{t,rel}`\ .
+  The rescale models shrink the history with the contact radius on unloading: \ :math:`\boldsymbol{\xi} \leftarrow \boldsymbol{\xi}\,a/a_{prev}`\  when \ :math:`a < a_{prev}`\  (contactRadiusPrevious).

When \ :math:`\|{\mathbf{F}}_t\| > F_{s,crit}`\  the contact slides: the force is scaled to \ :math:`F_{s,crit}`\  and the history is set to the spring length (or elastic force) that gives it, \ :math:`\boldsymbol{\xi} = -({\mathbf{F}}_t + \eta_t{\mathbf{v}}_{t,rel})/k`\  (force history: \ :math:`\boldsymbol{\xi} = {\mathbf{F}}_t + \eta_t{\mathbf{v}}_{t,rel}`\ ), with the scaled force. A history of length 0 gives no force while sliding. With tangentialStiffness = -1 and a material normal model \ :math:`k_t = 8G^*`\ , \ :math:`G^* = \left(\frac{2(2-\nu_a)(1+\nu_a)}{E_a} + \frac{2(2-\nu_b)(1+\nu_b)}{E_b}\right)^{-1}`\ .

Rolling and twisting
--------------------

Rolling sds: the pseudo-force \ :math:`{\mathbf{F}}_{roll} = -k_{roll}\boldsymbol{\xi}_{roll} - \gamma_{roll}{\mathbf{v}}_{roll}`\  with the rolling velocity of Wang et al.  \ :math:`{\mathbf{v}}_{roll} = R^*(\tomega_a - \tomega_b)\times{\mathbf{n}}`\ , the history updated and rotated as the tangential one and limited by \ :math:`\mu_{roll}F_{n0}`\ ; it exerts the torque \ :math:`R^*{\mathbf{n}}\times{\mathbf{F}}_{roll}`\  on a and its negative on b.

Twisting: \ :math:`\tau_{twist} = -k_{twist}\xi_{twist} - \gamma_{twist}\Omega_t`\ , \ :math:`\Omega_t = (\tomega_a - \tomega_b)\cdot{\mathbf{n}}`\ , limited by \ :math:`\mu_{twist}F_{n0}`\  (then \ :math:`\xi_{twist} = (\mu_{twist}F_{n0}\,\mathrm{sgn}\,\Omega_t - \gamma_{twist}\Omega_t)/k_{twist}`\ ). sds takes the coefficients of twistingStiffness, twistingDamping, twistingFriction; marshall takes the coefficients of Marshall  \ :math:`k_{twist} = k a^2/2`\ , \ :math:`\gamma_{twist} = \eta_t a^2/2`\ , \ :math:`\mu_{twist} = 2a\mu_t/3`\  from the tangential stiffness k in effect. The torque \ :math:`\tau_{twist}{\mathbf{n}}`\  acts on a, its negative on b.

Forces and torques
------------------

The force on sphere a is \ :math:`{\mathbf{f}}_a = F_n{\mathbf{n}} + {\mathbf{F}}_t`\ , on sphere b \ :math:`-{\mathbf{f}}_a`\ . The friction acts at the middle of the overlap:

.. math::

   \ttau_a = -(r_a - \delta/2)\,{\mathbf{n}}\times{\mathbf{F}}_t + \tau_{twist}{\mathbf{n}} + R^*{\mathbf{n}}\times{\mathbf{F}}_{roll}, \quad \ttau_b = -(r_b - \delta/2)\,{\mathbf{n}}\times{\mathbf{F}}_t - \tau_{twist}{\mathbf{n}} - R^*{\mathbf{n}}\times{\mathbf{F}}_{roll} .


Since \ :math:`r_a + r_b - \delta = \|{\mathbf{x}}_a - {\mathbf{x}}_b\|`\ , the moments about any point balance.

Energy
------

The outputs StoredEnergy and DissipatedPower (totals) and StoredEnergyParts and DissipatedPowerParts keep the energy books of the contact; the law's kernel computes them from its own forces and history (0 out of contact). The stored energy of the normal force is its integral over the overlap, \ :math:`dE_n/d\delta = F_{ne}`\ :

+  hooke \ :math:`E_n = k_n\delta^2/2`\ ; hertz and hertz/material \ :math:`E_n = \frac{2}{5}k_n a\delta^2`\ 
+  dmt \ :math:`E_n = \frac{2}{5}k_n a\delta^2 - 4\pi\gamma R^*\delta`\ : the work of adhesion is stored, as the surface-energy term of the potential (negative: the contact holds energy released by adhesion)
+  jkr, along \ :math:`\delta(a) = a^2/R^* - 2s\sqrt{a}`\ , \ :math:`s = \sqrt{\pi\gamma/E}`\ , \ :math:`c = 2\pi\sqrt{4\gamma E/\pi}`\ : \ :math:`E_n = \frac{2k_n a^5}{5R^{*2}} - \frac{2}{7}(k_n s + 2c)\frac{a^{7/2}}{R^*} + 2\pi\gamma a^2`\ , 0 at a = 0: the elastic energy minus the surface energy \ :math:`2\pi\gamma a^2`\  of the contact area, stored. The jumps of the contact radius where a contact forms (\ :math:`\delta = 0`\ ) and breaks (\ :math:`\delta_c`\ ) change \ :math:`E_n`\  at once: that energy (the adhesion hysteresis) is released or dissipated at the instant, not in DissipatedPower.

The springs store \ :math:`E_t = k|\boldsymbol{\xi}|^2/2`\  (a displacement history, k the stiffness in effect) or \ :math:`|\boldsymbol{\xi}|^2/(2k_t a)`\  (an elastic-force history), \ :math:`E_{roll} = k_{roll}|\boldsymbol{\xi}_{roll}|^2/2`\  and \ :math:`E_{twist} = k_{twist}\xi_{twist}^2/2`\ .

The dissipated power of a mechanism is what its forces take from the two spheres minus what its spring stores:

.. math::

   P_n = -(F_n - F_{ne})\,v_n, \quad P_t = -{\mathbf{F}}_t\cdot{\mathbf{v}}_c - k\boldsymbol{\xi}\cdot{\mathbf{v}}_{t,rel}, \quad P_{roll} = -{\mathbf{F}}_{roll}\cdot{\mathbf{v}}_{roll} - k_{roll}\boldsymbol{\xi}_{roll}\cdot{\mathbf{v}}_{roll}, \quad P_{twist} = -\tau_{twist}\Omega_t - k_{twist}\xi_{twist}\Omega_t ,


with \ :math:`{\mathbf{v}}_c = {\mathbf{v}}_{t,rel} + \frac{\delta}{2}(\tomega_a + \tomega_b)\times{\mathbf{n}}`\  the relative velocity of the points where the friction acts (force history: the spring term is \ :math:`-\boldsymbol{\xi}\cdot{\mathbf{v}}_{t,rel}`\ ). A mechanism at its Coulomb limit slides: its spring is held at the limit (the spring term stays; the slip flow below holds what the limit takes). While a contact sticks, \ :math:`P_n = \eta_n v_n^2 \ge 0`\ , \ :math:`P_{roll} = \gamma_{roll}|{\mathbf{v}}_{roll}|^2`\ , \ :math:`P_{twist} = \gamma_{twist}\Omega_t^2`\ ; \ :math:`P_t = \eta_t|{\mathbf{v}}_{t,rel}|^2 - \frac{\delta}{2}{\mathbf{F}}_t\cdot((\tomega_a + \tomega_b)\times{\mathbf{n}})`\ : the second term, from the friction torque's lever (r - delta/2) that differs from the radii of the sliding velocity, can be negative (the law is not passive). The output EnergyFlows names the flows that the springs and the adhesion take or give other than through the work of the forces: \ :math:`P_k`\ , the power the state-dependent stiffnesses put into their springs at constant history, \ :math:`\partial E/\partial a\,\dot a`\  with \ :math:`\dot a = (da/d\delta)\dot\delta`\  (mindlin's \ :math:`k_t a`\ : \ :math:`E_t\dot a/a`\ , force history \ :math:`-E_t\dot a/a`\ ; the rescale models' shrinking history on unloading: \ :math:`3E_t\dot a/a`\ , force history \ :math:`E_t\dot a/a`\ ; marshall's \ :math:`k a^2/2`\ : \ :math:`2E_{twist}\dot a/a`\ , with a mindlin model \ :math:`3E_{twist}\dot a/a`\ ); \ :math:`P_{slip}`\ , the spring energy the Coulomb limits take in a step that slides, \ :math:`E(\boldsymbol{\xi}_{stepped}) - E(\boldsymbol{\xi}_{held})`\  of the tangential, rolling and twisting springs over the time step, as the law steps from the start-of-step data; \ :math:`P_{adh}`\ , jkr's jumps over the time step: \ :math:`-E_n(0)`\  at snap-in, \ :math:`E_n(\delta_c)`\  at pull-off. DissipatedPower is \ :math:`\sum P + P_{slip} + P_{adh} - P_k`\ : the stored energy plus its time integral is then the work of the contact forces and torques on the spheres, and a particle solver's balance converges at first order in the time step for every model (docs/physics-granular.rst, "The balance converges").

These are the rates at an instant, which a force evaluation without a step gives. In a step (PostNewtonStep, and the engines' sums) the spring terms and \ :math:`P_k`\  are instead the exact split of each spring's energy change over the step \ :math:`\Delta t`\ , from the start-of-step data (history \ :math:`\boldsymbol{\xi}_0`\ , contact radius \ :math:`a_0`\ ) to the new one: \ :math:`E(a, \boldsymbol{\xi}) - E(a_0, \boldsymbol{\xi}_0) = [E(a, \boldsymbol{\xi}_0') - E(a_0, \boldsymbol{\xi}_0)] + [E(a, \boldsymbol{\xi}_0' + \Delta\boldsymbol{\xi}) - E(a, \boldsymbol{\xi}_0')] - \Delta t\,P_{slip}`\ , with \ :math:`\boldsymbol{\xi}_0'`\  the start history as the law steps it (turned into the tangent plane, shrunk on a rescale model's unloading; 0 for a new contact) and \ :math:`\Delta\boldsymbol{\xi}`\  the step's increment (\ :math:`{\mathbf{v}}\Delta t`\ ; force history \ :math:`-k{\mathbf{v}}\Delta t`\ ). Over \ :math:`\Delta t`\  the first bracket is \ :math:`P_k`\ , the second the spring term: \ :math:`k(\boldsymbol{\xi}_0' + {\mathbf{v}}_{t,rel}\Delta t/2)\cdot{\mathbf{v}}_{t,rel}`\  (force history \ :math:`-(\boldsymbol{\xi}_0' - k{\mathbf{v}}_{t,rel}\Delta t/2)\cdot{\mathbf{v}}_{t,rel}`\ ), \ :math:`k_{roll}(\boldsymbol{\xi}_{roll,0}' + {\mathbf{v}}_{roll}\Delta t/2)\cdot{\mathbf{v}}_{roll}`\ , \ :math:`k_{twist}(\xi_{twist,0} + \Omega_t\Delta t/2)\Omega_t`\ . \ :math:`a_0`\  is the data's for the rescale models, else the contact radius at \ :math:`\delta + v_n\Delta t`\ , the overlap one step back at the normal velocity the forces were computed with. The books then hold the springs' energy to round-off in every step, a new contact's first step included, where the rates at the end of the step (\ :math:`\dot a/a`\  at a tiny contact radius) do not; a sticking spring's term is \ :math:`k|{\mathbf{v}}|^2\Delta t/2`\  below the power of its end-of-step force, which the law applies over the step.

LAMMPS 2021's numbers
---------------------

The law above is LAMMPS's documented one, as mbconnect corrects LAMMPS 2021 (:ref:`sec-physics-departures-granular`). With lammps2021 = True it gives the numbers of LAMMPS 2021's own code instead where that code departs from its documentation deterministically, for an engine that must reproduce earlier runs to the bit. The same kernels evaluate both: the switch changes values the law is made with, not its code.

+  linear_nohistory with lammps2021TangentialHistory = True (a type pair of the run has a tangential model with history): 2021's history branch with \ :math:`k_t = 0`\ , the mindlin/force form, \ :math:`{\mathbf{F}}_t = -\eta_t{\mathbf{v}}_{t,rel}`\  below the Coulomb limit and 0 above it (a history of length 0).
+  As a wall (an engine's wall through the wall binding), 2021's fix wall/gran: the material models take \ :math:`k_n = \frac{E_a}{2(1-\nu_a)}\cdot 1.333333333333333`\  and, for tangentialStiffness = -1, \ :math:`k_t = E_a(2-\nu_a)(1+\nu_a)/4`\  (sphere a's material; youngsModulus and poissonsRatio of b are not read); dmt's F_n0 takes \ :math:`F_{pulloff} = 4\pi d^2 R^*`\  with \ :math:`d = \|{\mathbf{x}}_a - {\mathbf{x}}_w\|`\ , the distance to the wall (2021 forms it from a variable it never sets, where Debian's build has \ :math:`d^2`\ ); jkr holds a contact while \ :math:`\|{\mathbf{x}}_a - {\mathbf{x}}_w\| \le r_a + \delta_c'`\ , \ :math:`\delta_c' = a_c'^2/r_a - 2\sqrt{\pi\gamma a_c'/E}`\ , \ :math:`a_c' = (9\pi\gamma r_a/(4E))^{1/3}`\ , and one that has not touched while also \ :math:`\le r_a`\ , with 2021's \ :math:`2\pi \approx 6.28318530717959`\  in \ :math:`F_{ne}`\ ; tsuji applies \ :math:`\alpha`\ , its powers by ``pow``, lammps2021WallInits times to e (2021 replaces e by \ :math:`\alpha(e)`\  at every initialization of the wall). The tangential model of a wall is its own (lammps2021TangentialHistory is not read). A pair's dmt keeps the documented F_n0: 2021's reads memory its pair style never writes in a run without jkr.

History
-------

PostNewtonStep takes the start-of-step data, applies the contact test (the flag tells a jkr contact that touched), and for a contact updates the history by one step \ :math:`\Delta t`\  exactly as LAMMPS does in a force computation; out of contact the history is cleared. Force evaluation and the outputs evaluate the law with the stored history, without a step (LAMMPS's setup computation). PostNewtonStep returns as error the elastic normal force when the contact flag changes.


]],
}
