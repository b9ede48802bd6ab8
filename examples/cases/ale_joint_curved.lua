-- SPDX-License-Identifier: BSD-3-Clause
-- A mass point sliding along one curved ANCF Cable2D element (L = 1.5 m):
-- nodes (0,0) with slope (1,0) and (1,1) with slope (0,1), roughly a quarter
-- circle. The ALE coordinate is 0.6 m (moving at 0.2 m/s); the point is put
-- exactly on the cable with the matching velocity, so both residuals are zero:
--   position: r(s_el) - p_m0 = 0,   velocity: S(s_el) q_t + q_ALE_t r'(s_el) - v_m0 = 0
-- with s_el = q_ALE + slidingOffset - slidingMarkerOffsets[1] = 0.6 m.
local q = {0, 0, 1, 0, 1, 1, 0, 1}
local q_t = {0, 0, 0, 0, 0.1, 0, 0, 0}  -- node 1 moves in +x
local L, s, s_t = 1.5, 0.6, 0.2

-- ANCF Cable2D shape functions and their x-derivatives (physics-notes.md)
local function shape(x)
  local xi = x / L
  return { 1 - 3*xi^2 + 2*xi^3, L*(xi - 2*xi^2 + xi^3), 3*xi^2 - 2*xi^3, L*(-xi^2 + xi^3) }
end
local function shape_dx(x)
  local xi = x / L
  return { (-6*xi + 6*xi^2)/L, 1 - 4*xi + 3*xi^2, (6*xi - 6*xi^2)/L, -2*xi + 3*xi^2 }
end
local function combine(S, v)
  local r = {0, 0}
  for k = 1, 4 do
    r[1] = r[1] + S[k] * v[2*k - 1]
    r[2] = r[2] + S[k] * v[2*k]
  end
  return r
end

local r = combine(shape(s), q)
local v = combine(shape(s), q_t)
local slope = combine(shape_dx(s), q)

return {
  object = "JointALEMoving2D",
  parameters = {
    slidingMarkerNumbers = {7},
    slidingMarkerOffsets = {0},
  },
  markers = {
    { position = {r[1], r[2], 0}, velocity = {v[1] + s_t*slope[1], v[2] + s_t*slope[2], 0} },
  },
  cables = { { q = q, q_t = q_t, length = L } },
  ale = { q = s, q_t = s_t },
  lagrangeMultipliers = {3, -4},
  data = {0},
}
