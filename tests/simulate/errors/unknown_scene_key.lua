return {
  gravity = {0, -9.81, 0},
  bodys = {},
}
