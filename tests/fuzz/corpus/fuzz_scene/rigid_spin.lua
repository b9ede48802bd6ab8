-- SPDX-License-Identifier: BSD-3-Clause
-- Rigid bodies. A free 3D body with principal moments {1, 2, 3} kg m^2 spins
-- at omega = {0.1, 4, 0.1} rad/s, near its unstable middle axis, and flips
-- over (Dzhanibekov). Its angular momentum A J omega_local stays constant in
-- space and its kinetic energy stays constant (rho_inf = 1). A 2D body
-- (J = 0.5 kg m^2) is turned from rest by the torque tau(t) = 2 t N m, so
-- omega(t) = t^2 / J and phi(t) = t^3 / (3 J).
return {
  solver = { method = "generalizedAlpha", spectralRadius = 1, stepSize = 1e-3, endTime = 4,
             outputStep = 0.01 },
  bodies = {
    { name = "top", type = "RigidBody3D", mass = 2, inertia = {1, 2, 3},
      angularVelocity = {0.1, 4, 0.1} },
    { name = "wheel", type = "RigidBody2D", mass = 1, inertia = 0.5 },
  },
  markers = { { name = "mWheel", type = "Rigid", body = "wheel" } },
  elements = {
    { name = "drive", type = "Torque", marker = "mWheel", value = function(t) return 0, 0, 2 * t end },
  },
  sensors = {
    { name = "omega", type = "Body", body = "top", quantity = "angularVelocity" },
    { name = "A", type = "Body", body = "top", quantity = "orientation" },
    { name = "energy", type = "Energy" },
    { name = "wheel", type = "Body", body = "wheel", quantity = "coordinates" },
    { name = "wheelRate", type = "Body", body = "wheel", quantity = "velocities" },
  },
}
