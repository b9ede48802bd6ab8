-- SPDX-License-Identifier: BSD-3-Clause
-- ContactLiggghts: connector spec (documentation: docs/items/ObjectContactLiggghts.rst).
-- The model family of LIGGGHTS 3.8's pair_style gran and fix wall/gran; kernels in
-- runtime/connectors/contact_liggghts/, the engine's entry mbconnect/liggghts_contact.h.
return connector {
  type = "ContactLiggghts",
  description = [[A contact between two spheres with the model family of LIGGGHTS 3.8's pair_style gran and fix wall/gran: a normal model (hertz, hooke) whose damping follows from the coefficient of restitution, tangential friction without or with history, cohesion (sjkr, sjkr2) and rolling resistance (cdt, epsd, epsd2, epsd3). The coefficients of one pair of materials are the parameters, as LIGGGHTS reads them from its fix property/global tables; each model combination is evaluated by a kernel specialized for it. The data coordinates hold the contact flag, the tangential displacement and the rolling spring torque. Each connector handles one pair of spheres; it does no contact search. With liggghts38 the same numbers as LIGGGHTS 3.8 (Debian's 3.8.0) to the bit; without it, the corrections where its code contradicts its documentation (:ref:`sec-physics-departures-liggghts`).]],
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
      description = "node number of a NodeGenericData with 7 data coordinates: the contact flag, the tangential displacement and the rolling spring torque (see the data coordinates)" },
    param "spheresRadii" { type = "Vector2D", symbol = [[[r_a,r_b]\tp]], size = 2, default = {-1, -1}, rules = { range = "(0, inf)", required = "set both radii" },
      description = "radius of sphere a and radius of sphere b [SI:m]; a particle solver sets them for each pair" },
    param "spheresMasses" { type = "Vector2D", symbol = [[[m_a,m_b]\tp]], size = 2, default = {1, 1}, rules = { range = "(0, inf)" },
      description = [[mass of sphere a and mass of sphere b [SI:kg]; they give the effective mass \ :math:`m^* = m_a m_b/(m_a+m_b)`\  of the damping and the rolling inertia; a particle solver sets them for each pair]] },
    param "timeStep" { type = "PReal", symbol = [[\Delta t]], default = 1e-4, doc = { default = "1e-4" },
      description = "the time step of the solver [SI:s]: each PostNewtonStep adds one step of relative motion to the tangential displacement and the rolling spring; set it to the solver's step (a particle solver sets it)" },
    param "normalModel" { type = "UInt", default = "hertz", choices = { "hooke", "hertz" },
      description = "normal contact model, named by LIGGGHTS's words (model hooke, model hertz); see the theory" },
    param "tangentialModel" { type = "UInt", default = "history", choices = { "off", "no_history", "history" },
      description = "tangential model, named by the words of LIGGGHTS's tangential" },
    param "cohesionModel" { type = "UInt", default = "off", choices = { "off", "sjkr", "sjkr2" },
      description = "cohesion model, named by the words of LIGGGHTS's cohesion" },
    param "rollingModel" { type = "UInt", default = "off", choices = { "off", "cdt", "epsd", "epsd2", "epsd3" },
      description = "rolling resistance, named by the words of LIGGGHTS's rolling_friction" },
    param "youngsModulus" { type = "Vector2D", symbol = [[[Y_a,Y_b]\tp]], size = 2, default = {0, 0}, rules = { range = "(0, inf)", required = "set both moduli" },
      description = [[Young's modulus of sphere a and of sphere b [SI:Pa] (youngsModulus of LIGGGHTS's fix property/global); effective modulus \ :math:`Y^* = ((1-\nu_a^2)/Y_a + (1-\nu_b^2)/Y_b)^{-1}`\ ]] },
    param "poissonsRatio" { type = "Vector2D", symbol = [[[\nu_a,\nu_b]\tp]], size = 2, default = {0.3, 0.3}, rules = { range = "[0, 0.5]" },
      description = [[Poisson's ratio of sphere a and of sphere b [SI:1] (poissonsRatio); effective shear modulus \ :math:`G^* = (2(2-\nu_a)(1+\nu_a)/Y_a + 2(2-\nu_b)(1+\nu_b)/Y_b)^{-1}`\ ]] },
    param "coefficientRestitution" { type = "UReal", symbol = "e", default = 0, rules = { range = "(0.05, 1]", required = "set the coefficient of restitution" },
      description = [[coefficient of restitution [SI:1] (coefficientRestitution): the normal damping follows from it, \ :math:`\beta = \ln e/\sqrt{\ln^2 e + \pi^2}`\ ]] },
    param "coefficientFriction" { type = "UReal", symbol = [[\mu]], default = 0,
      description = "sliding friction coefficient [SI:1] (coefficientFriction)" },
    param "characteristicVelocity" { type = "UReal", symbol = "v_c", default = 0, rules = { check = "mbc_contact_liggghts_check_hooke",
        check_text = "v_c > 0 with normalModel hooke (its stiffness is that of an impact at this speed)" },
      description = "characteristic impact velocity of hooke [SI:m/s] (characteristicVelocity): the stiffness gives a Hertzian contact's peak overlap at this impact speed; > 0 with normalModel hooke" },
    param "cohesionEnergyDensity" { type = "UReal", symbol = "k_c", default = 0,
      description = "cohesion energy density of sjkr and sjkr2 [SI:J/m^3] (cohesionEnergyDensity)" },
    param "rollingFriction" { type = "UReal", symbol = [[\mu_r]], default = 0,
      description = "coefficient of rolling friction [SI:1] (coefficientRollingFriction)" },
    param "rollingDamping" { type = "UReal", symbol = [[\eta_r]], default = 0,
      description = "rolling viscous damping ratio of epsd and epsd3 [SI:1] (coefficientRollingViscousDamping)" },
    param "rollingStiffness" { type = "UReal", symbol = [[k_{r0}]], default = 0, rules = { check = "mbc_contact_liggghts_check_rolling",
        check_text = "k_r0 > 0 with rollingModel epsd3 (k_r = k_r0 k_n mu_r^2 R*^2)" },
      description = [[prefactor of the epsd3 rolling stiffness \ :math:`k_r = k_{r0} k_n \mu_r^2 R^{*2}`\  [SI:1] (rollingStiffness); > 0 with rollingModel epsd3]] },
    param "tangentialDamping" { type = "Bool", default = true,
      description = "True: the tangential damping acts (LIGGGHTS's tangential_damping on)" },
    param "limitForce" { type = "Bool", default = false,
      description = "True: the normal force is never attractive (LIGGGHTS's limitForce on)" },
    param "ktToKn" { type = "Bool", default = false,
      description = "hooke: True takes the tangential stiffness as 2/7 of the normal one (LIGGGHTS's ktToKnUser on), False equal to it" },
    param "tangentialReduce" { type = "Bool", default = false,
      description = "sjkr, sjkr2: True adds the cohesion force to the normal force of the Coulomb limits (LIGGGHTS's tangential_reduce on)" },
    param "torsionTorque" { type = "Bool", default = false,
      description = "rolling models: True keeps the relative spin about the normal in the rolling resistance (LIGGGHTS's torsionTorque on), False removes it" },
    param "viscous" { type = "Bool", default = false, rules = { check = "mbc_contact_liggghts_check_viscous",
        check_text = "needs normalModel hooke, fluidViscosity > 0, maximumRestitution in (0, 1] and criticalStokes > 0" },
      description = "hooke: True makes the coefficient of restitution depend on the Stokes number of the contact (LIGGGHTS's viscous on, after Legendre); needs fluidViscosity, maximumRestitution and criticalStokes" },
    param "fluidViscosity" { type = "UReal", symbol = [[\mu_f]], default = 0,
      description = "dynamic viscosity of the fluid of viscous [SI:Pa s] (FluidViscosity); > 0 with viscous" },
    param "maximumRestitution" { type = "UReal", symbol = [[e_{max}]], default = 0,
      description = "coefficient of restitution of viscous at high Stokes number [SI:1] (MaximumRestitution); in (0, 1] with viscous" },
    param "criticalStokes" { type = "UReal", symbol = [[St_c]], default = 0,
      description = "critical Stokes number of viscous [SI:1] (CriticalStokes); > 0 with viscous" },
    param "dimension" { type = "PInt", default = 3, rules = { one_of = { 2, 3 } },
      description = "the dimension of the simulation, 2 or 3: the rolling inertia of epsd and epsd3 takes discs (2) or spheres (3)" },
    param "liggghts38" { type = "Bool", default = false,
      description = "True: LIGGGHTS 3.8's code where it contradicts its documentation (the ktToKnUser factor, cdt's magnitude with torsion, the rolling velocity on walls, sjkr2's area on walls, viscous damping); False: the documented forms (:ref:`sec-physics-departures-liggghts`); mbc-liggghts sets it" },
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
    output "NormalForce" { size = 1, symbol = "F_n",
      description = "normal force along n, elastic and damping, as the Coulomb limits see it (with tangentialReduce the cohesion force included; > 0 repulsive; 0 out of contact) [SI:N]" },
    output "CohesionForce" { size = 1, symbol = [[F_{coh}]],
      description = "cohesion force along n (< 0: attractive; 0 out of contact or without cohesion) [SI:N]" },
    output "TangentialForce" { size = 3, symbol = [[{\mathbf{F}}_t]],
      description = "tangential (friction) force on sphere a [SI:N]" },
    output "RollingTorque" { size = 3, symbol = [[{\mathbf{M}}_r]],
      description = "rolling resistance torque on sphere a (on b its negative) [SI:N m]" },
  },

  data = {
    coordinate "touching" { initial = 0,
      description = "1 when the spheres were in contact at the last PostNewtonStep, else 0" },
    coordinate "tangentialDisplacementX" { initial = 0,
      description = "x of the tangential displacement of history [SI:m] (LIGGGHTS's shearx); global" },
    coordinate "tangentialDisplacementY" { initial = 0, description = "y of the tangential displacement [SI:m] (sheary)" },
    coordinate "tangentialDisplacementZ" { initial = 0, description = "z of the tangential displacement [SI:m] (shearz)" },
    coordinate "rollingTorqueX" { initial = 0,
      description = "x of the rolling spring torque of epsd, epsd2 and epsd3 [SI:N m] (LIGGGHTS's r_torquex_old); global" },
    coordinate "rollingTorqueY" { initial = 0, description = "y of the rolling spring torque [SI:N m] (r_torquey_old)" },
    coordinate "rollingTorqueZ" { initial = 0, description = "z of the rolling spring torque [SI:N m] (r_torquez_old)" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "action_reaction" },
    not_holding = {
      frame_invariance = "the tangential displacement and the rolling spring torque are global vectors in the data coordinates, which the harness keeps unchanged when it rotates the state (the law itself is frame invariant: test_connector_contact_liggghts)",
    },
    sample = { spheresRadii = { 0.5, 0.4 }, spheresMasses = { 2, 1.5 }, timeStep = 1e-3,
      normalModel = 1, tangentialModel = 2, cohesionModel = 2, rollingModel = 2,
      youngsModulus = { 1e5, 2e5 }, poissonsRatio = { 0.3, 0.25 }, coefficientRestitution = 0.6,
      coefficientFriction = 0.4, cohesionEnergyDensity = 1e3, rollingFriction = 0.1,
      rollingDamping = 0.3, viscous = false, activeConnector = true },
    frames = { Force = "vector", Torque = "vector", Normal = "vector", Overlap = "scalar",
      NormalForce = "scalar", CohesionForce = "scalar", TangentialForce = "vector",
      RollingTorque = "vector" },
  },

  -- How a particle solver binds the type to a pair of spheres (docs/spec-language.rst,
  -- "Pair binding"): sphere a at m0, sphere b at m1, [r_a, r_b] in spheresRadii, [m_a, m_b]
  -- in spheresMasses; the in-place kernel (runtime/connectors/contact_liggghts/contact_liggghts_pairs.c).
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii",
                   masses = "spheresMasses", kernel = true },
  -- A wall in sphere b's place ("Wall binding"): LIGGGHTS's walls take R* = r_a, m* = m_a.
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
    quantity "data coordinates" { symbol = [[{\mathbf{x}}=[x_0,\ldots,x_6]\tp]],
      description = "the contact flag (0), the tangential displacement (1-3) and the rolling spring torque (4-6)" },
  },

  references = {
    { key = "LIGGGHTS38", after = "the model family of LIGGGHTS 3.8 ",
      text = "LIGGGHTS(R)-PUBLIC 3.8.0 (Debian 3.8.0+repack1): doc/pair_gran.txt, gran_model_hertz.txt, gran_model_hooke.txt, gran_tangential_history.txt, gran_cohesion_sjkr.txt, gran_rolling_friction_epsd.txt and src/normal_model_hertz.h, normal_model_hooke.h, tangential_model_history.h, cohesion_model_sjkr.h, rolling_model_epsd.h." },
    { key = "DiRenzo2004", after = "Hertz-Mindlin stiffnesses ",
      text = "A. Di Renzo, F. P. Di Maio: Comparison of contact-force models for the simulation of collisions in DEM-based granular flow codes. Chemical Engineering Science 59, 525-541 (2004); corrected in Chemical Engineering Science 60, 1303-1312 (2005)." },
    { key = "Legendre2005", after = "the Stokes-number law of Legendre ",
      text = "D. Legendre, C. Daniel, P. Guiraud: Experimental study of a drop bouncing on a wall in a liquid. Physics of Fluids 17, 097105 (2005)." },
    { key = "Ai2011", after = "the elastic-plastic spring-dashpot of Ai et al. ",
      text = "J. Ai, J.-F. Chen, J. M. Rotter, J. Y. Ooi: Assessment of rolling resistance models in discrete element simulations. Powder Technology 206, 269-282 (2011)." },
    { key = "Iwashita1998", after = "the stiffness of Iwashita and Oda ",
      text = "K. Iwashita, M. Oda: Rolling resistance at contacts in simulation of shear band development by DEM. Journal of Engineering Mechanics 124, 285-292 (1998)." },
  },

  theory = [[


The model family
----------------

This type implements the model family of LIGGGHTS 3.8  for one pair of spheres a and b. LIGGGHTS's atom i is sphere a (marker m0), atom j sphere b (marker m1). The words of ``pair_style gran model M tangential T cohesion C rolling_friction R`` are the parameters normalModel, tangentialModel, cohesionModel and rollingModel, its keywords the Bool parameters; the coefficients of one pair of materials, which LIGGGHTS reads from its ``fix property/global`` tables, are the other parameters. :ref:`sec-liggghts` says how ``mbc-liggghts`` maps them; the corrections to that version are in :ref:`sec-physics-departures-liggghts`.

Geometry and contact
--------------------

With the radii \ :math:`r_a, r_b`\ , the center distance \ :math:`r = \|{\mathbf{x}}_a - {\mathbf{x}}_b\|`\  and the overlap \ :math:`\delta = r_a + r_b - r`\ , the normal (from b to a), the effective radius and mass are

.. math::

   {\mathbf{n}} = ({\mathbf{x}}_a - {\mathbf{x}}_b)\,\frac{1}{r}, \quad R^* = \frac{r_a r_b}{r_a + r_b}, \quad m^* = \frac{m_a m_b}{m_a + m_b} .


A wall takes the place of sphere b with \ :math:`R^* = r_a`\ , \ :math:`m^* = m_a`\ . The spheres are in contact while \ :math:`\delta > 0`\ . The relative velocity at the contact point uses the lever arms \ :math:`c_a = r_a - \delta/2`\ , \ :math:`c_b = r_b - \delta/2`\ :

.. math::

   v_n = ({\mathbf{v}}_a - {\mathbf{v}}_b)\cdot{\mathbf{n}}, \quad {\mathbf{v}}_{t,rel} = ({\mathbf{v}}_a - {\mathbf{v}}_b) - v_n{\mathbf{n}} - (c_a\tomega_a + c_b\tomega_b)\times{\mathbf{n}} .


Normal force
------------

With the effective modulus \ :math:`Y^*`\ , the effective shear modulus \ :math:`G^*`\  and \ :math:`\beta = \ln e/\sqrt{\ln^2 e + \pi^2}`\  (\ :math:`\beta \le 0`\ ), the Hertz-Mindlin stiffnesses  and the damping of the two normal models are

+  hertz: \ :math:`k_n = \frac{4}{3}Y^*\sqrt{R^*\delta}`\ , \ :math:`k_t = 8G^*\sqrt{R^*\delta}`\ , \ :math:`\gamma_n = -2\sqrt{5/6}\,\beta\sqrt{2Y^*\sqrt{R^*\delta}\,m^*}`\ , \ :math:`\gamma_t = -2\sqrt{5/6}\,\beta\sqrt{8G^*\sqrt{R^*\delta}\,m^*}`\ 
+  hooke: \ :math:`k_n = \frac{16}{15}\sqrt{R^*}Y^*\left(\frac{15 m^* v_c^2}{16\sqrt{R^*}Y^*}\right)^{1/5}`\ , \ :math:`k_t = k_n`\  (\ :math:`\frac{2}{7}k_n`\  with ktToKn), \ :math:`\gamma_n = \sqrt{4m^*k_n/(1 + (\pi/\ln e)^2)}`\ , \ :math:`\gamma_t = \gamma_n`\ ; with viscous, the Stokes-number law of Legendre  gives \ :math:`\ln e = \ln e_{max} - St_c/|St|`\  with \ :math:`St = m^* v_n/(6\pi\mu_f R^{*2})`\ 

Without tangentialDamping \ :math:`\gamma_t = 0`\ . The normal force along \ :math:`{\mathbf{n}}`\  is \ :math:`F_n = k_n\delta - \gamma_n v_n`\ , set to 0 where it would be attractive with limitForce.

Cohesion
--------

sjkr and sjkr2 add \ :math:`F_{coh} = -k_c A`\  along \ :math:`{\mathbf{n}}`\  while the spheres touch, with the area of the overlap circle of two spheres (sjkr) or of a sphere and a wall \ :math:`A = \pi(r_a^2 - r^2)`\ , or \ :math:`A = 2\pi\delta\,(2R^*)`\  (sjkr2; a wall with \ :math:`R^* = r_a`\ ). With tangentialReduce the Coulomb limits take \ :math:`F_n + F_{coh}`\  for \ :math:`F_n`\ .

Tangential force
----------------

+  no_history: \ :math:`{\mathbf{F}}_t = -\min(\gamma_t, \mu|F_n|/\|{\mathbf{v}}_{t,rel}\|)\,{\mathbf{v}}_{t,rel}`\  (no friction without tangential damping).
+  history: the tangential displacement \ :math:`\boldsymbol{\xi}`\  grows by \ :math:`{\mathbf{v}}_{t,rel}\Delta t`\  and is then projected into the tangential plane (its length is not kept). The spring \ :math:`{\mathbf{F}}_{t,e} = -k_t\boldsymbol{\xi}`\  slides when \ :math:`\|{\mathbf{F}}_{t,e}\| > \mu|F_n|`\ : the force is \ :math:`{\mathbf{F}}_{t,e}`\  scaled to \ :math:`\mu|F_n|`\  and \ :math:`\boldsymbol{\xi} = -{\mathbf{F}}_t/k_t`\ , with no damping; otherwise it sticks and \ :math:`{\mathbf{F}}_t = {\mathbf{F}}_{t,e} - \gamma_t{\mathbf{v}}_{t,rel}`\ .

The friction acts at the lever arms: the torques are \ :math:`-c_a\,{\mathbf{n}}\times{\mathbf{F}}_t`\  on a and \ :math:`-c_b\,{\mathbf{n}}\times{\mathbf{F}}_t`\  on b.

Rolling resistance
------------------

The relative rotation rate \ :math:`\tomega_r = \tomega_a - \tomega_b`\  (a wall: \ :math:`\tomega_a`\ ) loses its part along \ :math:`{\mathbf{n}}`\  unless torsionTorque. The torque \ :math:`{\mathbf{M}}_r`\  acts as \ :math:`-{\mathbf{M}}_r`\  on a and \ :math:`+{\mathbf{M}}_r`\  on b.

+  cdt: \ :math:`{\mathbf{M}}_r = \mu_r k_n\delta R^*\,\tomega_r/\|\tomega_r\|`\ .
+  epsd, the elastic-plastic spring-dashpot of Ai et al. : the spring torque \ :math:`{\mathbf{M}}_k \leftarrow {\mathbf{M}}_k + k_r\tomega_r\Delta t`\  with \ :math:`k_r = 2.25 k_n\mu_r^2 R^{*2}`\ , limited to \ :math:`\mu_r R^*|F_n|`\ ; while below the limit the dashpot \ :math:`2\eta_r\sqrt{I_r k_r}\,\tomega_r`\  is added, with \ :math:`I_r = 1.4\,(m_a r_a^2)(m_b r_b^2)/(m_a r_a^2 + m_b r_b^2)`\  (1.5 for dimension 2; a wall: \ :math:`1.4\,m_a r_a^2`\ ).
+  epsd2: as epsd with the stiffness of Iwashita and Oda  \ :math:`k_r = k_t R^{*2}`\  and no dashpot.
+  epsd3: as epsd with \ :math:`k_r = k_{r0}k_n\mu_r^2R^{*2}`\ .

Forces and torques
------------------

The force on sphere a is \ :math:`{\mathbf{f}}_a = F_n{\mathbf{n}} + F_{coh}{\mathbf{n}} + {\mathbf{F}}_t`\ , on sphere b \ :math:`-{\mathbf{f}}_a`\ ; the torques are the friction and rolling torques above. Since \ :math:`c_a + c_b = r`\ , the moments about any point balance.

History
-------

LIGGGHTS computes a contact's force in the same pass that steps its history: the spring slides or sticks, the rolling spring grows, in one decision. Every hook does the same: it steps the start-of-step data by \ :math:`\Delta t`\  at the current state. PostNewtonStep applies the contact test and keeps the stepped data (out of contact the data are cleared); force evaluation and the outputs read the contact flag of the current data (no switching) and keep nothing, so the forces at a state are those LIGGGHTS computes there in a time step. PostNewtonStep returns as error the normal force of a contact that starts.


]],
}
