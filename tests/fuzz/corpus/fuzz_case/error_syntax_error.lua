return {
  object = "ContactSphereSphere",
  parameters = { spheresRadii = {0.5 0.5} },
}
