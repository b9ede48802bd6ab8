-- test_hostile_inputs finding: `elements = 1e9` made the scene loader
-- allocate and fill ~23 GB of cable nodes before failing with "out of
-- memory" (no scene name). Now: "bodies.rope.elements: must be from 1 to
-- 100000 (got 1000000000)".
return {
  bodies = {
    { name = "rope", type = "Cable2D", from = {0, 0}, to = {1, 0}, elements = 1e9,
      massPerLength = 1, axialStiffness = 1e4 },
  },
}
