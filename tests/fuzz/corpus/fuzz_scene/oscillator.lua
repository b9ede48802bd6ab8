-- SPDX-License-Identifier: BSD-3-Clause
-- A mass on a coordinate spring (m = 1 kg, k = 100 N/m, omega = 10 rad/s),
-- released from x = 0.1 m: x(t) = 0.1 cos(omega t). Used to check the order
-- of the integrators: the error at t = 1 s falls by 4 when h halves
-- (generalized-alpha at any rho_inf, Newmark) and by 16 for RK4.
-- Parameters: --set h=STEP --set rho=RHO --set method=NAME
return function(p)
  return {
    solver = { method = p.method or "generalizedAlpha", spectralRadius = p.rho or 0.8,
               stepSize = p.h or 1e-2, endTime = 1, newton = { tolerance = 1e-13 } },
    bodies = { { name = "mass", type = "MassPoint2D", mass = 1, position = {0.1, 0} } },
    markers = { { name = "x", type = "Coordinate", body = "mass", coordinate = 0 } },
    elements = { { name = "spring", type = "CoordinateSpringDamper", markers = {"x"}, stiffness = 100 } },
    sensors = { { name = "x", type = "Body", body = "mass", quantity = "coordinates" },
                { name = "energy", type = "Energy" } },
  }
end
