-- test_hostile_inputs finding: `true` for a real parameter was a value of
-- 1 (silent garbage). Now: "parameters.contactStiffness: must be a number
-- (UReal), got true (ContactSphereSphere.contactStiffness)".
return {
  object = "ContactSphereSphere",
  parameters = { spheresRadii = {0.5, 0.5}, contactStiffness = true },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0} },
    { position = {0.99, 0, 0}, velocity = {0, 0, 0} },
  },
}
