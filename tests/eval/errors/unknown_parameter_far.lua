-- SPDX-License-Identifier: BSD-3-Clause
-- a parameter ContactSphereSphere does not have and no name of its comes
-- close to: no "did you mean", the hint to `mbc describe` instead
return {
  object = "ContactSphereSphere",
  parameters = { spheresRadii = {0.5, 0.5}, springConstant = 1e5 },
  markers = { { position = {0, 0, 0}, velocity = {0, 0, 0} }, { position = {1, 0, 0}, velocity = {0, 0, 0} } },
}
