-- A case whose parameters are nested 100000 levels deep, built at run time:
-- the reader rejects the value at its first level.
local t = 0
for _ = 1, 100000 do t = { t } end
return { object = "ContactSphereSphere", parameters = { spheresRadii = t } }
