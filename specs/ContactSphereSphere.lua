-- SPDX-License-Identifier: BSD-3-Clause
-- ContactSphereSphere: connector spec (documentation: docs/items/ObjectContactSphereSphere.rst).
return connector {
  type = "ContactSphereSphere",
  description = "A contact connector between two spheres: a normal contact force with a choice of impact models (linear; Hunt-Crossley; the mixed model of Gonthier et al. and Carvalho-Martins), regularized friction and the Edinburgh adhesive elasto-plastic model (EAPM). Each connector handles one pair of spheres; it does no contact search.",
  seed_text = "[UNDER CONSTRUCTION] A simple contact connector between two spheres. The connector implements at least the same functionality as in GeneralContact and is intended for simple setups and for testing, while GeneralContact is much more efficient due to parallelization approaches and efficient contact search.",
  authors = { "Gerstmayr Johannes", "Weyrer Sebastian" },
  provides = { "Connector" },
  markers = { { "Position", "Orientation" }, { "Position", "Orientation" } },
  nodes = { "GenericData" },
  hooks = { "forces", "post_newton_step", "outputs" },

  parameters = {
    standard "name" { seed_text = "constraints's unique name" },
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2, rules = { must_be_set = true },
      description = "list of markers representing centers of spheres, used in connector" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of a NodeGenericData with numberOfDataCoordinates = 4 dataCoordinates, needed for discontinuous iteration (friction and contact); data variables contain values from last PostNewton iteration: data[0] is the  gap, data[1] is the norm of the tangential velocity (and thus contains information if it is stick or slip); data[2] is the impact velocity; data[3] is the plastic overlap of the Edinburgh Adhesive Elasto-Plastic Model, initialized usually with 0 and set back to 0 in case that spheres have been separated." },
    param "spheresRadii" { type = "Vector2D", symbol = [[[r_0,r_1]\tp]], size = 2, default = {-1, -1}, rules = { range = "(0, inf)", required = "set both radii" },
      description = "Vector containing radius of sphere 0 and radius of sphere 1 [SI:m]" },
    param "dynamicFriction" { type = "UReal", symbol = [[\mu_d]], default = 0,
      description = "dynamic friction coefficient [SI:1] of the regularized Coulomb friction; see :ref:`sec-physics-coulomb`",
      seed_text = [[dynamic friction coefficient for friction model, see StribeckFunction in exudyn.physics, Section :ref:`sec-module-physics`\ ]] },
    param "frictionProportionalZone" { type = "UReal", symbol = "v_{reg}", default = 1e-3, doc = { default = "1e-3" },
      description = "limit velocity [SI:m/s] up to which the friction force is proportional to the sliding velocity (regularization, which avoids numerical oscillations); see :ref:`sec-physics-coulomb`",
      seed_text = [[limit velocity [m/s] up to which the friction is proportional to velocity (for regularization / avoid numerical oscillations), see StribeckFunction in exudyn.physics (named regVel there!), Section :ref:`sec-module-physics`\ ]] },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = [[normal contact stiffness [SI:N/m] (units in case that \ :math:`n_\mathrm{exp}=1`\ )]] },
    param "contactDamping" { type = "UReal", symbol = "d_c", default = 0,
      description = "linear normal contact damping [SI:N/(m s)]; this damping should be used (!=0) if the restitution coefficient is < 1, as it changes its behavior." },
    param "contactStiffnessExponent" { type = "PReal", symbol = [[n_\mathrm{exp}]], default = 1,
      description = "exponent in normal contact model [SI:1]" },
    param "constantPullOffForce" { type = "UReal", symbol = [[f_\mathrm{adh}]], default = 0,
      description = "constant adhesion force [SI:N]; Edinburgh Adhesive Elasto-Plastic Model" },
    param "contactPlasticityRatio" { type = "UReal", symbol = [[\lambda_\mathrm{P}]], default = 0, rules = { range = "[0, 1)" },
      description = [[ratio of contact stiffness for first loading and unloading/reloading [SI:1]; Edinburgh Adhesive Elasto-Plastic Model; \ :math:`\lambda_\mathrm{P}=1-k_c/K2`\ , which gives the contact stiffness for unloading/reloading \ :math:`K2 = k_c/(1-\lambda_\mathrm{P})`\ ; set to 0 in order to fully deactivate the Edinburgh Adhesive Elasto-Plastic Model]],
      seed_text = [[ratio of contact stiffness for first loading and unloading/reloading [SI:1]; Edinburgh Adhesive Elasto-Plastic Model; \ :math:`\lambda_\mathrm{P}=1-k_c/K2`\ , which gives the contact stiffness for unloading/reloading \ :math:`K2 = k_c/(1-\lambda_\mathrm{P})`\ ; set to 0 in order to fully deactivate Edinburgh Adhesive Elasto-Plastic Model model]] },
    param "adhesionCoefficient" { type = "UReal", symbol = [[k_\mathrm{adh}]], default = 0,
      description = [[coefficient for adhesion [SI:N/m] (units in case that \ :math:`n_\mathrm{adh}=1`\ ); Edinburgh Adhesive Elasto-Plastic Model; set to 0 to deactivate adhesion model]] },
    param "adhesionExponent" { type = "UReal", symbol = [[n_\mathrm{adh}]], default = 1,
      description = "exponent for adhesion coefficient [SI:1]; Edinburgh Adhesive Elasto-Plastic Model" },
    param "restitutionCoefficient" { type = "PReal", symbol = [[e_\mathrm{res}]], default = 1, rules = { range = "(0, 1]" },
      description = "coefficient of restitution [SI:1]; used in particular for impact mechanics; different models available within parameter impactModel; the coefficient must be > 0, but can become arbitrarily small to emulate plastic impact (however very small values may lead to numerical problems)" },
    param "minimumImpactVelocity" { type = "UReal", symbol = [[\dot\delta_\mathrm{-,min}]], default = 0,
      description = "minimal impact velocity for coefficient of restitution [SI:m/s]; this value adds a lower bound for impact velocities for calculation of viscous impact force; it can be used to apply a larger damping behavior for low impact velocities (or permanent contact)",
      seed_text = "minimal impact velocity for coefficient of restitution [SI:1]; this value adds a lower bound for impact velocities for calculation of viscous impact force; it can be used to apply a larger damping behavior for low impact velocities (or permanent contact)" },
    param "impactModel" { type = "UInt", symbol = [[m_\mathrm{impact}]], default = 0, rules = { one_of = { 0, 1, 2 } },
      description = "number of impact model: 0) linear model (only linear damping is used); 1) Hunt-Crossley model; 2) Gonthier/EtAl-Carvalho/Martins mixed model; model 2 is much more accurate regarding the coefficient of restitution, in the full range [0,1] except for 0; note: in all models the linear contactDamping is added as well, unless it is zero",
      seed_text = "number of impact model: 0) linear model (only linear damping is used); 1) Hunt-Crossley model; 2) Gonthier/EtAl-Carvalho/Martins mixed model; model 2 is much more accurate regarding the coefficient of restitution, in the full range [0,1] except for 0; NOTE: in all models, the linear contactDamping still added, if not set to zero!" },
    standard "activeConnector" {},
  },

  visualization = {
    standard "show" { default = false,
      description = "set true, if item is shown in visualization and false if it is not shown; draws spheres by given radii" },
    standard "color" { default = {0.7, 0.7, 0.7, 1} },
  },

  outputs = {
    output "Director3" { size = 3,
      description = "contains normalized vector from marker 0 to marker 1" },
    output "Displacement" { size = 3,
      description = "global displacement vector between the two spheres midpoints" },
    output "DisplacementLocal" { size = 3,
      description = "3D Vector, containing only gap (Z-component)" },
    output "Velocity" { size = 3,
      description = "global relative velocity between the two spheres midpoints" },
    output "Force" { size = 3,
      description = "global contact force vector" },
    output "Torque" { size = 3,
      description = [[global torque due to friction on marker 0; to obtain the torque on marker 1, multiply the torque with the factor \ :math:`\frac{r_1+g/2}{r_0+g/2}`\ ]],
      seed_text = [[global torque due to friction on marker 0; to obetain torque on marker 1, multiply the torque with the factor \ :math:`\frac{r_1+g/2}{r_0+g/2}`\ ]] },
    output "StoredEnergy" { size = 1, symbol = "E_n", reference = false,
      description = [[energy stored in the normal contact, the integral of the elastic force over the overlap, \ :math:`E_n = k_c|\delta|^{n_\mathrm{exp}+1}/(n_\mathrm{exp}+1)`\ ; EAPM with plasticity (\ :math:`\lambda_\mathrm{P} > 0`\ ): the integral from 0 of the elastic force at the current plastic overlap \ :math:`\delta_p`\ , the unloading branch \ :math:`k_2((\delta^{n+1} - \delta_p^{n+1})/(n+1) - \delta_p^n(\delta - \delta_p)) + C - f_\mathrm{adh}\delta`\  above \ :math:`\delta_a`\ , where it meets the adhesion branch (\ :math:`k_2(\delta_a^n - \delta_p^n) = -k_\mathrm{adh}\delta_a^{n_\mathrm{adh}}`\ ; \ :math:`\delta_a = \delta_p`\ , C = 0 without adhesion), and \ :math:`-k_\mathrm{adh}\delta^{n_\mathrm{adh}+1}/(n_\mathrm{adh}+1) - f_\mathrm{adh}\delta`\  below it, with C making it continuous at \ :math:`\delta_a`\ : the work of adhesion is stored, and the energy is 0 at separation (the plastic work on loading is DissipatedPowerParts' third part); 0 out of contact [SI:J] ]] },
    output "DissipatedPower" { size = 1, symbol = "P", reference = false,
      description = "power dissipated in the current state, the sum of DissipatedPowerParts [SI:W]" },
    output "DissipatedPowerParts" { size = 3, symbol = "[P_n,P_t,P_p]\\tp", reference = false,
      description = [[power dissipated in the current state: normal damping \ :math:`P_n = -(f_\mathrm{1,n} - f_\mathrm{el})v_\mathrm{\delta,n}`\  (\ :math:`d_c v_\mathrm{\delta,n}^2`\  and the restitution term \ :math:`-\lambda\delta^{n_\mathrm{exp}}v_\mathrm{\delta,n}^2`\ ) and friction \ :math:`P_t = -{\mathbf{f}}_\mathrm{1,t}\cdot{\mathbf{v}}_\mathrm{\delta,t} \ge 0`\  (the friction acts at the points whose velocity is \ :math:`{\mathbf{v}}_\mathrm{\delta,t}`\ ) and plastic work \ :math:`P_p = K_2 n\,\delta_p^{n-1}(\delta - \delta_a)\lambda_\mathrm{P}^{1/n}\dot\delta \ge 0`\  (EAPM with plasticity, on first loading, where the plastic overlap \ :math:`\delta_p = \lambda_\mathrm{P}^{1/n}\delta`\  grows: the work of the loading force that the unloading and adhesion branches do not store; \ :math:`\delta_a`\  as in StoredEnergy); 0 out of contact [SI:W] ]] },
  },

  data = {
    coordinate "gap" { initial = 0.1, description = "gap g at the last PostNewtonStep (> 0: no contact) [SI:m]" },
    coordinate "tangentialVelocity" { initial = 0, description = "norm of the tangential relative velocity at the contact point [SI:m/s]" },
    coordinate "impactVelocity" { initial = 0, description = "impact velocity -v_n stored when contact begins [SI:m/s]" },
    coordinate "plasticOverlap" { initial = 0, description = "plastic overlap delta_p of the EAPM; 0 after separation [SI:m]" },
  },

  -- Physics invariants checked on random states (docs/spec-language.rst, "Physics invariants").
  invariants = {
    hold = { "action_reaction", "frame_invariance", "passivity", "rigid_motion" },
    sample = { spheresRadii = { 0.5, 0.4 }, contactStiffness = 1e4, contactDamping = 20,
      dynamicFriction = 0.3, frictionProportionalZone = 0.05, contactPlasticityRatio = 0.3,
      adhesionCoefficient = 1e3, constantPullOffForce = 5, activeConnector = true },
    passive = { contactStiffness = 0, adhesionCoefficient = 0, constantPullOffForce = 0 },
    rigid_zero = { data = { "tangentialVelocity" } },
    frames = { Director3 = "vector", Displacement = "vector", DisplacementLocal = "scalar",
      Velocity = "vector", Force = "vector", Torque = "vector", StoredEnergy = "scalar",
      DissipatedPower = "scalar", DissipatedPowerParts = "scalar" },
  },

  -- How a particle solver binds the type to a pair of spheres (docs/spec-language.rst,
  -- "Pair binding"): mbc-lammps puts sphere a at m0, sphere b at m1 and [r_a, r_b] in spheresRadii;
  -- kernel: the in-place kernel of runtime/connectors/contact_sphere_sphere/contact_sphere_sphere_pairs.c (mbconnect/pair_eval.h).
  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii",
                   kernel = true },

  quantities = {
    quantity "marker m0 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = "global position of sphere 0 center as provided by marker m0" },
    quantity "marker m0 orientation" { symbol = [[\LU{0,m0}{\Rot}]],
      description = "current rotation matrix provided by marker m0" },
    quantity "marker m1 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m1}]],
      description = "global position of sphere 1 center as provided by marker m1" },
    quantity "marker m1 orientation" { symbol = [[\LU{0,m1}{\Rot}]],
      description = "current rotation matrix provided by marker m1" },
    quantity "data coordinates" { symbol = [[{\mathbf{x}}=[x_0,\,x_1,\,x_2,\,x_3]\tp]],
      description = "hold the current gap (0), the (norm of the) tangential velocity (1), the impact velocity (2), and the plastic deformation (3) of the adhesion model" },
    quantity "marker m0 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m0}]],
      description = "current global velocity which is provided by marker m0" },
    quantity "marker m1 velocity" { symbol = [[\LU{0}{{\mathbf{v}}}_{m1}]],
      description = "current global velocity which is provided by marker m1" },
    quantity "marker m0 angular velocity" { symbol = [[\LU{0}{\tomega}_{m0}]],
      description = "current angular velocity vector provided by marker m0" },
    quantity "marker m1 angular velocity" { symbol = [[\LU{0}{\tomega}_{m1}]],
      description = "current angular velocity vector provided by marker m1" },
  },

  examples = {
    { "newtonsCradle.py", "Examples" },
    { "contactSphereSphereTest.py", "TestModels" },
    { "contactSphereSphereTestEAPM.py", "TestModels" },
  },

  -- Literature cited by the theory; the site build (mbcgen --rst-site) puts
  -- [key]_ after the quoted text and lists the entries on the bibliography page.
  references = {
    { key = "Thakur2014", after = "Elasto-Plastic model described in ",
      text = "S. C. Thakur, J. P. Morrissey, J. Sun, J. F. Chen, J. Y. Ooi: Micromechanical analysis of cohesive granular materials using the discrete element method with an adhesive elasto-plastic contact model. Granular Matter 16, 383-400 (2014)." },
    { key = "HuntCrossley1975", after = "proposed by Hunt and Crossley in ",
      text = "K. H. Hunt, F. R. E. Crossley: Coefficient of restitution interpreted as damping in vibroimpact. Journal of Applied Mechanics 42(2), 440-445 (1975)." },
    { key = "CarvalhoMartins2019", after = "proposed by Carvalho and Martins in ",
      text = "A. S. Carvalho, J. M. Martins: Exact restitution and generalizations for the Hunt-Crossley contact model. Mechanism and Machine Theory 139, 174-194 (2019)." },
    { key = "Gonthier2004", after = "proposed by Gonthier et al. in ",
      text = "Y. Gonthier, J. McPhee, C. Lange, J.-C. Piedboeuf: A regularized contact model with asymmetric damping and dwell-time dependent friction. Multibody System Dynamics 11, 209-233 (2004)." },
  },

  theory = [[


Connector Forces
----------------

This section outlines the computation of the forces acting on the two spheres when they are in contact with each other. Two types of forces can act on the spheres due to the connector:

+  normal force computed according to the chosen impact model \ :math:`m_\mathrm{impact}`\  and with contact damping if \ :math:`d_c\neq0`\ ; this type of force does not create a torque acting on the spheres.
+  tangential force due to a regularized friction law to model dry friction between the spheres; this type of force creates a torque acting on the spheres and is computed independently of the chosen impact model if \ :math:`\mu_d\neq0`\  is set. Note that in the implemented model, rolling deformations are not considered, i.e. the friction is only a function of the relative tangential velocity between the spheres at the contact point.




.. _fig-objectspherespherecontact-mesh:
.. figure:: ../../theDoc/figures/SphereSphereContact.png
   :width: 400

   Two spheres that are in contact, showing a force on marker 1 in normal direction due to overlap; forces on marker 0 act in opposite direction.

For the following, the gap \ :math:`g`\  between the two spheres is computed as

.. math::

   g = || \LU{0}{{\mathbf{p}}}_{m1} - \LU{0}{{\mathbf{p}}}_{m0} || - (r_0 + r_1)


and the overlap \ :math:`\delta`\  is the negated gap: \ :math:`\delta=-g`\ . In the contact case, the overlap \ :math:`\delta`\  is positive. The normal vector \ :math:`\LU{0}{{\mathbf{n}}}`\  points from marker 0 to marker 1 and is computed with

.. math::

   \LU{0}{{\mathbf{n}}} = \frac{\LU{0}{{\mathbf{p}}}_{m1} - \LU{0}{{\mathbf{p}}}_{m0}}{|| \LU{0}{{\mathbf{p}}}_{m1} - \LU{0}{{\mathbf{p}}}_{m0} ||} .


The scalar normal (gap) velocity \ :math:`v_\mathrm{\delta,n}`\  is computed with the velocities \ :math:`\LU{0}{{\mathbf{v}}}_{m0}=\LU{0}{\dot{{\mathbf{p}}}}_{m0}`\  and \ :math:`\LU{0}{{\mathbf{v}}}_{m1}=\LU{0}{\dot{{\mathbf{p}}}}_{m1}`\ 

.. math::

   v_\mathrm{\delta,n} = \left(\LU{0}{{\mathbf{v}}}_{m1} - \LU{0}{{\mathbf{v}}}_{m0}\right)\cdot \LU{0}{{\mathbf{n}}}


and the tangential (gap) velocity \ :math:`\LU{0}{{\mathbf{v}}}_\mathrm{\delta,t}`\  at the contact point, that is needed for the friction model, reads

.. math::
   :label: eq-ossctangentialvelocity

   \LU{0}{{\mathbf{v}}}_\mathrm{\delta,t} = \left(\LU{0}{{\mathbf{v}}}_{a1} - \LU{0}{{\mathbf{v}}}_{a0}\right) - v_\mathrm{\delta,n} \cdot \LU{0}{{\mathbf{n}}}, \qquad v_\mathrm{rel} = || \LU{0}{{\mathbf{v}}}_\mathrm{\delta,t} || .


To take the angular velocity of the spheres into account, the velocities \ :math:`\LU{0}{{\mathbf{v}}}_{a0}`\  and \ :math:`\LU{0}{{\mathbf{v}}}_{a1}`\  at the contact point are computed using Euler's theorem for kinematics:

.. math::

   \LU{0}{{\mathbf{v}}}_{a0} = \LU{0}{{\mathbf{v}}}_{m0} + \LU{0}{\tomega}_{m0} \times \left(\LU{0}{{\mathbf{n}}}\cdot \left(r_0-\frac{\delta}{2}\right)\right) , \qquad \LU{0}{{\mathbf{v}}}_{a1} = \LU{0}{{\mathbf{v}}}_{m1} + \LU{0}{\tomega}_{m1} \times \left(-\LU{0}{{\mathbf{n}}}\cdot \left(r_1-\frac{\delta}{2}\right)\right) .


The normal force acting on marker 1 is generally written as

.. math::

   \LU{0}{{\mathbf{f}}}_\mathrm{1,n} = \underbrace{(f_c + f_d)}_{f_\mathrm{1,n}} \cdot \LU{0}{{\mathbf{n}}} ,


where \ :math:`f_c`\  is the elastic and \ :math:`f_d`\  the damping part. The damping \ :math:`f_d`\  is always computed the same, independent of the chosen impact model:

.. math::

   f_d = - d_c v_\mathrm{\delta,n} .


The negative sign is because of the damping acting against the gap velocity: in the case of a positive normal (gap) velocity, the damping acts against \ :math:`\LU{0}{{\mathbf{n}}}`\  for marker 1. The elastic force \ :math:`f_c`\  is computed depending on the chosen impact model.

+  \ :math:`m_\mathrm{impact}=0`\ : the Adhesive Elasto-Plastic model described in  is used. This model captures the key bulk behavior of cohesive powders and granular soils. For the impact model, the plastic overlap \ :math:`\delta_p`\  is needed. It is computed with
  
.. math::

   \delta_p=\lambda_\mathrm{p}^{\frac{1}{n_\mathrm{exp}}}\delta .


  The Adhesive Elasto-Plastic model distinguishes three different cases, modeling the loading and unloading behavior of the spheres:
  
.. math::

   f_c= \begin{cases} -f_\mathrm{adh} + k_c \delta^{n_\mathrm{exp}} & \text{if } k_2 \left(\delta^{n_\mathrm{exp}}-\delta_p^{n_\mathrm{exp}} \right) \geq k_c\delta^{n_\mathrm{exp}} \\ -f_\mathrm{adh} + k_2 \left(\delta^{n_\mathrm{exp}}-\delta_p^{n_\mathrm{exp}} \right) & \text{if } k_c\delta^{n_\mathrm{exp}} > k_2 \left(\delta^{n_\mathrm{exp}}-\delta_p^{n_\mathrm{exp}}\right) > -k_\mathrm{adh}\delta^{n_\mathrm{adh}} \\ -f_\mathrm{adh}-k_\mathrm{adh}\delta^{n_\mathrm{adh}} & \text{if } -k_\mathrm{adh}\delta^{n_\mathrm{adh}} > k_2 \left(\delta^{n_\mathrm{exp}}-\delta_p^{n_\mathrm{exp}} \right) \end{cases} .


Note that \ :math:`k_2`\  is computed with \ :math:`k_2 = k_c/(1-\lambda_\mathrm{P})`\ . The terms with the stiffness \ :math:`k_c`\  and \ :math:`k_2`\  have a positive sign, since they act in the direction of \ :math:`\LU{0}{{\mathbf{n}}}`\  for marker 1. The constant adhesion force \ :math:`f_\mathrm{adh}`\  and the stiffness \ :math:`k_\mathrm{adh}`\  act against \ :math:`\LU{0}{{\mathbf{n}}}`\ , which corresponds to a force sticking the spheres together.

+  \ :math:`m_\mathrm{impact}=1`\ : the restitution model proposed by Hunt and Crossley in  is used to simulate the energy loss of the spheres during contact:
  
.. math::

   f_c=k_c \delta^{n_\mathrm{exp}} + \lambda \delta^{n_\mathrm{exp}} v_\mathrm{\delta,n}


  with
  
.. math::

   \lambda = \frac{k_c}{\dot\delta_\mathrm{-}}\frac{3}{2}(e_\mathrm{res}-1) .


  The restitution coefficient \ :math:`e_\mathrm{res}`\  describes the ration of the normal (gap) velocity before and after the impact of the spheres. In the case of \ :math:`e_\mathrm{res}<1`\ , the impact has a plastic portion, resulting in a force acting against \ :math:`\LU{0}{{\mathbf{n}}}`\  for marker 1, which is why \ :math:`\lambda`\  must be negative in that case. \ :math:`\dot\delta_\mathrm{-}`\  is the initial relative velocity, which is either the minimum impact velocity or the normal (negated gap) velocity:
  
.. math::

   \dot\delta_\mathrm{-} = \max{\left(\dot\delta_\mathrm{-,min}; -v_\mathrm{\delta,n} \right)}


Note that the Hunt-Crossley restitution is valid for a very small energy loss (\ :math:`e_\mathrm{res}\approx1`\ ) .

+  \ :math:`m_\mathrm{impact}=2`\ : a generalization of the Hunt-Crossley restitution proposed by Carvalho and Martins in  is used for \ :math:`e_\mathrm{res} > \frac{1}{3}`\  and a model proposed by Gonthier et al. in  is used for impacts with a high plastic proportion, \ :math:`e_\mathrm{res} < \frac{1}{3}`\ . Note that the two models are identical at \ :math:`e_\mathrm{res} = \frac{1}{3}`\ . \ :math:`\lambda`\  is therefore computed as follows:
  
.. math::

   \lambda= \begin{cases} \frac{k_c}{\dot\delta_\mathrm{-}}\frac{3}{2}(e_\mathrm{res}-1)\frac{11-e_\mathrm{res}}{1+9e_\mathrm{res}} & \text{if } e_\mathrm{res} > \frac{1}{3} \\ \frac{k_c}{\dot\delta_\mathrm{-}}\frac{e_\mathrm{rep}^2-1}{e_\mathrm{rep}} & \text{if } e_\mathrm{res} > 0 \\ \end{cases} .



The tangential force acting on marker 1 due to the friction model acts against the tangential velocity \ :math:`{\mathbf{v}}_\mathrm{\delta,t}`\ , see the computation of \ :math:`{\mathbf{v}}_\mathrm{\delta,t}`\  in Equation \ :eq:`eq-ossctangentialvelocity`\ . Thus, the tangential force for marker 1 is computed as

.. math::

   \LU{0}{{\mathbf{f}}}_\mathrm{1,t} = -\LU{0}{{\mathbf{v}}}_\mathrm{\delta,t} \cdot \begin{cases} \frac{\mu_d f_\mathrm{1,n}}{v_{reg}} & \text{if } v_{rel} < v_{reg} \\ \frac{\mu_d f_\mathrm{1,n}}{v_{rel}} & \text{else}\\ \end{cases} .


Note that the case distinction above is made to ensure that for very small relative velocities the friction force does not become implausibly high. Taken together, the force acting on marker 1 due to the connector is computed as

.. math::

   \LU{0}{{\mathbf{f}}}_{m1}=\LU{0}{{\mathbf{f}}}_\mathrm{1,n}+\LU{0}{{\mathbf{f}}}_\mathrm{1,t} ,


the force acting on marker 0 is \ :math:`\LU{0}{{\mathbf{f}}}_{m0}=-\LU{0}{{\mathbf{f}}}_{m1}`\ . The global torque \ :math:`\LU{0}{\ttau}_{m1}`\  acting on marker 1 due to the connector is computed as

.. math::

   \LU{0}{\ttau}_{m1}=-\LU{0}{{\mathbf{n}}}\left( r_1-\frac{1}{2}\delta \right) \times \LU{0}{{\mathbf{f}}}_{m1} ,


and on marker 0 as

.. math::

   \LU{0}{\ttau}_{m0}=\LU{0}{{\mathbf{n}}} \left(r_0-\frac{1}{2}\delta \right) \times \LU{0}{{\mathbf{f}}}_{m0}= \LU{0}{{\mathbf{n}}}\left( r_0-\frac{1}{2}\delta \right) \times -\LU{0}{{\mathbf{f}}}_{m1} .


It can be seen that the torque due to the connector is the same for both spheres, if \ :math:`r_0=r_1`\  applies.


]],
}
