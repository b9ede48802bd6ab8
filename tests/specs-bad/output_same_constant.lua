-- Malformed spec: two output names that give the same C constant
-- (MBC_BAD_OUTPUT_SAME_CONSTANT_OUTPUT_FOO_BAR).
return connector {
  type = "BadOutputSameConstant",
  description = "A connector used to test one malformed spec.",
  provides = { "Connector" },
  markers = { { "Position" }, { "Position" } },
  hooks = { "forces", "outputs" },
  parameters = {
    param "contactStiffness" { type = "UReal", default = 0,
      description = "normal contact stiffness [SI:N/m]" },
  },
  outputs = {
    output "FooBar" { size = 1, description = "one" },
    output "Foo_bar" { size = 1, description = "two" },
  },
  theory = "No theory.",
}
