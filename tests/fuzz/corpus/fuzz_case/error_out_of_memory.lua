-- one string of 128 MiB: more than the sandbox allows
local big = string.rep("x", 128 * 1024 * 1024)
return { object = "ContactSphereSphere", name = big }
