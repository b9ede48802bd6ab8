return {
  bodies = {
    { name = "ground", type = "Ground" },
    "ball",
  },
}
