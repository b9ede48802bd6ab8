-- SPDX-License-Identifier: BSD-3-Clause
-- ContactGranClassic: connector spec (documentation: docs/items/ObjectContactGranClassic.rst).
-- The law of LAMMPS's classic granular styles gran/hooke, gran/hooke/history and
-- gran/hertz/history (and fix wall/gran hooke, hooke/history, hertz/history); kernels in
-- runtime/connectors/contact_gran_classic/.
return connector {
  type = "ContactGranClassic",
  description = [[A contact between two spheres with the law of LAMMPS's classic granular pair styles gran/hooke, gran/hooke/history and gran/hertz/history (and of fix wall/gran hooke, hooke/history and hertz/history): a Hookean or Hertzian spring with damping proportional to the effective mass, and Coulomb friction with an elastic tangential spring (the shear history) or without one. The model is chosen by a parameter, and each model is evaluated by a kernel specialized for it. The data coordinates hold the contact flag and the shear history. Each connector handles one pair of spheres; it does no contact search. The same numbers as LAMMPS (Debian's 29 Sep 2021 update 2) to the bit; where that version contradicts its documentation, the parameter lammps2021 selects the corrected form (:ref:`sec-physics-gran-classic`).]],
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
      description = "node number of a NodeGenericData with 4 data coordinates: the contact flag and the shear history (see the data coordinates)" },
    param "spheresRadii" { type = "Vector2D", symbol = [[[r_a,r_b]\tp]], size = 2, default = {-1, -1}, rules = { range = "(0, inf)", required = "set both radii" },
      description = "radius of sphere a and radius of sphere b [SI:m]; a particle solver sets them for each pair" },
    param "spheresMasses" { type = "Vector2D", symbol = [[[m_a,m_b]\tp]], size = 2, default = {1, 1}, rules = { range = "(0, inf)" },
      description = [[mass of sphere a and mass of sphere b [SI:kg]: the effective mass \ :math:`m^* = m_a m_b/(m_a+m_b)`\  weighs the damping; a particle solver sets them for each pair (the mass of the rigid body a sphere belongs to; a sphere that does not move leaves the other's mass)]] },
    param "timeStep" { type = "PReal", symbol = [[\Delta t]], default = 1e-4, doc = { default = "1e-4" },
      description = "the time step of the solver [SI:s]: each PostNewtonStep adds one step of relative tangential motion to the shear history; set it to the solver's step (a particle solver sets it)" },
    param "model" { type = "UInt", default = "hooke/history",
      choices = { "hooke", "hooke/history", "hertz/history" },
      description = "the law, named by LAMMPS's styles: hooke (no shear history: gran/hooke), hooke/history (gran/hooke/history), hertz/history (gran/hertz/history); see the theory" },
    param "normalStiffness" { type = "UReal", symbol = "k_n", default = 0,
      description = "normal stiffness: hooke and hooke/history [SI:N/m], hertz/history [SI:N/m^2] (LAMMPS's Kn; in pressure units it is divided by nktv2p: mbc-lammps does so)" },
    param "tangentialStiffness" { type = "UReal", symbol = "k_t", default = 0, rules = { check = "mbc_contact_gran_classic_check_tangential",
        check_text = "k_t > 0 with a shear history, tangential damping and lammps2021 (LAMMPS 2021 divides by it when sliding)" },
      description = "tangential stiffness of the shear spring: hooke/history [SI:N/m], hertz/history [SI:N/m^2] (LAMMPS's Kt; its NULL is 2/7 k_n); not read by hooke" },
    param "normalDamping" { type = "UReal", symbol = [[\gamma_n]], default = 0,
      description = [[normal damping coefficient: hooke and hooke/history [SI:1/s], hertz/history [SI:1/(m s)] (LAMMPS's gamma_n); the damping force is \ :math:`-m^*\gamma_n v_n`\  (times \ :math:`\sqrt{\delta R^*}`\  for hertz/history)]] },
    param "tangentialDamping" { type = "UReal", symbol = [[\gamma_t]], default = 0,
      description = "tangential damping coefficient, units as normalDamping (LAMMPS's gamma_t; its NULL is gamma_n/2); read only with tangentialDampingOn" },
    param "frictionCoefficient" { type = "UReal", symbol = [[\mu]], default = 0, rules = { range = "[0, 10000]" },
      description = "Coulomb friction coefficient: the tangential force is at most mu times the normal force [SI:1] (LAMMPS's xmu, 0 to 1e4)" },
    param "tangentialDampingOn" { type = "Bool", default = true,
      description = "False: no tangential damping, tangentialDamping is taken as 0 (LAMMPS's dampflag 0; True is dampflag 1); hooke's friction is its tangential damping, so hooke without it has no friction" },
    param "limitDamping" { type = "Bool", default = false,
      description = "True: the normal force is never attractive; where the damping would make it so, it is 0 (LAMMPS's keyword limit_damping)" },
    param "lammps2021" { type = "Bool", default = true,
      description = "True: LAMMPS 2021's numbers to the bit; False: the forms of its documentation where that version contradicts them (a sliding contact whose shear history has length 0 gets mu F_n, not 0; a spring of stiffness 0 holds no history), see the theory" },
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
      description = "normal force along n, elastic and damping (> 0 repulsive; 0 out of contact) [SI:N]" },
    output "TangentialForce" { size = 3, symbol = [[{\mathbf{F}}_t]],
      description = "tangential (friction) force on sphere a [SI:N]" },
    output "StoredEnergy" { size = 1, symbol = "E",
      description = "energy stored in the contact, the sum of StoredEnergyParts (0 out of contact) [SI:J]" },
    output "DissipatedPower" { size = 1, symbol = "P",
      description = "power dissipated in the current state and step: the sum of DissipatedPowerParts, plus the slip loss of EnergyFlows, minus its stiffness power [SI:W]" },
    output "StoredEnergyParts" { size = 2, symbol = [[[E_n,E_t]\tp]],
      description = "energy stored in the normal spring and in the shear spring (0 for hooke); see the theory, Energy [SI:J]" },
    output "DissipatedPowerParts" { size = 2, symbol = [[[P_n,P_t]\tp]],
      description = "power dissipated by the normal damping and by friction (tangential damping and sliding); see the theory, Energy [SI:W]" },
    output "EnergyFlows" { size = 2, symbol = [[[P_k,P_{slip}]\tp]],
      description = "the flows the shear spring takes or gives other than through the work of the forces: the power hertz/history's stiffness k_t sqrt(delta R*) puts into it at constant history, and the spring energy the Coulomb limit takes in the step from the start-of-step data, over the time step; see the theory, Energy [SI:W]" },
  },

  data = {
    coordinate "touching" { initial = 0,
      description = "1 when the spheres were in contact at the last PostNewtonStep, else 0" },
    coordinate "shearX" { initial = 0,
      description = "x of the shear history: the tangential displacement of the contact, accumulated and truncated [SI:m] (hooke/history, hertz/history); global" },
    coordinate "shearY" { initial = 0, description = "y of the shear history (see shearX)" },
    coordinate "shearZ" { initial = 0, description = "z of the shear history (see shearX)" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "action_reaction", "passivity" },
    not_holding = {
      frame_invariance = "the shear history is a global vector in the data coordinates, which the harness keeps unchanged when it rotates the state (the law itself is frame invariant: test_connector_contact_gran_classic)",
      rigid_motion = "LAMMPS's relative tangential velocity uses the radii, not the lever arms to the contact point: under a rigid rotation w it is -delta w x n, not 0",
    },
    unbalanced_moment = "the friction torque takes the radii r_a and r_b as its lever arms (LAMMPS's gran styles), which sum to delta more than the distance of the centers: the moments miss -delta n x F_t",
    sample = { spheresRadii = { 0.5, 0.4 }, spheresMasses = { 2, 1.5 }, timeStep = 1e-3,
      model = 2, normalStiffness = 1e5, tangentialStiffness = 3e4, normalDamping = 50,
      tangentialDamping = 25, frictionCoefficient = 0.4, activeConnector = true },
    passive = { model = 0, normalStiffness = 0 },
    frames = { Force = "vector", Torque = "vector", Normal = "vector", Overlap = "scalar",
      NormalForce = "scalar", TangentialForce = "vector", StoredEnergy = "scalar",
      DissipatedPower = "scalar", StoredEnergyParts = "scalar", DissipatedPowerParts = "scalar",
      EnergyFlows = "scalar" },
  },

  -- How a particle solver binds the type to a pair of spheres (docs/spec-language.rst,
  -- "Pair binding"): sphere a at m0, sphere b at m1, [r_a, r_b] in spheresRadii, [m_a, m_b]
  -- in spheresMasses (an engine passes a rigid body's mass, and +inf for an atom that
  -- does not move); the in-place kernel in
  -- runtime/connectors/contact_gran_classic/contact_gran_classic_pairs.c.
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii",
                   masses = "spheresMasses", kernel = true },
  -- A wall in sphere b's place (infinite mass; hertz/history reads its radius of curvature:
  -- fix wall/gran's planes and cylinder), through the same law ("Wall binding").
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
    quantity "data coordinates" { symbol = [[{\mathbf{x}}=[x_0,\ldots,x_3]\tp]],
      description = "the contact flag (0) and the shear history (1-3)" },
  },

  references = {
    { key = "LAMMPSGran2021", after = "the law of LAMMPS's classic granular pair styles ",
      text = "LAMMPS documentation: pair_style gran/hooke, gran/hooke/history, gran/hertz/history and fix wall/gran, version 29 Sep 2021 update 2 (Debian 20220106), doc/src/pair_gran.rst, src/GRANULAR/pair_gran_hooke_history.cpp and fix_wall_gran.cpp." },
    { key = "Silbert2001", after = "the model of Silbert et al. ",
      text = "L. E. Silbert, D. Ertas, G. S. Grest, T. C. Halsey, D. Levine, S. J. Plimpton: Granular flow down an inclined plane: Bagnold scaling and rheology. Phys. Rev. E 64, 051302 (2001)." },
    { key = "Brilliantov1996", after = "damping proportional to the effective mass ",
      text = "N. V. Brilliantov, F. Spahn, J.-M. Hertzsch, T. Poeschel: Model for collisions in granular gases. Phys. Rev. E 53, 5382 (1996)." },
    { key = "Zhang2005", after = "Hertzian stiffness of Zhang and Makse ",
      text = "H. P. Zhang, H. A. Makse: Jamming transition in emulsions and granular materials. Phys. Rev. E 72, 011301 (2005)." },
  },

  theory = [[


The models
----------

This type implements the law of LAMMPS's classic granular pair styles  for one pair of spheres a and b, the model of Silbert et al.  with damping proportional to the effective mass . LAMMPS's atom i is sphere a (marker m0), atom j sphere b (marker m1). The pair styles gran/hooke, gran/hooke/history and gran/hertz/history are the parameter model (0, 1, 2); their words Kn Kt gamma_n gamma_t xmu dampflag and limit_damping are normalStiffness, tangentialStiffness, normalDamping, tangentialDamping, frictionCoefficient, tangentialDampingOn and limitDamping. fix wall/gran with the models hooke, hooke/history and hertz/history is the same law with sphere b replaced by the wall. The conversion of LAMMPS's words, the effective mass of frozen atoms and rigid bodies, walls and two dimensions are in :ref:`sec-physics-gran-classic`.

Geometry
--------

With \ :math:`{\mathbf{d}} = {\mathbf{x}}_a - {\mathbf{x}}_b`\ , \ :math:`r = \|{\mathbf{d}}\|`\ , the normal, the overlap and the effective radius and mass are

.. math::

   {\mathbf{n}} = \frac{{\mathbf{d}}}{r}, \quad \delta = r_a + r_b - r, \quad R^* = \frac{r_a r_b}{r_a + r_b}, \quad m^* = \frac{m_a m_b}{m_a + m_b} .


The spheres are in contact while \ :math:`\delta > 0`\ . The relative velocity is \ :math:`{\mathbf{v}}_r = {\mathbf{v}}_a - {\mathbf{v}}_b`\ , its normal part \ :math:`{\mathbf{v}}_n = ({\mathbf{v}}_r\cdot{\mathbf{n}})\,{\mathbf{n}}`\ , and the relative tangential velocity at the contact

.. math::

   {\mathbf{v}}_{tr} = {\mathbf{v}}_r - {\mathbf{v}}_n - (r_a\tomega_a + r_b\tomega_b)\times{\mathbf{n}} .


Forces
------

hooke and hooke/history (the scale factor \ :math:`s = 1`\ ) and hertz/history (\ :math:`s = \sqrt{\delta R^*}`\ , with the Hertzian stiffness of Zhang and Makse , which scales every term) give the normal force along n and the tangential force on a

.. math::

   F_n = s\,(k_n\delta - m^*\gamma_n\,{\mathbf{v}}_r\cdot{\mathbf{n}}), \quad {\mathbf{F}}_t = -s\,(k_t\boldsymbol{\xi} + m^*\gamma_t{\mathbf{v}}_{tr}) ,


with \ :math:`\gamma_t = 0`\  when tangentialDampingOn is False. With limitDamping, \ :math:`F_n`\  is 0 where it would be negative. The Coulomb limit is \ :math:`F_{t,max} = \mu|F_n|`\ .

+  hooke has no spring: \ :math:`{\mathbf{F}}_t = -\min(F_{t,max}, m^*\gamma_t\|{\mathbf{v}}_{tr}\|)\,{\mathbf{v}}_{tr}/\|{\mathbf{v}}_{tr}\|`\ .
+  hooke/history and hertz/history keep the shear history \ :math:`\boldsymbol{\xi}`\ , the tangential displacement of the contact. Each time step adds \ :math:`{\mathbf{v}}_{tr}\Delta t`\  to it and then removes its component along n (the displacement stays in the tangential plane; its length is not restored). When \ :math:`\|{\mathbf{F}}_t\| > F_{t,max}`\  the contact slides: the force is scaled to \ :math:`F_{t,max}`\  and the history is truncated to the spring length that gives it, \ :math:`\boldsymbol{\xi} \leftarrow \frac{F_{t,max}}{\|{\mathbf{F}}_t\|}(\boldsymbol{\xi} + m^*\gamma_t{\mathbf{v}}_{tr}/k_t) - m^*\gamma_t{\mathbf{v}}_{tr}/k_t`\ . With lammps2021 (LAMMPS 2021) a history of length 0 (a new contact evaluated without a step, as in a run's set-up) gives no force while sliding, and a spring of stiffness 0 makes the truncated history infinite (the next force is not finite); without it the force is scaled to \ :math:`F_{t,max}`\  in every case and a spring of stiffness 0 keeps its history, as the documentation describes the law.

The force on sphere a is \ :math:`{\mathbf{f}}_a = F_n{\mathbf{n}} + {\mathbf{F}}_t`\ , on sphere b \ :math:`-{\mathbf{f}}_a`\ . The friction acts at the radii:

.. math::

   \ttau_a = -r_a\,{\mathbf{n}}\times{\mathbf{F}}_t, \quad \ttau_b = -r_b\,{\mathbf{n}}\times{\mathbf{F}}_t .


The lever arms sum to \ :math:`r + \delta`\ , so the moments of the pair balance only up to \ :math:`-\delta\,{\mathbf{n}}\times{\mathbf{F}}_t`\ ; the friction's power is \ :math:`{\mathbf{F}}_t\cdot{\mathbf{v}}_{tr}`\ , and without springs the law is passive.

History
-------

PostNewtonStep takes the start-of-step data, applies the contact test and, for a contact, steps the shear history by one step \ :math:`\Delta t`\  exactly as LAMMPS does in a force computation; out of contact the record is cleared. Force evaluation and the outputs evaluate the law with the stored history and no step (LAMMPS's set-up computation, which still truncates a sliding contact's history). PostNewtonStep returns as error the normal force when the contact flag changes.

Energy
------

With \ :math:`s`\  the scale factor above and \ :math:`F_{ne} = s k_n\delta`\  the elastic part of the normal force, the stored energy is \ :math:`E_n = k_n\delta^2/2`\  (hooke, hooke/history) or \ :math:`E_n = \frac{2}{5}k_n s\delta^2`\  (hertz/history), the integral of \ :math:`F_{ne}`\ , and \ :math:`E_t = k_t s|\boldsymbol{\xi}|^2/2`\  (0 for hooke). With \ :math:`v_n = ({\mathbf{v}}_a - {\mathbf{v}}_b)\cdot{\mathbf{n}}`\ , the dissipated power of the normal damping is \ :math:`P_n = -(F_n - F_{ne})v_n = s m^*\gamma_n v_n^2`\  (with limitDamping, \ :math:`F_{ne}v_n \ge 0`\  where the force is cut), and that of friction \ :math:`P_t = -{\mathbf{F}}_t\cdot{\mathbf{v}}_{tr} - k_t s\boldsymbol{\xi}\cdot{\mathbf{v}}_{tr} = s m^*\gamma_t|{\mathbf{v}}_{tr}|^2`\  (hooke: \ :math:`-{\mathbf{F}}_t\cdot{\mathbf{v}}_{tr} \ge 0`\ ): the friction torques' lever arms are the radii, so the friction's power on the spheres is \ :math:`{\mathbf{F}}_t\cdot{\mathbf{v}}_{tr}`\ . The output EnergyFlows names what the shear spring takes or gives other than through the work of the forces: \ :math:`P_k = E_t\dot\delta/(2\delta)`\ , the power hertz/history's stiffness \ :math:`k_t s`\  puts into the spring at constant history as the overlap changes (0 for the hooke models), and \ :math:`P_{slip}`\ , the spring energy the Coulomb limit takes in a history step that slides, \ :math:`k_t s(|\boldsymbol{\xi}_{stepped}|^2 - |\boldsymbol{\xi}_{truncated}|^2)/2`\  over the time step (0 without a step). DissipatedPower is \ :math:`P_n + P_t + P_{slip} - P_k`\ : the stored energy plus its time integral is then the work of the contact forces and torques on the spheres, and a particle solver's balance converges at first order in the time step for every model (docs/physics-gran-classic.rst, "Energy books"). \ :math:`P_k`\  is a flow, not a dissipation: loading a hertz/history contact normally puts energy into its shear spring that no force works for, so DissipatedPower can be negative there (the parts cannot).


]],
}
