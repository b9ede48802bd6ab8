-- test_hostile_inputs finding: numberOfContactSegments = 1e9 made mbc eval
-- allocate 24 GB of data coordinates (killed by the OOM killer where
-- memory overcommits). Now: "parameters.numberOfContactSegments: must be
-- at most 1000000 in a case file, got 1e+09".
return {
  object = "ContactFrictionCircleCable2D",
  parameters = { numberOfContactSegments = 1e9, contactStiffness = 1e4, circleRadius = 0.3 },
  markers = {
    { position = {0.6, 0.29, 0}, velocity = {0, -0.1, 0} },
    { points = {0, 0, 1, 0}, length = 1 },
  },
}
