-- SPDX-License-Identifier: BSD-3-Clause
-- A valid spec that uses every block and every key of the spec language
-- (docs/spec-language.rst): the base of the hostile spec variants
-- (test_hostile_inputs.c), of the dictionary check (test_fuzz_dicts.c) and a
-- seed of fuzz_spec (corpus/fuzz_spec/full_every_block.lua is a copy).
local function doc_comment(s) return s .. " (see the theory section)" end

return connector {
  type = "FullConnector",
  description = "A connector that uses every block of the spec language.",
  seed_text = "A connector that uses every block of the spec language (seed).",
  authors = { "Doe Jane", "Roe Richard" },
  provides = { "Connector" },
  markers = { { "Position", "Orientation" }, { "Position" } },
  nodes = { "GenericData" },
  python_name = "FullContact",
  python_visualization_name = "VFullContact",
  hooks = { "initialize", "forces", "post_newton_step", "outputs" },

  parameters = {
    param "name" { type = "String", default = "",
      description = "connector's unique name" },
    param "markerNumbers" { type = "ArrayMarkerIndex", symbol = [[[m0,m1]\tp]], size = 2,
      rules = { must_be_set = true }, doc = { size = false },
      description = "marker m0 and marker m1" },
    param "nodeNumber" { type = "NodeIndex", symbol = "n_d", rules = { must_be_set = true },
      description = "node number of the data node" },
    param "numberOfSegments" { type = "PInt", symbol = "n_s", default = 4,
      description = "number of contact segments" },
    param "contactStiffness" { type = "UReal", symbol = "k_c", default = 0,
      description = doc_comment("normal contact stiffness [SI:N/m]") },
    param "contactDamping" { type = "UReal", symbol = "d_c", default = 0,
      description = "normal contact damping [SI:N/(m s)]",
      seed_text = "normal contact damping [SI:N/(m s)] (seed)" },
    param "contactModel" { type = "UInt", default = 0, rules = { one_of = { 0, 1, 2 } },
      description = "contact law: 0 linear, 1 Hunt-Crossley, 2 Gonthier" },
    param "radius" { type = "Real", default = -1,
      rules = { range = "(0, inf)", required = "set the radius of the contact sphere" },
      description = "radius of the contact sphere [SI:m]" },
    param "frictionCoefficient" { type = "UReal", symbol = [[\mu]], default = 1e-3,
      doc = { default = "1e-3" },
      description = "Coulomb friction coefficient [SI:1]" },
    param "regularizationVelocity" { type = "UReal", symbol = "v_{reg}", default = 0.01,
      rules = { positive_when = "useFriction" },
      description = "velocity below which friction is proportional to velocity [SI:m/s]" },
    param "useFriction" { type = "Bool", default = false,
      description = "True: apply regularized Coulomb friction" },
    param "hullCoefficients" { type = "NumpyVector", default = {},
      rules = { min_length = 1, non_decreasing = true, check = "mbc_full_check_hull", check_text = "a convex hull" },
      description = "coefficients of the hull polynomial" },
    param "hullWeights" { type = "Vector", default = {},
      rules = { same_length_as = "hullCoefficients" },
      description = "one weight per hull coefficient" },
    param "radii" { type = "Vector2D", default = { 0.5, 0.4 },
      description = "radii of the spheres at marker m0 and m1 [SI:m]" },
    param "masses" { type = "Vector2D", default = { 1, 2 },
      description = "masses of the spheres at marker m0 and m1 [SI:kg]" },
    param "offset" { type = "Vector3D", default = { 0, 0, 0 },
      description = "offset of the contact point [SI:m]" },
    param "boundingRadius" { type = "UReal", default = 0, role = "derived",
      description = "radius of the bounding sphere, computed by initialize [SI:m]" },
    param "pContact" { type = "Vector3D", default = { 0, 0, 0 }, role = "state",
      doc = { default = "[0,0,0]" },
      description = "contact point of the last PostNewtonStep [SI:m]" },
    param "activeConnector" { type = "Bool", default = true,
      description = "flag, which determines, if the connector is active" },
  },

  visualization = {
    param "show" { type = "Bool", default = true,
      description = "set true, if item is shown in visualization" },
    param "drawSize" { type = "float", default = -1,
      description = "drawing size; -1 means the default size" },
    param "color" { type = "Float4", default = { -1, -1, -1, -1 },
      description = "RGBA connector color; if R==-1, use default color" },
  },

  outputs = {
    output "Displacement" { size = 3, symbol = [[\Delta\mathbf{p}]],
      description = "relative position of marker m1 to marker m0" },
    output "Force" { size = 3, reference = true, description = "contact force acting on marker m1",
      seed_text = "contact force on marker m1" },
    output "Coordinates" { size = { 2, "numberOfSegments" },
      description = "gap and slip per segment" },
    output "Coordinates_t" { size = { 2, "numberOfSegments" },
      description = "gap velocity and slip velocity per segment" },
  },

  data = {
    per = "numberOfSegments",
    coordinate "gap" { initial = 0.1, description = "gap per segment at the last PostNewtonStep [SI:m]" },
    coordinate "slipVelocity" { initial = 0, description = "slip velocity per segment [SI:m/s]",
      seed_text = "slip velocity [m/s]" },
  },

  pair_binding = { kind = "spheres", centers = { "m0", "m1" }, radii = "radii", masses = "masses",
                   kernel = true, reach = true },
  wall_binding = { shapes = { "plane", "cylinder" } },

  invariants = {
    hold = { "action_reaction", "frame_invariance", "passivity", "rigid_motion" },
    not_holding = { jacobian_fd = "the type has no algebraic equations to differentiate" },
    planar = false,
    unbalanced_moment = "the friction torque acts at the surface, not at the contact point",
    at_rest = { "m0" },
    sample = { contactStiffness = 1e4, contactDamping = 20, useFriction = true,
      hullCoefficients = { 0.1, 0.2 }, hullWeights = { 1, 1 }, offset = { 0, 0, 0.1 } },
    passive = { contactStiffness = 0 },
    rigid_zero = { outputs = { "Coordinates_t[1::2]" }, data = { "slipVelocity" },
      forces = false, reason = "the damping acts on the surface velocity, not the point's" },
    frames = { Displacement = "vector", Force = "vector", Coordinates = "scalar",
      Coordinates_t = "scalar", pContact = "point" },
  },

  quantities = {
    quantity "marker m0 position" { symbol = [[\LU{0}{{\mathbf{p}}}_{m0}]],
      description = "position of marker m0" },
    quantity "gap" { symbol = "g", description = "signed distance of the contact point" },
    quantity "segment" { description = "one of the contact segments",
      seed_text = "a contact segment" },
  },

  examples = { { "fullContact.py", "TestModels" }, { "fullContactDemo.py", "Examples" } },

  references = {
    { key = "Doe2001", after = "penalty law of Doe ",
      text = "J. Doe: A penalty law. Journal of Contacts 1 (2001)" },
  },

  theory = [[


Contact law
-----------

The penalty law of Doe is used: when \ :math:`g < 0`\  the normal force is
\ :math:`f_n = -k_c g - d_c \dot g`\ .


]],
}
