return {
  object = "ContactSphereSphere",
  parameters = { spheresRadii = {0.5, 0.5} },
  markers = { { position = {0, 0, 0}, velocity = {0, 0, 0} }, { position = {1, math.huge, 0}, velocity = {0, 0, 0} } },
}
