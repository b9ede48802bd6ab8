return {
  object = "ContactSphereSphere",
  parameters = { spheresRadii = {0.5, 0.5}, visualization = { show = true, colour = {1, 0, 0, 1} } },
  markers = { { position = {0, 0, 0}, velocity = {0, 0, 0} }, { position = {1, 0, 0}, velocity = {0, 0, 0} } },
}
