return {
  connectors = {
    { name = "c", type = "ContactBoxBox" },
  },
}
