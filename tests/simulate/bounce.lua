-- SPDX-License-Identifier: BSD-3-Clause
-- A sphere (MassPoint3D, r = 0.1 m) in free flight along x towards a fixed
-- sphere of the same radius (Ground), or between two fixed spheres that it
-- hits in turn (walls = 2): the impacts of the step-size tests
-- (tests/simulate/test_step_control.c, docs/simulate.rst "Step-size control").
-- Between impacts nothing acts on it, so its speed is constant there.
-- Parameters (--set): v0 (m/s, default 10), m (kg, 1.6), k (contact
-- stiffness, 1e6), n (stiffness exponent, 1), e (restitution, 0.5),
-- model (impactModel, 2), h (step, 2e-5), endTime (s, 1e-3), gap (the free
-- distance to each fixed sphere at the start, m, 5.3e-4), walls (1 or 2),
-- method ("generalizedAlpha", "newmark" or "RK4"), tol (discontinuous
-- tolerance, 1e-6).
return function(p)
  local r, gap = 0.1, p.gap or 5.3e-4
  local contact = function(name, markers)
    return { name = name, type = "ContactSphereSphere", markers = markers,
             spheresRadii = {r, r}, contactStiffness = p.k or 1e6,
             contactStiffnessExponent = p.n or 1, restitutionCoefficient = p.e or 0.5,
             impactModel = p.model or 2 }
  end
  local scene = {
    solver = { method = p.method or "generalizedAlpha", spectralRadius = 1,
               stepSize = p.h or 2e-5, endTime = p.endTime or 1e-3,
               newton = { tolerance = 1e-12 }, discontinuous = { tolerance = p.tol } },
    bodies = {
      { name = "ball", type = "MassPoint3D", mass = p.m or 1.6, position = {0, 0, 0},
        velocity = {p.v0 or 10, 0, 0} },
      { name = "right", type = "Ground", position = {2 * r + gap, 0, 0} },
    },
    markers = {
      { name = "mBall", type = "Position", body = "ball" },
      { name = "mRight", type = "Position", body = "right" },
    },
    connectors = { contact("hitRight", {"mBall", "mRight"}) },
    sensors = {
      { name = "velocity", type = "Body", body = "ball", quantity = "velocity" },
    },
  }
  if (p.walls or 1) == 2 then
    scene.bodies[3] = { name = "left", type = "Ground", position = {-(2 * r + gap), 0, 0} }
    scene.markers[3] = { name = "mLeft", type = "Position", body = "left" }
    scene.connectors[2] = contact("hitLeft", {"mLeft", "mBall"})
  end
  return scene
end
