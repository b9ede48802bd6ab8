-- Two equal discs collide head-on through ContactCircleCircle2D, a connector
-- type that is not built in: it comes from the test plugin
-- (mbc simulate --plugin libmbc_test_circles_plugin.so ...). Frictionless,
-- undamped linear penalty contact between equal masses exchanges the
-- velocities.
return {
  solver = { spectralRadius = 1, stepSize = 1e-5, endTime = 0.02 },
  bodies = {
    { name = "a", type = "RigidBody2D", mass = 1, inertia = 0.005, position = {0, 0}, velocity = {1, 0} },
    { name = "b", type = "RigidBody2D", mass = 1, inertia = 0.005, position = {0.2011, 0} },
  },
  markers = {
    { name = "ma", type = "Rigid", body = "a" },
    { name = "mb", type = "Rigid", body = "b" },
  },
  connectors = {
    { name = "contact", type = "ContactCircleCircle2D", markers = {"ma", "mb"},
      circlesRadii = {0.1, 0.1}, contactStiffness = 1e5 },
  },
  sensors = {
    { name = "va", type = "Body", body = "a", quantity = "velocity" },
    { name = "vb", type = "Body", body = "b", quantity = "velocity" },
  },
}
