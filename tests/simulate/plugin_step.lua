-- SPDX-License-Identifier: BSD-3-Clause
-- The step in the hooks' state under mbc simulate (issue 45): StepProbe
-- (tests/plugin/plugin_step.c) pushes marker m0 with the force (dt, phase, .)
-- its hooks are handed. Inside a step of the generalized-alpha solver the
-- hooks see dt = stepSize = h = 0.01 s and MBC_PHASE_ITERATION (1), so body
-- a (1 kg) accelerates at (0.01, 1) m/s^2; the initial accelerations at
-- t = 0 are computed outside a step (dt 0, MBC_PHASE_NONE: no force), and
-- the trapezoidal rule (spectralRadius 1) averages them into the first
-- step. After T = 0.5 s the velocity of a is (0.01, 1) (T - h/2) =
-- (0.00495, 0.495) m/s, b's the opposite. Without the step a stays at rest.
return {
  solver = { spectralRadius = 1, stepSize = 0.01, endTime = 0.5 },
  bodies = {
    { name = "a", type = "RigidBody2D", mass = 1, inertia = 0.005, position = {0, 0} },
    { name = "b", type = "RigidBody2D", mass = 1, inertia = 0.005, position = {0.9, 0} },
  },
  markers = {
    { name = "ma", type = "Rigid", body = "a" },
    { name = "mb", type = "Rigid", body = "b" },
  },
  connectors = {
    { name = "probe", type = "StepProbe", markers = {"ma", "mb"} },
  },
  sensors = {
    { name = "va", type = "Body", body = "a", quantity = "velocity" },
    { name = "vb", type = "Body", body = "b", quantity = "velocity" },
  },
}
